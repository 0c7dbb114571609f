import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, describe, expect } from 'vitest';
import { exited, itOnEachDatabase, startServerProcess } from '../../test/server-process';
import { type FakeProviders, startFakeProviders } from '../notify/channels/fake-providers';

/**
 * kill -9 while a campaign to 10,000 patients is being pushed (issue 17): after the restart every recipient has
 * exactly one message (one row, delivered), and every device was pushed that one notification — a resend of a
 * message the dead process had sent but not recorded carries the same collapse key, so the phone shows it once.
 * The real server process pushes through FCM (the fake, in this process).
 */
const N = 10_000;
const CHUNK = 500;
let fake: FakeProviders;
afterAll(async () => {
  await fake?.close();
});

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const SECRET_KEY = randomBytes(32).toString('base64');
const start = (env: Record<string, string>, port: number) =>
  startServerProcess(port, {
    NODE_ENV: 'development',
    SEED_DEMO: 'false',
    ENABLE_TEST_FIXTURES: '1',
    JOBS_LEASE_SECONDS: '2',
    JOBS_POLL_MS: '200',
    NOTIFY_SECRET_KEY: SECRET_KEY,
    FCM_BASE_URL: `${fake.url}/fcm`,
    NOTIFY_SENDING_LEASE_SECONDS: '3',
    ...env,
  });

type Group = { status: string; recipients: number | null; totals: Record<string, number> };

async function killWhilePushing(env: Record<string, string>, port: number) {
  fake = await startFakeProviders({ googlePublicKey: keys.publicKey });
  const s = start(env, port);
  await s.ready;
  const username = `notify_kill_${process.pid}`;
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const fx = await post(`${s.url}/api/test/v1/fixtures`, { accounts: [{ username, password: 'Notify@123', authorities: ['MANAGER_NOTIFICATION'] }] });
  expect(fx.status).toBe(200);
  const facilityId = ((await fx.json()) as { data: { facilityId: number } }).data.facilityId;
  const bulk = await post(`${s.url}/api/test/v1/fixtures/patients/bulk`, {
    facilityId,
    count: N,
    devicePrefix: 'tok-',
    fcm: { project_id: 'bv-demo', client_email: 'fcm@bv-demo.iam.gserviceaccount.com', private_key: keys.privateKey, token_uri: `${fake.url}/google/token` },
  });
  expect(bulk.status, await bulk.clone().text()).toBe(200);
  const signIn = async (url: string) => {
    const r = await fetch(`${url}/api/his/v1/user/login`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrPhone: username, password: md5('Notify@123') }),
    });
    return { authorization: `Bearer ${((await r.json()) as { data: { loginToken: string } }).data.loginToken}` };
  };
  const auth = await signIn(s.url);
  const created = await post(
    `${s.url}/api/his/v1/notification-groups`,
    { title: 'Lịch tiêm chủng', content: 'Bệnh viện mở đăng ký tiêm chủng cúm mùa từ 01/12.', kind: 'CARE', audience: { all: true } },
    auth,
  );
  expect(created.status, await created.clone().text()).toBe(200);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  expect((await post(`${s.url}/api/his/v1/notification-groups/${id}/send`, {}, auth)).status).toBe(200);
  // killed in the middle of a chunk: some pushes went out and are not yet recorded
  const KILL_AT = 2 * CHUNK + CHUNK / 2;
  for (let i = 0; i < 6000 && fake.of('fcm').length < KILL_AT; i++) await new Promise((r) => setTimeout(r, 5));
  s.proc.kill('SIGKILL');
  await exited(s.proc);
  const atKill = fake.of('fcm').length;
  expect(atKill).toBeGreaterThanOrEqual(KILL_AT);
  expect(atKill).toBeLessThan(N); // killed mid-run

  const again = start(env, port + 1);
  await again.ready;
  const headers = await signIn(again.url);
  let g: Group = { status: 'SENDING', recipients: null, totals: {} };
  for (let i = 0; i < 1800 && g.status !== 'SENT' && g.status !== 'FAILED'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    g = ((await (await fetch(`${again.url}/api/his/v1/notification-groups/${id}`, { headers })).json()) as { data: Group }).data;
  }
  again.proc.kill('SIGTERM');
  await exited(again.proc);
  // one message per recipient, all taken by FCM
  expect(g.status).toBe('SENT');
  expect(g.recipients).toBe(N);
  expect(g.totals).toMatchObject({ SENT: N, FAILED: 0, QUEUED: 0 });
  // every device was pushed, each with one notification (its collapse key): a resend replaces, never adds
  const byToken = new Map<string, Set<string>>();
  for (const r of fake.of('fcm')) {
    const m = (r.body as { message: { token: string; android: { collapse_key: string } } }).message;
    const set = byToken.get(m.token) ?? new Set();
    set.add(m.android.collapse_key);
    byToken.set(m.token, set);
  }
  expect(byToken.size).toBe(N);
  expect([...byToken.values()].filter((k) => k.size !== 1)).toEqual([]);
  // only what the dead process had in hand was pushed again: at most one chunk
  expect(fake.of('fcm').length - N).toBeLessThanOrEqual(CHUNK);
}

describe('a server process killed with SIGKILL while a campaign is pushed', () => {
  itOnEachDatabase(
    {
      pglite: 'on embedded PGlite: after the restart every recipient has exactly one message',
      postgres: 'on PostgreSQL: after the restart every recipient has exactly one message',
    },
    { pglite: 3495, postgres: 3497 },
    killWhilePushing,
    300_000,
  );
});
