import { describe, expect, it } from 'vitest';
import { DEFAULT_QUERY, lookupParams, readQuery, writeQuery } from './url-state';

describe('price page URL state', () => {
  it('reads defaults from an empty query', () => {
    expect(readQuery('')).toEqual(DEFAULT_QUERY);
  });

  it('reads a full search', () => {
    expect(readQuery('?ma=KB01&ten=sieu%20am%20bung&loai=-1&trang=3&so=100')).toEqual({
      ma: 'KB01',
      ten: 'sieu am bung',
      loai: -1,
      trang: 3,
      so: 100,
    });
  });

  it('turns bad values into defaults and caps text lengths', () => {
    const q = readQuery(`?ma=${'A'.repeat(30)}&ten=${'b'.repeat(250)}&loai=abc&trang=-2&so=100000`);
    expect(q.ma).toHaveLength(20);
    expect(q.ten).toHaveLength(200);
    expect(q.loai).toBe(10);
    expect(q.trang).toBe(1);
    expect(q.so).toBe(50);
    expect(readQuery('?loai=-5').loai).toBe(10);
    expect(readQuery('?so=75').so).toBe(50);
  });

  it('writes only what differs from the defaults and keeps foreign parameters', () => {
    expect(writeQuery(DEFAULT_QUERY)).toBe('');
    expect(writeQuery({ ...DEFAULT_QUERY, ten: 'siêu âm', loai: -1 }, '?hospitalId=7&ma=old')).toBe(
      `?hospitalId=7&ten=${encodeURIComponent('siêu âm')}&loai=-1`,
    );
    expect(writeQuery({ ma: 'X', ten: '', loai: 20, trang: 2, so: 100 })).toBe('?ma=X&loai=20&trang=2&so=100');
  });

  it('round-trips', () => {
    const q = { ma: 'XN 01', ten: 'Công thức máu & 100%', loai: 30, trang: 4, so: 100 };
    expect(readQuery(writeQuery(q))).toEqual(q);
  });

  it('maps to the lookup API: 0-based page, trimmed text', () => {
    expect(lookupParams({ ma: ' KB ', ten: '  ', loai: -1, trang: 2, so: 50 }, null)).toEqual({
      page: 1,
      size: 50,
      syncValue: 'KB',
      name: '',
      type: -1,
      hospitalId: null,
    });
  });
});
