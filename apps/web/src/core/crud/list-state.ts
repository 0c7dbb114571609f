/**
 * The list state of a resource screen ⇄ the URL's search params (STYLE §7). The URL uses the
 * API's own list query (`page` zero-based, `size`, `sort=field,asc|desc`, `q`, `active`, the
 * resource's filters), so a list's link can be shared, a reload restores it, and the same
 * params go to the list route and to the Excel export unchanged.
 *
 * Reading is forgiving (a hand-edited link never breaks the screen: an unknown sort, a size
 * the screen does not offer, a bad page fall back to the default); writing is canonical
 * (defaults are left out, keys in a fixed order).
 */
import type { FieldDef, FieldType, ResourceDef } from '@portal/shared/core/define-resource';
import { LIST_DEFAULT_SIZE } from '@portal/shared/core/list-query';

export const PAGE_SIZES = [20, 50, 100] as const;
export const SEARCH_MAX = 200;

export type SortDirection = 'asc' | 'desc';
export interface Sort {
  field: string;
  direction: SortDirection;
}

export interface ListState {
  page: number;
  size: number;
  /** null = the resource's default sort. */
  sort: Sort | null;
  q: string;
  /** null = every row, active or not. */
  active: boolean | null;
  /** The resource's filter fields, as URL text ('true', '12', 'NOI'). */
  filters: Record<string, string>;
}

/** What the URL conversion needs to know about a resource (plain data, no zod). */
export interface ListSpec {
  sortable: string[];
  filters: { key: string; type: FieldType }[];
  defaultSort: Sort;
  /**
   * 'relevance': while a search term is typed and no column is chosen, the server lists the best
   * matches first ("Phù hợp nhất", the patient accounts) instead of `defaultSort`; a chosen column
   * (the default one included) still sorts the matches. Absent: the sort never depends on the search.
   */
  searchOrder?: 'relevance';
}

export function listSpec(resource: Pick<ResourceDef, 'fields' | 'defaultSort'>): ListSpec {
  return {
    sortable: resource.fields.filter((f: FieldDef) => f.sortable).map((f) => f.key),
    filters: resource.fields.filter((f: FieldDef) => f.filter).map((f) => ({ key: f.key, type: f.type })),
    defaultSort: resource.defaultSort,
  };
}

export const EMPTY_LIST_STATE: ListState = { page: 0, size: LIST_DEFAULT_SIZE, sort: null, q: '', active: null, filters: {} };

const RESERVED = new Set(['page', 'size', 'sort', 'q', 'active']);

/** A filter value the list route accepts for this field type, or null. */
function filterValue(type: FieldType, raw: string | null): string | null {
  if (raw === null) return null;
  const v = raw.trim();
  if (v === '') return null;
  if (type === 'boolean') return v === 'true' || v === 'false' ? v : null;
  if (type === 'ref' || type === 'integer') return /^\d{1,9}$/.test(v) ? v : null;
  return v.slice(0, SEARCH_MAX);
}

/** The rows are in best-match order: a relevance list, a search term, no column chosen. */
const relevanceApplies = (spec: ListSpec, q: string) => spec.searchOrder === 'relevance' && q.trim() !== '';

/** A chosen sort that only repeats the default (left out of the URL); never while best-match order would apply instead. */
const isDefaultSort = (sort: Sort, spec: ListSpec, q: string) =>
  !relevanceApplies(spec, q) && sort.field === spec.defaultSort.field && sort.direction === spec.defaultSort.direction;

function parseSort(raw: string | null, spec: ListSpec, q: string): Sort | null {
  if (!raw) return null;
  const [field, dir = 'asc'] = raw.split(',');
  if (!spec.sortable.includes(field) || (dir !== 'asc' && dir !== 'desc')) return null;
  const sort: Sort = { field, direction: dir };
  return isDefaultSort(sort, spec, q) ? null : sort;
}

export function parseListState(params: URLSearchParams, spec: ListSpec): ListState {
  const pageText = params.get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageText) ? Number(pageText) : 0;
  const sizeNumber = Number(params.get('size'));
  const size = (PAGE_SIZES as readonly number[]).includes(sizeNumber) ? sizeNumber : LIST_DEFAULT_SIZE;
  const activeText = params.get('active');
  const filters: Record<string, string> = {};
  for (const f of spec.filters) {
    if (RESERVED.has(f.key)) continue;
    const v = filterValue(f.type, params.get(f.key));
    if (v !== null) filters[f.key] = v;
  }
  const q = (params.get('q') ?? '').trim().slice(0, SEARCH_MAX);
  return {
    page,
    size,
    sort: parseSort(params.get('sort'), spec, q),
    q,
    active: activeText === 'true' ? true : activeText === 'false' ? false : null,
    filters,
  };
}

