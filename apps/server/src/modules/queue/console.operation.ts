import { sql } from 'drizzle-orm';
import { BOOKING_MESSAGES } from '@portal/shared/contracts/appointments.contract';
import { QUEUE_MESSAGES, type ConsoleState, type ConsoleTicket } from '@portal/shared/contracts/queue.contract';
import { FHIR_STATUS, SKIP, type BookingStatus } from '@portal/shared/rules/booking-status';
import { skipPlace, type QueuePlace } from '@portal/shared/rules/queue';
import { todayVn } from '@portal/shared/rules/time';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Executor, Tx } from '../../core/db';
import { conflict, forbidden, notFound } from '../../core/errors';
import { iso, rows } from '../../core/sql';
import { findStatusChanges } from '../appointments/appointments.repository';
import { revertStack, topOf } from '../appointments/booking-log';
import { lockRoomForCall, setBookingStatus } from '../appointments/booking-writes.repository';
import { queueOrder } from '../appointments/queue-order';
import { applyTransition, callNext, recordBookingWrite } from '../appointments/transitions.operation';
import { facilitySettings } from '../settings/settings.accessor';
import { countRoomDayDone, findAssignedRooms, findRoomDayQueue, findRooms, type QueueRecord, type RoomRecord } from './queue.repository';

/**
 * The room's console (issue 22, docs/waiting-room.md "Room console"): a nurse or doctor assigned to the room calls
 * the next patient, calls one again, skips one who does not answer, and marks a visit done — today's queue only.
 * Every action names the booking it acts on (recall, skip, complete: the room's current call), so a console
 * showing an old state cannot act on the patient another console has just called: 409, and the screen reloads.
 * Calls of a room take turns on the room's row (lockRoomForCall), like the desk's.
 */

/** The rooms the caller is assigned to: the console's choices. */
export function consoleRooms(ctx: AppContext, caller: Caller): Promise<RoomRecord[]> {
  return findAssignedRooms(ctx.database.db, caller.facilityId, caller.accountId);
}

/** A room of the facility (404) the caller is assigned to (403). */
async function assignedRoom(ex: Executor, caller: Caller, roomId: number): Promise<RoomRecord> {
  const [room] = await findRooms(ex, caller.facilityId, [roomId]);
  if (!room) throw notFound(QUEUE_MESSAGES.roomNotFound);
  const mine = await findAssignedRooms(ex, caller.facilityId, caller.accountId);
  if (!mine.some((r) => r.id === roomId)) throw forbidden(QUEUE_MESSAGES.notYourRoom);
  return room;
}

const ticket = (r: QueueRecord): ConsoleTicket => ({
  bookingId: r.id,
  code: r.code,
  number: r.number,
  name: r.fullName,
  priority: r.priority > 0,
  skips: r.skips,
  symptom: r.symptom,
  checkedInAt: iso(r.checkedInAt),
  calledAt: iso(r.calledAt),
  source: r.source,
});

async function stateOf(ctx: AppContext, ex: Executor, room: RoomRecord, facilityId: number): Promise<ConsoleState> {
  const date = todayVn();
  const [queue, doneCount, settings] = await Promise.all([
    findRoomDayQueue(ex, facilityId, room.id, date),
    countRoomDayDone(ex, facilityId, room.id, date),
    facilitySettings(ctx, facilityId),
  ]);
  const current = queue.find((r) => r.calling);
  return {
    room,
    date,
    current: current ? ticket(current) : null,
    waiting: queue.filter((r) => r.status === 'CHECKED_IN').map(ticket),
    calledEarlier: queue.filter((r) => r.status === 'CALLED' && !r.calling).map(ticket),
    doneCount,
    skipPlaces: settings.QUEUE_SKIP_PLACES,
  };
}

/** Today's queue of an assigned room. */
export async function consoleState(ctx: AppContext, caller: Caller, roomId: number): Promise<ConsoleState> {
  const db = ctx.database.db;
  return stateOf(ctx, db, await assignedRoom(db, caller, roomId), caller.facilityId);
}

/** The room's state after an action, with the number the action was about. */
async function after(ctx: AppContext, caller: Caller, room: RoomRecord, number: number) {
  return { state: await stateOf(ctx, ctx.database.db, room, caller.facilityId), number };
}

interface QueueBooking {
  id: number;
  roomId: number;
  date: string;
  status: BookingStatus;
  calling: boolean;
  number: number | null;
}

/** A booking of the facility locked for a queue action; 404 when it is not the facility's. */
async function lockQueueBooking(tx: Tx, facilityId: number, id: number): Promise<QueueBooking> {
  const [b] = await rows<QueueBooking>(
    tx,
    sql`SELECT id, room_id AS "roomId", date::text AS date, status, calling, queue_number AS number FROM bookings
        WHERE facility_id = ${facilityId} AND id = ${id} FOR UPDATE`,
  );
  if (!b) throw notFound(BOOKING_MESSAGES.notFound);
  return b;
}

/** The booking is the room's call of the moment today, else 409. */
function mustBeCurrent(b: QueueBooking, roomId: number): void {
  if (b.roomId !== roomId || b.date !== todayVn() || !b.calling || b.status !== 'CALLED') throw conflict(QUEUE_MESSAGES.notCurrentCall);
}

/** The state before the booking's last transition once this action is logged (the revert button reads it). */
async function previousAfter(tx: Tx, bookingId: number, pop: boolean): Promise<BookingStatus | null> {
  const stack = revertStack(await findStatusChanges(tx, bookingId));
  return topOf(pop ? stack.slice(0, -1) : stack);
}

