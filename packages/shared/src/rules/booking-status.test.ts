import { describe, expect, it } from 'vitest';
import {
  availableActions,
  BOOKING_STATUSES,
  type BookingAction,
  type BookingStatus,
  FHIR_STATUS,
  HOLDS_SLOT,
  nextStatus,
  revertRetakesSlot,
} from './booking-status';

type Forward = Exclude<BookingAction, 'revert'>;

/** The whole forward table: rows = current state, columns = action, cell = next state or '-' (refused). */
const TABLE: Record<BookingStatus, Record<Forward, BookingStatus | '-'>> = {
  //            accept        reject        checkin        call       complete  cancel        noShow
  PENDING: { accept: 'ACCEPTED', reject: 'REJECTED', checkin: '-', call: '-', complete: '-', cancel: 'CANCELLED', noShow: '-' },
  ACCEPTED: { accept: '-', reject: 'REJECTED', checkin: 'CHECKED_IN', call: '-', complete: '-', cancel: 'CANCELLED', noShow: 'NO_SHOW' },
  REJECTED: { accept: '-', reject: '-', checkin: '-', call: '-', complete: '-', cancel: '-', noShow: '-' },
  CHECKED_IN: { accept: '-', reject: '-', checkin: '-', call: 'CALLED', complete: '-', cancel: '-', noShow: '-' },
  CALLED: { accept: '-', reject: '-', checkin: '-', call: '-', complete: 'DONE', cancel: '-', noShow: '-' },
  DONE: { accept: '-', reject: '-', checkin: '-', call: '-', complete: '-', cancel: '-', noShow: '-' },
  NO_SHOW: { accept: '-', reject: '-', checkin: '-', call: '-', complete: '-', cancel: '-', noShow: '-' },
  CANCELLED: { accept: '-', reject: '-', checkin: '-', call: '-', complete: '-', cancel: '-', noShow: '-' },
};

describe('booking state machine: forward transitions', () => {
  const cases = BOOKING_STATUSES.flatMap((from) => (Object.keys(TABLE[from]) as Forward[]).map((action) => ({ from, action, to: TABLE[from][action] })));
  it('covers every state and action', () => expect(cases).toHaveLength(8 * 7));
  it.each(cases)('$from --$action--> $to', ({ from, action, to }) => {
    const r = nextStatus(from, action);
    if (to === '-') {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toMatch(/^Không thể .+ lịch khám đang ở trạng thái ".+"$/);
    } else expect(r).toEqual({ ok: true, to });
  });
  it('names the current state in Vietnamese when refusing', () => {
    expect(nextStatus('REJECTED', 'checkin')).toEqual({ ok: false, message: 'Không thể tiếp đón lịch khám đang ở trạng thái "Đã từ chối"' });
  });
});

describe('booking state machine: revert goes exactly one step back', () => {
  it.each([
    { from: 'ACCEPTED', previous: 'PENDING', to: 'PENDING' },
    { from: 'REJECTED', previous: 'PENDING', to: 'PENDING' },
    { from: 'REJECTED', previous: 'ACCEPTED', to: 'ACCEPTED' },
    { from: 'CHECKED_IN', previous: 'ACCEPTED', to: 'ACCEPTED' },
    { from: 'CALLED', previous: 'CHECKED_IN', to: 'CHECKED_IN' },
    { from: 'NO_SHOW', previous: 'ACCEPTED', to: 'ACCEPTED' },
  ] as const)('$from (was $previous) → $to', ({ from, previous, to }) => {
    expect(nextStatus(from, 'revert', previous)).toEqual({ ok: true, to });
  });

  it.each([
    { from: 'PENDING', previous: null, why: 'nothing before it' },
    { from: 'DONE', previous: 'CALLED', why: 'the visit happened' },
    { from: 'CANCELLED', previous: 'ACCEPTED', why: "the patient's own decision" },
    { from: 'ACCEPTED', previous: null, why: 'no previous state known' },
    { from: 'CALLED', previous: 'ACCEPTED', why: 'two steps back' },
    { from: 'CHECKED_IN', previous: 'PENDING', why: 'not a real earlier step' },
    { from: 'ACCEPTED', previous: 'ACCEPTED', why: 'not a step' },
  ] as const)('refused from $from (was $previous): $why', ({ from, previous }) => {
    const r = nextStatus(from, 'revert', previous);
    expect(r.ok).toBe(false);
  });
});

describe('what the screen offers and what holds a slot', () => {
  it.each([
    { status: 'PENDING', previous: null, actions: ['accept', 'reject', 'cancel'] },
    { status: 'ACCEPTED', previous: 'PENDING', actions: ['reject', 'checkin', 'cancel', 'revert'] },
    { status: 'CHECKED_IN', previous: 'ACCEPTED', actions: ['call', 'revert'] },
    { status: 'CALLED', previous: 'CHECKED_IN', actions: ['complete', 'revert'] },
    { status: 'DONE', previous: 'CALLED', actions: [] },
    { status: 'REJECTED', previous: 'PENDING', actions: ['revert'] },
  ] as const)('$status offers $actions', ({ status, previous, actions }) => {
    expect(availableActions(status, previous)).toEqual(actions);
  });

  it('a rejected or cancelled booking gives its slot back; reverting it takes one again', () => {
    expect(HOLDS_SLOT).not.toContain('REJECTED');
    expect(HOLDS_SLOT).not.toContain('CANCELLED');
    expect(revertRetakesSlot('REJECTED', 'ACCEPTED')).toBe(true);
    expect(revertRetakesSlot('CHECKED_IN', 'ACCEPTED')).toBe(false);
  });

  it('every state has a FHIR Appointment.status', () => {
    const fhir = ['proposed', 'pending', 'booked', 'arrived', 'fulfilled', 'cancelled', 'noshow', 'entered-in-error', 'checked-in', 'waitlist'];
    for (const s of BOOKING_STATUSES) expect(fhir).toContain(FHIR_STATUS[s]);
  });
});
