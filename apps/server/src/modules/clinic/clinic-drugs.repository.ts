import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { ClinicProgram } from '@portal/shared/rules/clinic-programs';
import type { Executor } from '../../core/db';
import { iso, rows, type Raw } from '../../core/sql';
import { type clinicDoses, clinicMedicines } from '../../db/schema';
import { wordConds } from '../../core/search';

/**
 * The SQL of the medicine reminders (issue 20; docs/clinic-medicines.md). Every query names the facility. Counts are
 * grouped in the database: the list and the statistics never load doses into Node.
 */

export type MedicineRow = typeof clinicMedicines.$inferSelect;

export interface MemberHead {
  userId: number;
  name: string;
  patientCode: string;
  birthDate: string;
  phone: string | null;
  program: ClinicProgram;
  active: boolean;
}

/** The member whose app account is `userId`, with the profile followed; null when not a member of the facility. */
export async function findMember(ex: Executor, facilityId: number, userId: number, lock = false): Promise<MemberHead | null> {
  const [r] = await rows<MemberHead>(
    ex,
    sql`SELECT cm.user_id AS "userId", mp.full_name AS name, mp.patient_code AS "patientCode", mp.birth_date::text AS "birthDate",
               coalesce(mp.phone, u.phone) AS phone, cm.program, cm.active
        FROM clinic_members cm
        JOIN medical_profiles mp ON mp.facility_id = cm.facility_id AND mp.id = cm.medical_profile_id
        JOIN patient_users u ON u.facility_id = cm.facility_id AND u.id = cm.user_id
        WHERE cm.facility_id = ${facilityId} AND cm.user_id = ${userId}
        ${lock ? sql`FOR UPDATE OF cm` : sql``}`,
  );
  return r ?? null;
}

export async function medicinesOf(ex: Executor, facilityId: number, userId: number): Promise<MedicineRow[]> {
  return ex
    .select()
    .from(clinicMedicines)
    .where(and(eq(clinicMedicines.facilityId, facilityId), eq(clinicMedicines.userId, userId), isNull(clinicMedicines.removedAt)))
    .orderBy(clinicMedicines.startDate, clinicMedicines.id);
}

export async function findMedicine(ex: Executor, facilityId: number, userId: number, id: number, lock = false): Promise<MedicineRow | null> {
  const q = ex
    .select()
    .from(clinicMedicines)
    .where(and(eq(clinicMedicines.facilityId, facilityId), eq(clinicMedicines.userId, userId), eq(clinicMedicines.id, id), isNull(clinicMedicines.removedAt)));
  const [r] = lock ? await q.for('update') : await q;
  return r ?? null;
}

export type MedicineValues = Pick<
  typeof clinicMedicines.$inferInsert,
  'name' | 'dose' | 'times' | 'everyDays' | 'startDate' | 'endDate' | 'instructions' | 'source' | 'prescriptionId'
>;

export async function insertMedicine(ex: Executor, facilityId: number, userId: number, createdBy: number, v: MedicineValues): Promise<MedicineRow> {
  const [r] = await ex
    .insert(clinicMedicines)
    .values({ facilityId, userId, createdBy, ...v })
    .returning();
  return r!;
}

export async function updateMedicine(ex: Executor, facilityId: number, id: number, v: MedicineValues): Promise<MedicineRow> {
  const [r] = await ex
    .update(clinicMedicines)
    .set({ ...v, updatedAt: sql`now()` })
    .where(and(eq(clinicMedicines.facilityId, facilityId), eq(clinicMedicines.id, id)))
    .returning();
  return r!;
}

export async function removeMedicine(ex: Executor, facilityId: number, id: number): Promise<void> {
  await ex
    .update(clinicMedicines)
    .set({ removedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(clinicMedicines.facilityId, facilityId), eq(clinicMedicines.id, id)));
}

/** A prescription line of the member's own records (visits of their app account at the facility). */
export interface PrescriptionLineRow {
  id: number;
  visitedAt: Date | string;
  departmentName: string;
  doctorName: string | null;
  drugName: string;
  dose: string;
  unit: string;
  quantity: number;
  usage: string;
  days: number | null;
}

