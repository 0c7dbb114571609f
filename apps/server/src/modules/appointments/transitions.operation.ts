import { BOOKING_LIVE_TOPIC, BOOKING_MESSAGES, type BulkResult, type StaffAction } from '@portal/shared/contracts/appointments.contract';
import { FHIR_STATUS, HOLDS_SLOT, nextStatus, revertRetakesSlot, type BookingStatus } from '@portal/shared/rules/booking-status';
import { fmt } from '@portal/shared/messages.vi';
import { lateCheckinMinutes } from '@portal/shared/rules/booking-time';
import { formatDate, formatDuration } from '@portal/shared/rules/format';
import { todayVn } from '@portal/shared/rules/time';
import type { AuditEntry } from '../../core/audit';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { facilitySettings } from '../settings/settings.accessor';
import type { Executor, Tx } from '../../core/db';
import { recordWrite } from '../../core/write';
import { AppError, badRequest, conflict, notFound } from '../../core/errors';
import { dayListCache } from './day-list.cache';
import { revertStack, topOf } from './booking-log';
import { findStatusChanges } from './appointments.repository';
import { recordBookingVisits } from '../patients/booking-visits.repository';
import { notifyBookingTransitions } from '../notifications/events.bookings';
import { queueHisCheckin } from '../his/his-checkin';
import { checkRoom, roomScopeOf, type RoomScope } from './room-scope';
import {
  endRoomCall,
  givePlaceBack,
  insertLog,
  lockBooking,
  lockRoomForCall,
  nextQueueNumber,
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

/** What a transition may carry besides its action. */
export interface TransitionInput {
  /** Reject and cancel. */
  reason?: string;
  /** Check-in: the desk confirms a late check-in. */
  confirmLate?: boolean;
  /** The caller's rooms (read once per request); read here when not given. */
  scope?: RoomScope;
  /** A bulk accept tells the patients once for all its bookings (notifyBookingTransitions), not one by one. */
  deferEvents?: boolean;
  /** The moment of the transition (now when not given): the day and the late rule of a check-in read it. */
  now?: Date;
  /** The patient at a kiosk (issue 22): logged as the patient's, through that kiosk, with no staff account. */
  kiosk?: { screenId: number; screenName: string };
}

/**
 * One transition of one booking inside the caller's transaction: lock the row, ask the state
 * machine, apply the side effects (place in the slot, queue number, the room's call, reason), then the
 * booking's log row, the audit row and the live event. Throws 400 / 403 / 404 / 409 (nothing written by this call).
 */
export async function applyTransition(
  ctx: AppContext,
  tx: Tx,
  caller: Caller,
  id: number,
  action: StaffAction,
  input: TransitionInput = {},
): Promise<TransitionOutcome> {
  const { reason } = input;
  const b = await lockBooking(tx, caller.facilityId, id);
  if (!b) throw notFound(BOOKING_MESSAGES.notFound);
  checkRoom(input.scope ?? (await roomScopeOf(tx, caller)), b.roomId);

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
  const now = input.now ?? new Date();
  if (action === 'checkin' && b.date !== todayVn(now)) throw conflict(fmt(BOOKING_MESSAGES.checkinNotToday, { date: formatDate(b.date) }));
  // Long after the slot's end (the facility's LATE_CHECKIN_MINUTES setting, default the env's) the desk confirms the
  // check-in, which is logged as late.
  const lateAfter = action === 'checkin' ? (await facilitySettings(ctx, caller.facilityId, tx)).LATE_CHECKIN_MINUTES : 0;
  const late = action === 'checkin' ? lateCheckinMinutes(b, now, lateAfter) : null;
  if (late !== null && input.confirmLate !== true) {
    const message = fmt(BOOKING_MESSAGES.lateCheckin, {
      time: `${b.startTime}–${b.endTime}`,
      late: formatDuration(late),
      allowed: formatDuration(lateAfter),
    });
    throw badRequest(message, [{ field: 'confirmLate', message }]);
  }

  let queueNumber = b.queueNumber;
  const change: StatusSet = { status: to, fhirStatus: FHIR_STATUS[to], queueNumber };
  if (reason !== undefined) change.statusReason = reason;
  let endedCall: number | null = null;
  if (action === 'checkin') {
    // A reverted check-in kept its number: checking in again gives the same one (no gaps, no duplicates).
    queueNumber ??= await nextQueueNumber(tx, caller.facilityId, b.roomId, b.date);
    change.checkedInAt = NOW;
    change.lateCheckinMinutes = late;
    // in the queue by its number again (a skip before a reverted check-in had moved it)
    change.queueRank = null;
    change.queuePosition = null;
  }
  if (action === 'call') {
    // A room calls one patient at a time: its calls take turns, and this one ends the previous call of the moment.
    await lockRoomForCall(tx, caller.facilityId, b.roomId);
    endedCall = await endRoomCall(tx, caller.facilityId, b.roomId, b.date);
    change.calledAt = NOW;
    change.calling = true;
    change.announcedAt = NOW;
  }
  if (action === 'complete') change.calling = false;
  if (action === 'revert') {
    if (b.status === 'CALLED') {
      change.calledAt = null;
      change.calling = false;
    }
    if (b.status === 'CHECKED_IN') {
      change.checkedInAt = null;
      change.lateCheckinMinutes = null;
    }
    if (b.status === 'REJECTED' || b.status === 'CANCELLED') change.statusReason = null;
    if (revertRetakesSlot(b.status, to) && !(await takePlace(tx, caller.facilityId, b.timeSlotId))) throw conflict(BOOKING_MESSAGES.slotFull);
  }
  if (HOLDS_SLOT.includes(b.status) && !HOLDS_SLOT.includes(to)) await givePlaceBack(tx, caller.facilityId, b.timeSlotId);
  await setBookingStatus(tx, id, { ...change, queueNumber });
  // A finished booking is a visit of its patient (docs/booking-states.md): recorded with the change.
  if (to === 'DONE') await recordBookingVisits(tx, { facilityId: caller.facilityId, bookingId: id });
  // The HIS hears of the arrival through its outbox and job (issue 21), never while the desk waits.
  if (action === 'checkin') await queueHisCheckin(tx, caller.facilityId, id);
  // The patient's account is told of an accept or a reject (issue 17 events), once per booking, with the change.
  if ((action === 'accept' || action === 'reject') && !input.deferEvents) await notifyBookingTransitions(tx, caller.facilityId, [id], to);

  const after = action === 'revert' ? topOf(stack.slice(0, -1)) : b.status;
  const detail: Record<string, unknown> = { previous: after };
  if (queueNumber !== null && (action === 'checkin' || action === 'revert')) detail.queueNumber = queueNumber;
  if (late !== null) detail.lateMinutes = late;
  if (endedCall !== null) detail.endedCall = endedCall;
  const kiosk = input.kiosk;
  if (kiosk) Object.assign(detail, { via: 'KIOSK', screenId: kiosk.screenId, screenName: kiosk.screenName });
  await recordBookingWrite(ctx, tx, caller, {
    logs: [
      {
        facilityId: caller.facilityId,
        bookingId: id,
        action,
        from: b.status,
        to,
        reason,
        actor: kiosk ? 'PATIENT' : 'STAFF',
        accountId: kiosk ? null : caller.accountId,
        detail,
      },
    ],
    audit: {
      ...(kiosk ? { actorId: null, actorUsername: `Ki-ốt: ${kiosk.screenName}` } : {}),
      action: `BOOKING_${action.toUpperCase()}`,
      entity: 'booking',
      entityId: id,
      before: { status: b.status },
      after: { status: to, reason, queueNumber, ...(late !== null ? { lateCheckinMinutes: late } : {}), ...(endedCall !== null ? { endedCall } : {}) },
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
export function transition(ctx: AppContext, caller: Caller, id: number, action: StaffAction, input: TransitionInput = {}) {
  return ctx.database.transaction((tx) => applyTransition(ctx, tx, caller, id, action, input));
}

/**
 * Calls the next patient of a room's day (spec §7 "/called"): the first who is checked in and
 * waiting, priority first, then by queue number. Two desks (or a desk and the room's screen)
 * calling at the same moment take turns (the room is locked for its call) and call two different
 * patients; the later call is the room's call of the moment. 404 for a room not of the facility,
 * 403 for a room outside a restricted caller's rooms, 409 when nobody is waiting.
 */
export function callNext(ctx: AppContext, caller: Caller, roomId: number, date: string) {
  const facilityId = caller.facilityId;
  return ctx.database.transaction(async (tx) => {
    const scope = await roomScopeOf(tx, caller);
    await lockRoomForCall(tx, facilityId, roomId);
    checkRoom(scope, roomId);
    const next = await takeNextWaiting(tx, facilityId, roomId, date);
    if (next === null) throw conflict(BOOKING_MESSAGES.queueEmpty);
    return applyTransition(ctx, tx, caller, next, 'call', { scope });
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
    const scope = await roomScopeOf(tx, caller);
    for (const id of unique) {
      try {
        const r = await applyTransition(ctx, tx, caller, id, 'accept', { scope, deferEvents: true });
        byId.set(id, { id, ok: true, status: r.status });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        byId.set(id, { id, ok: false, message: err.message });
      }
    }
    // the accepted patients are told in one write, with the change
    const accepted = [...byId.values()].filter((r) => r.ok).map((r) => r.id);
    await notifyBookingTransitions(tx, caller.facilityId, accepted, 'ACCEPTED');
  });
  const results = unique.map((id) => byId.get(id)!);
  const succeeded = results.filter((r) => r.ok).length;
  return { succeeded, failed: results.length - succeeded, results };
}
