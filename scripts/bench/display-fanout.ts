/**
 * `npm run bench -- display-fanout` (issue 22; docs/waiting-room.md): a call reaching 50 open calling screens. The
 * server listens on a real port; 50 WebSocket clients say hello with the same display link (one room), and a nurse's
 * console calls the next patient, then recalls, BENCH_DISPLAY_ROUNDS times (default 100). For each call: the time from
 * the console's request leaving to each screen receiving the announcement (50 figures per call). The clients run in
 * the benchmark's process, apart from the server's only by the socket, which makes the figures a little worse than a
 * server of its own. On PGlite in a temporary directory, and on PostgreSQL too when DATABASE_URL is set.
 * Budget: p99 under 1 s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { freshPgDatabase, md5 } from './server';

const SCREENS = 50;
const TOKEN = 'bench-display-token-0123456789';

async function onDatabase(kind: 'PGlite' | 'PostgreSQL', rounds: number, measure: Measure = fanout): Promise<string> {
  const { openDatabase } = await import('../../apps/server/src/core/db');
  const { loadConfig } = await import('../../apps/server/src/config');
  const { buildApp } = await import('../../apps/server/src/app');
  const { createAccount, createFacility } = await import('../../apps/server/src/db/seed/factories');
  const { makeClinic, makeSlots, makeProfiles } = await import('../../apps/server/src/modules/appointments/appointments.fixtures');
  const { hashToken } = await import('../../apps/server/src/modules/queue/screens.service');
  const { todayVn } = await import('../../packages/shared/src/rules/time');
  const dir = kind === 'PGlite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-display-')) : null;
  const pgdb = dir ? null : await freshPgDatabase('display');
  const database = await openDatabase(dir ? { dataDir: dir } : { url: pgdb!.url, poolSize: 10 });
  const sockets: WebSocket[] = [];
  try {
    await database.migrate();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' });
    const cost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
    const today = todayVn();
    const roomId = await database.transaction(async (tx) => {
      const f = await createFacility(tx, { code: `BENCH-DISPLAY-${process.pid}`, name: 'Bệnh viện đo màn hình gọi số' });
      const nurse = await createAccount(
        tx,
        { facilityId: f.id, username: 'dieuduong.bench', password: 'Nhanvien@123', name: 'Điều dưỡng', authorities: ['MANAGER_ROOM_QUEUE'] },
        cost,
      );
      const clinic = await makeClinic(tx, f.id, 'Nội');
      const [slot] = await makeSlots(tx, f.id, clinic, today, { start: '00:00', end: '23:30', minutes: 30, capacity: 5 });
      const profiles = await makeProfiles(tx, f.id, rounds + 5);
      // patients checked in, waiting with numbers 1…: the console calls them one by one
      await tx.execute(sql`INSERT INTO bookings (facility_id, code, medical_profile_id, time_slot_id, schedule_id, doctor_id, room_id, department_id,
          date, start_time, end_time, status, fhir_status, source, queue_number, checked_in_at)
        SELECT ${f.id}, 'DKB' || lpad(g::text, 8, '0'), (${sql.param(profiles)}::int[])[g], ${slot!.id}, ${slot!.scheduleId}, ${clinic.doctorId}, ${clinic.roomId},
          ${clinic.departmentId}, ${today}, '00:00', '00:30', 'CHECKED_IN', 'arrived', 'COUNTER', g, now()
        FROM generate_series(1, ${profiles.length}) g`);
      await tx.execute(
        sql`INSERT INTO queue_counters (room_id, date, facility_id, last_number) VALUES (${clinic.roomId}, ${today}, ${f.id}, ${profiles.length})`,
      );
      await tx.execute(sql`INSERT INTO account_rooms (account_id, room_id) VALUES (${nurse.id}, ${clinic.roomId})`);
      await tx.execute(sql`INSERT INTO queue_screens (facility_id, kind, name, token_hash, token_hint, room_ids) VALUES
        (${f.id}, 'DISPLAY', 'Sảnh chờ', ${hashToken(TOKEN)}, 'bench-', ARRAY[${clinic.roomId}]::int[])`);
      return clinic.roomId;
    });

    const app = await buildApp(config, database);
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const login = await fetch(`http://${base}/api/his/v1/user/login`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ emailOrPhone: 'dieuduong.bench', password: md5('Nhanvien@123') }),
      });
      const token = ((await login.json()) as { data: { loginToken: string } }).data.loginToken;
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

      return await measure({ base, roomId, headers, rounds, sockets, kind });
    } finally {
      for (const ws of sockets) ws.close();
      await app.close();
    }
  } finally {
    await database.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    if (pgdb) await pgdb.drop();
  }
}

interface Setup {
  base: string;
  roomId: number;
  headers: Record<string, string>;
  rounds: number;
  sockets: WebSocket[];
  kind: string;
}
type Measure = (s: Setup) => Promise<string>;

/** One call or recall of the room by the console; the booking now called. */
async function consoleCall(s: Setup, recall: boolean, current: number): Promise<number> {
  const res = await fetch(`http://${s.base}/api/queue/v1/rooms/${s.roomId}/${recall ? 'recall' : 'call-next'}`, {
    method: 'POST',
    headers: s.headers,
    body: JSON.stringify(recall ? { bookingId: current } : {}),
  });
  const body = (await res.json()) as { code: number; data: { current: { bookingId: number } } };
  if (body.code !== 0) throw new Error(JSON.stringify(body).slice(0, 300));
  return body.data.current.bookingId;
}

