import { pageOf } from '@portal/shared/core/api';
import type { ListQuery } from '@portal/shared/core/list-query';
import {
  SCHEDULE_LIVE_TOPIC,
  SCHEDULE_MESSAGES as M,
  SCHEDULE_RANGE_MAX_DAYS,
  type CopyWeekInput,
  type DayOffInput,
  type ScheduleCreateInput,
  type ScheduleLogAction,
  type ScheduleOptionKind,
  type ScheduleRangeQuery,
  type ScheduleRow,
  type ScheduleUpdateInput,
} from '@portal/shared/contracts/schedules.contract';
import { formatDate } from '@portal/shared/rules/format';
import { addDays, cutSlots, findClash, isoWeekday, SHIFTS, workDays, type WorkPeriod } from '@portal/shared/rules/schedule';
import { todayVn } from '@portal/shared/rules/time';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db';
import { recordWrite } from '../../core/write';
import { AppError, badRequest, conflict, notFound } from '../../core/errors';
import { findLinkOptions } from '../doctors/doctors.repository';
import {
  doctorWorksInRoom,
  findDepartmentRef,
  findDoctorPeriods,
  findDoctorRef,
  findDoctorRooms,
  findHoldingBookings,
  findLogPage,
  findRoomRef,
  findScheduleRow,
  findScheduleRows,
  findSchedulesWithSlots,
  findSlot,
  findSlots,
  insertLog,
  insertSchedules,
  lockDoctorSchedules,
  removeSchedules,
  scheduleWhere,
  setSchedule,
  setSlotCapacity,
  setSlotsCapacity,
  type HoldingBooking,
  type NewSchedule,
  type NewSlot,
} from './schedules.repository';

const ENTITY = 'schedule';
const DAY_MS = 86_400_000;

/** The instant of a wall-clock time of a Vietnamese calendar day. */
export const vnInstant = (date: string, time: string) => new Date(`${date}T${time}:00+07:00`);
const spanDays = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/** 409 listing the bookings that hold places: code · patient · HH:mm DD/MM/YYYY. */
function heldBy(list: HoldingBooking[]): AppError {
  return conflict(
    M.bookedHeld(list.length),
    list.map((b) => ({ field: 'bookings', message: `${b.code} · ${b.patient} · ${b.startTime} ${formatDate(b.date)}` })),
  );
}

function checkRange(from: string, to: string) {
  if (Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to))) throw badRequest('Ngày không hợp lệ');
  if (to < from) throw badRequest('Ngày kết thúc phải sau hoặc bằng ngày bắt đầu', [{ field: 'to', message: 'Ngày kết thúc phải sau hoặc bằng ngày bắt đầu' }]);
  if (spanDays(from, to) > SCHEDULE_RANGE_MAX_DAYS) throw badRequest(M.rangeTooLong, [{ field: 'to', message: M.rangeTooLong }]);
}

/** Slots of a period as rows (starts_at = the day + start time at +07:00). */
function slotRows(facilityId: number, doctorId: number, date: string, slots: { start: string; end: string; capacity: number }[]): NewSlot[] {
  return slots.map((s) => ({ facilityId, doctorId, date, startTime: s.start, endTime: s.end, startsAt: vnInstant(date, s.start), capacity: s.capacity }));
}

