import { sql, type SQL } from 'drizzle-orm';
import type {
  BookingLogRow,
  BookingRow,
  BookingSource,
  ListingProperty,
  ListingQuery,
  StatusCounts,
  TimeSlotRow,
  WorkDayRow,
} from '@portal/shared/contracts/appointments.contract';
import { BOOKING_STATUSES, type BookingStatus } from '@portal/shared/rules/booking-status';
import { doctorDisplayName } from '@portal/shared/rules/doctor-title';
import type { Database, Executor } from '../../core/db';
import { iso, rows, type Raw, type RawRow } from '../../core/sql';
import type {
  accounts,
  bookingLogs,
  bookingServices,
  bookings,
  departments,
  doctors,
  facilities,
  medicalProfiles,
  medicalServices,
  patientUsers,
  rooms,
  schedules,
  specialties,
  timeSlots,
} from '../../db/schema';
import type { StatusChange } from './booking-log';
import { queueOrder } from './queue-order';

/**
 * What the booking screens read: the booking row (list, detail, queue, a patient's bookings), its
 * services and log, a doctor's slots and days. Raw SQL where it was tuned (the day list: one prepared
 * statement per filter shape, 50 rows joined to names), each column aliased to the schema's key and
 * typed from the schema (core/sql.ts `Raw`). What the writes lock and change is booking-writes.repository.ts.
 */

type Booking = typeof bookings.$inferSelect;
type Doctor = typeof doctors.$inferSelect;
type Room = typeof rooms.$inferSelect;
type Department = typeof departments.$inferSelect;
type Log = typeof bookingLogs.$inferSelect;

/** The status column holds only the state machine's values (rules/booking-status), the source only the contract's. */
export const statusOf = (s: string) => s as BookingStatus;
const isStatus = (s: string | null): s is BookingStatus => !!s && (BOOKING_STATUSES as readonly string[]).includes(s);

/** Columns of a booking row as the list and the detail read it (one join per reference, no N+1). */
export const BOOKING_COLUMNS = `b.id, b.code, b.date::text AS date, b.start_time AS "startTime", b.end_time AS "endTime", b.status,
  b.fhir_status AS "fhirStatus", b.source, b.priority, b.queue_number AS "queueNumber", b.calling, b.late_checkin_minutes AS "lateCheckinMinutes", b.symptom, b.status_reason AS "statusReason",
  b.total_price AS "totalPrice", b.patient_user_id AS "patientUserId", b.medical_profile_id AS "medicalProfileId", b.time_slot_id AS "timeSlotId",
  b.created_at AS "createdAt", b.updated_at AS "updatedAt", b.room_id AS "roomId", b.doctor_id AS "doctorId", b.department_id AS "departmentId",
  b.specialty_id AS "specialtyId",
  p.patient_code AS "patientCode", p.full_name AS "fullName", p.gender, p.birth_date::text AS "birthDate", p.phone,
  d.name AS "doctorName", d.academic_title AS "academicTitle", d.degree, dep.name AS "departmentName", sp.name AS "specialtyName",
  r.code AS "roomCode", r.name AS "roomName",
  (SELECT l.detail->>'previous' FROM booking_logs l WHERE l.booking_id = b.id ORDER BY l.id DESC LIMIT 1) AS "previousStatus"`;
export const BOOKING_JOINS = `JOIN medical_profiles p ON p.id = b.medical_profile_id
  JOIN doctors d ON d.id = b.doctor_id
  JOIN departments dep ON dep.id = b.department_id
  LEFT JOIN specialties sp ON sp.id = b.specialty_id
  JOIN rooms r ON r.id = b.room_id`;

/** A booking as BOOKING_COLUMNS reads it. */
export type BookingRecord = Raw<
  Pick<
    Booking,
    | 'id'
    | 'code'
    | 'date'
    | 'startTime'
    | 'endTime'
    | 'status'
    | 'fhirStatus'
    | 'source'
    | 'priority'
    | 'queueNumber'
    | 'calling'
    | 'lateCheckinMinutes'
    | 'symptom'
    | 'statusReason'
    | 'totalPrice'
    | 'patientUserId'
    | 'medicalProfileId'
    | 'timeSlotId'
    | 'createdAt'
    | 'updatedAt'
    | 'roomId'
    | 'doctorId'
    | 'departmentId'
    | 'specialtyId'
  > &
    Pick<typeof medicalProfiles.$inferSelect, 'patientCode' | 'fullName' | 'gender' | 'birthDate' | 'phone'> &
    Pick<Doctor, 'academicTitle' | 'degree'> & {
      doctorName: Doctor['name'];
      departmentName: Department['name'];
      specialtyName: (typeof specialties.$inferSelect)['name'] | null;
      roomCode: Room['code'];
      roomName: Room['name'];
      /** detail.previous of the last log row: the state a revert goes back to. */
      previousStatus: Log['fromStatus'];
    }
