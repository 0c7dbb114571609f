import { BOOKING_LIVE_TOPIC, BOOKING_MESSAGES, type BulkResult, type StaffAction } from '@portal/shared/contracts/appointments.contract';
import { FHIR_STATUS, HOLDS_SLOT, nextStatus, revertRetakesSlot, type BookingStatus } from '@portal/shared/rules/booking-status';
import { fmt } from '@portal/shared/messages.vi';
import { formatDate } from '@portal/shared/rules/format';
import { todayVn } from '@portal/shared/rules/time';
import type { AuditEntry } from '../../core/audit';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Executor, Tx } from '../../core/db';
import { recordWrite } from '../../core/write';
import { AppError, conflict, notFound } from '../../core/errors';
import { dayListCache } from './day-list.cache';
import { revertStack, topOf } from './booking-log';
import { findStatusChanges } from './appointments.repository';
import { recordBookingVisits } from '../patients/booking-visits.repository';
import {
  givePlaceBack,
  insertLog,
  lockBooking,
  nextQueueNumber,
  roomOfFacility,
  setBookingStatus,
  takeNextWaiting,
  NOW,
  takePlace,
  type LogInsert,
  type StatusSet,
} from './booking-writes.repository';

export interface TransitionOutcome {
  id: number;
  status: BookingStatus;
  queueNumber: number | null;
}

/**
 * One transition of one booking inside the caller's transaction: lock the row, ask the state
 * machine, apply the side effects (place in the slot, queue number, reason), then the booking's
 * log row, the audit row and the live event. Throws 404 / 409 (nothing written by this call).
 */
export async function applyTransition(ctx: AppContext, tx: Tx, caller: Caller, id: number, action: StaffAction, reason?: string): Promise<TransitionOutcome> {
  const b = await lockBooking(tx, caller.facilityId, id);
  if (!b) throw notFound(BOOKING_MESSAGES.notFound);

  let previous: BookingStatus | null = null;
  let stack: BookingStatus[] = [];
  if (action === 'revert') {
    stack = revertStack(await findStatusChanges(tx, id));
    previous = topOf(stack);
  }
  const next = nextStatus(b.status, action, previous);
  if (!next.ok) throw conflict(next.message);
  const to = next.to;
  // The patient is at the desk on the day of the visit: a booking of another day is not checked in
  // (it would take a number in that day's queue). Late arrivals of today's earlier slots are.
  if (action === 'checkin' && b.date !== todayVn()) throw conflict(fmt(BOOKING_MESSAGES.checkinNotToday, { date: formatDate(b.date) }));

  let queueNumber = b.queueNumber;
  const change: StatusSet = { status: to, fhirStatus: FHIR_STATUS[to], queueNumber };
  if (reason !== undefined) change.statusReason = reason;
  if (action === 'checkin') {
    // A reverted check-in kept its number: checking in again gives the same one (no gaps, no duplicates).
    queueNumber ??= await nextQueueNumber(tx, caller.facilityId, b.roomId, b.date);
    change.checkedInAt = NOW;
  }
  if (action === 'call') change.calledAt = NOW;
  if (action === 'revert') {
    if (b.status === 'CALLED') change.calledAt = null;
    if (b.status === 'CHECKED_IN') change.checkedInAt = null;
    if (b.status === 'REJECTED' || b.status === 'CANCELLED') change.statusReason = null;
    if (revertRetakesSlot(b.status, to) && !(await takePlace(tx, caller.facilityId, b.timeSlotId))) throw conflict(BOOKING_MESSAGES.slotFull);
  }
  if (HOLDS_SLOT.includes(b.status) && !HOLDS_SLOT.includes(to)) await givePlaceBack(tx, caller.facilityId, b.timeSlotId);
  await setBookingStatus(tx, id, { ...change, queueNumber });
  // A finished booking is a visit of its patient (docs/booking-states.md): recorded with the change.
  if (to === 'DONE') await recordBookingVisits(tx, { facilityId: caller.facilityId, bookingId: id });

  const after = action === 'revert' ? topOf(stack.slice(0, -1)) : b.status;
  const detail: Record<string, unknown> = { previous: after };
  if (queueNumber !== null && (action === 'checkin' || action === 'revert')) detail.queueNumber = queueNumber;
  await recordBookingWrite(ctx, tx, caller, {
    logs: [{ facilityId: caller.facilityId, bookingId: id, action, from: b.status, to, reason, actor: 'STAFF', accountId: caller.accountId, detail }],
    audit: {
      action: `BOOKING_${action.toUpperCase()}`,
      entity: 'booking',
      entityId: id,
      before: { status: b.status },
      after: { status: to, reason, queueNumber },
    },
    type: action,
    booking: { id, date: b.date, status: to, roomId: b.roomId },
  });
  return { id, status: to, queueNumber };
}

