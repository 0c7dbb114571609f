/**
 * Time helpers shared by the rules. Every calendar computation of the portal happens in
 * Vietnam time (+07:00). Vietnam has no daylight-saving time, so "the wall clock in Vietnam"
 * is simply the UTC wall clock of the instant shifted by +7 h: nothing here reads the
 * machine's time zone.
 */

export const VN_OFFSET_MS = 7 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** Wall-clock parts of an instant in +07:00. `month` is 1–12. */
export interface VnParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/**
 * ISO 8601 date, optionally with a time and an offset: `2024-09-22`, `2024-09-22T10:30`,
 * `2024-09-22 10:30:15.123`, `2024-09-22T03:30:00Z`, `2024-09-22T10:30:00+07:00`.
 */
const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;
/** The display format `DD/MM/YYYY`, optionally followed by ` HH:mm[:ss]`. */
const DISPLAY_RE = /^(\d{2})\/(\d{2})\/(\d{4})(?:\s+(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** True when day/month/year name a real day of the proleptic Gregorian calendar (year 1–9999). */
export function isRealDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= 1 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/** UTC milliseconds of a wall-clock time in +07:00 (no validation). */
export function vnWallClockToMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, millisecond = 0): number {
  const d = new Date(0);
  // setUTCFullYear rather than Date.UTC: Date.UTC maps years 0–99 to 1900–1999.
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, millisecond);
  return d.getTime() - VN_OFFSET_MS;
}

function validTime(h: number, mi: number, s: number): boolean {
  return h >= 0 && h <= 23 && mi >= 0 && mi <= 59 && s >= 0 && s <= 59;
}

/**
 * Converts a Date, a millisecond count or a string to an instant, or null when it is not one.
 * Strings accepted: ISO 8601 (a missing offset means +07:00, so `2024-09-22` is midnight in
 * Vietnam, never the machine's midnight) and `DD/MM/YYYY[ HH:mm[:ss]]` (+07:00). Impossible
 * calendar dates (`2024-02-30`) are rejected instead of rolling over as `Date.parse` does.
 */
export function toInstant(value: string | Date | number | null | undefined): Date | null {
  if (value == null) return null;
  if (value instanceof Date) {
    const t = value.getTime();
    return Number.isNaN(t) ? null : new Date(t);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  if (typeof value !== 'string') return null;
  const s = value.trim();

  let m = ISO_RE.exec(s);
  if (m) {
    const year = +m[1];
    const month = +m[2];
    const day = +m[3];
    const hour = m[4] ? +m[4] : 0;
    const minute = m[5] ? +m[5] : 0;
    const second = m[6] ? +m[6] : 0;
    const ms = m[7] ? +m[7].slice(0, 3).padEnd(3, '0') : 0;
    if (!isRealDate(year, month, day) || !validTime(hour, minute, second)) return null;
    let offsetMs = VN_OFFSET_MS;
    const tz = m[8];
    if (tz) {
      if (tz === 'Z' || tz === 'z') offsetMs = 0;
      else {
        const sign = tz[0] === '-' ? -1 : 1;
        const digits = tz.slice(1).replace(':', '');
        const oh = +digits.slice(0, 2);
        const om = digits.length > 2 ? +digits.slice(2, 4) : 0;
        if (oh > 23 || om > 59) return null;
        offsetMs = sign * (oh * HOUR_MS + om * 60_000);
      }
    }
    const t = vnWallClockToMs(year, month, day, hour, minute, second, ms) + VN_OFFSET_MS - offsetMs;
    return new Date(t);
  }

  m = DISPLAY_RE.exec(s);
  if (m) {
    const day = +m[1];
    const month = +m[2];
    const year = +m[3];
    const hour = m[4] ? +m[4] : 0;
    const minute = m[5] ? +m[5] : 0;
    const second = m[6] ? +m[6] : 0;
    if (!isRealDate(year, month, day) || !validTime(hour, minute, second)) return null;
    return new Date(vnWallClockToMs(year, month, day, hour, minute, second));
  }
  return null;
}

/** Wall-clock parts of an instant in +07:00, whatever the machine's time zone. */
export function vnParts(instant: Date): VnParts {
  const d = new Date(instant.getTime() + VN_OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    millisecond: d.getUTCMilliseconds(),
  };
}

export function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

export function pad4(n: number): string {
  return String(n).padStart(4, '0');
}

/** Today's calendar date in Vietnam (+07:00) as YYYY-MM-DD, whatever the machine's or browser's zone. */
export function todayVn(now: Date = new Date()): string {
  const p = vnParts(now);
  return `${pad4(p.year)}-${pad2(p.month)}-${pad2(p.day)}`;
}
