import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CLINIC_PATH, DRUG_MESSAGES, DRUG_REMINDERS_PATH as P } from '@portal/shared/contracts/clinic-drugs.contract';
import { APP_PATH } from '@portal/shared/contracts/patient-app.contract';
import { DOSE_SCHEDULE_MESSAGES } from '@portal/shared/rules/dose-schedule';
import { addDays } from '@portal/shared/rules/period';
import { todayVn, vnWallClockToMs } from '@portal/shared/rules/time';
import type { AppContext } from '../../core/context';
import { recurringJobs } from '../../core/jobs/registry';
import { hashCost } from '../../core/password-cost';
import { md5 } from '../../core/tokens';
import { patientHistories, prescriptions } from '../../db/schema';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { hashPassword } from '../auth/passwords';
import { insertClinicMember, remindersOf } from './clinic-drugs.fixtures';
import { DOSE_SWEEP_CRON, DOSE_SWEEP_JOB, sweepDoses, sweepFacility } from './clinic-drugs.jobs';

/**
 * Medicine reminders through the API (issue 20): medicines CRUD with its 400/404 and audit, the member's page and the
 * list's adherence, the app's doses and the confirmation (own dose only; twice = idempotent; a missed dose = 409), the
 * sweep (once per dose, run twice or at once; a late dose missed), 401/403/404 and facility isolation.
 */
let t: TestApp;
const PASSWORD = 'BenhNhan@2025';
const ctx = () => ({ config: t.config, database: t.database }) as unknown as AppContext;

interface Fac {
  id: number;
  code: string;
  shp: string;
  other: string;
}
let a: Fac;
let b: Fac;
let passwordHash: string;

async function facility(): Promise<Fac> {
  const f = await makeFacility(t, [
    { key: 'shp', authorities: ['MANAGER_SHP'] },
    { key: 'other', authorities: ['MANAGER_APPOINTMENT'] },
  ]);
  const [row] = await sqlRows<{ code: string }>(t, sql`SELECT code FROM facilities WHERE id = ${f.facilityId}`);
  return { id: f.facilityId, code: row!.code, shp: (await login(t, f.accounts.shp!)).loginToken, other: (await login(t, f.accounts.other!)).loginToken };
}

async function member(f: Fac, o: Parameters<typeof insertClinicMember>[2] = {}) {
  const m = await t.database.transaction((tx) => insertClinicMember(tx, f.id, { passwordHash, ...o }));
  const res = await t.app.inject({
    method: 'PUT',
    url: `${APP_PATH}/user/login`,
    payload: { facilityCode: f.code, emailOrPhone: m.phone, password: md5(PASSWORD) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...m, token: res.json().data.loginToken as string };
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload !== undefined ? { payload: payload as never } : {}) });

const medicine = (over: Record<string, unknown> = {}) => ({
  name: 'Amlodipin 5 mg',
  dose: '1 viên',
  times: ['19:00', '07:00'],
  startDate: addDays(todayVn(), -3),
  endDate: null,
  instructions: 'Uống sau ăn',
  ...over,
});