/**
 * The list query as key/value pairs, defaults left out. `withPaging` adds page and size even
 * at their defaults (the API call); the export sends the filters and sort only.
 */
export function listQuery(state: ListState, spec: ListSpec, opts: { withPaging?: boolean } = {}): Record<string, string> {
  const out: Record<string, string> = {};
  if (opts.withPaging || state.page > 0) out.page = String(state.page);
  if (opts.withPaging || state.size !== LIST_DEFAULT_SIZE) out.size = String(state.size);
  if (state.sort && !isDefaultSort(state.sort, spec, state.q)) out.sort = `${state.sort.field},${state.sort.direction}`;
  if (state.q.trim()) out.q = state.q.trim();
  if (state.active !== null) out.active = String(state.active);
  for (const f of spec.filters) {
    const v = state.filters[f.key];
    if (v !== undefined && v !== '') out[f.key] = v;
  }
  return out;
}

export function listStateToParams(state: ListState, spec: ListSpec): URLSearchParams {
  return new URLSearchParams(listQuery(state, spec));
}

/** The query without paging (the Excel export takes the same filters and sort). */
export function exportQuery(state: ListState, spec: ListSpec): Record<string, string> {
  const out = listQuery(state, spec);
  delete out.page;
  delete out.size;
  return out;
}

/** A change of what is listed (search, filter, state) starts again at the first page. */
export function withFilters(state: ListState, patch: Partial<Pick<ListState, 'q' | 'active' | 'filters'>>): ListState {
  return { ...state, ...patch, page: 0 };
}

/** One filter set to `value`, or removed (undefined or empty); the first page again. */
export function withFilter(state: ListState, key: string, value: string | undefined): ListState {
  const { [key]: _old, ...rest } = state.filters;
  return withFilters(state, { filters: value === undefined || value === '' ? rest : { ...rest, [key]: value } });
}

/** A new page or page size; a new size goes back to the first page. */
export function withPaging(state: ListState, page: number, size: number): ListState {
  return size !== state.size ? { ...state, page: 0, size } : { ...state, page: Math.max(0, page) };
}

/** A new sort (null = the default: best match while searching a relevance list); the first page again. */
export function withSort(state: ListState, sort: Sort | null, spec: ListSpec): ListState {
  return { ...state, sort: sort && !isDefaultSort(sort, spec, state.q) ? sort : null, page: 0 };
}

/** The order the server lists in: the chosen sort, 'relevance' (best match first, while searching a relevance list), or the default. */
export function effectiveSort(state: ListState, spec: ListSpec): Sort | 'relevance' {
  if (state.sort && !isDefaultSort(state.sort, spec, state.q)) return state.sort;
  return relevanceApplies(spec, state.q) ? 'relevance' : spec.defaultSort;
}

/** A column's sort arrow: the order the rows are really in (no column's while they are in best-match order). */
export function columnSortOrder(state: ListState, spec: ListSpec, key: string): 'ascend' | 'descend' | null {
  const sort = effectiveSort(state, spec);
  if (sort === 'relevance' || sort.field !== key) return null;
  return sort.direction === 'asc' ? 'ascend' : 'descend';
}

export function hasFilters(state: ListState): boolean {
  return state.q !== '' || state.active !== null || Object.keys(state.filters).length > 0;
}

/**
 * A screen that always lists a subset (a tab of the areas page: `level=ward&legacy=false`) fixes
 * some filters: they stay in the URL, so the link keeps the tab, but "Xoá bộ lọc" never removes them.
 */
export function withFixedFilters(state: ListState, fixed: Record<string, string> | undefined): ListState {
  return fixed && Object.keys(fixed).length > 0 ? { ...state, filters: { ...state.filters, ...fixed } } : state;
}

/** The state without its fixed filters: what the user chose (for "has filters", "Xoá bộ lọc"). */
export function withoutFixedFilters(state: ListState, fixed: Record<string, string> | undefined): ListState {
  if (!fixed) return state;
  const filters = Object.fromEntries(Object.entries(state.filters).filter(([k]) => !(k in fixed)));
  return { ...state, filters };
}
