import { describe, expect, it } from 'vitest';
import { toQueryString, withQuery } from './query-string';

describe('toQueryString', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['empty object', {}, ''],
    ['number and string with a space', { a: 1, b: 'x y' }, 'a=1&b=x%20y'],
    ['skips empty string, null, undefined', { a: '', b: null, c: undefined, d: 'x' }, 'd=x'],
    ['only skipped values', { a: '', b: null, c: undefined }, ''],
    ['keeps 0', { page: 0 }, 'page=0'],
    ['keeps false', { active: false }, 'active=false'],
    ['keeps true', { active: true }, 'active=true'],
    ['keeps negative numbers', { type: -1 }, 'type=-1'],
    ['keeps a whitespace-only string', { q: ' ' }, 'q=%20'],
    ['keeps the string "0"', { q: '0' }, 'q=0'],
    ['insertion order', { z: 1, a: 2, m: 3 }, 'z=1&a=2&m=3'],
    ['array → repeated keys', { id: [1, 2, 3] }, 'id=1&id=2&id=3'],
    ['array skips empty items', { id: [1, '', null, undefined, 0, false, 2] }, 'id=1&id=0&id=false&id=2'],
    ['empty array', { id: [], b: 1 }, 'b=1'],
    ['array of only empty items', { id: ['', null] }, ''],
    ['Date → ISO instant', { from: new Date('2026-03-15T03:00:00.000Z') }, 'from=2026-03-15T03%3A00%3A00.000Z'],
    ['invalid Date skipped', { from: new Date(Number.NaN), b: 1 }, 'b=1'],
    ['array of Dates', { d: [new Date(0)] }, 'd=1970-01-01T00%3A00%3A00.000Z'],
    ['Vietnamese text', { ten: 'Khám bệnh' }, 'ten=Kh%C3%A1m%20b%E1%BB%87nh'],
    ['reserved characters', { q: 'a&b=c?d/e#f+g%' }, 'q=a%26b%3Dc%3Fd%2Fe%23f%2Bg%25'],
    ['encoded key', { 'a b': 1, 'c&d': 2 }, 'a%20b=1&c%26d=2'],
    ['plain object as JSON', { f: { a: 1 } }, 'f=%7B%22a%22%3A1%7D'],
    ['bigint', { n: 10n }, 'n=10'],
    [
      'mixed',
      { page: 0, size: 50, ma: '', ten: 'xét nghiệm', loaiDichVu: -1, ds: [10, 20] },
      'page=0&size=50&ten=x%C3%A9t%20nghi%E1%BB%87m&loaiDichVu=-1&ds=10&ds=20',
    ],
  ])('%s', (_label, params, expected) => {
    expect(toQueryString(params)).toBe(expected);
  });
});

describe('withQuery', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['/api/services', { page: 0, size: 50 }, '/api/services?page=0&size=50'],
    ['/api/services', {}, '/api/services'],
    ['/api/services', { q: '', x: null }, '/api/services'],
    ['/api/services', { active: false }, '/api/services?active=false'],
    ['/api/services?a=1', { b: 2 }, '/api/services?a=1&b=2'],
    ['/api/services?', { b: 2 }, '/api/services?b=2'],
    ['/api/services?a=1&', { b: 2 }, '/api/services?a=1&b=2'],
    ['', { b: 2 }, '?b=2'],
  ])('%j + %j → %j', (path, params, expected) => {
    expect(withQuery(path, params)).toBe(expected);
  });
});
