import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { consoleState, createdScreen, displayState, queueTicket, screenRow, type DisplayServerMessage } from '@portal/shared/contracts/queue.contract';
import { GENERAL_CONFIG_PATH } from '@portal/shared/contracts/settings.contract';
import { addDays } from '@portal/shared/rules/schedule';
import { todayVn } from '@portal/shared/rules/time';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { makeClinic, makeProfiles, makeSlots, moveSchedules, type ClinicFixture } from '../appointments/appointments.fixtures';
import { resetKioskFailures } from './kiosk.service';

/** Issue 22: links of calling screens and kiosks, the calling screen's socket, the kiosk, the room console, walk-ins. */
const Q = '/api/queue/v1';
const A = '/api/appointment/v1';
const GENERAL = GENERAL_CONFIG_PATH;
let t: TestApp;
let base: string;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...(token ? bearer(token) : {}), ...headers }, payload: payload as never });
const screenHeader = (token: string) => ({ 'x-screen-token': token });

let facilityId: number;
let tok: { admin: string; nurse: string; nurse2: string; nurseB: string; desk: string; other: string; foreign: string };
let roomA: ClinicFixture;
let roomB: ClinicFixture;
let profiles: number[];
const today = todayVn();

/**
 * An accepted booking of room A (or B) at `start` today: booked ahead into a session of its own (a past slot cannot
 * be booked) that is then brought to today, so bookings made at once do not move each other.
 */
