import { sql, type SQL } from 'drizzle-orm';
import type { FeedbackFilters, FeedbackKind, RateFilters } from '@portal/shared/contracts/feedback.contract';
import { COMPLAINT_MAX_STARS, FEEDBACK_CRITERIA, type FeedbackCriterion, type FeedbackStatus } from '@portal/shared/rules/feedback';
import type { Executor } from '../../core/db';
import { dayPeriodConds, type Raw, rows } from '../../core/sql';
import { DOCTOR_DISPLAY_NAME_SQL } from '../patients/booking-visits.repository';
import { wordConds } from '../../core/search';

/**
 * The SQL of patients' feedback (issue 19): the list, one feedback, the patients who gave feedback, the writes, the
 * patient app's own feedbacks and pending visits, and the rate reports read from the daily rollup
 * (feedback_day_stats, kept by migration 0036's triggers). Every query is of one facility.
 */

export type FeedbackRow = Raw<{
  id: number;
  bookingId: number;
  bookingCode: string;
  visitDate: string;
  createdAt: Date;
  patientName: string;
  patientCode: string;
  phone: string;
  doctorId: number;
  doctorName: string;
  departmentId: number;
  departmentName: string;
  overall: number;
  doctor: number | null;
  reception: number | null;
  waiting: number | null;
  cleanliness: number | null;
  comment: string;
  complaint: boolean;
  complaintTicked: boolean;
  status: FeedbackStatus | null;
  replied: boolean;
  /** The keyset mark of the export: created_at as PostgreSQL's text (no precision lost). */
  mark: string;
}>;
export type FeedbackDetailRow = FeedbackRow &
  Raw<{
    userId: number;
    replyText: string | null;
    repliedBy: string | null;
    repliedAt: Date | null;
    handledNote: string | null;
    handledBy: string | null;
    handledAt: Date | null;
    /** The booking's account now (a merge moves bookings to the kept account): who is told of a reply. */
    ownerId: number;
  }>;

const COLUMNS = sql.raw(`f.id, f.booking_id AS "bookingId", b.code AS "bookingCode", f.visit_date::text AS "visitDate", f.created_at AS "createdAt",
  p.full_name AS "patientName", p.patient_code AS "patientCode", coalesce(u.phone, p.phone, '') AS phone,
  f.doctor_id AS "doctorId", ${DOCTOR_DISPLAY_NAME_SQL} AS "doctorName", f.department_id AS "departmentId", dep.name AS "departmentName",
  f.rating_overall AS overall, f.rating_doctor AS doctor, f.rating_reception AS reception, f.rating_waiting AS waiting,
  f.rating_cleanliness AS cleanliness, f.comment, f.complaint, f.complaint_ticked AS "complaintTicked", f.status,
  f.reply_text IS NOT NULL AS replied, f.created_at::text AS mark`);
const DETAIL = sql.raw(`f.user_id AS "userId", f.reply_text AS "replyText", ra.username AS "repliedBy", f.replied_at AS "repliedAt",
  f.handled_note AS "handledNote", ha.username AS "handledBy", f.handled_at AS "handledAt", coalesce(b.patient_user_id, f.user_id) AS "ownerId"`);
const FROM = sql.raw(`patient_feedbacks f
  JOIN bookings b ON b.facility_id = f.facility_id AND b.id = f.booking_id
  JOIN medical_profiles p ON p.facility_id = f.facility_id AND p.id = f.medical_profile_id
  JOIN patient_users u ON u.facility_id = f.facility_id AND u.id = f.user_id
  JOIN doctors d ON d.facility_id = f.facility_id AND d.id = f.doctor_id
  JOIN departments dep ON dep.facility_id = f.facility_id AND dep.id = f.department_id`);

const KIND: Record<FeedbackKind, SQL> = {
  COMPLAINT: sql`f.complaint`,
  NEW: sql`f.status = 'NEW'`,
  HANDLED: sql`f.status = 'HANDLED'`,
  NORMAL: sql`NOT f.complaint`,
};

/** Every typed word (without diacritics) must appear in the search column. */

function listWhere(facilityId: number, f: FeedbackFilters): SQL {
  const conds: SQL[] = [sql`f.facility_id = ${facilityId}`, ...dayPeriodConds(sql`f.created_at`, f.from, f.to), ...wordConds(sql`f.search_text`, f.q)];
  if (f.departmentId !== undefined) conds.push(sql`f.department_id = ${f.departmentId}`);
  if (f.doctorId !== undefined) conds.push(sql`f.doctor_id = ${f.doctorId}`);
  if (f.stars === 'LOW') conds.push(sql`f.rating_overall <= ${COMPLAINT_MAX_STARS}`);
  else if (f.stars) conds.push(sql`f.rating_overall = ${Number(f.stars)}`);
  if (f.kind) conds.push(KIND[f.kind]);
  return sql.join(conds, sql` AND `);
}

