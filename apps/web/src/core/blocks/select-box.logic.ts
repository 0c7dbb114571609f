/**
 * The pure half of the paged dropdown of spec §9: which page to ask for, how pages merge into
 * options, when the list is scrolled to its end. The component only wires these to antd.
 */
import { ALL_TYPE_VALUE, DROPDOWN_FIRST_PAGE, DROPDOWN_PAGE_SIZE, DROPDOWN_SEARCH_PAGE_SIZE } from '@portal/shared/constants';

/** Spec §3 "Select-box option: id or value, and name". */
export interface SelectItem {
  id?: number | string | null;
  value?: number | string | null;
  name: string;
}

/** Spec §3 "Paged list read by dropdowns: data, totalPage". */
export interface SelectPage {
  data: SelectItem[];
  totalPage: number;
}

export interface LoadParams {
  page: number;
  size: number;
  search: string;
}

export interface SelectOption {
  value: number | string;
  label: string;
}

/** The 'Tất cả' option value (spec §3). */
export const ALL_OPTION_VALUE = ALL_TYPE_VALUE;

/** First page: page 0 size 20; with search text: page 0 size 100 (spec §9). */
export function firstPageParams(search: string): LoadParams {
  const s = search.trim();
  return s ? { page: DROPDOWN_FIRST_PAGE, size: DROPDOWN_SEARCH_PAGE_SIZE, search: s } : { page: DROPDOWN_FIRST_PAGE, size: DROPDOWN_PAGE_SIZE, search: '' };
}

export interface PagingState {
  /** The last page loaded (zero-based), or -1 before the first answer. */
  page: number;
  totalPage: number;
  size: number;
  search: string;
  loading: boolean;
}

/**
 * The next page to load when the list is scrolled to its end, or null when a load is running
 * or the last page (zero-based `page` = totalPage - 1) is already there.
 */
export function nextPageParams(state: PagingState): LoadParams | null {
  if (state.loading || state.page < 0) return null;
  const next = state.page + 1;
  if (next >= state.totalPage) return null;
  return { page: next, size: state.size, search: state.search };
}

export function toOption(item: SelectItem): SelectOption | null {
  const value = item.id ?? item.value;
  if (value === null || value === undefined || value === '') return null;
  return { value, label: item.name ?? String(value) };
}

/** Appends a page to the options; a value already present keeps its first position. */
export function mergeOptions(current: readonly SelectOption[], items: readonly SelectItem[]): SelectOption[] {
  const seen = new Set(current.map((o) => o.value));
  const out = [...current];
  for (const item of items) {
    const option = toOption(item);
    if (option && !seen.has(option.value)) {
      seen.add(option.value);
      out.push(option);
    }
  }
  return out;
}

export function withAllOption(options: readonly SelectOption[], allLabel: string, include: boolean): SelectOption[] {
  if (!include) return [...options];
  return [{ value: ALL_OPTION_VALUE, label: allLabel }, ...options.filter((o) => o.value !== ALL_OPTION_VALUE)];
}

/** True when a scroll container is within `threshold` px of its end. */
export function isScrolledToEnd(el: { scrollTop: number; clientHeight: number; scrollHeight: number }, threshold = 8): boolean {
  return el.scrollTop + el.clientHeight >= el.scrollHeight - threshold;
}
