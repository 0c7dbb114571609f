import { afterEach, describe, expect, it, vi } from 'vitest';
import { expandDateShorthand, isValidDisplayDate, parseDisplayDate } from './date-shorthand';

const NOW = new Date('2026-03-15T03:00:00.000Z'); // 15 Mar 2026 10:00 +07:00 → current year 2026, "26"

describe('expandDateShorthand (now = 15/03/2026)', () => {
  it.each([
    // 4 digits → 01/01/YYYY
    ['1990', '01/01/1990'],
    ['2026', '01/01/2026'],
    ['0000', '01/01/0000'],
    ['9999', '01/01/9999'],
    // 6 digits DDMMYY with the 2-digit-year pivot at 26
    ['010290', '01/02/1990'],
    ['311299', '31/12/1999'],
    ['010200', '01/02/2000'],
    ['010225', '01/02/2025'],
    ['010226', '01/02/2026'], // equal to the current 2-digit year → 20xx
    ['010227', '01/02/1927'], // current + 1 → 19xx
    ['150399', '15/03/1999'],
    ['011290', '01/12/1990'], // month 12
    ['011390', '011390'], // month 13 → unchanged
    ['019990', '019990'],
    ['010090', '010090'], // month 0 → unchanged
    ['000190', '000190'], // day 0 → unchanged
    ['320190', '320190'], // day 32 → unchanged
    ['310190', '31/01/1990'],
    ['310290', '31/02/1990'], // reshaped only; isValidDisplayDate rejects it
    // 8 digits DDMMYYYY
    ['01021990', '01/02/1990'],
    ['29022024', '29/02/2024'],
    ['31122026', '31/12/2026'],
    ['01122000', '01/12/2000'],
    ['01132000', '01132000'], // month 13 → unchanged
    ['00012000', '00012000'],
    ['32012000', '32012000'],
    // up to 3 digits below 200 → that many years ago, on 1 January
    ['0', '01/01/2026'],
    ['00', '01/01/2026'],
    ['000', '01/01/2026'],
    ['1', '01/01/2025'],
    ['001', '01/01/2025'],
    ['5', '01/01/2021'],
    ['30', '01/01/1996'],
    ['99', '01/01/1927'],
    ['100', '01/01/1926'],
    ['199', '01/01/1827'],
    ['200', '200'],
    ['999', '999'],
    // other digit counts → unchanged
    ['12345', '12345'],
    ['1234567', '1234567'],
    ['123456789', '123456789'],
    // slash forms
    ['1/2/90', '01/02/1990'],
    ['01/02/1990', '01/02/1990'],
    ['1/2/1990', '01/02/1990'],
    ['01/2/90', '01/02/1990'],
    ['1/02/90', '01/02/1990'],
    ['31/12/99', '31/12/1999'],
    ['1/2/26', '01/02/2026'],
    ['1/2/27', '01/02/1927'],
    ['1/2/00', '01/02/2000'],
    ['1/12/90', '01/12/1990'],
    ['1/13/90', '1/13/90'],
    ['1/0/90', '1/0/90'],
    ['32/1/90', '32/1/90'],
    ['0/1/90', '0/1/90'],
    ['31/2/1990', '31/02/1990'],
    ['1/2', '1/2'],
    ['1/2/199', '1/2/199'],
    ['1/2/19900', '1/2/19900'],
    ['001/2/90', '001/2/90'],
    ['1/2/90/', '1/2/90/'],
    ['1//90', '1//90'],
    ['/1/2/90', '/1/2/90'],
    // anything else → unchanged
    ['', ''],
    ['   ', '   '],
    ['abc', 'abc'],
    ['12a', '12a'],
    ['1990a', '1990a'],
    ['-5', '-5'],
    ['1.5', '1.5'],
    ['1-2-1990', '1-2-1990'],
    ['01.02.1990', '01.02.1990'],
    ['１９９０', '１９９０'], // full-width digits are not digits here
    // whitespace around a recognised input is trimmed
    [' 1990 ', '01/01/1990'],
    ['\t010290\n', '01/02/1990'],
    [' 1/2/90 ', '01/02/1990'],
    [' 30', '01/01/1996'],
  ])('%j → %j', (input, expected) => {
    expect(expandDateShorthand(input, NOW)).toBe(expected);
  });
});

