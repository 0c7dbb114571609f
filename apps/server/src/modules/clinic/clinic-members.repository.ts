import { sql, type SQL } from 'drizzle-orm';
import type { MemberListQuery, SurveySettingDto } from '@portal/shared/contracts/clinic.contract';
import type { ClinicProgram } from '@portal/shared/rules/clinic-programs';
import type { Executor } from '../../core/db';
import { dayPeriodConds, rows } from '../../core/sql';
import { wordConds } from '../../core/search';

/** The SQL of the private clinic's members (issue 20): every query of one facility. */

export const COUNT_CAP = 1_000;

export type MemberListRow = {
  id: number;
  userId: number;
  medicalProfileId: number;
  patientCode: string;
  fullName: string;
  gender: string | null;
  dateOfBirth: string | null;
  phone: string | null;
  program: ClinicProgram;
  active: boolean;
  doctorId: number | null;
  doctorName: string | null;
  enrolledAt: Date | string;
};
export type MemberDetailRow = MemberListRow & {
  note: string;
  surveys: SurveySettingDto[];
  deactivationReason: string | null;
  deactivatedAt: Date | string | null;
  enrolledBy: string | null;
  updatedAt: Date | string;
};

const LIST_COLUMNS = sql`m.id, m.user_id AS "userId", m.medical_profile_id AS "medicalProfileId", p.patient_code AS "patientCode",
  p.full_name AS "fullName", p.gender, p.birth_date::text AS "dateOfBirth", coalesce(p.phone, u.phone) AS phone, m.program, m.active,
  m.doctor_id AS "doctorId", d.name AS "doctorName", m.enrolled_at AS "enrolledAt"`;
const JOINS = sql`JOIN medical_profiles p ON p.facility_id = m.facility_id AND p.id = m.medical_profile_id
  JOIN patient_users u ON u.facility_id = m.facility_id AND u.id = m.user_id
  LEFT JOIN doctors d ON d.facility_id = m.facility_id AND d.id = m.doctor_id`;

export type MemberFilter = Omit<MemberListQuery, 'page' | 'size'>;

function where(facilityId: number, f: MemberFilter): SQL {
  const conds: SQL[] = [sql`m.facility_id = ${facilityId}`];
  conds.push(...wordConds(sql`m.search_text`, f.q));
  if (f.program) conds.push(sql`m.program = ${f.program}`);
  if (f.active !== undefined) conds.push(sql`m.active = ${f.active}`);
  if (f.doctorId) conds.push(sql`m.doctor_id = ${f.doctorId}`);
  conds.push(...dayPeriodConds(sql`m.enrolled_at`, f.from, f.to));
  return sql.join(conds, sql` AND `);
}

