import autocannon from 'autocannon';
import pg from 'pg';
import { addDays } from '../../packages/shared/src/rules/period';
import { todayVn } from '../../packages/shared/src/rules/time';
import { freshPgDatabase, loginToken, startServer } from './server';

/** Rows of the big log (LOGS_BENCH_ROWS overrides, e.g. for a quick run). */
const ROWS = Number(process.env.LOGS_BENCH_ROWS ?? 5_000_000);

/**
 * The logs screen's page of 50 over a 5,000,000-row audit log (PostgreSQL): the demo facility's log is
 * filled with a year of rows by 40 accounts (one writes a tenth of them, one a thousandth), then each
 * query shape is read by one client for 5 s. Port 3320.
 */
export async function logsBench(port = 3320): Promise<string> {
  const db = await freshPgDatabase('logs');
  const lines: string[] = [];
  try {
    // the first start migrates and seeds the demo facility and its accounts
    const first = await startServer({ DATABASE_URL: db.url }, port);
    await first.stop();
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const { rows: accs } = await c.query<{ id: number; facility_id: number }>(
      `SELECT id, facility_id FROM accounts WHERE facility_id = (SELECT facility_id FROM accounts WHERE username = 'admin') ORDER BY id`,
    );
    const facility = accs[0]!.facility_id;
    const busy = accs[0]!.id;
    const rare = accs[accs.length - 1]!.id;
    const t0 = performance.now();
    // actor: 10 % the busy one, 0.1 % the rare one, the rest spread over 38 others; time: evenly over 365 days, ids
    // growing with time as the live log's do
    await c.query(
      `INSERT INTO audit_log (facility_id, actor_id, actor_username, action, entity, entity_id, before, after, ip, created_at)
       SELECT $1,
              CASE WHEN g % 10 = 0 THEN $2 WHEN g % 1000 = 1 THEN $3 ELSE 100000 + g % 38 END,
              'bench', (ARRAY['UPDATE','CREATE','BOOKING_ACCEPT','READ_RECORD','LOGIN','BOOKING_CHECKIN','EXPORT'])[1 + g % 7],
              (ARRAY['booking','medical_profile','patient_user','session','services'])[1 + g % 5],
              (g % 200000)::text, '{"status":"PENDING"}'::jsonb, '{"status":"ACCEPTED"}'::jsonb, '10.0.0.1',
              now() - (($4 - g)::float8 / $4) * interval '365 days'
       FROM generate_series(1, $4::int) g`,
      [facility, busy, rare, ROWS],
    );
    await c.query('ANALYZE audit_log');
    const fill = (performance.now() - t0) / 1000;
    await c.end();

    const s = await startServer({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: '10' }, port);
    try {
      const token = await loginToken(s.url, 'admin', 'Admin@123');
      const headers = { authorization: `Bearer ${token}` };
      const today = todayVn();
      const month = `from=${addDays(today, -29)}&to=${today}`;
      const year = `from=${addDays(today, -365)}&to=${today}`;
      const P = '/api/his/v1/log-vendor';
      const cases: [string, string][] = [
        ['account filter (a busy account, 10 % of rows), 30 days', `${P}?${month}&actorId=${busy}&size=50`],
        ['account filter (a busy account), a year', `${P}?${year}&actorId=${busy}&size=50`],
        ['account filter (a rare account, 0.1 % of rows), a year', `${P}?${year}&actorId=${rare}&size=50`],
        ['no filter, 30 days', `${P}?${month}&size=50`],
        ['one object (booking #4240), a year', `${P}?${year}&entity=booking&entityId=4240&size=50`],
        ['action BOOKING_ACCEPT + account, a year', `${P}?${year}&actorId=${busy}&action=BOOKING_ACCEPT&size=50`],
      ];
      for (const [label, url] of cases) {
        const body = (await (await fetch(`${s.url}${url}`, { headers })).json()) as { data: unknown[]; nextBefore: number | null };
        // the tenth page of the same filter: keyset paging costs the same deep in the log
        let deep = url;
        let before = body.nextBefore;
        for (let i = 0; i < 9 && before; i++) {
          deep = `${url}&before=${before}`;
          before = ((await (await fetch(`${s.url}${deep}`, { headers })).json()) as { nextBefore: number | null }).nextBefore;
        }
        const one = await autocannon({ url: `${s.url}${url}`, headers, connections: 1, duration: 5 });
        const tenth = await autocannon({ url: `${s.url}${deep}`, headers, connections: 1, duration: 3 });
        if (one.non2xx || tenth.non2xx) throw new Error(`non-2xx answers from ${url}`);
        lines.push(`  ${label} (${body.data.length} rows): p50 ${one.latency.p50} ms, p99 ${one.latency.p99} ms; 10th page p50 ${tenth.latency.p50} ms`);
      }
    } finally {
      await s.stop();
    }
    return `${ROWS.toLocaleString('en')} audit rows on PostgreSQL (filled in ${fill.toFixed(0)} s), one client, page of 50\n${lines.join('\n')}`;
  } finally {
    await db.drop();
  }
}
