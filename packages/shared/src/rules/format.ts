/**
 * Display formatting in Vietnamese conventions, always in +07:00 whatever the machine's
 * time zone (Vietnam has no daylight-saving time, so the instant shifted by +7 h read in UTC
 * is the Vietnamese wall clock).
 */
import { fmt, MSG } from '../messages.vi';
import { parseDisplayDate } from './date-shorthand';
import { pad2, pad4, toInstant, vnParts } from './time';

const THOUSANDS_RE = /\B(?=(\d{3})+(?!\d))/g;

/** What a detail field shows when it has no value: '—' for null, undefined or '' (also after trimming). */
export const EMPTY_FIELD = '—';
export function orDash(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return EMPTY_FIELD;
  const s = String(v);
  return s.trim() === '' ? EMPTY_FIELD : s;
}

/** `1250000` → `'1.250.000 ₫'`; rounded to whole đồng; negative with '-'; null/NaN → ''. */
export function formatVnd(n: number | null | undefined): string {
  if (n == null || typeof n !== 'number' || !Number.isFinite(n)) return '';
  const rounded = Math.round(Math.abs(n));
  const sign = n < 0 && rounded !== 0 ? '-' : '';
  return `${sign}${String(rounded).replace(THOUSANDS_RE, '.')} ₫`;
}

/** `DD/MM/YYYY` in +07:00; '' for null, undefined or an unparsable value. */
export function formatDate(d: string | Date | null | undefined): string {
  const t = toInstant(d);
  if (!t) return '';
  const p = vnParts(t);
  return `${pad2(p.day)}/${pad2(p.month)}/${pad4(p.year)}`;
}

/** A visit's time: `HH:mm–HH:mm DD/MM/YYYY` (a slot's wall-clock times on its day, +07:00). */
export function formatVisit(v: { startTime: string; endTime: string; date: string }): string {
  return `${v.startTime}–${v.endTime} ${formatDate(v.date)}`;
}

/** `DD/MM/YYYY HH:mm` in +07:00; '' for null, undefined or an unparsable value. */
export function formatDateTime(d: string | Date | null | undefined): string {
  const t = toInstant(d);
  if (!t) return '';
  const p = vnParts(t);
  return `${pad2(p.day)}/${pad2(p.month)}/${pad4(p.year)} ${pad2(p.hour)}:${pad2(p.minute)}`;
}

/** `DD/MM/YYYY HH:mm:ss` in +07:00 (a job's start and end, seconds apart); '' for null, undefined or an unparsable value. */
export function formatDateTimeSeconds(d: string | Date | null | undefined): string {
  const t = toInstant(d);
  if (!t) return '';
  return `${formatDateTime(t)}:${pad2(vnParts(t).second)}`;
}

/** `'31/12/2024'` → `'2024-12-31'`; null when it is not a real DD/MM/YYYY date. */
export function displayDateToIso(ddmmyyyy: string): string | null {
  const p = parseDisplayDate(ddmmyyyy);
  return p ? `${pad4(p.year)}-${pad2(p.month)}-${pad2(p.day)}` : null;
}

/** A number of minutes as a Vietnamese reads it: `45 phút`, `2 giờ`, `12 giờ 30 phút` (negative → 0). */
export function formatDuration(minutes: number): string {
  const total = Math.max(0, Math.floor(minutes));
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h === 0) return fmt(MSG.durationMinutes, { m });
  return m === 0 ? fmt(MSG.durationHours, { h }) : fmt(MSG.durationHoursMinutes, { h, m });
}
