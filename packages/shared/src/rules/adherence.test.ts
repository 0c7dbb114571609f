import { describe, expect, it } from 'vitest';
import { adherencePercent, formatAdherence, isBelowThreshold, sumCounts } from './adherence';

describe('adherencePercent = taken / (taken + missed)', () => {
  it.each([
    [0, 0, null], // nothing due yet: no figure, not 0 %
    [0, 1, 0],
    [1, 0, 100],
    [3, 0, 100],
    [2, 1, 66.7],
    [1, 2, 33.3],
    [1, 6, 14.3],
    [79, 21, 79],
    [7996, 2004, 80], // shows 80.0 % …
    [88, 2, 97.8],
    [90, 0, 100],
    [1, 999_999, 0],
  ])('taken %i, missed %i → %s', (taken, missed, expected) => expect(adherencePercent({ taken, missed })).toBe(expected));
  it.each([
    [-1, 0],
    [0, -1],
    [1.5, 0],
    [Number.NaN, 0],
  ])('refuses taken %s, missed %s', (taken, missed) => expect(() => adherencePercent({ taken, missed })).toThrow(RangeError));
});

describe('isBelowThreshold (strictly below, on the exact ratio)', () => {
  it.each([
    [{ taken: 0, missed: 0 }, 80, false], // nothing due: never highlighted
    [{ taken: 8, missed: 2 }, 80, false], // exactly 80 % is not below 80
    [{ taken: 7996, missed: 2004 }, 80, true], // … but 79.96 % is below
    [{ taken: 7, missed: 3 }, 80, true],
    [{ taken: 0, missed: 5 }, 1, true],
    [{ taken: 1, missed: 0 }, 100, false],
    [{ taken: 99, missed: 1 }, 100, true],
    [{ taken: 0, missed: 1 }, 0, false], // a threshold of 0 highlights no one
  ])('%o at %i % → %s', (c, threshold, expected) => expect(isBelowThreshold(c, threshold)).toBe(expected));
});

describe('a programme weighs every dose alike', () => {
  it('sums the doses rather than averaging the members’ percentages', () => {
    // member A: 1 of 1 (100 %), member B: 0 of 9 (0 %): the mean would be 50 %, the programme took 1 of 10
    const total = sumCounts([
      { taken: 1, missed: 0 },
      { taken: 0, missed: 9 },
    ]);
    expect(total).toEqual({ taken: 1, missed: 9 });
    expect(adherencePercent(total)).toBe(10);
    expect(sumCounts([])).toEqual({ taken: 0, missed: 0 });
  });
});

describe('formatAdherence', () => {
  it.each([
    [null, '—'],
    [100, '100 %'],
    [66.7, '66,7 %'],
    [0, '0 %'],
  ])('%s → %s', (p, s) => expect(formatAdherence(p)).toBe(s));
});
