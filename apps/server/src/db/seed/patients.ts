import { sql } from 'drizzle-orm';
import { normalizeText } from '@portal/shared/rules/diacritics';
import type { Database, Executor } from '../../core/db';
import type { FileStorage } from '../../core/file-storage';
import { md5 } from '../../core/tokens';
import { rows } from '../../core/sql';
import { userSearchText } from '../../modules/patients/patients.repository';
import { hashPassword, type HashCost } from '../../modules/auth/passwords';
import { REFERENCE_FILES_DIR } from '../../modules/patients/reference-lookup';
import { duplicateOf, historiesFor, mulberry32, patientGenerator, tinyPdf, type AccountSeed } from './patients-data';
import { loadProvinces2025, loadWards2025 } from '../reference';

const BATCH = 2000;
const p = sql.param;

export interface InsertedAccount {
  userId: number;
  profiles: { id: number; patientCode: string; birthDate: string; fullName: string }[];
}

/**
 * Inserts accounts with their profiles, a few thousand rows per statement (unnest of arrays:
 * one round trip per table and batch, on PGlite and PostgreSQL alike).
 */
export async function insertAccounts(ex: Executor, facilityId: number, list: AccountSeed[], passwordHash: string | null = null): Promise<InsertedAccount[]> {
  const out: InsertedAccount[] = [];
  for (let i = 0; i < list.length; i += BATCH) {
    const chunk = list.slice(i, i + BATCH);
    // patient codes drawn from the sequence first, so each account's search text is complete at insert
    const nProfiles = chunk.reduce((n, a) => n + a.profiles.length, 0);
    const seq = await rows<{ code: string }>(
      ex,
      sql`SELECT 'BN' || lpad(nextval('patient_code_seq')::text, 8, '0') AS code FROM generate_series(1, ${nProfiles}::int)`,
    );
    let c = 0;
    const codesOf = chunk.map((a) => a.profiles.map(() => seq[c++]!.code));
    const users = await rows<{ id: number }>(
      ex,
      sql`INSERT INTO patient_users (facility_id, name, phone, email, password_hash, verified, verified_at, locked, locked_at, search_text, created_at, updated_at)
        SELECT ${facilityId}, t.name, t.phone, t.email, ${passwordHash}, t.verified, CASE WHEN t.verified THEN t.created_at END, t.locked, CASE WHEN t.locked THEN t.created_at END, t.search, t.created_at, t.created_at
        FROM unnest(${p(chunk.map((a) => a.name))}::text[], ${p(chunk.map((a) => a.phone))}::text[], ${p(chunk.map((a) => a.email))}::text[],
                    ${p(chunk.map((a) => a.verified))}::bool[], ${p(chunk.map((a) => a.locked))}::bool[],
                    ${p(
                      chunk.map((a, j) =>
                        userSearchText(
                          a,
                          a.profiles.map((x, k) => ({ ...x, patientCode: codesOf[j]![k]! })),
                        ),
                      ),
                    )}::text[],
                    ${p(chunk.map((a) => a.createdAt.toISOString()))}::timestamptz[])
          WITH ORDINALITY AS t(name, phone, email, verified, locked, search, created_at, ord)
        ORDER BY t.ord RETURNING id`,
    );
    const flat = chunk.flatMap((a, k) =>
      a.profiles.map((pr, j) => ({ ...pr, userId: Number(users[k]!.id), createdAt: a.createdAt, patientCode: codesOf[k]![j]! })),
    );
    const made = await rows<{ id: number; patient_code: string; user_id: number }>(
      ex,
      sql`INSERT INTO medical_profiles (facility_id, user_id, patient_code, relationship, full_name, birth_date, gender, phone, email, cccd, bhyt, bhyt_expiry,
                                        nation_code, job_code, province_code, ward_code, street, name_search, created_at, updated_at)
        SELECT ${facilityId}, t.user_id, t.code, t.rel, t.full_name, t.birth_date, t.gender, t.phone, t.email, t.cccd, t.bhyt, t.bhyt_expiry,
               t.nation, t.job, t.province, t.ward, t.street, t.name_search, t.created_at, t.created_at
        FROM unnest(${p(flat.map((x) => x.userId))}::int[], ${p(flat.map((x) => x.patientCode))}::text[], ${p(flat.map((x) => x.relationship))}::text[], ${p(flat.map((x) => x.fullName))}::text[],
                    ${p(flat.map((x) => x.birthDate))}::date[], ${p(flat.map((x) => x.gender))}::text[], ${p(flat.map((x) => x.phone))}::text[],
                    ${p(flat.map((x) => x.email))}::text[], ${p(flat.map((x) => x.cccd))}::text[], ${p(flat.map((x) => x.bhyt))}::text[],
                    ${p(flat.map((x) => x.bhytExpiry))}::date[], ${p(flat.map((x) => x.nationCode))}::text[], ${p(flat.map((x) => x.jobCode))}::text[],
                    ${p(flat.map((x) => x.provinceCode))}::text[], ${p(flat.map((x) => x.wardCode))}::text[], ${p(flat.map((x) => x.street))}::text[],
                    ${p(flat.map((x) => normalizeText(x.fullName)))}::text[], ${p(flat.map((x) => x.createdAt.toISOString()))}::timestamptz[])
          WITH ORDINALITY AS t(user_id, code, rel, full_name, birth_date, gender, phone, email, cccd, bhyt, bhyt_expiry, nation, job, province, ward, street, name_search, created_at, ord)
        ORDER BY t.ord RETURNING id, patient_code, user_id`,
    );
    let k = 0;
    chunk.forEach((a, j) => {
      out.push({
        userId: Number(users[j]!.id),
        profiles: a.profiles.map((pr) => {
          const m = made[k++]!;
          return { id: Number(m.id), patientCode: m.patient_code, birthDate: pr.birthDate, fullName: pr.fullName };
        }),
      });
    });
  }
  return out;
}

