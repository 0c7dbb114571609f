import { describe, expect, it } from 'vitest';
import { defineResource } from '@portal/shared/core/define-resource';
import { departmentResource } from '@portal/shared/resources';
import {
  columnSortOrder,
  effectiveSort,
  EMPTY_LIST_STATE,
  exportQuery,
  hasFilters,
  listQuery,
  listSpec,
  listStateToParams,
  parseListState,
  withFilter,
  withFilters,
  withPaging,
  withSort,
} from './list-state';

/** A resource with every kind of filter, so the URL rules are exercised beyond today's catalogues. */
const rooms = defineResource({
  name: 'rooms',
  label: 'Phòng khám',
  labelPlural: 'Danh mục phòng khám',
  path: '/api/catalog/v1/rooms',
  scope: 'facility',
  authority: 'MANAGER_CATALOG',
  exportName: 'danh-muc-phong-kham',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    { key: 'code', label: 'Mã phòng', type: 'code', required: true, list: true, sortable: true, search: true },
    { key: 'name', label: 'Tên phòng', type: 'text', required: true, list: true, sortable: true, search: true },
    { key: 'departmentId', label: 'Khoa', type: 'ref', ref: 'departments', filter: true },
    { key: 'vip', label: 'Phòng dịch vụ', type: 'boolean', filter: true },
    { key: 'floor', label: 'Tầng', type: 'text', filter: true },
  ],
});
const spec = listSpec(rooms);
const parse = (qs: string) => parseListState(new URLSearchParams(qs), spec);

describe('list state ⇄ URL', () => {
  it('reads an empty URL as the defaults', () => {
    expect(parse('')).toEqual(EMPTY_LIST_STATE);
    expect(listStateToParams(EMPTY_LIST_STATE, spec).toString()).toBe('');
  });

  it('round-trips a full state, canonically', () => {
    const qs = 'page=2&size=50&sort=name%2Cdesc&q=noi+tong&active=false&departmentId=12&vip=true&floor=T%E1%BA%A7ng+2';
    const state = parse(qs);
    expect(state).toEqual({
      page: 2,
      size: 50,
      sort: { field: 'name', direction: 'desc' },
      q: 'noi tong',
      active: false,
      filters: { departmentId: '12', vip: 'true', floor: 'Tầng 2' },
    });
    expect(listStateToParams(state, spec).toString()).toBe(qs);
    expect(parseListState(listStateToParams(state, spec), spec)).toEqual(state);
  });

  it('falls back to defaults for what a hand-edited link gets wrong', () => {
    expect(parse('page=-1&size=1000&sort=password,asc&active=yes&departmentId=abc&vip=1&other=x')).toEqual(EMPTY_LIST_STATE);
    expect(parse('size=30').size).toBe(20);
    expect(parse('sort=name,sideways').sort).toBeNull();
    expect(parse(`q=${'a'.repeat(300)}`).q).toHaveLength(200);
  });

  it('leaves the default sort out of the URL', () => {
    expect(parse('sort=code,asc').sort).toBeNull();
    expect(parse('sort=code').sort).toBeNull();
    expect(parse('sort=code,desc').sort).toEqual({ field: 'code', direction: 'desc' });
    expect(withSort(EMPTY_LIST_STATE, { field: 'code', direction: 'asc' }, spec).sort).toBeNull();
  });

  it('reads only the filters a resource declares (departments declare none)', () => {
    const dept = listSpec(departmentResource);
    expect(dept.sortable).toEqual(['code', 'name']);
    expect(parseListState(new URLSearchParams('departmentId=3&q=noi&active=true'), dept)).toMatchObject({ q: 'noi', active: true, filters: {} });
  });
});

describe('list state changes', () => {
  const onPage3 = { ...EMPTY_LIST_STATE, page: 3 };
  it('a new search, filter or state goes back to the first page', () => {
    expect(withFilters(onPage3, { q: 'noi' })).toMatchObject({ page: 0, q: 'noi' });
    expect(withFilters(onPage3, { active: true })).toMatchObject({ page: 0, active: true });
    expect(withSort(onPage3, { field: 'name', direction: 'asc' }, spec).page).toBe(0);
  });
  const filtered = { ...onPage3, filters: { departmentId: '12', vip: 'true' } };
  it.each([
    ['sets a new filter', 'floor', 'T2', { departmentId: '12', vip: 'true', floor: 'T2' }],
    ['replaces a filter', 'departmentId', '7', { departmentId: '7', vip: 'true' }],
    ['removes a filter given undefined', 'departmentId', undefined, { vip: 'true' }],
    ['removes a filter given an empty value', 'vip', '', { departmentId: '12' }],
    ['removing an absent filter changes nothing', 'floor', undefined, { departmentId: '12', vip: 'true' }],
  ] as const)('one filter: %s, on the first page again', (_name, key, value, filters) => {
    const next = withFilter(filtered, key, value);
    expect(next.filters).toEqual(filters);
    expect(next.page).toBe(0);
    expect(filtered.filters).toEqual({ departmentId: '12', vip: 'true' }); // the old state is untouched
  });
  it('a new page size goes back to the first page; a new page keeps the size', () => {
    expect(withPaging(onPage3, 3, 50)).toMatchObject({ page: 0, size: 50 });
    expect(withPaging(onPage3, 5, 20)).toMatchObject({ page: 5, size: 20 });
  });
  it('knows when something is filtered', () => {
    expect(hasFilters(EMPTY_LIST_STATE)).toBe(false);
    expect(hasFilters(onPage3)).toBe(false);
    expect(hasFilters({ ...EMPTY_LIST_STATE, active: false })).toBe(true);
  });
});

