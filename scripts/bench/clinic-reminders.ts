/**
 * The medicine reminders' sweep (issue 20; docs/clinic-medicines.md): BENCH_CLINIC_MEMBERS (default 10,000) members of
 * one facility, each taking one medicine three times a day (07:00, 12:00, 19:00 +07:00), then the sweep's runs of one
 * day as the recurring job would make them, each timed: the 07:00 run (every member's dose written and its
 * MEDICINE_REMINDER queued), the same minute run again by a second instance, two instances at once a minute later, the
 * 09:00 run (the 07:00 doses nobody confirmed marked missed), the 12:00 run (the next doses), and a run whose progress row
 * was lost (it re-reads two days: the day's doses are skipped, the earlier ones written missed, none reminded). Budget: each run
 * under 5 s. In-process (the sweep is a job, not an HTTP route): PostgreSQL by default (DATABASE_URL's server, a fresh
 * database), BENCH_CLINIC_PGLITE=1 on the embedded PGlite in a temporary directory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { addDays } from '../../packages/shared/src/rules/period';
import { todayVn } from '../../packages/shared/src/rules/time';
import { doseInstant } from '../../packages/shared/src/rules/dose-schedule';
import { freshPgDatabase } from './server';

export async function clinicRemindersBench(): Promise<string> {
  const n = Number(process.env.BENCH_CLINIC_MEMBERS ?? 10_000);
  const onPglite = process.env.BENCH_CLINIC_PGLITE === '1';
  const { openDatabase } = await import('../../apps/server/src/core/db');
  const { loadConfig } = await import('../../apps/server/src/config');
  const { createFacility } = await import('../../apps/server/src/db/seed/factories');
  const { sweepFacility } = await import('../../apps/server/src/modules/clinic/clinic-drugs.jobs');
  const dir = onPglite ? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-clinic-')) : null;
  const pgdb = onPglite ? null : await freshPgDatabase('clinic');
  const database = await openDatabase(onPglite ? { dataDir: dir! } : { url: pgdb!.url, poolSize: 4 });
  const lines: string[] = [];
  try {
    await database.migrate();
    const config = loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent' });
    const ctx = { config, database } as never;
    const fid = await database.transaction(async (tx) => (await createFacility(tx, { code: `BENCH-${process.pid}`, name: 'Bệnh viện đo tải nhắc thuốc' })).id);
    const t0 = performance.now();
    const run = (q: ReturnType<typeof sql>) => database.db.execute(q);
    // the members: an app account, its profile and the membership; one medicine each, entered two days ago
    await run(sql`INSERT INTO patient_users (facility_id, name, phone, password_hash, verified)
      SELECT ${fid}, 'Thành viên ' || g, '09' || lpad(g::text, 8, '0'), 'x', true FROM generate_series(1, ${n}) g`);
    await run(sql`INSERT INTO medical_profiles (facility_id, user_id, full_name, birth_date, gender, name_search)
      SELECT facility_id, id, name, '1960-01-01', 'MALE', 'thanh vien' FROM patient_users WHERE facility_id = ${fid}`);
    await run(sql`INSERT INTO clinic_members (facility_id, user_id, medical_profile_id, program, search_text)
      SELECT facility_id, user_id, id, (ARRAY['DIABETES','HYPERTENSION','PREGNANCY','ELDERLY'])[1 + id % 4], 'thanh vien' FROM medical_profiles WHERE facility_id = ${fid}`);
    await run(sql`INSERT INTO clinic_medicines (facility_id, user_id, name, dose, times, start_date, created_at)
      SELECT facility_id, user_id, 'Metformin 500 mg', '1 viên', ARRAY['07:00','12:00','19:00'], ${addDays(todayVn(), -2)}, now() - interval '2 days'
      FROM clinic_members WHERE facility_id = ${fid}`);
    await run(sql`ANALYZE`);
    lines.push(`  ${n.toLocaleString('en')} members with 3 doses a day seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // tomorrow (+07:00), so that every dose of the day comes after the medicines were entered
    const day = addDays(todayVn(), 1);
    const at = (time: string, seconds: number) => new Date(doseInstant(day, time).getTime() + seconds * 1000);
    await run(sql`INSERT INTO clinic_dose_sweeps (facility_id, swept_through) VALUES (${fid}, ${at('06:59', 0).toISOString()})`);
    const timed = async (label: string, f: () => Promise<unknown>) => {
      const s = performance.now();
      const r = await f();
      const ms = performance.now() - s;
      lines.push(`  ${label}: ${ms.toFixed(0)} ms ${JSON.stringify(r)}`);
      return ms;
    };
    const runs: number[] = [];
    runs.push(await timed('07:00:30 run (every member reminded)', () => sweepFacility(ctx, fid, at('07:00', 30))));
    runs.push(await timed('07:00:30 again (a second instance)', () => sweepFacility(ctx, fid, at('07:00', 30))));
    runs.push(
      await timed('07:01:30, two instances at once', () => Promise.all([sweepFacility(ctx, fid, at('07:01', 30)), sweepFacility(ctx, fid, at('07:01', 30))])),
    );
    runs.push(await timed('09:00:30 run (the 07:00 doses missed)', () => sweepFacility(ctx, fid, at('09:00', 30))));
    runs.push(await timed('12:00:30 run (the noon doses)', () => sweepFacility(ctx, fid, at('12:00', 30))));
    // the worst case: the progress row lost (a restore), so the run re-reads two days: the day's doses are already
    // written (nothing is sent twice), the 40,000 doses of the two days before, never swept here, are written missed
    await run(sql`DELETE FROM clinic_dose_sweeps WHERE facility_id = ${fid}`);
    runs.push(await timed('12:01:30 with the progress row lost (48 h catch-up)', () => sweepFacility(ctx, fid, at('12:01', 30))));
    const [counts] = (
      await run(sql`SELECT (SELECT count(*) FROM clinic_doses WHERE facility_id = ${fid})::int AS doses,
        (SELECT count(*) FROM notifications WHERE facility_id = ${fid} AND event = 'MEDICINE_REMINDER')::int AS reminders`)
    ).rows as { doses: number; reminders: number }[];
    lines.push(`  after the day's runs: ${counts!.doses.toLocaleString('en')} doses, ${counts!.reminders.toLocaleString('en')} reminders (one per dose)`);
    const worst = Math.max(...runs);
    if (worst >= 5000) throw new Error(`a sweep run took ${worst.toFixed(0)} ms (budget 5,000 ms)\n${lines.join('\n')}`);
    return `${onPglite ? 'PGlite' : 'PostgreSQL'}: slowest run ${worst.toFixed(0)} ms (budget 5,000 ms)\n${lines.join('\n')}`;
  } finally {
    await database.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    if (pgdb) await pgdb.drop();
  }
}
