import { describe, expect, it } from 'vitest';
import type { NewsDetailDto } from '@portal/shared/contracts/news.contract';
import { bodyOf, EMPTY_FORM, filtersFromParams, formValuesOf, NEWS_ROUTES, paramsOf, queryOf, revisionValue } from './news.logic';

describe('list filters in the URL', () => {
  it.each([
    ['', { q: '', page: 0, size: 20 }],
    [
      'q=kham&status=DRAFT&categoryId=3&from=2026-01-01&to=2026-01-31&page=2&size=50',
      { q: 'kham', status: 'DRAFT', categoryId: 3, from: '2026-01-01', to: '2026-01-31', page: 2, size: 50 },
    ],
    ['status=XYZ&categoryId=-1&from=01/01/2026&page=-3&size=7', { q: '', page: 0, size: 20 }],
  ])('%s', (search, expected) => {
    const f = filtersFromParams(new URLSearchParams(search));
    expect(f).toEqual({ categoryId: undefined, status: undefined, from: undefined, to: undefined, ...expected });
    // and back: the same URL (defaults left out)
    expect(filtersFromParams(new URLSearchParams(paramsOf(f)))).toEqual(f);
  });
  it('sends no empty search', () => expect(queryOf(filtersFromParams(new URLSearchParams('q='))).q).toBeUndefined());
});

describe('form ↔ body', () => {
  it('trims, sends nulls for empty SEO, and the publication chosen', () => {
    const at = new Date('2026-12-01T01:00:00Z');
    const b = bodyOf({ ...EMPTY_FORM, title: '  Tin mới ', alias: ' tin-moi ', seoTitle: ' ' }, { mode: 'SCHEDULE', at }, 3);
    expect(b).toMatchObject({ title: 'Tin mới', alias: 'tin-moi', seoTitle: null, publish: 'SCHEDULE', publishAt: at.toISOString(), version: 3 });
    expect(bodyOf(EMPTY_FORM, { mode: 'NOW' })).toMatchObject({ publish: 'NOW', publishAt: null });
  });
  it('reads an article into the form', () => {
    const a = {
      title: 'T',
      alias: 't',
      summary: '',
      coverUrl: null,
      bodyHtml: '<p>x</p>',
      categories: [{ id: 2, name: 'A' }],
      tags: ['k'],
      seoTitle: null,
      seoDescription: 'd',
    };
    expect(formValuesOf(a as unknown as NewsDetailDto)).toEqual({
      ...EMPTY_FORM,
      title: 'T',
      alias: 't',
      bodyHtml: '<p>x</p>',
      categoryIds: [2],
      tags: ['k'],
      seoDescription: 'd',
    });
  });
});

describe('routes and history', () => {
  it('keeps the two scopes apart', () => {
    expect(NEWS_ROUTES.MAIN.edit('a-b')).toBe('/admin/news/edit/a-b');
    expect(NEWS_ROUTES.SHP.edit('a-b')).toBe('/admin/SHP/news/edit/a-b');
  });
  it.each([
    ['title', null, '—'],
    ['bodyHtml', '…', '(nội dung)'],
    ['status', 'PUBLISHED', 'Đã đăng'],
    ['publishAt', '2026-12-01T01:00:00.000Z', '01/12/2026 08:00'],
    ['categories', [2, 9], 'Sức khoẻ, #9'],
    ['tags', ['a', 'b'], 'a, b'],
    ['tags', [], '—'],
  ])('%s %j → %s', (field, v, text) => expect(revisionValue(field, v, new Map([[2, 'Sức khoẻ']]), { PUBLISHED: 'Đã đăng' })).toBe(text));
});
