/**
 * The rate report (issue 19): the demo hospital plus BENCH_FEEDBACK_N (default 1,000,000) patients' feedbacks of a
 * year — one finished visit each, spread over every doctor of the demo and every day of the year before today —
 * then the rate report and the count-rate report of the year (and of a month) read through the API by one client
 * (a warm-up call, then BENCH_RATE_RUNS timed calls: p50, p95), the Excel export of the year, the first page of the
 * feedback list and of the patients who gave feedback for the year. Budget: the rate report of a year p50 < 300 ms.
 *
 * For the decision (docs/decisions.md "Feedback and ratings"), the same report computed live from the feedbacks with
 * one GROUPING SETS query, as a rollup-less report would, timed beside it.
 *
 * PostgreSQL by default (DATABASE_URL's server); BENCH_RATE_PGLITE=1 runs it on the embedded PGlite instead (the
 * seeding then goes through the server's own driver with the server stopped).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { FHIR_STATUS } from '../../packages/shared/src/rules/booking-status';
import { addDays } from '../../packages/shared/src/rules/period';
import { todayVn } from '../../packages/shared/src/rules/time';
import { freshPgDatabase, loginToken, rssMb, startServer } from './server';

const RUNS = Number(process.env.BENCH_RATE_RUNS ?? 20);
const CHUNK = 100_000;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

type Run = (text: string) => Promise<Record<string, unknown>[]>;

/** The year's schedules, slots, finished bookings and their feedbacks, in statements of CHUNK rows (each fires the rollup's trigger once). */
async function seedFeedback(run: Run, n: number, log: (s: string) => void): Promise<{ from: string; to: string; fid: number; feedbackMs: number }> {
  const [{ fid }] = (await run(`SELECT facility_id AS fid FROM accounts WHERE username = 'admin'`)) as [{ fid: number }];
  const today = todayVn();
  const to = addDays(today, -1);
  const from = addDays(to, -364);
  const t0 = performance.now();
  // one schedule with one slot a day for every doctor of the demo who has a department, in one of its rooms
  await run(`INSERT INTO schedules (facility_id, doctor_id, room_id, department_id, date, shift, start_time, end_time, slot_minutes, capacity, note)
    SELECT ${fid}, d.id, (SELECT r.id FROM rooms r WHERE r.facility_id = ${fid} ORDER BY coalesce(r.department_id = d.department_id, false) DESC, r.id LIMIT 1),
      d.department_id, day::date, 'CUSTOM', '07:00', '07:30', 30, 1000, 'bench-feedback'
    FROM doctors d CROSS JOIN generate_series('${from}'::date, '${to}'::date, interval '1 day') day
    WHERE d.facility_id = ${fid} AND d.department_id IS NOT NULL`);
  await run(`INSERT INTO time_slots (facility_id, schedule_id, doctor_id, date, start_time, end_time, starts_at, capacity)
    SELECT facility_id, id, doctor_id, date, '07:00', '07:30', (date::timestamp + interval '7 hours') AT TIME ZONE 'Asia/Ho_Chi_Minh', 1000
    FROM schedules WHERE facility_id = ${fid} AND note = 'bench-feedback'`);
  const [{ slots }] = (await run(`SELECT count(*)::int AS slots FROM time_slots t JOIN schedules s ON s.facility_id = t.facility_id AND s.id = t.schedule_id
    WHERE s.facility_id = ${fid} AND s.note = 'bench-feedback'`)) as [{ slots: number }];
  const [{ profiles }] = (await run(`SELECT count(*)::int AS profiles FROM medical_profiles WHERE facility_id = ${fid}`)) as [{ profiles: number }];
  log(`  ${slots.toLocaleString('en')} doctor-days, ${profiles.toLocaleString('en')} profiles`);
  // the bookings' own rollup and first-visit triggers are not what is measured here: off while the visits load
  // (the feedbacks' triggers stay on — they build the rollup the report reads)
  await run('ALTER TABLE bookings DISABLE TRIGGER USER');
  let feedbackMs = 0;
  for (let lo = 1; lo <= n; lo += CHUNK) {
    const hi = Math.min(n, lo + CHUNK - 1);
    await run(`INSERT INTO bookings (facility_id, code, patient_user_id, medical_profile_id, time_slot_id, schedule_id, doctor_id, room_id, department_id,
        date, start_time, end_time, status, fhir_status, source, created_at)
      SELECT ${fid}, 'BF' || lpad(g::text, 8, '0'), p.user_id, p.id, s.tid, s.sid, s.doctor_id, s.room_id, s.department_id,
        s.date, '07:00', '07:30', 'DONE', '${FHIR_STATUS.DONE}', 'APP', (s.date::timestamp - interval '2 days') AT TIME ZONE 'Asia/Ho_Chi_Minh'
      FROM generate_series(${lo}, ${hi}) g
      JOIN (SELECT row_number() OVER (ORDER BY t.id) - 1 AS k, t.id AS tid, s.id AS sid, s.doctor_id, s.room_id, s.department_id, s.date
            FROM time_slots t JOIN schedules s ON s.facility_id = t.facility_id AND s.id = t.schedule_id
            WHERE s.facility_id = ${fid} AND s.note = 'bench-feedback') s ON s.k = (g::bigint * 7919) % ${slots}
      JOIN (SELECT row_number() OVER (ORDER BY id) - 1 AS k, id, user_id FROM medical_profiles WHERE facility_id = ${fid}) p ON p.k = g % ${profiles}`);
    // ratings drawn from the booking's id: mostly 4–5, the waiting time lowest, a quarter of the criteria left unrated
    const f0 = performance.now();
    await run(`INSERT INTO patient_feedbacks (facility_id, booking_id, user_id, medical_profile_id, doctor_id, department_id, visit_date,
        rating_overall, rating_doctor, rating_reception, rating_waiting, rating_cleanliness, comment, complaint, status, search_text, created_at)
      SELECT facility_id, id, patient_user_id, medical_profile_id, doctor_id, department_id, date, o, r_doctor, r_reception, r_waiting, r_cleanliness,
        CASE WHEN id % 3 = 0 THEN 'Bác sĩ khám kỹ, nhân viên hướng dẫn tận tình' ELSE '' END,
        complaint, CASE WHEN complaint THEN 'NEW' END, CASE WHEN id % 3 = 0 THEN 'bac si kham ky nhan vien huong dan tan tinh' ELSE '' END,
        (date::timestamp + interval '11 hours' + (id % 30) * interval '1 hour') AT TIME ZONE 'Asia/Ho_Chi_Minh'
      FROM (
        SELECT x.*, (o <= 2 OR coalesce(r_doctor, 5) <= 2 OR coalesce(r_reception, 5) <= 2 OR coalesce(r_waiting, 5) <= 2 OR coalesce(r_cleanliness, 5) <= 2) AS complaint
        FROM (
          SELECT b.*, o,
            CASE WHEN (b.id::bigint * 31) % 4 = 0 THEN NULL ELSE least(5, greatest(1, o + (b.id::bigint * 17) % 3 - 1)) END AS r_doctor,
            CASE WHEN (b.id::bigint * 37) % 4 = 0 THEN NULL ELSE least(5, greatest(1, o + (b.id::bigint * 13) % 3 - 1)) END AS r_reception,
            CASE WHEN (b.id::bigint * 41) % 4 = 0 THEN NULL ELSE least(5, greatest(1, o + (b.id::bigint * 11) % 3 - 2)) END AS r_waiting,
            CASE WHEN (b.id::bigint * 43) % 4 = 0 THEN NULL ELSE least(5, greatest(1, o + (b.id::bigint * 7) % 3 - 1)) END AS r_cleanliness
          FROM bookings b
          CROSS JOIN LATERAL (SELECT CASE WHEN (b.id::bigint * 7919) % 100 < 48 THEN 5 WHEN (b.id::bigint * 7919) % 100 < 78 THEN 4
                                          WHEN (b.id::bigint * 7919) % 100 < 89 THEN 3 WHEN (b.id::bigint * 7919) % 100 < 95 THEN 2 ELSE 1 END AS o) r
          WHERE b.facility_id = ${fid} AND b.code BETWEEN 'BF${String(lo).padStart(8, '0')}' AND 'BF${String(hi).padStart(8, '0')}'
        ) x
      ) y`);
    feedbackMs += performance.now() - f0;
    log(`  ${hi.toLocaleString('en')} feedbacks (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  await run('ALTER TABLE bookings ENABLE TRIGGER USER');
  await run('ANALYZE bookings');
  await run('ANALYZE patient_feedbacks');
  await run('ANALYZE feedback_day_stats');
  return { from, to, fid, feedbackMs };
}

/** The report without the rollup: the same sums grouped from the year's feedbacks, in one GROUPING SETS pass. */
function liveReportSql(fid: number, from: string, to: string): string {
  const stars = ['overall', 'doctor', 'reception', 'waiting', 'cleanliness'].flatMap((c) =>
    [1, 2, 3, 4, 5].map((n) => `count(*) FILTER (WHERE f.rating_${c} = ${n})::int AS ${c}_${n}`),
  );
  return `SELECT grouping(f.department_id) AS gd, grouping(f.doctor_id) AS gr, f.department_id, f.doctor_id, count(*)::int AS feedbacks,
      count(*) FILTER (WHERE f.complaint)::int AS complaints, ${stars.join(', ')}
    FROM patient_feedbacks f
    WHERE f.facility_id = ${fid} AND f.created_at >= ('${from}'::timestamp AT TIME ZONE 'Asia/Ho_Chi_Minh')
      AND f.created_at < (('${to}'::date + 1)::timestamp AT TIME ZONE 'Asia/Ho_Chi_Minh')
    GROUP BY GROUPING SETS ((), (f.department_id), (f.doctor_id))`;
}

export async function rateReportBench(port: number): Promise<string> {
  const n = Number(process.env.BENCH_FEEDBACK_N ?? 1_000_000);
  const onPglite = process.env.BENCH_RATE_PGLITE === '1';
  const lines: string[] = [];
  const log = (s: string) => {
    console.error(s);
  };
  const dataDir = onPglite ? fs.mkdtempSync(path.join(os.tmpdir(), 'fb-bench-')) : '';
  const db = onPglite ? null : await freshPgDatabase('rate');
  const env = onPglite ? { DATA_DIR: dataDir, DATABASE_URL: '' } : { DATABASE_URL: db!.url };
  let s: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const first = await startServer(env, port);
    await first.stop();
    // seed, and keep a way to run the live query for the decision
    let run: Run;
    let close: () => Promise<void>;
    if (onPglite) {
      const { openDatabase } = await import('../../apps/server/src/core/db');
      const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      run = async (text) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;
      close = () => database.close();
    } else {
      const c = new pg.Client({ connectionString: db!.url });
      c.on('error', (e) => log(`  seeding connection: ${e.message}`));
      await c.connect();
      run = async (text) => (await c.query(text)).rows;
      close = () => c.end();
    }
    const t0 = performance.now();
    const { from, to, fid, feedbackMs } = await seedFeedback(run, n, log);
    const [{ rows, days }] = (await run(
      `SELECT (SELECT count(*)::int FROM patient_feedbacks WHERE facility_id = ${fid}) AS rows, (SELECT count(*)::int FROM feedback_day_stats WHERE facility_id = ${fid}) AS days`,
    )) as [{ rows: number; days: number }];
    lines.push(
      `${rows.toLocaleString('en')} feedbacks of ${from} → ${to} on ${onPglite ? 'PGlite (embedded)' : 'PostgreSQL 15'}, seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s (the feedbacks' inserts with their rollup trigger ${(feedbackMs / 1000).toFixed(0)} s, in statements of ${CHUNK.toLocaleString('en')}); rollup ${days.toLocaleString('en')} rows`,
    );
    // the live GROUP BY, for the decision (3 runs after a warm-up on PGlite, 8 on PostgreSQL)
    const live: number[] = [];
    const liveRuns = onPglite ? 3 : 8;
    for (let i = 0; i <= liveRuns; i++) {
      const a = performance.now();
      await run(liveReportSql(fid, from, to));
      if (i > 0) live.push(performance.now() - a);
    }
    lines.push(`  without the rollup (GROUP BY over the year's feedbacks): p50 ${pct(live, 0.5).toFixed(0)} ms, max ${Math.max(...live).toFixed(0)} ms`);
    await close();

    s = await startServer(env, port);
    const headers = { authorization: `Bearer ${await loginToken(s.url, 'admin', 'Admin@123')}` };
    const time = async (url: string) => {
      const a = performance.now();
      const r = await fetch(url, { headers });
      if (!r.ok) throw new Error(`${url}: ${r.status} ${await r.text()}`);
      await r.arrayBuffer();
      return performance.now() - a;
    };
    const month = { from: addDays(to, -29), to };
    const cases: [string, string][] = [
      ['rate-report of the year', `/api/his/v1/report/rate-report?from=${from}&to=${to}`],
      ['count-rate-report of the year', `/api/his/v1/report/count-rate-report?from=${from}&to=${to}&criterion=waiting`],
      ['rate-report of a month', `/api/his/v1/report/rate-report?from=${month.from}&to=${month.to}`],
      ['rate-report of the year, one department', `/api/his/v1/report/rate-report?from=${from}&to=${to}&departmentId=__DEP__`],
      ['feedback list of the year, first page', `/api/his/v1/patient-feedbacks?from=${from}&to=${to}`],
      ['feedback list of the year, complaints waiting', `/api/his/v1/patient-feedbacks?from=${from}&to=${to}&kind=NEW`],
      ['patients who gave feedback in the year, first page', `/api/his/v1/patient-feedbacks/users?from=${from}&to=${to}`],
    ];
    const report = (await (await fetch(`${s.url}${cases[0]![1]}`, { headers })).json()) as { data: { byDepartment: { key: string }[] } };
    const dep = report.data.byDepartment[0]?.key ?? '1';
    for (const [label, p] of cases) {
      const url = `${s.url}${p.replace('__DEP__', dep)}`;
      await time(url);
      const ms: number[] = [];
      const runs = label.startsWith('patients') || label.startsWith('feedback list') ? Math.min(RUNS, 8) : RUNS;
      for (let i = 0; i < runs; i++) ms.push(await time(url));
      lines.push(`  ${label}: p50 ${pct(ms, 0.5).toFixed(1)} ms, p95 ${pct(ms, 0.95).toFixed(1)} ms (${runs} runs)`);
    }
    const pid = s.proc.pid!;
    const base = rssMb(pid);
    let peak = base;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 50);
    const ex = performance.now();
    const file = await fetch(`${s.url}/api/his/v1/report/rate-report/export?from=${from}&to=${to}`, { headers });
    const bytes = (await file.arrayBuffer()).byteLength;
    clearInterval(sampler);
    lines.push(
      `  rate-report Excel of the year: ${(bytes / 1024).toFixed(0)} KB in ${(performance.now() - ex).toFixed(0)} ms; server RSS ${base.toFixed(0)} → ${peak.toFixed(0)} MB`,
    );
    return lines.join('\n');
  } finally {
    if (s && s.proc.exitCode === null) await s.stop();
    if (db) await db.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
