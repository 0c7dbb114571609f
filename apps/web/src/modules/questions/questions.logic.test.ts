import { describe, expect, it } from 'vitest';
import { askerLine, filtersFromParams, paramsOf, queryOf, selectable, share } from './questions.logic';

describe('the question list filters in the URL', () => {
  it.each([
    ['', { q: '', page: 0, size: 20 }],
    ['status=NEW&q=dau%20hong', { q: 'dau hong', status: 'NEW', page: 0, size: 20 }],
    ['status=DONE&specialtyId=abc&page=-1&size=7', { q: '', page: 0, size: 20 }],
    [
      'specialtyId=12&sensitive=true&overdue=true&from=2026-11-01&to=2026-11-25&page=2&size=50',
      {
        q: '',
        specialtyId: 12,
        sensitive: true,
        overdue: true,
        from: '2026-11-01',
        to: '2026-11-25',
        page: 2,
        size: 50,
      },
    ],
    ['sensitive=false&from=01/11/2026', { q: '', sensitive: false, page: 0, size: 20 }],
  ])('%s', (qs, expected) => {
    const f = filtersFromParams(new URLSearchParams(qs));
    expect(Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined))).toEqual(expected);
    // and back: what is written is what is read
    expect(filtersFromParams(new URLSearchParams(paramsOf(f)))).toEqual(f);
  });

  it('sends no empty search', () => {
    expect(queryOf(filtersFromParams(new URLSearchParams('q=')))).toMatchObject({ q: undefined, page: 0 });
  });
});

describe('cells', () => {
  it.each([
    [{ askerGender: 'FEMALE', askerAge: 34 }, 'Nữ, 34 tuổi'],
    [{ askerGender: 'MALE', askerAge: null }, 'Nam'],
    [{ askerGender: null, askerAge: 0 }, '0 tuổi'],
    [{ askerGender: null, askerAge: null }, ''],
  ])('%j → %j', (r, s) => expect(askerLine(r)).toBe(s));

  it('ticks only new questions', () => {
    expect(['NEW', 'ACCEPTED', 'ANSWERED', 'REJECTED', 'HIDDEN'].filter((status) => selectable({ status: status as never }))).toEqual(['NEW']);
  });

  it.each([
    [1, 3, '33,3 %'],
    [0, 0, '0 %'],
    [5, 5, '100 %'],
  ])('%i of %i is %s', (a, b, s) => expect(share(a, b)).toBe(s));
});
