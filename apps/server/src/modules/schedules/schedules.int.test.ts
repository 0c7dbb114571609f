import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULES_PATH as P, WORK_TIME_PATH } from '@portal/shared/contracts/schedules.contract';
import { addDays, isoWeekday } from '@portal/shared/rules/schedule';
import { bookings, medicalProfiles, patientUsers, timeSlots } from '../../db/schema';
import { seedDemoCatalog } from '../../db/seed/demo-catalog';
import { seedDemoDoctors } from '../../db/seed/demo-doctors';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { todayVn } from '@portal/shared/rules/time';

let t: TestApp;
let tok: { sched: string; letan: string; doctor: string; other: string };
let fa: number;
const ids: {
  doctor: number;
  room: number;
  dept: number;
  otherRoom: number;
  theirDoctor: number;
  theirRoom: number;
  doctor2: number;
  room2: number;
  dept2: number;
} = {} as never;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });

/** The Monday of the week after next (always in the future), and its days. */
const today = todayVn();
const monday = addDays(today, 14 - (isoWeekday(today) - 1));
const day = (n: number) => addDays(monday, n);

const build = (over: Record<string, unknown> = {}) => ({
  doctorId: ids.doctor,
  roomId: ids.room,
  departmentId: ids.dept,
  from: monday,
  to: day(4),
  weekdays: [1, 2, 3, 4, 5],
  shifts: [{ shift: 'MORNING' }],
  slotMinutes: 30,
  capacity: 3,
  ...over,
});

async function facilityIds(facilityId: number, doctorCode: string) {
  const [r] = await sqlRows<{ doctor: number; room: number; dept: number }>(
    t,
    sql`SELECT d.id AS doctor, dr.room_id AS room, d.department_id AS dept FROM doctors d JOIN doctor_rooms dr ON dr.doctor_id = d.id WHERE d.facility_id = ${facilityId} AND d.code = ${doctorCode} ORDER BY dr.room_id LIMIT 1`,
  );
  return r!;
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await makeFacility(t, [
    { key: 'sched', authorities: ['MANAGER_SCHEDULE'] },
    { key: 'letan', authorities: ['MANAGER_APPOINTMENT'] },
    { key: 'doctor', authorities: ['MANAGER_DOCTOR'] },
  ]);
  const b = await makeFacility(t, [{ key: 'sched', authorities: ['MANAGER_SCHEDULE'] }]);
  fa = a.facilityId;
  for (const f of [a.facilityId, b.facilityId]) {
    await t.database.transaction(async (tx) => {
      await seedDemoCatalog(tx, f);
      await seedDemoDoctors(tx, f);
    });
  }
  const mine = await facilityIds(a.facilityId, 'BS001');
  const second = await facilityIds(a.facilityId, 'BS003');
  const theirs = await facilityIds(b.facilityId, 'BS001');
  Object.assign(ids, {
    doctor: mine.doctor,
    room: mine.room,
    dept: mine.dept,
    otherRoom: second.room,
    theirDoctor: theirs.doctor,
    theirRoom: theirs.room,
    doctor2: second.doctor,
    room2: second.room,
    dept2: second.dept,
  });
  tok = {
    sched: (await login(t, a.accounts.sched!)).loginToken,
    letan: (await login(t, a.accounts.letan!)).loginToken,
    doctor: (await login(t, a.accounts.doctor!)).loginToken,
    other: (await login(t, b.accounts.sched!)).loginToken,
  };
});
afterAll(() => t.close());

