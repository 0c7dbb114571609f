import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deskSettings } from '@portal/shared/contracts/appointments.contract';
import { addDays } from '@portal/shared/rules/schedule';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { makeClinic, makeProfiles, makeSlots, moveSchedules, type ClinicFixture, type SlotFixture } from './appointments.fixtures';
import { todayVn } from './appointments.queries';

/**
 * Issue 14, items 8 and 10: a booking whose slot is over (late check-in, asked for and logged), and the
 * rooms of an account (the facility may keep accounts to them; the server refuses the other rooms).
 */
const PATH = '/api/appointment/v1';
let t: TestApp;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => void vi.useRealTimers());

describe('late check-in (LATE_CHECKIN_MINUTES, default 60 after the slot end)', () => {
  let token: string;
  let facilityId: number;
  let clinic: ClinicFixture;
  let slots: SlotFixture[];
  let profiles: number[];
  /** The visit day: two days ago, so the pinned clock (that day, 20:00 +07:00) is behind the real one. */
  const day = addDays(todayVn(), -2);
  const evening = new Date(`${day}T20:00:00+07:00`);
  const slot = (start: string) => slots.find((s) => s.startTime === start)!.id;
  /** Booked and accepted ahead (a past slot cannot be booked), then its day is the visit day. */
  async function acceptedOn(start: string, profile: number): Promise<number> {
    const res = await call('POST', PATH, token, { medicalProfileId: profiles[profile]!, timeSlotId: slot(start), accept: true });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id;
  }
  /** Checks in at 20:00 of the visit day (the server's clock pinned there). */
  const checkinAt = async (id: number, body?: unknown) => {
    vi.useFakeTimers({ toFake: ['Date'], now: evening, shouldAdvanceTime: true });
    try {
      return await call('POST', `${PATH}/${id}/checkin`, token, body);
    } finally {
      vi.useRealTimers();
    }
  };

  beforeAll(async () => {
    const f = await makeFacility(t, [{ key: 'desk', authorities: ['MANAGER_APPOINTMENT'] }]);
    facilityId = f.facilityId;
    token = (await login(t, f.accounts.desk!)).loginToken;
    await t.database.transaction(async (tx) => {
      clinic = await makeClinic(tx, facilityId);
      slots = await makeSlots(tx, facilityId, clinic, addDays(todayVn(), 1), { start: '07:00', end: '20:00', capacity: 5 });
      profiles = await makeProfiles(tx, facilityId, 4);
    });
  });

  it('asks for confirmation past the threshold (400 naming the delay, nothing written), then checks in and logs it as late', async () => {
    const early = await acceptedOn('07:00', 0);
    const onTime = await acceptedOn('18:30', 1);
    const lastSlot = await acceptedOn('19:30', 2);
    await t.database.transaction((tx) => moveSchedules(tx, [slots[0]!.scheduleId], day));
    const counter = async () =>
      (await sqlRows<{ n: number | null }>(t, sql`SELECT max(last_number) AS n FROM queue_counters WHERE room_id = ${clinic.roomId} AND date = ${day}`))[0]!.n;

    // 07:00–07:30 checked in at 20:00: 12 h 30 min after the slot's end, past the hour allowed
    const message = 'Lịch hẹn 07:00–07:30 đã qua 12 giờ 30 phút, quá 1 giờ sau giờ hẹn: vui lòng xác nhận tiếp đón muộn';
    for (const body of [undefined, {}, { confirmLate: false }]) {
      const refused = await checkinAt(early, body);
      expect([refused.statusCode, refused.json().message]).toEqual([400, message]);
      expect(refused.json().errors).toEqual([{ field: 'confirmLate', message }]);
    }
    expect((await checkinAt(early, { confirmLate: 'có' })).statusCode).toBe(400);
    expect((await checkinAt(early, { confirmLate: true, extra: 1 })).statusCode).toBe(400);
    const still = (await call('GET', `${PATH}/${early}`, token)).json().data;
    expect(still).toMatchObject({ status: 'ACCEPTED', queueNumber: null, lateCheckinMinutes: null });
    expect(still.log.map((l: { action: string }) => l.action)).toEqual(['create', 'accept']);
    expect(await counter()).toBeNull();

    const late = await checkinAt(early, { confirmLate: true });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().data).toMatchObject({ status: 'CHECKED_IN', queueNumber: 1, lateCheckinMinutes: 750 });
    const log = (await call('GET', `${PATH}/${early}/logs`, token)).json().data.at(-1);
    expect(log).toMatchObject({ action: 'checkin', detail: { queueNumber: 1, lateMinutes: 750 } });
    const [audit] = await sqlRows<{ after: Record<string, unknown> }>(
      t,
      sql`SELECT after FROM audit_log WHERE entity = 'booking' AND entity_id = ${String(early)} AND action = 'BOOKING_CHECKIN'`,
    );
    expect(audit!.after).toMatchObject({ status: 'CHECKED_IN', queueNumber: 1, lateCheckinMinutes: 750 });

    // exactly the hour after the slot's end, or within the slot: a check-in as usual, confirmation or not
    expect((await checkinAt(onTime)).json().data).toMatchObject({ status: 'CHECKED_IN', queueNumber: 2, lateCheckinMinutes: null });
    expect((await checkinAt(lastSlot, { confirmLate: true })).json().data).toMatchObject({ queueNumber: 3, lateCheckinMinutes: null });

    // a reverted late check-in is no longer late; checking in again asks again and keeps the number
    expect((await call('POST', `${PATH}/${early}/revert`, token)).json().data).toMatchObject({ status: 'ACCEPTED', lateCheckinMinutes: null });
    expect((await checkinAt(early)).statusCode).toBe(400);
    expect((await checkinAt(early, { confirmLate: true })).json().data).toMatchObject({ queueNumber: 1, lateCheckinMinutes: 750 });
  });

  it('names the threshold of the configuration in the desk settings', async () => {
    const res = await call('GET', `${PATH}/desk`, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(deskSettings.parse(res.json().data)).toEqual({ rooms: [], onlyOwnRooms: false, lateCheckinMinutes: 60, noShowAt: '24:00' });
    expect((await call('GET', `${PATH}/desk`, null)).statusCode).toBe(401);
  });
});