export async function feedbackPage(
  ex: Executor,
  facilityId: number,
  f: FeedbackFilters,
  page: number,
  size: number,
): Promise<{ rows: FeedbackRow[]; total: number }> {
  const where = listWhere(facilityId, f);
  const list = await rows<FeedbackRow>(
    ex,
    sql`SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY f.created_at DESC, f.id DESC LIMIT ${size} OFFSET ${page * size}`,
  );
  const [t] = await rows<{ n: number }>(ex, sql`SELECT count(*)::int AS n FROM patient_feedbacks f WHERE ${where}`);
  return { rows: list, total: t!.n };
}

/** A batch of the list's rows after `after` (newest first), for the streamed export. */
export function feedbackBatch(ex: Executor, facilityId: number, f: FeedbackFilters, after: { mark: string; id: number } | undefined, size: number) {
  const from = after ? sql` AND (f.created_at, f.id) < (${after.mark}::timestamptz, ${after.id})` : sql``;
  return rows<FeedbackRow>(
    ex,
    sql`SELECT ${COLUMNS} FROM ${FROM} WHERE ${listWhere(facilityId, f)}${from} ORDER BY f.created_at DESC, f.id DESC LIMIT ${size}`,
  );
}

export async function findFeedback(ex: Executor, facilityId: number, id: number, lock = false): Promise<FeedbackDetailRow | undefined> {
  const [r] = await rows<FeedbackDetailRow>(
    ex,
    sql`SELECT ${COLUMNS}, ${DETAIL} FROM ${FROM}
        LEFT JOIN accounts ra ON ra.facility_id = f.facility_id AND ra.id = f.replied_by
        LEFT JOIN accounts ha ON ha.facility_id = f.facility_id AND ha.id = f.handled_by
        WHERE f.facility_id = ${facilityId} AND f.id = ${id} ${lock ? sql`FOR UPDATE OF f` : sql``}`,
  );
  return r;
}

export async function setReply(ex: Executor, facilityId: number, id: number, accountId: number, text: string): Promise<void> {
  await ex.execute(
    sql`UPDATE patient_feedbacks SET reply_text = ${text}, replied_by = ${accountId}, replied_at = now() WHERE facility_id = ${facilityId} AND id = ${id}`,
  );
}

export async function setHandled(ex: Executor, facilityId: number, id: number, accountId: number, note: string | null, status: FeedbackStatus): Promise<void> {
  await ex.execute(
    sql`UPDATE patient_feedbacks SET status = ${status}, handled_note = ${note}, handled_by = ${accountId}, handled_at = now()
        WHERE facility_id = ${facilityId} AND id = ${id}`,
  );
}

/** Whether the department / doctor of a filter is the facility's. */
export async function ownsFilterRows(ex: Executor, facilityId: number, f: { departmentId?: number; doctorId?: number }) {
  const [r] = await rows<{ department: boolean; doctor: boolean }>(
    ex,
    sql`SELECT ${f.departmentId === undefined ? sql`true` : sql`EXISTS (SELECT 1 FROM departments WHERE facility_id = ${facilityId} AND id = ${f.departmentId})`} AS department,
      ${f.doctorId === undefined ? sql`true` : sql`EXISTS (SELECT 1 FROM doctors WHERE facility_id = ${facilityId} AND id = ${f.doctorId})`} AS doctor`,
  );
  return r!;
}

// ——— the patients who gave feedback ———

export type FeedbackUserRow = Raw<{
  id: number;
  name: string;
  phone: string | null;
  feedbacks: number;
  complaints: number;
  averageOverall: number | string | null;
  lastFeedbackAt: Date;
}>;

