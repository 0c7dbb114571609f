import { describe, expect, it } from 'vitest';
import { DAY_TIME_RE, isOverdue, lateCheckinMinutes, minutesPastSlot, noShowDueThrough, slotIsOver } from './booking-time';
import type { BookingStatus } from './booking-status';

/** An instant given as Vietnamese wall clock. */
const vn = (s: string) => new Date(`${s}+07:00`);
const slot = { date: '2026-11-26', endTime: '07:30' };

describe('slot end, minutes past, over (+07:00 whatever the machine zone)', () => {
  it.each<[string, number, boolean]>([
    ['2026-11-26T07:00:00', -30, false],
    ['2026-11-26T07:29:59', -1, false],
    ['2026-11-26T07:30:00', 0, true],
    ['2026-11-26T08:30:00', 60, true],
    ['2026-11-26T20:00:00', 750, true],
    // the next day, and the day before
    ['2026-11-27T07:30:00', 1440, true],
    ['2026-11-25T23:00:00', -510, false],
  ])('at %s: %d minutes past, over %s', (at, minutes, over) => {
    expect(minutesPastSlot(slot.date, slot.endTime, vn(at))).toBe(minutes);
    expect(slotIsOver(slot, vn(at))).toBe(over);
  });

  it('reads the slot end in +07:00: 07:30 on 26/11 is 00:30 UTC', () => {
    expect(minutesPastSlot(slot.date, slot.endTime, new Date('2026-11-26T00:30:00Z'))).toBe(0);
  });
});

describe('late check-in: more than the threshold after the slot end', () => {
  it.each<[string, number, number | null]>([
    ['2026-11-26T07:10:00', 60, null], // during the slot
    ['2026-11-26T08:30:00', 60, null], // exactly the threshold: not late
    ['2026-11-26T08:30:01', 60, 60],
    ['2026-11-26T08:31:00', 60, 61],
    ['2026-11-26T20:00:00', 60, 750], // the issue: 07:00–07:30 checked in at 20:00
    ['2026-11-26T07:30:00', 0, null],
    ['2026-11-26T07:31:00', 0, 1],
    ['2026-11-26T20:00:00', 24 * 60, null],
  ])('at %s with %d minutes allowed → %j', (at, allowed, late) => {
    expect(lateCheckinMinutes(slot, vn(at), allowed)).toBe(late);
  });
});

describe('"Quá giờ hẹn": pending or accepted once the slot is over', () => {
  const before = vn('2026-11-26T07:29:00');
  const after = vn('2026-11-26T07:31:00');
  it.each<[BookingStatus, boolean, boolean]>([
    ['PENDING', false, true],
    ['ACCEPTED', false, true],
    ['CHECKED_IN', false, false],
    ['CALLED', false, false],
    ['DONE', false, false],
    ['REJECTED', false, false],
    ['CANCELLED', false, false],
    ['NO_SHOW', false, false],
  ])('%s: before the end %s, after %s', (status, atBefore, atAfter) => {
    expect(isOverdue({ status, ...slot }, before)).toBe(atBefore);
    expect(isOverdue({ status, ...slot }, after)).toBe(atAfter);
  });
});

describe('no-show hour: the last visit day due at a moment', () => {
  it.each<[string, string, string]>([
    // end of the day (the default): always yesterday's
    ['2026-11-26T00:00:00', '24:00', '2026-11-25'],
    ['2026-11-26T23:59:59', '24:00', '2026-11-25'],
    // an evening hour: today's once it is reached
    ['2026-11-26T19:59:59', '20:00', '2026-11-25'],
    ['2026-11-26T20:00:00', '20:00', '2026-11-26'],
    ['2026-11-26T23:00:00', '20:00', '2026-11-26'],
    ['2026-11-27T00:05:00', '20:00', '2026-11-26'],
    ['2026-11-26T00:00:00', '00:00', '2026-11-26'],
    // across a month and a year (+07:00: 17:00 UTC is already the next day)
    ['2026-12-01T08:00:00', '24:00', '2026-11-30'],
    ['2027-01-01T00:10:00', '24:00', '2026-12-31'],
  ])('at %s with the hour %s → %s', (at, hour, day) => {
    expect(noShowDueThrough(vn(at), hour)).toBe(day);
  });

  it.each<[string, boolean]>([
    ['20:00', true],
    ['00:00', true],
    ['23:59', true],
    ['24:00', true],
    ['24:01', false],
    ['25:00', false],
    ['8:00', false],
    ['20:60', false],
    ['', false],
  ])('%j is a valid hour: %s', (v, ok) => {
    expect(DAY_TIME_RE.test(v)).toBe(ok);
  });
});
