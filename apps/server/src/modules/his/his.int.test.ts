import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIS_CONNECTION_PATH as C, HIS_MESSAGES, HIS_PATIENTS_PATH, HIS_PULL_PATH, HIS_SYNC_PATH as S } from '@portal/shared/contracts/his.contract';
import { FHIR_SYSTEMS } from '@portal/shared/rules/fhir-systems';
import { addDays } from '@portal/shared/rules/schedule';
import { todayVn } from '@portal/shared/rules/time';
import type { AppContext } from '../../core/context';
import { type JobRunner, startJobRunner } from '../../core/jobs/runner';
import { openLiveHub } from '../../core/live';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { makeClinic, makeProfiles, makeSlots, moveSchedules } from '../appointments/appointments.fixtures';
import { type HisSimulator, startHisSimulator } from './simulator';

/**
 * The HIS connection through the API against the simulator (issue 21): the connection and its test, a full catalogue
 * sync (a second changes nothing; a price change reaches the public price list), the simulator failing in each way,
 * the retry of failed items, code maps, a patient's lookup, link and pull, the check-in round trip with the HIS's
 * queue number, 401/403/404/400 and facility isolation.
 */
const KEY = Buffer.alloc(32, 7).toString('base64');
let t: TestApp;
let sim: HisSimulator;
let simUrl = '';
let closeSim: () => Promise<void>;
let runner: JobRunner;
let closeLive: () => Promise<void>;

interface Fac {
  id: number;
  code: string;
  admin: string;
  users: string;
  desk: string;
  other: string;
}
let a: Fac;
let b: Fac;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload !== undefined ? { payload: payload as never } : {}) });

async function facility(): Promise<Fac> {
  const f = await makeFacility(t, [
    { key: 'admin', authorities: ['MANAGER_SETTING'] },
    { key: 'users', authorities: ['MANAGER_USER'] },
    { key: 'desk', authorities: ['MANAGER_APPOINTMENT'] },
    { key: 'other', authorities: ['MANAGER_NEWS'] },
  ]);
  const [row] = await sqlRows<{ code: string }>(t, sql`SELECT code FROM facilities WHERE id = ${f.facilityId}`);
  const tok = async (k: string) => (await login(t, f.accounts[k]!)).loginToken;
  return { id: f.facilityId, code: row!.code, admin: await tok('admin'), users: await tok('users'), desk: await tok('desk'), other: await tok('other') };
}

const connection = (over: Record<string, unknown> = {}) => ({
  enabled: true,
  baseUrl: simUrl,
  authType: 'NONE',
  hisOrganizationId: sim.state.hospitalId,
  patientCodeSystem: 'urn:his:patient-code',
  timeoutSeconds: 5,
  pageSize: 100,
  maxPages: 50,
  syncHour: null,
  nightlyPull: false,
  sendCheckins: true,
  ...over,
});