describe('schedules API', () => {
  let scheduleIds: number[] = [];

  it('builds a week of morning shifts cut into slots, in one go', async () => {
    const res = await call('POST', P, tok.sched, build());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Đã xếp 5 ca làm việc');
    scheduleIds = res.json().data.ids;
    expect(scheduleIds).toHaveLength(5);
    const list = await call('GET', `${P}?from=${monday}&to=${day(6)}&doctorId=${ids.doctor}`, tok.sched);
    expect(list.statusCode).toBe(200);
    const rows = list.json().data;
    expect(rows.map((r: { date: string }) => r.date)).toEqual([0, 1, 2, 3, 4].map(day));
    // 07:00–11:30 by 30 minutes: 9 slots of 3.
    expect(rows[0]).toMatchObject({ shift: 'MORNING', startTime: '07:00', endTime: '11:30', slots: 9, capacity: 27, booked: 0, room: { id: ids.room } });
    const slots = await call('GET', `${P}/${scheduleIds[0]}/time-slots`, tok.sched);
    expect(slots.json().data[0]).toMatchObject({ startTime: '07:00', endTime: '07:30', capacity: 3, booked: 0 });
    expect(slots.json().data[0].startsAt).toBe(new Date(`${monday}T07:00:00+07:00`).toISOString());
    const logs = await call('GET', `${P}/logs?doctorId=${ids.doctor}`, tok.sched);
    expect(logs.json().data[0]).toMatchObject({ action: 'CREATE', doctor: { id: ids.doctor } });
    expect(logs.json().data[0].summary).toContain('Xếp 5 ca');
    const [audit] = await sqlRows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'schedule' AND action = 'CREATE' AND facility_id = ${fa}`,
    );
    expect(audit!.n).toBe(1);
  });

  it('custom shifts and Saturday; the front desk may read, not write', async () => {
    const res = await call(
      'POST',
      P,
      tok.sched,
      build({ from: day(5), to: day(5), weekdays: [6], shifts: [{ shift: 'CUSTOM', start: '13:30', end: '15:00' }], slotMinutes: 15, capacity: 2 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const read = await call('GET', `${P}?from=${day(5)}&to=${day(5)}`, tok.letan);
    expect(read.statusCode).toBe(200);
    expect(read.json().data[0]).toMatchObject({ shift: 'CUSTOM', startTime: '13:30', endTime: '15:00', slots: 6, capacity: 12 });
    expect((await call('POST', P, tok.letan, build())).statusCode).toBe(403);
    expect((await call('GET', `${P}?from=${monday}&to=${day(1)}`, tok.doctor)).statusCode).toBe(403);
    expect((await call('GET', `${P}?from=${monday}&to=${day(1)}`, null)).statusCode).toBe(401);
    expect((await call('POST', P, null, build())).statusCode).toBe(401);
    const rooms = await call('GET', `${P}/options/rooms?doctorId=${ids.doctor}`, tok.sched);
    expect(rooms.json().data.map((r: { id: number }) => r.id)).toEqual([ids.room]);
    expect((await call('GET', `${P}/options/departments?q=tim`, tok.letan)).json().data.length).toBeGreaterThan(0);
    expect((await call('GET', `${P}/options/rooms?doctorId=${ids.theirDoctor}`, tok.sched)).json().data).toEqual([]);
    expect((await call('GET', `${P}/options/nations`, tok.sched)).statusCode).toBe(400);
    const shifts = await call('GET', WORK_TIME_PATH, tok.doctor);
    expect(shifts.json().data.map((s: { key: string }) => s.key)).toEqual(['MORNING', 'AFTERNOON', 'EVENING']);
  });

  it('refuses an overlapping schedule of the same doctor naming the clash, writing nothing', async () => {
    const before = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM schedules`);
    const res = await call(
      'POST',
      P,
      tok.sched,
      build({ from: day(2), to: day(2), weekdays: [3], shifts: [{ shift: 'CUSTOM', start: '11:00', end: '12:00' }] }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Trùng lịch ngày ${day(2).split('-').reverse().join('/')}: 11:00–12:00 chồng lên ca 07:00–11:30 tại ${await roomName(ids.room)}`,
    );
    expect(await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM schedules`)).toEqual(before);
    // Touching is fine: afternoon after the morning.
    expect((await call('POST', P, tok.sched, build({ from: day(2), to: day(2), weekdays: [3], shifts: [{ shift: 'AFTERNOON' }] }))).statusCode).toBe(200);
  });

  it('refuses past days, bad input and a room the doctor does not work in (400)', async () => {
    const past = await call('POST', P, tok.sched, build({ from: addDays(today, -3), to: today, weekdays: [1, 2, 3, 4, 5, 6, 7] }));
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/^Không thể xếp lịch cho ngày đã qua/);
    const cases: [Record<string, unknown>, string][] = [
      [{ weekdays: [] }, 'Vui lòng chọn ít nhất một ngày trong tuần'],
      [{ shifts: [] }, 'Vui lòng chọn ít nhất một ca làm việc'],
      [{ capacity: 0 }, 'Số lượt khám tối thiểu 1'],
      [{ from: 'hôm nay' }, 'Từ ngày không hợp lệ (YYYY-MM-DD)'],
      [{ to: addDays(monday, -1) }, 'Ngày kết thúc phải sau hoặc bằng ngày bắt đầu'],
      [{ shifts: [{ shift: 'CUSTOM', start: '10:00', end: '09:00' }] }, 'Giờ kết thúc phải sau giờ bắt đầu'],
      [{ shifts: [{ shift: 'CUSTOM' }] }, 'Ca tuỳ chỉnh cần giờ bắt đầu và giờ kết thúc'],
      [{ roomId: ids.otherRoom, from: day(7), to: day(7) }, 'Bác sĩ không làm việc tại phòng khám này'],
    ];
    for (const [over, message] of cases) {
      const res = await call('POST', P, tok.sched, build(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await call('GET', `${P}?from=${monday}&to=${addDays(monday, 70)}`, tok.sched)).json().message).toBe('Khoảng ngày tối đa 62 ngày');
    expect((await call('GET', `${P}/logs?size=500`, tok.sched)).statusCode).toBe(400);
  });

  it("keeps facilities apart: another facility's doctor, room and schedules are 404 / invisible", async () => {
    expect((await call('POST', P, tok.sched, build({ doctorId: ids.theirDoctor }))).statusCode).toBe(404);
    expect((await call('POST', P, tok.sched, build({ roomId: ids.theirRoom, from: day(7), to: day(7) }))).json().message).toBe('Không tìm thấy phòng khám');
    expect((await call('GET', `${P}?from=${monday}&to=${day(6)}`, tok.other)).json().data).toEqual([]);
    expect((await call('GET', `${P}/${scheduleIds[0]}/time-slots`, tok.other)).statusCode).toBe(404);
    expect((await call('PUT', `${P}/${scheduleIds[0]}`, tok.other, { capacity: 5 })).statusCode).toBe(404);
    expect((await call('DELETE', `${P}/${scheduleIds[0]}`, tok.other)).statusCode).toBe(404);
    expect((await call('POST', `${P}/day-off`, tok.other, { doctorId: ids.doctor, from: monday, to: monday })).statusCode).toBe(404);
    expect((await call('GET', `${P}/logs`, tok.other)).json().data).toEqual([]);
    expect((await call('GET', `${P}/999999/time-slots`, tok.sched)).statusCode).toBe(404);
  });

  it('changes a schedule and one slot, never below the booked count', async () => {
    const id = scheduleIds[1]!;
    const res = await call('PUT', `${P}/${id}`, tok.sched, { capacity: 4, note: 'Khám chuyên sâu' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ capacity: 36, note: 'Khám chuyên sâu' });
    const slots = (await call('GET', `${P}/${id}/time-slots`, tok.sched)).json().data;
    await t.database.db.update(timeSlots).set({ booked: 2 }).where(eq(timeSlots.id, slots[0].id));
    const low = await call('PUT', `${P}/${id}/time-slots/${slots[0].id}`, tok.sched, { capacity: 1 });
    expect(low.statusCode).toBe(409);
    expect(low.json().message).toBe('Số lượt khám không được nhỏ hơn số đã đặt (2)');
    const ok = await call('PUT', `${P}/${id}/time-slots/${slots[0].id}`, tok.sched, { capacity: 6 });
    expect(ok.json().data).toMatchObject({ capacity: 6, booked: 2 });
    expect((await call('PUT', `${P}/${id}`, tok.sched, { capacity: 1 })).statusCode).toBe(409);
    expect((await call('PUT', `${P}/${id}`, tok.sched, {})).statusCode).toBe(400);
    expect((await call('PUT', `${P}/${id}/time-slots/999999`, tok.sched, { capacity: 2 })).statusCode).toBe(404);
    await t.database.db.update(timeSlots).set({ booked: 0 }).where(eq(timeSlots.id, slots[0].id));
  });

  it('copies a week, refusing the copy once it would clash', async () => {
    const next = addDays(monday, 7);
    const res = await call('POST', `${P}/copy-week`, tok.sched, { fromWeek: monday, toWeek: next, doctorId: ids.doctor });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.created).toBe(7);
    const rows = (await call('GET', `${P}?from=${next}&to=${addDays(next, 6)}&doctorId=${ids.doctor}`, tok.sched)).json().data;
    expect(rows).toHaveLength(7);
    expect(rows.find((r: { note: string | null }) => r.note === 'Khám chuyên sâu')).toMatchObject({ date: addDays(next, 1), capacity: 6 + 8 * 4 });
    const again = await call('POST', `${P}/copy-week`, tok.sched, { fromWeek: monday, toWeek: next, doctorId: ids.doctor });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^PGS\.TS\.BS Trần Văn Minh: Trùng lịch ngày/);
    expect((await call('POST', `${P}/copy-week`, tok.sched, { fromWeek: day(1), toWeek: next })).json().message).toBe('Ngày đầu tuần phải là thứ Hai');
    expect((await call('POST', `${P}/copy-week`, tok.sched, { fromWeek: addDays(monday, 70), toWeek: addDays(monday, 77) })).json().message).toBe(
      'Tuần nguồn không có ca làm việc nào để sao chép',
    );
    const back = await call('POST', `${P}/copy-week`, tok.sched, { fromWeek: monday, toWeek: addDays(monday, -21) });
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toMatch(/^Không thể xếp lịch cho ngày đã qua/);
  });

  it('refuses to delete a schedule or give a day off while bookings hold places, listing them', async () => {
    const id = scheduleIds[3]!;
    const [slot] = (await call('GET', `${P}/${id}/time-slots`, tok.sched)).json().data;
    const booking = await holdPlace(slot.id, id, day(3), slot.startTime);
    const del = await call('DELETE', `${P}/${id}`, tok.sched);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('Còn 1 lịch đặt khám đang giữ chỗ — hãy chuyển hoặc huỷ các lịch này trước');
    expect(del.json().errors).toEqual([{ field: 'bookings', message: `DKTEST0001 · Nguyễn Thị Hoa · 07:00 ${day(3).split('-').reverse().join('/')}` }]);
    const off = await call('POST', `${P}/day-off`, tok.sched, { doctorId: ids.doctor, from: day(3), to: day(3) });
    expect(off.statusCode).toBe(409);
    expect(off.json().errors).toHaveLength(1);
    // Cancelled: the place is free again; the day off empties the schedule, kept for the booking's history.
    await t.database.db.update(bookings).set({ status: 'CANCELLED' }).where(eq(bookings.id, booking));
    await t.database.db.update(timeSlots).set({ booked: 0 }).where(eq(timeSlots.id, slot.id));
    const ok = await call('POST', `${P}/day-off`, tok.sched, { doctorId: ids.doctor, from: day(3), to: day(3), note: 'Đi hội thảo' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.removed).toBe(1);
    expect((await call('GET', `${P}?from=${day(3)}&to=${day(3)}&doctorId=${ids.doctor}`, tok.sched)).json().data).toEqual([]);
    expect((await call('GET', `${P}/${id}/time-slots`, tok.sched)).statusCode).toBe(404);
    const logs = (await call('GET', `${P}/logs?doctorId=${ids.doctor}`, tok.sched)).json().data;
    expect(logs[0]).toMatchObject({ action: 'DAY_OFF' });
    expect(logs[0].summary).toContain('Đi hội thảo');
    // The day is free again: a new schedule that day is accepted.
    expect((await call('POST', P, tok.sched, build({ from: day(3), to: day(3), weekdays: [4] }))).statusCode).toBe(200);
  });

  it('deletes a schedule nobody booked; refuses a past one and a day off with nothing to remove', async () => {
    const res = await call('DELETE', `${P}/${scheduleIds[4]}`, tok.sched);
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('DELETE', `${P}/${scheduleIds[4]}`, tok.sched)).statusCode).toBe(404);
    expect((await call('POST', `${P}/day-off`, tok.sched, { doctorId: ids.doctor, from: day(4), to: day(4) })).json().message).toBe(
      'Bác sĩ không có ca làm việc nào trong khoảng ngày này',
    );
    expect((await call('POST', `${P}/day-off`, tok.sched, { doctorId: ids.doctor, from: addDays(today, -1), to: today })).statusCode).toBe(400);
    const [past] = await sqlRows<{ id: number }>(
      t,
      sql`INSERT INTO schedules (facility_id, doctor_id, room_id, department_id, date, shift, start_time, end_time, slot_minutes, capacity) VALUES (${fa}, ${ids.doctor}, ${ids.room}, ${ids.dept}, ${addDays(today, -2)}, 'MORNING', '07:00', '11:30', 30, 3) RETURNING id`,
    );
    const old = await call('DELETE', `${P}/${past!.id}`, tok.sched);
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toBe('Không thể sửa hoặc xoá ca làm việc đã qua');
    expect((await call('DELETE', `${P}/abc`, tok.sched)).statusCode).toBe(400);
  });

  it('lists the log paged and filtered by date', async () => {
    const res = await call('GET', `${P}/logs?size=2&page=0&from=${today}&to=${today}`, tok.sched);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(2);
    expect(res.json().totalElements).toBeGreaterThanOrEqual(6);
    expect((await call('GET', `${P}/logs?from=${addDays(today, 1)}`, tok.sched)).json().data).toEqual([]);
    expect((await call('GET', `${P}/logs`, tok.letan)).statusCode).toBe(403);
  });
});