export async function memberPage(ex: Executor, facilityId: number, f: MemberFilter, page: number, size: number) {
  const w = where(facilityId, f);
  const list = await rows<MemberListRow>(
    ex,
    sql`SELECT ${LIST_COLUMNS} FROM clinic_members m ${JOINS} WHERE ${w} ORDER BY m.id DESC LIMIT ${size} OFFSET ${page * size}`,
  );
  const [t] = await rows<{ n: number }>(ex, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM clinic_members m WHERE ${w} LIMIT ${COUNT_CAP}) c`);
  return { rows: list, total: t!.n };
}

/** A batch of the filtered list for the export, after member `afterId` (newest first). */
export function memberBatch(ex: Executor, facilityId: number, f: MemberFilter, afterId: number | undefined, size: number) {
  const w = afterId === undefined ? where(facilityId, f) : sql`${where(facilityId, f)} AND m.id < ${afterId}`;
  return rows<MemberDetailRow>(ex, sql`SELECT ${LIST_COLUMNS}, m.note FROM clinic_members m ${JOINS} WHERE ${w} ORDER BY m.id DESC LIMIT ${size}`);
}

export async function findMember(ex: Executor, facilityId: number, id: number, lock = false): Promise<MemberDetailRow | undefined> {
  const [r] = await rows<MemberDetailRow>(
    ex,
    sql`SELECT ${LIST_COLUMNS}, m.note, m.surveys, m.deactivation_reason AS "deactivationReason", m.deactivated_at AS "deactivatedAt",
        ea.username AS "enrolledBy", m.updated_at AS "updatedAt"
      FROM clinic_members m ${JOINS} LEFT JOIN accounts ea ON ea.facility_id = m.facility_id AND ea.id = m.enrolled_by
      WHERE m.facility_id = ${facilityId} AND m.id = ${id} ${lock ? sql`FOR UPDATE OF m` : sql``}`,
  );
  return r;
}

/** The member of a patient app account, if enrolled. */
export async function memberOfUser(ex: Executor, facilityId: number, userId: number) {
  const [r] = await rows<{ id: number; active: boolean; program: ClinicProgram; doctorName: string | null; surveys: SurveySettingDto[] }>(
    ex,
    sql`SELECT m.id, m.active, m.program, d.name AS "doctorName", m.surveys FROM clinic_members m
      LEFT JOIN doctors d ON d.facility_id = m.facility_id AND d.id = m.doctor_id
      WHERE m.facility_id = ${facilityId} AND m.user_id = ${userId}`,
  );
  return r;
}

/** The member ids of these accounts (for the enrol search). */
export async function membersOfUsers(ex: Executor, facilityId: number, userIds: number[]): Promise<Map<number, number>> {
  if (!userIds.length) return new Map();
  const found = await rows<{ id: number; userId: number }>(
    ex,
    sql`SELECT id, user_id AS "userId" FROM clinic_members WHERE facility_id = ${facilityId} AND user_id = ANY(${sql.param(userIds)}::int[])`,
  );
  return new Map(found.map((r) => [r.userId, r.id]));
}

export type ProfileForEnrol = {
  id: number;
  userId: number;
  patientCode: string;
  fullName: string;
  dateOfBirth: string | null;
  gender: string | null;
  phone: string | null;
  accountPhone: string | null;
};
const PROFILE_COLUMNS = sql`p.id, p.user_id AS "userId", p.patient_code AS "patientCode", p.full_name AS "fullName", p.birth_date::text AS "dateOfBirth",
  p.gender, p.phone, u.phone AS "accountPhone"`;
const PROFILE_FROM = sql`medical_profiles p JOIN patient_users u ON u.facility_id = p.facility_id AND u.id = p.user_id AND u.merged_into_id IS NULL`;

export async function findProfile(ex: Executor, facilityId: number, id: number): Promise<ProfileForEnrol | undefined> {
  const [r] = await rows<ProfileForEnrol>(ex, sql`SELECT ${PROFILE_COLUMNS} FROM ${PROFILE_FROM} WHERE p.facility_id = ${facilityId} AND p.id = ${id}`);
  return r;
}

/** Profiles by patient code (exact, any case). */
export async function profilesByCodes(ex: Executor, facilityId: number, codes: string[]): Promise<ProfileForEnrol[]> {
  if (!codes.length) return [];
  return rows<ProfileForEnrol>(
    ex,
    sql`SELECT ${PROFILE_COLUMNS} FROM ${PROFILE_FROM} WHERE p.facility_id = ${facilityId} AND p.patient_code = ANY(${sql.param(codes)}::text[])`,
  );
}

/** Profiles whose own phone, or whose account's phone, is one of these (an account's phone matches its SELF profile). */
export async function profilesByPhones(ex: Executor, facilityId: number, phones: string[]): Promise<ProfileForEnrol[]> {
  if (!phones.length) return [];
  return rows<ProfileForEnrol>(
    ex,
    sql`SELECT ${PROFILE_COLUMNS} FROM ${PROFILE_FROM} WHERE p.facility_id = ${facilityId}
      AND (p.phone = ANY(${sql.param(phones)}::text[]) OR (p.relationship = 'SELF' AND u.phone = ANY(${sql.param(phones)}::text[])))`,
  );
}

export async function insertMember(
  ex: Executor,
  v: {
    facilityId: number;
    userId: number;
    medicalProfileId: number;
    program: ClinicProgram;
    doctorId: number | null;
    note: string;
    surveys: SurveySettingDto[];
    searchText: string;
    enrolledBy: number | null;
  },
): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`INSERT INTO clinic_members (facility_id, user_id, medical_profile_id, program, doctor_id, note, surveys, search_text, enrolled_by)
      VALUES (${v.facilityId}, ${v.userId}, ${v.medicalProfileId}, ${v.program}, ${v.doctorId}, ${v.note}, ${JSON.stringify(v.surveys)}::jsonb,
        ${v.searchText}, ${v.enrolledBy})
      ON CONFLICT (facility_id, user_id) DO NOTHING RETURNING id`,
  );
  return r?.id ?? 0;
}

export async function updateMember(ex: Executor, facilityId: number, id: number, set: SQL): Promise<void> {
  await ex.execute(sql`UPDATE clinic_members SET ${set}, updated_at = now() WHERE facility_id = ${facilityId} AND id = ${id}`);
}

export async function doctorExists(ex: Executor, facilityId: number, id: number): Promise<boolean> {
  const [r] = await rows<{ id: number }>(ex, sql`SELECT id FROM doctors WHERE facility_id = ${facilityId} AND id = ${id}`);
  return !!r;
}

export async function doctorOptions(ex: Executor, facilityId: number, q: string | undefined, page: number, size: number) {
  const conds: SQL[] = [sql`facility_id = ${facilityId}`];
  conds.push(...wordConds(sql`search_text`, q));
  const w = sql.join(conds, sql` AND `);
  const list = await rows<{ id: number; name: string }>(ex, sql`SELECT id, name FROM doctors WHERE ${w} ORDER BY name, id LIMIT ${size} OFFSET ${page * size}`);
  const [t] = await rows<{ n: number }>(ex, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM doctors WHERE ${w} LIMIT ${COUNT_CAP}) c`);
  return { rows: list, total: t!.n };
}

/** The group conversations a member's account is in. */
export function groupsOfUser(ex: Executor, facilityId: number, userId: number) {
  return rows<{ id: number; name: string }>(
    ex,
    sql`SELECT g.id, g.name FROM clinic_chat_participants cp JOIN clinic_chat_groups g ON g.facility_id = cp.facility_id AND g.id = cp.group_id
      WHERE cp.facility_id = ${facilityId} AND cp.user_id = ${userId} ORDER BY g.name`,
  );
}
