import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/shared/rules/schedule';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { makeClinic, makeProfiles, makeSlots, moveSchedules, type ClinicFixture } from './appointments.fixtures';
import { todayVn } from './appointments.queries';

/**
 * Races that only a real PostgreSQL server (many connections) can show; PGlite has one
 * connection and serialises everything, so these run only with DATABASE_URL.
 */
const PATH = '/api/appointment/v1';
let t: TestApp;
let token: string;
let facilityId: number;
let clinic: ClinicFixture;
/** 100 different patients: a profile holds one live booking per slot. */
let profiles: number[];

describe.skipIf(!process.env.DATABASE_URL)('bookings under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    // checked in at any hour of the run: a day-long late threshold (the late rule: booking-desk.int.test.ts)
    t = await createTestApp({ LATE_CHECKIN_MINUTES: '1440' });
    const f = await makeFacility(t, [{ key: 'desk', authorities: ['MANAGER_APPOINTMENT'] }]);
    facilityId = f.facilityId;
    token = (await login(t, f.accounts.desk!)).loginToken;
    await t.database.transaction(async (tx) => {
      clinic = await makeClinic(tx, facilityId);
      profiles = await makeProfiles(tx, facilityId, 100);
    });
  });
  afterAll(() => t?.close());

  it('100 simultaneous bookings of one slot of capacity 3: exactly 3 succeed, booked = 3', async () => {
    const [slot] = await t.database.transaction((tx) =>
      makeSlots(tx, facilityId, clinic, addDays(todayVn(), 3), { start: '08:00', end: '08:30', minutes: 30, capacity: 3 }),
    );
    const results = await Promise.all(
      profiles.map((medicalProfileId) =>
        t.app.inject({ method: 'POST', url: PATH, headers: bearer(token), payload: { medicalProfileId, timeSlotId: slot!.id } }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(97);
    const [s] = await sqlRows<{ booked: number; n: number }>(
      t,
      sql`SELECT booked, (SELECT count(*)::int FROM bookings WHERE time_slot_id = ${slot!.id}) AS n FROM time_slots WHERE id = ${slot!.id}`,
    );
    expect(s).toEqual({ booked: 3, n: 3 });
  });

  it('the same patient booked 20 times at once into one slot (a double click, two desks): exactly one booking', async () => {
    const [slot] = await t.database.transaction((tx) =>
      makeSlots(tx, facilityId, clinic, addDays(todayVn(), 3), { start: '09:00', end: '09:30', minutes: 30, capacity: 10 }),
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'POST', url: PATH, headers: bearer(token), payload: { medicalProfileId: profiles[0]!, timeSlotId: slot!.id } }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toMatch(/^Hồ sơ này đã có lịch khám DK\d{12} trong khung giờ đã chọn$/);
    const [s] = await sqlRows<{ booked: number; n: number }>(
      t,
      sql`SELECT booked, (SELECT count(*)::int FROM bookings WHERE time_slot_id = ${slot!.id}) AS n FROM time_slots WHERE id = ${slot!.id}`,
    );
    expect(s).toEqual({ booked: 1, n: 1 });
  });

  it('100 simultaneous check-ins in one room and day: numbers 1..100, unique and gap-free', async () => {
    const date = addDays(todayVn(), 4);
    const slots = await t.database.transaction((tx) => makeSlots(tx, facilityId, clinic, date, { start: '07:00', end: '17:00', minutes: 30, capacity: 5 }));
    const ids: number[] = [];
    for (const s of slots) {
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: PATH,
          headers: bearer(token),
          payload: { medicalProfileId: profiles[i]!, timeSlotId: s.id, accept: true },
        });
        ids.push(res.json().data.id);
      }
    }
    expect(ids).toHaveLength(100);
    // the day of the visit comes (a booking is made ahead; a patient is checked in on its day)
    const today = todayVn();
    await t.database.transaction((tx) => moveSchedules(tx, [slots[0]!.scheduleId], today));
    const results = await Promise.all(ids.map((id) => t.app.inject({ method: 'POST', url: `${PATH}/${id}/checkin`, headers: bearer(token) })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const numbers = results.map((r) => r.json().data.queueNumber as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    const [c] = await sqlRows<{ last_number: number }>(t, sql`SELECT last_number FROM queue_counters WHERE room_id = ${clinic.roomId} AND date = ${today}`);
    expect(c!.last_number).toBe(100);
  });

  it('concurrent bulk accepts over the same bookings never deadlock and accept each booking once', async () => {
    const date = addDays(todayVn(), 5);
    const slots = await t.database.transaction((tx) => makeSlots(tx, facilityId, clinic, date, { start: '07:00', end: '09:00', minutes: 30, capacity: 10 }));
    const ids: number[] = [];
    for (const s of slots)
      for (let i = 0; i < 10; i++)
        ids.push(
          (await t.app.inject({ method: 'POST', url: PATH, headers: bearer(token), payload: { medicalProfileId: profiles[i]!, timeSlotId: s.id } })).json().data
            .id,
        );
    const reversed = [...ids].reverse();
    const runs = await Promise.all(
      [ids, reversed, ids, reversed].map((list) => t.app.inject({ method: 'POST', url: `${PATH}/accept`, headers: bearer(token), payload: { ids: list } })),
    );
    expect(runs.every((r) => r.statusCode === 200)).toBe(true);
    expect(runs.reduce((n, r) => n + r.json().data.succeeded, 0)).toBe(ids.length);
    const [logs] = await sqlRows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM booking_logs WHERE action = 'accept' AND booking_id IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
    expect(logs!.n).toBe(ids.length);
  });

  /**
   * A clinic room of its own with `perSlot` patients booked in each 30-minute slot from 07:00 to `end`, built
   * `daysAhead` days ahead (no other test's bookings in it), moved to today and every patient checked in.
   */
  async function checkedInRoom(name: string, daysAhead: number, end: string, perSlot: number) {
    const { room, slots } = await t.database.transaction(async (tx) => {
      const c = await makeClinic(tx, facilityId, name);
      return { room: c, slots: await makeSlots(tx, facilityId, c, addDays(todayVn(), daysAhead), { start: '07:00', end, minutes: 30, capacity: 5 }) };
    });
    const ids: number[] = [];
    for (const s of slots)
      for (let i = 0; i < perSlot; i++)
        ids.push(
          (
            await t.app.inject({
              method: 'POST',
              url: PATH,
              headers: bearer(token),
              payload: { medicalProfileId: profiles[i]!, timeSlotId: s.id, accept: true },
            })
          ).json().data.id,
        );
    const date = todayVn();
    await t.database.transaction((tx) => moveSchedules(tx, [slots[0]!.scheduleId], date));
    for (const id of ids) expect((await t.app.inject({ method: 'POST', url: `${PATH}/${id}/checkin`, headers: bearer(token) })).statusCode).toBe(200);
    return { room, ids, date };
  }

  it('30 desks calling the next patient of a room with 20 waiting at once: each patient called exactly once, the rest told nobody waits', async () => {
    // a room of its own: the check-in race above filled this clinic's room of today
    const { room, ids, date } = await checkedInRoom('Mắt', 6, '09:00', 5);
    const runs = await Promise.all(
      Array.from({ length: 30 }, () => t.app.inject({ method: 'POST', url: `${PATH}/called`, headers: bearer(token), payload: { roomId: room.roomId, date } })),
    );
    const called = runs.filter((r) => r.statusCode === 200).map((r) => r.json().data.id as number);
    expect(called.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(runs.filter((r) => r.statusCode === 409)).toHaveLength(10);
    const [logs] = await sqlRows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM booking_logs WHERE action = 'call' AND booking_id IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
    expect(logs!.n).toBe(20);
  });
  it('two calls in one room at the same moment (two desks, or a desk and the room screen): both answered, exactly one call of the moment', async () => {
    const { room, ids, date } = await checkedInRoom('Tim mạch', 7, '08:30', 4);
    const calling = async () =>
      sqlRows<{ id: number }>(t, sql`SELECT id FROM bookings WHERE room_id = ${room.roomId} AND date = ${date} AND calling ORDER BY id`);
    const called = async () =>
      (await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM bookings WHERE room_id = ${room.roomId} AND status = 'CALLED'`))[0]!.n;

    // rounds of two named calls at once, then of two "call next" at once
    for (let round = 0; round < 3; round++) {
      const pair = ids.slice(round * 2, round * 2 + 2);
      const runs = await Promise.all(pair.map((id) => t.app.inject({ method: 'POST', url: `${PATH}/${id}/called`, headers: bearer(token) })));
      expect(runs.map((r) => r.statusCode)).toEqual([200, 200]);
      const now = await calling();
      expect(now).toHaveLength(1);
      expect(pair).toContain(now[0]!.id);
    }
    for (let round = 0; round < 3; round++) {
      const runs = await Promise.all(
        [0, 1].map(() => t.app.inject({ method: 'POST', url: `${PATH}/called`, headers: bearer(token), payload: { roomId: room.roomId, date } })),
      );
      expect(runs.map((r) => r.statusCode)).toEqual([200, 200]);
      const now = await calling();
      expect(now).toHaveLength(1);
      expect(runs.map((r) => r.json().data.id)).toContain(now[0]!.id);
    }
    expect(await called()).toBe(12);
  });
});