/** Accounts that gave feedback in the period, grouped under the account a merged one went into; latest first. */
export async function feedbackUsers(
  ex: Executor,
  facilityId: number,
  f: { from?: string; to?: string; q?: string },
  page: number,
  size: number,
): Promise<{ rows: FeedbackUserRow[]; total: number }> {
  const where = sql.join([sql`f.facility_id = ${facilityId}`, ...dayPeriodConds(sql`f.created_at`, f.from, f.to)], sql` AND `);
  const words = wordConds(sql`k.search_text`, f.q);
  const grouped = sql`WITH g AS (
      SELECT coalesce(u.merged_into_id, u.id) AS id, count(*)::int AS feedbacks, count(*) FILTER (WHERE f.complaint)::int AS complaints,
        round(avg(f.rating_overall), 2) AS "averageOverall", max(f.created_at) AS "lastFeedbackAt"
      FROM patient_feedbacks f JOIN patient_users u ON u.facility_id = f.facility_id AND u.id = f.user_id
      WHERE ${where}
      GROUP BY 1
    )`;
  const body = sql`FROM g JOIN patient_users k ON k.facility_id = ${facilityId} AND k.id = g.id ${words.length ? sql`WHERE ${sql.join(words, sql` AND `)}` : sql``}`;
  const list = await rows<FeedbackUserRow>(
    ex,
    sql`${grouped} SELECT g.id, k.name, k.phone, g.feedbacks, g.complaints, g."averageOverall", g."lastFeedbackAt" ${body}
        ORDER BY g."lastFeedbackAt" DESC, g.id DESC LIMIT ${size} OFFSET ${page * size}`,
  );
  const [t] = await rows<{ n: number }>(ex, sql`${grouped} SELECT count(*)::int AS n ${body}`);
  return { rows: list, total: t!.n };
}

// ——— the patient app ———

export type VisitRow = Raw<{
  id: number;
  code: string;
  status: string;
  date: string;
  medicalProfileId: number;
  doctorId: number;
  departmentId: number;
  patientName: string;
  patientCode: string;
  phone: string;
}>;

/** A booking of the account (404 otherwise: another account's or another facility's is not told apart). */
export async function findOwnVisit(ex: Executor, facilityId: number, userId: number, bookingId: number): Promise<VisitRow | undefined> {
  const [r] = await rows<VisitRow>(
    ex,
    sql`SELECT b.id, b.code, b.status, b.date::text AS date, b.medical_profile_id AS "medicalProfileId", b.doctor_id AS "doctorId",
          b.department_id AS "departmentId", p.full_name AS "patientName", p.patient_code AS "patientCode", coalesce(u.phone, p.phone, '') AS phone
        FROM bookings b
        JOIN medical_profiles p ON p.facility_id = b.facility_id AND p.id = b.medical_profile_id
        JOIN patient_users u ON u.facility_id = b.facility_id AND u.id = b.patient_user_id
        WHERE b.facility_id = ${facilityId} AND b.id = ${bookingId} AND b.patient_user_id = ${userId}`,
  );
  return r;
}

/** Whether the booking already has its feedback. */
export async function bookingRated(ex: Executor, facilityId: number, bookingId: number): Promise<boolean> {
  const found = await rows(ex, sql`SELECT 1 FROM patient_feedbacks WHERE facility_id = ${facilityId} AND booking_id = ${bookingId}`);
  return found.length > 0;
}

export interface NewFeedback {
  facilityId: number;
  bookingId: number;
  userId: number;
  medicalProfileId: number;
  doctorId: number;
  departmentId: number;
  visitDate: string;
  ratings: Record<FeedbackCriterion, number | null>;
  comment: string;
  complaintTicked: boolean;
  complaint: boolean;
  status: FeedbackStatus | null;
  searchText: string;
}

export async function insertFeedback(ex: Executor, v: NewFeedback): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`INSERT INTO patient_feedbacks (facility_id, booking_id, user_id, medical_profile_id, doctor_id, department_id, visit_date,
          rating_overall, rating_doctor, rating_reception, rating_waiting, rating_cleanliness, comment, complaint_ticked, complaint, status, search_text)
        VALUES (${v.facilityId}, ${v.bookingId}, ${v.userId}, ${v.medicalProfileId}, ${v.doctorId}, ${v.departmentId}, ${v.visitDate},
          ${v.ratings.overall}, ${v.ratings.doctor}, ${v.ratings.reception}, ${v.ratings.waiting}, ${v.ratings.cleanliness},
          ${v.comment}, ${v.complaintTicked}, ${v.complaint}, ${v.status}, ${v.searchText})
        RETURNING id`,
  );
  return r!.id;
}

export type MyFeedbackRow = FeedbackRow & Raw<{ replyText: string | null; repliedAt: Date | null }>;
const MINE_WHERE = (facilityId: number, userId: number) => sql`f.facility_id = ${facilityId} AND coalesce(b.patient_user_id, f.user_id) = ${userId}`;

