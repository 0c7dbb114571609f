import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { BOOKING_MESSAGES } from '@portal/shared/contracts/appointments.contract';
import { FHIR_STATUS, HOLDS_SLOT, type BookingStatus } from '@portal/shared/rules/booking-status';
import type { Executor, Tx } from '../../core/db';
import { notFound } from '../../core/errors';
import { rows, type Raw, type RawRow } from '../../core/sql';
import {
  bookings,
  type bookingServices,
  type medicalProfiles,
  type medicalServices,
  type queueCounters,
  type rooms,
  type schedules,
  type specialties,
  type timeSlots,
} from '../../db/schema';
import { statusOf } from './appointments.repository';
import { queueOrder } from './queue-order';

/**
 * What the booking writes (create.operation, update.operation, transitions.operation, no-show.job)
 * lock, check and change, in the caller's transaction. Rows are typed from the schema (core/sql.ts `Raw`).
 */

/** A booking of the facility locked for a write. */
export type LockedBooking = Omit<
  RawRow<
    typeof bookings,
    | 'id'
    | 'code'
    | 'status'
    | 'date'
    | 'startTime'
    | 'endTime'
    | 'roomId'
    | 'timeSlotId'
    | 'queueNumber'
    | 'medicalProfileId'
    | 'patientUserId'
    | 'priority'
    | 'symptom'
    | 'specialtyId'
    | 'totalPrice'
  >,
  'status'
> & { status: BookingStatus };

/** Locks a booking of the facility (bulk writers lock in id order, so they never deadlock). */
export async function lockBooking(ex: Executor, facilityId: number, id: number): Promise<LockedBooking | null> {
  const [r] = await rows<RawRow<typeof bookings, keyof LockedBooking>>(
    ex,
    sql`SELECT id, code, status, date::text AS date, start_time AS "startTime", end_time AS "endTime", room_id AS "roomId", time_slot_id AS "timeSlotId", queue_number AS "queueNumber",
          medical_profile_id AS "medicalProfileId", patient_user_id AS "patientUserId", priority, symptom, specialty_id AS "specialtyId",
          total_price AS "totalPrice"
        FROM bookings WHERE facility_id = ${facilityId} AND id = ${id} FOR UPDATE`,
  );
  return r ? { ...r, status: statusOf(r.status) } : null;
}

type NewBooking = typeof bookings.$inferInsert;

/** The transaction's time (PostgreSQL's now()), for a timestamp a write sets. */
export const NOW = sql`now()`;

/** An edit of a booking's columns (by id, unique across facilities), by the schema's keys; NOW for a time. */
export type BookingChange = PgUpdateSetSource<typeof bookings>;

export async function setBooking(ex: Executor, id: number, change: BookingChange): Promise<void> {
  await ex.update(bookings).set(change).where(eq(bookings.id, id));
}

/** What a transition changes: the status, the queue number, and the reason and times it sets (NOW) or clears (null). */
export interface StatusSet extends Pick<NewBooking, 'status' | 'fhirStatus'> {
  queueNumber: NewBooking['queueNumber'];
  statusReason?: NewBooking['statusReason'];
  checkedInAt?: typeof NOW | null;
  calledAt?: typeof NOW | null;
  calling?: boolean;
  lateCheckinMinutes?: number | null;
  /** The waiting room's place (issue 22): cleared at check-in, set by a skip. */
  queueRank?: number | null;
  queuePosition?: number | null;
  /** A call or recall to announce on the calling screens. */
  announcedAt?: typeof NOW | null;
  skipCount?: ReturnType<typeof sql>;
}

/**
 * A transition's change of a booking, and its updated_at. One raw statement: bulk accept runs it for
 * each booking, and the query builder's update costs about 0.1 ms more per statement.
 */
export async function setBookingStatus(ex: Executor, id: number, c: StatusSet): Promise<void> {
  const also = (column: string, v: unknown) => (v === undefined ? sql`` : sql`, ${sql.raw(column)} = ${v}`);
  await ex.execute(
    sql`UPDATE bookings SET status = ${c.status}, fhir_status = ${c.fhirStatus}, queue_number = ${c.queueNumber}, updated_at = now()${also(
      'status_reason',
      c.statusReason,
    )}${also('checked_in_at', c.checkedInAt)}${also('called_at', c.calledAt)}${also('calling', c.calling)}${also(
      'late_checkin_minutes',
      c.lateCheckinMinutes,
    )}${also('queue_rank', c.queueRank)}${also('queue_position', c.queuePosition)}${also('announced_at', c.announcedAt)}${also(
      'skip_count',
      c.skipCount,
    )} WHERE id = ${id}`,
  );
}

