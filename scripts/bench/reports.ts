import pg from 'pg';
import { addDays } from '../../packages/shared/src/rules/period';
import { loginToken, startServer, rssMb } from './server';
import { seeded, type Seed } from './bookings';

/**
 * The booking reports on PostgreSQL over about 1,000,000 bookings of a year (`npm run seed -- --scale bookings`;
 * BENCH_BOOKINGS_DATABASE_URL reuses a seeded database): each report of a month and of the year read by one
 * client (one warm-up call, then BENCH_REPORTS_RUNS, default 15; p50 and p90), and the Excel export of the year's bookings, streamed,
 * with the server's resident memory sampled every 50 ms while it runs.
 */
/** Timed calls per report (BENCH_REPORTS_RUNS), after one warm-up call. */
const RUNS = Number(process.env.BENCH_REPORTS_RUNS ?? 15);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

export async function reportsBench(port: number, seed: Seed): Promise<string> {
  const db = await seeded(seed);
  const s = await startServer({ DATABASE_URL: db.url }, port);
  const lines: string[] = [];
  try {
    const token = await loginToken(s.url, 'admin', 'Admin@123');
    const headers = { authorization: `Bearer ${token}` };
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const [{ lo, hi, n }] = (
      await c.query(
        `SELECT min(date)::text AS lo, max(date)::text AS hi, count(*)::int AS n FROM bookings WHERE facility_id = (SELECT facility_id FROM accounts WHERE username = 'admin')`,
      )
    ).rows;
    await c.end();
    const yearFrom = addDays(hi, -365) > lo ? addDays(hi, -365) : lo;
    const monthTo = addDays(hi, -31);
    const month = { from: addDays(monthTo, -29), to: monthTo };
    const year = { from: yearFrom, to: hi };
    lines.push(`${n.toLocaleString('en')} bookings of the demo facility, ${lo} → ${hi}`);
    const time = async (url: string) => {
      const t0 = performance.now();
      const r = await fetch(url, { headers });
      if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
      await r.arrayBuffer();
      return performance.now() - t0;
    };
    for (const [label, p] of [
      ['month', month],
      ['year', year],
    ] as const) {
      for (const report of ['quick-statistic', 'appointment-complete', 'statistic-efficiency', 'staff-statistic-efficiency']) {
        const url = `${s.url}/api/his/v1/report/${report}?from=${p.from}&to=${p.to}`;
        await time(url);
        const ms: number[] = [];
        for (let i = 0; i < RUNS; i++) ms.push(await time(url));
        lines.push(`${report} of a ${label} (${p.from} → ${p.to}): p50 ${pct(ms, 0.5).toFixed(1)} ms, p90 ${pct(ms, 0.9).toFixed(1)} ms`);
      }
    }
    // the year's bookings as a streamed workbook: the server's memory while it runs
    const pid = s.proc.pid!;
    const base = rssMb(pid);
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
    const t0 = performance.now();
    const res = await fetch(`${s.url}/api/his/v1/report/bookings/export?from=${year.from}&to=${year.to}`, { headers });
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
    clearInterval(sampler);
    lines.push(
      `bookings export of the year: ${(bytes / 1e6).toFixed(1)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s; server RSS ${base.toFixed(0)} MB → peak ${peak.toFixed(0)} MB (growth ${(peak - base).toFixed(0)} MB)`,
    );
  } finally {
    await s.stop();
    await db.drop();
  }
  return lines.join('\n');
}