>;

export function toBookingRow(r: BookingRecord): BookingRow {
  return {
    id: r.id,
    code: r.code,
    date: r.date,
    startTime: r.startTime,
    endTime: r.endTime,
    status: statusOf(r.status),
    fhirStatus: r.fhirStatus,
    previousStatus: isStatus(r.previousStatus) ? r.previousStatus : null,
    source: r.source as BookingSource,
    priority: r.priority,
    queueNumber: r.queueNumber,
    calling: r.calling,
    lateCheckinMinutes: r.lateCheckinMinutes,
    symptom: r.symptom,
    statusReason: r.statusReason,
    totalPrice: r.totalPrice,
    patient: {
      userId: r.patientUserId,
      profileId: r.medicalProfileId,
      patientCode: r.patientCode,
      name: r.fullName,
      gender: r.gender,
      dateOfBirth: r.birthDate,
      phone: r.phone,
    },
    doctor: { id: r.doctorId, name: doctorDisplayName({ name: r.doctorName, academicTitle: r.academicTitle, degree: r.degree }) },
    department: { id: r.departmentId, name: r.departmentName },
    specialty: r.specialtyId == null ? null : { id: r.specialtyId, name: r.specialtyName ?? '' },
    room: { id: r.roomId, code: r.roomCode, name: r.roomName },
    timeSlotId: r.timeSlotId,
    createdAt: iso(r.createdAt)!,
    updatedAt: iso(r.updatedAt)!,
  };
}

