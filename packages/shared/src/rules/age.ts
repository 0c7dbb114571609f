/**
 * Age display of spec §5: under 24 hours → hours; under 30 days → days; under 12 months →
 * months; under 6 years → years and months; otherwise years.
 *
 * Calendar months are computed by dayjs's month diff on the +07:00 wall clock (dayjs in UTC
 * mode on instants shifted by +7 h, so the machine's time zone plays no part). Like dayjs, a
 * month counts as complete on the same day of the month, clamped to the month's last day
 * (born 31 Jan → 1 month on 28/29 Feb; born 29 Feb 2024 → 1 year on 28 Feb 2025).
 *
 * Interpretation: from 30 days on, months are shown — but when no calendar month has
 * completed yet (born 1 Jan, now 31 Jan = 30 days, 0 months) the age stays in days
 * ('30 ngày') rather than showing '0 tháng'.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { DAY_MS, HOUR_MS, VN_OFFSET_MS, toInstant } from './time';

dayjs.extend(utc);

/** Whole calendar months from birth to now (+07:00), 0 when birth is not before now. */
function wholeMonths(birthMs: number, nowMs: number): number {
  if (nowMs <= birthMs) return 0;
  const b = dayjs.utc(birthMs + VN_OFFSET_MS);
  const n = dayjs.utc(nowMs + VN_OFFSET_MS);
  return Math.max(0, n.diff(b, 'month'));
}

export function formatAge(birth: string | Date, now: Date = new Date()): string {
  const b = toInstant(birth);
  if (!b) return '';
  const diff = now.getTime() - b.getTime();
  if (diff < 0) return '0 giờ';
  if (diff < DAY_MS) return `${Math.floor(diff / HOUR_MS)} giờ`;
  const days = Math.floor(diff / DAY_MS);
  const months = wholeMonths(b.getTime(), now.getTime());
  if (days < 30 || months === 0) return `${days} ngày`;
  if (months < 12) return `${months} tháng`;
  const years = Math.floor(months / 12);
  const rest = months % 12;
  if (years < 6 && rest > 0) return `${years} tuổi ${rest} tháng`;
  return `${years} tuổi`;
}

/** Completed years of age by the +07:00 calendar; 0 for a future birth, NaN when unparsable. */
export function ageInYears(birth: string | Date, now: Date = new Date()): number {
  const b = toInstant(birth);
  if (!b) return Number.NaN;
  return Math.floor(wholeMonths(b.getTime(), now.getTime()) / 12);
}