/** Visit histories with prescriptions, medical records and diagnostics for the given profiles. */
export async function insertHistories(
  ex: Executor,
  facilityId: number,
  accounts: InsertedAccount[],
  now: Date,
  seed: number,
): Promise<{ historyId: number; userId: number; profileId: number; patientCode: string; fullName: string; visitedAt: Date }[]> {
  const rng = mulberry32(seed);
  const all = accounts.flatMap((a) => a.profiles.flatMap((pr) => historiesFor(rng, pr, now).map((h) => ({ ...h, userId: a.userId, profile: pr }))));
  const made: { historyId: number; userId: number; profileId: number; patientCode: string; fullName: string; visitedAt: Date }[] = [];
  for (let i = 0; i < all.length; i += BATCH) {
    const chunk = all.slice(i, i + BATCH);
    const hs = await rows<{ id: number; encounter_code: string }>(
      ex,
      sql`INSERT INTO patient_histories (facility_id, user_id, profile_id, encounter_code, visited_at, department_name, doctor_name, reason, icd_code, diagnosis, conclusion, follow_up_date, created_at)
        SELECT ${facilityId}, t.user_id, t.profile_id, 'LK' || to_char(t.visited_at AT TIME ZONE 'Asia/Ho_Chi_Minh', 'YYMMDD') || '-' || ${seed % 1000} || '-' || lpad((${i}::int + t.ord)::text, 7, '0'),
               t.visited_at, t.dept, t.doctor, t.reason, t.icd, t.diagnosis, t.conclusion, t.follow_up, t.visited_at
        FROM unnest(${p(chunk.map((h) => h.userId))}::int[], ${p(chunk.map((h) => h.profile.id))}::int[], ${p(chunk.map((h) => h.visitedAt.toISOString()))}::timestamptz[],
                    ${p(chunk.map((h) => h.departmentName))}::text[], ${p(chunk.map((h) => h.doctorName))}::text[], ${p(chunk.map((h) => h.reason))}::text[],
                    ${p(chunk.map((h) => h.icdCode))}::text[], ${p(chunk.map((h) => h.diagnosis))}::text[], ${p(chunk.map((h) => h.conclusion))}::text[],
                    ${p(chunk.map((h) => h.followUpDate))}::date[])
          WITH ORDINALITY AS t(user_id, profile_id, visited_at, dept, doctor, reason, icd, diagnosis, conclusion, follow_up, ord)
        ORDER BY t.ord RETURNING id`,
    );
    const ids = hs.map((h) => Number(h.id));
    const rx = chunk.flatMap((h, j) => h.prescriptions.map((x) => ({ ...x, historyId: ids[j]! })));
    if (rx.length) {
      await ex.execute(sql`INSERT INTO prescriptions (history_id, drug_name, active_ingredient, dose, quantity, unit, usage, days)
        SELECT * FROM unnest(${p(rx.map((x) => x.historyId))}::int[], ${p(rx.map((x) => x.drugName))}::text[], ${p(rx.map((x) => x.activeIngredient))}::text[],
                             ${p(rx.map((x) => x.dose))}::text[], ${p(rx.map((x) => x.quantity))}::int[], ${p(rx.map((x) => x.unit))}::text[],
                             ${p(rx.map((x) => x.usage))}::text[], ${p(rx.map((x) => x.days))}::int[])`);
    }
    const rec = chunk.map((h, j) => ({ ...h.record, historyId: ids[j]! }));
    await ex.execute(sql`INSERT INTO medical_records (history_id, pulse, temperature, blood_pressure, weight_kg, height_cm, symptoms, examination, treatment)
      SELECT t.h, t.pulse, t.temp, NULLIF(t.bp, ''), t.w, t.hc, t.s, t.e, t.tr FROM unnest(${p(rec.map((x) => x.historyId))}::int[], ${p(rec.map((x) => x.pulse))}::int[], ${p(rec.map((x) => x.temperature))}::text[],
                           ${p(rec.map((x) => x.bloodPressure))}::text[], ${p(rec.map((x) => x.weightKg))}::text[], ${p(rec.map((x) => x.heightCm))}::int[],
                           ${p(rec.map((x) => x.symptoms))}::text[], ${p(rec.map((x) => x.examination))}::text[], ${p(rec.map((x) => x.treatment))}::text[])
        AS t(h, pulse, temp, bp, w, hc, s, e, tr)`);
    const dx = chunk.flatMap((h, j) => h.diagnostics.map((x) => ({ ...x, historyId: ids[j]! })));
    if (dx.length) {
      await ex.execute(sql`INSERT INTO diagnostics (history_id, kind, service_name, result, unit, reference_range, abnormal, conclusion, performed_at)
        SELECT * FROM unnest(${p(dx.map((x) => x.historyId))}::int[], ${p(dx.map((x) => x.kind))}::text[], ${p(dx.map((x) => x.serviceName))}::text[],
                             ${p(dx.map((x) => x.result))}::text[], ${p(dx.map((x) => x.unit))}::text[], ${p(dx.map((x) => x.referenceRange))}::text[],
                             ${p(dx.map((x) => x.abnormal))}::bool[], ${p(dx.map((x) => x.conclusion))}::text[], ${p(dx.map((x) => x.performedAt.toISOString()))}::timestamptz[])`);
    }
    chunk.forEach((h, j) =>
      made.push({
        historyId: ids[j]!,
        userId: h.userId,
        profileId: h.profile.id,
        patientCode: h.profile.patientCode,
        fullName: h.profile.fullName,
        visitedAt: h.visitedAt,
      }),
    );
  }
  return made;
}