export function schedulesService(ctx: AppContext) {
  const db = ctx.database.db;

  /** The log row, the audit row and the live event of one change, in its transaction. */
  async function record(
    tx: Executor,
    caller: Caller,
    e: { action: ScheduleLogAction; summary: string; doctorId?: number | null; scheduleId?: number | null; detail?: unknown; before?: unknown },
  ) {
    await recordWrite(ctx, tx, caller, {
      log: (ex) =>
        insertLog(ex, {
          facilityId: caller.facilityId,
          doctorId: e.doctorId ?? null,
          scheduleId: e.scheduleId ?? null,
          action: e.action,
          summary: e.summary,
          detail: e.detail ?? null,
          accountId: caller.accountId,
        }),
      audit: { action: e.action, entity: ENTITY, entityId: e.scheduleId ?? null, before: e.before, after: e.detail },
      live: {
        facilityId: caller.facilityId,
        topic: SCHEDULE_LIVE_TOPIC,
        type: e.action,
        id: e.scheduleId ?? undefined,
        data: { doctorId: e.doctorId ?? null },
      },
    });
  }

  /** A live schedule of the caller's facility, refused once its day has passed when `editing`. */
  async function liveSchedule(ex: Executor, facilityId: number, id: number, editing: boolean): Promise<ScheduleRow> {
    const row = await findScheduleRow(ex, facilityId, id);
    if (!row) throw notFound(M.notFound);
    if (editing && row.date < todayVn()) throw conflict(M.pastEdit);
    return row;
  }

  /** Clashes of `added` with the doctor's own periods (and with each other) → 409 naming the clash. */
  async function checkClash(ex: Executor, doctorId: number, added: WorkPeriod[]) {
    if (!added.length) return;
    await lockDoctorSchedules(ex, doctorId);
    const dates = added.map((p) => p.date).sort();
    const existing = await findDoctorPeriods(ex, doctorId, dates[0]!, dates[dates.length - 1]!);
    const clash = findClash(existing, added);
    if (clash) throw conflict(clash);
  }

  return {
    async list(caller: Caller, q: ScheduleRangeQuery): Promise<ScheduleRow[]> {
      checkRange(q.from, q.to);
      return findScheduleRows(db, scheduleWhere(caller.facilityId, q));
    },

    async slots(caller: Caller, id: number) {
      await liveSchedule(db, caller.facilityId, id, false);
      return findSlots(db, id);
    },

    /** A page of the departments or rooms for a dropdown; with `doctorId`, the rooms the doctor works in, all on one page. */
    async options(caller: Caller, kind: ScheduleOptionKind, q: ListQuery) {
      if (kind === 'rooms' && q.filters.doctorId !== undefined) {
        const data = await findDoctorRooms(db, caller.facilityId, q.filters.doctorId as number);
        return { code: 0 as const, data, totalElements: data.length, totalPage: 1, page: 0, size: data.length };
      }
      const { rows, total } = await findLinkOptions(db, kind, caller.facilityId, q);
      return pageOf(
        rows.map(({ id, code, name }) => ({ id, code, name })),
        total,
        q,
      );
    },

    logs: (caller: Caller, q: { doctorId?: number; from?: string; to?: string; page: number; size: number }) => findLogPage(db, caller.facilityId, q),

    async create(caller: Caller, body: ScheduleCreateInput) {
      const days = workDays(body.from, body.to, body.weekdays);
      if (!days.ok) throw badRequest(days.message, [{ field: 'to', message: days.message }]);
      if (!days.value.length) throw badRequest(M.noDays, [{ field: 'weekdays', message: M.noDays }]);
      const today = todayVn();
      const past = days.value.find((d) => d < today);
      if (past) throw badRequest(M.pastDay(formatDate(past)), [{ field: 'from', message: M.pastDay(formatDate(past)) }]);
      const periods = body.shifts.map((s) =>
        s.shift === 'CUSTOM' ? { shift: s.shift, start: s.start!, end: s.end! } : { shift: s.shift, ...SHIFTS[s.shift] },
      );
      const cut = periods.map((p) => ({ ...p, slots: cutSlots(p.start, p.end, body.slotMinutes, body.capacity) }));
      for (const c of cut) if (!c.slots.ok) throw badRequest(c.slots.message, [{ field: 'shifts', message: c.slots.message }]);

      return ctx.database.transaction(async (tx) => {
        const doctor = await findDoctorRef(tx, caller.facilityId, body.doctorId);
        if (!doctor) throw notFound(M.doctorNotFound);
        if (!doctor.active) throw badRequest(M.doctorInactive, [{ field: 'doctorId', message: M.doctorInactive }]);
        const room = await findRoomRef(tx, caller.facilityId, body.roomId);
        if (!room) throw notFound(M.roomNotFound);
        if (!(await findDepartmentRef(tx, caller.facilityId, body.departmentId))) throw notFound(M.departmentNotFound);
        if (!(await doctorWorksInRoom(tx, doctor.id, room.id))) throw badRequest(M.roomNotOfDoctor, [{ field: 'roomId', message: M.roomNotOfDoctor }]);

        const added: WorkPeriod[] = days.value.flatMap((date) => periods.map((p) => ({ date, start: p.start, end: p.end, label: room.name })));
        await checkClash(tx, doctor.id, added);

        const items = days.value.flatMap((date) =>
          cut.map((c) => ({
            schedule: {
              facilityId: caller.facilityId,
              doctorId: doctor.id,
              roomId: room.id,
              departmentId: body.departmentId,
              date,
              shift: c.shift,
              startTime: c.start,
              endTime: c.end,
              slotMinutes: body.slotMinutes,
              capacity: body.capacity,
              note: body.note?.trim() || null,
              createdBy: caller.accountId,
            } satisfies NewSchedule,
            slots: slotRows(caller.facilityId, doctor.id, date, c.slots.ok ? c.slots.value : []),
          })),
        );
        const ids = await insertSchedules(tx, items);
        await record(tx, caller, {
          action: 'CREATE',
          doctorId: doctor.id,
          summary: `Xếp ${ids.length} ca cho ${doctor.name} tại ${room.name}, ${formatDate(body.from)} – ${formatDate(body.to)}`,
          detail: { ...body, created: ids.length },
        });
        return { created: ids.length, ids };
      });
    },

    async copyWeek(caller: Caller, body: CopyWeekInput) {
      for (const [field, d] of [
        ['fromWeek', body.fromWeek],
        ['toWeek', body.toWeek],
      ] as const) {
        if (Number.isNaN(Date.parse(d))) throw badRequest('Ngày không hợp lệ', [{ field, message: 'Ngày không hợp lệ' }]);
        if (isoWeekday(d) !== 1) throw badRequest(M.notMonday, [{ field, message: M.notMonday }]);
      }
      if (body.fromWeek === body.toWeek) throw badRequest(M.sameWeek, [{ field: 'toWeek', message: M.sameWeek }]);
      const shift = Math.round((Date.parse(body.toWeek) - Date.parse(body.fromWeek)) / DAY_MS);
      const today = todayVn();

      return ctx.database.transaction(async (tx) => {
        const source = await findSchedulesWithSlots(
          tx,
          scheduleWhere(caller.facilityId, {
            from: body.fromWeek,
            to: addDays(body.fromWeek, 6),
            doctorId: body.doctorId,
            roomId: body.roomId,
            departmentId: body.departmentId,
          }),
        );
        if (!source.length) throw badRequest(M.nothingToCopy, [{ field: 'fromWeek', message: M.nothingToCopy }]);
        const moved = source.map((s) => ({ ...s, date: addDays(s.schedule.date, shift) }));
        const past = moved.find((m) => m.date < today);
        if (past) throw badRequest(M.pastDay(formatDate(past.date)), [{ field: 'toWeek', message: M.pastDay(formatDate(past.date)) }]);
        const byDoctor = new Map<number, WorkPeriod[]>();
        for (const m of moved)
          byDoctor.set(m.schedule.doctorId, [
            ...(byDoctor.get(m.schedule.doctorId) ?? []),
            { date: m.date, start: m.schedule.startTime, end: m.schedule.endTime },
          ]);
        // Doctors in id order: two copies running together take the per-doctor locks in the same order.
        for (const [doctorId, added] of [...byDoctor].sort((a, b) => a[0] - b[0])) {
          try {
            await checkClash(tx, doctorId, added);
          } catch (e) {
            const doctor = await findDoctorRef(tx, caller.facilityId, doctorId);
            throw e instanceof AppError && doctor ? conflict(`${doctor.name}: ${e.message}`) : e;
          }
        }
        const ids = await insertSchedules(
          tx,
          moved.map(({ schedule: s, slots, date }) => ({
            schedule: {
              facilityId: caller.facilityId,
              doctorId: s.doctorId,
              roomId: s.roomId,
              departmentId: s.departmentId,
              date,
              shift: s.shift,
              startTime: s.startTime,
              endTime: s.endTime,
              slotMinutes: s.slotMinutes,
              capacity: s.capacity,
              note: s.note,
              createdBy: caller.accountId,
            },
            slots: slotRows(
              caller.facilityId,
              s.doctorId,
              date,
              slots.map((x) => ({ start: x.startTime, end: x.endTime, capacity: x.capacity })),
            ),
          })),
        );
        const oneDoctor = byDoctor.size === 1 ? [...byDoctor.keys()][0]! : null;
        await record(tx, caller, {
          action: 'COPY_WEEK',
          doctorId: oneDoctor,
          summary: `Sao chép ${ids.length} ca từ tuần ${formatDate(body.fromWeek)} sang tuần ${formatDate(body.toWeek)}`,
          detail: { ...body, created: ids.length },
        });
        return { created: ids.length, ids };
      });
    },

    async update(caller: Caller, id: number, body: ScheduleUpdateInput): Promise<ScheduleRow> {
      return ctx.database.transaction(async (tx) => {
        const before = await liveSchedule(tx, caller.facilityId, id, true);
        if (body.capacity !== undefined) {
          const slots = await findSlots(tx, id);
          const most = Math.max(0, ...slots.map((s) => s.booked));
          if (body.capacity < most) throw conflict(M.belowBooked(most), [{ field: 'capacity', message: M.belowBooked(most) }]);
          await setSlotsCapacity(tx, id, body.capacity);
        }
        await setSchedule(tx, id, {
          ...(body.capacity !== undefined ? { capacity: body.capacity } : {}),
          ...(body.note !== undefined ? { note: body.note?.trim() || null } : {}),
        });
        const after = (await findScheduleRow(tx, caller.facilityId, id))!;
        const what = body.capacity !== undefined ? `số lượt mỗi khung giờ ${body.capacity}` : 'ghi chú';
        await record(tx, caller, {
          action: 'UPDATE',
          doctorId: before.doctor.id,
          scheduleId: id,
          summary: `Sửa ca ${before.startTime}–${before.endTime} ngày ${formatDate(before.date)} của ${before.doctor.name}: ${what}`,
          before,
          detail: body,
        });
        return after;
      });
    },

    async updateSlot(caller: Caller, id: number, slotId: number, capacity: number) {
      return ctx.database.transaction(async (tx) => {
        const schedule = await liveSchedule(tx, caller.facilityId, id, true);
        const slot = await findSlot(tx, id, slotId);
        if (!slot) throw notFound(M.slotNotFound);
        if (capacity < slot.booked) throw conflict(M.belowBooked(slot.booked), [{ field: 'capacity', message: M.belowBooked(slot.booked) }]);
        await setSlotCapacity(tx, slotId, capacity);
        await record(tx, caller, {
          action: 'UPDATE',
          doctorId: schedule.doctor.id,
          scheduleId: id,
          summary: `Đổi khung giờ ${slot.startTime}–${slot.endTime} ngày ${formatDate(schedule.date)} của ${schedule.doctor.name}: ${slot.capacity} → ${capacity} lượt`,
          before: { slotId, capacity: slot.capacity },
          detail: { slotId, capacity },
        });
        return (await findSlots(tx, id)).find((s) => s.id === slotId)!;
      });
    },

    async remove(caller: Caller, id: number): Promise<ScheduleRow> {
      return ctx.database.transaction(async (tx) => {
        const before = await liveSchedule(tx, caller.facilityId, id, true);
        const held = await findHoldingBookings(tx, [id]);
        if (held.length) throw heldBy(held);
        await removeSchedules(tx, [id]);
        await record(tx, caller, {
          action: 'DELETE',
          doctorId: before.doctor.id,
          scheduleId: id,
          summary: `Xoá ca ${before.startTime}–${before.endTime} ngày ${formatDate(before.date)} của ${before.doctor.name} tại ${before.room.name}`,
          before,
        });
        return before;
      });
    },

    /** Day off (removal by time): refused while any booking holds a place, else removes the doctor's schedules of the days. */
    async dayOff(caller: Caller, body: DayOffInput) {
      checkRange(body.from, body.to);
      if (body.from < todayVn()) throw badRequest(M.pastDay(formatDate(body.from)), [{ field: 'from', message: M.pastDay(formatDate(body.from)) }]);
      return ctx.database.transaction(async (tx) => {
        const doctor = await findDoctorRef(tx, caller.facilityId, body.doctorId);
        if (!doctor) throw notFound(M.doctorNotFound);
        const rows = await findScheduleRows(tx, scheduleWhere(caller.facilityId, { from: body.from, to: body.to, doctorId: doctor.id }));
        if (!rows.length) throw badRequest(M.noneToRemove, [{ field: 'from', message: M.noneToRemove }]);
        const ids = rows.map((r) => r.id);
        const held = await findHoldingBookings(tx, ids);
        if (held.length) throw heldBy(held);
        await removeSchedules(tx, ids);
        const days = body.from === body.to ? `ngày ${formatDate(body.from)}` : `${formatDate(body.from)} – ${formatDate(body.to)}`;
        await record(tx, caller, {
          action: 'DAY_OFF',
          doctorId: doctor.id,
          summary: `Cho ${doctor.name} nghỉ ${days}, xoá ${ids.length} ca${body.note?.trim() ? ` (${body.note.trim()})` : ''}`,
          before: rows,
          detail: { ...body, removed: ids.length },
        });
        return { removed: ids.length };
      });
    },
  };
}