async function fanout(s: Setup): Promise<string> {
  // each screen: when it receives the announcement of the call being measured
  let waitingFor: { got: number[]; done: () => void } | null = null;
  for (let i = 0; i < SCREENS; i++) {
    const ws = new WebSocket(`ws://${s.base}/api/queue/v1/display/live`);
    s.sockets.push(ws);
    await new Promise((r) => ws.on('open', r));
    const ready = new Promise((r) => ws.once('message', r));
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw)) as { type: string };
      if (m.type !== 'announce' || !waitingFor) return;
      waitingFor.got.push(performance.now());
      if (waitingFor.got.length === SCREENS) waitingFor.done();
    });
    ws.send(JSON.stringify({ type: 'hello', token: TOKEN }));
    await ready;
  }
  const times: number[] = [];
  let current = 0;
  for (let i = 0; i < s.rounds + 5; i++) {
    const arrived = new Promise<void>((resolve) => {
      waitingFor = { got: [], done: resolve };
    });
    const start = performance.now();
    current = await consoleCall(s, i % 2 === 1, current);
    await Promise.race([arrived, new Promise((_, reject) => setTimeout(() => reject(new Error('announcement lost')), 5000))]);
    if (i >= 5) for (const at of waitingFor!.got) times.push(at - start); // the first five warm up
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
  return `${s.kind}: ${s.rounds} calls and recalls to ${SCREENS} screens (${times.length} deliveries): p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${times.at(-1)!.toFixed(1)} ms`;
}

/**
 * `npm run bench -- display-memory` (after `npm run build`: the page is the built /display): one calling screen in
 * headless Chromium through BENCH_DISPLAY_CALLS calls and recalls (default 1,000: a busy room's two days), each
 * flashed and played (clips: this Chromium has no Vietnamese voice); its JavaScript heap, DOM nodes and listeners
 * after a garbage collection, after 50 calls and at the end.
 * A screen that leaked would grow with the calls.
 */
async function memory(s: Setup): Promise<string> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`http://${s.base}/display#${TOKEN}`);
    await page.getByTestId('room-panel').waitFor();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const sample = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
      return { heap: get('JSHeapUsedSize') / 1024 / 1024, nodes: get('Nodes'), listeners: get('JSEventListeners') };
    };
    let current = 0;
    const calls = async (n: number, from: number) => {
      for (let i = from; i < from + n; i++) {
        current = await consoleCall(s, i % 2 === 1, current);
      }
      await page.waitForTimeout(1500);
    };
    await calls(50, 0);
    const before = await sample();
    await calls(s.rounds, 50);
    const after = await sample();
    const f = (x: { heap: number; nodes: number; listeners: number }) => `heap ${x.heap.toFixed(1)} MB, ${x.nodes} DOM nodes, ${x.listeners} listeners`;
    return `${s.kind}: after 50 calls ${f(before)}; after ${s.rounds + 50} ${f(after)}`;
  } finally {
    await browser.close();
  }
}

export async function displayMemoryBench(): Promise<string> {
  return onDatabase('PGlite', Number(process.env.BENCH_DISPLAY_CALLS ?? 1000), memory);
}

export async function displayFanoutBench(): Promise<string> {
  const rounds = Number(process.env.BENCH_DISPLAY_ROUNDS ?? 100);
  const out = [await onDatabase('PGlite', rounds)];
  if (process.env.DATABASE_URL) out.push(await onDatabase('PostgreSQL', rounds));
  return out.join('\n');
}