async function connect(f: Fac, over: Record<string, unknown> = {}) {
  const res = await call('PUT', C, f.admin, connection(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Starts a run and waits for the job to finish it. */
async function sync(f: Fac, kind: 'SERVICES' | 'DEPARTMENTS' | 'DOCTORS') {
  const res = await call('POST', `${S}/${kind}`, f.admin);
  expect(res.statusCode, res.body).toBe(200);
  return waitRun(f, res.json().data.id);
}

async function waitRun(f: Fac, id: number) {
  for (let i = 0; i < 600; i++) {
    const r = (await call('GET', `${S}/runs/${id}`, f.admin)).json().data;
    if (!['QUEUED', 'RUNNING'].includes(r.status)) return r;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error(`run ${id} did not finish`);
}

const items = async (f: Fac, runId: number, action?: string) =>
  (await call('GET', `${S}/runs/${runId}/items?size=100${action ? `&action=${action}` : ''}`, f.admin)).json().data as {
    ref: string;
    action: string;
    message: string | null;
    changes: string[];
    code: string | null;
  }[];
const serviceCount = async (facilityId: number) =>
  (await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM medical_services WHERE facility_id = ${facilityId}`))[0]!.n;

beforeAll(async () => {
  t = await createTestApp({ HIS_SECRET_KEY: KEY });
  const started = await startHisSimulator({ port: 0, patients: 40 });
  sim = started.sim;
  simUrl = started.baseUrl;
  closeSim = started.close;
  a = await facility();
  b = await facility();
  // the jobs (sync runs, check-ins) run as on a server: the test app does not start a runner under NODE_ENV=test
  const live = await openLiveHub(t.database, t.app.log);
  closeLive = () => live.close();
  const ctx: AppContext = { config: t.config, database: t.database, live };
  runner = await startJobRunner(ctx, { pollMs: 50, scheduleEveryMs: 600_000 });
}, 60_000);
afterAll(async () => {
  await runner.stop();
  await closeLive();
  await t.close();
  await closeSim();
});

describe('authority, validation and isolation', () => {
  it.each([
    ['GET', C],
    ['PUT', C],
    ['POST', `${C}/test`],
    ['GET', `${C}/maps?kind=SERVICE`],
    ['GET', `${C}/remote?kind=SERVICE`],
    ['PUT', `${C}/maps`],
    ['POST', `${C}/maps/auto`],
    ['GET', `${C}/checkins`],
    ['POST', `${C}/checkins/1/retry`],
    ['POST', `${S}/SERVICES`],
    ['GET', `${S}/runs`],
    ['GET', `${S}/runs/1`],
    ['GET', `${S}/runs/1/items`],
    ['POST', `${S}/runs/1/retry`],
  ] as const)('%s %s: 401 signed out, 403 without MANAGER_SETTING', async (method, url) => {
    expect((await call(method, url, null)).statusCode).toBe(401);
    const res = await call(method, url, a.other);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Bạn không có quyền thao tác');
  });

  it.each([
    ['GET', `${HIS_PATIENTS_PATH}?by=CCCD&value=1`],
    ['GET', `${HIS_PATIENTS_PATH}/p1`],
    ['PUT', `${HIS_PATIENTS_PATH}/p1/link`],
    ['DELETE', `${HIS_PATIENTS_PATH}/p1/link`],
    ['POST', `${HIS_PULL_PATH}/1/pull`],
    ['GET', `${HIS_PULL_PATH}/1`],
  ] as const)('%s %s: 401 signed out, 403 without MANAGER_USER', async (method, url) => {
    expect((await call(method, url, null)).statusCode).toBe(401);
    expect((await call(method, url, a.other)).statusCode).toBe(403);
  });

  it('a facility with no connection: 404 with the Vietnamese reason', async () => {
    const f = await facility();
    const got = (await call('GET', C, f.admin)).json().data;
    expect(got).toMatchObject({ configured: false, enabled: false, secretKeyConfigured: true });
    for (const [m, u, tok] of [
      ['POST', `${C}/test`, f.admin],
      ['POST', `${S}/SERVICES`, f.admin],
      ['GET', `${HIS_PATIENTS_PATH}?by=CCCD&value=001085012345`, f.users],
    ] as const) {
      const res = await call(m, u, tok);
      expect(res.statusCode, u).toBe(404);
      expect(res.json().message).toBe(HIS_MESSAGES.notConfigured);
    }
  });

  it.each([
    ['a bad URL', { baseUrl: 'ftp://his' }, 'baseUrl'],
    ['credentials in the URL', { baseUrl: 'http://u:p@his.local/fhir' }, 'baseUrl'],
    ['a timeout out of range', { timeoutSeconds: 0 }, 'timeoutSeconds'],
    ['a page size out of range', { pageSize: 1000 }, 'pageSize'],
    ['BASIC without a user name', { authType: 'BASIC', secret: 'x' }, 'username'],
    ['OAUTH2 without client and token URL', { authType: 'OAUTH2', secret: 'x' }, 'clientId'],
    ['BEARER with no secret stored nor given', { authType: 'BEARER' }, 'secret'],
    ['a bad organization id', { hisOrganizationId: 'a b' }, 'hisOrganizationId'],
    ['an unknown field', { extra: 1 }, ''],
  ])('%s is a 400 naming the field, and nothing is saved', async (_n, over, field) => {
    const f = await facility();
    const res = await call('PUT', C, f.admin, connection(over));
    expect(res.statusCode, res.body).toBe(400);
    if (field) expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    expect((await call('GET', C, f.admin)).json().data.configured).toBe(false);
  });

  it('another facility sees none of a facility’s runs, maps or check-ins', async () => {
    await connect(a);
    const run = await sync(a, 'DEPARTMENTS');
    expect((await call('GET', `${S}/runs/${run.id}`, b.admin)).statusCode).toBe(404);
    expect((await call('GET', `${S}/runs/${run.id}/items`, b.admin)).statusCode).toBe(404);
    expect((await call('GET', `${S}/runs`, b.admin)).json().totalElements).toBe(0);
    expect((await call('GET', `${C}/remote?kind=DEPARTMENT`, b.admin)).json().totalElements).toBe(0);
  });
});

describe('secrets', () => {
  it('a secret is sealed, never sent back, kept when left empty, and needed for a new auth type', async () => {
    const f = await facility();
    const saved = await connect(f, { authType: 'BEARER', secret: 'token-bí-mật-123' });
    expect(saved).toMatchObject({ authType: 'BEARER', hasSecret: true });
    expect(JSON.stringify(saved)).not.toContain('token-bí-mật-123');
    const [row] = await sqlRows<{ sealed_secret: string }>(t, sql`SELECT sealed_secret FROM his_connections WHERE facility_id = ${f.id}`);
    expect(row!.sealed_secret).not.toContain('token');
    expect((await call('PUT', C, f.admin, connection({ authType: 'BEARER' }))).statusCode).toBe(200); // kept
    const [same] = await sqlRows<{ sealed_secret: string }>(t, sql`SELECT sealed_secret FROM his_connections WHERE facility_id = ${f.id}`);
    expect(same!.sealed_secret).toBe(row!.sealed_secret);
    const basic = await call('PUT', C, f.admin, connection({ authType: 'BASIC', username: 'his' }));
    expect(basic.statusCode).toBe(400);
    expect(basic.json().message).toBe(HIS_MESSAGES.secretRequired);
    const audits = await sqlRows<{ after: string }>(t, sql`SELECT after::text FROM audit_log WHERE facility_id = ${f.id} AND entity = 'his_connection'`);
    expect(audits.length).toBeGreaterThan(0);
    expect(audits.map((x) => x.after).join()).not.toContain('token-bí-mật');
  });

  it('without HIS_SECRET_KEY only NONE can be saved', async () => {
    const plain = await createTestApp();
    try {
      const f = await makeFacility(plain, [{ key: 'admin', authorities: ['MANAGER_SETTING'] }]);
      const token = (await login(plain, f.accounts.admin!)).loginToken;
      const res = await plain.app.inject({ method: 'PUT', url: C, headers: bearer(token), payload: connection({ authType: 'BEARER', secret: 'x' }) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(HIS_MESSAGES.noSecretKey);
    } finally {
      await plain.close();
    }
  });
});

describe('connection test', () => {
  it('reads the capability statement: R4, the resources, nothing missing', async () => {
    await connect(a);
    const res = await call('POST', `${C}/test`, a.admin);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    expect(r).toMatchObject({ ok: true, message: 'Kết nối thành công' });
    expect(r.capability.fhirVersion).toMatch(/^4\.0/);
    expect(r.capability.resources.map((x: { type: string }) => x.type)).toEqual(expect.arrayContaining(['ChargeItemDefinition', 'Patient', 'Appointment']));
    expect(r.capability.missing).toEqual([]);
    expect((await call('GET', C, a.admin)).json().data.lastTest.ok).toBe(true);
  });

  it.each([
    ['nothing listens there', { baseUrl: 'http://127.0.0.1:1/fhir' }, null, 'Không kết nối được tới HIS'],
    ['refused credentials', {}, 'badAuth', 'từ chối xác thực'],
    ['a server error', {}, 'http500', 'lỗi máy chủ'],
  ])('%s: a clear Vietnamese message', async (_n, over, fault, text) => {
    const f = await facility();
    await connect(f, over);
    if (fault) sim.faults.set({ mode: fault as never });
    try {
      const r = (await call('POST', `${C}/test`, f.admin)).json().data;
      expect(r.ok).toBe(false);
      expect(r.message).toContain(text);
    } finally {
      sim.faults.clear();
    }
  });
});

describe('catalogue sync', () => {
  let f: Fac;
  beforeAll(async () => {
    f = await facility();
    await connect(f);
  });

  it('departments and rooms, then services; a second sync changes nothing', async () => {
    const deps = await sync(f, 'DEPARTMENTS');
    expect(deps.status, deps.error).toBe('DONE');
    expect(deps.created).toBeGreaterThan(3);
    const first = await sync(f, 'SERVICES');
    expect(first.status, JSON.stringify(await items(f, first.id, 'FAILED'))).toBe('DONE');
    expect(first.created).toBeGreaterThan(50);
    expect(await serviceCount(f.id)).toBe(first.created);
    const audits = (
      await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM audit_log WHERE facility_id = ${f.id} AND entity = 'medical_service'`)
    )[0]!.n;
    expect(audits).toBe(first.created);
    const second = await sync(f, 'SERVICES');
    expect(second, JSON.stringify((await items(f, second.id)).slice(0, 3))).toMatchObject({
      status: 'DONE',
      created: 0,
      updated: 0,
      failed: 0,
      unchanged: first.created,
    });
    expect(await items(f, second.id)).toEqual([]);
  });

  it('a price change in the HIS reaches the public price list', async () => {
    const [svc] = await sqlRows<{ code: string; price: number }>(
      t,
      sql`SELECT code, price FROM medical_services WHERE facility_id = ${f.id} ORDER BY code LIMIT 1`,
    );
    const standard = sim.state
      .chargeItem(svc!.code)!
      .propertyGroup!.flatMap((g) => g.priceComponent ?? [])
      .find((p) => p.code?.coding?.[0]?.code === 'standard')!;
    standard.amount = { value: svc!.price + 25_000, currency: 'VND' };
    const run = await sync(f, 'SERVICES');
    expect(run, JSON.stringify((await items(f, run.id)).slice(0, 3))).toMatchObject({ status: 'DONE', updated: 1, created: 0 });
    const [item] = await items(f, run.id, 'UPDATED');
    expect(item!.changes.join()).toContain('Giá:');
    const pub = await t.app.inject({
      method: 'GET',
      url: `/api/catalog/v1/emr/medical-services/lookup?hospitalId=${f.id}&syncValue=${svc!.code}&page=0&size=5`,
    });
    expect(pub.json().data.find((r: { ma: string }) => r.ma === svc!.code).donGiaDichVu).toBe(svc!.price + 25_000);
  });

  it('doctors: created in their mapped department', async () => {
    const run = await sync(f, 'DOCTORS');
    expect(run.status, JSON.stringify(await items(f, run.id, 'FAILED'))).toBe('DONE');
    expect(run.created).toBeGreaterThan(3);
    const maps = (await call('GET', `${C}/maps?kind=DOCTOR&state=matched`, f.admin)).json();
    expect(maps.counts.matched).toBe(run.created);
  });

  it.each([
    ['invalid resources', 'invalid', 'FAILED', 'không hợp lệ'],
    ['another hospital’s', 'foreign', 'SKIPPED', 'bệnh viện khác'],
    ['duplicate codes', 'duplicates', 'SKIPPED', 'nhiều lần'],
    ['prices without currency', 'noCurrency', 'FAILED', 'VND'],
  ])('%s are logged and skipped; the rest applies; nothing is half-applied', async (_n, mode, action, text) => {
    const before = await serviceCount(f.id);
    sim.faults.set({ mode: mode as never, types: ['ChargeItemDefinition'] });
    let run: { id: number; status: string; failed: number; skipped: number };
    try {
      run = await sync(f, 'SERVICES');
    } finally {
      sim.faults.clear();
    }
    const logged = await items(f, run.id, action);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged[0]!.message).toContain(text);
    expect(await serviceCount(f.id)).toBe(before);
    if (action === 'FAILED') {
      expect(run.status).toBe('PARTIAL');
      const retry = await call('POST', `${S}/runs/${run.id}/retry`, f.admin);
      expect(retry.statusCode, retry.body).toBe(200);
      const again = await waitRun(f, retry.json().data.id);
      expect(again).toMatchObject({ status: 'DONE', trigger: 'RETRY', retryOf: run.id, failed: 0 });
    }
  });

  it.each([
    ['a 500', { mode: 'http500' }, 'lỗi máy chủ'],
    ['a Bundle that never ends', { mode: 'endless', types: ['ChargeItemDefinition'] }, 'quá nhiều trang'],
  ])('%s fails the run with its reason and writes nothing', async (_n, fault, text) => {
    const before = await serviceCount(f.id);
    sim.faults.set(fault as never);
    try {
      const run = await sync(f, 'SERVICES');
      expect(run.status).toBe('FAILED');
      expect(run.error).toContain(text);
    } finally {
      sim.faults.clear();
    }
    expect(await serviceCount(f.id)).toBe(before);
  });

  it('a timeout fails the run with the time waited', async () => {
    const g = await facility();
    await connect(g, { timeoutSeconds: 1 });
    sim.faults.set({ mode: 'timeout', times: 3 });
    try {
      const run = await sync(g, 'DEPARTMENTS');
      expect(run.status).toBe('FAILED');
      expect(run.error).toContain('không trả lời sau 1 giây');
    } finally {
      sim.faults.clear();
    }
  }, 30_000);

  it('one run of a kind at a time; nothing to retry is a 409', async () => {
    const runs = (await call('GET', `${S}/runs?kind=SERVICES&status=DONE`, f.admin)).json().data;
    const res = await call('POST', `${S}/runs/${runs[0].id}/retry`, f.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(HIS_MESSAGES.nothingToRetry);
    expect((await call('POST', `${S}/NOPE`, f.admin)).statusCode).toBe(400);
    expect((await call('GET', `${S}/runs/999999999`, f.admin)).statusCode).toBe(404);
  });
});