const auditCount = async (facilityId: number, entity: string) =>
  (await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM audit_log WHERE facility_id = ${facilityId} AND entity = ${entity}`))[0]!.n;
const doseRows = (userId: number) =>
  sqlRows<{ id: number; status: string; due_at: string; reminded_at: string | null }>(
    t,
    sql`SELECT id::int AS id, status, due_at::text, reminded_at::text FROM clinic_doses WHERE user_id = ${userId} ORDER BY due_at`,
  );

beforeAll(async () => {
  t = await createTestApp();
  passwordHash = await hashPassword(md5(PASSWORD), hashCost({ config: t.config }));
  a = await facility();
  b = await facility();
});
afterAll(() => t.close());

describe('medicines of a member (MANAGER_SHP)', () => {
  it('adds, changes and removes a medicine, each with its audit row; times come back sorted', async () => {
    const m = await member(a);
    const before = await auditCount(a.id, 'clinic_medicine');
    const created = await call('POST', `${P}/users/${m.userId}/medicines`, a.shp, medicine());
    expect(created.statusCode, created.body).toBe(200);
    const med = created.json().data;
    expect(med).toMatchObject({ name: 'Amlodipin 5 mg', times: ['07:00', '19:00'], everyDays: 1, source: 'STAFF', current: true });
    const updated = await call('PUT', `${P}/users/${m.userId}/medicines/${med.id}`, a.shp, medicine({ times: ['08:00'], everyDays: 2 }));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ times: ['08:00'], everyDays: 2 });
    const detail = await call('GET', `${P}/users/${m.userId}`, a.shp);
    expect(detail.json().data.medicines.map((x: { id: number }) => x.id)).toEqual([med.id]);
    const removed = await call('DELETE', `${P}/users/${m.userId}/medicines/${med.id}`, a.shp);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('GET', `${P}/users/${m.userId}`, a.shp)).json().data.medicines).toEqual([]);
    expect(await auditCount(a.id, 'clinic_medicine')).toBe(before + 3);
    // removing twice: it is gone
    expect((await call('DELETE', `${P}/users/${m.userId}/medicines/${med.id}`, a.shp)).statusCode).toBe(404);
  });

  it.each([
    [{ times: ['24:00'] }, 'times.0', DOSE_SCHEDULE_MESSAGES.time],
    [{ times: ['7:5'] }, 'times.0', DOSE_SCHEDULE_MESSAGES.time],
    [{ times: [] }, 'times', DOSE_SCHEDULE_MESSAGES.timesRequired],
    [{ times: ['07:00', '07:00'] }, 'times', DOSE_SCHEDULE_MESSAGES.timesRepeat],
    [{ endDate: '2020-01-01', startDate: '2020-01-02' }, 'endDate', DOSE_SCHEDULE_MESSAGES.endBeforeStart],
    [{ everyDays: 0 }, 'everyDays', DOSE_SCHEDULE_MESSAGES.everyDays],
    [{ name: '' }, 'name', 'Vui lòng nhập tên thuốc'],
    [{ startDate: '2026-02-30' }, 'startDate', 'Ngày bắt đầu không hợp lệ: không có ngày 30/02/2026 trong lịch'],
  ])('refuses %o with a Vietnamese 400 on %s, writing nothing', async (change, field, message) => {
    const m = await member(a);
    const before = await auditCount(a.id, 'clinic_medicine');
    const res = await call('POST', `${P}/users/${m.userId}/medicines`, a.shp, medicine(change));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    const [n] = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM clinic_medicines WHERE user_id = ${m.userId}`);
    expect(n!.n).toBe(0);
    expect(await auditCount(a.id, 'clinic_medicine')).toBe(before);
  });

  it('copies a line of the member’s own prescriptions, and refuses another patient’s line (404, nothing written)', async () => {
    const m = await member(a);
    const other = await member(a);
    const line = async (userId: number, profileId: number) => {
      const [h] = await t.database.db
        .insert(patientHistories)
        .values({
          facilityId: a.id,
          userId,
          profileId,
          visitedAt: new Date('2026-11-01T02:00:00Z'),
          departmentName: 'Khoa Nội tim mạch',
          doctorName: 'BS. Lê Minh',
        })
        .returning({ id: patientHistories.id });
      const [p] = await t.database.db
        .insert(prescriptions)
        .values({ historyId: h!.id, drugName: 'Metformin', dose: '500 mg', quantity: 60, unit: 'viên', usage: 'Uống 1 viên/lần, 2 lần/ngày sau ăn', days: 30 })
        .returning({ id: prescriptions.id });
      return p!.id;
    };
    const mine = await line(m.userId, m.profileId);
    const theirs = await line(other.userId, other.profileId);
    const list = await call('GET', `${P}/users/${m.userId}/prescriptions`, a.shp);
    expect(list.json().data).toEqual([expect.objectContaining({ id: mine, drugName: 'Metformin', usage: 'Uống 1 viên/lần, 2 lần/ngày sau ăn', days: 30 })]);
    const ok = await call('POST', `${P}/users/${m.userId}/medicines`, a.shp, medicine({ name: 'Metformin 500 mg', prescriptionId: mine }));
    expect(ok.json().data).toMatchObject({ source: 'PRESCRIPTION', prescriptionId: mine });
    const refused = await call('POST', `${P}/users/${m.userId}/medicines`, a.shp, medicine({ prescriptionId: theirs }));
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(DRUG_MESSAGES.prescriptionNotFound);
    const [n] = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM clinic_medicines WHERE user_id = ${m.userId}`);
    expect(n!.n).toBe(1);
  });

  it('401 without a token, 403 without MANAGER_SHP, 404 for a member of another facility or none', async () => {
    const m = await member(a);
    expect((await call('GET', P, null)).statusCode).toBe(401);
    expect((await call('GET', P, a.other)).statusCode).toBe(403);
    expect((await call('POST', `${P}/users/${m.userId}/medicines`, a.other, medicine())).statusCode).toBe(403);
    for (const [method, path, body] of [
      ['GET', `${P}/users/${m.userId}`, undefined],
      ['GET', `${P}/users/${m.userId}/prescriptions`, undefined],
      ['POST', `${P}/users/${m.userId}/medicines`, medicine()],
      ['PUT', `${P}/users/${m.userId}/medicines/1`, medicine()],
      ['DELETE', `${P}/users/${m.userId}/medicines/1`, undefined],
    ] as const) {
      const res = await call(method, path, b.shp, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json().message).toBe(DRUG_MESSAGES.memberNotFound);
    }
    expect((await call('GET', `${P}/users/999999999`, a.shp)).statusCode).toBe(404);
    expect((await call('GET', `${P}/users/abc`, a.shp)).statusCode).toBe(400);
    // another facility's medicine id under one's own member
    const theirs = await member(b);
    const med = (await call('POST', `${P}/users/${theirs.userId}/medicines`, b.shp, medicine())).json().data;
    expect((await call('PUT', `${P}/users/${m.userId}/medicines/${med.id}`, a.shp, medicine())).statusCode).toBe(404);
    // the list shows only one's own members
    const list = await call('GET', `${P}?size=100`, b.shp);
    expect(list.json().data.map((r: { userId: number }) => r.userId)).not.toContain(m.userId);
  });

  it('refuses a reversed or too long period', async () => {
    expect((await call('GET', `${P}?from=2026-11-10&to=2026-11-01`, a.shp)).json().errors).toContainEqual({ field: 'to', message: DRUG_MESSAGES.periodOrder });
    expect((await call('GET', `${P}/statistics?from=2024-01-01&to=2026-01-01`, a.shp)).statusCode).toBe(400);
  });
});

describe('the reminder sweep', () => {
  const at = (s: string) => new Date(s);

  it('is a recurring job every minute', () => {
    expect(recurringJobs()).toContainEqual(expect.objectContaining({ name: DOSE_SWEEP_JOB, cron: DOSE_SWEEP_CRON }));
  });

  it('reminds each dose once at its time, even when run twice or at once; a dose past the delay becomes missed', async () => {
    const f = await facility();
    // entered at 06:00 +07:00 on the 27th, taken 07:00 and 19:00 from that day
    const m = await member(f, { name: 'Trần Văn Bình' });
    await t.database.db.execute(sql`INSERT INTO clinic_medicines (facility_id, user_id, name, dose, times, start_date, created_at)
      VALUES (${f.id}, ${m.userId}, 'Amlodipin 5 mg', '1 viên', ARRAY['07:00','19:00'], '2026-11-27', '2026-11-26T23:00:00Z')`);
    // 06:59:30 +07:00: nothing due yet
    expect(await sweepFacility(ctx(), f.id, at('2026-11-26T23:59:30Z'))).toEqual({ doses: 0, reminded: 0, missed: 0 });
    // 07:00:10: the 07:00 dose, with its reminder; run again, and twice at once: nothing more
    expect(await sweepFacility(ctx(), f.id, at('2026-11-27T00:00:10Z'))).toEqual({ doses: 1, reminded: 1, missed: 0 });
    expect(await sweepFacility(ctx(), f.id, at('2026-11-27T00:00:10Z'))).toEqual({ doses: 0, reminded: 0, missed: 0 });
    const both = await Promise.all([sweepFacility(ctx(), f.id, at('2026-11-27T00:00:40Z')), sweepFacility(ctx(), f.id, at('2026-11-27T00:00:40Z'))]);
    expect(both.reduce((n, r) => n + r.doses + r.reminded, 0)).toBe(0);
    // a sweep whose watermark was lost (restored row) still writes and reminds nothing twice
    await t.database.db.execute(sql`DELETE FROM clinic_dose_sweeps WHERE facility_id = ${f.id}`);
    const again = await Promise.all([sweepFacility(ctx(), f.id, at('2026-11-27T00:01:00Z')), sweepFacility(ctx(), f.id, at('2026-11-27T00:01:00Z'))]);
    expect(again.reduce((n, r) => n + r.doses + r.reminded, 0)).toBe(0);
    const reminders = await remindersOf(t.database.db, m.userId);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.body).toBe('Đến giờ uống thuốc (07:00): Amlodipin 5 mg, 1 viên. Trần Văn Bình vui lòng xác nhận đã uống trên ứng dụng.');
    const [dose] = await doseRows(m.userId);
    expect(reminders[0]).toMatchObject({ eventRef: `dose:${dose!.id}`, link: `/phong-kham/lieu-thuoc/${dose!.id}` });
    // 09:00:10 (120 minutes later): the 07:00 dose, never confirmed, is missed
    expect(await sweepFacility(ctx(), f.id, at('2026-11-27T02:00:10Z'))).toEqual({ doses: 0, reminded: 0, missed: 1 });
    expect((await doseRows(m.userId)).map((d) => d.status)).toEqual(['MISSED']);
  });

  it('after a stop, writes the doses it slept through as missed without late reminders, and reminds the current one', async () => {
    const f = await facility();
    const m = await member(f);
    await t.database.db.execute(sql`INSERT INTO clinic_medicines (facility_id, user_id, name, dose, times, start_date, created_at)
      VALUES (${f.id}, ${m.userId}, 'Metformin 500 mg', '1 viên', ARRAY['07:00','12:00','19:00'], '2026-11-20', '2026-11-20T00:00:00Z')`);
    await t.database.db.execute(sql`INSERT INTO clinic_dose_sweeps (facility_id, swept_through) VALUES (${f.id}, '2026-11-26T00:00:00Z')`);
    // down from 07:00 on the 26th to 19:00:05 on the 27th: 12:00 and 19:00 of the 26th, 07:00 and 12:00 of the 27th missed; 19:00 reminded
    const r = await sweepFacility(ctx(), f.id, at('2026-11-27T12:00:05Z'));
    expect(r).toEqual({ doses: 5, reminded: 1, missed: 4 });
    expect((await doseRows(m.userId)).map((d) => d.status)).toEqual(['MISSED', 'MISSED', 'MISSED', 'MISSED', 'PENDING']);
    expect(await remindersOf(t.database.db, m.userId)).toHaveLength(1);
  });

  it('skips a removed medicine, an inactive member, a dose before the medicine was entered and an off day', async () => {
    const f = await facility();
    const inactive = await member(f, { active: false });
    const m = await member(f);
    await t.database.db.execute(sql`INSERT INTO clinic_medicines (facility_id, user_id, name, dose, times, start_date, created_at, removed_at)
      VALUES (${f.id}, ${m.userId}, 'Đã xoá', '1 viên', ARRAY['07:00'], '2026-11-01', '2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z'),
             (${f.id}, ${m.userId}, 'Nhập lúc 07:30', '1 viên', ARRAY['07:00'], '2026-11-27', '2026-11-27T00:30:00Z', NULL),
             (${f.id}, ${m.userId}, 'Cách ngày', '1 viên', ARRAY['07:00'], '2026-11-26', '2026-11-01T00:00:00Z', NULL)`);
    await t.database.db.execute(sql`UPDATE clinic_medicines SET every_days = 2 WHERE user_id = ${m.userId} AND name = 'Cách ngày'`);
    await t.database.db.execute(sql`INSERT INTO clinic_medicines (facility_id, user_id, name, dose, times, start_date, created_at)
      VALUES (${f.id}, ${inactive.userId}, 'Không hoạt động', '1 viên', ARRAY['07:00'], '2026-11-01', '2026-11-01T00:00:00Z')`);
    await t.database.db.execute(sql`INSERT INTO clinic_dose_sweeps (facility_id, swept_through) VALUES (${f.id}, '2026-11-26T23:50:00Z')`);
    expect(await sweepFacility(ctx(), f.id, at('2026-11-27T00:40:00Z'))).toEqual({ doses: 0, reminded: 0, missed: 0 });
  });

  it('sweepDoses covers every facility with medicines', async () => {
    const f = await facility();
    const m = await member(f, { medicine: { name: 'Losartan 50 mg', dose: '1 viên', time: '00:00', enteredMinutesAgo: 0 } });
    await t.database.db.execute(sql`UPDATE clinic_medicines SET created_at = '2026-01-01T00:00:00Z', start_date = '2026-01-01' WHERE user_id = ${m.userId}`);
    await t.database.db.execute(sql`INSERT INTO clinic_dose_sweeps (facility_id, swept_through) VALUES (${f.id}, '2026-11-27T16:59:00Z')`);
    const r = await sweepDoses(ctx(), at('2026-11-27T17:00:00Z'));
    expect(r.doses).toBeGreaterThanOrEqual(1);
    expect((await doseRows(m.userId)).map((d) => d.due_at)).toEqual([expect.stringMatching(/^2026-11-27 17:00:00/)]);
  });

  it('a facility whose sweep fails does not hold up the others: they are swept, then the run fails naming it', async () => {
    const broken = await facility();
    await member(broken, { medicine: { name: 'Metformin 500 mg', dose: '1 viên', time: '00:00', enteredMinutesAgo: 0 } });
    const f = await facility();
    const m = await member(f, { medicine: { name: 'Amlodipin 5 mg', dose: '1 viên', time: '00:00', enteredMinutesAgo: 0 } });
    await t.database.db.execute(sql`UPDATE clinic_medicines SET created_at = '2026-01-01T00:00:00Z', start_date = '2026-01-01' WHERE user_id = ${m.userId}`);
    await t.database.db.execute(sql`INSERT INTO clinic_dose_sweeps (facility_id, swept_through) VALUES (${f.id}, '2026-11-28T16:59:00Z')`);
    const failing: typeof sweepFacility = async (c, id, now) => {
      if (id === broken.id) throw new Error('mất kết nối');
      return sweepFacility(c, id, now);
    };
    await expect(sweepDoses(ctx(), at('2026-11-28T17:00:00Z'), failing)).rejects.toThrow(`chưa quét được cơ sở ${broken.id} (mất kết nối)`);
    expect((await doseRows(m.userId)).map((d) => d.due_at)).toContainEqual(expect.stringMatching(/^2026-11-28 17:00:00/));
  });
});

describe('the member in the app and the adherence on the screen', () => {
  it('lists one’s medicines and doses, confirms one’s own dose (twice: idempotent), and the adherence moves', async () => {
    const m = await member(a, { name: 'Phạm Thị Lan', program: 'DIABETES' });
    const stranger = await member(a);
    const med = (await call('POST', `${P}/users/${m.userId}/medicines`, a.shp, medicine({ times: ['06:00'], startDate: addDays(todayVn(), -2) }))).json().data;
    // three doses written as the sweep would: yesterday missed, two earlier taken… and one pending now
    await t.database.db.execute(sql`INSERT INTO clinic_doses (facility_id, medicine_id, user_id, due_at, status, reminded_at, confirmed_at, missed_at) VALUES
      (${a.id}, ${med.id}, ${m.userId}, now() - interval '50 hours', 'TAKEN', now() - interval '50 hours', now() - interval '49 hours', NULL),
      (${a.id}, ${med.id}, ${m.userId}, now() - interval '26 hours', 'MISSED', now() - interval '26 hours', NULL, now() - interval '24 hours'),
      (${a.id}, ${med.id}, ${m.userId}, now() - interval '2 minutes', 'PENDING', now() - interval '2 minutes', NULL, NULL)`);
    const medicines = await call('GET', `${APP_CLINIC_PATH}/medicines`, m.token);
    expect(medicines.json().data.map((x: { name: string }) => x.name)).toEqual(['Amlodipin 5 mg']);
    const doses = (await call('GET', `${APP_CLINIC_PATH}/doses`, m.token)).json().data as { id: number; status: string }[];
    expect(doses.map((d) => d.status)).toEqual(['PENDING', 'MISSED', 'TAKEN']);
    const adherence = async () => {
      const list = await call('GET', `${P}?q=${encodeURIComponent('phạm THI lan')}&program=DIABETES`, a.shp);
      expect(list.statusCode, list.body).toBe(200);
      return list.json().data.find((r: { userId: number }) => r.userId === m.userId);
    };
    expect(await adherence()).toMatchObject({ taken: 1, missed: 1, pending: 1, adherence: 50, below: true, medicines: 1 });
    // another member cannot confirm it; nor can a coordinator's token
    expect((await call('POST', `${APP_CLINIC_PATH}/doses/${doses[0]!.id}/confirmation`, stranger.token)).statusCode).toBe(404);
    expect((await call('POST', `${APP_CLINIC_PATH}/doses/${doses[0]!.id}/confirmation`, a.shp)).statusCode).toBe(401);
    const first = await call('POST', `${APP_CLINIC_PATH}/doses/${doses[0]!.id}/confirmation`, m.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'TAKEN', medicineName: 'Amlodipin 5 mg' });
    const second = await call('POST', `${APP_CLINIC_PATH}/doses/${doses[0]!.id}/confirmation`, m.token);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.confirmedAt).toBe(first.json().data.confirmedAt);
    const [audits] = await sqlRows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'clinic_dose' AND entity_id = ${String(doses[0]!.id)}`,
    );
    expect(audits!.n).toBe(1);
    // the missed one: 409
    const late = await call('POST', `${APP_CLINIC_PATH}/doses/${doses[1]!.id}/confirmation`, m.token);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(DRUG_MESSAGES.doseMissed);
    expect(await adherence()).toMatchObject({ taken: 2, missed: 1, pending: 0, adherence: 66.7, below: true });
    // the member's page: the calendar's days and the total
    const detail = (await call('GET', `${P}/users/${m.userId}`, a.shp)).json().data;
    expect(detail.total).toEqual({ taken: 2, missed: 1, pending: 0, adherence: 66.7 });
    expect(detail.threshold).toBe(80);
    expect(detail.days).toHaveLength(30);
    expect(detail.days.reduce((n: number, d: { taken: number }) => n + d.taken, 0)).toBe(2);
    expect(detail.doses).toHaveLength(3);
    // below-threshold filter and statistics
    const below = (await call('GET', `${P}?below=true&size=100`, a.shp)).json().data as { userId: number; below: boolean }[];
    expect(below.map((r) => r.userId)).toContain(m.userId);
    expect(below.every((r) => r.below)).toBe(true);
    const stats = (await call('GET', `${P}/statistics?program=DIABETES`, a.shp)).json().data;
    expect(stats.byProgram).toHaveLength(1);
    expect(stats.byProgram[0]).toMatchObject({ program: 'DIABETES', label: 'Đái tháo đường', taken: 2, missed: 1, adherence: 66.7, below: 1 });
    expect(stats.byDay).toHaveLength(30);
  });

  it('a patient who is not a member: 404; another facility’s dose: 404; no token: 401', async () => {
    const m = await member(a);
    await t.database.db.execute(sql`DELETE FROM clinic_members WHERE user_id = ${m.userId}`);
    const res = await call('GET', `${APP_CLINIC_PATH}/medicines`, m.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(DRUG_MESSAGES.notMember);
    expect((await call('GET', `${APP_CLINIC_PATH}/doses`, null)).statusCode).toBe(401);
    const other = await member(b);
    const med = (await call('POST', `${P}/users/${other.userId}/medicines`, b.shp, medicine())).json().data;
    const [d] = await sqlRows<{ id: number }>(
      t,
      sql`INSERT INTO clinic_doses (facility_id, medicine_id, user_id, due_at, reminded_at) VALUES (${b.id}, ${med.id}, ${other.userId}, now(), now()) RETURNING id::int AS id`,
    );
    const mine = await member(a);
    expect((await call('POST', `${APP_CLINIC_PATH}/doses/${d!.id}/confirmation`, mine.token)).statusCode).toBe(404);
    expect((await call('POST', `${APP_CLINIC_PATH}/doses/x/confirmation`, mine.token)).statusCode).toBe(400);
  });
});

