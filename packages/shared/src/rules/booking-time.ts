/**
 * What a booking's time means once it has come (docs/booking-states.md, "When the slot is over"):
 * the slot is over at its end time on its day (+07:00); a check-in more than the facility's late
 * threshold after that end is a late check-in (asked for, and logged); an accepted booking nobody
 * checked in becomes a no-show at the no-show hour. Pure functions of the instant `now`, so the
 * server and the screens decide the same way and the tests pin the clock.
 */
import type { BookingStatus } from './booking-status';
import { todayVn, vnParts, vnWallClockToMs } from './time';

/** HH:mm of a day (+07:00), or 24:00 for the end of the day: the no-show hour's format. */
export const DAY_TIME_RE = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;

const MINUTE_MS = 60_000;

function parseDay(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

function parseTime(time: string): [number, number] {
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return [h, mi];
}

/** The instant (ms) a slot of `date` (YYYY-MM-DD) ending at `endTime` (HH:mm) ends, +07:00. */
export function slotEndMs(date: string, endTime: string): number {
  return vnWallClockToMs(...parseDay(date), ...parseTime(endTime));
}

/** Whole minutes since the slot ended (0 or negative while it has not). */
export function minutesPastSlot(date: string, endTime: string, now: Date): number {
  return Math.floor((now.getTime() - slotEndMs(date, endTime)) / MINUTE_MS);
}

/** The slot has ended. */
export function slotIsOver(b: { date: string; endTime: string }, now: Date): boolean {
  return now.getTime() >= slotEndMs(b.date, b.endTime);
}

/**
 * The minutes a check-in at `now` comes after the slot's end when that is more than `lateAfterMinutes`
 * (a late check-in: the desk must confirm it and it is logged), else null.
 */
export function lateCheckinMinutes(b: { date: string; endTime: string }, now: Date, lateAfterMinutes: number): number | null {
  const ms = now.getTime() - slotEndMs(b.date, b.endTime);
  return ms > lateAfterMinutes * MINUTE_MS ? Math.floor(ms / MINUTE_MS) : null;
}

/** States the list flags "Quá giờ hẹn" once the slot is over: still waiting for the facility or the patient. */
export const OVERDUE_STATES: readonly BookingStatus[] = ['PENDING', 'ACCEPTED'];

/** The booking list's "Quá giờ hẹn" flag: pending or accepted, and its slot is over. */
export function isOverdue(b: { status: BookingStatus; date: string; endTime: string }, now: Date): boolean {
  return OVERDUE_STATES.includes(b.status) && slotIsOver(b, now);
}

/**
 * The last visit day whose accepted bookings are no-shows at `now`, given the no-show hour `at`
 * (HH:mm of the visit's own day, +07:00; 24:00 = once the day is over). At 21:00 with `at` 20:00 it is
 * today; at 19:59, yesterday; with 24:00 always yesterday.
 */
export function noShowDueThrough(now: Date, at: string): string {
  const [h, mi] = parseTime(at);
  const p = vnParts(now);
  const reached = h < 24 && p.hour * 60 + p.minute >= h * 60 + mi;
  return reached ? todayVn(now) : todayVn(new Date(now.getTime() - 24 * 3600_000));
}
