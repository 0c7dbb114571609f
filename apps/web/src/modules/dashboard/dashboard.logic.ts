/**
 * Where each figure of the home page's dashboard leads: the screen that lists what it counts, with the
 * filters that list exactly those rows (the booking list's URL: booking-list.logic.ts; the logs screen's:
 * logs.logic.ts).
 */
import type { FailedSignInAction } from '@portal/shared/contracts/dashboard.paths';
import type { BookingStatus } from '@portal/shared/rules/booking-status';

export const BOOKING_LIST_PATH = '/admin/quan-ly-dat-kham';
export const LOGS_PATH = '/admin/logs';
export const REPORT_PATH = '/admin/report/bookings';

const withQuery = (path: string, q: Record<string, string>) => `${path}?${new URLSearchParams(q).toString()}`;

/**
 * The day's bookings in one state (or all), over every room the caller may see: the list's `roomId=all`
 * (for an account kept to its rooms, all = its rooms), as the dashboard counts them.
 */
export function bookingsLink(date: string, status: BookingStatus | null): string {
  return withQuery(BOOKING_LIST_PATH, { date, ...(status ? { status } : {}), roomId: 'all' });
}

/** One room's bookings of the day: the list opens on that room with its queue card. */
export function roomLink(date: string, roomId: number): string {
  return withQuery(BOOKING_LIST_PATH, { date, roomId: String(roomId) });
}

/** The logs of the day with one action (the logs screen filters one action at a time). */
export function signInLogLink(date: string, action: FailedSignInAction): string {
  return withQuery(LOGS_PATH, { from: date, to: date, action });
}

/** The logs screen's tab of the dead jobs. */
export const DEAD_JOBS_LINK = withQuery(LOGS_PATH, { tab: 'jobs' });

/** The sum of a record of counts (the "Tất cả" figure). */
export function sumOf(counts: Readonly<Record<string, number>>): number {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}

/** The report screen's quick statistic of one day (its URL: reports.logic.ts). */
export function reportLink(date: string): string {
  return withQuery(REPORT_PATH, { from: date, to: date });
}
