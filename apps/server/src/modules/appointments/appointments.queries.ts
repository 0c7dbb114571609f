import { pageOf } from '@portal/shared/core/api';
import { sql } from 'drizzle-orm';
import {
  BOOKING_MESSAGES,
  type BookingDetail,
  type BookingListQuery,
  type BookingListResponse,
  type BookingRow,
  type TimeSlotRow,
  type WorkDayRow,
} from '@portal/shared/contracts/appointments.contract';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { todayVn } from '@portal/shared/rules/time';

export { todayVn };
import { MAX_SCHEDULE_DAYS } from '@portal/shared/rules/schedule';
import { audit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db';
import { badRequest, notFound } from '../../core/errors';
import { rows } from '../patients/patients.repository';
import { USER_NOT_FOUND } from '../patients/patients.service';
import { dayListCache } from './day-list.cache';
import {
  BOOKING_COLUMNS,
  BOOKING_JOINS,
  countDayByStatus,
  findBooking,
  findDayPage,
  findLogs,
  toBookingRow,
  toLogRow,
  roomOfFacility,
  type BookingRecord,
} from './appointments.repository';

/**
 * The day list as the JSON the route sends: one page plus the counts per status (their sum over the
 * chosen statuses is the total). Without a search both parts are reused (day-list.cache).
 */
export async function listBookingsJson(ctx: AppContext, caller: Caller, q: BookingListQuery): Promise<string> {
  const facilityId = caller.facilityId;
  // a phone is typed as the list shows it ("0928 862 882"); the search text holds its digits together
  const words = normalizeText(q.q ?? '').replace(/(\d) (?=\d)/g, '$1');
  const filter = {
    facilityId,
    date: q.date ?? todayVn(),
    statuses: q.status?.length ? q.status : undefined,
    departmentId: q.departmentId,
    doctorId: q.doctorId,
    roomId: q.roomId,
    source: q.source,
    search: words || undefined,
  };
  // a search is ad hoc: only the filter combinations screens repeat are cached
  const cache = filter.search === undefined ? dayListCache(ctx) : null;
  const countsKey = `${filter.date}|${filter.departmentId ?? ''}|${filter.doctorId ?? ''}|${filter.roomId ?? ''}|${filter.source ?? ''}`;
  const sort = q.sort ?? 'time';
  const pageKey = `${countsKey}|${filter.statuses?.join(',') ?? ''}|${sort}|${q.page}|${q.size}`;
  const build = async (generation: number) => {
    const [counts, data] = await Promise.all([
      cache?.counts(facilityId, countsKey) ?? countDayByStatus(ctx.database, filter).then((c) => (cache?.setCounts(facilityId, generation, countsKey, c), c)),
      findDayPage(ctx.database, filter, sort, q.size, q.page * q.size),
    ]);
    const total = (filter.statuses ?? (Object.keys(counts) as (keyof typeof counts)[])).reduce((sum, s) => sum + counts[s], 0);
    const page: BookingListResponse = { ...pageOf(data, total, q), counts };
    return JSON.stringify(page);
  };
  return cache ? cache.pageOnce(facilityId, pageKey, build) : build(0);
}

export async function bookingRow(ex: Executor, facilityId: number, id: number): Promise<BookingRow> {
  const r = await findBooking(ex, facilityId, id);
  if (!r) throw notFound(BOOKING_MESSAGES.notFound);
  return toBookingRow(r);
}

/** Detail with services and the whole log; reading a patient's booking is audited like a record read. */
export async function bookingDetail(ctx: AppContext, caller: Caller, id: number): Promise<BookingDetail> {
  const facilityId = caller.facilityId;
  const db = ctx.database.db;
  const row = await bookingRow(db, facilityId, id);
  const [services, log] = await Promise.all([
    rows<{ id: number; code: string; name: string; price: number | string }>(
      db,
      sql`SELECT s.id, s.code, s.name, bs.price FROM booking_services bs JOIN medical_services s ON s.id = bs.service_id WHERE bs.booking_id = ${id} ORDER BY s.name`,
    ),
    findLogs(db, facilityId, id),
  ]);
  await audit(db, caller, { action: 'READ', entity: 'booking', entityId: id });
  return { ...row, services: services.map((s) => ({ ...s, price: Number(s.price) })), log: log.map(toLogRow) };
}

export async function bookingLogs(ctx: AppContext, caller: Caller, id: number) {
  const facilityId = caller.facilityId;
  await bookingRow(ctx.database.db, facilityId, id);
  return (await findLogs(ctx.database.db, facilityId, id)).map(toLogRow);
}

interface SlotListRecord {
  id: number;
  schedule_id: number;
  date: string;
  start_time: string;
  end_time: string;
  capacity: number;
  booked: number;
  past: boolean;
  room_id: number;
  room_code: string;
  room_name: string;
  department_id: number;
  department_name: string;
}

/** Slots of a doctor's day in the caller's facility, with free places and the "already started" flag. */
export async function doctorDaySlots(ctx: AppContext, caller: Caller, doctorId: number, date: string): Promise<TimeSlotRow[]> {
  const facilityId = caller.facilityId;
  const found = await rows<SlotListRecord>(
    ctx.database.db,
    sql`SELECT s.id, s.schedule_id, s.date::text AS date, s.start_time, s.end_time, s.capacity, s.booked, s.starts_at <= now() AS past,
          r.id AS room_id, r.code AS room_code, r.name AS room_name, dep.id AS department_id, dep.name AS department_name
        FROM time_slots s JOIN schedules sc ON sc.id = s.schedule_id JOIN rooms r ON r.id = sc.room_id JOIN departments dep ON dep.id = sc.department_id
        WHERE s.facility_id = ${facilityId} AND s.doctor_id = ${doctorId} AND s.date = ${date}
        ORDER BY s.start_time, s.id`,
  );
  return found.map((s) => ({
    id: s.id,
    scheduleId: s.schedule_id,
    date: s.date,
    startTime: s.start_time,
    endTime: s.end_time,
    capacity: s.capacity,
    booked: s.booked,
    free: Math.max(0, s.capacity - s.booked),
    past: s.past,
    room: { id: s.room_id, code: s.room_code, name: s.room_name },
    department: { id: s.department_id, name: s.department_name },
  }));
}

/** Days a doctor works between two dates; `free` counts only slots that have not started. */
export async function doctorWorkDays(ctx: AppContext, caller: Caller, doctorId: number, from: string, to: string): Promise<WorkDayRow[]> {
  if (to < from) throw badRequest('Ngày kết thúc phải sau ngày bắt đầu', [{ field: 'to', message: 'Ngày kết thúc phải sau ngày bắt đầu' }]);
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  if (!(days < MAX_SCHEDULE_DAYS))
    throw badRequest(`Khoảng ngày tối đa ${MAX_SCHEDULE_DAYS} ngày`, [{ field: 'to', message: `Khoảng ngày tối đa ${MAX_SCHEDULE_DAYS} ngày` }]);
  const facilityId = caller.facilityId;
  const found = await rows<{ date: string; capacity: number | string; booked: number | string; free: number | string }>(
    ctx.database.db,
    sql`SELECT s.date::text AS date, sum(s.capacity)::int AS capacity, sum(s.booked)::int AS booked,
          coalesce(sum(s.capacity - s.booked) FILTER (WHERE s.starts_at > now()), 0)::int AS free
        FROM time_slots s WHERE s.facility_id = ${facilityId} AND s.doctor_id = ${doctorId} AND s.date BETWEEN ${from} AND ${to}
        GROUP BY s.date ORDER BY s.date`,
  );
  return found.map((d) => ({ date: d.date, capacity: Number(d.capacity), booked: Number(d.booked), free: Number(d.free) }));
}

/** The queue of a room's day: checked-in and called bookings, priority first, then by number. */
export async function roomQueue(ctx: AppContext, caller: Caller, q: { roomId?: number; scheduleId?: number; date?: string }): Promise<BookingRow[]> {
  const facilityId = caller.facilityId;
  let roomId = q.roomId;
  let date = q.date ?? todayVn();
  if (q.scheduleId !== undefined) {
    const [s] = await rows<{ room_id: number; date: string }>(
      ctx.database.db,
      sql`SELECT room_id, date::text AS date FROM schedules WHERE facility_id = ${facilityId} AND id = ${q.scheduleId}`,
    );
    if (!s) throw notFound('Không tìm thấy lịch làm việc');
    roomId = s.room_id;
    date = s.date;
  }
  if (roomId === undefined) throw badRequest('Vui lòng chọn phòng khám', [{ field: 'roomId', message: 'Vui lòng chọn phòng khám' }]);
  const found = await rows<BookingRecord>(
    ctx.database.db,
    sql`SELECT ${sql.raw(BOOKING_COLUMNS)} FROM bookings b ${sql.raw(BOOKING_JOINS)}
        WHERE b.facility_id = ${facilityId} AND b.room_id = ${roomId} AND b.date = ${date} AND b.status IN ('CHECKED_IN', 'CALLED')
        ORDER BY b.priority DESC, b.queue_number, b.id`,
  );
  return found.map(toBookingRow);
}

/**
 * Sets a room's day counter to the highest queue number its bookings hold (after a manual fix or
 * an import) and returns it; the next check-in continues from there.
 */
export async function syncCheckinSeq(ctx: AppContext, caller: Caller, roomId: number, date: string): Promise<number> {
  const facilityId = caller.facilityId;
  return ctx.database.transaction(async (tx) => {
    await roomOfFacility(tx, facilityId, roomId);
    const [r] = await rows<{ last_number: number }>(
      tx,
      sql`INSERT INTO queue_counters (room_id, date, facility_id, last_number)
          SELECT ${roomId}, ${date}::date, ${facilityId}, coalesce(max(queue_number), 0) FROM bookings WHERE facility_id = ${facilityId} AND room_id = ${roomId} AND date = ${date}
          ON CONFLICT (room_id, date, facility_id) DO UPDATE SET last_number = excluded.last_number RETURNING last_number`,
    );
    await audit(tx, caller, {
      action: 'BOOKING_SYNC_CHECKIN_SEQ',
      entity: 'queue_counter',
      entityId: `${roomId}:${date}`,
      after: { lastNumber: r!.last_number },
    });
    return r!.last_number;
  });
}

/** A patient account's bookings of the caller's facility, newest first (404 for an account not of it). */
export async function userBookings(ctx: AppContext, caller: Caller, userId: number, q: { profileId?: number; page: number; size: number }) {
  const facilityId = caller.facilityId;
  const db = ctx.database.db;
  const [user] = await rows<{ id: number }>(db, sql`SELECT id FROM patient_users WHERE facility_id = ${facilityId} AND id = ${userId}`);
  if (!user) throw notFound(USER_NOT_FOUND);
  const profile = q.profileId === undefined ? sql`` : sql` AND b.medical_profile_id = ${q.profileId}`;
  const where = sql`b.facility_id = ${facilityId} AND b.patient_user_id = ${userId}${profile}`;
  const order = sql.raw('b.date DESC, b.start_time DESC, b.id DESC');
  const [found, [count]] = await Promise.all([
    rows<BookingRecord>(
      db,
      sql`SELECT ${sql.raw(BOOKING_COLUMNS)} FROM (SELECT b.* FROM bookings b WHERE ${where} ORDER BY ${order} LIMIT ${q.size} OFFSET ${q.page * q.size}) b
          ${sql.raw(BOOKING_JOINS)} ORDER BY ${order}`,
    ),
    rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM bookings b WHERE ${where}`),
  ]);
  const total = count!.n;
  return pageOf(found.map(toBookingRow), total, q);
}