describe('expandDateShorthand: current year is the year in +07:00', () => {
  // 31/12/2025 18:00 UTC is already 01/01/2026 01:00 in Vietnam.
  const newYearVn = new Date('2025-12-31T18:00:00.000Z');
  // 31/12/2025 16:59:59.999 UTC is still 31/12/2025 23:59:59.999 in Vietnam.
  const lastMsOf2025Vn = new Date('2025-12-31T16:59:59.999Z');
  it.each([
    [newYearVn, '0', '01/01/2026'],
    [newYearVn, '010126', '01/01/2026'],
    [newYearVn, '010127', '01/01/1927'],
    [lastMsOf2025Vn, '0', '01/01/2025'],
    [lastMsOf2025Vn, '010126', '01/01/1926'],
    [lastMsOf2025Vn, '010125', '01/01/2025'],
    [lastMsOf2025Vn, '1/1/26', '01/01/1926'],
    [new Date('2000-06-01T00:00:00Z'), '010100', '01/01/2000'],
    [new Date('2000-06-01T00:00:00Z'), '010101', '01/01/1901'],
    [new Date('2000-06-01T00:00:00Z'), '150', '01/01/1850'],
    [new Date('2099-06-01T00:00:00Z'), '010199', '01/01/2099'],
  ])('now %o: %j → %j', (now, input, expected) => {
    expect(expandDateShorthand(input, now)).toBe(expected);
  });
});

describe('expandDateShorthand: now defaults to the current time', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  it.each([
    ['2026-03-15T03:00:00.000Z', '30', '01/01/1996'],
    ['2025-12-31T18:00:00.000Z', '0', '01/01/2026'],
    ['2025-12-31T16:59:59.999Z', '0', '01/01/2025'],
  ])('system time %s: %j → %j', (system, input, expected) => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(system));
    expect(expandDateShorthand(input)).toBe(expected);
  });
});

describe('parseDisplayDate / isValidDisplayDate', () => {
  it.each<[string, { day: number; month: number; year: number } | null]>([
    ['01/02/1990', { day: 1, month: 2, year: 1990 }],
    ['31/12/2026', { day: 31, month: 12, year: 2026 }],
    ['29/02/2024', { day: 29, month: 2, year: 2024 }], // leap year
    ['29/02/2000', { day: 29, month: 2, year: 2000 }], // divisible by 400
    ['29/02/2023', null],
    ['29/02/1900', null], // divisible by 100, not 400
    ['28/02/2023', { day: 28, month: 2, year: 2023 }],
    ['31/02/2024', null],
    ['30/02/2024', null],
    ['31/04/2024', null],
    ['30/04/2024', { day: 30, month: 4, year: 2024 }],
    ['31/06/2024', null],
    ['31/09/2024', null],
    ['31/11/2024', null],
    ['31/01/2024', { day: 31, month: 1, year: 2024 }],
    ['00/01/2024', null],
    ['01/00/2024', null],
    ['01/13/2024', null],
    ['32/01/2024', null],
    ['01/01/0000', null],
    ['01/01/0001', { day: 1, month: 1, year: 1 }],
    ['31/12/9999', { day: 31, month: 12, year: 9999 }],
    ['1/2/2024', null], // strict DD/MM/YYYY
    ['01/02/24', null],
    ['2024-02-01', null],
    ['01-02-2024', null],
    [' 01/02/2024 ', { day: 1, month: 2, year: 2024 }],
    ['', null],
    ['abc', null],
  ])('%j → %j', (input, expected) => {
    expect(parseDisplayDate(input)).toEqual(expected);
    expect(isValidDisplayDate(input)).toBe(expected !== null);
  });
});