describe('the demo data', () => {
  it('gives each member a month of confirmed and missed doses, and the sweep resumes from it without repeating', async () => {
    const { seedDemoClinicDrugs } = await import('../../db/seed/demo-clinic-drugs');
    const f = await facility();
    const members = [];
    for (const program of ['DIABETES', 'HYPERTENSION', 'PREGNANCY', 'ELDERLY'] as const) members.push(await member(f, { program }));
    // today 10:00 in Vietnam, and 12:00:30 the same day (the demo's month ends on the day it is seeded)
    const today = todayVn();
    const [y, mo, d] = today.split('-').map(Number) as [number, number, number];
    const now = new Date(vnWallClockToMs(y, mo, d, 10, 0));
    const n = await t.database.transaction((tx) => seedDemoClinicDrugs(tx, f.id, now));
    expect(n).toBeGreaterThan(4 * 30);
    const per = await sqlRows<{ user_id: number; taken: number; missed: number; days: number }>(
      t,
      sql`SELECT user_id, count(*) FILTER (WHERE status = 'TAKEN')::int AS taken, count(*) FILTER (WHERE status = 'MISSED')::int AS missed,
                 count(DISTINCT (due_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date)::int AS days
          FROM clinic_doses WHERE facility_id = ${f.id} GROUP BY user_id ORDER BY user_id`,
    );
    expect(per).toHaveLength(4);
    for (const p of per) {
      expect(p.days).toBe(30);
      expect(p.taken).toBeGreaterThan(0);
    }
    expect(per.reduce((s, p) => s + p.missed, 0)).toBeGreaterThan(0);
    const list = (await call('GET', `${P}?from=${addDays(today, -29)}&to=${today}&below=true`, a.shp)).json();
    expect(list.data.map((r: { userId: number }) => r.userId)).not.toContain(members[1]!.userId); // a's coordinators see none of f's members
    expect(await sweepFacility(ctx(), f.id, now)).toEqual({ doses: 0, reminded: 0, missed: 0 });
    const later = await sweepFacility(ctx(), f.id, new Date(vnWallClockToMs(y, mo, d, 12, 0, 30))); // 12:00:30 +07:00
    expect(later.reminded).toBe(1); // the pregnancy programme's calcium at 12:00
    expect(members).toHaveLength(4);
  });
});
