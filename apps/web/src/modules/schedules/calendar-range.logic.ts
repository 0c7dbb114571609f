import { addDays, isoWeekday } from '@portal/shared/rules/schedule';

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