/**
 * What a booking change leaves behind, in its transaction (core/write): its log rows, the audit row and
 * the live event (delivered only when the transaction commits); the facility's cached day lists are
 * dropped at once on this instance.
 */
export async function recordBookingWrite(
  ctx: AppContext,
  tx: Executor,
  caller: Caller,
  w: { logs: LogInsert[]; audit: AuditEntry; type: string; booking: { id: number; date: string; status: BookingStatus; roomId: number } },
) {
  dayListCache(ctx).drop(caller.facilityId);
  const b = w.booking;
  await recordWrite(ctx, tx, caller, {
    log: async (ex) => {
      for (const l of w.logs) await insertLog(ex, l);
    },
    audit: w.audit,
    live: { facilityId: caller.facilityId, topic: BOOKING_LIVE_TOPIC, type: w.type, id: b.id, data: { date: b.date, status: b.status, roomId: b.roomId } },
  });
}

/** One transition in its own transaction. */
export function transition(ctx: AppContext, caller: Caller, id: number, action: StaffAction, reason?: string) {
  return ctx.database.transaction((tx) => applyTransition(ctx, tx, caller, id, action, reason));
}

/**
 * Calls the next patient of a room's day (spec §7 "/called"): the first who is checked in and
 * waiting, priority first, then by queue number. Two desks (or a desk and the room's screen)
 * calling at the same moment call two different patients: the row is taken with SKIP LOCKED.
 * 404 for a room not of the facility, 409 when nobody is waiting.
 */
export function callNext(ctx: AppContext, caller: Caller, roomId: number, date: string) {
  const facilityId = caller.facilityId;
  return ctx.database.transaction(async (tx) => {
    await roomOfFacility(tx, facilityId, roomId);
    const next = await takeNextWaiting(tx, facilityId, roomId, date);
    if (next === null) throw conflict(BOOKING_MESSAGES.queueEmpty);
    return applyTransition(ctx, tx, caller, next, 'call');
  });
}

/**
 * Bulk accept: one transaction. A refused booking (404, 409) is refused before anything of it is
 * written (applyTransition's contract, tested), so it leaves no trace and the others go on; any other
 * error rolls the whole transaction back. No savepoint per booking: two round trips each, a quarter
 * of the time of 50 (docs/performance.md). Ids are locked in ascending order, so two bulk accepts
 * over overlapping bookings cannot deadlock.
 */
export async function bulkAccept(ctx: AppContext, caller: Caller, ids: number[]) {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const byId = new Map<number, BulkResult>();
  await ctx.database.transaction(async (tx) => {
    for (const id of unique) {
      try {
        const r = await applyTransition(ctx, tx, caller, id, 'accept');
        byId.set(id, { id, ok: true, status: r.status });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        byId.set(id, { id, ok: false, message: err.message });
      }
    }
  });
  const results = unique.map((id) => byId.get(id)!);
  const succeeded = results.filter((r) => r.ok).length;
  return { succeeded, failed: results.length - succeeded, results };
}
