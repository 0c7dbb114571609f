import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { cutSlots } from '@portal/shared/rules/schedule';
import { vnWallClockToMs } from '@portal/shared/rules/time';
import type { Executor } from '../../core/db';
import { rows } from '../../core/sql';
import { makePatients } from '../patients/patients.fixtures';

export interface ClinicFixture {
  departmentId: number;
  specialtyId: number;
  roomId: number;
  doctorId: number;
  serviceIds: number[];
}

const one = async <T>(ex: Executor, q: ReturnType<typeof sql>) => (await rows<T>(ex, q))[0]!;

/** A department, a specialty, a room, a doctor and two services in the facility (tests and e2e fixtures). */
export async function makeClinic(ex: Executor, facilityId: number, label = 'Nội tổng hợp'): Promise<ClinicFixture> {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const dep = await one<{ id: number }>(
    ex,
    sql`INSERT INTO departments (facility_id, code, name, search_text) VALUES (${facilityId}, ${`K${tag}`}, ${`Khoa ${label}`}, ${`khoa ${tag}`}) RETURNING id`,
  );
  const sp = await one<{ id: number }>(
    ex,
    sql`INSERT INTO specialties (facility_id, code, name, search_text) VALUES (${facilityId}, ${`CK${tag}`}, ${label}, ${`ck ${tag}`}) RETURNING id`,
  );
  const room = await one<{ id: number }>(
    ex,
    sql`INSERT INTO rooms (facility_id, code, name, search_text, department_id, specialty_id) VALUES (${facilityId}, ${`P${tag}`}, ${`Phòng khám ${label} ${tag}`}, ${`phong ${tag}`}, ${dep.id}, ${sp.id}) RETURNING id`,
  );
  const doc = await one<{ id: number }>(
    ex,
    sql`INSERT INTO doctors (facility_id, code, name, gender, degree, department_id, search_text) VALUES (${facilityId}, ${`BS${tag}`}, 'Nguyễn Văn An', 'MALE', 'BSCKI', ${dep.id}, ${`bs ${tag}`}) RETURNING id`,
  );
  const services = await rows<{ id: number }>(
    ex,
    sql`INSERT INTO medical_services (facility_id, code, name, price, type_value, price_entries, search_text, code_search) VALUES
        (${facilityId}, ${`KB${tag}`}, 'Khám Nội tổng quát', 150000, 10, '[]'::jsonb, 'kham noi tong quat', ${`kb${tag.toLowerCase()}`}),
        (${facilityId}, ${`XN${tag}`}, 'Tổng phân tích tế bào máu ngoại vi', 90000, 2,
         ${JSON.stringify([{ khoaChiDinhId: 1000102, donGiaDichVu: 120000, denNgay: null }])}::jsonb, 'tong phan tich te bao mau', ${`xn${tag.toLowerCase()}`})
        RETURNING id`,
  );
  return { departmentId: dep.id, specialtyId: sp.id, roomId: room.id, doctorId: doc.id, serviceIds: services.map((s) => s.id) };
}

export interface SlotFixture {
  id: number;
  scheduleId: number;
  date: string;
  startTime: string;
}

/** A schedule of the clinic's doctor on `date` (HH:mm wall clock, +07:00) cut into slots of `capacity`. */
export async function makeSlots(
  ex: Executor,
  facilityId: number,
  c: ClinicFixture,
  date: string,
  opts: { start?: string; end?: string; minutes?: number; capacity?: number } = {},
): Promise<SlotFixture[]> {
  const start = opts.start ?? '07:00';
  const end = opts.end ?? '11:00';
  const minutes = opts.minutes ?? 30;
  const capacity = opts.capacity ?? 5;
  const cut = cutSlots(start, end, minutes, capacity);
  if (!cut.ok) throw new Error(cut.message);
  const sc = await one<{ id: number }>(
    ex,
    sql`INSERT INTO schedules (facility_id, doctor_id, room_id, department_id, date, shift, start_time, end_time, slot_minutes, capacity)
        VALUES (${facilityId}, ${c.doctorId}, ${c.roomId}, ${c.departmentId}, ${date}, 'CUSTOM', ${start}, ${end}, ${minutes}, ${capacity}) RETURNING id`,
  );
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const values = cut.value.map((s) => {
    const [h, mi] = s.start.split(':').map(Number) as [number, number];
    const startsAt = new Date(vnWallClockToMs(y, m, d, h, mi, 0, 0)).toISOString();
    return sql`(${facilityId}, ${sc.id}, ${c.doctorId}, ${date}, ${s.start}, ${s.end}, ${startsAt}, ${s.capacity})`;
  });
  const slots = await rows<{ id: number; start_time: string }>(
    ex,
    sql`INSERT INTO time_slots (facility_id, schedule_id, doctor_id, date, start_time, end_time, starts_at, capacity) VALUES ${sql.join(values, sql`, `)} RETURNING id, start_time`,
  );
  return slots.map((s) => ({ id: s.id, scheduleId: sc.id, date, startTime: s.start_time }));
}

/**
 * Moves schedules, with their slots' times and their bookings, to another day (tests: "the day of the
 * visit comes" — a booking is made ahead, since a past slot cannot be booked, then checked in on its day).
 */
export async function moveSchedules(ex: Executor, scheduleIds: readonly number[], to: string): Promise<void> {
  if (scheduleIds.length === 0) return;
  const ids = sql.join(
    scheduleIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await ex.execute(sql`UPDATE time_slots SET starts_at = starts_at + (${to}::date - date) * interval '1 day', date = ${to} WHERE schedule_id IN (${ids})`);
  await ex.execute(sql`UPDATE bookings SET date = ${to} WHERE schedule_id IN (${ids})`);
  await ex.execute(sql`UPDATE schedules SET date = ${to} WHERE id IN (${ids})`);
}

/** A patient account with two profiles (self and a child). */
export async function makePatient(ex: Executor, facilityId: number, name = 'Trần Thị Bình') {
  const phone = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const [acc] = await makePatients(ex, facilityId, [
    {
      phone,
      profiles: [
        { fullName: name, birthDate: '1985-04-12', gender: 'FEMALE', phone },
        { fullName: 'Lê Minh Khôi', birthDate: '2019-09-01' },
      ],
    },
  ]);
  return acc!;
}

/**
 * `n` patients of one profile each (a profile holds one live booking per slot, so tests that fill a
 * slot book different people into it).
 */
export async function makeProfiles(ex: Executor, facilityId: number, n: number): Promise<number[]> {
  const base = Math.floor(Math.random() * 9e7);
  const accounts = await makePatients(
    ex,
    facilityId,
    Array.from({ length: n }, (_, i) => {
      const phone = `08${String((base + i) % 1e8).padStart(8, '0')}`;
      return { phone, profiles: [{ fullName: `Bệnh nhân kiểm thử ${i + 1}`, birthDate: '1990-01-01', phone }] };
    }),
  );
  return accounts.map((a) => a.profiles[0]!.id);
}
