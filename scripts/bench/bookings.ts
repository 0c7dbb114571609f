/**
 * Bookings on PostgreSQL with about 1,000,000 bookings (`npm run seed -- --scale bookings`, the
 * bookings part of `--scale large`): the day list of today with a status filter (page of 50 with
 * the counts per status) at 50 connections, and bulk accept of 50 pending bookings.
 * BENCH_BOOKINGS_DATABASE_URL reuses an already seeded database (nothing is dropped then).
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { loginToken, freshPgDatabase, startServer } from './server';
import { todayVn } from '../../packages/shared/src/rules/time';

export type Seed = (url: string, scale: string) => Promise<void>;

export async function seeded(seed: Seed) {
  const reuse = process.env.BENCH_BOOKINGS_DATABASE_URL;
  if (reuse) return { url: reuse, drop: async () => {} };
  const db = await freshPgDatabase('bookings');
  await seed(db.url, 'bookings');
  return db;
}

/** CPU milliseconds used so far by a process (utime + stime, 10 ms ticks). */
const cpuMs = (pid: number) => {
  try {
    return (
      fs
        .readFileSync(`/proc/${pid}/stat`, 'utf8')
        .split(') ')[1]!
        .split(' ')
        .slice(11, 13)
        .reduce((a, b) => a + Number(b), 0) * 10
    );
  } catch {
    return 0;
  }
};

export async function bookingsListBench(port: number, seed: Seed): Promise<string> {
  const db = await seeded(seed);
  const s = await startServer({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: process.env.BENCH_POOL ?? '10' }, port);
  try {
    const token = await loginToken(s.url, 'letan', 'Letan@123');
    const headers = { authorization: `Bearer ${token}` };
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const [{ n }] = (await c.query('SELECT count(*)::int AS n FROM bookings')).rows;
    const [{ d }] = (await c.query('SELECT count(*)::int AS d FROM bookings WHERE date = $1', [todayVn()])).rows;
    const backends = async () =>
      (await c.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')).rows.map((r) => r.pid as number);
    const lines = [`${n.toLocaleString('en')} bookings, ${d.toLocaleString('en')} today`];
    for (const q of ['status=PENDING', 'status=CHECKED_IN,CALLED', '', 'status=ACCEPTED&q=nguyen']) {
      const url = `${s.url}/api/appointment/v1?size=50${q ? `&${q}` : ''}`;
      const first = (await (await fetch(url, { headers })).json()) as { totalElements: number; data: unknown[] };
      await autocannon({ url, headers, connections: 50, duration: 3 });
      const r50 = await autocannon({ url, headers, connections: 50, duration: 10 });
      const pids = await backends();
      const node0 = cpuMs(s.proc.pid!);
      const pg0 = pids.reduce((a, p) => a + cpuMs(p), 0);
      const r1 = await autocannon({ url, headers, connections: 1, duration: 5 });
      const nodeCpu = (cpuMs(s.proc.pid!) - node0) / r1.requests.total;
      const pgCpu = (pids.reduce((a, p) => a + cpuMs(p), 0) - pg0) / r1.requests.total;
      if (r50.non2xx || r1.non2xx) throw new Error(`non-2xx answers from ${url}`);
      lines.push(
        `  today ${q || '(all states)'} (${first.totalElements} matches, ${first.data.length} rows): 50 connections ${r50.requests.average.toFixed(0)} req/s, p50 ${r50.latency.p50} ms, p99 ${r50.latency.p99} ms; one client p50 ${r1.latency.p50} ms, CPU per request: server ${nodeCpu.toFixed(2)} ms, PostgreSQL ${pgCpu.toFixed(2)} ms`,
      );
    }
    // The same tab while the desk keeps working: a booking of the facility is accepted every 100 ms
    // (10 writes/s), and each write drops the cached day list, so reads recompute it after every write.
    const url = `${s.url}/api/appointment/v1?size=50&status=PENDING`;
    const pending = (
      await c.query(`SELECT id FROM bookings WHERE status = 'PENDING' AND date > $1 ORDER BY date, start_time, id LIMIT 200`, [todayVn()])
    ).rows.map((r) => r.id as number);
    let writing = true;
    let writes = 0;
    const writer = (async () => {
      for (const id of pending) {
        if (!writing) break;
        const r = await fetch(`${s.url}/api/appointment/v1/${id}/accept`, { method: 'POST', headers });
        if (!r.ok) throw new Error(`accept ${id}: ${r.status}`);
        writes += 1;
        await new Promise((res) => setTimeout(res, 100));
      }
    })();
    const mixed = await autocannon({ url, headers, connections: 50, duration: 10 });
    writing = false;
    await writer;
    if (mixed.non2xx) throw new Error(`non-2xx answers from ${url}`);
    lines.push(
      `  today status=PENDING while 10 bookings/s are accepted (${writes} writes, each drops the cached list): 50 connections ${mixed.requests.average.toFixed(0)} req/s, p50 ${mixed.latency.p50} ms, p99 ${mixed.latency.p99} ms`,
    );
    await c.end();
    return lines.join('\n');
  } finally {
    await s.stop();
    await db.drop();
  }
}

export async function bookingsBulkAcceptBench(port: number, seed: Seed, rounds = 10): Promise<string> {
  const db = await seeded(seed);
  const s = await startServer({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: process.env.BENCH_POOL ?? '10' }, port);
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  try {
    const token = await loginToken(s.url, 'letan', 'Letan@123');
    const pending = (
      await c.query(
        `SELECT id FROM bookings WHERE status = 'PENDING' AND date > $1
           AND facility_id = (SELECT facility_id FROM accounts WHERE username = 'letan') ORDER BY date, start_time, id LIMIT $2`,
        [todayVn(), 50 * (rounds + 2)],
      )
    ).rows.map((r) => r.id as number);
    if (pending.length < 50 * (rounds + 2)) throw new Error('not enough pending bookings: seed first');
    const times: number[] = [];
    for (let i = 0; i < rounds + 2; i++) {
      const ids = pending.slice(i * 50, i * 50 + 50);
      const t0 = performance.now();
      const r = await fetch(`${s.url}/api/appointment/v1/accept`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ids }),
      });
      const body = (await r.json()) as { data: { succeeded: number } };
      const ms = performance.now() - t0;
      if (body.data.succeeded !== 50) throw new Error(`bulk accept: ${JSON.stringify(body).slice(0, 200)}`);
      if (i >= 2) times.push(ms); // two warm-up rounds
    }
    times.sort((a, b) => a - b);
    return `bulk accept of 50 pending bookings, ${rounds} rounds: p50 ${times[Math.floor(rounds / 2)]!.toFixed(0)} ms, min ${times[0]!.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms`;
  } finally {
    await c.end();
    await s.stop();
    await db.drop();
  }
}
