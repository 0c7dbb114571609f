import { describe, expect } from 'vitest';
import { exited, itOnEachDatabase, startServerProcess } from '../../test/server-process';

/**
 * kill -9 in the middle of 1,000 jobs loses none and runs none twice in effect: the real server process
 * (src via tsx) on PGlite, or on the PostgreSQL of DATABASE_URL, is killed mid-run and restarted.
 */

const start = (env: Record<string, string>, port: number) =>
  startServerProcess(port, {
    NODE_ENV: 'development',
    SEED_DEMO: 'false',
    ENABLE_TEST_FIXTURES: '1',
    JOBS_LEASE_SECONDS: '2',
    JOBS_POLL_MS: '200',
    ...env,
  });
const effects = async (url: string) =>
  ((await (await fetch(`${url}/api/test/v1/jobs/effects`)).json()) as { data: { jobs: number; done: number; effects: number; distinct: number } }).data;

async function killMidRunAndResume(env: Record<string, string>, port: number) {
  const s = start(env, port);
  await s.ready;
  const r = await fetch(`${s.url}/api/test/v1/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ count: 1000, delayMs: 2 }),
  });
  expect(r.status).toBe(200);
  let before = await effects(s.url);
  for (let i = 0; i < 600 && before.effects < 150; i++) {
    await new Promise((res) => setTimeout(res, 50));
    before = await effects(s.url);
  }
  s.proc.kill('SIGKILL');
  await exited(s.proc);
  expect(before.effects).toBeGreaterThanOrEqual(150);
  expect(before.done).toBeLessThan(1000); // killed mid-run

  const again = start(env, port + 1);
  await again.ready;
  let after = await effects(again.url);
  for (let i = 0; i < 1200 && after.done < 1000; i++) {
    await new Promise((res) => setTimeout(res, 100));
    after = await effects(again.url);
  }
  again.proc.kill('SIGTERM');
  await exited(again.proc);
  expect(after).toEqual({ jobs: 1000, done: 1000, effects: 1000, distinct: 1000 });
  return before;
}

describe('a server process killed with SIGKILL in the middle of 1,000 jobs', () => {
  itOnEachDatabase(
    {
      pglite: 'on embedded PGlite: the restart finishes every job, each effect written once',
      postgres: 'on PostgreSQL: the restart takes over the expired leases and finishes every job once',
    },
    { pglite: 3481, postgres: 3483 },
    killMidRunAndResume,
    240_000,
  );
});