/** A new booking's row; undefined when its code is taken (the caller draws another). */
export async function insertBooking(
  tx: Tx,
  v: Required<
    Pick<
      NewBooking,
      | 'facilityId'
      | 'code'
      | 'patientUserId'
      | 'medicalProfileId'
      | 'timeSlotId'
      | 'scheduleId'
      | 'doctorId'
      | 'roomId'
      | 'departmentId'
      | 'specialtyId'
      | 'date'
      | 'startTime'
      | 'endTime'
      | 'status'
      | 'fhirStatus'
      | 'source'
      | 'priority'
      | 'symptom'
      | 'searchText'
      | 'createdBy'
    >
  >,
): Promise<number | undefined> {
  const [r] = await rows<RawRow<typeof bookings, 'id'>>(
    tx,
    sql`INSERT INTO bookings (facility_id, code, patient_user_id, medical_profile_id, time_slot_id, schedule_id, doctor_id, room_id, department_id,
          specialty_id, date, start_time, end_time, status, fhir_status, source, priority, symptom, search_text, created_by)
        VALUES (${v.facilityId}, ${v.code}, ${v.patientUserId}, ${v.medicalProfileId}, ${v.timeSlotId}, ${v.scheduleId}, ${v.doctorId}, ${v.roomId},
          ${v.departmentId}, ${v.specialtyId}, ${v.date}, ${v.startTime}, ${v.endTime}, ${v.status}, ${v.fhirStatus}, ${v.source}, ${v.priority},
          ${v.symptom}, ${v.searchText}, ${v.createdBy})
        ON CONFLICT (facility_id, code) DO NOTHING RETURNING id`,
  );
  return r?.id;
}

export interface LogInsert {
  facilityId: number;
  bookingId: number;
  action: string;
  from: BookingStatus | null;
  to: BookingStatus;
  reason?: string | null;
  actor: 'STAFF' | 'PATIENT' | 'SYSTEM';
  accountId: number | null;
  detail: Record<string, unknown>;
}

export async function insertLog(ex: Executor, l: LogInsert): Promise<void> {
  await ex.execute(sql`INSERT INTO booking_logs (facility_id, booking_id, action, from_status, to_status, reason, actor, account_id, detail)
    VALUES (${l.facilityId}, ${l.bookingId}, ${l.action}, ${l.from}, ${l.to}, ${l.reason ?? null}, ${l.actor}, ${l.accountId}, ${JSON.stringify(l.detail)}::jsonb)`);
}

/** A slot with its schedule's room and department, and whether it has started. */
export type SlotRecord = Raw<
  Pick<typeof timeSlots.$inferSelect, 'id' | 'scheduleId' | 'doctorId' | 'date' | 'startTime' | 'endTime' | 'capacity' | 'booked'> &
    Pick<typeof schedules.$inferSelect, 'roomId' | 'departmentId'> & { past: boolean }
>;

export async function findSlot(ex: Executor, facilityId: number, slotId: number): Promise<SlotRecord | null> {
  const [r] = await rows<SlotRecord>(
    ex,
    sql`SELECT s.id, s.schedule_id AS "scheduleId", s.doctor_id AS "doctorId", s.date::text AS date, s.start_time AS "startTime", s.end_time AS "endTime",
          s.capacity, s.booked, s.starts_at <= now() AS past, sc.room_id AS "roomId", sc.department_id AS "departmentId"
        FROM time_slots s JOIN schedules sc ON sc.id = s.schedule_id WHERE s.facility_id = ${facilityId} AND s.id = ${slotId}`,
  );
  return r ?? null;
}

/**
 * Takes one place of a slot: the single conditional update that makes "full" impossible to
 * overshoot under any concurrency (the row lock serialises takers; the CHECK guards the rest).
 */
export async function takePlace(ex: Executor, facilityId: number, slotId: number): Promise<boolean> {
  const r = await rows<RawRow<typeof timeSlots, 'id'>>(
    ex,
    sql`UPDATE time_slots SET booked = booked + 1 WHERE id = ${slotId} AND facility_id = ${facilityId} AND booked < capacity RETURNING id`,
  );
  return r.length === 1;
}

