import autocannon from 'autocannon';
import { addDays } from '../../packages/shared/src/rules/period';
import { todayVn } from '../../packages/shared/src/rules/time';
import { freshPgDatabase, loginToken, startServer, rssMb } from './server';

/**
 * Notification groups (issue 17) on the 500,000-patient scale seed (`npm run seed -- --scale large`, PostgreSQL;
 * BENCH_AUDIENCE_DATABASE_URL reuses a database already seeded, nothing is dropped then):
 * - `audience`: POST /notification-groups/audience/count with three filters, one client then 10 connections
 *   (budget: p50 < 200 ms);
 * - `campaign`: a group to ≥ 100,000 accounts sent now, until the notify.campaign job has queued every message
 *   (budget: < 30 s), with the server's resident memory meanwhile.
 */
type SeedScale = (url: string, scale: string) => Promise<void>;
const PATH = '/api/his/v1/notification-groups';

async function withServer<T>(name: string, port: number, seedScale: SeedScale, run: (url: string, headers: Record<string, string>, pid: number) => Promise<T>) {
  const reuse = process.env.BENCH_AUDIENCE_DATABASE_URL;
  const db = reuse ? { url: reuse, drop: async () => {} } : await freshPgDatabase(name);
  try {
    if (!reuse) await seedScale(db.url, 'large');
    const s = await startServer({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: '10' }, port);
    try {
      const token = await loginToken(s.url, 'admin', 'Admin@123');
      return await run(s.url, { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, s.proc.pid!);
    } finally {
      await s.stop();
    }
  } finally {
    await db.drop();
  }
}

export function audienceBench(port: number, seedScale: SeedScale): Promise<string> {
  const today = todayVn();
  const cases: [string, Record<string, unknown>][] = [
    ['women, 20–40, Hà Nội (the home province: the broadest)', { gender: 'FEMALE', ageFrom: 20, ageTo: 40, provinceCode: '01' }],
    ['men, 50+, TP. Hồ Chí Minh', { gender: 'MALE', ageFrom: 50, provinceCode: '79' }],
    [
      'women, 20–40, visited a department in the last 90 days',
      { gender: 'FEMALE', ageFrom: 20, ageTo: 40, visited: { departmentId: 1, from: addDays(today, -90), to: today } },
    ],
    ['men, 50+, any booking in the last 30 days', { gender: 'MALE', ageFrom: 50, booked: { from: addDays(today, -30), to: today } }],
  ];
  return withServer('audience', port, seedScale, async (url, headers) => {
    const lines: string[] = [];
    for (const [label, audience] of cases) {
      const body = JSON.stringify({ audience });
      const res = await fetch(`${url}${PATH}/audience/count`, { method: 'POST', headers, body });
      if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
      const n = ((await res.json()) as { data: { count: number } }).data.count;
      const opts = { url: `${url}${PATH}/audience/count`, method: 'POST' as const, headers, body };
      await autocannon({ ...opts, connections: 1, duration: 2 }); // warm-up
      const one = await autocannon({ ...opts, connections: 1, duration: 5 });
      const ten = await autocannon({ ...opts, connections: 10, duration: 5 });
      if (one.non2xx || ten.non2xx) throw new Error('non-2xx answers');
      lines.push(
        `  ${label} (${n.toLocaleString('en')} accounts): one client p50 ${one.latency.p50} ms, p99 ${one.latency.p99} ms; 10 connections p50 ${ten.latency.p50} ms, ${ten.requests.average.toFixed(0)} req/s`,
      );
    }
    return `500,000 + demo patient accounts, 1,000,000 bookings (budget: three filters p50 < 200 ms)\n${lines.join('\n')}`;
  });
}

export function campaignBench(port: number, seedScale: SeedScale): Promise<string> {
  const audience = JSON.parse(process.env.BENCH_CAMPAIGN_AUDIENCE ?? '{"gender":"FEMALE","ageFrom":18,"provinceCode":"01"}') as Record<string, unknown>;
  return withServer('campaign', port, seedScale, async (url, headers, pid) => {
    const created = await fetch(`${url}${PATH}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'Khám sức khoẻ phụ nữ', content: 'Bệnh viện mời chị đăng ký gói khám sức khoẻ phụ nữ tháng 12.', kind: 'CARE', audience }),
    });
    if (!created.ok) throw new Error(`${created.status} ${await created.text()}`);
    const { id } = ((await created.json()) as { data: { id: number } }).data;
    const base = rssMb(pid);
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
    try {
      const t0 = performance.now();
      const sent = await fetch(`${url}${PATH}/${id}/send`, { method: 'POST', headers });
      if (!sent.ok) throw new Error(`${sent.status} ${await sent.text()}`);
      const acceptedMs = performance.now() - t0;
      let g = { status: 'SENDING', recipients: null as number | null };
      while (g.recipients === null && g.status === 'SENDING') {
        await new Promise((r) => setTimeout(r, 100));
        g = ((await (await fetch(`${url}${PATH}/${id}`, { headers })).json()) as { data: typeof g }).data;
      }
      const queuedMs = performance.now() - t0;
      if (g.recipients === null) throw new Error(`campaign ${g.status}`);
      return `${g.recipients.toLocaleString('en')} accounts (${JSON.stringify(audience)}): send answered in ${acceptedMs.toFixed(0)} ms; every message queued after ${(queuedMs / 1000).toFixed(1)} s (budget < 30 s); server RSS ${base.toFixed(0)} → peak ${peak.toFixed(0)} MB`;
    } finally {
      clearInterval(sampler);
    }
  });
}