describe('code maps', () => {
  it('auto match by code and by name; a person matches and unmatches; a HIS item taken is a 409', async () => {
    const f = await facility();
    await connect(f);
    await t.database.transaction((tx) => makeClinic(tx, f.id, 'Chỉ có ở cổng'));
    await sync(f, 'DEPARTMENTS');
    const list = (await call('GET', `${C}/maps?kind=DEPARTMENT&state=unmatched`, f.admin)).json();
    expect(list.counts.unmatchedPortal).toBeGreaterThanOrEqual(1); // the fixture's own department
    const portalId = list.data[0].portalId;
    const remote = (await call('GET', `${C}/remote?kind=DEPARTMENT&unmatched=false`, f.admin)).json().data;
    const taken = remote.find((r: { portal: unknown }) => r.portal);
    const refused = await call('PUT', `${C}/maps`, f.admin, { kind: 'DEPARTMENT', portalId, hisRef: taken.ref });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(HIS_MESSAGES.hisItemTaken);
    const free = remote.find((r: { portal: unknown }) => !r.portal) ?? null;
    if (free) {
      const ok = await call('PUT', `${C}/maps`, f.admin, { kind: 'DEPARTMENT', portalId, hisRef: free.ref });
      expect(ok.json().data).toMatchObject({ method: 'MANUAL', his: { ref: free.ref } });
    }
    const un = await call('PUT', `${C}/maps`, f.admin, { kind: 'DEPARTMENT', portalId, hisRef: null });
    expect(un.json().data.his).toBeNull();
    expect((await call('PUT', `${C}/maps`, f.admin, { kind: 'DEPARTMENT', portalId, hisRef: 'Organization/none' })).statusCode).toBe(404);
    expect((await call('PUT', `${C}/maps`, f.admin, { kind: 'DEPARTMENT', portalId: 999999999, hisRef: null })).statusCode).toBe(404);
    expect((await call('PUT', `${C}/maps`, f.admin, { kind: 'DEPARTMENT', portalId, hisRef: 'bad ref' })).statusCode).toBe(400);
    const auto = (await call('POST', `${C}/maps/auto`, f.admin, { kind: 'DEPARTMENT' })).json().data;
    expect(auto).toHaveProperty('byCode');
  });
});