export async function givePlaceBack(ex: Executor, facilityId: number, slotId: number): Promise<void> {
  await ex.execute(sql`UPDATE time_slots SET booked = booked - 1 WHERE id = ${slotId} AND facility_id = ${facilityId} AND booked > 0`);
}

/** The next queue number of a room's day, in the caller's transaction: unique and gap-free. */
export async function nextQueueNumber(ex: Executor, facilityId: number, roomId: number, date: string): Promise<number> {
  const [r] = await rows<RawRow<typeof queueCounters, 'lastNumber'>>(
    ex,
    sql`INSERT INTO queue_counters (room_id, date, facility_id, last_number) VALUES (${roomId}, ${date}, ${facilityId}, 1)
        ON CONFLICT (room_id, date, facility_id) DO UPDATE SET last_number = queue_counters.last_number + 1 RETURNING last_number AS "lastNumber"`,
  );
  return r!.lastNumber;
}

/** Sets a room's day counter to the highest queue number its bookings hold, and returns it. */
export async function syncQueueCounter(ex: Executor, facilityId: number, roomId: number, date: string): Promise<number> {
  const [r] = await rows<RawRow<typeof queueCounters, 'lastNumber'>>(
    ex,
    sql`INSERT INTO queue_counters (room_id, date, facility_id, last_number)
        SELECT ${roomId}, ${date}::date, ${facilityId}, coalesce(max(queue_number), 0) FROM bookings WHERE facility_id = ${facilityId} AND room_id = ${roomId} AND date = ${date}
        ON CONFLICT (room_id, date, facility_id) DO UPDATE SET last_number = excluded.last_number RETURNING last_number AS "lastNumber"`,
  );
  return r!.lastNumber;
}

/** A room of the caller's facility, else 404 "Không tìm thấy phòng khám" (a room's queue and counter). */
export async function roomOfFacility(ex: Executor, facilityId: number, roomId: number): Promise<void> {
  const [room] = await rows<RawRow<typeof rooms, 'id'>>(ex, sql`SELECT id FROM rooms WHERE facility_id = ${facilityId} AND id = ${roomId}`);
  if (!room) throw notFound(BOOKING_MESSAGES.roomNotFound);
}

/**
 * Locks a room of the facility for a call, else 404 "Không tìm thấy phòng khám". A room calls one patient
 * at a time: its calls take turns here, so each ends the one before (two desks calling at once leave one
 * call of the moment). FOR NO KEY UPDATE: bookings referring to the room are still written meanwhile.
 */
export async function lockRoomForCall(ex: Executor, facilityId: number, roomId: number): Promise<void> {
  const [room] = await rows<RawRow<typeof rooms, 'id'>>(ex, sql`SELECT id FROM rooms WHERE facility_id = ${facilityId} AND id = ${roomId} FOR NO KEY UPDATE`);
  if (!room) throw notFound(BOOKING_MESSAGES.roomNotFound);
}

/** Ends the call of the moment of a room's day (a new call replaces it); the booking whose call ended, if any. */
export async function endRoomCall(ex: Executor, facilityId: number, roomId: number, date: string): Promise<number | null> {
  const [ended] = await rows<RawRow<typeof bookings, 'id'>>(
    ex,
    sql`UPDATE bookings SET calling = false, updated_at = now() WHERE facility_id = ${facilityId} AND room_id = ${roomId} AND date = ${date} AND calling RETURNING id`,
  );
  return ended?.id ?? null;
}

/**
 * The first booking of a room's day that is checked in and waiting, in call order (queueOrder),
 * locked; one another caller holds is skipped (two desks calling at once call two patients).
 */
export async function takeNextWaiting(tx: Tx, facilityId: number, roomId: number, date: string): Promise<number | null> {
  const [next] = await rows<RawRow<typeof bookings, 'id'>>(
    tx,
    sql`SELECT id FROM bookings WHERE facility_id = ${facilityId} AND date = ${date} AND status = 'CHECKED_IN' AND room_id = ${roomId}
        ORDER BY ${queueOrder('')} LIMIT 1 FOR UPDATE SKIP LOCKED`,
  );
  return next?.id ?? null;
}

export type ProfileRecord = RawRow<typeof medicalProfiles, 'id' | 'userId' | 'fullName' | 'phone' | 'patientCode'>;