export async function consoleCallNext(ctx: AppContext, caller: Caller, roomId: number) {
  const room = await assignedRoom(ctx.database.db, caller, roomId);
  const called = await callNext(ctx, caller, roomId, todayVn());
  return after(ctx, caller, room, called.queueNumber ?? 0);
}

/** A transition of one booking of the room's queue today, from `status` (else 409 "not in the queue"). */
async function transitionInRoom(ctx: AppContext, caller: Caller, roomId: number, bookingId: number, status: BookingStatus, action: 'call' | 'complete') {
  const room = await assignedRoom(ctx.database.db, caller, roomId);
  const done = await ctx.database.transaction(async (tx) => {
    // a call takes its turn on the room's row, like every call of the room
    if (action === 'call') await lockRoomForCall(tx, caller.facilityId, roomId);
    const b = await lockQueueBooking(tx, caller.facilityId, bookingId);
    if (b.roomId !== roomId || b.date !== todayVn() || b.status !== status) throw conflict(QUEUE_MESSAGES.notWaiting);
    return applyTransition(ctx, tx, caller, bookingId, action);
  });
  return after(ctx, caller, room, done.queueNumber ?? 0);
}

/** Calls one waiting patient of the room (one who was skipped and has come back, say). */
export const consoleCall = (ctx: AppContext, caller: Caller, roomId: number, bookingId: number) =>
  transitionInRoom(ctx, caller, roomId, bookingId, 'CHECKED_IN', 'call');

/** Marks the visit of a called patient of the room done (the current one, or one called earlier). */
export const consoleComplete = (ctx: AppContext, caller: Caller, roomId: number, bookingId: number) =>
  transitionInRoom(ctx, caller, roomId, bookingId, 'CALLED', 'complete');

/** Calls the room's current patient again: the calling screens say it again. The state stays CALLED. */
export async function consoleRecall(ctx: AppContext, caller: Caller, roomId: number, bookingId: number) {
  const room = await assignedRoom(ctx.database.db, caller, roomId);
  const number = await ctx.database.transaction(async (tx) => {
    await lockRoomForCall(tx, caller.facilityId, roomId);
    const b = await lockQueueBooking(tx, caller.facilityId, bookingId);
    mustBeCurrent(b, roomId);
    await tx.execute(sql`UPDATE bookings SET announced_at = now(), updated_at = now() WHERE id = ${bookingId}`);
    const [{ recalls } = { recalls: 0 }] = await rows<{ recalls: number }>(
      tx,
      sql`SELECT count(*)::int AS recalls FROM booking_logs WHERE booking_id = ${bookingId} AND action = 'recall'`,
    );
    const detail = { previous: await previousAfter(tx, bookingId, false), recall: recalls + 1 };
    await recordBookingWrite(ctx, tx, caller, {
      logs: [{ facilityId: caller.facilityId, bookingId, action: 'recall', from: 'CALLED', to: 'CALLED', actor: 'STAFF', accountId: caller.accountId, detail }],
      audit: { action: 'BOOKING_RECALL', entity: 'booking', entityId: bookingId, after: { queueNumber: b.number, recall: detail.recall } },
      type: 'recall',
      booking: { id: bookingId, date: b.date, status: 'CALLED', roomId },
    });
    return b.number ?? 0;
  });
  return after(ctx, caller, room, number);
}

/**
 * The room's current patient did not answer: back to waiting (CALLED → CHECKED_IN), behind the next
 * QUEUE_SKIP_PLACES patients in call order (rules/queue skipPlace), and the room has no call of the moment.
 */
export async function consoleSkip(ctx: AppContext, caller: Caller, roomId: number, bookingId: number) {
  const room = await assignedRoom(ctx.database.db, caller, roomId);
  const places = (await facilitySettings(ctx, caller.facilityId)).QUEUE_SKIP_PLACES;
  const number = await ctx.database.transaction(async (tx) => {
    await lockRoomForCall(tx, caller.facilityId, roomId);
    const b = await lockQueueBooking(tx, caller.facilityId, bookingId);
    mustBeCurrent(b, roomId);
    const waiting = await rows<QueuePlace>(
      tx,
      sql`SELECT coalesce(b.queue_rank, b.priority)::int AS rank, coalesce(b.queue_position, b.queue_number)::float8 AS position FROM bookings b
          WHERE b.facility_id = ${caller.facilityId} AND b.room_id = ${roomId} AND b.date = ${b.date} AND b.status = 'CHECKED_IN' AND b.queue_number IS NOT NULL
          ORDER BY ${queueOrder()}`,
    );
    const place = skipPlace(waiting, places);
    await setBookingStatus(tx, bookingId, {
      status: SKIP.to,
      fhirStatus: FHIR_STATUS[SKIP.to],
      queueNumber: b.number,
      calling: false,
      calledAt: null,
      ...(place ? { queueRank: place.rank, queuePosition: place.position } : {}),
      skipCount: sql`skip_count + 1`,
    });
    const behind = Math.min(places, waiting.length);
    // the log row comes first: the state before it is the one under the call it undoes
    const previous = await previousAfter(tx, bookingId, true);
    await recordBookingWrite(ctx, tx, caller, {
      logs: [
        {
          facilityId: caller.facilityId,
          bookingId,
          action: 'skip',
          from: SKIP.from,
          to: SKIP.to,
          actor: 'STAFF',
          accountId: caller.accountId,
          detail: { previous, places, behind },
        },
      ],
      audit: {
        action: 'BOOKING_SKIP',
        entity: 'booking',
        entityId: bookingId,
        before: { status: SKIP.from },
        after: { status: SKIP.to, queueNumber: b.number, behind },
      },
      type: 'skip',
      booking: { id: bookingId, date: b.date, status: SKIP.to, roomId },
    });
    return b.number ?? 0;
  });
  return { ...(await after(ctx, caller, room, number)), places };
}
