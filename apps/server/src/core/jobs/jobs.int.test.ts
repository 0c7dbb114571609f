import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import type { AppContext } from '../context';
import { openDatabase, type Database } from '../db';
import { openLiveHub, type LiveHub } from '../live';
import { NO_SHOW_CRON, NO_SHOW_JOB } from '../../modules/appointments/no-show.job';
import { deleteOldJobs, defineJobsCleanup, JOBS_CLEANUP_CRON, JOBS_CLEANUP_JOB } from './cleanup';
import { nextOccurrence } from './cron';
import { claimJobs, enqueue } from './queue';
import { defineJob, recurringJobs, schedule } from './registry';
import { enqueueNextOccurrence, startJobRunner, type JobRunner } from './runner';

let t: TestApp;
let live: LiveHub;
let ctx: AppContext;
const runners: JobRunner[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await sleep(25);
  }
}
const job = async (id: number) =>
  (
    await sqlRows<{ state: string; attempts: number; last_error: string | null; run_at: string; finished_at: string | null }>(
      t,
      sql`SELECT state, attempts, last_error, run_at::text, finished_at::text FROM background_jobs WHERE id = ${id}`,
    )
  )[0]!;
async function runner(opts: Parameters<typeof startJobRunner>[1] = {}) {
  const r = await startJobRunner(ctx, { pollMs: 50, scheduleEveryMs: 60_000, ...opts });
  runners.push(r);
  return r;
}

beforeAll(async () => {
  t = await createTestApp();
  live = await openLiveHub(t.database, t.app.log);
  ctx = { config: t.config, database: t.database, live };
});
// one runner per test: a runner left from an earlier test would take this test's jobs
afterEach(async () => {
  for (const r of runners.splice(0)) await r.stop();
});
afterAll(async () => {
  await live.close();
  await t.close();
});

describe('enqueue', () => {
  it('inside a rolled-back transaction leaves no job; a committed one exists', async () => {
    await expect(
      t.database.transaction(async (tx) => {
        await enqueue(tx, { name: 'test.rollback', payload: { n: 1 }, key: 'rolled' });
        throw new Error('the write fails');
      }),
    ).rejects.toThrow('the write fails');
    expect(await sqlRows(t, sql`SELECT id FROM background_jobs WHERE name = 'test.rollback'`)).toEqual([]);
    const { id, created } = await t.database.transaction((tx) => enqueue(tx, { name: 'test.rollback', payload: { n: 2 }, key: 'kept' }));
    expect(created).toBe(true);
    expect(await job(id)).toMatchObject({ state: 'queued', attempts: 0 });
  });

  it('does nothing for a key already present, and returns the existing job; keys are per facility and name', async () => {
    const { facilityId } = await makeFacility(t, []);
    const a = await t.database.transaction((tx) => enqueue(tx, { name: 'test.key', key: 'booking:1:reminder' }));
    const b = await t.database.transaction((tx) => enqueue(tx, { name: 'test.key', key: 'booking:1:reminder', payload: { other: true } }));
    expect(b).toEqual({ id: a.id, created: false });
    const c = await t.database.transaction((tx) => enqueue(tx, { name: 'test.key', key: 'booking:1:reminder', facilityId }));
    const d = await t.database.transaction((tx) => enqueue(tx, { name: 'test.key2', key: 'booking:1:reminder' }));
    const e = await t.database.transaction((tx) => enqueue(tx, { name: 'test.key', key: 'booking:1:reminder', facilityId }));
    expect(new Set([a.id, c.id, d.id]).size).toBe(3);
    expect(e).toEqual({ id: c.id, created: false });
    // without a key every enqueue is a new job
    const f = await t.database.transaction((tx) => enqueue(tx, { name: 'test.key' }));
    const g = await t.database.transaction((tx) => enqueue(tx, { name: 'test.key' }));
    expect(f.id).not.toBe(g.id);
  });
});

