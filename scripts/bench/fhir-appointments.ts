/**
 * The FHIR façade's busiest call (issue 21; docs/his-facade.md): a HIS pulling a day's bookings,
 * `GET /fhir/R4/Appointment?date=<day>&_count=50`, over a facility with 2,000 bookings that day (and 2,000 on each
 * of the days around it), in-process through app.inject (the façade's own cost: routing, access, two queries, the
 * conversion and the JSON; no network). The first page, the last page (`_offset=1950`) and the day filtered by a
 * status, BENCH_FHIR_N requests each (default 300) after a warm-up, one at a time. On PGlite in a temporary directory,
 * and on PostgreSQL too when DATABASE_URL is set (a fresh database). Budget: p50 < 50 ms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { freshPgDatabase, md5 } from './server';

const PER_DAY = 2_000;
const DAY = '2026-06-15';
const AROUND = ['2026-06-14', '2026-06-16'];

async function onDatabase(kind: 'PGlite' | 'PostgreSQL', n: number): Promise<string> {
  const { openDatabase } = await import('../../apps/server/src/core/db');
  const { loadConfig } = await import('../../apps/server/src/config');
  const { buildApp } = await import('../../apps/server/src/app');
  const { createAccount, createFacility } = await import('../../apps/server/src/db/seed/factories');
  const { makeClinic, makeSlots } = await import('../../apps/server/src/modules/appointments/appointments.fixtures');
  const dir = kind === 'PGlite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-fhir-')) : null;
  const pgdb = dir ? null : await freshPgDatabase('fhir');
  const database = await openDatabase(dir ? { dataDir: dir } : { url: pgdb!.url, poolSize: 4 });
  try {
    await database.migrate();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' });
    const cost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
    const fid = await database.transaction(async (tx) => {
      const f = await createFacility(tx, { code: `BENCH-FHIR-${process.pid}`, name: 'Bệnh viện đo tải FHIR' });
      await createAccount(tx, { facilityId: f.id, username: 'his.bench', password: 'Hethong@123', name: 'HIS', authorities: ['FHIR_READ'] }, cost);
      return f.id;
    });
    const ex = database.db;
    const t0 = performance.now();
    // four doctors in four rooms, 07:00–17:00 in 15-minute slots of 13 places: 2,080 places a day
    for (let i = 0; i < 4; i++) {
      const clinic = await makeClinic(ex, fid, `Nội ${i + 1}`);
      for (const day of [DAY, ...AROUND]) await makeSlots(ex, fid, clinic, day, { start: '07:00', end: '17:00', minutes: 15, capacity: 13 });
    }
    await ex.execute(
      sql`INSERT INTO patient_users (facility_id, name, phone) SELECT ${fid}, 'Bệnh nhân ' || g, '09' || lpad(g::text, 8, '0') FROM generate_series(1, ${PER_DAY}) g`,
    );
    await ex.execute(sql`INSERT INTO medical_profiles (facility_id, user_id, full_name, birth_date, gender, phone, name_search)
      SELECT facility_id, id, name, '1970-01-01'::date + (id % 15000), CASE WHEN id % 2 = 0 THEN 'MALE' ELSE 'FEMALE' END, phone, 'benh nhan'
      FROM patient_users WHERE facility_id = ${fid}`);
    // each day: the slots' places in order, one profile each, in every state (a third accepted, the rest spread)
    await ex.execute(sql`
      WITH places AS (
        SELECT s.*, row_number() OVER (PARTITION BY s.date ORDER BY s.start_time, s.doctor_id, p) AS k
        FROM time_slots s CROSS JOIN generate_series(1, 13) p WHERE s.facility_id = ${fid}
      ), profiles AS (SELECT id, row_number() OVER (ORDER BY id) AS k FROM medical_profiles WHERE facility_id = ${fid})
      INSERT INTO bookings (facility_id, code, medical_profile_id, time_slot_id, schedule_id, doctor_id, room_id, department_id, specialty_id,
        date, start_time, end_time, status, fhir_status, source, priority, symptom, status_reason)
      SELECT ${fid}, 'DK' || to_char(pl.date, 'YYMMDD') || lpad(pl.k::text, 6, '0'), pr.id, pl.id, pl.schedule_id, pl.doctor_id, sc.room_id,
        sc.department_id, r.specialty_id, pl.date, pl.start_time, pl.end_time, st.status, st.fhir, 'APP', (pl.k % 9 = 0)::int,
        CASE WHEN pl.k % 3 = 0 THEN 'Đau đầu, sốt nhẹ về chiều' END, CASE WHEN st.status = 'CANCELLED' THEN 'Bận việc gia đình' END
      FROM places pl JOIN profiles pr ON pr.k = pl.k JOIN schedules sc ON sc.id = pl.schedule_id JOIN rooms r ON r.id = sc.room_id
      CROSS JOIN LATERAL (SELECT (ARRAY['ACCEPTED','ACCEPTED','CHECKED_IN','DONE','CANCELLED','PENDING'])[1 + pl.k % 6] AS status) s0
      CROSS JOIN LATERAL (SELECT s0.status, (ARRAY['booked','booked','arrived','fulfilled','cancelled','pending'])[1 + pl.k % 6] AS fhir) st
      WHERE pl.k <= ${PER_DAY}`);
    await ex.execute(sql`ANALYZE`);
    const [{ n: total }] = (await ex.execute(sql`SELECT count(*)::int AS n FROM bookings WHERE facility_id = ${fid} AND date = ${DAY}`)).rows as {
      n: number;
    }[];
    const seeded = ((performance.now() - t0) / 1000).toFixed(1);

    const app = await buildApp(config, database);
    await app.ready();
    try {
      const login = await app.inject({ method: 'PUT', url: '/api/his/v1/user/login', payload: { emailOrPhone: 'his.bench', password: md5('Hethong@123') } });
      const token = (login.json() as { data: { loginToken: string } }).data.loginToken;
      const headers = { authorization: `Bearer ${token}` };
      const cases = [
        ['first page', `/fhir/R4/Appointment?date=${DAY}&_count=50`],
        ['last page (_offset=1950)', `/fhir/R4/Appointment?date=${DAY}&_count=50&_offset=1950`],
        ['status=booked', `/fhir/R4/Appointment?date=${DAY}&status=booked&_count=50`],
      ] as const;
      const lines: string[] = [];
      for (const [label, url] of cases) {
        for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url, headers }); // warm-up
        const times: number[] = [];
        let entries = 0;
        for (let i = 0; i < n; i++) {
          const s = performance.now();
          const res = await app.inject({ method: 'GET', url, headers });
          times.push(performance.now() - s);
          if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          entries = (res.json() as { entry?: unknown[] }).entry?.length ?? 0;
        }
        times.sort((x, y) => x - y);
        const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
        lines.push(`  ${label} (${entries} entries): p50 ${q(0.5)} ms, p99 ${q(0.99)} ms over ${n} requests`);
      }
      return `${kind}: ${total} bookings on ${DAY} (+ ${PER_DAY} on each day around), seeded in ${seeded} s\n${lines.join('\n')}`;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    if (pgdb) await pgdb.drop();
  }
}

export async function fhirAppointmentsBench(): Promise<string> {
  const n = Number(process.env.BENCH_FHIR_N ?? 300);
  const out = [await onDatabase('PGlite', n)];
  if (process.env.DATABASE_URL) out.push(await onDatabase('PostgreSQL', n));
  return out.join('\n');
}
