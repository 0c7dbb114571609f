import { and, asc, desc, eq, gt, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { ScheduleLogRow, ScheduleRow, ScheduleSlotRow } from '@portal/shared/contracts/schedules.contract';
import { HOLDS_SLOT } from '@portal/shared/rules/booking-status';
import { doctorDisplayName } from '@portal/shared/rules/doctor-title';
import type { WorkPeriod } from '@portal/shared/rules/schedule';
import type { Executor } from '../../core/db';
import { rows, type RawRow } from '../../core/sql';
import { accounts, bookings, departments, doctorRooms, doctors, medicalProfiles, rooms, scheduleLogs, schedules, timeSlots } from '../../db/schema';

/**
 * A schedule whose `capacity` is 0 is removed: it is kept only because cancelled or rejected
 * bookings still point at its slots (their history must stay). Lists and clashes skip it.
 */
export const LIVE_SCHEDULE = gt(schedules.capacity, 0);

export interface ScheduleFilter {
  from: string;
  to: string;
  doctorId?: number;
  roomId?: number;
  departmentId?: number;
}

export function scheduleWhere(facilityId: number, f: ScheduleFilter): SQL {
  const conds: SQL[] = [eq(schedules.facilityId, facilityId), gte(schedules.date, f.from), lte(schedules.date, f.to), LIVE_SCHEDULE];
  if (f.doctorId !== undefined) conds.push(eq(schedules.doctorId, f.doctorId));
  if (f.roomId !== undefined) conds.push(eq(schedules.roomId, f.roomId));
  if (f.departmentId !== undefined) conds.push(eq(schedules.departmentId, f.departmentId));
  return and(...conds)!;
}

/** Schedules with their doctor, room, department and slot totals, by day and start. */
export async function findScheduleRows(ex: Executor, where: SQL): Promise<ScheduleRow[]> {
  const rows = await ex
    .select({
      id: schedules.id,
      date: schedules.date,
      shift: schedules.shift,
      startTime: schedules.startTime,
      endTime: schedules.endTime,
      slotMinutes: schedules.slotMinutes,
      note: schedules.note,
      doctorId: doctors.id,
      doctorName: doctors.name,
      academicTitle: doctors.academicTitle,
      degree: doctors.degree,
      roomId: rooms.id,
      roomCode: rooms.code,
      roomName: rooms.name,
      departmentId: departments.id,
      departmentName: departments.name,
      slots: sql<number>`(SELECT count(*)::int FROM time_slots s WHERE s.schedule_id = ${schedules.id})`,
      capacity: sql<number>`(SELECT coalesce(sum(s.capacity), 0)::int FROM time_slots s WHERE s.schedule_id = ${schedules.id})`,
      booked: sql<number>`(SELECT coalesce(sum(s.booked), 0)::int FROM time_slots s WHERE s.schedule_id = ${schedules.id})`,
    })
    .from(schedules)
    .innerJoin(doctors, eq(doctors.id, schedules.doctorId))
    .innerJoin(rooms, eq(rooms.id, schedules.roomId))
    .innerJoin(departments, eq(departments.id, schedules.departmentId))
    .where(where)
    .orderBy(asc(schedules.date), asc(schedules.startTime), asc(doctors.name), asc(schedules.id));
  return rows.map((r) => ({
    id: r.id,
    date: r.date,
    shift: r.shift,
    startTime: r.startTime,
    endTime: r.endTime,
    slotMinutes: r.slotMinutes,
    note: r.note,
    doctor: { id: r.doctorId, name: doctorDisplayName({ name: r.doctorName, academicTitle: r.academicTitle, degree: r.degree }) },
    room: { id: r.roomId, code: r.roomCode, name: r.roomName },
    department: { id: r.departmentId, name: r.departmentName },
    slots: Number(r.slots),
    capacity: Number(r.capacity),
    booked: Number(r.booked),
  }));
}

export async function findScheduleRow(ex: Executor, facilityId: number, id: number): Promise<ScheduleRow | null> {
  const [row] = await findScheduleRows(ex, and(eq(schedules.facilityId, facilityId), eq(schedules.id, id), LIVE_SCHEDULE)!);
  return row ?? null;
}

/** Key space of the per-doctor advisory lock (any constant distinct from other modules' locks). */
const DOCTOR_LOCK = 7301;

/**
 * Serialises the writes of one doctor's schedules until the transaction ends, so two builds
 * racing for the same doctor cannot both pass the clash check.
 */
export async function lockDoctorSchedules(ex: Executor, doctorId: number): Promise<void> {
  await ex.execute(sql`SELECT pg_advisory_xact_lock(${DOCTOR_LOCK}::int, ${doctorId}::int)`);
}

/** The doctor's working periods on the given days (for the clash rule), named by room. */
export async function findDoctorPeriods(ex: Executor, doctorId: number, from: string, to: string): Promise<WorkPeriod[]> {
  const rows = await ex
    .select({ date: schedules.date, start: schedules.startTime, end: schedules.endTime, room: rooms.name })
    .from(schedules)
    .innerJoin(rooms, eq(rooms.id, schedules.roomId))
    .where(and(eq(schedules.doctorId, doctorId), gte(schedules.date, from), lte(schedules.date, to), LIVE_SCHEDULE));
  return rows.map((r) => ({ date: r.date, start: r.start, end: r.end, label: r.room }));
}

export interface DoctorRef {
  id: number;
  name: string;
  active: boolean;
}

export async function findDoctorRef(ex: Executor, facilityId: number, id: number): Promise<DoctorRef | null> {
  const [r] = await ex
    .select({ id: doctors.id, name: doctors.name, academicTitle: doctors.academicTitle, degree: doctors.degree, active: doctors.active })
    .from(doctors)
    .where(and(eq(doctors.facilityId, facilityId), eq(doctors.id, id)));
  return r ? { id: r.id, name: doctorDisplayName(r), active: r.active } : null;
}

export async function findRoomRef(ex: Executor, facilityId: number, id: number) {
  const [r] = await ex
    .select({ id: rooms.id, code: rooms.code, name: rooms.name })
    .from(rooms)
    .where(and(eq(rooms.facilityId, facilityId), eq(rooms.id, id)));
  return r ?? null;
}

export async function findDepartmentRef(ex: Executor, facilityId: number, id: number) {
  const [r] = await ex
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(and(eq(departments.facilityId, facilityId), eq(departments.id, id)));
  return r ?? null;
}

export async function doctorWorksInRoom(ex: Executor, doctorId: number, roomId: number): Promise<boolean> {
  const [r] = await ex
    .select({ n: sql<number>`1` })
    .from(doctorRooms)
    .where(and(eq(doctorRooms.doctorId, doctorId), eq(doctorRooms.roomId, roomId)));
  return Boolean(r);
}

export type NewSchedule = typeof schedules.$inferInsert;
export type NewSlot = Omit<typeof timeSlots.$inferInsert, 'scheduleId'>;

const CHUNK = 5000;
const p = sql.param;

/**
 * Inserts schedules with their slots in bulk (unnest of arrays: one statement per table and
 * few thousand rows, on PGlite and PostgreSQL alike); returns the new schedule ids in order.
 */
export async function insertSchedules(ex: Executor, items: { schedule: NewSchedule; slots: NewSlot[] }[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < items.length; i += CHUNK) {
    const part = items.slice(i, i + CHUNK).map((x) => x.schedule);
    const col = <T>(f: (s: NewSchedule) => T) => p(part.map(f));
    const made = await rows<RawRow<typeof schedules, 'id'>>(
      ex,
      sql`INSERT INTO schedules (facility_id, doctor_id, room_id, department_id, date, shift, start_time, end_time, slot_minutes, capacity, note, created_by)
        SELECT t.facility_id, t.doctor_id, t.room_id, t.department_id, t.date, t.shift, t.start_time, t.end_time, t.slot_minutes, t.capacity, t.note, t.created_by
        FROM unnest(${col((s) => s.facilityId)}::int[], ${col((s) => s.doctorId)}::int[], ${col((s) => s.roomId)}::int[], ${col((s) => s.departmentId)}::int[],
                    ${col((s) => s.date)}::date[], ${col((s) => s.shift)}::text[], ${col((s) => s.startTime)}::text[], ${col((s) => s.endTime)}::text[],
                    ${col((s) => s.slotMinutes)}::int[], ${col((s) => s.capacity)}::int[], ${col((s) => s.note ?? null)}::text[], ${col((s) => s.createdBy ?? null)}::int[])
          WITH ORDINALITY AS t(facility_id, doctor_id, room_id, department_id, date, shift, start_time, end_time, slot_minutes, capacity, note, created_by, ord)
        ORDER BY t.ord RETURNING id`,
    );
    ids.push(...made.map((m) => m.id));
  }
  const slots = items.flatMap((x, i) => x.slots.map((s) => ({ ...s, scheduleId: ids[i]! })));
  for (let i = 0; i < slots.length; i += CHUNK) {
    const part = slots.slice(i, i + CHUNK);
    const col = <T>(f: (s: (typeof part)[number]) => T) => p(part.map(f));
    await ex.execute(
      sql`INSERT INTO time_slots (facility_id, schedule_id, doctor_id, date, start_time, end_time, starts_at, capacity)
        SELECT * FROM unnest(${col((s) => s.facilityId)}::int[], ${col((s) => s.scheduleId)}::int[], ${col((s) => s.doctorId)}::int[], ${col((s) => s.date)}::date[],
                             ${col((s) => s.startTime)}::text[], ${col((s) => s.endTime)}::text[], ${col((s) => new Date(s.startsAt).toISOString())}::timestamptz[], ${col((s) => s.capacity)}::int[])`,
    );
  }
  return ids;
}

export async function findSlots(ex: Executor, scheduleId: number): Promise<ScheduleSlotRow[]> {
  const rows = await ex.select().from(timeSlots).where(eq(timeSlots.scheduleId, scheduleId)).orderBy(asc(timeSlots.startTime));
  return rows.map((s) => ({
    id: s.id,
    startTime: s.startTime,
    endTime: s.endTime,
    startsAt: new Date(s.startsAt).toISOString(),
    capacity: s.capacity,
    booked: s.booked,
  }));
}

/** The live schedules of a filter with their slots (for copying a week). */
export async function findSchedulesWithSlots(ex: Executor, where: SQL) {
  const list = await ex.select().from(schedules).where(where).orderBy(asc(schedules.date), asc(schedules.startTime));
  if (!list.length) return [];
  const slots = await ex
    .select()
    .from(timeSlots)
    .where(
      inArray(
        timeSlots.scheduleId,
        list.map((s) => s.id),
      ),
    )
    .orderBy(asc(timeSlots.startTime));
  const bySchedule = new Map<number, (typeof slots)[number][]>();
  for (const s of slots) bySchedule.set(s.scheduleId, [...(bySchedule.get(s.scheduleId) ?? []), s]);
  return list.map((s) => ({ schedule: s, slots: bySchedule.get(s.id) ?? [] }));
}

export interface HoldingBooking {
  code: string;
  patient: string;
  date: string;
  startTime: string;
}

/** Bookings that hold a place in the given schedules (they must be moved or cancelled first). */
export async function findHoldingBookings(ex: Executor, scheduleIds: number[]): Promise<HoldingBooking[]> {
  if (!scheduleIds.length) return [];
  return ex
    .select({ code: bookings.code, patient: medicalProfiles.fullName, date: bookings.date, startTime: bookings.startTime })
    .from(bookings)
    .innerJoin(medicalProfiles, eq(medicalProfiles.id, bookings.medicalProfileId))
    .where(and(inArray(bookings.scheduleId, scheduleIds), inArray(bookings.status, [...HOLDS_SLOT])))
    .orderBy(asc(bookings.date), asc(bookings.startTime), asc(bookings.code))
    .limit(200);
}

/**
 * Removes schedules nobody booked; those still named by a cancelled or rejected booking are
 * emptied instead (capacity 0 on the schedule and its slots), so the booking's history stays.
 */
export async function removeSchedules(ex: Executor, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const referenced = await ex.selectDistinct({ id: bookings.scheduleId }).from(bookings).where(inArray(bookings.scheduleId, ids));
  const keep = new Set(referenced.map((r) => r.id));
  const drop = ids.filter((id) => !keep.has(id));
  if (drop.length) await ex.delete(schedules).where(inArray(schedules.id, drop));
  if (keep.size) {
    await ex
      .update(timeSlots)
      .set({ capacity: 0 })
      .where(inArray(timeSlots.scheduleId, [...keep]));
    await ex
      .update(schedules)
      .set({ capacity: 0, updatedAt: new Date() })
      .where(inArray(schedules.id, [...keep]));
  }
}

export async function findSlot(ex: Executor, scheduleId: number, slotId: number) {
  const [s] = await ex
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.scheduleId, scheduleId), eq(timeSlots.id, slotId)));
  return s ?? null;
}