async function accepted(profile: number, room: 'A' | 'B' = 'A', start = '09:00', day = today): Promise<number> {
  const end = `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}${start.slice(2)}`;
  const [slot] = await t.database.transaction((tx) =>
    makeSlots(tx, facilityId, room === 'A' ? roomA : roomB, addDays(today, 1), { start, end, minutes: 60, capacity: 5 }),
  );
  const res = await call('POST', A, tok.desk, { medicalProfileId: profiles[profile]!, timeSlotId: slot!.id, accept: true });
  expect(res.statusCode, res.body).toBe(200);
  if (day !== addDays(today, 1)) await t.database.transaction((tx) => moveSchedules(tx, [slot!.scheduleId], day));
  return res.json().data.id;
}
/** Checked in at the desk (confirmed late when the slot is long over). */
async function checkedIn(profile: number, room: 'A' | 'B' = 'A', priority = 0): Promise<{ id: number; number: number }> {
  const id = await accepted(profile, room);
  if (priority) expect((await call('PUT', `${A}/${id}/priority`, tok.desk, { priority })).statusCode).toBe(200);
  const res = await call('POST', `${A}/${id}/checkin`, tok.desk, { confirmLate: true });
  expect(res.statusCode, res.body).toBe(200);
  return { id, number: res.json().data.queueNumber };
}
async function makeScreen(kind: 'DISPLAY' | 'KIOSK', roomIds: number[], name = 'Màn hình sảnh A') {
  const res = await call('POST', `${Q}/screens`, tok.admin, { kind, name, roomIds, volume: 70, chime: true });
  expect(res.statusCode, res.body).toBe(200);
  return createdScreen.parse(res.json().data);
}
const consoleOf = async (token: string, roomId: number) => {
  const res = await call('GET', `${Q}/rooms/${roomId}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return consoleState.parse(res.json().data);
};
/** Empties room A's queue of the day (tests start from a clean queue). */
async function clearQueue() {
  await t.database.db.execute(
    sql`UPDATE bookings SET status = 'DONE', fhir_status = 'fulfilled', calling = false WHERE facility_id = ${facilityId} AND status IN ('CHECKED_IN', 'CALLED')`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const f = await makeFacility(t, [
    { key: 'admin', authorities: ['MANAGER_SETTING'] },
    { key: 'nurse', authorities: ['MANAGER_ROOM_QUEUE'] },
    { key: 'nurse2', authorities: ['MANAGER_ROOM_QUEUE'] },
    { key: 'nurseB', authorities: ['MANAGER_ROOM_QUEUE'] },
    { key: 'desk', authorities: ['MANAGER_APPOINTMENT'] },
    { key: 'other', authorities: ['MANAGER_NEWS'] },
  ]);
  const g = await makeFacility(t, [{ key: 'foreign', authorities: ['ADMIN_FACILITY'] }]);
  facilityId = f.facilityId;
  await t.database.transaction(async (tx) => {
    roomA = await makeClinic(tx, facilityId, 'Nội');
    roomB = await makeClinic(tx, facilityId, 'Nhi');
    // a session of each room today, for walk-ins
    await makeSlots(tx, facilityId, roomA, today, { start: '00:00', end: '23:30', capacity: 5, minutes: 30 });
    await makeSlots(tx, facilityId, roomB, today, { start: '00:00', end: '23:30', capacity: 5, minutes: 30 });
    profiles = await makeProfiles(tx, facilityId, 30);
    await tx.execute(sql`UPDATE medical_profiles SET full_name = 'Nguyễn Văn An' WHERE id = ${profiles[0]!}`);
    await tx.execute(sql`INSERT INTO account_rooms (account_id, room_id) VALUES (${f.accounts.nurse!.id}, ${roomA.roomId}), (${f.accounts.nurse2!.id}, ${roomA.roomId}),
      (${f.accounts.nurseB!.id}, ${roomB.roomId})`);
  });
  tok = {
    admin: (await login(t, f.accounts.admin!)).loginToken,
    nurse: (await login(t, f.accounts.nurse!)).loginToken,
    nurse2: (await login(t, f.accounts.nurse2!)).loginToken,
    nurseB: (await login(t, f.accounts.nurseB!)).loginToken,
    desk: (await login(t, f.accounts.desk!)).loginToken,
    other: (await login(t, f.accounts.other!)).loginToken,
    foreign: (await login(t, g.accounts.foreign!)).loginToken,
  };
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
  resetKioskFailures();
});

describe('links of calling screens and kiosks', () => {
  it('makes a link shown once, lists it without its token, changes and revokes it, audited', async () => {
    const made = await makeScreen('DISPLAY', [roomA.roomId, roomB.roomId]);
    expect(made.link).toMatch(new RegExp(`/display#${made.token}$`));
    expect(made.token).toHaveLength(32);
    expect(made.tokenHint).toBe(made.token.slice(0, 6));
    expect(made.rooms.map((r) => r.id)).toEqual([roomA.roomId, roomB.roomId]);
    const [stored] = await sqlRows<{ token_hash: string }>(t, sql`SELECT token_hash FROM queue_screens WHERE id = ${made.id}`);
    expect(stored!.token_hash).not.toContain(made.token);

    const list = await call('GET', `${Q}/screens?kind=DISPLAY&state=ACTIVE`, tok.admin);
    expect(list.statusCode).toBe(200);
    const rows = list.json().data.map((r: unknown) => screenRow.strict().parse(r));
    expect(rows.find((r: { id: number }) => r.id === made.id)).toMatchObject({ state: 'ACTIVE', lastSeenAt: null, createdBy: expect.any(String) });
    expect(list.body).not.toContain(made.token);

    const edited = await call('PUT', `${Q}/screens/${made.id}`, tok.admin, { name: 'Sảnh tầng 1', roomIds: [roomB.roomId], volume: 40, chime: false });
    expect(edited.json().data).toMatchObject({ name: 'Sảnh tầng 1', volume: 40, chime: false, rooms: [{ id: roomB.roomId }] });
    const revoked = await call('POST', `${Q}/screens/${made.id}/revoke`, tok.admin);
    expect(revoked.json().data).toMatchObject({ state: 'REVOKED', revokedBy: expect.any(String) });
    expect((await call('POST', `${Q}/screens/${made.id}/revoke`, tok.admin)).statusCode).toBe(409);
    expect((await call('PUT', `${Q}/screens/${made.id}`, tok.admin, { name: 'x', roomIds: [roomA.roomId], volume: 1, chime: true })).statusCode).toBe(409);
    const audits = await sqlRows<{ action: string; after: unknown }>(
      t,
      sql`SELECT action, after FROM audit_log WHERE entity = 'queue_screen' AND entity_id = ${String(made.id)} ORDER BY id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['QUEUE_SCREEN_CREATE', 'QUEUE_SCREEN_UPDATE', 'QUEUE_SCREEN_REVOKE']);
    expect(JSON.stringify(audits)).not.toContain(made.token);
  });

  it('refuses bad links: 400 with Vietnamese messages, 404 for another facility’s room, 401, 403', async () => {
    const bad = async (payload: unknown) => {
      const res = await call('POST', `${Q}/screens`, tok.admin, payload);
      return [res.statusCode, res.json().message];
    };
    expect(await bad({ kind: 'DISPLAY', name: 'x', roomIds: [], volume: 50, chime: true })).toEqual([400, 'Chọn ít nhất một phòng khám']);
    expect(await bad({ kind: 'DISPLAY', name: ' ', roomIds: [roomA.roomId], volume: 50, chime: true })).toEqual([400, 'Vui lòng nhập tên màn hình']);
    expect(await bad({ kind: 'DISPLAY', name: 'x', roomIds: [roomA.roomId], volume: 101, chime: true })).toEqual([400, 'Âm lượng từ 0 đến 100']);
    expect(await bad({ kind: 'TV', name: 'x', roomIds: [roomA.roomId], volume: 1, chime: true })).toEqual([400, 'Loại màn hình không hợp lệ']);
    expect((await bad({ kind: 'DISPLAY', name: 'x', roomIds: Array.from({ length: 13 }, (_, i) => i + 1), volume: 1, chime: true }))[0]).toBe(400);
    expect(await bad({ kind: 'DISPLAY', name: 'x', roomIds: [999999], volume: 1, chime: true })).toEqual([404, 'Không tìm thấy phòng khám']);
    // a kiosk may serve every room
    expect((await makeScreen('KIOSK', [])).rooms).toEqual([]);
    expect((await call('GET', `${Q}/screens`, null)).statusCode).toBe(401);
    expect((await call('GET', `${Q}/screens`, tok.other)).statusCode).toBe(403);
    expect((await call('POST', `${Q}/screens/1/revoke`, tok.nurse)).statusCode).toBe(403);
    const mine = await makeScreen('DISPLAY', [roomA.roomId]);
    expect((await call('POST', `${Q}/screens/${mine.id}/revoke`, tok.foreign)).statusCode).toBe(404);
    expect((await call('GET', `${Q}/screens`, tok.foreign)).json().data).toEqual([]);
  });
});

describe('the calling screen', () => {
  it('shows its rooms only, names masked, to its token only; a revoked or kiosk token is refused', async () => {
    await clearQueue();
    const screen = await makeScreen('DISPLAY', [roomA.roomId]);
    const first = await checkedIn(0);
    const res = await call('GET', `${Q}/display`, null, undefined, screenHeader(screen.token));
    expect(res.statusCode, res.body).toBe(200);
    const state = displayState.parse(res.json().data);
    expect(state.rooms.map((r) => r.id)).toEqual([roomA.roomId]);
    expect(state.nameMode).toBe('MASKED');
    expect(state.rooms[0]!.waiting[0]).toEqual({ number: first.number, name: 'Nguyễn V. An', priority: false });
    expect(res.body).not.toContain('Nguyễn Văn An');
    const [seen] = await sqlRows<{ last_seen_at: Date | null }>(t, sql`SELECT last_seen_at FROM queue_screens WHERE id = ${screen.id}`);
    expect(seen!.last_seen_at).not.toBeNull();

    const kiosk = await makeScreen('KIOSK', []);
    expect((await call('GET', `${Q}/display`, null, undefined, screenHeader(kiosk.token))).statusCode).toBe(403);
    expect((await call('GET', `${Q}/kiosk`, null, undefined, screenHeader(screen.token))).statusCode).toBe(403);
    expect((await call('GET', `${Q}/display`, null)).json()).toMatchObject({ code: 401, message: expect.stringContaining('không còn hiệu lực') });
    expect((await call('GET', `${Q}/display`, null, undefined, screenHeader('x'.repeat(32)))).statusCode).toBe(401);
    await call('POST', `${Q}/screens/${screen.id}/revoke`, tok.admin);
    expect((await call('GET', `${Q}/display`, null, undefined, screenHeader(screen.token))).statusCode).toBe(401);
  });

  it('follows the facility’s name setting', async () => {
    await clearQueue();
    const screen = await makeScreen('DISPLAY', [roomA.roomId]);
    await checkedIn(0);
    const names = async () => (await call('GET', `${Q}/display`, null, undefined, screenHeader(screen.token))).json().data.rooms[0].waiting[0].name;
    const set = (value: string) => call('PUT', `${GENERAL}/QUEUE_DISPLAY_NAMES`, tok.admin, { value });
    expect((await set('HIDDEN')).statusCode).toBe(200);
    expect(await names()).toBeNull();
    expect((await set('FULL')).statusCode).toBe(200);
    expect(await names()).toBe('Nguyễn Văn An');
    expect((await set('ALL')).statusCode).toBe(400);
    expect((await set('MASKED')).statusCode).toBe(200);
    expect(await names()).toBe('Nguyễn V. An');
  });

  it('hears calls over its socket within a second, announces each call and recall once, and closes when revoked', async () => {
    await clearQueue();
    const screen = await makeScreen('DISPLAY', [roomA.roomId]);
    const a = await checkedIn(0);
    await checkedIn(1);
    const ws = new WebSocket(`${base}${Q}/display/live`);
    const got: DisplayServerMessage[] = [];
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    ws.on('message', (raw) => got.push(JSON.parse(String(raw))));
    await new Promise((r) => ws.on('open', r));
    ws.send(JSON.stringify({ type: 'hello', token: screen.token }));
    await vi.waitFor(() => expect(got.some((m) => m.type === 'state')).toBe(true));
    const until = async (pred: (m: DisplayServerMessage) => boolean) => vi.waitFor(() => expect(got.some(pred)).toBe(true), { timeout: 1000, interval: 10 });

    const started = Date.now();
    const called = await call('POST', `${Q}/rooms/${roomA.roomId}/call-next`, tok.nurse);
    expect(called.statusCode, called.body).toBe(200);
    await until((m) => m.type === 'announce' && m.announcement.number === a.number && !m.announcement.recall);
    expect(Date.now() - started).toBeLessThan(1000);
    const room = got.filter((m) => m.type === 'room').at(-1);
    expect(room).toMatchObject({ type: 'room', room: { id: roomA.roomId, current: { number: a.number, name: 'Nguyễn V. An' }, waitingCount: 1 } });

    await call('POST', `${Q}/rooms/${roomA.roomId}/recall`, tok.nurse, { bookingId: a.id });
    await until((m) => m.type === 'announce' && m.announcement.recall);
    const announcements = got.filter((m) => m.type === 'announce');
    expect(announcements).toHaveLength(2);
    expect(new Set(announcements.map((m) => m.type === 'announce' && m.announcement.callId)).size).toBe(2);

    // another room's changes do not reach it
    const before = got.length;
    await checkedIn(2, 'B');
    await new Promise((r) => setTimeout(r, 150));
    expect(got.slice(before).filter((m) => m.type === 'room')).toEqual([]);

    await call('POST', `${Q}/screens/${screen.id}/revoke`, tok.admin);
    expect(await closed).toBe(4403);
  });

  it('closes a socket whose hello is not a valid display token', async () => {
    for (const hello of ['not json', JSON.stringify({ type: 'hello', token: 'nope' })]) {
      const ws = new WebSocket(`${base}${Q}/display/live`);
      const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
      await new Promise((r) => ws.on('open', r));
      ws.send(hello);
      expect(await closed).toBe(4403);
    }
  });
});

describe('the room console', () => {
  it('calls priority first, recalls, skips back a few places, completes; 403 for another room, 409 for a stale booking', async () => {
    await clearQueue();
    const p = await checkedIn(3); // 1st number
    const q = await checkedIn(4);
    const r = await checkedIn(5);
    const s = await checkedIn(6);
    const v = await checkedIn(7, 'A', 1); // priority, the last number
    const st = await consoleOf(tok.nurse, roomA.roomId);
    expect(st.waiting.map((w) => w.bookingId)).toEqual([v.id, p.id, q.id, r.id, s.id]);
    expect(st.skipPlaces).toBe(3);

    const first = await call('POST', `${Q}/rooms/${roomA.roomId}/call-next`, tok.nurse);
    expect(first.json()).toMatchObject({ message: `Mời số ${v.number} vào phòng`, data: { current: { bookingId: v.id, priority: true } } });
    const complete = await call('POST', `${Q}/rooms/${roomA.roomId}/complete`, tok.nurse, { bookingId: v.id });
    expect(complete.json().data).toMatchObject({ current: null, doneCount: expect.any(Number) });

    await call('POST', `${Q}/rooms/${roomA.roomId}/call-next`, tok.nurse);
    // the second console acts on what it saw: p is the call, not q
    expect((await call('POST', `${Q}/rooms/${roomA.roomId}/skip`, tok.nurse2, { bookingId: q.id })).statusCode).toBe(409);
    const skipped = await call('POST', `${Q}/rooms/${roomA.roomId}/skip`, tok.nurse2, { bookingId: p.id });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json().message).toBe(`Đã bỏ qua số ${p.number}: xếp lại sau 3 người`);
    const after = consoleState.parse(skipped.json().data);
    expect(after.current).toBeNull();
    expect(after.waiting.map((w) => w.bookingId)).toEqual([q.id, r.id, s.id, p.id]);
    expect(after.waiting.at(-1)).toMatchObject({ skips: 1 });
    // the desk's queue card agrees with the console
    const desk = await call('GET', `${A}/priority?roomId=${roomA.roomId}`, tok.desk);
    expect(
      desk
        .json()
        .data.filter((b: { status: string }) => b.status === 'CHECKED_IN')
        .map((b: { id: number }) => b.id),
    ).toEqual([q.id, r.id, s.id, p.id]);
    const log = (await call('GET', `${A}/${p.id}/logs`, tok.desk)).json().data.map((l: { action: string }) => l.action);
    expect(log.slice(-2)).toEqual(['call', 'skip']);
    // a skip undid the call: a revert now undoes the check-in
    expect((await call('GET', `${A}/${p.id}`, tok.desk)).json().data).toMatchObject({
      status: 'CHECKED_IN',
      previousStatus: 'ACCEPTED',
      queueNumber: p.number,
    });

    // the skipped patient came back: called by name
    const back = await call('POST', `${Q}/rooms/${roomA.roomId}/call`, tok.nurse, { bookingId: p.id });
    expect(back.json().data.current).toMatchObject({ bookingId: p.id, skips: 1 });
    expect((await call('POST', `${Q}/rooms/${roomA.roomId}/recall`, tok.nurse, { bookingId: q.id })).statusCode).toBe(409);
    const recalled = await call('POST', `${Q}/rooms/${roomA.roomId}/recall`, tok.nurse, { bookingId: p.id });
    expect(recalled.json()).toMatchObject({ message: `Đã gọi lại số ${p.number}`, data: { current: { bookingId: p.id } } });
    expect((await call('POST', `${Q}/rooms/${roomA.roomId}/call`, tok.nurse, { bookingId: p.id })).statusCode).toBe(409);

    expect((await call('GET', `${Q}/rooms/${roomA.roomId}`, tok.nurseB)).json()).toMatchObject({
      code: 403,
      message: 'Tài khoản chưa được phân vào phòng khám này',
    });
    expect((await call('POST', `${Q}/rooms/${roomA.roomId}/call-next`, tok.nurseB)).statusCode).toBe(403);
    expect((await call('GET', `${Q}/rooms/${roomA.roomId}`, tok.desk)).statusCode).toBe(403);
    expect((await call('GET', `${Q}/rooms/${roomA.roomId}`, null)).statusCode).toBe(401);
    expect((await call('GET', `${Q}/rooms/999999`, tok.nurse)).statusCode).toBe(404);
    expect((await call('GET', `${Q}/rooms/abc`, tok.nurse)).statusCode).toBe(400);
    expect((await call('POST', `${Q}/rooms/${roomA.roomId}/skip`, tok.nurse, {})).statusCode).toBe(400);
    expect((await call('GET', `${Q}/rooms`, tok.nurse)).json().data.map((x: { id: number }) => x.id)).toEqual([roomA.roomId]);
  });

  it('two consoles calling at once call two different patients, one call of the moment', async () => {
    await clearQueue();
    const a = await checkedIn(8);
    const b = await checkedIn(9);
    const [x, y] = await Promise.all([
      call('POST', `${Q}/rooms/${roomA.roomId}/call-next`, tok.nurse),
      call('POST', `${Q}/rooms/${roomA.roomId}/call-next`, tok.nurse2),
    ]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    const called = await sqlRows<{ id: number; calling: boolean }>(
      t,
      sql`SELECT id, calling FROM bookings WHERE id IN (${a.id}, ${b.id}) AND status = 'CALLED' ORDER BY id`,
    );
    expect(called.map((c) => c.id)).toEqual([a.id, b.id].sort((m, n) => m - n));
    expect(called.filter((c) => c.calling)).toHaveLength(1);
    expect((await call('POST', `${Q}/rooms/${roomA.roomId}/call-next`, tok.nurse)).json()).toMatchObject({ code: 409 });
  });
});

describe('walk-ins', () => {
  it('gives a walk-in the room’s next number in the same queue, logged; refuses a second number and a room without a doctor today', async () => {
    await clearQueue();
    const booked = await checkedIn(10);
    const rooms = await call('GET', `${A}/walk-ins/rooms`, tok.desk);
    expect(rooms.statusCode).toBe(200);
    expect(rooms.json().data.find((r: { id: number }) => r.id === roomA.roomId)).toMatchObject({ doctors: ['BSCKI Nguyễn Văn An'], lastNumber: booked.number });
    const res = await call('POST', `${A}/walk-ins`, tok.desk, { medicalProfileId: profiles[11]!, roomId: roomA.roomId, priority: 0, symptom: 'Sốt' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: expect.stringContaining(`Đã cấp số ${booked.number + 1}`),
      data: { status: 'CHECKED_IN', source: 'WALK_IN', queueNumber: booked.number + 1 },
    });
    const id = res.json().data.id;
    const st = await consoleOf(tok.nurse, roomA.roomId);
    expect(st.waiting.map((w) => w.bookingId)).toEqual([booked.id, id]);
    expect((await call('GET', `${A}/${id}/logs`, tok.desk)).json().data.map((l: { action: string }) => l.action)).toEqual(['walkIn']);
    const again = await call('POST', `${A}/walk-ins`, tok.desk, { medicalProfileId: profiles[11]!, roomId: roomA.roomId, priority: 0 });
    expect(again.json()).toMatchObject({ code: 409, message: `Bệnh nhân đã có số ${booked.number + 1} đang chờ tại phòng này hôm nay` });
    const noDoctor = await t.database.transaction((tx) => makeClinic(tx, facilityId, 'Da liễu'));
    const closed = await call('POST', `${A}/walk-ins`, tok.desk, { medicalProfileId: profiles[12]!, roomId: noDoctor.roomId, priority: 0 });
    expect(closed.json()).toMatchObject({ code: 409, message: 'Hôm nay phòng này không có lịch làm việc của bác sĩ' });
    expect((await call('POST', `${A}/walk-ins`, tok.desk, { medicalProfileId: profiles[12]!, roomId: roomA.roomId, priority: 2 })).statusCode).toBe(400);
    expect((await call('POST', `${A}/walk-ins`, tok.desk, { medicalProfileId: 999999, roomId: roomA.roomId, priority: 0 })).statusCode).toBe(404);
    expect((await call('POST', `${A}/walk-ins`, tok.nurse, { medicalProfileId: profiles[12]!, roomId: roomA.roomId, priority: 0 })).statusCode).toBe(403);
    expect((await call('POST', `${A}/walk-ins`, null, {})).statusCode).toBe(401);
  });

  it('numbers walk-ins and check-ins at once uniquely and without gaps', async () => {
    await clearQueue();
    const ids = await Promise.all([13, 14, 15].map((p) => accepted(p)));
    const [{ n: before } = { n: 0 }] = await sqlRows<{ n: number }>(
      t,
      sql`SELECT last_number AS n FROM queue_counters WHERE room_id = ${roomA.roomId} AND date = ${today}`,
    );
    const results = await Promise.all([
      ...ids.map((id) => call('POST', `${A}/${id}/checkin`, tok.desk, { confirmLate: true })),
      ...[16, 17, 18, 19].map((p) => call('POST', `${A}/walk-ins`, tok.desk, { medicalProfileId: profiles[p]!, roomId: roomA.roomId, priority: 0 })),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(Array(7).fill(200));
    const numbers = results.map((r) => r.json().data.queueNumber).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 7 }, (_, i) => before + i + 1));
  });
});

describe('the kiosk', () => {
  it('checks a patient in by QR or by code and phone, shows the number again, refuses what it must', async () => {
    await clearQueue();
    // the visit's slot is 09:00–09:30 and the kiosk's clock 09:10 of the same day
    const id = await accepted(20, 'A', '09:00');
    const detail = (await call('GET', `${A}/${id}`, tok.desk)).json().data;
    expect(detail.checkinQr).toMatch(/^DK\d+\.[0-9a-f]{16}$/);
    const kiosk = await makeScreen('KIOSK', []);
    const pin = () => vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${today}T09:10:00+07:00`), shouldAdvanceTime: true });
    const post = (payload: unknown, token = kiosk.token) => call('POST', `${Q}/kiosk/checkin`, null, payload, screenHeader(token));

    const info = await call('GET', `${Q}/kiosk`, null, undefined, screenHeader(kiosk.token));
    expect(info.json().data).toMatchObject({ screen: { id: kiosk.id }, date: today, nameMode: 'MASKED' });

    pin();
    expect((await post({ qr: 'https://example.com' })).json()).toMatchObject({ code: 400, message: 'Mã QR không phải mã lịch khám của bệnh viện.' });
    expect((await post({ qr: `${detail.code}.0000000000000000` })).statusCode).toBe(404);
    const res = await post({ qr: detail.checkinQr });
    expect(res.statusCode, res.body).toBe(200);
    const ticket = queueTicket.parse(res.json().data);
    expect(ticket).toMatchObject({ bookingCode: detail.code, alreadyCheckedIn: false, waitingAhead: 0, room: { id: roomA.roomId } });
    expect(res.json().message).toBe('Tiếp đón thành công');
    const logs = (await call('GET', `${A}/${id}/logs`, tok.desk)).json().data;
    expect(logs.at(-1)).toMatchObject({ action: 'checkin', detail: { via: 'KIOSK', screenId: kiosk.id } });
    const [audit] = await sqlRows<{ actor_username: string }>(
      t,
      sql`SELECT actor_username FROM audit_log WHERE entity_id = ${String(id)} AND action = 'BOOKING_CHECKIN'`,
    );
    expect(audit!.actor_username).toBe('Ki-ốt: Màn hình sảnh A');
    // again, by code and phone: the same number
    const [{ phone }] = (await sqlRows<{ phone: string }>(t, sql`SELECT phone FROM medical_profiles WHERE id = ${profiles[20]!}`)) as [{ phone: string }];
    const again = await post({ code: detail.code.toLowerCase(), phone: ` ${phone} ` });
    expect(again.json()).toMatchObject({ message: 'Lịch khám đã được tiếp đón trước đó', data: { number: ticket.number, alreadyCheckedIn: true } });
    expect((await post({ code: detail.code, phone: '0900000000' })).json()).toMatchObject({
      code: 404,
      message: expect.stringContaining('Không tìm thấy lịch khám'),
    });
    expect((await post({ code: '', phone: '' })).statusCode).toBe(400);
    expect((await post({})).statusCode).toBe(400);
    expect((await post({ qr: detail.checkinQr }, 'revoked-or-unknown')).statusCode).toBe(401);

    // another day, another room's kiosk, a pending or cancelled booking: refused, nothing changed
    vi.useRealTimers();
    const tomorrowId = await accepted(21, 'B', '09:00', addDays(today, 1));
    pin();
    const tomorrow = (await call('GET', `${A}/${tomorrowId}`, tok.desk)).json().data;
    expect((await post({ qr: tomorrow.checkinQr })).json().message).toMatch(/^Lịch khám này hẹn ngày \d\d\/\d\d\/\d{4}, không phải hôm nay/);
    await t.database.db.execute(sql`UPDATE bookings SET date = ${today} WHERE id = ${tomorrowId}`);
    const roomAKiosk = await makeScreen('KIOSK', [roomA.roomId]);
    expect((await post({ qr: tomorrow.checkinQr }, roomAKiosk.token)).json()).toMatchObject({
      code: 409,
      message: expect.stringContaining('không tiếp đón tại ki-ốt này'),
    });
    await call('POST', `${A}/${tomorrowId}/cancel`, tok.desk, { reason: 'Bận việc' });
    expect((await post({ qr: tomorrow.checkinQr })).json()).toMatchObject({ code: 409, message: expect.stringContaining('"Đã huỷ"') });
    expect((await call('GET', `${A}/${tomorrowId}`, tok.desk)).json().data).toMatchObject({ status: 'CANCELLED', queueNumber: null, checkinQr: null });
  });

  it('gives a booking scanned twice at once (two kiosks, a double scan) one number and the same ticket twice', async () => {
    const ids = [await accepted(23, 'A', '09:00'), await accepted(24, 'A', '09:00'), await accepted(25, 'B', '09:00')];
    const qrs = await Promise.all(ids.map(async (id) => (await call('GET', `${A}/${id}`, tok.desk)).json().data.checkinQr as string));
    const [k1, k2] = [await makeScreen('KIOSK', [], 'Ki-ốt cổng chính'), await makeScreen('KIOSK', [], 'Ki-ốt cổng phụ')];
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${today}T09:10:00+07:00`), shouldAdvanceTime: true });
    try {
      const res = await Promise.all(qrs.flatMap((qr) => [k1, k2].map((k) => call('POST', `${Q}/kiosk/checkin`, null, { qr }, screenHeader(k.token)))));
      expect(res.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      for (let i = 0; i < 3; i++) {
        const [a, b] = [res[2 * i]!.json(), res[2 * i + 1]!.json()];
        expect([a.message, b.message].sort()).toEqual(['Lịch khám đã được tiếp đón trước đó', 'Tiếp đón thành công']);
        expect(a.data.number).toBe(b.data.number);
      }
      const logs = await sqlRows<{ n: number }>(
        t,
        sql`SELECT count(*)::int AS n FROM booking_logs WHERE booking_id IN (${sql.join(ids, sql`, `)}) AND action = 'checkin' GROUP BY booking_id`,
      );
      expect(logs.map((l) => l.n)).toEqual([1, 1, 1]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says a QR of another facility’s booking is another hospital’s, and stops guessing after ten wrong codes', async () => {
    const id = await accepted(22);
    const qr = (await call('GET', `${A}/${id}`, tok.desk)).json().data.checkinQr;
    const g = await makeFacility(t, [{ key: 'set', authorities: ['MANAGER_SETTING'] }]);
    const other = (await login(t, g.accounts.set!)).loginToken;
    const kiosk = (await call('POST', `${Q}/screens`, other, { kind: 'KIOSK', name: 'Ki-ốt khác', roomIds: [], volume: 0, chime: false })).json().data;
    const post = (payload: unknown) => call('POST', `${Q}/kiosk/checkin`, null, payload, screenHeader(kiosk.token));
    expect((await post({ qr })).json()).toMatchObject({ code: 409, message: 'Lịch khám này không thuộc bệnh viện này.' });
    for (let i = 0; i < 9; i++) expect((await post({ code: `DK${i}`, phone: '0900000000' })).statusCode).toBe(404);
    expect((await post({ qr })).json()).toMatchObject({ code: 429, message: expect.stringContaining('Nhập sai quá nhiều lần') });
    const [b] = await sqlRows<{ status: string }>(t, sql`SELECT status FROM bookings WHERE id = ${id}`);
    expect(b!.status).toBe('ACCEPTED');
  });
});
