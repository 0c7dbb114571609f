import { and, asc, eq } from 'drizzle-orm';
import { addDays, cutSlots, isoWeekday, SHIFTS, type ShiftKey } from '@portal/shared/rules/schedule';
import { doctorDisplayName } from '@portal/shared/rules/doctor-title';
import type { Executor } from '../../core/db';
import { insertSchedules, type NewSchedule, type NewSlot } from '../../modules/schedules/schedules.repository';
import { todayVn } from '@portal/shared/rules/time';
import { vnInstant } from '../../modules/schedules/schedules.service';
import { doctorRooms, doctors, rooms, scheduleLogs } from '../schema';
import { mulberry32 } from './patients-data';

/** Rooms whose doctors take no outpatient bookings: emergency, laboratory, imaging. */
const NO_BOOKING_ROOMS = new Set(['CC01', 'XN01', 'SA01', 'XQ01', 'CT01']);
const SLOT_MINUTES = [15, 20, 20, 30, 30];

/**
 * Two months of work schedules around `now` (one month back, one month ahead) for every active
 * outpatient doctor of the facility: weekday mornings or afternoons in the doctor's rooms (a
 * doctor with two rooms alternates them by day), some Saturday mornings, slots of 15–30 minutes
 * for 2–6 patients. Two patterns so doctors sharing a room are spread over the day. Deterministic.
 */
export async function seedDemoSchedules(tx: Executor, facilityId: number, now = new Date()): Promise<number> {
  const list = await tx
    .select({
      id: doctors.id,
      code: doctors.code,
      name: doctors.name,
      academicTitle: doctors.academicTitle,
      degree: doctors.degree,
      departmentId: doctors.departmentId,
      roomId: rooms.id,
      roomCode: rooms.code,
    })
    .from(doctors)
    .innerJoin(doctorRooms, eq(doctorRooms.doctorId, doctors.id))
    .innerJoin(rooms, eq(rooms.id, doctorRooms.roomId))
    .where(and(eq(doctors.facilityId, facilityId), eq(doctors.active, true)))
    .orderBy(asc(doctors.code), asc(rooms.code));
  const byDoctor = new Map<number, { d: (typeof list)[number]; rooms: number[] }>();
  for (const r of list) {
    if (NO_BOOKING_ROOMS.has(r.roomCode)) continue;
    const e = byDoctor.get(r.id) ?? { d: r, rooms: [] };
    e.rooms.push(r.roomId);
    byDoctor.set(r.id, e);
  }

  const today = todayVn(now);
  const first = addDays(today, -30);
  const rand = mulberry32(20261123);
  const items: { schedule: NewSchedule; slots: NewSlot[] }[] = [];
  const logs: { doctorId: number; summary: string }[] = [];
  let n = 0;
  for (const { d, rooms: roomIds } of byDoctor.values()) {
    const minutes = SLOT_MINUTES[Math.floor(rand() * SLOT_MINUTES.length)]!;
    const capacity = 2 + Math.floor(rand() * 5);
    const morningPerson = n % 2 === 0;
    const saturday = n % 3 === 0;
    n += 1;
    let made = 0;
    for (let i = 0; i <= 60; i++) {
      const date = addDays(first, i);
      const wd = isoWeekday(date);
      const shifts: ShiftKey[] = [];
      if (wd <= 5) {
        shifts.push(morningPerson ? 'MORNING' : 'AFTERNOON');
        // A second shift on some days: the morning people's Tuesday/Thursday afternoons, the others' Wednesday morning.
        if (morningPerson && (wd === 2 || wd === 4)) shifts.push('AFTERNOON');
        if (!morningPerson && wd === 3) shifts.unshift('MORNING');
      } else if (wd === 6 && saturday) shifts.push('MORNING');
      for (const key of shifts) {
        const s = SHIFTS[key];
        const cut = cutSlots(s.start, s.end, minutes, capacity);
        if (!cut.ok) continue;
        const roomId = roomIds[i % roomIds.length]!;
        items.push({
          schedule: {
            facilityId,
            doctorId: d.id,
            roomId,
            departmentId: d.departmentId,
            date,
            shift: key,
            startTime: s.start,
            endTime: s.end,
            slotMinutes: minutes,
            capacity,
          },
          slots: cut.value.map((x) => ({
            facilityId,
            doctorId: d.id,
            date,
            startTime: x.start,
            endTime: x.end,
            startsAt: vnInstant(date, x.start),
            capacity: x.capacity,
          })),
        });
        made += 1;
      }
    }
    logs.push({ doctorId: d.id, summary: `Xếp ${made} ca cho ${doctorDisplayName(d)} (dữ liệu mẫu), khung ${minutes} phút, ${capacity} lượt mỗi khung` });
  }
  await insertSchedules(tx, items);
  if (logs.length)
    await tx.insert(scheduleLogs).values(logs.map((l) => ({ facilityId, doctorId: l.doctorId, action: 'CREATE', summary: l.summary, createdAt: now })));
  return items.length;
}
