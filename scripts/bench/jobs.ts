import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../../apps/server/src/config';
import type { AppContext } from '../../apps/server/src/core/context';
import { openDatabase, type Database } from '../../apps/server/src/core/db';
import { defineJob, enqueue, startJobRunner } from '../../apps/server/src/core/jobs';
import { openLiveHub } from '../../apps/server/src/core/live';
import { auditLog } from '../../apps/server/src/db/schema';
import { freshPgDatabase } from './server';

const quiet = { warn: () => undefined, info: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)]!;

/** A request's write (one audit row) with and without an enqueue in its transaction, interleaved. */
async function enqueueCost(database: Database, n = 400) {
  const plain: number[] = [];
  const withJob: number[] = [];
  const write = (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) =>
    tx.insert(auditLog).values({ action: 'BENCH', entity: 'bench', after: { at: Date.now() } });
  for (let i = 0; i < n + 50; i++) {
    let t0 = performance.now();
    await database.transaction(async (tx) => void (await write(tx)));
    const a = performance.now() - t0;
    t0 = performance.now();
    await database.transaction(async (tx) => {
      await write(tx);
      await enqueue(tx, { name: 'bench.later', payload: { i }, runAt: new Date(Date.now() + 86_400_000), key: `k${i}` });
    });
    const b = performance.now() - t0;
    if (i >= 50) plain.push(a), withJob.push(b); // the first 50 warm up
  }
  return { plain: median(plain), withJob: median(withJob), added: median(withJob) - median(plain), p99Plain: p99(plain), p99With: p99(withJob) };
}

/** 1,000 trivial jobs enqueued in one transaction, drained by one runner (default concurrency 4). */
async function drain(database: Database, n = 1000) {
  const live = await openLiveHub(database, quiet);
  const ctx: AppContext = { config: loadConfig({ LOG_LEVEL: 'silent' }), database, live };
  defineJob('bench.trivial', async () => undefined);
  await database.transaction(async (tx) => {
    for (let i = 0; i < n; i++) await enqueue(tx, { name: 'bench.trivial', runAt: new Date(Date.now() - 1000) });
  });
  const t0 = performance.now();
  const runner = await startJobRunner(ctx);
  for (;;) {
    const res = (await database.db.execute(
      sql`SELECT count(*)::int AS n FROM background_jobs WHERE name = 'bench.trivial' AND state <> 'done'`,
    )) as unknown as { rows: { n: number }[] };
    if (res.rows[0]!.n === 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - t0;
  await runner.stop();
  await live.close();
  return ms;
}

export async function jobsBench(): Promise<string> {
  const pgDb = await freshPgDatabase('jobs');
  const pgDatabase = await openDatabase({ url: pgDb.url, poolSize: 10 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-jobs-'));
  try {
    await pgDatabase.migrate();
    const cost = await enqueueCost(pgDatabase);
    const pgDrain = await drain(pgDatabase);
    await pgDatabase.close();
    const lite = await openDatabase({ dataDir: path.join(dir, 'pglite') });
    await lite.migrate();
    const liteCost = await enqueueCost(lite, 200);
    const liteDrain = await drain(lite);
    await lite.close();
    const f = (x: number) => x.toFixed(2);
    return (
      `PostgreSQL: a write's transaction p50 ${f(cost.plain)} ms, with an enqueue ${f(cost.withJob)} ms (+${f(cost.added)} ms; p99 ${f(cost.p99Plain)} / ${f(cost.p99With)} ms); ` +
      `1,000 trivial jobs drained in ${(pgDrain / 1000).toFixed(2)} s by one runner (concurrency 4). ` +
      `PGlite (data dir): +${f(liteCost.added)} ms per enqueue (p50 ${f(liteCost.plain)} → ${f(liteCost.withJob)} ms); 1,000 jobs drained in ${(liteDrain / 1000).toFixed(2)} s`
    );
  } finally {
    await pgDb.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
