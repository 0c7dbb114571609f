import { describe, expect, it } from 'vitest';
import { findUnsafeText, isSafeText } from './text-safety';
import { trimTrailingSlashes } from './paths';
import { isoDay } from '../core/iso-day';

describe('isSafeText / findUnsafeText', () => {
  it('refuses NUL and lone surrogates, accepts Vietnamese text and well-formed pairs', () => {
    expect(isSafeText('Nguyễn Văn Đức 🏥')).toBe(true);
    expect(isSafeText('a\u0000b')).toBe(false);
    expect(isSafeText('a\ud800')).toBe(false);
    expect(isSafeText('\ud800a')).toBe(false);
    expect(isSafeText('a\udc00')).toBe(false);
    expect(isSafeText('\ud83c\udfe5')).toBe(true);
  });

  it('names the first bad field of a nested body, a key included; a Buffer is not walked', () => {
    expect(findUnsafeText({ a: 'x', b: [{ c: 'ok' }, { d: 'y\u0000' }] })).toBe('b.1.d');
    expect(findUnsafeText({ 'k\u0000': 1 })).toBe('_');
    expect(findUnsafeText('\ud800')).toBe('_');
    expect(findUnsafeText(new Uint8Array([0, 0xd8]))).toBeNull();
    expect(findUnsafeText({ n: 1, b: true, z: null })).toBeNull();
    // a query object of fast-querystring has a prototype of its own
    const q = Object.create(Object.create(null)) as Record<string, string>;
    q.name = '\u0000';
    expect(findUnsafeText(q)).toBe('name');
  });
});

describe('isoDay', () => {
  it('accepts real days and refuses impossible ones in Vietnamese', () => {
    expect(isoDay().safeParse('2024-02-29').success).toBe(true);
    const r = isoDay('Từ ngày').safeParse('2024-02-30');
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual(['Từ ngày không hợp lệ: không có ngày 30/02/2024 trong lịch']);
    expect(isoDay().safeParse('2023-02-29').success).toBe(false);
    expect(isoDay().safeParse('2024-13-01').success).toBe(false);
    expect(isoDay().safeParse('1800-01-01').error!.issues[0]!.message).toBe('Ngày không hợp lệ');
  });

  it('a long value stops at the length check (one issue, the pattern not run)', () => {
    const r = isoDay().safeParse('2'.repeat(100_000));
    expect(r.error!.issues).toHaveLength(1);
    expect(r.error!.issues[0]!.message).toBe('Ngày không hợp lệ (YYYY-MM-DD)');
  });
});

it('trimTrailingSlashes', () => {
  expect(trimTrailingSlashes('/admin///')).toBe('/admin');
  expect(trimTrailingSlashes('///')).toBe('');
  expect(trimTrailingSlashes('/a/b')).toBe('/a/b');
});