export async function prescriptionLines(ex: Executor, facilityId: number, userId: number, id?: number): Promise<PrescriptionLineRow[]> {
  return rows<PrescriptionLineRow>(
    ex,
    sql`SELECT p.id, h.visited_at AS "visitedAt", h.department_name AS "departmentName", h.doctor_name AS "doctorName",
               p.drug_name AS "drugName", p.dose, p.unit, p.quantity, p.usage, p.days
        FROM patient_histories h JOIN prescriptions p ON p.history_id = h.id
        WHERE h.facility_id = ${facilityId} AND h.user_id = ${userId} ${id === undefined ? sql`` : sql`AND p.id = ${id}`}
        ORDER BY h.visited_at DESC, p.id
        LIMIT 200`,
  );
}

export type DoseRow = Raw<
  Pick<typeof clinicDoses.$inferSelect, 'id' | 'medicineId' | 'dueAt' | 'status' | 'remindedAt' | 'confirmedAt' | 'missedAt'> & {
    medicineName: string;
    dose: string;
  }
>;

const doseColumns = sql`d.id::int AS id, d.medicine_id AS "medicineId", m.name AS "medicineName", m.dose, d.due_at AS "dueAt", d.status,
  d.reminded_at AS "remindedAt", d.confirmed_at AS "confirmedAt", d.missed_at AS "missedAt"`;

/** The member's doses due in [start, end), newest first. */
export async function dosesOf(ex: Executor, facilityId: number, userId: number, start: Date, end: Date): Promise<DoseRow[]> {
  return rows<DoseRow>(
    ex,
    sql`SELECT ${doseColumns}
        FROM clinic_doses d JOIN clinic_medicines m ON m.facility_id = d.facility_id AND m.id = d.medicine_id
        WHERE d.facility_id = ${facilityId} AND d.user_id = ${userId} AND d.due_at >= ${start.toISOString()} AND d.due_at < ${end.toISOString()}
        ORDER BY d.due_at DESC, d.id DESC`,
  );
}

/** One dose of the member, locked for the confirmation; null when it is not theirs. */
export async function findDose(ex: Executor, facilityId: number, userId: number, id: number, lock = false): Promise<DoseRow | null> {
  const [r] = await rows<DoseRow>(
    ex,
    sql`SELECT ${doseColumns}
        FROM clinic_doses d JOIN clinic_medicines m ON m.facility_id = d.facility_id AND m.id = d.medicine_id
        WHERE d.facility_id = ${facilityId} AND d.user_id = ${userId} AND d.id = ${id}
        ${lock ? sql`FOR UPDATE OF d` : sql``}`,
  );
  return r ?? null;
}

export async function markTaken(ex: Executor, facilityId: number, id: number): Promise<void> {
  await ex.execute(sql`UPDATE clinic_doses SET status = 'TAKEN', confirmed_at = now() WHERE facility_id = ${facilityId} AND id = ${id}`);
}

export interface Counts {
  taken: number;
  missed: number;
  pending: number;
}

const countColumns = sql`count(d.id) FILTER (WHERE d.status = 'TAKEN')::int AS taken, count(d.id) FILTER (WHERE d.status = 'MISSED')::int AS missed,
  count(d.id) FILTER (WHERE d.status = 'PENDING')::int AS pending`;

/** The doses of [start, end) per +07:00 day: of one member, or of the facility (one programme's members). */
export async function dayCounts(ex: Executor, facilityId: number, userId: number | null, start: Date, end: Date, program?: ClinicProgram) {
  return rows<Counts & { day: string }>(
    ex,
    sql`SELECT (d.due_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date::text AS day, ${countColumns}
        FROM clinic_doses d
        ${program ? sql`JOIN clinic_members cm ON cm.facility_id = d.facility_id AND cm.user_id = d.user_id AND cm.program = ${program}` : sql``}
        WHERE d.facility_id = ${facilityId} ${userId === null ? sql`` : sql`AND d.user_id = ${userId}`}
          AND d.due_at >= ${start.toISOString()} AND d.due_at < ${end.toISOString()}
        GROUP BY 1 ORDER BY 1`,
  );
}

/** The condition "below the threshold" on taken and missed (rules/adherence isBelowThreshold, in SQL). */
const belowSql = (taken: SQL, missed: SQL, threshold: number) =>
  sql`(${taken} + ${missed} > 0 AND ${taken} * 100 < ${threshold}::int * (${taken} + ${missed}))`;

export interface MemberFilter {
  program?: ClinicProgram;
  q?: string;
  below?: boolean;
  start: Date;
  end: Date;
  threshold: number;
  today: string;
}

