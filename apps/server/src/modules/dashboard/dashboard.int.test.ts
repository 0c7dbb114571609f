import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardData } from '@portal/shared/contracts/dashboard.contract';
import { addDays } from '@portal/shared/rules/period';
import { todayVn } from '@portal/shared/rules/time';
import type { Executor } from '../../core/db';
import { enqueue } from '../../core/jobs';
import { bearer, createTestApp, login, loginRequest, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { makeClinic, makeProfiles, makeSlots, type ClinicFixture } from '../appointments/appointments.fixtures';

/**
 * The home page's dashboard (issue 16): each section's figures against a hand-made fixture of today's
 * bookings in every state, failed sign-ins and dead jobs; a section only for its authority; another
 * facility's rows and other days never counted.
 */
const PATH = '/api/his/v1/dashboard';
let t: TestApp;
const tok: Record<string, string> = {};
let facilityId: number;
let otherFacility: number;
const room: Record<'A' | 'B' | 'C' | 'D', ClinicFixture> = {} as never;
let deskId: number;
const today = todayVn();

const get = (token: string | null) => t.app.inject({ method: 'GET', url: PATH, headers: token ? bearer(token) : {} });
const data = async (key: string) => {
  const res = await get(tok[key]!);
  expect(res.statusCode, res.body).toBe(200);
  return dashboardData.parse(res.json().data);
};

/** Bookings of a clinic's room on `date`, one per state given (queue number and the call of the moment when set). */
async function book(
  ex: Executor,
  facility: number,
  c: ClinicFixture,
  date: string,
  list: { status: string; queue?: number; calling?: boolean }[],
): Promise<void> {
  const [slot] = await makeSlots(ex, facility, c, date, { start: '07:00', end: '07:30', capacity: 50 });
  const profiles = await makeProfiles(ex, facility, list.length);
  for (const [i, b] of list.entries()) {
    const code = `DK${Math.floor(Math.random() * 1e12)}`;
    await ex.execute(sql`INSERT INTO bookings (facility_id, code, medical_profile_id, time_slot_id, schedule_id, doctor_id, room_id, department_id, date,
        start_time, end_time, status, fhir_status, source, queue_number, calling)
      VALUES (${facility}, ${code}, ${profiles[i]!}, ${slot!.id}, ${slot!.scheduleId}, ${c.doctorId}, ${c.roomId}, ${c.departmentId}, ${date},
        '07:00', '07:30', ${b.status}, 'x', 'COUNTER', ${b.queue ?? null}, ${b.calling ?? false})`);
  }
}

async function auditRow(facility: number | null, action: string, at: string) {
  await t.database.db.execute(
    sql`INSERT INTO audit_log (facility_id, action, entity, created_at, after) VALUES (${facility}, ${action}, 'account', ${at}::timestamptz, '{"login":"ai_do"}'::jsonb)`,
  );
}

async function deadJob(facility: number | null, state = 'dead') {
  const { id } = await t.database.transaction((tx) => enqueue(tx, { name: 'test.dashboard', facilityId: facility, runAt: new Date(Date.now() + 86_400_000) }));
  await t.database.db.execute(sql`UPDATE background_jobs SET state = ${state} WHERE id = ${id}`);
}

beforeAll(async () => {
  t = await createTestApp();
  const f = await makeFacility(t, [
    { key: 'desk', authorities: ['MANAGER_APPOINTMENT'] },
    { key: 'log', authorities: ['MANAGER_LOG'] },
    { key: 'admin', authorities: ['ADMIN_FACILITY'] },
    { key: 'catalog', authorities: ['MANAGER_CATALOG'] },
    { key: 'report', authorities: ['MANAGER_REPORT'] },
  ]);
  const g = await makeFacility(t, [{ key: 'admin', authorities: ['ADMIN_FACILITY'] }]);
  facilityId = f.facilityId;
  otherFacility = g.facilityId;
  deskId = f.accounts.desk!.id;
  for (const k of ['desk', 'log', 'admin', 'catalog', 'report']) tok[k] = (await login(t, f.accounts[k]!)).loginToken;
  tok.foreign = (await login(t, g.accounts.admin!)).loginToken;

  await t.database.transaction(async (tx) => {
    for (const k of ['A', 'B', 'C', 'D'] as const) room[k] = await makeClinic(tx, facilityId, `Phòng ${k}`);
    await book(tx, facilityId, room.A, today, [
      { status: 'PENDING' },
      { status: 'PENDING' },
      { status: 'ACCEPTED' },
      { status: 'CHECKED_IN', queue: 3 },
      { status: 'CHECKED_IN', queue: 6 },
      { status: 'CHECKED_IN', queue: 7 },
      { status: 'CALLED', queue: 4 },
      { status: 'CALLED', queue: 5, calling: true },
      { status: 'DONE', queue: 1 },
      { status: 'CANCELLED' },
    ]);
    await book(tx, facilityId, room.B, today, [{ status: 'CHECKED_IN', queue: 1 }, { status: 'REJECTED' }, { status: 'NO_SHOW' }]);
    // room C: the desk's own room, nobody in its queue today (a finished visit only)
    await book(tx, facilityId, room.C, today, [{ status: 'DONE', queue: 1 }]);
    // not today, or not this facility: never counted
    await book(tx, facilityId, room.D, addDays(today, -1), [{ status: 'CHECKED_IN', queue: 1 }]);
    await book(tx, facilityId, room.D, addDays(today, 1), [{ status: 'PENDING' }]);
    const foreign = await makeClinic(tx, otherFacility, 'Ngoài');
    await book(tx, otherFacility, foreign, today, [
      { status: 'CHECKED_IN', queue: 1 },
      { status: 'CALLED', queue: 2, calling: true },
    ]);
    await tx.execute(sql`INSERT INTO account_rooms (account_id, room_id) VALUES (${deskId}, ${room.A.roomId}), (${deskId}, ${room.C.roomId})`);
  });

  // failed sign-ins: today from 00:00 +07:00, the last minute of yesterday, another facility, a good sign-in
  await auditRow(facilityId, 'LOGIN_FAILED', `${today}T00:00:30+07:00`);
  await auditRow(facilityId, 'LOGIN_REFUSED_LOCKED', `${today}T00:01:00+07:00`);
  await auditRow(facilityId, 'LOGIN_THROTTLED', `${today}T00:02:00+07:00`);
  await auditRow(facilityId, 'LOGIN_THROTTLED', `${today}T00:03:00+07:00`);
  await auditRow(facilityId, 'LOGIN_FAILED', `${addDays(today, -1)}T23:59:30+07:00`);
  await auditRow(otherFacility, 'LOGIN_FAILED', `${today}T00:00:30+07:00`);
  await auditRow(null, 'LOGIN_FAILED', `${today}T00:00:30+07:00`);
  // a real wrong password of the facility's account (auth.service writes LOGIN_FAILED)
  expect((await loginRequest(t, f.accounts.catalog!.username, 'Sai@12345')).statusCode).toBe(401);

  await deadJob(facilityId);
  await deadJob(facilityId, 'done');
  await deadJob(otherFacility);
  await deadJob(null);
});
afterAll(() => t.close());

const queueOf = <R extends { id: number }>(rooms: R[], c: ClinicFixture) => rooms.find((r) => r.id === c.roomId);

describe('GET /api/his/v1/dashboard', () => {
  it('MANAGER_APPOINTMENT: today’s bookings by state and each room’s queue, only the appointments section', async () => {
    const d = await data('desk');
    expect(d.date).toBe(today);
    expect(d.logs).toBeUndefined();
    expect(d.appointments!.counts).toEqual({ PENDING: 2, ACCEPTED: 1, REJECTED: 1, CHECKED_IN: 4, CALLED: 2, DONE: 2, NO_SHOW: 1, CANCELLED: 1 });
    expect(d.appointments!.onlyOwnRooms).toBe(false);
    const rooms = d.appointments!.rooms;
    // the rooms with a queue, and the desk's own (C, empty); not D (yesterday's queue only)
    expect(rooms.map((r) => r.id).sort()).toEqual([room.A.roomId, room.B.roomId, room.C.roomId].sort());
    expect(queueOf(rooms, room.A)).toMatchObject({ waiting: 3, called: 2, callingNumber: 5, mine: true });
    expect(queueOf(rooms, room.B)).toMatchObject({ waiting: 1, called: 0, callingNumber: null, mine: false });
    expect(queueOf(rooms, room.C)).toMatchObject({ waiting: 0, called: 0, callingNumber: null, mine: true });
    expect(queueOf(rooms, room.A)!.name).toBe(`Phòng khám Phòng A ${queueOf(rooms, room.A)!.code.slice(1)}`);
    expect(rooms.map((r) => r.code)).toEqual([...rooms.map((r) => r.code)].sort());
  });

  it('MANAGER_LOG: today’s failed sign-ins of the facility by action and its dead jobs, only the logs section', async () => {
    const d = await data('log');
    expect(d.appointments).toBeUndefined();
    expect(d.logs).toEqual({ failedSignIns: { LOGIN_FAILED: 2, LOGIN_REFUSED_LOCKED: 1, LOGIN_THROTTLED: 2 }, deadJobs: 1 });
  });

  it('ADMIN_FACILITY: every section (and the system’s dead jobs, as on the jobs tab)', async () => {
    const d = await data('admin');
    expect(Object.keys(d).sort()).toEqual(['appointments', 'date', 'logs', 'report']);
    expect(d.appointments!.counts.CHECKED_IN).toBe(4);
    // the admin has no room: the rooms with a queue only
    expect(d.appointments!.rooms.map((r) => r.id).sort()).toEqual([room.A.roomId, room.B.roomId].sort());
    expect(d.logs!.deadJobs).toBe(2);
  });

  it('MANAGER_REPORT: the quick statistic of today’s visits (the report’s own totals), only the report section', async () => {
    const d = await data('report');
    expect(Object.keys(d).sort()).toEqual(['date', 'report']);
    // rooms A, B, C today (14); D's are of other days; states now, disjoint; checked in = CHECKED_IN + CALLED
    expect(d.report!.totals).toEqual({
      total: 14,
      pending: 2,
      accepted: 1,
      rejected: 1,
      cancelled: 1,
      checkedIn: 6,
      done: 2,
      noShow: 1,
      online: 0,
      newPatients: 14,
    });
    // the same figures as the report screen's quick statistic of today
    const report = await t.app.inject({ method: 'GET', url: `/api/his/v1/report/quick-statistic?from=${today}&to=${today}`, headers: bearer(tok.report!) });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data.totals).toEqual(d.report!.totals);
    const foreign = await data('foreign');
    expect(foreign.report!.totals).toMatchObject({ total: 2, checkedIn: 2 });
  });

  it('an account without a dashboard authority gets the day and no section', async () => {
    expect(await data('catalog')).toEqual({ date: today });
  });

  it('another facility sees only its own figures', async () => {
    const d = await data('foreign');
    expect(d.appointments!.counts).toMatchObject({ CHECKED_IN: 1, CALLED: 1, PENDING: 0, DONE: 0 });
    expect(d.appointments!.rooms).toHaveLength(1);
    expect(d.appointments!.rooms[0]).toMatchObject({ waiting: 1, called: 1, callingNumber: 2, mine: false });
    expect(d.logs!.failedSignIns).toEqual({ LOGIN_FAILED: 1, LOGIN_REFUSED_LOCKED: 0, LOGIN_THROTTLED: 0 });
    expect(d.logs!.deadJobs).toBe(2); // its own and the system's
  });

  it('a facility keeping accounts to their rooms: the desk’s figures are its rooms’', async () => {
    await t.database.db.execute(sql`UPDATE facilities SET restrict_to_account_rooms = true WHERE id = ${facilityId}`);
    try {
      const d = await data('desk');
      expect(d.appointments!.onlyOwnRooms).toBe(true);
      expect(d.appointments!.counts).toEqual({ PENDING: 2, ACCEPTED: 1, REJECTED: 0, CHECKED_IN: 3, CALLED: 2, DONE: 2, NO_SHOW: 0, CANCELLED: 1 });
      expect(d.appointments!.rooms.map((r) => r.id).sort()).toEqual([room.A.roomId, room.C.roomId].sort());
      // an account of the facility without rooms still sees all of them
      expect((await data('admin')).appointments!.counts.CHECKED_IN).toBe(4);
    } finally {
      await t.database.db.execute(sql`UPDATE facilities SET restrict_to_account_rooms = false WHERE id = ${facilityId}`);
    }
  });

  it('a new failed sign-in counts at once', async () => {
    const before = (await data('log')).logs!.failedSignIns.LOGIN_FAILED;
    expect((await loginRequest(t, `khong_ton_tai_${facilityId}`, 'Sai@12345')).statusCode).toBe(401); // unknown account: no facility, not counted
    const [desk] = await sqlRows<{ username: string }>(t, sql`SELECT username FROM accounts WHERE id = ${deskId}`);
    expect((await loginRequest(t, desk!.username, 'Sai@12345')).statusCode).toBe(401);
    expect((await data('log')).logs!.failedSignIns.LOGIN_FAILED).toBe(before + 1);
  });

  it('401 without a token', async () => {
    const res = await get(null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401 });
  });
});
