/**
 * `npm run bench -- <name> [<name> ...]` runs the named benchmarks (all when none is named)
 * and prints one line of figures per benchmark; docs/performance.md records them.
 * The server must be built first (`npm run build`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { freshPgDatabase, loginToken, md5, root, startServer } from './server';

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

/** Runs the seed CLI against a database, e.g. `--scale large`. */
function seedScale(databaseUrl: string, scale: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/db/seed/cli.ts'), '--scale', scale], {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    p.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed exited with ${code}`))));
  });
}

async function load(url: string, connections = 50, seconds = 10) {
  await autocannon({ url, connections, duration: 3 });
  const r = await autocannon({ url, connections, duration: seconds });
  if (r.non2xx) throw new Error(`${r.non2xx} non-2xx answers from ${url}`);
  return r;
}

benches.lookup = async () => {
  const db = await freshPgDatabase('lookup');
  const path0 = '/api/catalog/v1/emr/medical-services/lookup';
  const cases = [
    { label: 'specific name "sieu am bung" + type 30', q: '?page=0&size=50&type=30&name=sieu%20am%20bung' },
    { label: 'broad name "dinh luong" + type 20', q: '?page=0&size=50&type=20&name=dinh%20luong' },
  ];
  const lines: string[] = [];
  try {
    await seedScale(db.url, 'large');
    const base = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/bench/lookup-baseline.ts'), '3205', db.url], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((r) => base.stdout!.once('data', () => r()));
    for (const cached of [false, true]) {
      const s = await startServer({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: '10', PRICE_LIST_CACHE_SECONDS: cached ? '30' : '0' }, 3204);
      for (const c of cases) {
        const matches = ((await (await fetch(`${s.url}${path0}${c.q}`)).json()) as { totalElements: number }).totalElements;
        const server = await load(`${s.url}${path0}${c.q}`);
        let line = `  ${c.label} (${matches} matches), ${cached ? 'server cache 30 s' : 'no server cache'}: ${server.requests.average.toFixed(0)} req/s, p50 ${server.latency.p50} ms, p99 ${server.latency.p99} ms`;
        if (!cached) {
          const bare = await load(`http://127.0.0.1:3205/${c.q}`);
          line += `; bare pg ${bare.requests.average.toFixed(0)} req/s, p50 ${bare.latency.p50} ms; ratio ${(server.requests.average / bare.requests.average).toFixed(2)}`;
        }
        if (!cached) {
          const one = await autocannon({ url: `${s.url}${path0}${c.q}`, connections: 1, duration: 5 });
          line += `; one client: p50 ${one.latency.p50} ms`;
        }
        lines.push(line);
      }
      await s.stop();
    }
    base.kill();
    return `100,000 services, 50 connections, 10 s each\n${lines.join('\n')}`;
  } finally {
    await db.drop();
  }
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
