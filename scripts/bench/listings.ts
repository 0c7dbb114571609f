/**
 * The listings of issue 15 on PostgreSQL with about 1,000,000 bookings (`npm run seed -- --scale bookings`):
 * the bookings of the busiest doctor and of the busiest medical schedule, a page of 20, in the spec's sorts
 * (`sort`, `properties`), one client and 50 connections. BENCH_BOOKINGS_DATABASE_URL reuses a seeded database.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { seeded, type Seed } from './bookings';
import { loginToken, startServer } from './server';

export async function bookingsListingBench(port: number, seed: Seed): Promise<string> {
  const db = await seeded(seed);
  const s = await startServer({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: process.env.BENCH_POOL ?? '10' }, port);
  try {
    const headers = { authorization: `Bearer ${await loginToken(s.url, 'admin', 'Admin@123')}` };
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const [doctor] = (await c.query('SELECT doctor_id AS id, count(*)::int AS n FROM bookings GROUP BY doctor_id ORDER BY n DESC LIMIT 1')).rows;
    const [schedule] = (await c.query('SELECT schedule_id AS id, count(*)::int AS n FROM bookings GROUP BY schedule_id ORDER BY n DESC LIMIT 1')).rows;
    await c.end();
    const lines = [`doctor #${doctor.id} with ${doctor.n.toLocaleString('en')} bookings; schedule #${schedule.id} with ${schedule.n} bookings`];
    const cases: [string, string][] = [
      [`doctors/${doctor.id}`, 'size=20'],
      [`doctors/${doctor.id}`, 'size=20&sort=DESC&properties=date,startTime'],
      [`doctors/${doctor.id}`, 'size=20&page=500'],
      [`doctors/${doctor.id}`, 'size=20&properties=patientName'],
      [`doctors/${doctor.id}`, 'size=20&properties=status,date,startTime'],
      [`schedules/${schedule.id}`, 'size=20&sort=DESC&properties=startTime'],
    ];
    for (const [path, q] of cases) {
      const url = `${s.url}/api/appointment/v1/${path}?${q}`;
      const first = await fetch(url, { headers });
      if (!first.ok) throw new Error(`${url}: ${first.status} ${await first.text()}`);
      await autocannon({ url, headers, connections: 10, duration: 2 }); // warm-up
      const r1 = await autocannon({ url, headers, connections: 1, duration: 5 });
      const r50 = await autocannon({ url, headers, connections: 50, duration: 5 });
      if (r1.non2xx || r50.non2xx) throw new Error(`non-2xx answers from ${url}`);
      lines.push(
        `  ${path.split('/')[0]} ?${q}: one client p50 ${r1.latency.p50} ms, p99 ${r1.latency.p99} ms; 50 connections ${r50.requests.average.toFixed(0)} req/s, p50 ${r50.latency.p50} ms`,
      );
    }
    return lines.join('\n');
  } finally {
    await s.stop();
    await db.drop();
  }
}
