import { sql, type SQL } from 'drizzle-orm';
import type { QuestionStatus } from '@portal/shared/rules/question-status';
import type { Executor } from '../../core/db';
import { containsPattern, dayPeriodConds, rows } from '../../core/sql';
import { selectiveWordConds, wordConds } from '../../core/search';

/** The SQL of the questions (issue 19): every query of one facility. */

/** Counts stop here: past it the pager offers the first 1,000 matches (a count of every match would read them all). */
export const COUNT_CAP = 1_000;

export type QuestionListRow = {
  id: number;
  title: string;
  excerpt: string;
  askerName: string;
  askerGender: string | null;
  askerAge: number | null;
  specialtyId: number | null;
  specialtyName: string | null;
  doctorId: number | null;
  doctorName: string | null;
  status: QuestionStatus;
  sensitive: boolean;
  imageCount: number;
  commentCount: number;
  /** Raw SQL answers timestamps as text on PostgreSQL, as Date on PGlite. */
  createdAt: Date | string;
  answeredAt: Date | string | null;
};
export type QuestionDetailRow = QuestionListRow & {
  content: string;
  imageUrls: string[];
  patientUserId: number;
  askerPhone: string | null;
  rejectReason: string | null;
  answerHtml: string | null;
  answeredBy: string | null;
  answerUpdatedAt: Date | string | null;
  acceptedAt: Date | string | null;
  acceptedBy: string | null;
  version: number;
  updatedAt: Date | string;
  doctorDegree: string | null;
  doctorAcademicTitle: string | null;
};

const LIST_COLUMNS = sql`q.id, q.title, left(q.content, 160) AS excerpt, q.asker_name AS "askerName", q.asker_gender AS "askerGender",
  q.asker_age AS "askerAge", q.specialty_id AS "specialtyId", s.name AS "specialtyName", q.doctor_id AS "doctorId", d.name AS "doctorName",
  q.status, q.sensitive, jsonb_array_length(q.image_urls) AS "imageCount", q.comment_count AS "commentCount", q.created_at AS "createdAt",
  q.answered_at AS "answeredAt"`;
const JOINS = sql`LEFT JOIN specialties s ON s.facility_id = q.facility_id AND s.id = q.specialty_id
  LEFT JOIN doctors d ON d.facility_id = q.facility_id AND d.id = q.doctor_id`;
const DETAIL_COLUMNS = sql`${LIST_COLUMNS}, q.content, q.image_urls AS "imageUrls", q.patient_user_id AS "patientUserId", u.phone AS "askerPhone",
  q.reject_reason AS "rejectReason", q.answer_html AS "answerHtml", aa.username AS "answeredBy", q.answer_updated_at AS "answerUpdatedAt",
  q.accepted_at AS "acceptedAt", ca.username AS "acceptedBy", q.version, q.updated_at AS "updatedAt", d.degree AS "doctorDegree", d.academic_title AS "doctorAcademicTitle"`;
const DETAIL_JOINS = sql`${JOINS}
  LEFT JOIN patient_users u ON u.facility_id = q.facility_id AND u.id = q.patient_user_id
  LEFT JOIN accounts aa ON aa.facility_id = q.facility_id AND aa.id = q.answered_by
  LEFT JOIN accounts ca ON ca.facility_id = q.facility_id AND ca.id = q.accepted_by`;

export interface ListFilter {
  q?: string;
  status?: QuestionStatus;
  specialtyId?: number;
  doctorId?: number;
  sensitive?: boolean;
  /** Asked before this instant and still to answer. */
  overdueBefore?: Date;
  from?: string;
  to?: string;
}

