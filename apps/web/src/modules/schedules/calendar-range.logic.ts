import { formatDate } from '@portal/shared/rules/format';
import { addDays, isoWeekday, WEEKDAY_LABELS } from '@portal/shared/rules/schedule';

export type CalendarView = 'week' | 'month';

/** The Monday of a date's week. */
export const mondayOf = (d: string) => addDays(d, 1 - isoWeekday(d));

/**
 * The days a view reads: the week of `anchor`, or the six weeks (42 days, from a Monday) antd's
 * month grid shows for `anchor`'s month. `monday` is the anchor's week either way (copy week, build).
 */
export function rangeOf(view: CalendarView, anchor: string): { from: string; to: string; monday: string } {
  if (view === 'week') {
    const monday = mondayOf(anchor);
    return { from: monday, to: addDays(monday, 6), monday };
  }
  const first = mondayOf(`${anchor.slice(0, 8)}01`);
  return { from: first, to: addDays(first, 41), monday: mondayOf(anchor) };
}

/** Green while places are free, orange from 80 %, red when full. */
export function fillColor(booked: number, capacity: number): string {
  if (capacity > 0 && booked >= capacity) return 'red';
  if (capacity > 0 && booked / capacity >= 0.8) return 'orange';
  return 'green';
}

/** A day as the calendar names it: "Thứ Năm 26/11/2026" (week columns, the month's "+n" popover). */
export const dayLabel = (d: string) => `${WEEKDAY_LABELS[isoWeekday(d)]} ${formatDate(d)}`;

/** The most periods a month cell shows; the rest are behind its "+n ca khác" button. */
export const MONTH_CELL_MAX = 4;

/** A month cell's periods: the first `max` shown, and how many the "+n" button holds. */
export function clipDay<T>(list: readonly T[], max = MONTH_CELL_MAX): { shown: T[]; hidden: number } {
  return { shown: list.slice(0, max), hidden: Math.max(0, list.length - max) };
}

/** The doctor or room the whole calendar is about (one chosen in the picker); its cards need not repeat it. */
export type Fixed = 'doctor' | 'room' | undefined;

/**
 * A period card's who-and-where lines, leaving out what the calendar is already about: one chosen
 * doctor → the room; one room → the doctor; every doctor or a department → the doctor, then the
 * room. A compact (month) card keeps the first line only.
 */
export function cardLines(s: { doctor: { name: string }; room: { name: string } }, fixed: Fixed, compact = false): string[] {
  const lines = [fixed === 'doctor' ? null : s.doctor.name, fixed === 'room' ? null : s.room.name].filter((l): l is string => l !== null);
  return compact ? lines.slice(0, 1) : lines;
}