/** Sets the capacity of every slot of a schedule. */
export async function setSlotsCapacity(ex: Executor, scheduleId: number, capacity: number): Promise<void> {
  await ex.update(timeSlots).set({ capacity }).where(eq(timeSlots.scheduleId, scheduleId));
}

export async function setSlotCapacity(ex: Executor, slotId: number, capacity: number): Promise<void> {
  await ex.update(timeSlots).set({ capacity }).where(eq(timeSlots.id, slotId));
}

/** Changes a schedule's columns (capacity, note) and its updated_at. */
export async function setSchedule(ex: Executor, id: number, change: Partial<Pick<NewSchedule, 'capacity' | 'note'>>): Promise<void> {
  await ex
    .update(schedules)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(schedules.id, id));
}

export async function insertLog(ex: Executor, row: typeof scheduleLogs.$inferInsert): Promise<void> {
  await ex.insert(scheduleLogs).values(row);
}

export async function findLogPage(ex: Executor, facilityId: number, q: { doctorId?: number; from?: string; to?: string; page: number; size: number }) {
  const conds: SQL[] = [eq(scheduleLogs.facilityId, facilityId)];
  if (q.doctorId !== undefined) conds.push(eq(scheduleLogs.doctorId, q.doctorId));
  if (q.from) conds.push(sql`${scheduleLogs.createdAt} >= (${q.from}::date)::timestamp AT TIME ZONE 'Asia/Ho_Chi_Minh'`);
  if (q.to) conds.push(sql`${scheduleLogs.createdAt} < ((${q.to}::date + 1)::timestamp AT TIME ZONE 'Asia/Ho_Chi_Minh')`);
  const where = and(...conds);
  const [count] = await ex.select({ n: sql<number>`count(*)::int` }).from(scheduleLogs).where(where);
  const rows = await ex
    .select({
      id: scheduleLogs.id,
      action: scheduleLogs.action,
      summary: scheduleLogs.summary,
      scheduleId: scheduleLogs.scheduleId,
      doctorId: doctors.id,
      doctorName: doctors.name,
      academicTitle: doctors.academicTitle,
      degree: doctors.degree,
      account: accounts.name,
      createdAt: scheduleLogs.createdAt,
    })
    .from(scheduleLogs)
    .leftJoin(doctors, eq(doctors.id, scheduleLogs.doctorId))
    .leftJoin(accounts, eq(accounts.id, scheduleLogs.accountId))
    .where(where)
    .orderBy(desc(scheduleLogs.createdAt), desc(scheduleLogs.id))
    .limit(q.size)
    .offset(q.page * q.size);
  const data: ScheduleLogRow[] = rows.map((r) => ({
    id: r.id,
    action: r.action as ScheduleLogRow['action'],
    summary: r.summary,
    scheduleId: r.scheduleId,
    doctor: r.doctorId ? { id: r.doctorId, name: doctorDisplayName({ name: r.doctorName!, academicTitle: r.academicTitle, degree: r.degree }) } : null,
    account: r.account,
    createdAt: new Date(r.createdAt).toISOString(),
  }));
  return { rows: data, total: Number(count?.n ?? 0) };
}

/** The rooms a doctor works in (doctor_rooms), for the build form. */
export async function findDoctorRooms(ex: Executor, facilityId: number, doctorId: number) {
  return ex
    .select({ id: rooms.id, code: rooms.code, name: rooms.name })
    .from(doctorRooms)
    .innerJoin(rooms, eq(rooms.id, doctorRooms.roomId))
    .where(and(eq(doctorRooms.doctorId, doctorId), eq(rooms.facilityId, facilityId)))
    .orderBy(asc(rooms.code));
}