function listWhere(facilityId: number, f: ListFilter): SQL {
  const conds: SQL[] = [sql`q.facility_id = ${facilityId}`];
  conds.push(...selectiveWordConds(sql`q.search_text`, f.q));
  if (f.status) conds.push(sql`q.status = ${f.status}`);
  if (f.specialtyId) conds.push(sql`q.specialty_id = ${f.specialtyId}`);
  if (f.doctorId) conds.push(sql`q.doctor_id = ${f.doctorId}`);
  if (f.sensitive !== undefined) conds.push(sql`q.sensitive = ${f.sensitive}`);
  if (f.overdueBefore) conds.push(sql`q.status IN ('NEW', 'ACCEPTED') AND q.created_at < ${f.overdueBefore.toISOString()}::timestamptz`);
  conds.push(...dayPeriodConds(sql`q.created_at`, f.from, f.to));
  return sql.join(conds, sql` AND `);
}

export async function questionPage(ex: Executor, facilityId: number, f: ListFilter, page: number, size: number) {
  const where = listWhere(facilityId, f);
  // the page and its count at once: on PostgreSQL two connections of the pool (a search's two scans overlap)
  const [list, [t]] = await Promise.all([
    rows<QuestionListRow>(ex, sql`SELECT ${LIST_COLUMNS} FROM questions q ${JOINS} WHERE ${where} ORDER BY q.id DESC LIMIT ${size} OFFSET ${page * size}`),
    rows<{ n: number }>(ex, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM questions q WHERE ${where} LIMIT ${COUNT_CAP}) c`),
  ]);
  return { rows: list, total: t!.n };
}

export async function findQuestion(ex: Executor, facilityId: number, id: number, lock = false): Promise<QuestionDetailRow | undefined> {
  const [r] = await rows<QuestionDetailRow>(
    ex,
    sql`SELECT ${DETAIL_COLUMNS} FROM questions q ${DETAIL_JOINS} WHERE q.facility_id = ${facilityId} AND q.id = ${id} ${lock ? sql`FOR UPDATE OF q` : sql``}`,
  );
  return r;
}

/** The statuses of `ids` in the facility, locked for a bulk change (ids of another facility are simply absent). */
export async function lockStatuses(ex: Executor, facilityId: number, ids: number[]): Promise<Map<number, QuestionStatus>> {
  const found = await rows<{ id: number; status: QuestionStatus }>(
    ex,
    sql`SELECT id, status FROM questions WHERE facility_id = ${facilityId} AND id = ANY(${sql.param(ids)}::int[]) ORDER BY id FOR UPDATE`,
  );
  return new Map(found.map((r) => [r.id, r.status]));
}

export async function acceptMany(ex: Executor, facilityId: number, ids: number[], accountId: number): Promise<void> {
  if (!ids.length) return;
  await ex.execute(sql`UPDATE questions SET status = 'ACCEPTED', accepted_at = now(), accepted_by = ${accountId}, updated_at = now()
    WHERE facility_id = ${facilityId} AND id = ANY(${sql.param(ids)}::int[])`);
}

export async function setStatus(ex: Executor, facilityId: number, id: number, status: QuestionStatus, rejectReason?: string): Promise<void> {
  await ex.execute(sql`UPDATE questions SET status = ${status}, updated_at = now()
    ${rejectReason === undefined ? sql`` : sql`, reject_reason = ${rejectReason}`}
    WHERE facility_id = ${facilityId} AND id = ${id}`);
}

export async function setSensitive(ex: Executor, facilityId: number, id: number, sensitive: boolean): Promise<void> {
  await ex.execute(sql`UPDATE questions SET sensitive = ${sensitive}, updated_at = now() WHERE facility_id = ${facilityId} AND id = ${id}`);
}

export async function setAssignment(ex: Executor, facilityId: number, id: number, specialtyId: number | null, doctorId: number | null): Promise<void> {
  await ex.execute(sql`UPDATE questions SET specialty_id = ${specialtyId}, doctor_id = ${doctorId}, updated_at = now()
    WHERE facility_id = ${facilityId} AND id = ${id}`);
}

export async function setAnswer(
  ex: Executor,
  facilityId: number,
  id: number,
  a: { html: string; text: string; doctorId: number; accountId: number; first: boolean },
): Promise<void> {
  await ex.execute(sql`UPDATE questions SET answer_html = ${a.html}, answer_text = ${a.text}, doctor_id = ${a.doctorId}, status = 'ANSWERED',
      answered_by = ${a.accountId}, answer_updated_at = now(), version = version + 1, updated_at = now()
      ${a.first ? sql`, answered_at = now()` : sql``}
    WHERE facility_id = ${facilityId} AND id = ${id}`);
}

export async function specialtyExists(ex: Executor, facilityId: number, id: number): Promise<boolean> {
  const [r] = await rows<{ id: number }>(ex, sql`SELECT id FROM specialties WHERE facility_id = ${facilityId} AND id = ${id}`);
  return !!r;
}

export async function doctorExists(ex: Executor, facilityId: number, id: number): Promise<boolean> {
  const [r] = await rows<{ id: number }>(ex, sql`SELECT id FROM doctors WHERE facility_id = ${facilityId} AND id = ${id}`);
  return !!r;
}

/** Active specialties or doctors of the facility matching `needle` (doctors of `specialtyId` first), a page of them. */
export async function options(
  ex: Executor,
  facilityId: number,
  kind: 'specialties' | 'doctors',
  f: { needle?: string; specialtyId?: number },
  page: number,
  size: number,
) {
  const table = kind === 'doctors' ? sql`doctors` : sql`specialties`;
  const conds: SQL[] = [sql`t.facility_id = ${facilityId}`, sql`t.active`];
  if (f.needle) conds.push(sql`t.search_text LIKE ${containsPattern(f.needle)}`);
  const where = sql.join(conds, sql` AND `);
  const first =
    kind === 'doctors' && f.specialtyId
      ? sql`EXISTS (SELECT 1 FROM doctor_specialties ds WHERE ds.doctor_id = t.id AND ds.specialty_id = ${f.specialtyId}) DESC,`
      : sql``;
  const list = await rows<{ id: number; name: string }>(
    ex,
    sql`SELECT t.id, t.name FROM ${table} t WHERE ${where} ORDER BY ${first} t.name, t.id LIMIT ${size} OFFSET ${page * size}`,
  );
  const [c] = await rows<{ n: number }>(ex, sql`SELECT count(*)::int AS n FROM ${table} t WHERE ${where}`);
  return { rows: list, total: c!.n };
}

export async function comments(ex: Executor, facilityId: number, questionId: number) {
  return rows<{ id: number; text: string; by: string; at: Date | string }>(
    ex,
    sql`SELECT c.id, c.text, a.username AS by, c.created_at AS at FROM question_comments c
        JOIN accounts a ON a.facility_id = c.facility_id AND a.id = c.account_id
        WHERE c.facility_id = ${facilityId} AND c.question_id = ${questionId} ORDER BY c.id`,
  );
}

export async function insertComment(ex: Executor, facilityId: number, questionId: number, accountId: number, text: string): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`INSERT INTO question_comments (facility_id, question_id, account_id, text) VALUES (${facilityId}, ${questionId}, ${accountId}, ${text}) RETURNING id`,
  );
  await ex.execute(sql`UPDATE questions SET comment_count = comment_count + 1 WHERE facility_id = ${facilityId} AND id = ${questionId}`);
  return r!.id;
}

export async function commentById(ex: Executor, facilityId: number, id: number) {
  const [r] = await rows<{ id: number; text: string; by: string; at: Date | string }>(
    ex,
    sql`SELECT c.id, c.text, a.username AS by, c.created_at AS at FROM question_comments c
        JOIN accounts a ON a.facility_id = c.facility_id AND a.id = c.account_id WHERE c.facility_id = ${facilityId} AND c.id = ${id}`,
  );
  return r!;
}

function periodWhere(facilityId: number, from?: string, to?: string): SQL {
  const conds: SQL[] = [sql`q.facility_id = ${facilityId}`];
  conds.push(...dayPeriodConds(sql`q.created_at`, from, to));
  return sql.join(conds, sql` AND `);
}

/** One pass: counts by status, answered (on time), overdue, sensitive, the answer-time buckets and the median. */
export async function statistics(ex: Executor, facilityId: number, period: { from?: string; to?: string }, targetHours: number, now: Date) {
  const hours = sql`extract(epoch FROM (q.answered_at - q.created_at)) / 3600.0`;
  const overdueBefore = new Date(now.getTime() - targetHours * 3_600_000).toISOString();
  const [r] = await rows<{
    total: number;
    NEW: number;
    ACCEPTED: number;
    ANSWERED: number;
    REJECTED: number;
    HIDDEN: number;
    answered: number;
    onTime: number;
    overdue: number;
    sensitive: number;
    h24: number;
    h48: number;
    h72: number;
    more: number;
    median: number | string | null;
  }>(
    ex,
    sql`SELECT count(*)::int AS total,
          count(*) FILTER (WHERE q.status = 'NEW')::int AS "NEW",
          count(*) FILTER (WHERE q.status = 'ACCEPTED')::int AS "ACCEPTED",
          count(*) FILTER (WHERE q.status = 'ANSWERED')::int AS "ANSWERED",
          count(*) FILTER (WHERE q.status = 'REJECTED')::int AS "REJECTED",
          count(*) FILTER (WHERE q.status = 'HIDDEN')::int AS "HIDDEN",
          count(q.answered_at)::int AS answered,
          count(*) FILTER (WHERE ${hours} <= ${targetHours})::int AS "onTime",
          count(*) FILTER (WHERE q.status IN ('NEW', 'ACCEPTED') AND q.created_at < ${overdueBefore}::timestamptz)::int AS overdue,
          count(*) FILTER (WHERE q.sensitive)::int AS sensitive,
          count(*) FILTER (WHERE ${hours} <= 24)::int AS h24,
          count(*) FILTER (WHERE ${hours} > 24 AND ${hours} <= 48)::int AS h48,
          count(*) FILTER (WHERE ${hours} > 48 AND ${hours} <= 72)::int AS h72,
          count(*) FILTER (WHERE ${hours} > 72)::int AS more,
          percentile_cont(0.5) WITHIN GROUP (ORDER BY ${hours}) AS median
        FROM questions q WHERE ${periodWhere(facilityId, period.from, period.to)}`,
  );
  return r!;
}

/** Counts by status (an index-only read of questions_status_idx when no period is given) and the overdue now. */
export async function statusCounts(ex: Executor, facilityId: number, period: { from?: string; to?: string }, overdueBefore: Date) {
  const where = periodWhere(facilityId, period.from, period.to);
  const byStatus = await rows<{ status: QuestionStatus; n: number }>(
    ex,
    sql`SELECT q.status, count(*)::int AS n FROM questions q WHERE ${where} GROUP BY q.status`,
  );
  const [o] = await rows<{ n: number }>(
    ex,
    sql`SELECT count(*)::int AS n FROM questions q WHERE ${where} AND q.status IN ('NEW', 'ACCEPTED') AND q.created_at < ${overdueBefore.toISOString()}::timestamptz`,
  );
  return { byStatus, overdue: o!.n };
}

export async function specialtiesAsked(ex: Executor, facilityId: number, period: { from?: string; to?: string }) {
  return rows<{ specialtyId: number | null; name: string | null; total: number; answered: number }>(
    ex,
    sql`SELECT q.specialty_id AS "specialtyId", s.name, count(*)::int AS total, count(q.answered_at)::int AS answered
        FROM questions q LEFT JOIN specialties s ON s.facility_id = q.facility_id AND s.id = q.specialty_id
        WHERE ${periodWhere(facilityId, period.from, period.to)}
        GROUP BY q.specialty_id, s.name ORDER BY total DESC, s.name NULLS LAST`,
  );
}

// ——— the patient app and the public answers ———

export interface NewQuestion {
  patientUserId: number;
  askerName: string;
  askerGender: string | null;
  askerAge: number | null;
  title: string;
  content: string;
  imageUrls: string[];
  specialtyId: number | null;
  searchText: string;
}

export async function insertQuestion(ex: Executor, facilityId: number, n: NewQuestion): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`INSERT INTO questions (facility_id, patient_user_id, asker_name, asker_gender, asker_age, title, content, image_urls, specialty_id, search_text)
        VALUES (${facilityId}, ${n.patientUserId}, ${n.askerName}, ${n.askerGender}, ${n.askerAge}, ${n.title}, ${n.content},
                ${JSON.stringify(n.imageUrls)}::jsonb, ${n.specialtyId}, ${n.searchText})
        RETURNING id`,
  );
  return r!.id;
}

export async function userQuestions(ex: Executor, facilityId: number, userId: number, page: number, size: number, id?: number) {
  const where = sql`q.facility_id = ${facilityId} AND q.patient_user_id = ${userId} ${id === undefined ? sql`` : sql`AND q.id = ${id}`}`;
  const list = await rows<QuestionDetailRow>(
    ex,
    sql`SELECT ${DETAIL_COLUMNS} FROM questions q ${DETAIL_JOINS} WHERE ${where} ORDER BY q.id DESC LIMIT ${size} OFFSET ${page * size}`,
  );
  const [t] = await rows<{ n: number }>(ex, sql`SELECT count(*)::int AS n FROM questions q WHERE ${where}`);
  return { rows: list, total: t!.n };
}

const PUBLIC = sql`q.status = 'ANSWERED' AND NOT q.sensitive`;

export async function publicPage(ex: Executor, facilityId: number, f: { q?: string; specialtyId?: number }, page: number, size: number) {
  const conds: SQL[] = [sql`q.facility_id = ${facilityId}`, PUBLIC];
  conds.push(...wordConds(sql`q.search_text`, f.q));
  if (f.specialtyId) conds.push(sql`q.specialty_id = ${f.specialtyId}`);
  const where = sql.join(conds, sql` AND `);
  const list = await rows<QuestionDetailRow>(
    ex,
    sql`SELECT ${DETAIL_COLUMNS} FROM questions q ${DETAIL_JOINS} WHERE ${where} ORDER BY q.id DESC LIMIT ${size} OFFSET ${page * size}`,
  );
  const [t] = await rows<{ n: number }>(ex, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM questions q WHERE ${where} LIMIT ${COUNT_CAP}) c`);
  return { rows: list, total: t!.n };
}

export async function publicOne(ex: Executor, facilityId: number, id: number): Promise<QuestionDetailRow | undefined> {
  const [r] = await rows<QuestionDetailRow>(
    ex,
    sql`SELECT ${DETAIL_COLUMNS} FROM questions q ${DETAIL_JOINS} WHERE q.facility_id = ${facilityId} AND q.id = ${id} AND ${PUBLIC}`,
  );
  return r;
}

/** The asker's name, gender and birth date from the account's own profile (SELF), else its first profile. */
export async function askerProfile(ex: Executor, facilityId: number, userId: number) {
  const [r] = await rows<{ name: string; gender: string | null; birthDate: string | null }>(
    ex,
    sql`SELECT coalesce(p.full_name, u.name) AS name, p.gender, p.birth_date::text AS "birthDate"
        FROM patient_users u LEFT JOIN LATERAL (
          SELECT full_name, gender, birth_date FROM medical_profiles mp
          WHERE mp.facility_id = u.facility_id AND mp.user_id = u.id ORDER BY (mp.relationship = 'SELF') DESC, mp.id LIMIT 1) p ON true
        WHERE u.facility_id = ${facilityId} AND u.id = ${userId}`,
  );
  return r;
}
