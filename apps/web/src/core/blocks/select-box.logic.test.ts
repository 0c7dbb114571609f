import { describe, expect, it } from 'vitest';
import { firstPageParams, isScrolledToEnd, mergeOptions, nextPageParams, toOption, withAllOption } from './select-box.logic';

describe('firstPageParams', () => {
  it('asks page 0 size 20 without search and page 0 size 100 with search (spec §9)', () => {
    expect(firstPageParams('')).toEqual({ page: 0, size: 20, search: '' });
    expect(firstPageParams('   ')).toEqual({ page: 0, size: 20, search: '' });
    expect(firstPageParams(' nội ')).toEqual({ page: 0, size: 100, search: 'nội' });
  });
});

describe('nextPageParams', () => {
  const base = { page: 0, totalPage: 3, size: 20, search: '', loading: false };
  it('asks the next page while there is one', () => {
    expect(nextPageParams(base)).toEqual({ page: 1, size: 20, search: '' });
    expect(nextPageParams({ ...base, page: 1, search: 'a', size: 100 })).toEqual({ page: 2, size: 100, search: 'a' });
  });
  it('stops at the last page, during a load, and before the first answer', () => {
    expect(nextPageParams({ ...base, page: 2 })).toBeNull();
    expect(nextPageParams({ ...base, totalPage: 1 })).toBeNull();
    expect(nextPageParams({ ...base, totalPage: 0 })).toBeNull();
    expect(nextPageParams({ ...base, loading: true })).toBeNull();
    expect(nextPageParams({ ...base, page: -1 })).toBeNull();
  });
});

describe('options', () => {
  it('takes id or value, and name', () => {
    expect(toOption({ id: 3, name: 'Khoa Nội' })).toEqual({ value: 3, label: 'Khoa Nội' });
    expect(toOption({ value: 'A', name: 'Loại A' })).toEqual({ value: 'A', label: 'Loại A' });
    expect(toOption({ id: 0, value: 9, name: 'zero id' })).toEqual({ value: 0, label: 'zero id' });
    expect(toOption({ name: 'no value' })).toBeNull();
  });

  it('merges pages without duplicates, keeping the order', () => {
    const first = mergeOptions(
      [],
      [
        { id: 1, name: 'A' },
        { id: 2, name: 'B' },
      ],
    );
    expect(
      mergeOptions(first, [
        { id: 2, name: 'B again' },
        { id: 3, name: 'C' },
      ]),
    ).toEqual([
      { value: 1, label: 'A' },
      { value: 2, label: 'B' },
      { value: 3, label: 'C' },
    ]);
  });

  it("puts 'Tất cả' (-1) first when asked", () => {
    expect(withAllOption([{ value: 1, label: 'A' }], 'Tất cả', true)).toEqual([
      { value: -1, label: 'Tất cả' },
      { value: 1, label: 'A' },
    ]);
    expect(withAllOption([{ value: 1, label: 'A' }], 'Tất cả', false)).toEqual([{ value: 1, label: 'A' }]);
  });
});

describe('isScrolledToEnd', () => {
  it('is true within the threshold of the end', () => {
    expect(isScrolledToEnd({ scrollTop: 792, clientHeight: 200, scrollHeight: 1000 })).toBe(true);
    expect(isScrolledToEnd({ scrollTop: 700, clientHeight: 200, scrollHeight: 1000 })).toBe(false);
  });
});