describe('runner', () => {
  it('runs a job at once (woken by NOTIFY), retries a failure with backoff, then dead-letters it with the last error', async () => {
    const ran: number[] = [];
    defineJob('test.ok', async () => void ran.push(Date.now()));
    const times: number[] = [];
    defineJob(
      'test.fails',
      async () => {
        times.push(Date.now());
        // a described error is stored, never the query's parameters
        throw Object.assign(new Error('provider refused'), { code: 'E_PROVIDER' });
      },
      { maxAttempts: 3, backoff: { baseMs: 200, maxMs: 1000 } },
    );
    await runner({ pollMs: 60_000 }); // no polling: only the NOTIFY can wake it
    const started = Date.now();
    const ok = await t.database.transaction((tx) => enqueue(tx, { name: 'test.ok' }));
    expect(
      (
        await until(
          () => job(ok.id),
          (j) => j.state === 'done',
          5000,
        )
      ).state,
    ).toBe('done');
    expect(ran[0]! - started).toBeLessThan(1500);

    const bad = await t.database.transaction((tx) => enqueue(tx, { name: 'test.fails' }));
    // the first retry is due on the poll of another runner: wake this one by enqueuing
    const waker = setInterval(() => void t.database.transaction((tx) => enqueue(tx, { name: 'test.ok' })), 50);
    const dead = await until(
      () => job(bad.id),
      (j) => j.state === 'dead',
      10_000,
    );
    clearInterval(waker);
    expect(dead).toMatchObject({ state: 'dead', attempts: 3 });
    expect(dead.finished_at).not.toBeNull();
    expect(JSON.parse(dead.last_error!)).toMatchObject({ kind: 'Error', code: 'E_PROVIDER', message: 'provider refused' });
    expect(times).toHaveLength(3);
    // equal jitter: the delay before attempt k+1 is between half and all of 200 ms * 2^(k-1)
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(95);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(195);
  });

  it('a job that fails once then succeeds ends done on its second attempt', async () => {
    let calls = 0;
    defineJob(
      'test.flaky',
      async () => {
        if (++calls === 1) throw new Error('first time');
      },
      { backoff: { baseMs: 50, maxMs: 50 } },
    );
    await runner();
    const { id } = await t.database.transaction((tx) => enqueue(tx, { name: 'test.flaky' }));
    const j = await until(
      () => job(id),
      (x) => x.state === 'done',
    );
    expect(j).toMatchObject({ state: 'done', attempts: 2 });
    expect(j.last_error).toContain('first time');
  });

  it('honours a job scheduled for a time', async () => {
    let ranAt = 0;
    defineJob('test.later', async () => {
      ranAt = Date.now();
    });
    await runner();
    const runAt = new Date(Date.now() + 2000);
    const { id } = await t.database.transaction((tx) => enqueue(tx, { name: 'test.later', runAt }));
    await sleep(300);
    // still waiting: asked only while its time is clearly ahead (a loaded machine may sleep past it)
    const state = (await job(id)).state;
    if (Date.now() < runAt.getTime() - 300) expect(state).toBe('queued');
    await until(
      () => job(id),
      (x) => x.state === 'done',
      10_000,
    );
    expect(ranAt).toBeGreaterThanOrEqual(runAt.getTime() - 5); // clocks of node and the database agree to a few ms here
  });

  it('a transactional job writes its effect and its completion together: a failure rolls the effect back', async () => {
    await t.database.db.execute(sql`CREATE TABLE IF NOT EXISTS job_test_effects (job_id bigint NOT NULL, at timestamptz NOT NULL DEFAULT now())`);
    let calls = 0;
    defineJob(
      'test.tx',
      async (j) => {
        await j.ex.execute(sql`INSERT INTO job_test_effects (job_id) VALUES (${j.id})`);
        if (++calls === 1) throw new Error('after the write');
      },
      { transactional: true, backoff: { baseMs: 20, maxMs: 20 } },
    );
    await runner();
    const { id } = await t.database.transaction((tx) => enqueue(tx, { name: 'test.tx' }));
    await until(
      () => job(id),
      (x) => x.state === 'done',
    );
    expect(await sqlRows(t, sql`SELECT job_id FROM job_test_effects WHERE job_id = ${id}`)).toHaveLength(1);
    expect(calls).toBe(2);
  });

  it('takes over a job whose runner died once its lease expires', async () => {
    defineJob('test.orphan', async () => undefined);
    const { id } = await t.database.transaction((tx) => enqueue(tx, { name: 'test.orphan' }));
    // another "instance" claims it with a 300 ms lease and dies
    const [claimed] = await t.database.transaction((tx) => claimJobs(tx, 'dead-host:1:x', ['test.orphan'], 1, 300));
    expect(claimed!.id).toBe(id);
    await runner();
    expect((await job(id)).state).toBe('running');
    const j = await until(
      () => job(id),
      (x) => x.state === 'done',
      5000,
    );
    expect(j.attempts).toBe(2);
  });

  it('on stop lets a running job finish within the grace, and gives back one that does not', async () => {
    let release!: () => void;
    let started!: () => void;
    const began = new Promise<void>((r) => (started = r));
    defineJob(
      'test.slow',
      () =>
        new Promise<void>((r) => {
          release = r;
          started();
        }),
    );
    const r = await runner({ stopGraceMs: 200 });
    const { id } = await t.database.transaction((tx) => enqueue(tx, { name: 'test.slow' }));
    // the handler itself is running (the claim marks the row 'running' a moment before it is called)
    await began;
    expect((await job(id)).state).toBe('running');
    await r.stop();
    expect(await job(id)).toMatchObject({ state: 'queued', attempts: 0 });
    release();
    await sleep(50);
    expect((await job(id)).state).toBe('queued'); // the late completion does not count: the lease was given back
    await sqlRows(t, sql`UPDATE background_jobs SET state = 'done' WHERE id = ${id}`);
  });
});