export interface DayFilter {
  facilityId: number;
  date: string;
  statuses?: BookingStatus[];
  departmentId?: number;
  doctorId?: number;
  /** One room or several (the caller's rooms when the facility keeps accounts to them). */
  roomIds?: readonly number[];
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
  if (f.roomIds?.length === 1) add('room', (n) => `b.room_id = $${n}`, f.roomIds[0]);
  else if (f.roomIds?.length) add('rooms', (n) => `b.room_id = ANY($${n}::int[])`, f.roomIds);
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
  const found = await database.query<RawRow<typeof bookings, 'status'> & { n: number }>(
    `bk-counts-${w.shape}`,
    `SELECT b.status, count(*)::int AS n FROM bookings b WHERE ${w.where} GROUP BY b.status`,
    w.params,
  );
  const counts = Object.fromEntries(BOOKING_STATUSES.map((s) => [s, 0])) as StatusCounts;
  for (const r of found) counts[statusOf(r.status)] = r.n;
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

export async function findBooking(ex: Executor, facilityId: number, id: number): Promise<BookingRow | null> {
  const [r] = await rows<BookingRecord>(
    ex,
    sql`SELECT ${sql.raw(BOOKING_COLUMNS)} FROM bookings b ${sql.raw(BOOKING_JOINS)} WHERE b.facility_id = ${facilityId} AND b.id = ${id}`,
  );
  return r ? toBookingRow(r) : null;
}

/** The queue of a room's day: checked-in and called bookings, in call order (queueOrder: priority first, then by place). */
export async function findRoomQueue(ex: Executor, facilityId: number, roomId: number, date: string): Promise<BookingRow[]> {
  const found = await rows<BookingRecord>(
    ex,
    sql`SELECT ${sql.raw(BOOKING_COLUMNS)} FROM bookings b ${sql.raw(BOOKING_JOINS)}
        WHERE b.facility_id = ${facilityId} AND b.room_id = ${roomId} AND b.date = ${date} AND b.status IN ('CHECKED_IN', 'CALLED')
        ORDER BY ${queueOrder()}`,
  );
  return found.map(toBookingRow);
}

/** The room and day of a schedule of the facility (a queue asked for by schedule). */
export async function findScheduleRoomDay(ex: Executor, facilityId: number, scheduleId: number): Promise<RawRow<typeof schedules, 'roomId' | 'date'> | null> {
  const [s] = await rows<RawRow<typeof schedules, 'roomId' | 'date'>>(
    ex,
    sql`SELECT room_id AS "roomId", date::text AS date FROM schedules WHERE facility_id = ${facilityId} AND id = ${scheduleId}`,
  );
  return s ?? null;
}

export async function patientUserOfFacility(ex: Executor, facilityId: number, userId: number): Promise<boolean> {
  const found = await rows<RawRow<typeof patientUsers, 'id'>>(ex, sql`SELECT id FROM patient_users WHERE facility_id = ${facilityId} AND id = ${userId}`);
  return found.length > 0;
}

/** One page of a patient account's bookings (one profile's with `profileId`), newest first, and their number. */
export async function findUserBookingPage(
  ex: Executor,
  facilityId: number,
  userId: number,
  q: { profileId?: number; page: number; size: number; roomIds?: readonly number[] },
): Promise<{ rows: BookingRow[]; total: number }> {
  const profile = q.profileId === undefined ? sql`` : sql` AND b.medical_profile_id = ${q.profileId}`;
  const rooms =
    q.roomIds === undefined
      ? sql``
      : sql` AND b.room_id IN (${sql.join(
          [0, ...q.roomIds].map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const where = sql`b.facility_id = ${facilityId} AND b.patient_user_id = ${userId}${profile}${rooms}`;
  return findBookingPage(ex, where, sql.raw('b.date DESC, b.start_time DESC, b.id DESC'), q);
}

/**
 * One page of the bookings `where` selects (on `bookings b`), in `order` (which ends on b.id), and their number.
 * `join` adds the profile `p` to the page's own query when the order reads it (the outer query joins it anyway).
 */
async function findBookingPage(
  ex: Executor,
  where: SQL,
  order: SQL,
  q: { page: number; size: number },
  join = false,
): Promise<{ rows: BookingRow[]; total: number }> {
  const inner = join ? sql.raw(' JOIN medical_profiles p ON p.id = b.medical_profile_id') : sql``;
  const [found, [count]] = await Promise.all([
    rows<BookingRecord>(
      ex,
      sql`SELECT ${sql.raw(BOOKING_COLUMNS)} FROM (SELECT b.* FROM bookings b${inner} WHERE ${where} ORDER BY ${order} LIMIT ${q.size} OFFSET ${q.page * q.size}) b
          ${sql.raw(BOOKING_JOINS)} ORDER BY ${order}`,
    ),
    rows<{ n: number }>(ex, sql`SELECT count(*)::int AS n FROM bookings b WHERE ${where}`),
  ]);
  return { rows: found.map(toBookingRow), total: count!.n };
}

/**
 * The SQL of each sortable property of the listings (on `bookings b`). Only the queue number can be empty (last
 * either way): the others are ordered plainly, so a descending list reads the (doctor_id, date) index backwards
 * (`NULLS LAST` on them made the newest-first page 9.6 ms instead of 1.2 ms on a doctor's 25,771 bookings).
 * The patient's name is the profile's `name_search` (`p`, joined in the page's query and in the outer one: 17 ms
 * where a subquery per booking took 54 ms).
 */
const LISTING_ORDER: Record<ListingProperty, string> = {
  date: 'b.date',
  startTime: 'b.start_time',
  createdAt: 'b.created_at',
  queueNumber: 'b.queue_number',
  status: `array_position(ARRAY[${BOOKING_STATUSES.map((x) => `'${x}'`).join(',')}]::text[], b.status)`,
  code: 'b.code',
  patientName: 'p.name_search',
};

/**
 * One page of a doctor's or a medical schedule's bookings (spec "schedule listings by doctor or medical
 * schedule with page, size, sort, properties"): sorted by the properties in order, all ASC or all DESC, then
 * by id; empty queue numbers last.
 */
export function findListingPage(
  ex: Executor,
  facilityId: number,
  by: { doctorId: number } | { scheduleId: number },
  q: ListingQuery & { roomIds?: readonly number[] },
): Promise<{ rows: BookingRow[]; total: number }> {
  const conds = [sql`b.facility_id = ${facilityId}`, 'doctorId' in by ? sql`b.doctor_id = ${by.doctorId}` : sql`b.schedule_id = ${by.scheduleId}`];
  if (q.status?.length)
    conds.push(
      sql`b.status IN (${sql.join(
        q.status.map((x) => sql`${x}`),
        sql`, `,
      )})`,
    );
  if (q.from) conds.push(sql`b.date >= ${q.from}`);
  if (q.to) conds.push(sql`b.date <= ${q.to}`);
  if (q.roomIds !== undefined)
    conds.push(
      sql`b.room_id IN (${sql.join(
        [0, ...q.roomIds].map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  const dir = q.sort === 'DESC' ? 'DESC' : 'ASC';
  const byName = q.properties.includes('patientName');
  const order = sql.raw([...q.properties.map((p) => `${LISTING_ORDER[p]} ${dir}${p === 'queueNumber' ? ' NULLS LAST' : ''}`), `b.id ${dir}`].join(', '));
  return findBookingPage(ex, sql.join(conds, sql` AND `), order, q, byName);
}

/** A doctor of the facility? */
export async function doctorOfFacility(ex: Executor, facilityId: number, doctorId: number): Promise<boolean> {
  return (await rows<RawRow<typeof doctors, 'id'>>(ex, sql`SELECT id FROM doctors WHERE facility_id = ${facilityId} AND id = ${doctorId}`)).length > 0;
}

/** A medical schedule of the facility? */
export async function scheduleOfFacility(ex: Executor, facilityId: number, scheduleId: number): Promise<boolean> {
  return (await rows<RawRow<typeof schedules, 'id'>>(ex, sql`SELECT id FROM schedules WHERE facility_id = ${facilityId} AND id = ${scheduleId}`)).length > 0;
}

/** The services of a booking at the price it holds, by name. */
export function findBookingServices(ex: Executor, bookingId: number) {
  return rows<RawRow<typeof medicalServices, 'id' | 'code' | 'name'> & RawRow<typeof bookingServices, 'price'>>(
    ex,
    sql`SELECT s.id, s.code, s.name, bs.price FROM booking_services bs JOIN medical_services s ON s.id = bs.service_id WHERE bs.booking_id = ${bookingId} ORDER BY s.name`,
  );
}

type LogRecord = Raw<
  Pick<Log, 'id' | 'action' | 'fromStatus' | 'toStatus' | 'reason' | 'actor' | 'accountId' | 'detail' | 'createdAt'> & {
    username: (typeof accounts.$inferSelect)['username'] | null;
    accountName: (typeof accounts.$inferSelect)['name'] | null;
  }
>;

/** The booking's log, oldest first, with the names of the staff who wrote it. */
export async function findLogs(ex: Executor, facilityId: number, bookingId: number): Promise<BookingLogRow[]> {
  const found = await rows<LogRecord>(
    ex,
    sql`SELECT l.id, l.action, l.from_status AS "fromStatus", l.to_status AS "toStatus", l.reason, l.actor, l.account_id AS "accountId", a.username,
          a.name AS "accountName", l.detail, l.created_at AS "createdAt"
        FROM booking_logs l LEFT JOIN accounts a ON a.id = l.account_id
        WHERE l.facility_id = ${facilityId} AND l.booking_id = ${bookingId} ORDER BY l.id`,
  );
  return found.map((l) => ({
    id: l.id,
    action: l.action,
    fromStatus: isStatus(l.fromStatus) ? l.fromStatus : null,
    toStatus: statusOf(l.toStatus),
    reason: l.reason,
    actor: l.actor as BookingLogRow['actor'],
    by: l.accountId == null ? null : { id: l.accountId, username: l.username ?? '', name: l.accountName ?? '' },
    detail: l.detail as BookingLogRow['detail'],
    at: iso(l.createdAt)!,
  }));
}

/** The status changes of a booking's log, in order (what a revert walks back). */
export async function findStatusChanges(ex: Executor, bookingId: number): Promise<StatusChange[]> {
  const found = await rows<RawRow<typeof bookingLogs, 'action' | 'fromStatus' | 'toStatus'>>(
    ex,
    sql`SELECT action, from_status AS "fromStatus", to_status AS "toStatus" FROM booking_logs WHERE booking_id = ${bookingId} ORDER BY id`,
  );
  return found.map((c) => ({ action: c.action, from: c.fromStatus === null ? null : statusOf(c.fromStatus), to: statusOf(c.toStatus) }));
}

/** detail.previous of the booking's last log row (carried forward by a change that keeps the status). */
export async function findLastPrevious(ex: Executor, bookingId: number): Promise<string | null> {
  const [r] = await rows<{ previous: Log['fromStatus'] }>(
    ex,
    sql`SELECT detail->>'previous' AS previous FROM booking_logs WHERE booking_id = ${bookingId} ORDER BY id DESC LIMIT 1`,
  );
  return r?.previous ?? null;
}

/** When and where a booking is: its slot's times, its room's and doctor's names. */
export async function findBookingPlace(ex: Executor, bookingId: number) {
  const [r] = await rows<Raw<Pick<Booking, 'startTime' | 'endTime' | 'date'> & Pick<Doctor, 'name' | 'academicTitle' | 'degree'> & { room: Room['name'] }>>(
    ex,
    sql`SELECT b.start_time AS "startTime", b.end_time AS "endTime", b.date::text AS date, r.name AS room, d.name, d.academic_title AS "academicTitle", d.degree
        FROM bookings b JOIN rooms r ON r.id = b.room_id JOIN doctors d ON d.id = b.doctor_id WHERE b.id = ${bookingId}`,
  );
  return r ?? null;
}

type DaySlotRecord = Raw<
  Pick<typeof timeSlots.$inferSelect, 'id' | 'scheduleId' | 'date' | 'startTime' | 'endTime' | 'capacity' | 'booked'> & {
    past: boolean;
    roomId: Room['id'];
    roomCode: Room['code'];
    roomName: Room['name'];
    departmentId: Department['id'];
    departmentName: Department['name'];
  }
>;

/** Slots of a doctor's day in the facility, with free places and the "already started" flag. */
export async function findDoctorDaySlots(ex: Executor, facilityId: number, doctorId: number, date: string): Promise<TimeSlotRow[]> {
  const found = await rows<DaySlotRecord>(
    ex,
    sql`SELECT s.id, s.schedule_id AS "scheduleId", s.date::text AS date, s.start_time AS "startTime", s.end_time AS "endTime", s.capacity, s.booked,
          s.starts_at <= now() AS past, r.id AS "roomId", r.code AS "roomCode", r.name AS "roomName", dep.id AS "departmentId", dep.name AS "departmentName"
        FROM time_slots s JOIN schedules sc ON sc.id = s.schedule_id JOIN rooms r ON r.id = sc.room_id JOIN departments dep ON dep.id = sc.department_id
        WHERE s.facility_id = ${facilityId} AND s.doctor_id = ${doctorId} AND s.date = ${date}
        ORDER BY s.start_time, s.id`,
  );
  return found.map((s) => ({
    id: s.id,
    scheduleId: s.scheduleId,
    date: s.date,
    startTime: s.startTime,
    endTime: s.endTime,
    capacity: s.capacity,
    booked: s.booked,
    free: Math.max(0, s.capacity - s.booked),
    past: s.past,
    room: { id: s.roomId, code: s.roomCode, name: s.roomName },
    department: { id: s.departmentId, name: s.departmentName },
  }));
}

/** Days a doctor works between two dates, with the sums of their slots; `free` counts only slots that have not started. */
export function findDoctorWorkDays(ex: Executor, facilityId: number, doctorId: number, from: string, to: string): Promise<WorkDayRow[]> {
  return rows<RawRow<typeof timeSlots, 'date' | 'capacity' | 'booked'> & { free: number }>(
    ex,
    sql`SELECT s.date::text AS date, sum(s.capacity)::int AS capacity, sum(s.booked)::int AS booked,
          coalesce(sum(s.capacity - s.booked) FILTER (WHERE s.starts_at > now()), 0)::int AS free
        FROM time_slots s WHERE s.facility_id = ${facilityId} AND s.doctor_id = ${doctorId} AND s.date BETWEEN ${from} AND ${to}
        GROUP BY s.date ORDER BY s.date`,
  );
}

/** The rooms assigned to an account of the facility (by code), and whether the facility keeps its accounts to them. */
export async function findAccountRooms(ex: Executor, facilityId: number, accountId: number) {
  const [r] = await rows<Raw<Pick<typeof facilities.$inferSelect, 'restrictToAccountRooms'> & { rooms: Pick<Room, 'id' | 'code' | 'name'>[] }>>(
    ex,
    sql`SELECT f.restrict_to_account_rooms AS "restrictToAccountRooms",
          coalesce((SELECT json_agg(json_build_object('id', r.id, 'code', r.code, 'name', r.name) ORDER BY r.code, r.id)
                    FROM account_rooms ar JOIN rooms r ON r.id = ar.room_id AND r.facility_id = f.id WHERE ar.account_id = ${accountId}), '[]'::json) AS rooms
        FROM facilities f WHERE f.id = ${facilityId}`,
  );
  return r ?? { restrictToAccountRooms: false, rooms: [] };
}