/** The account's feedbacks (of the bookings it owns now), newest first. */
export async function myFeedbacks(ex: Executor, facilityId: number, userId: number, page: number, size: number) {
  const list = await rows<MyFeedbackRow>(
    ex,
    sql`SELECT ${COLUMNS}, f.reply_text AS "replyText", f.replied_at AS "repliedAt" FROM ${FROM}
        WHERE ${MINE_WHERE(facilityId, userId)} ORDER BY f.created_at DESC, f.id DESC LIMIT ${size} OFFSET ${page * size}`,
  );
  const [t] = await rows<{ n: number }>(
    ex,
    sql`SELECT count(*)::int AS n FROM patient_feedbacks f JOIN bookings b ON b.facility_id = f.facility_id AND b.id = f.booking_id
        WHERE ${MINE_WHERE(facilityId, userId)}`,
  );
  return { rows: list, total: t!.n };
}

export async function findMine(ex: Executor, facilityId: number, userId: number, id: number): Promise<MyFeedbackRow | undefined> {
  const [r] = await rows<MyFeedbackRow>(
    ex,
    sql`SELECT ${COLUMNS}, f.reply_text AS "replyText", f.replied_at AS "repliedAt" FROM ${FROM} WHERE ${MINE_WHERE(facilityId, userId)} AND f.id = ${id}`,
  );
  return r;
}

export type PendingRow = Raw<{
  bookingId: number;
  bookingCode: string;
  visitDate: string;
  startTime: string;
  patientName: string;
  doctorName: string;
  departmentName: string;
}>;

/** The account's finished visits since `since` (a +07:00 day) without a feedback, latest first. */
export function pendingVisits(ex: Executor, facilityId: number, userId: number, since: string): Promise<PendingRow[]> {
  return rows<PendingRow>(
    ex,
    sql`SELECT b.id AS "bookingId", b.code AS "bookingCode", b.date::text AS "visitDate", b.start_time AS "startTime", p.full_name AS "patientName",
          ${sql.raw(DOCTOR_DISPLAY_NAME_SQL)} AS "doctorName", dep.name AS "departmentName"
        FROM bookings b
        JOIN medical_profiles p ON p.facility_id = b.facility_id AND p.id = b.medical_profile_id
        JOIN doctors d ON d.facility_id = b.facility_id AND d.id = b.doctor_id
        JOIN departments dep ON dep.facility_id = b.facility_id AND dep.id = b.department_id
        WHERE b.facility_id = ${facilityId} AND b.patient_user_id = ${userId} AND b.status = 'DONE' AND b.date >= ${since}::date
          AND NOT EXISTS (SELECT 1 FROM patient_feedbacks f WHERE f.facility_id = b.facility_id AND f.booking_id = b.id)
        ORDER BY b.date DESC, b.start_time DESC, b.id DESC
        LIMIT 50`,
  );
}

// ——— the rate reports ———

const STAR_COLUMNS = FEEDBACK_CRITERIA.flatMap((c) => [1, 2, 3, 4, 5].map((n) => `${c}_${n}`));

/** One group of the rollup: its kind and key, its feedbacks and complaints, and `<criterion>_<n>` star counts. */
export type RateGroupRow = { kind: 'all' | 'department' | 'doctor'; key: string | null; feedbacks: number; complaints: number } & Record<string, number>;

/**
 * The rate reports in one pass over the period's rollup rows: the totals and the sums per department and per doctor
 * (GROUPING SETS). A group whose feedbacks were all removed (sums 0) is left out.
 */
export function rateGroups(ex: Executor, facilityId: number, f: RateFilters): Promise<RateGroupRow[]> {
  const conds: SQL[] = [sql`s.facility_id = ${facilityId}`, sql`s.day BETWEEN ${f.from}::date AND ${f.to}::date`];
  if (f.departmentId !== undefined) conds.push(sql`s.department_id = ${f.departmentId}`);
  if (f.doctorId !== undefined) conds.push(sql`s.doctor_id = ${f.doctorId}`);
  const sums = sql.raw(STAR_COLUMNS.map((c) => `coalesce(sum(s.${c}), 0)::int AS "${c}"`).join(', '));
  return rows<RateGroupRow>(
    ex,
    sql`SELECT * FROM (
      SELECT CASE WHEN grouping(s.department_id) = 0 THEN 'department' WHEN grouping(s.doctor_id) = 0 THEN 'doctor' ELSE 'all' END AS kind,
        coalesce(s.department_id::text, s.doctor_id::text) AS key,
        coalesce(sum(s.feedbacks), 0)::int AS feedbacks, coalesce(sum(s.complaints), 0)::int AS complaints, ${sums}
      FROM feedback_day_stats s WHERE ${sql.join(conds, sql` AND `)}
      GROUP BY GROUPING SETS ((), (s.department_id), (s.doctor_id))
    ) g WHERE g.kind = 'all' OR g.feedbacks <> 0`,
  );
}
