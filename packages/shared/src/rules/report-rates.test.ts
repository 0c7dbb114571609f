import { describe, expect, it } from 'vitest';
import { completionRate, fillRate, formatRate, noShowRate, onlineShare, rate } from './report-rates';

describe('rate', () => {
  it.each([
    [1, 4, 0.25],
    [0, 4, 0],
    [4, 4, 1],
    [0, 0, null],
    [3, 0, null],
    [1, -1, null],
    [Number.NaN, 2, null],
  ])('%s / %s → %s', (part, whole, expected) => expect(rate(part, whole)).toBe(expected));
});

describe('the report ratios with a zero denominator', () => {
  it.each([
    ['no-show rate, nobody expected', noShowRate({ noShow: 0, checkedIn: 0, done: 0 }), null],
    ['no-show rate', noShowRate({ noShow: 1, checkedIn: 1, done: 2 }), 0.25],
    ['online share, no booking', onlineShare({ online: 0, total: 0 }), null],
    ['online share', onlineShare({ online: 3, total: 4 }), 0.75],
    ['completion, nothing planned', completionRate(0, 0), null],
    ['completion', completionRate(1, 2), 0.5],
    ['fill, no place offered', fillRate(0, 0), null],
    ['fill', fillRate(9, 10), 0.9],
  ])('%s', (_name, value, expected) => expect(value).toBe(expected));
});

describe('formatRate', () => {
  it.each([
    [null, '—'],
    [0, '0 %'],
    [0.125, '12,5 %'],
    [1, '100 %'],
    [1 / 3, '33,3 %'],
  ])('%s → %s', (r, text) => expect(formatRate(r)).toBe(text));
});
