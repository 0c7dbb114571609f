import { sql } from 'drizzle-orm';
import { BOOKING_MESSAGES, type BookingLogRow, type BookingRow, type BookingSource, type StatusCounts } from '@portal/shared/contracts/appointments.contract';
import { notFound } from '../../core/errors';
import { BOOKING_STATUSES, type BookingStatus } from '@portal/shared/rules/booking-status';
import { doctorDisplayName } from '@portal/shared/rules/doctor-title';
import type { Database, Executor } from '../../core/db';
import { iso, rows } from '../patients/patients.repository';

/** Columns of a booking row as the list and the detail read it (one join per reference, no N+1). */
export const BOOKING_COLUMNS = `b.id, b.code, b.date::text AS date, b.start_time, b.end_time, b.status, b.fhir_status, b.source,
  b.priority, b.queue_number, b.symptom, b.status_reason, b.total_price, b.patient_user_id, b.medical_profile_id,
  b.time_slot_id, b.created_at, b.updated_at, b.room_id, b.schedule_id,
  p.patient_code, p.full_name, p.gender, p.birth_date::text AS birth_date, p.phone,
  d.id AS doctor_id, d.name AS doctor_name, d.academic_title, d.degree,
  dep.id AS department_id, dep.name AS department_name, sp.id AS specialty_id, sp.name AS specialty_name,
  r.code AS room_code, r.name AS room_name,
  (SELECT l.detail->>'previous' FROM booking_logs l WHERE l.booking_id = b.id ORDER BY l.id DESC LIMIT 1) AS previous_status`;
export const BOOKING_JOINS = `JOIN medical_profiles p ON p.id = b.medical_profile_id
  JOIN doctors d ON d.id = b.doctor_id
  JOIN departments dep ON dep.id = b.department_id
  LEFT JOIN specialties sp ON sp.id = b.specialty_id
  JOIN rooms r ON r.id = b.room_id`;

export interface BookingRecord {
  id: number;
  code: string;
  date: string;
  start_time: string;
  end_time: string;
  status: BookingStatus;
  fhir_status: string;
  source: BookingSource;
  priority: number;
  queue_number: number | null;
  symptom: string | null;
  status_reason: string | null;
  total_price: number | string;
  patient_user_id: number | null;
  medical_profile_id: number;
  time_slot_id: number;
  created_at: Date | string;
  updated_at: Date | string;
  room_id: number;
  schedule_id: number;
  patient_code: string | null;
  full_name: string;
  gender: string | null;
  birth_date: string | null;
  phone: string | null;
  doctor_id: number;
  doctor_name: string;
  academic_title: string | null;
  degree: string;
  department_id: number;
  department_name: string;
  specialty_id: number | null;
  specialty_name: string | null;
  room_code: string;
  room_name: string;
  previous_status: string | null;
}

const isStatus = (s: string | null): s is BookingStatus => !!s && (BOOKING_STATUSES as readonly string[]).includes(s);

export function toBookingRow(r: BookingRecord): BookingRow {
  return {
    id: r.id,
    code: r.code,
    date: r.date,
    startTime: r.start_time,
    endTime: r.end_time,
    status: r.status,
    fhirStatus: r.fhir_status,
    previousStatus: isStatus(r.previous_status) ? r.previous_status : null,
    source: r.source,
    priority: r.priority,
    queueNumber: r.queue_number,
    symptom: r.symptom,
    statusReason: r.status_reason,
    totalPrice: Number(r.total_price),
    patient: {
      userId: r.patient_user_id,
      profileId: r.medical_profile_id,
      patientCode: r.patient_code,
      name: r.full_name,
      gender: r.gender,
      dateOfBirth: r.birth_date,
      phone: r.phone,
    },
    doctor: { id: r.doctor_id, name: doctorDisplayName({ name: r.doctor_name, academicTitle: r.academic_title, degree: r.degree }) },
    department: { id: r.department_id, name: r.department_name },
    specialty: r.specialty_id == null ? null : { id: r.specialty_id, name: r.specialty_name ?? '' },
    room: { id: r.room_id, code: r.room_code, name: r.room_name },
    timeSlotId: r.time_slot_id,
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
  };
}

