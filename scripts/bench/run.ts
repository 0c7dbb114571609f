/**
 * `npm run bench -- <name> [<name> ...]` runs the named benchmarks (all when none is named)
 * and prints one line of figures per benchmark; docs/performance.md records them.
 * The server must be built first (`npm run build`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freshPgDatabase, loginToken, md5, startServer } from './server';

type Bench = () => Promise<string>;

const benches: Record<string, Bench> = {
  /** Built server start to first answer on PGlite: first start (migrate + seed) and a restart. */
  async start() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
    const first = await startServer({ DATA_DIR: dir, DATABASE_URL: '' }, 3201);
    await first.stop();
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await startServer({ DATA_DIR: dir, DATABASE_URL: '' }, 3201);
      times.push(s.startMs);
      await s.stop();
    }
    fs.rmSync(dir, { recursive: true, force: true });
    return `first start (migrate + seed demo) ${first.startMs.toFixed(0)} ms; restart ${times.map((t) => t.toFixed(0)).join(' / ')} ms`;
  },

  /** GET /api/his/v1/user/me at 50 connections on PostgreSQL. */
  async me() {
    const db = await freshPgDatabase('me');
    const s = await startServer({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: process.env.BENCH_POOL ?? '10' }, 3202);
    try {
      const token = await loginToken(s.url, 'admin', 'Admin@123');
      const opts = { url: `${s.url}/api/his/v1/user/me`, connections: 50, headers: { authorization: `Bearer ${token}` } };
      await autocannon({ ...opts, duration: 3 }); // warm-up
      const r = await autocannon({ ...opts, duration: 10 });
      if (r.non2xx) throw new Error(`${r.non2xx} non-2xx answers`);
      return `${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms (50 connections, 10 s, ${r.requests.total} requests)`;
    } finally {
      await s.stop();
      await db.drop();
    }
  },

  /** Sign-in latency with OWASP's argon2id parameters (m=19 MiB, t=2, p=1), on PostgreSQL. */
  async login() {
    const db = await freshPgDatabase('login');
    const s = await startServer({ DATABASE_URL: db.url }, 3203);
    try {
      const r = await autocannon({
        url: `${s.url}/api/his/v1/user/login`,
        method: 'PUT',
        connections: 1,
        duration: 8,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ emailOrPhone: 'admin', password: md5('Admin@123') }),
      });
      if (r.non2xx) throw new Error(`${r.non2xx} non-2xx answers`);
      return `p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.requests.average.toFixed(0)} sign-ins/s on one connection`;
    } finally {
      await s.stop();
      await db.drop();
    }
  },
};

const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const chosen = names.length ? names : Object.keys(benches);
for (const name of chosen) {
  const bench = benches[name];
  if (!bench) {
    console.error(`Không có benchmark "${name}". Có: ${Object.keys(benches).join(', ')}`);
    process.exit(2);
  }
  const result = await bench();
  console.log(`${name}: ${result}`);
}
