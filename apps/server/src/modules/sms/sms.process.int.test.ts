import { createHash } from 'node:crypto';
import { afterAll, describe, expect } from 'vitest';
import { exited, itOnEachDatabase, startServerProcess } from '../../test/server-process';
import { type FakeProviders, startFakeProviders } from '../notify/channels/fake-providers';

/**
 * kill -9 while a batch of 5,000 SMS is being sent (issue 17): after the restart every number got exactly one
 * message. The real server process sends through eSMS (the fake, in this process, which like eSMS refuses a
 * repeated RequestId); the messages the dead process had taken are taken again after the sending lease and
 * resent under the same RequestId, which eSMS does not send twice.
 */
const N = 5_000;
let fake: FakeProviders;
afterAll(async () => {
  await fake?.close();
});

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const start = (env: Record<string, string>, port: number) =>
  startServerProcess(port, {
    NODE_ENV: 'development',
    SEED_DEMO: 'false',
    ENABLE_TEST_FIXTURES: '1',
    JOBS_LEASE_SECONDS: '2',
    JOBS_POLL_MS: '200',
    SMS_PROVIDER: 'ESMS',
    ESMS_API_KEY: 'KEY',
    ESMS_SECRET_KEY: 'SECRET',
    SMS_BRANDNAME: 'BV_ANPHUC',
    ESMS_BASE_URL: `${fake.url}/esms`,
    SMS_SENDING_LEASE_SECONDS: '3',
    ...env,
  });

async function killWhileSending(env: Record<string, string>, port: number) {
  fake = await startFakeProviders({ record: false, esms: { apiKey: 'KEY', secretKey: 'SECRET' } });
  const s = start(env, port);
  await s.ready;
  const username = `sms_kill_${process.pid}`;
  const fx = await fetch(`${s.url}/api/test/v1/fixtures`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accounts: [{ username, password: 'Sms@12345', authorities: ['MANAGER_SMS'] }] }),
  });
  expect(fx.status).toBe(200);
  const signIn = async (url: string) => {
    const r = await fetch(`${url}/api/his/v1/user/login`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrPhone: username, password: md5('Sms@12345') }),
    });
    return { authorization: `Bearer ${((await r.json()) as { data: { loginToken: string } }).data.loginToken}`, 'content-type': 'application/json' };
  };
  const phones = Array.from({ length: N }, (_, i) => `09${String(20_000_000 + i).slice(-8)}`);
  const sent = await fetch(`${s.url}/api/his/v1/sms/batches`, {
    method: 'POST',
    headers: await signIn(s.url),
    body: JSON.stringify({ content: 'Nhac lich kham', kind: 'CARE', phones: phones.join('\n') }),
  });
  expect(sent.status).toBe(200);
  const id = ((await sent.json()) as { data: { id: number } }).data.id;
  // killed in the middle of a chunk of 100 (not at its end): some messages are accepted by eSMS and not yet recorded
  const KILL_AT = N / 5 + 50;
  for (let i = 0; i < 6000 && fake.esmsSentTo().size < KILL_AT; i++) await new Promise((r) => setTimeout(r, 5));
  s.proc.kill('SIGKILL');
  await exited(s.proc);
  const atKill = fake.esmsSentTo().size;
  expect(atKill).toBeGreaterThanOrEqual(KILL_AT);
  expect(atKill).toBeLessThan(N); // killed mid-run

  const again = start(env, port + 1);
  await again.ready;
  const headers = await signIn(again.url);
  let counts = { queued: N, sent: 0, failed: 0 };
  for (let i = 0; i < 1200 && counts.queued > 0; i++) {
    await new Promise((r) => setTimeout(r, 100));
    counts = ((await (await fetch(`${again.url}/api/his/v1/sms/batches/${id}`, { headers })).json()) as { data: { counts: typeof counts } }).data.counts;
  }
  again.proc.kill('SIGTERM');
  await exited(again.proc);
  expect(counts).toMatchObject({ queued: 0, sent: N, failed: 0 });
  const got = fake.esmsSentTo();
  expect(got.size).toBe(N);
  expect([...got.values()].filter((c) => c !== 1)).toEqual([]);
}

describe('a server process killed with SIGKILL while a batch of SMS is sent', () => {
  itOnEachDatabase(
    {
      pglite: 'on embedded PGlite: after the restart every number got exactly one message',
      postgres: 'on PostgreSQL: after the restart every number got exactly one message',
    },
    { pglite: 3491, postgres: 3493 },
    killWhileSending,
    240_000,
  );
});