describe('patients', () => {
  it('look up by CCCD, link to a profile, pull the record (twice: nothing doubled), unlink', async () => {
    const f = await facility();
    await connect(f);
    await sync(f, 'DEPARTMENTS');
    const patient = sim.state.list('Patient').find((p) => p.identifier?.some((i) => i.system === FHIR_SYSTEMS.cccd))!;
    const his = { id: patient.id!, cccd: patient.identifier!.find((i) => i.system === FHIR_SYSTEMS.cccd)!.value! };
    const [profileId] = await t.database.transaction((tx) => makeProfiles(tx, f.id, 1));
    await t.database.db.execute(sql`UPDATE medical_profiles SET cccd = ${his.cccd} WHERE id = ${profileId}`);
    const found = await call('GET', `${HIS_PATIENTS_PATH}?by=CCCD&value=${his.cccd}`, f.users);
    expect(found.statusCode, found.body).toBe(200);
    const p = found.json().data[0];
    expect(p).toMatchObject({ hisId: his.id, cccd: his.cccd, linkedProfile: null });
    expect(p.candidates.map((c: { id: number }) => c.id)).toContain(profileId);
    expect((await call('GET', `${HIS_PATIENTS_PATH}?by=CCCD&value=000000000000`, f.users)).statusCode).toBe(404);
    expect((await call('GET', `${HIS_PATIENTS_PATH}?by=CCCD&value=a b`, f.users)).statusCode).toBe(400);

    expect((await call('POST', `${HIS_PULL_PATH}/${profileId}/pull`, f.users)).statusCode).toBe(409); // not linked
    const linked = await call('PUT', `${HIS_PATIENTS_PATH}/${his.id}/link`, f.users, { profileId });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data.linkedProfile.id).toBe(profileId);
    const [other] = await t.database.transaction((tx) => makeProfiles(tx, f.id, 1));
    expect((await call('PUT', `${HIS_PATIENTS_PATH}/${his.id}/link`, f.users, { profileId: other })).statusCode).toBe(409);

    const pulled = await call('POST', `${HIS_PULL_PATH}/${profileId}/pull`, f.users);
    expect(pulled.statusCode, pulled.body).toBe(200);
    const d = pulled.json().data;
    expect(d.encounters).toBeGreaterThan(0);
    expect(d.run).toMatchObject({ kind: 'RECORDS', status: 'DONE', profileId });
    const visits = async () =>
      sqlRows<{ n: number; pulled: number; rx: number; dx: number; files: number }>(
        t,
        sql`SELECT count(*)::int AS n, count(his_pulled_at)::int AS pulled,
                   (SELECT count(*)::int FROM prescriptions p JOIN patient_histories h2 ON h2.id = p.history_id WHERE h2.profile_id = ${profileId}) AS rx,
                   (SELECT count(*)::int FROM diagnostics x JOIN patient_histories h3 ON h3.id = x.history_id WHERE h3.profile_id = ${profileId}) AS dx,
                   (SELECT count(*)::int FROM result_files WHERE profile_id = ${profileId}) AS files
            FROM patient_histories WHERE profile_id = ${profileId}`,
      );
    const [once] = await visits();
    expect(once).toMatchObject({ n: d.encounters, pulled: d.encounters });
    expect(once!.files).toBe(d.files);
    expect(once!.files).toBeGreaterThan(0);
    const again = await call('POST', `${HIS_PULL_PATH}/${profileId}/pull`, f.users);
    expect(again.statusCode).toBe(200);
    expect(await visits()).toEqual([once]);

    const link = (await call('GET', `${HIS_PULL_PATH}/${profileId}`, f.users)).json().data;
    expect(link).toMatchObject({ available: true, link: { hisId: his.id } });
    expect(link.link.lastPulledAt).not.toBeNull();
    const history = (
      await call(
        'GET',
        `/api/his/v1/vendor/users/${(await sqlRows<{ u: number }>(t, sql`SELECT user_id AS u FROM medical_profiles WHERE id = ${profileId}`))[0]!.u}/histories`,
        f.users,
      )
    ).json();
    expect(JSON.stringify(history)).toContain('hisPulledAt');
    expect((await call('GET', `${HIS_PULL_PATH}/${profileId}`, b.users)).statusCode).toBe(404);

    expect((await call('DELETE', `${HIS_PATIENTS_PATH}/${his.id}/link`, f.users)).statusCode).toBe(200);
    expect((await call('DELETE', `${HIS_PATIENTS_PATH}/${his.id}/link`, f.users)).statusCode).toBe(404);
  });

  it('a HIS that is down answers 502 with its reason, and nothing is written', async () => {
    const f = await facility();
    await connect(f, { timeoutSeconds: 1 });
    sim.faults.set({ mode: 'http500' });
    try {
      const res = await call('GET', `${HIS_PATIENTS_PATH}?by=CCCD&value=001085012345`, f.users);
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toContain('lỗi máy chủ');
    } finally {
      sim.faults.clear();
    }
  });
});