export type MemberRow = Counts & {
  userId: number;
  name: string;
  patientCode: string;
  phone: string | null;
  program: ClinicProgram;
  active: boolean;
  medicines: number;
  lastReminderAt: Date | string | null;
};

/** The members of the facility with their doses of the period: those below the threshold first, then the newest members. */
export async function memberPage(ex: Executor, facilityId: number, f: MemberFilter, page: number, size: number): Promise<{ rows: MemberRow[]; total: number }> {
  const conds: SQL[] = [sql`cm.facility_id = ${facilityId}`];
  if (f.program) conds.push(sql`cm.program = ${f.program}`);
  // every word, without diacritics (the members' trigram index on search_text)
  conds.push(...wordConds(sql`cm.search_text`, f.q));
  const taken = sql`coalesce(d.taken, 0)`;
  const missed = sql`coalesce(d.missed, 0)`;
  if (f.below) conds.push(belowSql(taken, missed, f.threshold));
  const found = await rows<MemberRow & { total: number }>(
    ex,
    sql`WITH d AS (
          SELECT d.user_id, ${countColumns}, max(d.reminded_at) AS last_reminder
          FROM clinic_doses d
          WHERE d.facility_id = ${facilityId} AND d.due_at >= ${f.start.toISOString()} AND d.due_at < ${f.end.toISOString()}
          GROUP BY d.user_id
        ), m AS (
          SELECT user_id, count(*)::int AS n FROM clinic_medicines
          WHERE facility_id = ${facilityId} AND removed_at IS NULL AND start_date <= ${f.today} AND (end_date IS NULL OR end_date >= ${f.today})
          GROUP BY user_id
        )
        SELECT cm.user_id AS "userId", mp.full_name AS name, mp.patient_code AS "patientCode", coalesce(mp.phone, u.phone) AS phone,
               cm.program, cm.active, coalesce(m.n, 0) AS medicines,
               ${taken} AS taken, ${missed} AS missed, coalesce(d.pending, 0) AS pending,
               d.last_reminder AS "lastReminderAt", count(*) OVER ()::int AS total
        FROM clinic_members cm
        JOIN medical_profiles mp ON mp.facility_id = cm.facility_id AND mp.id = cm.medical_profile_id
        JOIN patient_users u ON u.facility_id = cm.facility_id AND u.id = cm.user_id
        LEFT JOIN d ON d.user_id = cm.user_id
        LEFT JOIN m ON m.user_id = cm.user_id
        WHERE ${and(...conds)}
        ORDER BY ${belowSql(taken, missed, f.threshold)} DESC, cm.id DESC
        LIMIT ${size} OFFSET ${page * size}`,
  );
  return { rows: found, total: found[0]?.total ?? 0 };
}

/** Per programme: members, members below the threshold, and the doses of the period. */
export async function programCounts(ex: Executor, facilityId: number, start: Date, end: Date, threshold: number, program?: ClinicProgram) {
  return rows<Counts & { program: ClinicProgram; members: number; below: number }>(
    ex,
    sql`WITH per AS (
          SELECT cm.program, cm.user_id, ${countColumns}
          FROM clinic_members cm
          LEFT JOIN clinic_doses d ON d.facility_id = cm.facility_id AND d.user_id = cm.user_id
            AND d.due_at >= ${start.toISOString()} AND d.due_at < ${end.toISOString()}
          WHERE cm.facility_id = ${facilityId} ${program ? sql`AND cm.program = ${program}` : sql``}
          GROUP BY cm.program, cm.user_id
        )
        SELECT program, count(*)::int AS members, count(*) FILTER (WHERE ${belowSql(sql`taken`, sql`missed`, threshold)})::int AS below,
               sum(taken)::int AS taken, sum(missed)::int AS missed, sum(pending)::int AS pending
        FROM per GROUP BY program`,
  );
}

// ——— the reminder sweep ———

/** Takes the facility's sweep lock and returns how far it has gone (null: never). Concurrent sweeps of a facility wait here. */
export async function lockSweep(ex: Executor, facilityId: number): Promise<Date | null> {
  await ex.execute(sql`INSERT INTO clinic_dose_sweeps (facility_id, swept_through) VALUES (${facilityId}, '-infinity') ON CONFLICT (facility_id) DO NOTHING`);
  const [r] = await rows<{ at: Date | string; finite: boolean }>(
    ex,
    sql`SELECT swept_through::text AS at, isfinite(swept_through) AS finite FROM clinic_dose_sweeps WHERE facility_id = ${facilityId} FOR UPDATE`,
  );
  return r?.finite ? new Date(iso(r.at)!) : null;
}