async function roomName(id: number) {
  const [r] = await sqlRows<{ name: string }>(t, sql`SELECT name FROM rooms WHERE id = ${id}`);
  return r!.name;
}

/** A booking row holding one place of a slot, as the bookings module would write it. */
async function holdPlace(slotId: number, scheduleId: number, date: string, startTime: string): Promise<number> {
  return t.database.transaction(async (tx) => {
    const [user] = await tx.insert(patientUsers).values({ facilityId: fa, name: 'Nguyễn Thị Hoa' }).returning({ id: patientUsers.id });
    const [profile] = await tx
      .insert(medicalProfiles)
      .values({ facilityId: fa, userId: user!.id, fullName: 'Nguyễn Thị Hoa', birthDate: '1990-05-01', gender: 'FEMALE', nameSearch: 'nguyen thi hoa' })
      .returning({ id: medicalProfiles.id });
    await tx.update(timeSlots).set({ booked: 1 }).where(eq(timeSlots.id, slotId));
    const [b] = await tx
      .insert(bookings)
      .values({
        facilityId: fa,
        code: 'DKTEST0001',
        medicalProfileId: profile!.id,
        timeSlotId: slotId,
        scheduleId,
        doctorId: ids.doctor,
        roomId: ids.room,
        departmentId: ids.dept,
        date,
        startTime,
        endTime: '07:30',
        status: 'PENDING',
        fhirStatus: 'proposed',
        source: 'WEB',
      })
      .returning({ id: bookings.id });
    return b!.id;
  });
}
