import { pageOf } from '@portal/shared/core/api';
import {
  BOOKING_MESSAGES,
  BOOKING_SOURCE_LABELS,
  BOOKING_SOURCES,
  type BookingDetail,
  type BookingListQuery,
  type BookingListResponse,
  type BookingRow,
  type ListingQuery,
  type TimeSlotRow,
  type WorkDayRow,
} from '@portal/shared/contracts/appointments.contract';
import { bookingQrPayload } from '@portal/shared/contracts/queue.contract';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { todayVn } from '@portal/shared/rules/time';

export { todayVn };
import { MAX_SCHEDULE_DAYS } from '@portal/shared/rules/schedule';
import { audit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db';
import { badRequest, notFound } from '../../core/errors';
import { rows } from '../../core/sql';
import { sql } from 'drizzle-orm';
import { USER_NOT_FOUND } from '../patients/patients.service';
import { dayListCache } from './day-list.cache';
import {
  countDayByStatus,
  findBooking,
  findBookingServices,
  findDayPage,
  findDoctorDaySlots,
  findDoctorWorkDays,
  findLogs,
  findRoomQueue,
  findScheduleRoomDay,
  findUserBookingPage,
  findListingPage,
  doctorOfFacility,
  scheduleOfFacility,
  patientUserOfFacility,
} from './appointments.repository';
import { roomOfFacility, syncQueueCounter } from './booking-writes.repository';
import { checkRoom, roomScopeOf, roomsToRead } from './room-scope';

/**
 * The day list as the JSON the route sends: one page plus the counts per status (their sum over the
 * chosen statuses is the total). Without a search both parts are reused (day-list.cache).
 */
export async function listBookingsJson(ctx: AppContext, caller: Caller, q: BookingListQuery): Promise<string> {
  const facilityId = caller.facilityId;
  // a phone is typed as the list shows it ("0928 862 882"); the search text holds its digits together
  const words = normalizeText(q.q ?? '').replace(/(\d) (?=\d)/g, '$1');
  // a restricted account reads its own rooms only (403 for another asked for by name)
  const roomIds = roomsToRead(await roomScopeOf(ctx.database.db, caller), q.roomId);
  const filter = {
    facilityId,
    date: q.date ?? todayVn(),
    statuses: q.status?.length ? q.status : undefined,
    departmentId: q.departmentId,
    doctorId: q.doctorId,
    roomIds,
    source: q.source,
    search: words || undefined,
  };
  // a search is ad hoc: only the filter combinations screens repeat are cached
  const cache = filter.search === undefined ? dayListCache(ctx) : null;
  const countsKey = `${filter.date}|${filter.departmentId ?? ''}|${filter.doctorId ?? ''}|${roomIds?.join(',') ?? ''}|${filter.source ?? ''}`;
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
  return r;
}

/** A booking of the facility the caller may work with: 404 for none, 403 for another room of a restricted caller. */
async function bookingOfScope(ex: Executor, caller: Caller, id: number): Promise<BookingRow> {
  const row = await bookingRow(ex, caller.facilityId, id);
  checkRoom(await roomScopeOf(ex, caller), row.room.id);
  return row;
}

/** Detail with services and the whole log; reading a patient's booking is audited like a record read. */
/** The booking's check-in key (printed in its QR code). */
async function findCheckinKey(ex: Executor, id: number): Promise<string | null> {
  const [r] = await rows<{ key: string }>(ex, sql`SELECT checkin_key AS key FROM bookings WHERE id = ${id}`);
  return r?.key ?? null;
}

export async function bookingDetail(ctx: AppContext, caller: Caller, id: number): Promise<BookingDetail> {
  const facilityId = caller.facilityId;
  const db = ctx.database.db;
  const row = await bookingOfScope(db, caller, id);
  const [services, log, key] = await Promise.all([findBookingServices(db, id), findLogs(db, facilityId, id), findCheckinKey(db, id)]);
  await audit(db, caller, { action: 'READ', entity: 'booking', entityId: id });
  const open = ['PENDING', 'ACCEPTED', 'CHECKED_IN', 'CALLED'].includes(row.status);
  return { ...row, services, log, checkinQr: open && key ? bookingQrPayload(row.code, key) : null };
}

export async function bookingLogs(ctx: AppContext, caller: Caller, id: number) {
  await bookingOfScope(ctx.database.db, caller, id);
  return findLogs(ctx.database.db, caller.facilityId, id);
}

/** Slots of a doctor's day in the caller's facility, with free places and the "already started" flag. */
export function doctorDaySlots(ctx: AppContext, caller: Caller, doctorId: number, date: string): Promise<TimeSlotRow[]> {
  return findDoctorDaySlots(ctx.database.db, caller.facilityId, doctorId, date);
}

/** Days a doctor works between two dates; `free` counts only slots that have not started. */
export async function doctorWorkDays(ctx: AppContext, caller: Caller, doctorId: number, from: string, to: string): Promise<WorkDayRow[]> {
  if (to < from) throw badRequest('Ngày kết thúc phải sau ngày bắt đầu', [{ field: 'to', message: 'Ngày kết thúc phải sau ngày bắt đầu' }]);
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  if (!(days < MAX_SCHEDULE_DAYS))
    throw badRequest(`Khoảng ngày tối đa ${MAX_SCHEDULE_DAYS} ngày`, [{ field: 'to', message: `Khoảng ngày tối đa ${MAX_SCHEDULE_DAYS} ngày` }]);
  return findDoctorWorkDays(ctx.database.db, caller.facilityId, doctorId, from, to);
}

/** The queue of a room's day: checked-in and called bookings, priority first, then by number. */
export async function roomQueue(ctx: AppContext, caller: Caller, q: { roomId?: number; scheduleId?: number; date?: string }): Promise<BookingRow[]> {
  const facilityId = caller.facilityId;
  let roomId = q.roomId;
  let date = q.date ?? todayVn();
  if (q.scheduleId !== undefined) {
    const s = await findScheduleRoomDay(ctx.database.db, facilityId, q.scheduleId);
    if (!s) throw notFound('Không tìm thấy lịch làm việc');
    roomId = s.roomId;
    date = s.date;
  }
  if (roomId === undefined) throw badRequest('Vui lòng chọn phòng khám', [{ field: 'roomId', message: 'Vui lòng chọn phòng khám' }]);
  await roomOfFacility(ctx.database.db, facilityId, roomId);
  checkRoom(await roomScopeOf(ctx.database.db, caller), roomId);
  return findRoomQueue(ctx.database.db, facilityId, roomId, date);
}

/**
 * Sets a room's day counter to the highest queue number its bookings hold (after a manual fix or
 * an import) and returns it; the next check-in continues from there.
 */
export async function syncCheckinSeq(
  ctx: AppContext,
  caller: Caller,
  roomId: number,
  date: string,
): Promise<{ lastNumber: number; hisLastNumber: number | null }> {
  const facilityId = caller.facilityId;
  return ctx.database.transaction(async (tx) => {
    await roomOfFacility(tx, facilityId, roomId);
    checkRoom(await roomScopeOf(tx, caller), roomId);
    const lastNumber = await syncQueueCounter(tx, facilityId, roomId, date);
    // the HIS's own numbering of the same room and day, as its answers to the check-ins brought it back (issue 21)
    const [his] = await rows<{ n: number | null }>(
      tx,
      sql`SELECT max(c.his_queue_number)::int AS n FROM his_checkins c JOIN bookings b ON b.facility_id = c.facility_id AND b.id = c.booking_id
          WHERE c.facility_id = ${facilityId} AND b.room_id = ${roomId} AND b.date = ${date} AND c.status = 'SENT'`,
    );
    await audit(tx, caller, { action: 'BOOKING_SYNC_CHECKIN_SEQ', entity: 'queue_counter', entityId: `${roomId}:${date}`, after: { lastNumber } });
    return { lastNumber, hisLastNumber: his?.n ?? null };
  });
}

export const FACILITY_NOT_FOUND = 'Không tìm thấy cơ sở y tế';

/** The booking sources with their Vietnamese names (the list's filter); `hospitalId` (spec) must be the caller's facility. */
export function bookingSources(caller: Caller, hospitalId?: number) {
  if (hospitalId !== undefined && hospitalId !== caller.facilityId) throw notFound(FACILITY_NOT_FOUND);
  return BOOKING_SOURCES.map((value) => ({ value, name: BOOKING_SOURCE_LABELS[value] }));
}

export const DOCTOR_NOT_FOUND = 'Không tìm thấy bác sĩ';
export const SCHEDULE_NOT_FOUND = 'Không tìm thấy lịch làm việc';

/**
 * The bookings of a doctor or of a medical schedule of the caller's facility, paged and sorted by the
 * asked properties (404 for one not of it); a restricted account sees those of its own rooms.
 */
export async function listingBookings(ctx: AppContext, caller: Caller, by: { doctorId: number } | { scheduleId: number }, q: ListingQuery) {
  const db = ctx.database.db;
  const found = 'doctorId' in by ? await doctorOfFacility(db, caller.facilityId, by.doctorId) : await scheduleOfFacility(db, caller.facilityId, by.scheduleId);
  if (!found) throw notFound('doctorId' in by ? DOCTOR_NOT_FOUND : SCHEDULE_NOT_FOUND);
  if (q.from && q.to && q.from > q.to) {
    const message = 'Ngày bắt đầu phải trước hoặc bằng ngày kết thúc';
    throw badRequest(message, [{ field: 'from', message }]);
  }
  const scope = await roomScopeOf(db, caller);
  const { rows, total } = await findListingPage(db, caller.facilityId, by, { ...q, roomIds: roomsToRead(scope) });
  return pageOf(rows, total, q);
}

/** A patient account's bookings of the caller's facility, newest first (404 for an account not of it). */
export async function userBookings(ctx: AppContext, caller: Caller, userId: number, q: { profileId?: number; page: number; size: number }) {
  const db = ctx.database.db;
  if (!(await patientUserOfFacility(db, caller.facilityId, userId))) throw notFound(USER_NOT_FOUND);
  // a restricted account sees the patient's bookings of its own rooms
  const scope = await roomScopeOf(db, caller);
  const { rows, total } = await findUserBookingPage(db, caller.facilityId, userId, { ...q, roomIds: roomsToRead(scope) });
  return pageOf(rows, total, q);
}
