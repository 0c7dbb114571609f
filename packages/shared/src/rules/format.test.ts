import { describe, expect, it } from 'vitest';
import { displayDateToIso, formatDate, formatDateTime, formatDateTimeSeconds, formatDuration, formatVnd, orDash, formatVisit } from './format';

describe('orDash', () => {
  it.each<[string | number | null | undefined, string]>([
    [null, '—'],
    [undefined, '—'],
    ['', '—'],
    ['   ', '—'],
    [0, '0'],
    ['BN0001', 'BN0001'],
    [' a ', ' a '],
  ])('%j → %j', (v, expected) => {
    expect(orDash(v)).toBe(expected);
  });
});

describe('formatVnd', () => {
  it.each<[number | null | undefined, string]>([
    [1_250_000, '1.250.000 ₫'],
    [0, '0 ₫'],
    [1, '1 ₫'],
    [999, '999 ₫'],
    [1000, '1.000 ₫'],
    [12_345, '12.345 ₫'],
    [100_000, '100.000 ₫'],
    [1_000_000_000, '1.000.000.000 ₫'],
    [-1_250_000, '-1.250.000 ₫'],
    [-1, '-1 ₫'],
    [1234.4, '1.234 ₫'],
    [1234.5, '1.235 ₫'],
    [-0, '0 ₫'],
    [-0.4, '0 ₫'],
    [null, ''],
    [undefined, ''],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
  ])('%s → %j', (n, expected) => {
    expect(formatVnd(n)).toBe(expected);
  });
});

describe('formatDate / formatDateTime (+07:00 whatever the machine time zone)', () => {
  it.each<[string | Date | null | undefined, string, string]>([
    [new Date('2026-03-15T03:00:00Z'), '15/03/2026', '15/03/2026 10:00'],
    // 17:00 UTC is already midnight of the next day in Vietnam
    [new Date('2024-09-21T17:00:00Z'), '22/09/2024', '22/09/2024 00:00'],
    [new Date('2024-09-21T16:59:59.999Z'), '21/09/2024', '21/09/2024 23:59'],
    // new year in Vietnam while still the old year in UTC
    ['2025-12-31T17:00:00Z', '01/01/2026', '01/01/2026 00:00'],
    ['2026-01-01T00:00:00+07:00', '01/01/2026', '01/01/2026 00:00'],
    ['2026-01-01T00:00:00-05:00', '01/01/2026', '01/01/2026 12:00'],
    // date-only and offset-less strings are Vietnamese wall clock
    ['2024-02-29', '29/02/2024', '29/02/2024 00:00'],
    ['2024-02-29T23:59:00', '29/02/2024', '29/02/2024 23:59'],
    ['2024-02-29 08:05', '29/02/2024', '29/02/2024 08:05'],
    ['31/12/2024', '31/12/2024', '31/12/2024 00:00'],
    ['01/02/2024 07:30', '01/02/2024', '01/02/2024 07:30'],
    // invalid
    [null, '', ''],
    [undefined, '', ''],
    ['', '', ''],
    ['abc', '', ''],
    ['2023-02-29', '', ''],
    ['31/02/2024', '', ''],
    [new Date(Number.NaN), '', ''],
  ])('%j → %j / %j', (input, date, dateTime) => {
    expect(formatDate(input)).toBe(date);
    expect(formatDateTime(input)).toBe(dateTime);
  });
});

describe('formatDateTimeSeconds', () => {
  it.each<[string | Date | null, string]>([
    ['2026-03-15T03:04:05.900Z', '15/03/2026 10:04:05'],
    [new Date('2024-09-21T16:59:59.999Z'), '21/09/2024 23:59:59'],
    ['2026-01-01T00:00:07+07:00', '01/01/2026 00:00:07'],
    [null, ''],
    ['abc', ''],
  ])('%j → %j', (input, out) => expect(formatDateTimeSeconds(input)).toBe(out));
});

describe('displayDateToIso', () => {
  it.each<[string, string | null]>([
    ['31/12/2024', '2024-12-31'],
    ['01/02/1990', '1990-02-01'],
    ['29/02/2024', '2024-02-29'],
    ['29/02/2023', null],
    ['31/02/2024', null],
    ['31/04/2024', null],
    ['00/01/2024', null],
    ['01/13/2024', null],
    ['1/2/1990', null],
    ['01/02/90', null],
    ['2024-12-31', null],
    ['', null],
    ['abc', null],
    ['01/01/0001', '0001-01-01'],
  ])('%j → %j', (input, expected) => {
    expect(displayDateToIso(input)).toBe(expected);
  });
});

describe('formatVisit', () => {
  it.each([
    [{ startTime: '07:00', endTime: '07:30', date: '2026-11-25' }, '07:00–07:30 25/11/2026'],
    [{ startTime: '23:30', endTime: '23:59', date: '2026-12-31' }, '23:30–23:59 31/12/2026'],
  ])('%j → %s', (v, expected) => {
    expect(formatVisit(v)).toBe(expected);
  });
});

describe('formatDuration', () => {
  it.each<[number, string]>([
    [0, '0 phút'],
    [1, '1 phút'],
    [59, '59 phút'],
    [60, '1 giờ'],
    [61, '1 giờ 1 phút'],
    [750, '12 giờ 30 phút'],
    [1500, '25 giờ'],
    [45.9, '45 phút'],
    [-5, '0 phút'],
  ])('%d minutes → %s', (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });
});