export interface PatientSeedOptions {
  facilityId: number;
  count: number;
  now: Date;
  seed: number;
  /** First = the facility's province (GSO 2025 code). */
  homeProvinces: string[];
  /** Likely-duplicate accounts to add (for the merge screen). */
  duplicates?: number;
  histories?: boolean;
  /** Demo result PDFs written to storage. */
  files?: { storage: FileStorage; count: number };
  passwordHash?: string | null;
  taken?: { phones: Iterable<string>; cccds: Iterable<string>; bhyts: Iterable<string>; emails?: Iterable<string> };
}

/** Demo patients of one facility: accounts, family profiles, duplicates, histories and a few result PDFs. */
export async function seedPatients(ex: Executor, o: PatientSeedOptions): Promise<{ accounts: number; profiles: number; histories: number; files: number }> {
  const provinces = loadProvinces2025(REFERENCE_FILES_DIR);
  const wards = loadWards2025(REFERENCE_FILES_DIR);
  const next = patientGenerator({ provinces, wards, now: o.now, seed: o.seed, homeProvinces: o.homeProvinces, taken: o.taken });
  const list: AccountSeed[] = [];
  for (let i = 0; i < o.count; i++) list.push(next());
  const kinds = ['phone', 'cccd', 'nameDob'] as const;
  for (let i = 0; i < (o.duplicates ?? 0); i++) {
    const base = list[(i * 97 + 13) % list.length]!;
    list.push(duplicateOf(base, kinds[i % 3]!, i + 1, o.now));
  }
  const inserted = await insertAccounts(ex, o.facilityId, list, o.passwordHash ?? null);
  const histories = o.histories ? await insertHistories(ex, o.facilityId, inserted, o.now, o.seed + 1) : [];
  let files = 0;
  if (o.files && histories.length) {
    const recent = [...histories].sort((a, b) => b.visitedAt.getTime() - a.visitedAt.getTime()).slice(0, o.files.count);
    for (const h of recent) {
      const bytes = tinyPdf([
        'BENH VIEN DA KHOA AN PHUC - PHIEU KET QUA',
        `Ma benh nhan: ${h.patientCode}`,
        `Ho ten: ${normalizeText(h.fullName).toUpperCase()}`,
        `Ngay kham: ${h.visitedAt.toISOString().slice(0, 10)}`,
        'Ket qua: xem chi tiet trong ho so benh an.',
      ]);
      const key = `results/${o.facilityId}/demo-${md5(`${o.seed}-${h.historyId}`)}`;
      await o.files.storage.put(key, bytes);
      await ex.execute(sql`INSERT INTO result_files (facility_id, user_id, profile_id, history_id, storage_key, file_name, content_type, size_bytes, sha256, created_at)
        VALUES (${o.facilityId}, ${h.userId}, ${h.profileId}, ${h.historyId}, ${key}, ${`Phieu-ket-qua-${h.patientCode}.pdf`}, 'application/pdf', ${bytes.length},
                encode(sha256(${p(bytes)}::bytea), 'hex'), ${new Date(h.visitedAt.getTime() + 3 * 3_600_000).toISOString()})`);
      files++;
    }
  }
  return { accounts: inserted.length, profiles: inserted.reduce((s, a) => s + a.profiles.length, 0), histories: histories.length, files };
}

