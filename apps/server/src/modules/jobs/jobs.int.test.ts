import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@portal/shared';
import { enqueue } from '../../core/jobs';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';

let t: TestApp;
const tok: Record<string, string> = {};
let facilityId: number;
let otherFacility: number;
const ids: Record<string, number> = {};

const call = (method: 'GET' | 'POST', url: string, token: string | null) => t.app.inject({ method, url, headers: token ? bearer(token) : {} });

async function makeJob(name: string, state: string, facility: number | null, lastError: string | null = null) {
  const { id } = await t.database.transaction((tx) => enqueue(tx, { name, facilityId: facility, runAt: new Date(Date.now() + 86_400_000) }));
  await t.database.db.execute(
    sql`UPDATE background_jobs SET state = ${state}, attempts = CASE WHEN ${state} = 'dead' THEN max_attempts ELSE 0 END, last_error = ${lastError} WHERE id = ${id}`,
  );
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  const f = await makeFacility(t, [
    { key: 'log', authorities: ['MANAGER_LOG'] },
    { key: 'admin', authorities: ['ADMIN_FACILITY'] },
    { key: 'none', authorities: ['MANAGER_APPOINTMENT'] },
  ]);
  facilityId = f.facilityId;
  otherFacility = (await makeFacility(t, [])).facilityId;
  for (const k of ['log', 'admin', 'none']) tok[k] = (await login(t, f.accounts[k]!)).loginToken;
  ids.dead = await makeJob('test.send', 'dead', facilityId, '{"kind":"Error","message":"provider refused"}');
  ids.done = await makeJob('test.send', 'done', facilityId);
  ids.queued = await makeJob('test.send', 'queued', facilityId);
  ids.foreignDead = await makeJob('test.send', 'dead', otherFacility);
  ids.systemDead = await makeJob('test.system', 'dead', null);
});
afterAll(() => t.close());

describe('GET /api/his/v1/jobs', () => {
  it('lists the caller facility jobs newest first, by state, paged; system jobs only for ADMIN_FACILITY', async () => {
    const all = await call('GET', '/api/his/v1/jobs', tok.log!);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ code: 0, totalElements: 3, totalPage: 1, page: 0, size: 20 });
    expect(all.json().data.map((j: { id: number }) => j.id)).toEqual([ids.queued, ids.done, ids.dead]);
    expect(all.json().data[2]).toMatchObject({
      name: 'test.send',
      state: 'dead',
      system: false,
      attempts: 5,
      maxAttempts: 5,
      lastError: '{"kind":"Error","message":"provider refused"}',
    });
    expect(all.json().data[2]).not.toHaveProperty('payload');

    const dead = (await call('GET', '/api/his/v1/jobs?state=dead', tok.log!)).json();
    expect(dead.data.map((j: { id: number }) => j.id)).toEqual([ids.dead]);
    const admin = (await call('GET', '/api/his/v1/jobs?state=dead', tok.admin!)).json();
    expect(admin.data.map((j: { id: number }) => j.id)).toEqual([ids.systemDead, ids.dead]);
    expect(admin.data[0]).toMatchObject({ system: true });
    const paged = (await call('GET', '/api/his/v1/jobs?size=2&page=1', tok.log!)).json();
    expect([paged.totalPage, paged.data.map((j: { id: number }) => j.id)]).toEqual([2, [ids.dead]]);
  });

  it('counts per state', async () => {
    const res = await call('GET', '/api/his/v1/jobs/counts', tok.log!);
    expect(res.json()).toEqual({ code: 0, data: { queued: 1, running: 0, done: 1, dead: 1 } });
    expect((await call('GET', '/api/his/v1/jobs/counts', tok.admin!)).json().data.dead).toBe(2);
  });

  it('400 on a bad state or page, 401 without a token, 403 without the authority', async () => {
    const bad = await call('GET', '/api/his/v1/jobs?state=lost', tok.log!);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: 'state' });
    expect((await call('GET', '/api/his/v1/jobs?size=0', tok.log!)).statusCode).toBe(400);
    expect((await call('GET', '/api/his/v1/jobs', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/his/v1/jobs/counts', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/his/v1/jobs', tok.none!)).statusCode).toBe(403);
    expect((await call('GET', '/api/his/v1/jobs/counts', tok.none!)).json()).toEqual({ code: 403, message: MSG.forbidden });
  });
});

describe('POST /api/his/v1/jobs/:id/retry', () => {
  it('puts a dead job back in the queue, due now, attempts reset, audited in the same transaction', async () => {
    const res = await call('POST', `/api/his/v1/jobs/${ids.dead}/retry`, tok.log!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, message: MSG.jobRetried, data: { id: ids.dead, state: 'queued', attempts: 0, finishedAt: null } });
    expect(Date.parse(res.json().data.runAt)).toBeLessThanOrEqual(Date.now() + 1000);
    const [a] = await sqlRows<{ action: string; entity_id: string; facility_id: number; before: { state: string } }>(
      t,
      sql`SELECT action, entity_id, facility_id, before FROM audit_log WHERE action = 'JOB_RETRY' ORDER BY id DESC LIMIT 1`,
    );
    expect(a).toMatchObject({ action: 'JOB_RETRY', entity_id: String(ids.dead), facility_id: facilityId, before: { state: 'dead' } });
  });

  it('409 in Vietnamese when the job is not dead', async () => {
    for (const id of [ids.done, ids.queued, ids.dead]) {
      const res = await call('POST', `/api/his/v1/jobs/${id}/retry`, tok.log!);
      expect([res.statusCode, res.json().message]).toEqual([409, MSG.jobNotDead]);
    }
  });

  it("404 for another facility's job, a system job without ADMIN_FACILITY, an unknown id; ADMIN_FACILITY retries a system job", async () => {
    for (const id of [ids.foreignDead, ids.systemDead, 999_999_999]) {
      const res = await call('POST', `/api/his/v1/jobs/${id}/retry`, tok.log!);
      expect([res.statusCode, res.json().message]).toEqual([404, MSG.jobNotFound]);
    }
    expect((await call('POST', `/api/his/v1/jobs/${ids.foreignDead}/retry`, tok.admin!)).statusCode).toBe(404);
    expect((await call('POST', `/api/his/v1/jobs/${ids.systemDead}/retry`, tok.admin!)).json().data).toMatchObject({ state: 'queued', system: true });
  });

  it('400 on a bad id, 401 without a token, 403 without the authority', async () => {
    expect((await call('POST', '/api/his/v1/jobs/abc/retry', tok.log!)).statusCode).toBe(400);
    expect((await call('POST', '/api/his/v1/jobs/0/retry', tok.log!)).statusCode).toBe(400);
    expect((await call('POST', `/api/his/v1/jobs/${ids.foreignDead}/retry`, null)).statusCode).toBe(401);
    expect((await call('POST', `/api/his/v1/jobs/${ids.foreignDead}/retry`, tok.none!)).statusCode).toBe(403);
  });
});