describe('recurring jobs', () => {
  it('enqueues the next occurrence once however many instances ask, keyed by its time, and runs it', async () => {
    const ran: string[] = [];
    defineJob('test.everySecond', async (j) => void ran.push(j.runAt.toISOString()));
    schedule('test.everySecond', '* * * * * *');
    const r = recurringJobs().find((x) => x.name === 'test.everySecond')!;
    const now = new Date();
    const [a, b] = await Promise.all([enqueueNextOccurrence(ctx, r, now), enqueueNextOccurrence(ctx, r, now)]);
    expect(a!.toISOString()).toBe(b!.toISOString());
    const rows = await sqlRows<{ key: string }>(t, sql`SELECT key FROM background_jobs WHERE name = 'test.everySecond'`);
    expect(rows).toEqual([{ key: `at:${a!.toISOString()}` }]);
    await runner({ scheduleEveryMs: 100 });
    await until(
      async () => ran.length,
      (n) => n >= 2,
      6000,
    );
    expect(ran.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ran).size).toBe(ran.length); // each occurrence once
    for (const at of ran) expect(new Date(at).getUTCMilliseconds()).toBe(0);
    schedule('test.everySecond', '0 0 1 1 *'); // quiet for the rest of the file
  });

  it('the no-show sweep is a recurring job every ten minutes (+07:00) and runs through the runner', async () => {
    expect(recurringJobs().find((x) => x.name === NO_SHOW_JOB)).toMatchObject({ cron: NO_SHOW_CRON });
    await runner({ scheduleEveryMs: 100 });
    const expected = nextOccurrence(NO_SHOW_CRON, new Date())!;
    const [next] = await until(
      () =>
        sqlRows<{ key: string; state: string }>(
          t,
          sql`SELECT key, state FROM background_jobs WHERE name = ${NO_SHOW_JOB} AND facility_id IS NULL ORDER BY run_at DESC LIMIT 1`,
        ),
      (rows) => rows.length > 0,
    );
    expect(next!.key).toBe(`at:${expected.toISOString()}`);
    expect(expected.getUTCMinutes() % 10).toBe(0);
    // an occurrence that is due runs markNoShows (the appointments tests check what it marks)
    const { id } = await t.database.transaction((tx) => enqueue(tx, { name: NO_SHOW_JOB, key: 'at:test-now' }));
    expect(
      (
        await until(
          () => job(id),
          (x) => x.state !== 'queued' && x.state !== 'running',
        )
      ).state,
    ).toBe('done');
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two server instances on one PostgreSQL database', () => {
  it('run 1,000 jobs with none run twice', async () => {
    await t.database.db.execute(sql`CREATE TABLE IF NOT EXISTS job_test_effects (job_id bigint NOT NULL, at timestamptz NOT NULL DEFAULT now())`);
    await t.database.db.execute(sql`ALTER TABLE job_test_effects ADD COLUMN IF NOT EXISTS runner text`);
    // not transactional on purpose: a double run would leave two rows
    let other!: Database;
    defineJob('test.pair', async (j, c) => {
      await j.ex.execute(sql`INSERT INTO job_test_effects (job_id, runner) VALUES (${j.id}, ${c.database === other ? 'b' : 'a'})`);
    });
    // a second instance: its own pool on the same database, its own live hub (LISTEN connection)
    other = await openDatabase({ url: t.database.url!, poolSize: 10 });
    const otherLive = await openLiveHub(other, t.app.log);
    const a = await startJobRunner(ctx, { concurrency: 4, pollMs: 100 });
    const b = await startJobRunner({ ...ctx, database: other, live: otherLive }, { concurrency: 4, pollMs: 100 });
    const started = Date.now();
    for (let i = 0; i < 10; i++) {
      await t.database.transaction(async (tx) => {
        for (let k = 0; k < 100; k++) await enqueue(tx, { name: 'test.pair' });
      });
    }
    const left = await until(
      async () => (await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM background_jobs WHERE name = 'test.pair' AND state <> 'done'`))[0]!.n,
      (n) => n === 0,
      60_000,
    );
    const ms = Date.now() - started;
    await a.stop();
    await b.stop();
    await otherLive.close();
    await other.close();
    expect(left).toBe(0);
    const [fx] = await sqlRows<{ n: number; distinct: number }>(
      t,
      sql`SELECT count(*)::int AS n, count(DISTINCT e.job_id)::int AS distinct FROM job_test_effects e JOIN background_jobs j ON j.id = e.job_id WHERE j.name = 'test.pair'`,
    );
    expect(fx).toEqual({ n: 1000, distinct: 1000 });
    // both instances took a share, each job on its first attempt
    const byRunner = await sqlRows<{ runner: string; n: number }>(
      t,
      sql`SELECT e.runner, count(*)::int AS n FROM job_test_effects e JOIN background_jobs j ON j.id = e.job_id WHERE j.name = 'test.pair' GROUP BY 1 ORDER BY 1`,
    );
    expect(byRunner.map((r) => r.runner)).toEqual(['a', 'b']);
    expect(await sqlRows(t, sql`SELECT id FROM background_jobs WHERE name = 'test.pair' AND attempts <> 1`)).toEqual([]);
    console.log(`two runners drained 1,000 jobs in ${ms} ms (${byRunner.map((r) => `${r.runner}: ${r.n}`).join(', ')})`);
  }, 90_000);
});

describe('cleanup', () => {
  it('deletes done and dead jobs past their retention, batch by batch, and keeps the rest', async () => {
    const add = async (key: string, state: string, finishedDaysAgo: number | null) => {
      const { id } = await enqueue(t.database.db, { name: 'test.cleanup', key });
      const finished = finishedDaysAgo === null ? sql`NULL` : sql`now() - ${finishedDaysAgo} * interval '1 day'`;
      await t.database.db.execute(sql`UPDATE background_jobs SET state = ${state}, finished_at = ${finished} WHERE id = ${id}`);
      return id;
    };
    const ids = {
      oldDone: [await add('d1', 'done', 15), await add('d2', 'done', 40), await add('d3', 'done', 400)],
      recentDone: await add('d4', 'done', 13),
      oldDead: await add('x1', 'dead', 181),
      recentDead: await add('x2', 'dead', 30),
      queued: await add('q1', 'queued', null),
      running: await add('r1', 'running', null),
    };
    // a batch of 2 makes the loop go round twice over the four rows past their retention
    expect(await deleteOldJobs(t.database.db, { doneDays: 14, deadDays: 180 }, 2)).toBe(4);
    const left = await sqlRows<{ id: number }>(t, sql`SELECT id FROM background_jobs WHERE name = 'test.cleanup' ORDER BY id`);
    expect(left.map((r) => Number(r.id))).toEqual([ids.recentDone, ids.recentDead, ids.queued, ids.running]);
    // nothing more to delete: a second run is a no-op
    expect(await deleteOldJobs(t.database.db, { doneDays: 14, deadDays: 180 })).toBe(0);
  });

  it('is a recurring system job every night at 03:15 (+07:00)', () => {
    defineJobsCleanup({ doneDays: 14, deadDays: 180 });
    expect(recurringJobs().find((j) => j.name === JOBS_CLEANUP_JOB)).toEqual({ name: JOBS_CLEANUP_JOB, cron: JOBS_CLEANUP_CRON, payload: {} });
    // from 25/11/2026 10:00 +07:00 the next run is 26/11/2026 03:15 +07:00
    expect(nextOccurrence(JOBS_CLEANUP_CRON, new Date('2026-11-25T03:00:00Z'))?.toISOString()).toBe('2026-11-25T20:15:00.000Z');
  });
});