describe('rooms of an account (facilities.restrict_to_account_rooms)', () => {
  let tok: { desk: string; free: string; admin: string; noRight: string; foreignAdmin: string };
  let deskId: number;
  let facilityId: number;
  const clinics: ClinicFixture[] = [];
  const slots: SlotFixture[][] = [];
  let profiles: number[];
  /** A booking of each room A, B (the desk's) and C (not the desk's). */
  const booked: number[] = [];
  const scope = (on: boolean, token = tok.admin) => call('PUT', '/api/his/v1/vendor/room-scope', token, { restrictToAccountRooms: on });
  const list = async (query = '', token = tok.desk) => {
    const res = await call('GET', `${PATH}?date=${addDays(todayVn(), 1)}${query}`, token);
    return { status: res.statusCode, ids: res.statusCode === 200 ? (res.json().data.map((b: { id: number }) => b.id) as number[]).sort() : [], res };
  };
  /** The refusal names the desk's rooms, by code. */
  const otherRoom = () => `Tài khoản chỉ làm việc với lịch đặt khám của các phòng được phân: ${deskRooms.map((r) => r.name).join(', ')}`;
  let deskRooms: { id: number; code: string; name: string }[];

  beforeAll(async () => {
    const f = await makeFacility(t, [
      { key: 'desk', authorities: ['MANAGER_APPOINTMENT'] },
      { key: 'free', authorities: ['MANAGER_APPOINTMENT'] },
      { key: 'admin', authorities: ['MANAGER_ADMIN'] },
      { key: 'noRight', authorities: ['MANAGER_CATALOG'] },
    ]);
    const g = await makeFacility(t, [{ key: 'admin', authorities: ['MANAGER_ADMIN'] }]);
    facilityId = f.facilityId;
    deskId = f.accounts.desk!.id;
    tok = {
      desk: (await login(t, f.accounts.desk!)).loginToken,
      free: (await login(t, f.accounts.free!)).loginToken,
      admin: (await login(t, f.accounts.admin!)).loginToken,
      noRight: (await login(t, f.accounts.noRight!)).loginToken,
      foreignAdmin: (await login(t, g.accounts.admin!)).loginToken,
    };
    await t.database.transaction(async (tx) => {
      for (const label of ['Nội A', 'Nội B', 'Ngoại C']) {
        const c = await makeClinic(tx, facilityId, label);
        clinics.push(c);
        slots.push(await makeSlots(tx, facilityId, c, addDays(todayVn(), 1), { start: '08:00', end: '10:00', capacity: 5 }));
      }
      profiles = await makeProfiles(tx, facilityId, 6);
    });
    // the account administrator gives the desk rooms A and B (the room-list screen)
    const assigned = await call('PUT', `/api/his/v1/vendor/rooms/${deskId}`, tok.admin, { roomIds: [clinics[0]!.roomId, clinics[1]!.roomId] });
    expect(assigned.statusCode, assigned.body).toBe(200);
    deskRooms = await sqlRows(t, sql`SELECT id, code, name FROM rooms WHERE id IN (${clinics[0]!.roomId}, ${clinics[1]!.roomId}) ORDER BY code`);
    for (const [i, s] of slots.entries()) {
      const res = await call('POST', PATH, tok.free, { medicalProfileId: profiles[i]!, timeSlotId: s[0]!.id });
      expect(res.statusCode, res.body).toBe(200);
      booked.push(res.json().data.id);
    }
  });

  it('off (the default): the rooms are where the screens open, every room can be worked', async () => {
    const desk = (await call('GET', `${PATH}/desk`, tok.desk)).json().data;
    expect(desk).toEqual({ onlyOwnRooms: false, rooms: deskRooms, lateCheckinMinutes: 60, noShowAt: '24:00' });
    expect((await list()).ids).toEqual([...booked].sort());
    // several rooms at once: the screen's default filter on the desk's rooms
    expect((await list(`&roomId=${clinics[0]!.roomId},${clinics[1]!.roomId}`)).ids).toEqual(booked.slice(0, 2).sort());
    expect((await list(`&roomId=${clinics[2]!.roomId}&roomId=${clinics[0]!.roomId}`)).ids).toEqual([booked[0], booked[2]].sort());
    expect((await call('GET', `${PATH}/${booked[2]}`, tok.desk)).statusCode).toBe(200);
    expect((await list('&roomId=abc')).status).toBe(400);
  });

  it('the account administrator turns the rule on and off (audited); others may not', async () => {
    expect((await call('GET', '/api/his/v1/vendor/room-scope', tok.admin)).json().data).toEqual({ restrictToAccountRooms: false });
    expect((await scope(true, tok.desk)).statusCode).toBe(403);
    expect((await scope(true, tok.noRight)).statusCode).toBe(403);
    expect((await call('PUT', '/api/his/v1/vendor/room-scope', null, { restrictToAccountRooms: true })).statusCode).toBe(401);
    expect((await call('PUT', '/api/his/v1/vendor/room-scope', tok.admin, { restrictToAccountRooms: 'on' })).statusCode).toBe(400);
    expect((await call('PUT', '/api/his/v1/vendor/room-scope', tok.admin, {})).statusCode).toBe(400);
    const on = await scope(true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({
      message: 'Đã bật: tài khoản có phòng được phân chỉ làm việc với lịch đặt khám của các phòng đó',
      data: { restrictToAccountRooms: true },
    });
    const [audit] = await sqlRows<{ before: unknown; after: unknown }>(
      t,
      sql`SELECT before, after FROM audit_log WHERE action = 'UPDATE_ROOM_SCOPE' AND entity_id = ${String(facilityId)}`,
    );
    expect(audit).toEqual({ before: { restrictToAccountRooms: false }, after: { restrictToAccountRooms: true } });
    // each facility has its own rule
    expect((await call('GET', '/api/his/v1/vendor/room-scope', tok.foreignAdmin)).json().data).toEqual({ restrictToAccountRooms: false });
  });

  it('on: a restricted account lists, reads and works its rooms only; 403 for the others, nothing written', async () => {
    const [a, b, c] = booked as [number, number, number];
    const [roomA, , roomC] = clinics.map((x) => x.roomId) as [number, number, number];
    expect((await call('GET', `${PATH}/desk`, tok.desk)).json().data.onlyOwnRooms).toBe(true);
    const all = await list();
    expect(all.ids).toEqual([a, b].sort());
    expect(all.res.json().counts.PENDING).toBe(2);
    const refused = await list(`&roomId=${roomC}`);
    expect([refused.status, refused.res.json().message]).toEqual([403, otherRoom()]);
    expect((await list(`&roomId=${roomA},${roomC}`)).status).toBe(403);
    expect((await list(`&roomId=${roomA}`)).ids).toEqual([a]);

    const date = addDays(todayVn(), 1);
    const forbidden = [
      await call('GET', `${PATH}/${c}`, tok.desk),
      await call('GET', `${PATH}/${c}/logs`, tok.desk),
      await call('POST', `${PATH}/${c}/accept`, tok.desk),
      await call('POST', `${PATH}/${c}/reject`, tok.desk, { reason: 'Không phải phòng của tôi' }),
      await call('PUT', `${PATH}/${c}/priority`, tok.desk, { priority: 1 }),
      await call('PUT', `${PATH}/${c}`, tok.desk, { symptom: 'Ho' }),
      await call('GET', `${PATH}/priority?roomId=${roomC}&date=${date}`, tok.desk),
      await call('POST', `${PATH}/called`, tok.desk, { roomId: roomC, date }),
      await call('POST', `${PATH}/sync-checkin-seq`, tok.desk, { roomId: roomC, date }),
      // a new booking in room C, and moving a booking of A there
      await call('POST', PATH, tok.desk, { medicalProfileId: profiles[4]!, timeSlotId: slots[2]![1]!.id }),
      await call('PUT', `${PATH}/${a}`, tok.desk, { timeSlotId: slots[2]![2]!.id }),
    ];
    expect(forbidden.map((r) => r.statusCode)).toEqual(forbidden.map(() => 403));
    expect(forbidden[2]!.json().message).toBe(otherRoom());
    const c0 = (await call('GET', `${PATH}/${c}`, tok.free)).json().data;
    expect(c0).toMatchObject({ status: 'PENDING', priority: 0, symptom: null });
    expect(c0.log).toHaveLength(1);
    expect((await call('GET', `${PATH}/${a}`, tok.free)).json().data.timeSlotId).toBe(slots[0]![0]!.id);
    // a bulk accept over both: its own room's booking is accepted, the other refused with the reason
    const bulk = (await call('POST', `${PATH}/accept`, tok.desk, { ids: [a, c] })).json().data;
    expect(bulk.results).toEqual([
      { id: a, ok: true, status: 'ACCEPTED' },
      { id: c, ok: false, message: otherRoom() },
    ]);
    // the patient record lists the bookings of the desk's rooms
    const userId = (await sqlRows<{ u: number }>(t, sql`SELECT patient_user_id AS u FROM bookings WHERE id = ${c}`))[0]!.u;
    expect((await call('GET', `${PATH}/users/${userId}`, tok.desk)).json().totalElements).toBe(0);
    expect((await call('GET', `${PATH}/users/${userId}`, tok.free)).json().totalElements).toBe(1);

    // an account without rooms keeps working every room
    expect((await list('', tok.free)).ids).toEqual([...booked].sort());
    expect((await call('POST', `${PATH}/${c}/accept`, tok.free)).statusCode).toBe(200);
    // unknown and other-facility bookings are still 404, before any room rule
    expect((await call('GET', `${PATH}/999999999`, tok.desk)).statusCode).toBe(404);
  });

  it('off again: the desk works room C', async () => {
    expect((await scope(false)).json().message).toBe('Đã tắt: mọi tài khoản làm việc được với lịch đặt khám của mọi phòng');
    expect((await call('POST', `${PATH}/${booked[2]}/revert`, tok.desk)).statusCode).toBe(200);
    expect((await list()).ids).toEqual([...booked].sort());
  });
});
