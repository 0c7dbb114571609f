import autocannon from 'autocannon';
import { startFakeProviders } from '../../apps/server/src/modules/notify/channels/fake-providers';
import { freshPgDatabase, loginToken, startServer, rssMb } from './server';

/**
 * SMS sending (issue 17): a batch to 10,000 numbers composed through the API and sent by the server's
 * `sms.send` job through eSMS — the fake provider, in this process, answering like eSMS — on a fresh
 * PostgreSQL database with the demo data. Measures the compose call (the batch queued), the time until
 * every message is sent, the messages per second, and the server's resident memory while it sends.
 * BENCH_SMS_N changes the count.
 */

export async function smsBench(port: number): Promise<string> {
  const n = Number(process.env.BENCH_SMS_N ?? 10_000);
  const fake = await startFakeProviders({ record: false, esms: { apiKey: 'KEY', secretKey: 'SECRET', balance: 10_000_000 } });
  const db = await freshPgDatabase('sms');
  const s = await startServer(
    {
      DATABASE_URL: db.url,
      SMS_PROVIDER: 'ESMS',
      ESMS_API_KEY: 'KEY',
      ESMS_SECRET_KEY: 'SECRET',
      SMS_BRANDNAME: 'BV_ANPHUC',
      ESMS_BASE_URL: `${fake.url}/esms`,
    },
    port,
  );
  let sampler: NodeJS.Timeout | undefined;
  try {
    const token = await loginToken(s.url, 'admin', 'Admin@123');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    // the desk's booking list, one client, before and while the batch is sent (the budget: p50 within 20 %)
    const desk = { authorization: `Bearer ${await loginToken(s.url, 'letan', 'Letan@123')}` };
    const listUrl = `${s.url}/api/appointment/v1?size=50&status=PENDING`;
    await autocannon({ url: listUrl, headers: desk, connections: 1, duration: 2 });
    const idle = await autocannon({ url: listUrl, headers: desk, connections: 1, duration: 5 });
    const phones = Array.from({ length: n }, (_, i) => `09${String(10_000_000 + i).slice(-8)}`).join('\n');
    const pid = s.proc.pid!;
    const base = rssMb(pid);
    let peak = base;
    sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
    const t0 = performance.now();
    const res = await fetch(`${s.url}/api/his/v1/sms/batches`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ content: 'Benh vien Da khoa An Phuc nhac ban co lich kham vao sang mai.', kind: 'CARE', phones }),
    });
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    const queuedMs = performance.now() - t0;
    const { id } = ((await res.json()) as { data: { id: number } }).data;
    const busy = autocannon({ url: listUrl, headers: desk, connections: 1, duration: 5 });
    let counts = { queued: n, sent: 0, failed: 0 };
    while (counts.queued > 0) {
      await new Promise((r) => setTimeout(r, 100));
      const b = await fetch(`${s.url}/api/his/v1/sms/batches/${id}`, { headers });
      counts = ((await b.json()) as { data: { counts: typeof counts } }).data.counts;
    }
    const doneMs = performance.now() - t0;
    clearInterval(sampler);
    const during = await busy;
    const slower = ((during.latency.p50 - idle.latency.p50) / Math.max(idle.latency.p50, 0.001)) * 100;
    const rate = (counts.sent / ((doneMs - queuedMs) / 1000)).toFixed(0);
    return `${n.toLocaleString('en')} numbers: queued in ${queuedMs.toFixed(0)} ms; all sent after ${(doneMs / 1000).toFixed(1)} s (${counts.sent} sent, ${counts.failed} failed): ${rate} messages/s; server RSS ${base.toFixed(0)} → peak ${peak.toFixed(0)} MB (growth ${(peak - base).toFixed(0)} MB); desk's booking list p50 ${idle.latency.p50} ms idle, ${during.latency.p50} ms while sending (${slower.toFixed(0)} %, budget ≤ 20 %), p99 ${idle.latency.p99} → ${during.latency.p99} ms`;
  } finally {
    clearInterval(sampler);
    await s.stop();
    await fake.close();
    await db.drop();
  }
}