/** The demo patients of issue 5: 5,000 accounts of the demo hospital, 200 of the second facility. */
export async function seedDemoPatients(
  ex: Executor,
  o: { hospitalId: number; clinicId: number; now: Date; storage?: FileStorage; cost: HashCost },
): Promise<void> {
  // One password for every demo patient account (hashed once): patient sign-in is not part of the portal.
  const hash = await hashPassword(md5('Benhnhan@123'), o.cost);
  await seedPatients(ex, {
    facilityId: o.hospitalId,
    count: 5000,
    now: o.now,
    seed: 20250701,
    homeProvinces: ['01', '24', '33', '37', '25', '19', '31'],
    duplicates: 45,
    histories: true,
    files: o.storage ? { storage: o.storage, count: 12 } : undefined,
    passwordHash: hash,
  });
  await seedPatients(ex, { facilityId: o.clinicId, count: 200, now: o.now, seed: 79, homeProvinces: ['79', '75', '80'], histories: true, passwordHash: hash });
}

/** Fresh planner statistics after a bulk load (PGlite has no autovacuum; trigram indexes need them). */
export async function analyzePatients(database: Database): Promise<void> {
  for (const t of ['patient_users', 'medical_profiles', 'patient_histories', 'prescriptions', 'diagnostics', 'medical_records', 'result_files']) {
    await database.query('', `VACUUM ANALYZE ${t}`, []);
  }
}

/**
 * Benchmark volume (`npm run seed -- --scale large`): `count` more accounts with their family
 * profiles (no histories), in transactions of 20,000, never repeating an identifier already used.
 */
export async function seedLargePatients(database: Database, facilityId: number, count: number, log: (s: string) => void = () => {}): Promise<number> {
  const taken = await database.query<{ phone: string | null; cccd: string | null; bhyt: string | null; email: string | null }>(
    '',
    'SELECT phone, cccd, bhyt, NULL AS email FROM medical_profiles WHERE facility_id = $1 UNION ALL SELECT phone, NULL, NULL, email FROM patient_users WHERE facility_id = $1',
    [facilityId],
  );
  const pick = (k: 'phone' | 'cccd' | 'bhyt' | 'email') => taken.map((r) => r[k]).filter((v): v is string => !!v);
  const provinces = loadProvinces2025(REFERENCE_FILES_DIR);
  const wards = loadWards2025(REFERENCE_FILES_DIR);
  const next = patientGenerator({
    provinces,
    wards,
    now: new Date(),
    seed: 500_000 + taken.length,
    homeProvinces: ['01', '24', '33', '37', '25', '19', '31'],
    taken: { phones: pick('phone'), cccds: pick('cccd'), bhyts: pick('bhyt'), emails: pick('email') },
  });
  const CHUNK = 20_000;
  let done = 0;
  while (done < count) {
    const n = Math.min(CHUNK, count - done);
    const list = Array.from({ length: n }, () => next());
    await database.transaction((tx) => insertAccounts(tx, facilityId, list));
    done += n;
    log(`  ${done.toLocaleString('vi-VN')} / ${count.toLocaleString('vi-VN')} tài khoản bệnh nhân`);
  }
  await analyzePatients(database);
  return done;
}
