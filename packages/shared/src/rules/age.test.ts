import { afterEach, describe, expect, it, vi } from 'vitest';
import { ageInYears, formatAge } from './age';

const H = 60 * 60 * 1000;
const D = 24 * H;
/** An instant given by its +07:00 wall clock. */
const vn = (s: string) => new Date(`${s}+07:00`);
const NOW = vn('2026-03-15T10:00:00.000');
const before = (ms: number) => new Date(NOW.getTime() - ms);

describe('formatAge (now = 15/03/2026 10:00 +07:00)', () => {
  it.each<[string, string | Date, string]>([
    // future and hours
    ['birth in the future by 1 ms', new Date(NOW.getTime() + 1), '0 giờ'],
    ['birth in the future by a year', vn('2027-03-15T10:00:00'), '0 giờ'],
    ['born right now', NOW, '0 giờ'],
    ['1 ms', before(1), '0 giờ'],
    ['59 min 59 s', before(H - 1000), '0 giờ'],
    ['exactly 1 hour', before(H), '1 giờ'],
    ['23 h 59 min 59.999 s', before(D - 1), '23 giờ'],
    // days
    ['exactly 24 hours', before(D), '1 ngày'],
    ['47 h 59 min', before(2 * D - 60_000), '1 ngày'],
    ['2 days', before(2 * D), '2 ngày'],
    ['29 days 23:59:59.999', before(30 * D - 1), '29 ngày'],
    ['29 days, 14 Feb → 15 Mar', vn('2026-02-14T10:00:00'), '29 ngày'],
    // months (30 days and one calendar month completed)
    ['exactly 30 days, 13 Feb → 15 Mar = 1 month', before(30 * D), '1 tháng'],
    ['one calendar month but only 28 days (15 Feb → 15 Mar) → days', vn('2026-02-15T10:00:00'), '28 ngày'],
    ['30 days 1 hour (13 Feb 09:00 → 15 Mar 10:00)', vn('2026-02-13T09:00:00'), '1 tháng'],
    ['2 months', vn('2026-01-15T10:00:00'), '2 tháng'],
    ['2 months minus 1 ms', vn('2026-01-15T10:00:00.001'), '1 tháng'],
    ['11 months', vn('2025-04-15T10:00:00'), '11 tháng'],
    ['12 months minus 1 ms', vn('2025-03-15T10:00:00.001'), '11 tháng'],
    ['12 months minus 1 day', vn('2025-03-16T10:00:00'), '11 tháng'],
    // years and months, under 6 years
    ['exactly 12 months', vn('2025-03-15T10:00:00'), '1 tuổi'],
    ['1 year 1 month', vn('2025-02-15T10:00:00'), '1 tuổi 1 tháng'],
    ['2 years 2 months', vn('2024-01-15T10:00:00'), '2 tuổi 2 tháng'],
    ['5 years exactly (0 months omitted)', vn('2021-03-15T10:00:00'), '5 tuổi'],
    ['5 years 11 months', vn('2020-04-15T10:00:00'), '5 tuổi 11 tháng'],
    ['6 years minus 1 ms', vn('2020-03-15T10:00:00.001'), '5 tuổi 11 tháng'],
    // years only from 6 years
    ['exactly 6 years', vn('2020-03-15T10:00:00'), '6 tuổi'],
    ['6 years 11 months', vn('2019-04-15T10:00:00'), '6 tuổi'],
    ['30 years', vn('1996-03-15T10:00:00'), '30 tuổi'],
    ['30 years minus 1 day', vn('1996-03-16T10:00:00'), '29 tuổi'],
    ['100 years', vn('1926-01-01T00:00:00'), '100 tuổi'],
    // strings
    ['date-only string = midnight +07:00', '1996-03-15', '30 tuổi'],
    ['date-only string, birthday tomorrow', '1996-03-16', '29 tuổi'],
    ['DD/MM/YYYY string', '15/03/2020', '6 tuổi'],
    ['DD/MM/YYYY string, under 6', '16/03/2020', '5 tuổi 11 tháng'],
    ['ISO instant in UTC', '2026-03-15T02:00:00Z', '1 giờ'],
    ['offset-less date-time read as +07:00', '2026-03-15T08:30:00', '1 giờ'],
    // unparsable
    ['garbage', 'abc', ''],
    ['empty string', '', ''],
    ['impossible date', '2025-02-30', ''],
    ['invalid Date', new Date(Number.NaN), ''],
  ])('%s → %s', (_label, birth, expected) => {
    expect(formatAge(birth, NOW)).toBe(expected);
  });
});