describe('list query for the API and the export', () => {
  const state = parse('page=1&q=%20noi%20&active=true&vip=false');
  it('always sends page and size to the list route', () => {
    expect(listQuery(EMPTY_LIST_STATE, spec, { withPaging: true })).toEqual({ page: '0', size: '20' });
    expect(listQuery(state, spec, { withPaging: true })).toEqual({ page: '1', size: '20', q: 'noi', active: 'true', vip: 'false' });
  });
  it('the export takes the filters and sort without paging', () => {
    expect(exportQuery({ ...state, sort: { field: 'name', direction: 'desc' } }, spec)).toEqual({ sort: 'name,desc', q: 'noi', active: 'true', vip: 'false' });
  });
  it('produces a query the resource’s own list-query schema accepts', () => {
    const parsed = rooms.listQuery.parse(
      listQuery({ ...state, sort: { field: 'name', direction: 'desc' }, filters: { departmentId: '7', vip: 'false' } }, spec, { withPaging: true }),
    );
    expect(parsed).toEqual({ page: 1, size: 20, sort: { field: 'name', direction: 'desc' }, q: 'noi', filters: { active: true, departmentId: 7, vip: false } });
  });
});

describe('the order a list is really in (sort arrows, "Phù hợp nhất")', () => {
  const patients = {
    ...spec,
    sortable: ['createdAt', 'name'],
    defaultSort: { field: 'createdAt', direction: 'desc' as const },
    searchOrder: 'relevance' as const,
  };
  const newest = { field: 'createdAt', direction: 'desc' } as const;
  const oldest = { field: 'createdAt', direction: 'asc' } as const;
  it.each([
    // [list, URL, the order of the rows, the arrow of Ngày tạo (createdAt), the URL written back]
    ['relevance list, no search: the default', patients, '', newest, 'descend', ''],
    ['relevance list, searching: best match, no column arrow', patients, 'q=pham', 'relevance', null, 'q=pham'],
    ['relevance list, searching, a column chosen', patients, 'q=pham&sort=createdAt,asc', oldest, 'ascend', 'sort=createdAt%2Casc&q=pham'],
    ['relevance list, searching, the default column chosen: kept', patients, 'q=pham&sort=createdAt,desc', newest, 'descend', 'sort=createdAt%2Cdesc&q=pham'],
    ['relevance list, no search, the default column: left out', patients, 'sort=createdAt,desc', newest, 'descend', ''],
    ['plain list, searching: its sort, never relevance', { ...patients, searchOrder: undefined }, 'q=pham', newest, 'descend', 'q=pham'],
  ] as const)('%s', (_name, list, qs, order, arrow, written) => {
    const state = parseListState(new URLSearchParams(qs), list);
    expect(effectiveSort(state, list)).toEqual(order);
    expect(columnSortOrder(state, list, 'createdAt')).toBe(arrow);
    expect(columnSortOrder(state, list, 'name')).toBeNull();
    expect(listStateToParams(state, list).toString()).toBe(written);
  });

  it('a click on a column sorts by it while searching (the default column too), and "Phù hợp nhất" goes back', () => {
    const searching = parseListState(new URLSearchParams('q=pham'), patients);
    const byNewest = withSort(searching, newest, patients);
    expect(listQuery(byNewest, patients)).toEqual({ sort: 'createdAt,desc', q: 'pham' });
    expect(columnSortOrder(byNewest, patients, 'createdAt')).toBe('descend');
    expect(effectiveSort(withSort(byNewest, null, patients), patients)).toBe('relevance');
    // clearing the search drops the now redundant default sort from the query
    expect(listQuery(withFilters(byNewest, { q: '' }), patients)).toEqual({});
  });
});
