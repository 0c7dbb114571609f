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
import { areasBench } from './areas';
import { bookingsBulkAcceptBench, bookingsListBench } from './bookings';
import { doctorsBench } from './doctors';
import { jobsBench } from './jobs';
import { bookingsListingBench } from './listings';
import { liveBench } from './live';
import { logsBench } from './logs';
import { pagesBench } from './pages';
import { reportsBench } from './reports';
import { acronymsBench, smartSearchBench } from './smart-search';
import { notifyBench } from './notify';
import { newsBench } from './news';
import { questionsBench } from './questions';
import { clinicChatBench } from './clinic-chat';
import { rateReportBench } from './rate-report';
import { clinicRemindersBench } from './clinic-reminders';
import { smsBench } from './sms';
import { audienceBench, campaignBench } from './notification-groups';
import { appConfigBench } from './app-config';
import { hisSyncBench } from './his-sync';
import { fhirAppointmentsBench } from './fhir-appointments';
import { displayFanoutBench, displayMemoryBench } from './display-fanout';
import pg from 'pg';
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
  // BENCH_LOOKUP_DATABASE_URL reuses a database already seeded with --scale large (nothing is dropped then)
  const reuse = process.env.BENCH_LOOKUP_DATABASE_URL;
  const db = reuse ? { url: reuse, drop: async () => {} } : await freshPgDatabase('lookup');
  const path0 = '/api/catalog/v1/emr/medical-services/lookup';
  const cases = [
    { label: 'specific name "sieu am bung" + type 30', q: '?page=0&size=50&type=30&name=sieu%20am%20bung' },
    { label: 'broad name "dinh luong" + type 20', q: '?page=0&size=50&type=20&name=dinh%20luong' },
  ];
  const lines: string[] = [];
  try {
    if (!reuse) await seedScale(db.url, 'large');
    const base = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/bench/lookup-baseline.ts'), '3205', db.url], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
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

/**
 * Patient search and booking suggest on 500,000 patients (PostgreSQL): `npm run seed -- --scale large`
 * into a fresh database (or BENCH_PATIENTS_DATABASE_URL, already seeded), then p50 per query shape
 * at 1 and 10 connections. Ports 3310+.
 */
async function patientsBench(kind: 'search' | 'suggest'): Promise<string> {
  const reuse = process.env.BENCH_PATIENTS_DATABASE_URL;
  const db = reuse ? { url: reuse, drop: async () => {} } : await freshPgDatabase(`patients_${kind}`);
  const lines: string[] = [];
  try {
    if (!reuse) await seedScale(db.url, 'large');
    const s = await startServer({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: '10' }, kind === 'search' ? 3310 : 3311);
    try {
      const token = await loginToken(s.url, 'admin', 'Admin@123');
      const headers = { authorization: `Bearer ${token}` };
      const cases =
        kind === 'search'
          ? [
              ['name fragment "nguyen van h"', '/api/his/v1/vendor/users/search?size=20&q=nguyen%20van%20h'],
              ['name fragment "tran thi thu"', '/api/his/v1/vendor/users/search?size=20&q=tran%20thi%20thu'],
              ['broad name "nguyen"', '/api/his/v1/vendor/users/search?size=20&q=nguyen'],
              ['phone prefix "0912"', '/api/his/v1/vendor/users/search?size=20&q=0912'],
              ['words in any order "hung nguyen"', '/api/his/v1/vendor/users/search?size=20&q=hung%20nguyen'],
              ['no search, newest first', '/api/his/v1/vendor/users/search?size=20'],
            ]
          : [
              ['name "nguyen van"', '/api/his/v1/vendor/medical-profiles/suggest?q=nguyen%20van'],
              ['name "le thi h"', '/api/his/v1/vendor/medical-profiles/suggest?q=le%20thi%20h'],
              ['phone "0912"', '/api/his/v1/vendor/medical-profiles/suggest?q=0912'],
              ['CCCD "00109"', '/api/his/v1/vendor/medical-profiles/suggest?q=00109'],
            ];
      for (const [label, path0] of cases) {
        const body = (await (await fetch(`${s.url}${path0}`, { headers })).json()) as { totalElements?: number; totalCapped?: boolean; data: unknown[] };
        const found = body.totalElements !== undefined ? `${body.totalCapped ? '> ' : ''}${body.totalElements} matches` : `${body.data.length} suggestions`;
        const one = await autocannon({ url: `${s.url}${path0}`, headers, connections: 1, duration: 5 });
        const ten = await autocannon({ url: `${s.url}${path0}`, headers, connections: 10, duration: 5 });
        if (one.non2xx || ten.non2xx) throw new Error(`non-2xx answers from ${path0}`);
        lines.push(
          `  ${label} (${found}): one client p50 ${one.latency.p50} ms, p99 ${one.latency.p99} ms; 10 connections ${ten.requests.average.toFixed(0)} req/s, p50 ${ten.latency.p50} ms`,
        );
      }
    } finally {
      await s.stop();
    }
    return `500,000 + 5,000 demo patient accounts on PostgreSQL\n${lines.join('\n')}`;
  } finally {
    await db.drop();
  }
}
benches['patients-search'] = () => patientsBench('search');
benches['patients-suggest'] = () => patientsBench('suggest');

/** The logs screen: a page of 50 over 5,000,000 audit rows, filtered by account, on PostgreSQL. */
benches.logs = () => logsBench();

/** Gzipped JavaScript of the first visits, and first contentful paint in headless Chromium. */
benches.pages = () => pagesBench(Number(process.env.BENCH_PORT ?? 3206));

/** The admin service list (/admin/service): a page of 50 over 100,000 services with a search, on PostgreSQL. */
benches['services-admin'] = async () => {
  const db = await freshPgDatabase('services_admin');
  const cases = [
    { label: 'name words "sieu am bung"', q: 'q=sieu%20am%20bung' },
    { label: 'code fragment "cdha.03"', q: 'q=cdha.03' },
    { label: 'type 20 + "dinh luong", sorted by price', q: 'typeValue=20&q=dinh%20luong&sort=price,desc' },
  ];
  try {
    await seedScale(db.url, 'large');
    const s = await startServer({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: '10' }, 3207);
    const headers = { authorization: `Bearer ${await loginToken(s.url, 'admin', 'Admin@123')}` };
    const lines: string[] = [];
    for (const c of cases) {
      const url = `${s.url}/api/catalog/v1/medical-services?page=0&size=50&${c.q}`;
      const total = ((await (await fetch(url, { headers })).json()) as { totalElements: number }).totalElements;
      await autocannon({ url, headers, connections: 1, duration: 2 }); // warm-up
      const one = await autocannon({ url, headers, connections: 1, duration: 5 });
      const many = await autocannon({ url, headers, connections: 20, duration: 5 });
      lines.push(
        `  ${c.label} (${total} matches): one client p50 ${one.latency.p50} ms, p99 ${one.latency.p99} ms; 20 connections ${many.requests.average.toFixed(0)} req/s, p50 ${many.latency.p50} ms`,
      );
    }
    await s.stop();
    return `100,000+ services, page of 50\n${lines.join('\n')}`;
  } finally {
    await db.drop();
  }
};

/**
 * A catalogue list page through the generic routes: 50 rooms (two ref joins for the department and
 * specialty names, plus the count) out of 10,000 of one facility, with a search term, on PostgreSQL.
 */
benches['catalog-list'] = async () => {
  const db = await freshPgDatabase('catalog');
  const port = Number(process.env.BENCH_PORT ?? 3209);
  let s = await startServer({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: '10' }, port);
  const lines: string[] = [];
  try {
    await s.stop(); // migrated and seeded; now add the volume
    const { normalizeText } = await import('../../packages/shared/src/rules/diacritics');
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const [{ id: facility }] = (await c.query<{ id: number }>('SELECT id FROM facilities ORDER BY id LIMIT 1')).rows;
    const depts = (await c.query<{ id: number; name: string }>('SELECT id, name FROM departments WHERE facility_id = $1 ORDER BY id', [facility])).rows;
    const specs = (await c.query<{ id: number; name: string }>('SELECT id, name FROM specialties WHERE facility_id = $1 ORDER BY id', [facility])).rows;
    const kinds = ['Phòng khám', 'Phòng siêu âm', 'Phòng nội soi', 'Phòng thủ thuật', 'Phòng tư vấn'];
    for (let start = 0; start < 10_000; start += 1_000) {
      const codes: string[] = [];
      const names: string[] = [];
      const search: string[] = [];
      const deptIds: number[] = [];
      const specIds: number[] = [];
      for (let i = start; i < start + 1_000; i++) {
        const spec = specs[i % specs.length]!;
        const code = `BR${String(i).padStart(5, '0')}`;
        const name = `${kinds[i % kinds.length]} ${spec.name} ${Math.floor(i / specs.length) + 1}`;
        codes.push(code);
        names.push(name);
        search.push(normalizeText(`${code} ${name}`));
        deptIds.push(depts[i % depts.length]!.id);
        specIds.push(spec.id);
      }
      await c.query(
        `INSERT INTO rooms (facility_id, code, name, search_text, department_id, specialty_id)
         SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::int[])`,
        [facility, codes, names, search, deptIds, specIds],
      );
    }
    await c.query('VACUUM ANALYZE rooms');
    const [{ n }] = (await c.query<{ n: number }>('SELECT count(*)::int AS n FROM rooms WHERE facility_id = $1', [facility])).rows;
    await c.end();

    s = await startServer({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: '10' }, port);
    const token = await loginToken(s.url, 'admin', 'Admin@123');
    const headers = { authorization: `Bearer ${token}` };
    const cases = [
      { label: 'specific "tim mach 12"', q: 'tim%20mach%2012' },
      { label: 'broad "noi soi"', q: 'noi%20soi' },
      { label: 'every row matches "phong", default sort (code)', q: 'phong' },
      { label: 'broad "phong" sorted by department name', q: 'phong&sort=departmentId,asc' },
    ];
    for (const k of cases) {
      const url = `${s.url}/api/catalog/v1/rooms?page=0&size=50&q=${k.q}`;
      const body = (await (await fetch(url, { headers })).json()) as { totalElements: number; data: unknown[] };
      const one = await autocannon({ url, headers, connections: 1, duration: 3 }); // warm-up
      // CPU time of the server process per request: unlike latency, it does not grow when other
      // processes share the cores (Linux /proc: utime + stime in clock ticks of 10 ms).
      const cpu = () =>
        fs
          .readFileSync(`/proc/${s.proc.pid}/stat`, 'utf8')
          .split(') ')[1]!
          .split(' ')
          .slice(11, 13)
          .reduce((a, b) => a + Number(b), 0) * 10;
      const cpu0 = cpu();
      const r1 = await autocannon({ url, headers, connections: 1, duration: 8 });
      const cpuPerRequest = (cpu() - cpu0) / r1.requests.total;
      const r10 = await autocannon({ url, headers, connections: 10, duration: 8 });
      if (one.non2xx || r1.non2xx || r10.non2xx) throw new Error('non-2xx answers');
      lines.push(
        `  ${k.label} (${body.totalElements} matches, ${body.data.length} rows): one client p50 ${r1.latency.p50} ms, p99 ${r1.latency.p99} ms, ${r1.requests.average.toFixed(0)} req/s, server CPU ${cpuPerRequest.toFixed(2)} ms/request; 10 connections p50 ${r10.latency.p50} ms, p99 ${r10.latency.p99} ms, ${r10.requests.average.toFixed(0)} req/s`,
      );
    }
    return `${n} rooms of one facility, page of 50 with department and specialty names\n${lines.join('\n')}`;
  } finally {
    if (s.proc.exitCode === null) await s.stop();
    await db.drop();
  }
};

/** The doctor list over 10,000 doctors (search, specialty filter, select), on PostgreSQL. */
benches.doctors = () => doctorsBench(3208);

/** Bookings over ~1,000,000 rows (seed --scale bookings): the day list at 50 connections, and bulk accept of 50. */
benches['bookings-list'] = () => bookingsListBench(Number(process.env.BENCH_PORT ?? 3131), seedScale);
benches['bookings-bulk-accept'] = () => bookingsBulkAcceptBench(Number(process.env.BENCH_PORT ?? 3131), seedScale);
/** A doctor's and a medical schedule's bookings, paged and sorted by the spec's properties (issue 15). */
benches['bookings-listing'] = () => bookingsListingBench(Number(process.env.BENCH_PORT ?? 3131), seedScale);
/** A booking change reaching another open browser (budget < 1 s). Ports BENCH_PORT+10 and +11. */
benches.live = () => liveBench(Number(process.env.BENCH_PORT ?? 3131) + 10, seedScale);

/** Jobs (issue 13): what an enqueue adds to a request's transaction, and 1,000 trivial jobs drained (PostgreSQL; PGlite for reference). */
benches.jobs = jobsBench;

/** Issue 15: the smart search over 500,000 patients, 1,000,000 bookings and 100,000 services (p50 < 30 ms), and what acronyms add to a price-list search (< 1 ms). */
benches['smart-search'] = () => smartSearchBench(Number(process.env.BENCH_PORT ?? 3221), seedScale);
benches.acronyms = () => acronymsBench(Number(process.env.BENCH_PORT ?? 3221) + 1, seedScale);
/** National areas (issue 15): loading them on an empty PGlite, the next start, the address index, validations. */
benches.areas = areasBench;
/** The booking reports of a month and a year, and the streamed export of a year's bookings, over 1,000,000 bookings. */
benches.reports = () => reportsBench(Number(process.env.BENCH_PORT ?? 3251), seedScale);

/** SMS (issue 17): a 10,000-number batch queued and sent through the fake eSMS (≥ 500 messages/s). */
benches.sms = () => smsBench(Number(process.env.BENCH_PORT ?? 3261));
/** Notifications (issue 17): a campaign to 100,000 accounts pushed through the fake FCM (≥ 500 messages/s, memory < 100 MB, the desk list within 20 %). */
benches.notify = () => notifyBench(Number(process.env.BENCH_PORT ?? 3263));
/** Notification groups (issue 17): the audience count with three filters over 500,000 patients (p50 < 200 ms), a campaign to 100,000 queued (< 30 s). */
benches.audience = () => audienceBench(Number(process.env.BENCH_PORT ?? 3271), seedScale);
benches.campaign = () => campaignBench(Number(process.env.BENCH_PORT ?? 3272), seedScale);
/** The patient app's home (issue 18): the public menu and banners at 50 connections, and a hidden banner leaving the public list. */
benches['app-config'] = () => appConfigBench(Number(process.env.BENCH_PORT ?? 3203));

/** News (issue 18): the public list and an article by alias (p50 < 10 ms, ≥ 1,000 req/s at 50 connections). */
benches.news = () => newsBench(Number(process.env.BENCH_PORT ?? 3281));
/** Questions (issue 19): the moderators' list with a status filter and a text search over 200,000 questions (p50 < 20 ms). */
benches.questions = () => questionsBench(Number(process.env.BENCH_PORT ?? 3291));

/** Patients' feedback (issue 19): the rate report of a year over 1,000,000 feedbacks (p50 < 300 ms), beside the same report without its rollup. */
benches['rate-report'] = () => rateReportBench(Number(process.env.BENCH_PORT ?? 3410));
/** Private clinic chat (issue 20): a message reaching 100 subscribed sockets, steady and in a burst (p99 < 1 s). BENCH_CHAT_PG=1 on PostgreSQL. */
benches['clinic-chat'] = () => clinicChatBench(Number(process.env.BENCH_PORT ?? 3320));
/** Medicine reminders (issue 20): the dose sweep of 10,000 members taking 3 doses a day, each run < 5 s. */
benches['clinic-reminders'] = clinicRemindersBench;
/** HIS sync (issue 21): 10,000 services from the simulator (< 60 s) with the price list read throughout (p50 < 2× idle). */
benches['his-sync'] = () => hisSyncBench(Number(process.env.BENCH_PORT ?? 3330));
/** The FHIR façade (issue 21): a day of 2,000 bookings read by a HIS, Appointment?date=<day>&_count=50 (p50 < 50 ms), PGlite and PostgreSQL. */
benches['fhir-appointments'] = fhirAppointmentsBench;
benches['display-fanout'] = displayFanoutBench;
benches['display-memory'] = displayMemoryBench;

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