describe('formatAge with other "now" values', () => {
  it.each<[string, string | Date, Date, string]>([
    // 30 days but no calendar month completed yet: stays in days
    ['1 Jan → 31 Jan = 30 days, 0 months', vn('2026-01-01T00:00:00'), vn('2026-01-31T00:00:00'), '30 ngày'],
    ['1 Jan → 1 Feb = 31 days, 1 month', vn('2026-01-01T00:00:00'), vn('2026-02-01T00:00:00'), '1 tháng'],
    // month end clamping (dayjs)
    ['31 Jan → 28 Feb 2026', vn('2026-01-31T00:00:00'), vn('2026-02-28T00:00:00'), '28 ngày'],
    ['31 Jan → 2 Mar 2026 (30 days, 1 month)', vn('2026-01-31T00:00:00'), vn('2026-03-02T00:00:00'), '1 tháng'],
    ['31 Jan → 30 Mar 2026', vn('2026-01-31T00:00:00'), vn('2026-03-30T00:00:00'), '1 tháng'],
    ['31 Jan → 31 Mar 2026', vn('2026-01-31T00:00:00'), vn('2026-03-31T00:00:00'), '2 tháng'],
    // leap day
    ['29 Feb 2024 → 28 Feb 2025', '2024-02-29', vn('2025-02-28T00:00:00'), '1 tuổi'],
    ['29 Feb 2024 → 27 Feb 2025 23:59', '2024-02-29', vn('2025-02-27T23:59:00'), '11 tháng'],
    ['29 Feb 2024 → 28 Feb 2028', '2024-02-29', vn('2028-02-28T00:00:00'), '3 tuổi 11 tháng'],
    ['29 Feb 2024 → 29 Feb 2028', '2024-02-29', vn('2028-02-29T00:00:00'), '4 tuổi'],
    ['29 Feb 2024 → 29 Feb 2030', '29/02/2024', vn('2030-02-28T00:00:00'), '6 tuổi'],
    // the calendar is +07:00: born 1 Mar 00:30 in Vietnam (28 Feb 17:30 UTC)
    ['1 Mar 00:30 VN → 31 Mar 12:00 VN: 30 days, 0 months in +07:00', new Date('2025-02-28T17:30:00Z'), vn('2025-03-31T12:00:00'), '30 ngày'],
    ['1 Mar 00:30 VN → 1 Apr 00:30 VN', new Date('2025-02-28T17:30:00Z'), vn('2025-04-01T00:30:00'), '1 tháng'],
  ])('%s → %s', (_label, birth, now, expected) => {
    expect(formatAge(birth, now)).toBe(expected);
  });
});

describe('formatAge: now defaults to the current time', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  it.each([
    ['2026-03-15T03:00:00.000Z', '2020-03-15', '6 tuổi'],
    ['2026-03-15T03:00:00.000Z', '2026-03-15T01:00:00Z', '2 giờ'],
  ])('system time %s, birth %s → %s', (system, birth, expected) => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(system));
    expect(formatAge(birth)).toBe(expected);
  });
});

describe('ageInYears (now = 15/03/2026 10:00 +07:00)', () => {
  it.each<[string, string | Date, number]>([
    ['exactly 30 years', vn('1996-03-15T10:00:00'), 30],
    ['30 years minus 1 ms', vn('1996-03-15T10:00:00.001'), 29],
    ['date-only, birthday today', '1996-03-15', 30],
    ['date-only, birthday tomorrow', '1996-03-16', 29],
    ['DD/MM/YYYY', '15/03/2020', 6],
    ['11 months', vn('2025-04-15T10:00:00'), 0],
    ['exactly 12 months', vn('2025-03-15T10:00:00'), 1],
    ['newborn', NOW, 0],
    ['future birth', vn('2030-01-01T00:00:00'), 0],
    ['leap-day birth', '2024-02-29', 2],
  ])('%s → %d', (_label, birth, expected) => {
    expect(ageInYears(birth, NOW)).toBe(expected);
  });

  it.each<[string, string | Date]>([
    ['garbage', 'abc'],
    ['invalid Date', new Date(Number.NaN)],
  ])('%s → NaN', (_label, birth) => {
    expect(ageInYears(birth, NOW)).toBeNaN();
  });
});
