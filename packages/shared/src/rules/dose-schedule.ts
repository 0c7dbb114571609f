import { addDays, periodDays } from './period';
import { DAY_MS, todayVn, vnWallClockToMs } from './time';

/**
 * When a medicine of the private clinic is taken (issue 20, medicine reminders; docs/clinic-medicines.md): at fixed
 * times of day (HH:MM, +07:00), every day or every N days counted from the first day, from a first day to a last day
 * (both included; none: until staff end it). Pure: the reminder sweep, the member's calendar and the patient app all
 * expand a medicine's doses with this one function.
 */

/** `00:00`–`23:59`: two digits each, no 24:00 (a dose "at the end of the day" is 23:59 or the next day's 00:00). */
export const DOSE_TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Most times of day one medicine is taken. */
export const DOSE_TIMES_MAX = 8;
/** The longest gap between two dose days (every 30 days: a monthly injection). */
export const DOSE_EVERY_DAYS_MAX = 30;
/** The longest course one medicine may name (a year and a day): a longer one is entered without an end. */
export const DOSE_COURSE_DAYS_MAX = 366;

export const DOSE_SCHEDULE_MESSAGES = {
  time: 'Giờ uống phải theo dạng HH:MM, trong khoảng 00:00–23:59',
  timesRequired: 'Vui lòng nhập ít nhất một giờ uống',
  timesMax: `Tối đa ${DOSE_TIMES_MAX} giờ uống mỗi ngày`,
  timesRepeat: 'Mỗi giờ uống chỉ nhập một lần',
  everyDays: `Khoảng cách giữa hai ngày uống từ 1 đến ${DOSE_EVERY_DAYS_MAX} ngày`,
  endBeforeStart: 'Ngày kết thúc phải sau hoặc bằng ngày bắt đầu',
  courseMax: `Một đợt dùng thuốc tối đa ${DOSE_COURSE_DAYS_MAX} ngày; dùng lâu dài thì để trống ngày kết thúc`,
} as const;

export interface DoseSchedule {
  /** HH:MM in +07:00. */
  times: readonly string[];
  /** 1 = every day, 2 = every other day… */
  everyDays: number;
  /** First day (YYYY-MM-DD, +07:00). */
  startDate: string;
  /** Last day, included; null = until ended. */
  endDate: string | null;
}

/** Minutes after midnight of an HH:MM time (no validation). */
export function minutesOfDay(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** The times sorted by the clock (07:00 before 19:00). */
export function sortTimes(times: readonly string[]): string[] {
  return [...times].sort((a, b) => minutesOfDay(a) - minutesOfDay(b));
}

/** The last day of a course of `days` days starting on `startDate` (a course of 1 day ends the day it starts). */
export function courseEndDate(startDate: string, days: number): string {
  if (!Number.isInteger(days) || days < 1) throw new RangeError('a course lasts at least one day');
  return addDays(startDate, days - 1);
}

/** What is wrong with a schedule, field by field, in Vietnamese (the form shows the same as the server's 400). */
export function doseScheduleProblems(s: DoseSchedule): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  if (s.times.length === 0) out.push({ field: 'times', message: DOSE_SCHEDULE_MESSAGES.timesRequired });
  else if (s.times.length > DOSE_TIMES_MAX) out.push({ field: 'times', message: DOSE_SCHEDULE_MESSAGES.timesMax });
  else if (s.times.some((t) => !DOSE_TIME_RE.test(t))) out.push({ field: 'times', message: DOSE_SCHEDULE_MESSAGES.time });
  else if (new Set(s.times).size !== s.times.length) out.push({ field: 'times', message: DOSE_SCHEDULE_MESSAGES.timesRepeat });
  if (!Number.isInteger(s.everyDays) || s.everyDays < 1 || s.everyDays > DOSE_EVERY_DAYS_MAX)
    out.push({ field: 'everyDays', message: DOSE_SCHEDULE_MESSAGES.everyDays });
  if (s.endDate !== null) {
    const days = periodDays({ from: s.startDate, to: s.endDate });
    if (days < 1) out.push({ field: 'endDate', message: DOSE_SCHEDULE_MESSAGES.endBeforeStart });
    else if (days > DOSE_COURSE_DAYS_MAX) out.push({ field: 'endDate', message: DOSE_SCHEDULE_MESSAGES.courseMax });
  }
  return out;
}

/** True when `day` (YYYY-MM-DD) is a dose day: within the course and a multiple of everyDays after the first day. */
export function isDoseDay(s: DoseSchedule, day: string): boolean {
  if (day < s.startDate) return false;
  if (s.endDate !== null && day > s.endDate) return false;
  return (periodDays({ from: s.startDate, to: day }) - 1) % s.everyDays === 0;
}

/** The instant of `time` on `day`, +07:00 (00:00 on 2026-11-27 is 2026-11-26T17:00:00Z). */
export function doseInstant(day: string, time: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(vnWallClockToMs(y!, m!, d!, Number(time.slice(0, 2)), Number(time.slice(3, 5))));
}

export interface DoseDue {
  /** The dose day in +07:00 (YYYY-MM-DD). */
  day: string;
  time: string;
  at: Date;
}

/**
 * Every dose of a schedule due after `from` and at or before `to` (the reminder sweep's window: what an earlier run
 * covered is excluded, the present minute included), in time order. A window longer than the course reads only the
 * course's days.
 */
export function expandDoses(s: DoseSchedule, from: Date, to: Date): DoseDue[] {
  if (to.getTime() <= from.getTime()) return [];
  // the days whose doses may fall in (from, to]: from's day to to's day in +07:00
  let day = todayVn(from) < s.startDate ? s.startDate : todayVn(from);
  const last = s.endDate !== null && s.endDate < todayVn(to) ? s.endDate : todayVn(to);
  const times = sortTimes(s.times);
  const out: DoseDue[] = [];
  // step to the first dose day on or after `day` without visiting every day of a long gap
  const offset = (periodDays({ from: s.startDate, to: day }) - 1) % s.everyDays;
  if (offset !== 0) day = addDays(day, s.everyDays - offset);
  for (; day <= last; day = addDays(day, s.everyDays)) {
    for (const time of times) {
      const at = doseInstant(day, time);
      if (at.getTime() > from.getTime() && at.getTime() <= to.getTime()) out.push({ day, time, at });
    }
  }
  return out;
}

/** The doses of the calendar days `fromDay`–`toDay` (both included), whatever the hour: the calendar's plan. */
export function dosesOfDays(s: DoseSchedule, fromDay: string, toDay: string): DoseDue[] {
  const start = doseInstant(fromDay, '00:00');
  return expandDoses(s, new Date(start.getTime() - 1), new Date(doseInstant(toDay, '00:00').getTime() + DAY_MS - 1));
}

/** The HH:MM of the local (+07:00) minutes strictly after `from` up to `to`; null when the window spans a whole day. */
export function windowTimes(from: Date, to: Date): string[] | null {
  const firstMinute = Math.floor(from.getTime() / 60_000) + 1;
  const lastMinute = Math.floor(to.getTime() / 60_000);
  if (lastMinute - firstMinute + 1 >= 24 * 60) return null;
  const out: string[] = [];
  for (let m = firstMinute; m <= lastMinute; m += 1) {
    const local = (((m + 7 * 60) % 1440) + 1440) % 1440;
    out.push(`${String(Math.floor(local / 60)).padStart(2, '0')}:${String(local % 60).padStart(2, '0')}`);
  }
  return out;
}
