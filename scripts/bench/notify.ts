import { generateKeyPairSync, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { encryptSecrets } from '../../apps/server/src/core/secrets';
import { startFakeProviders } from '../../apps/server/src/modules/notify/channels/fake-providers';
import { freshPgDatabase, loginToken, startServer, rssMb } from './server';

/**
 * Pushing a campaign (issue 17): the demo hospital on a fresh PostgreSQL database plus 100,000 patient accounts with
 * an Android device each (BENCH_NOTIFY_N changes the count), its push channel set to FCM — the fake provider, in this
 * process, answering like FCM HTTP v1 (OAuth token, one request per message). A campaign to every account is sent
 * through the API; measured: the time until the notify.campaign job has queued every message, then until
 * notify.send has pushed them all (messages per second), the server's resident memory meanwhile, and the desk's
 * booking list (one client, p50) idle and while it sends.
 */
const PATH = '/api/his/v1/notification-groups';

async function addAccounts(url: string, n: number, secretKey: Buffer, fake: string, privateKey: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(`SELECT facility_id AS id FROM accounts WHERE username = 'admin'`);
    const fid = rows[0]!.id;
    await client.query(
      `INSERT INTO patient_users (facility_id, name, phone, verified)
       SELECT $1, 'Bệnh nhân ' || i, '08' || lpad(i::text, 8, '0'), true FROM generate_series(1, $2::int) i`,
      [fid, n],
    );
    await client.query(
      `INSERT INTO patient_devices (facility_id, user_id, platform, token)
       SELECT facility_id, id, 'ANDROID', 'bench-' || id FROM patient_users WHERE facility_id = $1 AND phone LIKE '08%'`,
      [fid],
    );
    const serviceAccount = JSON.stringify({
      project_id: 'bv-an-phuc',
      client_email: 'fcm@bv-an-phuc.iam.gserviceaccount.com',
      private_key: privateKey,
      token_uri: `${fake}/google/token`,
    });
    await client.query(`INSERT INTO notify_channel_settings (facility_id, channel, provider, settings, secrets) VALUES ($1, 'PUSH', 'FCM', '{}'::jsonb, $2)`, [
      fid,
      encryptSecrets(secretKey, fid, 'PUSH', { serviceAccount }),
    ]);
    await client.query('ANALYZE patient_users; ANALYZE patient_devices');
    return fid;
  } finally {
    await client.end();
  }
}

export async function notifyBench(port: number): Promise<string> {
  const n = Number(process.env.BENCH_NOTIFY_N ?? 100_000);
  const keys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const fake = await startFakeProviders({ record: false, googlePublicKey: keys.publicKey });
  const db = await freshPgDatabase('notify');
  const secret = randomBytes(32);
  let s: Awaited<ReturnType<typeof startServer>> | undefined;
  let sampler: NodeJS.Timeout | undefined;
  try {
    // the first start migrates and seeds the demo; the accounts are added, then the server starts again to send
    const first = await startServer({ DATABASE_URL: db.url }, port);
    await first.stop();
    await addAccounts(db.url, n, secret, fake.url, keys.privateKey);
    s = await startServer({ DATABASE_URL: db.url, NOTIFY_SECRET_KEY: secret.toString('base64'), FCM_BASE_URL: `${fake.url}/fcm` }, port);
    const headers = { authorization: `Bearer ${await loginToken(s.url, 'admin', 'Admin@123')}`, 'content-type': 'application/json' };
    const desk = { authorization: `Bearer ${await loginToken(s.url, 'letan', 'Letan@123')}` };
    const listUrl = `${s.url}/api/appointment/v1?size=50&status=PENDING`;
    await autocannon({ url: listUrl, headers: desk, connections: 1, duration: 2 });
    const idle = await autocannon({ url: listUrl, headers: desk, connections: 1, duration: 5 });
    const created = await fetch(`${s.url}${PATH}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        title: 'Tiêm chủng cúm mùa',
        content: 'Bệnh viện mở đăng ký tiêm vắc xin cúm mùa từ 01/12.',
        kind: 'CARE',
        audience: { all: true },
      }),
    });
    if (!created.ok) throw new Error(`${created.status} ${await created.text()}`);
    const { id } = ((await created.json()) as { data: { id: number } }).data;
    const pid = s.proc.pid!;
    const base = rssMb(pid);
    let peak = base;
    sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
    const t0 = performance.now();
    const sent = await fetch(`${s.url}${PATH}/${id}/send`, { method: 'POST', headers });
    if (!sent.ok) throw new Error(`${sent.status} ${await sent.text()}`);
    type G = { status: string; recipients: number | null; totals: Record<string, number> };
    const read = async () => ((await (await fetch(`${s!.url}${PATH}/${id}`, { headers })).json()) as { data: G }).data;
    let g = await read();
    while (g.recipients === null && g.status !== 'FAILED') {
      await new Promise((r) => setTimeout(r, 100));
      g = await read();
    }
    const queuedMs = performance.now() - t0;
    const busy = autocannon({ url: listUrl, headers: desk, connections: 1, duration: 10 });
    while (g.status === 'SENDING') {
      await new Promise((r) => setTimeout(r, 250));
      g = await read();
    }
    const doneMs = performance.now() - t0;
    clearInterval(sampler);
    const during = await busy;
    const pushed = g.totals.SENT ?? 0;
    const rate = (pushed / ((doneMs - queuedMs) / 1000)).toFixed(0);
    const slower = ((during.latency.p50 - idle.latency.p50) / Math.max(idle.latency.p50, 0.001)) * 100;
    return `${(g.recipients ?? 0).toLocaleString('en')} accounts: every message queued after ${(queuedMs / 1000).toFixed(1)} s (budget < 30 s); all pushed after ${(doneMs / 1000).toFixed(1)} s (${pushed.toLocaleString('en')} sent, ${g.totals.FAILED ?? 0} failed, status ${g.status}): ${rate} messages/s (budget ≥ 500); server RSS ${base.toFixed(0)} → peak ${peak.toFixed(0)} MB (growth ${(peak - base).toFixed(0)} MB, budget < 100); desk's booking list p50 ${idle.latency.p50} ms idle, ${during.latency.p50} ms while sending (${slower.toFixed(0)} %, budget ≤ 20 %), p99 ${idle.latency.p99} → ${during.latency.p99} ms`;
  } finally {
    clearInterval(sampler);
    await s?.stop();
    await fake.close();
    await db.drop();
  }
}
