/**
 * `npm run bench -- clinic-chat`: how long a private-clinic chat message (issue 20) takes to reach the open screens.
 * The built server starts on a fresh demo database (PGlite in a temporary DATA_DIR; BENCH_CHAT_PG=1: a fresh database
 * on DATABASE_URL's PostgreSQL), 100 WebSockets (BENCH_CHAT_SOCKETS) of MANAGER_SHP sessions (the demo's clinic staff
 * and admin, each signed in several times) open GET /api/live/v1?loginToken=… and subscribe to `clinic-chat`; then the
 * admin posts to the hypertension club group, first 200 messages one every 20 ms (BENCH_CHAT_N, BENCH_CHAT_GAP_MS), then
 * a burst of 100 sent at once (BENCH_CHAT_BURST). For each (message, socket): the delay from the POST being sent to that
 * socket receiving the MESSAGE event. Budget: p99 < 1 s on the 2-core machine. The clients run in this process, so
 * their parsing shares the two cores with the server, as browsers on the same machine would.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { freshPgDatabase, loginToken, rssMb, startServer } from './server';

const SOCKETS = Number(process.env.BENCH_CHAT_SOCKETS ?? 100);
const STEADY = Number(process.env.BENCH_CHAT_N ?? 200);
const GAP_MS = Number(process.env.BENCH_CHAT_GAP_MS ?? 20);
const BURST = Number(process.env.BENCH_CHAT_BURST ?? 100);
const PASSWORD_STAFF = 'Nhanvien@123';
const ACCOUNTS = [
  { username: 'admin', password: 'Admin@123' },
  { username: 'bs.duong', password: PASSWORD_STAFF },
  { username: 'bs.maianh', password: PASSWORD_STAFF },
  { username: 'bs.phuong', password: PASSWORD_STAFF },
  { username: 'dd.hoa', password: PASSWORD_STAFF },
];
const GROUP_NAME = 'CLB Tăng huyết áp – Khoa Tim mạch';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] ?? Number.NaN;
};
const stats = (xs: number[]) =>
  `p50 ${pct(xs, 50).toFixed(0)} ms, p95 ${pct(xs, 95).toFixed(0)} ms, p99 ${pct(xs, 99).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`;

type Sent = { tag: string; at: number; posted?: number; id?: number };

/** Opens one subscribed socket; `onMessage` gets each MESSAGE event's text and id with the arrival time. */
function openSocket(url: string, token: string, onMessage: (text: string, id: number, at: number) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/api/live/v1?loginToken=${token}`);
    const timer = setTimeout(() => reject(new Error('socket not subscribed in 10 s')), 10_000);
    ws.on('message', (raw) => {
      const at = performance.now();
      const m = JSON.parse(String(raw)) as { type: string; event?: string; data?: { message?: { id: number; text: string } } };
      if (m.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', topics: ['clinic-chat'] }));
      else if (m.type === 'subscribed') {
        clearTimeout(timer);
        resolve(ws);
      } else if (m.type === 'event' && m.event === 'MESSAGE' && m.data?.message) onMessage(m.data.message.text, m.data.message.id, at);
    });
    ws.on('error', reject);
  });
}

export async function clinicChatBench(port: number): Promise<string> {
  const onPg = process.env.BENCH_CHAT_PG === '1';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-chat-'));
  const db = onPg ? await freshPgDatabase('chat') : null;
  const env = db ? { DATABASE_URL: db.url, DATABASE_POOL_SIZE: '10', DATA_DIR: dir } : { DATA_DIR: dir, DATABASE_URL: '' };
  const s = await startServer(env, port);
  const sockets: WebSocket[] = [];
  try {
    // sessions: each demo clinic account signed in several times (one session per socket, as one browser tab each)
    const tokens: string[] = [];
    for (let i = 0; i < SOCKETS; i++) {
      const a = ACCOUNTS[i % ACCOUNTS.length]!;
      tokens.push(await loginToken(s.url, a.username, a.password));
    }
    const admin = tokens[0]!;
    const headers = { authorization: `Bearer ${admin}`, 'content-type': 'application/json' };
    const list = (await (await fetch(`${s.url}/api/his/v1/shp/groups-chat/filter?page=0&size=50&kind=GROUP`, { headers })).json()) as {
      data: { id: number; name: string }[];
    };
    const group = list.data.find((g) => g.name === GROUP_NAME);
    if (!group) throw new Error(`no group "${GROUP_NAME}" in the demo`);

    // per socket, the arrival time of each tag
    const arrivals = tokens.map(() => new Map<string, number>());
    const order = tokens.map(() => ({ last: 0, outOfOrder: 0 }));
    for (const [i, token] of tokens.entries()) {
      sockets.push(
        await openSocket(s.url, token, (text, id, at) => {
          const tag = /#(\S+)$/.exec(text)?.[1];
          if (!tag) return;
          arrivals[i]!.set(tag, at);
          if (id < order[i]!.last) order[i]!.outOfOrder++;
          order[i]!.last = Math.max(order[i]!.last, id);
        }),
      );
    }

    const post = async (m: Sent) => {
      m.at = performance.now();
      const r = await fetch(`${s.url}/api/his/v1/shp/groups-chat/${group.id}/messages`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ text: `Đo kiểm độ trễ tin nhắn #${m.tag}` }),
      });
      if (!r.ok) throw new Error(`POST ${r.status} ${await r.text()}`);
      m.posted = performance.now() - m.at;
      m.id = ((await r.json()) as { data: { id: number } }).data.id;
    };
    const waitAll = async (sent: Sent[]) => {
      const until = performance.now() + 15_000;
      while (performance.now() < until && !sent.every((m) => arrivals.every((a) => a.has(m.tag)))) await new Promise((r) => setTimeout(r, 50));
    };
    const measure = (sent: Sent[]) => {
      const delays: number[] = [];
      let missing = 0;
      for (const m of sent)
        for (const a of arrivals) {
          const at = a.get(m.tag);
          if (at === undefined) missing++;
          else delays.push(at - m.at);
        }
      return { delays, missing, posts: sent.map((m) => m.posted!) };
    };

    // warm-up: 10 messages, not counted
    const warm = Array.from({ length: 10 }, (_, i): Sent => ({ tag: `w${i}`, at: 0 }));
    for (const m of warm) await post(m);
    await waitAll(warm);

    const cpu = () =>
      fs
        .readFileSync(`/proc/${s.proc.pid}/stat`, 'utf8')
        .split(') ')[1]!
        .split(' ')
        .slice(11, 13)
        .reduce((a, b) => a + Number(b), 0) * 10;

    // steady: one message every GAP_MS, not waiting for the answers
    const steady = Array.from({ length: STEADY }, (_, i): Sent => ({ tag: `s${i}`, at: 0 }));
    const cpu0 = cpu();
    const t0 = performance.now();
    const pending: Promise<void>[] = [];
    for (const [i, m] of steady.entries()) {
      const due = t0 + i * GAP_MS;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      pending.push(post(m));
    }
    await Promise.all(pending);
    await waitAll(steady);
    const steadyCpu = cpu() - cpu0;
    const steadyWall = performance.now() - t0;

    // burst: all at once
    const burst = Array.from({ length: BURST }, (_, i): Sent => ({ tag: `b${i}`, at: 0 }));
    const tb = performance.now();
    await Promise.all(burst.map(post));
    const burstPosted = performance.now() - tb;
    await waitAll(burst);
    const burstAll = performance.now() - tb;

    const a = measure(steady);
    const b = measure(burst);
    const outOfOrder = order.reduce((n, o) => n + o.outOfOrder, 0);
    const db_ = onPg ? 'PostgreSQL (pool 10)' : 'PGlite';
    return [
      `${SOCKETS} sockets subscribed to clinic-chat (sessions of admin and the four PHONG_KHAM staff, 20 each), the admin posting to "${GROUP_NAME}", ${db_}, server RSS ${rssMb(s.proc.pid).toFixed(0)} MB`,
      `  steady, ${STEADY} messages one every ${GAP_MS} ms (${a.delays.length} deliveries, ${a.missing} missing): POST → socket ${stats(a.delays)}; POST answered ${stats(a.posts)}; server CPU ${(steadyCpu / STEADY).toFixed(1)} ms/message over ${(steadyWall / 1000).toFixed(1)} s`,
      `  burst, ${BURST} messages at once (${b.delays.length} deliveries, ${b.missing} missing): POST → socket ${stats(b.delays)}; POST answered ${stats(b.posts)}; all answered in ${burstPosted.toFixed(0)} ms, all delivered in ${burstAll.toFixed(0)} ms`,
      `  messages out of id order on a socket: ${outOfOrder}`,
    ].join('\n');
  } finally {
    for (const ws of sockets) ws.terminate();
    await s.stop();
    if (db) await db.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
