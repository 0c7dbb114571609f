/**
 * Date shorthand of spec §5: what a user types in a date box becomes DD/MM/YYYY.
 *
 * | typed (trimmed)           | result                                                |
 * |---------------------------|-------------------------------------------------------|
 * | 4 digits `YYYY`           | `01/01/YYYY`                                          |
 * | 6 digits `DDMMYY`         | `DD/MM/19YY` or `DD/MM/20YY` (pivot below)            |
 * | 8 digits `DDMMYYYY`       | `DD/MM/YYYY`                                          |
 * | 1–3 digits, value < 200   | 1 January, that many years before the current year   |
 * | `D/M/YY`, `DD/MM/YYYY`…   | `DD/MM/YYYY` (day and month 1 or 2 digits, year 2 or 4) |
 * | anything else             | the input, unchanged                                  |
 *
 * 2-digit years: above the current 2-digit year → 19xx, otherwise (equal or below) → 20xx.
 * "Current year" is the year in +07:00 at `now`.
 *
 * Interpretations: a month of 0 or above 12, or a day of 0 or above 31, leaves the input
 * unchanged (the spec names only "month above 12" for the digit forms and "limits" for the
 * slash forms; we apply the same limits to both). The shorthand only reshapes: whether the
 * day exists in that month (31/02) is checked by `isValidDisplayDate`, not here. Whitespace
 * around the input is ignored when recognising it; an unrecognised input is returned exactly
 * as given (untrimmed).
 */
import { isRealDate, pad2, pad4, vnParts } from './time';

const DIGITS_RE = /^\d+$/;
const SLASH_RE = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/;
const DISPLAY_RE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** Years-ago shorthand applies to values strictly below this. */
const YEARS_AGO_LIMIT = 200;

function fullYear(twoDigits: number, currentYear: number): number {
  const currentYY = currentYear % 100;
  const century = currentYear - currentYY; // 2000 in 2026
  return twoDigits > currentYY ? century - 100 + twoDigits : century + twoDigits;
}

function build(day: number, month: number, year: number): string | null {
  if (day < 1 || day > 31 || month < 1 || month > 12) return null;
  return `${pad2(day)}/${pad2(month)}/${pad4(year)}`;
}

export function expandDateShorthand(input: string, now: Date = new Date()): string {
  if (typeof input !== 'string') return input;
  const s = input.trim();
  if (s === '') return input;
  const currentYear = vnParts(now).year;

  if (DIGITS_RE.test(s)) {
    switch (s.length) {
      case 1:
      case 2:
      case 3: {
        const n = Number(s);
        return n < YEARS_AGO_LIMIT ? `01/01/${pad4(currentYear - n)}` : input;
      }
      case 4:
        return `01/01/${s}`;
      case 6:
        return build(+s.slice(0, 2), +s.slice(2, 4), fullYear(+s.slice(4, 6), currentYear)) ?? input;
      case 8:
        return build(+s.slice(0, 2), +s.slice(2, 4), +s.slice(4, 8)) ?? input;
      default:
        return input;
    }
  }

  const m = SLASH_RE.exec(s);
  if (m) {
    const year = m[3].length === 2 ? fullYear(+m[3], currentYear) : +m[3];
    return build(+m[1], +m[2], year) ?? input;
  }
  return input;
}

/** Parses a strict `DD/MM/YYYY` into a real calendar day (31/02 → null, 29/02 only in leap years). */
export function parseDisplayDate(ddmmyyyy: string): { day: number; month: number; year: number } | null {
  if (typeof ddmmyyyy !== 'string') return null;
  const m = DISPLAY_RE.exec(ddmmyyyy.trim());
  if (!m) return null;
  const day = +m[1];
  const month = +m[2];
  const year = +m[3];
  return isRealDate(year, month, day) ? { day, month, year } : null;
}

export function isValidDisplayDate(s: string): boolean {
  return parseDisplayDate(s) !== null;
}