describe('check-in round trip', () => {
  it('each check-in reaches the HIS as an arrived Appointment, and the HIS’s queue number comes back', async () => {
    const f = await facility();
    await connect(f);
    const today = todayVn();
    const { clinic, slots, profiles } = await t.database.transaction(async (tx) => {
      const clinic = await makeClinic(tx, f.id);
      return {
        clinic,
        slots: await makeSlots(tx, f.id, clinic, addDays(today, 1), { start: '07:00', end: '09:00', capacity: 5 }),
        profiles: await makeProfiles(tx, f.id, 2),
      };
    });
    const ids: number[] = [];
    for (const p of profiles) {
      const res = await call('POST', '/api/appointment/v1', f.desk, { medicalProfileId: p, timeSlotId: slots[0]!.id, accept: true });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().data.id);
    }
    await t.database.transaction((tx) => moveSchedules(tx, [slots[0]!.scheduleId], today));
    for (const id of ids) {
      const res = await call('POST', `/api/appointment/v1/${id}/checkin`, f.desk, { confirmLate: true });
      expect(res.statusCode, res.body).toBe(200);
    }
    const sent = async () => {
      for (let i = 0; i < 100; i++) {
        const list = (await call('GET', `${C}/checkins`, f.admin)).json();
        if (list.counts.SENT === ids.length) return list;
        await new Promise((ok) => setTimeout(ok, 100));
      }
      throw new Error('check-ins not sent');
    };
    const list = await sent();
    expect(list.data.map((r: { hisQueueNumber: number }) => r.hisQueueNumber).sort()).toEqual([1, 2]);
    expect(sim.state.list('Appointment').filter((x) => x.status === 'arrived').length).toBeGreaterThanOrEqual(2);
    // sync-checkin-seq: the room's own counter, and the HIS's numbering beside it
    const seq = await call('POST', '/api/appointment/v1/sync-checkin-seq', f.desk, { roomId: clinic.roomId, date: today });
    expect(seq.json().data).toMatchObject({ lastNumber: 2, hisLastNumber: 2 });
  });

  it('a refusal leaves the check-in FAILED with its reason, and "send again" sends it', async () => {
    const f = await facility();
    await connect(f);
    const today = todayVn();
    const { slots, profiles } = await t.database.transaction(async (tx) => {
      const clinic = await makeClinic(tx, f.id);
      return {
        slots: await makeSlots(tx, f.id, clinic, addDays(today, 1), { start: '07:00', end: '09:00', capacity: 5 }),
        profiles: await makeProfiles(tx, f.id, 1),
      };
    });
    const id = (await call('POST', '/api/appointment/v1', f.desk, { medicalProfileId: profiles[0], timeSlotId: slots[0]!.id, accept: true })).json().data.id;
    await t.database.transaction((tx) => moveSchedules(tx, [slots[0]!.scheduleId], today));
    sim.faults.set({ mode: 'badAuth' });
    let failed: { status: string; lastError: string } | undefined;
    try {
      expect((await call('POST', `/api/appointment/v1/${id}/checkin`, f.desk, { confirmLate: true })).statusCode).toBe(200);
      for (let i = 0; i < 100 && failed?.status !== 'FAILED'; i++) {
        failed = (await call('GET', `${C}/checkins`, f.admin)).json().data[0];
        await new Promise((ok) => setTimeout(ok, 100));
      }
    } finally {
      sim.faults.clear();
    }
    expect(failed).toMatchObject({ status: 'FAILED' });
    expect(failed!.lastError).toContain('từ chối xác thực');
    const again = await call('POST', `${C}/checkins/${id}/retry`, f.admin);
    expect(again.statusCode, again.body).toBe(200);
    let row: { status: string } | undefined;
    for (let i = 0; i < 100 && row?.status !== 'SENT'; i++) {
      row = (await call('GET', `${C}/checkins`, f.admin)).json().data[0];
      await new Promise((ok) => setTimeout(ok, 100));
    }
    expect(row, JSON.stringify(row)).toMatchObject({ status: 'SENT', hisQueueNumber: 1 });
    expect((await call('POST', `${C}/checkins/${id}/retry`, f.admin)).statusCode).toBe(409);
    expect((await call('POST', `${C}/checkins/999999999/retry`, f.admin)).statusCode).toBe(404);
  });

  it('a facility without a connection checks in as before, with nothing queued', async () => {
    const f = await facility();
    const today = todayVn();
    const { slots, profiles } = await t.database.transaction(async (tx) => {
      const clinic = await makeClinic(tx, f.id);
      return { slots: await makeSlots(tx, f.id, clinic, addDays(today, 1), { start: '07:00', end: '09:00' }), profiles: await makeProfiles(tx, f.id, 1) };
    });
    const id = (await call('POST', '/api/appointment/v1', f.desk, { medicalProfileId: profiles[0], timeSlotId: slots[0]!.id, accept: true })).json().data.id;
    await t.database.transaction((tx) => moveSchedules(tx, [slots[0]!.scheduleId], today));
    expect((await call('POST', `/api/appointment/v1/${id}/checkin`, f.desk, { confirmLate: true })).statusCode).toBe(200);
    expect((await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM his_checkins WHERE facility_id = ${f.id}`))[0]!.n).toBe(0);
  });
});