export interface DayFilter {
  facilityId: number;
  date: string;
  statuses?: BookingStatus[];
  departmentId?: number;
  doctorId?: number;
  roomId?: number;
  source?: string;
  /** Normalised text search_text must contain. */
  search?: string;
}

const ORDERS: Record<string, string> = {
  time: 'b.start_time, b.id',
  'time,desc': 'b.start_time DESC, b.id DESC',
  createdAt: 'b.created_at, b.id',
  'createdAt,desc': 'b.created_at DESC, b.id DESC',
  queueNumber: 'b.queue_number NULLS LAST, b.id',
  'queueNumber,desc': 'b.queue_number DESC NULLS LAST, b.id DESC',
};

/**
 * WHERE of the day list. The statement text depends only on which filters are present, so each
 * shape is one prepared statement on PostgreSQL (named by its shape) with a custom plan per value.
 */
function dayWhere(f: DayFilter, withStatus: boolean) {
  const params: unknown[] = [f.facilityId, f.date];
  const parts = ['b.facility_id = $1', 'b.date = $2'];
  const shape: string[] = [];
  const add = (key: string, clause: (n: number) => string, value: unknown) => {
    params.push(value);
    parts.push(clause(params.length));
    shape.push(key);
  };
  if (f.departmentId !== undefined) add('dep', (n) => `b.department_id = $${n}`, f.departmentId);
  if (f.doctorId !== undefined) add('doc', (n) => `b.doctor_id = $${n}`, f.doctorId);
  if (f.roomId !== undefined) add('room', (n) => `b.room_id = $${n}`, f.roomId);
  if (f.source !== undefined) add('src', (n) => `b.source = $${n}`, f.source);
  // "contains" within the one day (≤ ~10,000 rows, bounded): the trigram index would first collect a
  // common name's matches over every day (365,000 for "nguyen" in the large set) — 40× slower
  if (f.search !== undefined) add('q', (n) => `strpos(b.search_text, $${n}) > 0`, f.search);
  // one status (a tab) as an equality, so the (facility, date, status, start_time) index yields the page in order
  if (withStatus && f.statuses?.length === 1) add('st1', (n) => `b.status = $${n}`, f.statuses[0]);
  else if (withStatus && f.statuses?.length) add('st', (n) => `b.status = ANY($${n}::text[])`, f.statuses);
  return { where: parts.join(' AND '), params, shape: shape.join('-') };
}

/** Counts per status of the day and filters, status aside (the status tabs). */
export async function countDayByStatus(database: Database, f: DayFilter): Promise<StatusCounts> {
  const w = dayWhere(f, false);
  const found = await database.query<{ status: BookingStatus; n: number | string }>(
    `bk-counts-${w.shape}`,
    `SELECT b.status, count(*)::int AS n FROM bookings b WHERE ${w.where} GROUP BY b.status`,
    w.params,
  );
  const counts = Object.fromEntries(BOOKING_STATUSES.map((s) => [s, 0])) as StatusCounts;
  for (const r of found) counts[r.status] = Number(r.n);
  return counts;
}

/** One page of the day list. */
export async function findDayPage(database: Database, f: DayFilter, sort: string, limit: number, offset: number): Promise<BookingRow[]> {
  const w = dayWhere(f, true);
  const n = w.params.length;
  const found = await database.query<BookingRecord>(
    `bk-page-${w.shape}-${sort}`,
    `SELECT ${BOOKING_COLUMNS} FROM (SELECT b.* FROM bookings b WHERE ${w.where} ORDER BY ${ORDERS[sort]} LIMIT $${n + 1} OFFSET $${n + 2}) b
     ${BOOKING_JOINS} ORDER BY ${ORDERS[sort]}`,
    [...w.params, limit, offset],
  );
  return found.map(toBookingRow);
}

export async function findBooking(ex: Executor, facilityId: number, id: number): Promise<BookingRecord | null> {
  const [r] = await rows<BookingRecord>(
    ex,
    sql`SELECT ${sql.raw(BOOKING_COLUMNS)} FROM bookings b ${sql.raw(BOOKING_JOINS)} WHERE b.facility_id = ${facilityId} AND b.id = ${id}`,
  );
  return r ?? null;
}

