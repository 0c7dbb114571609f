import { describe, expect, it } from 'vitest';
import { daysInMonth, isLeapYear, isRealDate, todayVn, toInstant, vnParts, vnWallClockToMs } from './time';

describe('toInstant', () => {
  it.each<[string | Date | number | null | undefined, string | null]>([
    ['2026-03-15T03:00:00Z', '2026-03-15T03:00:00.000Z'],
    ['2026-03-15T03:00:00.5Z', '2026-03-15T03:00:00.500Z'],
    ['2026-03-15T03:00:00.123456Z', '2026-03-15T03:00:00.123Z'],
    ['2026-03-15T10:00:00+07:00', '2026-03-15T03:00:00.000Z'],
    ['2026-03-15T10:00:00+0700', '2026-03-15T03:00:00.000Z'],
    ['2026-03-15T10:00:00+07', '2026-03-15T03:00:00.000Z'],
    ['2026-03-14T22:00:00-05:00', '2026-03-15T03:00:00.000Z'],
    ['2026-03-15T10:00:00', '2026-03-15T03:00:00.000Z'], // no offset → +07:00
    ['2026-03-15 10:00', '2026-03-15T03:00:00.000Z'],
    ['2026-03-15', '2026-03-14T17:00:00.000Z'], // midnight +07:00
    ['15/03/2026', '2026-03-14T17:00:00.000Z'],
    ['15/03/2026 10:00', '2026-03-15T03:00:00.000Z'],
    ['15/03/2026 10:00:30', '2026-03-15T03:00:30.000Z'],
    [' 2026-03-15 ', '2026-03-14T17:00:00.000Z'],
    ['0001-01-01', '0000-12-31T17:00:00.000Z'],
    ['0050-06-01', '0050-05-31T17:00:00.000Z'], // not mapped to 1950
    [new Date('2026-03-15T03:00:00Z'), '2026-03-15T03:00:00.000Z'],
    [0, '1970-01-01T00:00:00.000Z'],
    [1_773_543_600_000, '2026-03-15T03:00:00.000Z'],
    ['2024-02-29', '2024-02-28T17:00:00.000Z'],
    ['2023-02-29', null],
    ['2024-02-30', null],
    ['2024-13-01', null],
    ['2024-00-10', null],
    ['2024-01-01T24:00:00', null],
    ['2024-01-01T10:60:00', null],
    ['2024-01-01T10:00:00+25:00', null],
    ['31/02/2024', null],
    ['2024/01/01', null],
    ['Mon, 01 Jan 2024 00:00:00 GMT', null],
    ['abc', null],
    ['', null],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [new Date(Number.NaN), null],
  ])('%j → %j', (input, expected) => {
    const t = toInstant(input);
    expect(t === null ? null : t.toISOString()).toBe(expected);
  });

  it('returns a copy of a Date', () => {
    const d = new Date('2026-03-15T03:00:00Z');
    const t = toInstant(d);
    expect(t).not.toBe(d);
    expect(t?.getTime()).toBe(d.getTime());
  });
});

describe('vnParts', () => {
  it.each<[string, [number, number, number, number, number, number, number]]>([
    ['2026-03-15T03:00:00.000Z', [2026, 3, 15, 10, 0, 0, 0]],
    ['2025-12-31T17:00:00.000Z', [2026, 1, 1, 0, 0, 0, 0]],
    ['2025-12-31T16:59:59.999Z', [2025, 12, 31, 23, 59, 59, 999]],
    ['2024-02-28T17:00:00.000Z', [2024, 2, 29, 0, 0, 0, 0]],
  ])('%s', (iso, [year, month, day, hour, minute, second, millisecond]) => {
    expect(vnParts(new Date(iso))).toEqual({ year, month, day, hour, minute, second, millisecond });
  });
});

describe('calendar helpers', () => {
  it.each([
    [2024, true],
    [2023, false],
    [2000, true],
    [1900, false],
    [2100, false],
    [2400, true],
  ])('isLeapYear(%d) = %s', (year, expected) => {
    expect(isLeapYear(year)).toBe(expected);
  });

  it.each([
    [2024, 2, 29],
    [2023, 2, 28],
    [2024, 1, 31],
    [2024, 4, 30],
    [2024, 6, 30],
    [2024, 9, 30],
    [2024, 11, 30],
    [2024, 12, 31],
  ])('daysInMonth(%d, %d) = %d', (year, month, expected) => {
    expect(daysInMonth(year, month)).toBe(expected);
  });

  it.each([
    [2024, 2, 29, true],
    [2023, 2, 29, false],
    [2024, 0, 1, false],
    [2024, 13, 1, false],
    [2024, 1, 0, false],
    [0, 1, 1, false],
    [10000, 1, 1, false],
    [2024.5, 1, 1, false],
  ])('isRealDate(%d, %d, %d) = %s', (y, m, d, expected) => {
    expect(isRealDate(y, m, d)).toBe(expected);
  });

  it('vnWallClockToMs is the UTC instant of a +07:00 wall clock', () => {
    expect(new Date(vnWallClockToMs(2026, 3, 15, 10)).toISOString()).toBe('2026-03-15T03:00:00.000Z');
  });
});

describe('todayVn', () => {
  it.each([
    ['2026-11-23T16:59:59.999Z', '2026-11-23'],
    ['2026-11-23T17:00:00.000Z', '2026-11-24'],
    ['2026-11-23T00:00:00.000Z', '2026-11-23'],
    ['2026-12-31T17:00:00.000Z', '2027-01-01'],
    ['2028-02-28T17:30:00.000Z', '2028-02-29'],
  ])('at %s it is %s in Vietnam', (instant, expected) => {
    expect(todayVn(new Date(instant))).toBe(expected);
  });
});