export async function setSweptThrough(ex: Executor, facilityId: number, at: Date): Promise<void> {
  await ex.execute(sql`UPDATE clinic_dose_sweeps SET swept_through = ${at.toISOString()} WHERE facility_id = ${facilityId}`);
}

export type SweepMedicine = Raw<
  Pick<MedicineRow, 'id' | 'userId' | 'name' | 'dose' | 'times' | 'everyDays' | 'startDate' | 'endDate' | 'createdAt'> & { memberName: string }
>;

/**
 * The active members' medicines that may have a dose in the window: taken at one of `times` (null: any), started by
 * the window's last day and not ended before its first.
 */
export async function sweepMedicines(ex: Executor, facilityId: number, times: string[] | null, firstDay: string, lastDay: string): Promise<SweepMedicine[]> {
  return rows<SweepMedicine>(
    ex,
    sql`SELECT m.id, m.user_id AS "userId", m.name, m.dose, m.times, m.every_days AS "everyDays", m.start_date::text AS "startDate",
               m.end_date::text AS "endDate", m.created_at AS "createdAt", mp.full_name AS "memberName"
        FROM clinic_medicines m
        JOIN clinic_members cm ON cm.facility_id = m.facility_id AND cm.user_id = m.user_id AND cm.active
        JOIN medical_profiles mp ON mp.facility_id = cm.facility_id AND mp.id = cm.medical_profile_id
        WHERE m.facility_id = ${facilityId} AND m.removed_at IS NULL AND m.start_date <= ${lastDay} AND (m.end_date IS NULL OR m.end_date >= ${firstDay})
          ${times === null ? sql`` : sql`AND m.times && ${sql.param(times)}::text[]`}`,
  );
}

export interface NewDose {
  medicineId: number;
  userId: number;
  dueAt: Date;
  /** Within the delay: PENDING with its reminder; otherwise written MISSED, without one (a catch-up). */
  remind: boolean;
}

/** Writes the doses; those another sweep wrote first are skipped. Returns the ones written. */
export async function insertDoses(ex: Executor, facilityId: number, doses: readonly NewDose[], now: Date) {
  if (!doses.length) return [];
  const col = <T>(f: (d: NewDose) => T) => sql.param(doses.map(f));
  return rows<{ id: number; medicineId: number; dueAt: Date | string; status: 'PENDING' | 'MISSED' }>(
    ex,
    sql`INSERT INTO clinic_doses (facility_id, medicine_id, user_id, due_at, status, reminded_at, missed_at)
        SELECT ${facilityId}, w.medicine_id, w.user_id, w.due_at,
               CASE WHEN w.remind THEN 'PENDING' ELSE 'MISSED' END,
               CASE WHEN w.remind THEN ${now.toISOString()}::timestamptz END,
               CASE WHEN w.remind THEN NULL ELSE ${now.toISOString()}::timestamptz END
        FROM unnest(${col((d) => d.medicineId)}::int[], ${col((d) => d.userId)}::int[], ${col((d) => d.dueAt.toISOString())}::timestamptz[],
                    ${col((d) => d.remind)}::boolean[]) AS w(medicine_id, user_id, due_at, remind)
        ON CONFLICT (facility_id, medicine_id, due_at) DO NOTHING
        RETURNING id::int AS id, medicine_id AS "medicineId", due_at AS "dueAt", status`,
  );
}

/** PENDING doses due at or before `dueBy` become MISSED. Returns how many. */
export async function markMissed(ex: Executor, facilityId: number, dueBy: Date, now: Date): Promise<number> {
  const r = await rows<{ n: number }>(
    ex,
    sql`WITH m AS (
          UPDATE clinic_doses SET status = 'MISSED', missed_at = ${now.toISOString()}
          WHERE facility_id = ${facilityId} AND status = 'PENDING' AND due_at <= ${dueBy.toISOString()}
          RETURNING 1
        ) SELECT count(*)::int AS n FROM m`,
  );
  return r[0]?.n ?? 0;
}

/** The facilities with a medicine to remind of (the sweep skips the others). */
export async function facilitiesWithMedicines(ex: Executor): Promise<number[]> {
  const r = await rows<{ id: number }>(ex, sql`SELECT DISTINCT facility_id AS id FROM clinic_medicines WHERE removed_at IS NULL ORDER BY 1`);
  return r.map((x) => x.id);
}