/** Bookings of the caller's facility, locked for a write (in id order, so bulk writers never deadlock). */
export interface LockedBooking {
  id: number;
  status: BookingStatus;
  date: string;
  room_id: number;
  time_slot_id: number;
  queue_number: number | null;
  medical_profile_id: number;
  patient_user_id: number | null;
  priority: number;
  symptom: string | null;
  specialty_id: number | null;
  total_price: number | string;
}

export async function lockBooking(ex: Executor, facilityId: number, id: number): Promise<LockedBooking | null> {
  const [r] = await rows<LockedBooking>(
    ex,
    sql`SELECT id, status, date::text AS date, room_id, time_slot_id, queue_number, medical_profile_id, patient_user_id, priority, symptom, specialty_id, total_price
        FROM bookings WHERE facility_id = ${facilityId} AND id = ${id} FOR UPDATE`,
  );
  return r ?? null;
}

export interface LogRecord {
  id: number;
  action: string;
  from_status: string | null;
  to_status: string;
  reason: string | null;
  actor: 'STAFF' | 'PATIENT' | 'SYSTEM';
  account_id: number | null;
  username: string | null;
  account_name: string | null;
  detail: Record<string, unknown> | null;
  created_at: Date | string;
}

export async function findLogs(ex: Executor, facilityId: number, bookingId: number): Promise<LogRecord[]> {
  return rows<LogRecord>(
    ex,
    sql`SELECT l.id, l.action, l.from_status, l.to_status, l.reason, l.actor, l.account_id, a.username, a.name AS account_name, l.detail, l.created_at
        FROM booking_logs l LEFT JOIN accounts a ON a.id = l.account_id
        WHERE l.facility_id = ${facilityId} AND l.booking_id = ${bookingId} ORDER BY l.id`,
  );
}

export function toLogRow(l: LogRecord): BookingLogRow {
  return {
    id: Number(l.id),
    action: l.action,
    fromStatus: isStatus(l.from_status) ? l.from_status : null,
    toStatus: l.to_status as BookingStatus,
    reason: l.reason,
    actor: l.actor,
    by: l.account_id == null ? null : { id: l.account_id, username: l.username ?? '', name: l.account_name ?? '' },
    detail: l.detail,
    at: iso(l.created_at)!,
  };
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

export interface SlotRecord {
  id: number;
  schedule_id: number;
  doctor_id: number;
  date: string;
  start_time: string;
  end_time: string;
  capacity: number;
  booked: number;
  past: boolean;
  room_id: number;
  department_id: number;
}

const SLOT_COLUMNS = sql`s.id, s.schedule_id, s.doctor_id, s.date::text AS date, s.start_time, s.end_time, s.capacity, s.booked,
  s.starts_at <= now() AS past, sc.room_id, sc.department_id`;

export async function findSlot(ex: Executor, facilityId: number, slotId: number): Promise<SlotRecord | null> {
  const [r] = await rows<SlotRecord>(
    ex,
    sql`SELECT ${SLOT_COLUMNS} FROM time_slots s JOIN schedules sc ON sc.id = s.schedule_id WHERE s.facility_id = ${facilityId} AND s.id = ${slotId}`,
  );
  return r ?? null;
}

/**
 * Takes one place of a slot: the single conditional update that makes "full" impossible to
 * overshoot under any concurrency (the row lock serialises takers; the CHECK guards the rest).
 */
export async function takePlace(ex: Executor, facilityId: number, slotId: number): Promise<boolean> {
  const r = await rows<{ id: number }>(
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
  const [r] = await rows<{ last_number: number }>(
    ex,
    sql`INSERT INTO queue_counters (room_id, date, facility_id, last_number) VALUES (${roomId}, ${date}, ${facilityId}, 1)
        ON CONFLICT (room_id, date, facility_id) DO UPDATE SET last_number = queue_counters.last_number + 1 RETURNING last_number`,
  );
  return r!.last_number;
}

/** A room of the caller's facility, else 404 "Không tìm thấy phòng khám" (a room's queue and counter). */
export async function roomOfFacility(ex: Executor, facilityId: number, roomId: number): Promise<void> {
  const [room] = await rows<{ id: number }>(ex, sql`SELECT id FROM rooms WHERE facility_id = ${facilityId} AND id = ${roomId}`);
  if (!room) throw notFound(BOOKING_MESSAGES.roomNotFound);
}