export async function findProfile(ex: Executor, facilityId: number, id: number): Promise<ProfileRecord | null> {
  const [p] = await rows<ProfileRecord>(
    ex,
    sql`SELECT id, user_id AS "userId", full_name AS "fullName", phone, patient_code AS "patientCode" FROM medical_profiles WHERE facility_id = ${facilityId} AND id = ${id}`,
  );
  return p ?? null;
}

export async function specialtyOfFacility(ex: Executor, facilityId: number, id: number): Promise<boolean> {
  const found = await rows<RawRow<typeof specialties, 'id'>>(ex, sql`SELECT id FROM specialties WHERE facility_id = ${facilityId} AND id = ${id}`);
  return found.length > 0;
}

/** The active services of the facility among `ids`, with what their price is made of. */
export function findActiveServices(ex: Executor, facilityId: number, ids: readonly number[]) {
  return rows<RawRow<typeof medicalServices, 'id' | 'price' | 'priceEntries'>>(
    ex,
    sql`SELECT id, price, price_entries AS "priceEntries" FROM medical_services WHERE facility_id = ${facilityId} AND active AND id IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
}

/** The prices a booking holds for its services, by service id. */
export function findServicePrices(ex: Executor, bookingId: number) {
  return rows<RawRow<typeof bookingServices, 'serviceId' | 'price'>>(
    ex,
    sql`SELECT service_id AS "serviceId", price FROM booking_services WHERE booking_id = ${bookingId} ORDER BY service_id`,
  );
}

/** Replaces a booking's services and the prices they are charged. */
export async function setBookingServices(tx: Tx, bookingId: number, services: readonly { id: number; price: number }[]): Promise<void> {
  await tx.execute(sql`DELETE FROM booking_services WHERE booking_id = ${bookingId}`);
  if (services.length) {
    await tx.execute(
      sql`INSERT INTO booking_services (booking_id, service_id, price) VALUES ${sql.join(
        services.map((s) => sql`(${bookingId}, ${s.id}, ${s.price})`),
        sql`, `,
      )}`,
    );
  }
}

/** The code of a live booking (one that holds its place) of a profile in a slot, other than `exceptId`. */
export async function findLiveBookingCode(tx: Tx, facilityId: number, profileId: number, slotId: number, exceptId?: number): Promise<string | null> {
  const [held] = await rows<RawRow<typeof bookings, 'code'>>(
    tx,
    sql`SELECT code FROM bookings WHERE facility_id = ${facilityId} AND medical_profile_id = ${profileId} AND time_slot_id = ${slotId}
          AND status IN (${sql.join(
            HOLDS_SLOT.map((s) => sql`${s}`),
            sql`, `,
          )}) AND id <> ${exceptId ?? 0} LIMIT 1`,
  );
  return held?.code ?? null;
}

/**
 * Marks up to `limit` ACCEPTED bookings of days up to `through` NO_SHOW, each with its log row (actor
 * SYSTEM), locked with SKIP LOCKED so several instances may sweep at once; returns the changed ones.
 * A booking the desk brought back from NO_SHOW (revert: the patient came after all) is left to the desk.
 */
export function markDueNoShows(tx: Tx, through: string, limit: number, facilityIds: readonly number[]) {
  return rows<RawRow<typeof bookings, 'id' | 'facilityId' | 'date' | 'roomId'>>(
    tx,
    sql`WITH due AS (
          SELECT b.id FROM bookings b WHERE b.status = 'ACCEPTED' AND b.date <= ${through} AND b.facility_id = ANY(${sql.param(facilityIds)}::int[])
            AND NOT EXISTS (SELECT 1 FROM booking_logs l WHERE l.booking_id = b.id AND l.action = 'revert' AND l.from_status = 'NO_SHOW')
          ORDER BY b.id LIMIT ${limit} FOR UPDATE OF b SKIP LOCKED
        ), changed AS (
          UPDATE bookings b SET status = 'NO_SHOW', fhir_status = ${FHIR_STATUS.NO_SHOW}, updated_at = now() FROM due WHERE b.id = due.id
          RETURNING b.id, b.facility_id AS "facilityId", b.date::text AS date, b.room_id AS "roomId"
        ), logged AS (
          INSERT INTO booking_logs (facility_id, booking_id, action, from_status, to_status, actor, detail)
          SELECT "facilityId", id, 'noShow', 'ACCEPTED', 'NO_SHOW', 'SYSTEM', '{"previous":"ACCEPTED"}'::jsonb FROM changed
        )
        SELECT * FROM changed`,
  );
}
