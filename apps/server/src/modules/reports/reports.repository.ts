import { sql, type SQL } from 'drizzle-orm';
import type { ReportFilters, StateCountsDto } from '@portal/shared/contracts/reports.contract';
import { HOLDS_SLOT } from '@portal/shared/rules/booking-status';
import { periodInstants } from '@portal/shared/rules/period';
import type { Executor } from '../../core/db';
import { rows, type Raw } from '../../core/sql';
import { DOCTOR_DISPLAY_NAME_SQL } from '../patients/booking-visits.repository';

/**
 * The SQL of the booking reports (issue 16). Every query reads one facility's rows of the period and
 * groups in the database; the period is of visit days (bookings.date, a +07:00 calendar day), the staff
 * report's of the moments staff acted (booking_logs.created_at). docs/decisions.md "Reports".
 */

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The bookings of the filters: facility, visit days, department, doctor, source (alias b). */
function bookingWhere(facilityId: number, f: ReportFilters): SQL {
  const parts: SQL[] = [sql`b.facility_id = ${facilityId}`, sql`b.date BETWEEN ${f.from}::date AND ${f.to}::date`];
  if (f.departmentId !== undefined) parts.push(sql`b.department_id = ${f.departmentId}`);
  if (f.doctorId !== undefined) parts.push(sql`b.doctor_id = ${f.doctorId}`);
  if (f.source) parts.push(sql`b.source = ${f.source}`);
  return sql.join(parts, sql` AND `);
}

/** The sums of a group of rollup rows (alias q), as the contract's state counts. */
const STATE_COUNTS = sql.raw(`coalesce(sum(q.total), 0)::int AS total,
  coalesce(sum(q.pending), 0)::int AS pending,
  coalesce(sum(q.accepted), 0)::int AS accepted,
  coalesce(sum(q.rejected), 0)::int AS rejected,
  coalesce(sum(q.cancelled), 0)::int AS cancelled,
  coalesce(sum(q.checked_in), 0)::int AS "checkedIn",
  coalesce(sum(q.done), 0)::int AS done,
  coalesce(sum(q.no_show), 0)::int AS "noShow",
  coalesce(sum(q.total) FILTER (WHERE q.source IN ('APP', 'WEB')), 0)::int AS online,
  coalesce(sum(q.new_patients), 0)::int AS "newPatients"`);

/** The state counts of a group, as the contract's `stateCounts` (they add up to `total`). */
export type StateCountsRow = StateCountsDto;

/** Which grouping a row of a GROUPING SETS query belongs to, and its key. */
export type GroupKind = 'all' | 'day' | 'department' | 'specialty' | 'doctor' | 'room' | 'source';
export type QuickRow = StateCountsRow & { kind: GroupKind; key: string | null };

const ROLLUP_COLUMNS = sql.raw(
  'date, department_id, specialty_id, doctor_id, room_id, source, total, pending, accepted, rejected, cancelled, checked_in, done, no_show, new_patients',
);

/**
 * The rollup rows of the filters (alias q): booking_day_stats and the differences not yet added to it
 * (booking_stat_deltas), whose sums are the live counts of the period's bookings (migration 0025). A
 * booking is of a new patient when its profile has no finished (DONE) booking at the facility on an
 * earlier day.
 */
function quickRows(facilityId: number, f: ReportFilters): SQL {
  const where = (t: string) => {
    const parts: SQL[] = [sql`${sql.raw(t)}.facility_id = ${facilityId}`, sql`${sql.raw(t)}.date BETWEEN ${f.from}::date AND ${f.to}::date`];
    if (f.departmentId !== undefined) parts.push(sql`${sql.raw(t)}.department_id = ${f.departmentId}`);
    if (f.doctorId !== undefined) parts.push(sql`${sql.raw(t)}.doctor_id = ${f.doctorId}`);
    if (f.source) parts.push(sql`${sql.raw(t)}.source = ${f.source}`);
    return sql.join(parts, sql` AND `);
  };
  return sql`q AS (
      SELECT ${ROLLUP_COLUMNS} FROM booking_day_stats s WHERE ${where('s')}
      UNION ALL
      SELECT ${ROLLUP_COLUMNS} FROM booking_stat_deltas d WHERE ${where('d')}
    )`;
}

/**
 * The quick statistic in one pass over the period's rollup rows: the totals and the counts per day,
 * department, specialty, doctor, room and source (GROUPING SETS). A group whose bookings all moved
 * away (its sums are 0) is left out, as the live count would.
 */
export function quickStatistic(ex: Executor, facilityId: number, f: ReportFilters): Promise<QuickRow[]> {
  return rows<QuickRow>(
    ex,
    sql`WITH ${quickRows(facilityId, f)}
    SELECT * FROM (
      SELECT CASE WHEN grouping(q.date) = 0 THEN 'day' WHEN grouping(q.department_id) = 0 THEN 'department'
                  WHEN grouping(q.specialty_id) = 0 THEN 'specialty' WHEN grouping(q.doctor_id) = 0 THEN 'doctor'
                  WHEN grouping(q.room_id) = 0 THEN 'room' WHEN grouping(q.source) = 0 THEN 'source' ELSE 'all' END AS kind,
        coalesce(q.date::text, q.department_id::text, q.specialty_id::text, q.doctor_id::text, q.room_id::text, q.source) AS key,
        ${STATE_COUNTS}
      FROM q
      GROUP BY GROUPING SETS ((), (q.date), (q.department_id), (q.specialty_id), (q.doctor_id), (q.room_id), (q.source))
    ) g WHERE g.kind = 'all' OR g.total <> 0`,
  );
}

/** The quick statistic's totals alone (the home page's dashboard polls them): one aggregate, no grouping. */
export async function quickTotals(ex: Executor, facilityId: number, f: ReportFilters): Promise<StateCountsRow> {
  const [row] = await rows<StateCountsRow>(ex, sql`WITH ${quickRows(facilityId, f)} SELECT ${STATE_COUNTS} FROM q`);
  return row!;
}

const COUNT_COLUMNS = ['total', 'pending', 'accepted', 'rejected', 'cancelled', 'checked_in', 'done', 'no_show', 'new_patients'] as const;
const KEY_COLUMNS = 'facility_id, date, department_id, specialty_id, doctor_id, room_id, source';

/**
 * Adds the differences written since the last fold into booking_day_stats and removes them, in one
 * statement (rows committed meanwhile stay for the next fold); then drops the rows left with no booking.
 * Run in one transaction (the reports.fold job). Returns how many difference rows were folded.
 */
export async function foldDayStats(ex: Executor): Promise<number> {
  const sums = COUNT_COLUMNS.map((c) => `sum(${c})`).join(', ');
  const adds = COUNT_COLUMNS.map((c) => `${c} = t.${c} + excluded.${c}`).join(', ');
  const [r] = await rows<{ n: number }>(
    ex,
    sql.raw(`WITH gone AS (DELETE FROM booking_stat_deltas RETURNING *),
      added AS (
        INSERT INTO booking_day_stats AS t (${KEY_COLUMNS}, ${COUNT_COLUMNS.join(', ')})
        SELECT ${KEY_COLUMNS}, ${sums} FROM gone GROUP BY ${KEY_COLUMNS} ORDER BY ${KEY_COLUMNS}
        ON CONFLICT ON CONSTRAINT booking_day_stats_key DO UPDATE SET ${adds}
        RETURNING 1)
      SELECT (SELECT count(*) FROM gone)::int AS n, (SELECT count(*) FROM added)::int AS added`),
  );
  await ex.execute(sql`DELETE FROM booking_day_stats WHERE total = 0`);
  return r!.n;
}

export type CompletionKind = 'all' | 'day' | 'department' | 'doctor';
export type CompletionQueryRow = { kind: CompletionKind; key: string | null; planned: number; done: number };

/** Planned (not rejected nor cancelled) and finished bookings: totals, per department, doctor and day. */
export function appointmentComplete(ex: Executor, facilityId: number, f: ReportFilters): Promise<CompletionQueryRow[]> {
  return rows<CompletionQueryRow>(
    ex,
    sql`SELECT CASE WHEN grouping(b.date) = 0 THEN 'day' WHEN grouping(b.department_id) = 0 THEN 'department'
                    WHEN grouping(b.doctor_id) = 0 THEN 'doctor' ELSE 'all' END AS kind,
      coalesce(b.date::text, b.department_id::text, b.doctor_id::text) AS key,
      count(*) FILTER (WHERE b.status NOT IN ('REJECTED', 'CANCELLED'))::int AS planned,
      count(*) FILTER (WHERE b.status = 'DONE')::int AS done
    FROM bookings b WHERE ${bookingWhere(facilityId, f)}
    GROUP BY GROUPING SETS ((), (b.date), (b.department_id), (b.doctor_id))`,
  );
}

export type EfficiencyKind = 'doctor' | 'room';
export type OfferedRow = { kind: EfficiencyKind; key: string; offered: number };
export type UsedRow = { kind: EfficiencyKind; key: string; booked: number; used: number; waitMedian: number | null; waitP90: number | null };

/** Places the schedules of the period offer, per doctor and per room (the department and doctor filters apply). */
export function offeredPlaces(ex: Executor, facilityId: number, f: ReportFilters): Promise<OfferedRow[]> {
  const parts: SQL[] = [sql`s.facility_id = ${facilityId}`, sql`s.date BETWEEN ${f.from}::date AND ${f.to}::date`];
  if (f.departmentId !== undefined) parts.push(sql`s.department_id = ${f.departmentId}`);
  if (f.doctorId !== undefined) parts.push(sql`s.doctor_id = ${f.doctorId}`);
  return rows<OfferedRow>(
    ex,
    sql`SELECT CASE WHEN grouping(s.doctor_id) = 0 THEN 'doctor' ELSE 'room' END AS kind,
      coalesce(s.doctor_id, s.room_id)::text AS key, sum(t.capacity)::int AS offered
    FROM schedules s JOIN time_slots t ON t.facility_id = s.facility_id AND t.schedule_id = s.id
    WHERE ${sql.join(parts, sql` AND `)}
    GROUP BY GROUPING SETS ((s.doctor_id), (s.room_id))`,
  );
}

/** Places booked and used per doctor and per room, and the wait from check-in to call (minutes: median, 90th percentile). */
export function usedPlaces(ex: Executor, facilityId: number, f: ReportFilters): Promise<UsedRow[]> {
  const wait = sql.raw(`extract(epoch FROM b.called_at - b.checked_in_at) / 60.0`);
  const waited = sql.raw(`b.called_at IS NOT NULL AND b.checked_in_at IS NOT NULL AND b.called_at >= b.checked_in_at`);
  return rows<UsedRow>(
    ex,
    sql`SELECT CASE WHEN grouping(b.doctor_id) = 0 THEN 'doctor' ELSE 'room' END AS kind,
      coalesce(b.doctor_id, b.room_id)::text AS key,
      count(*) FILTER (WHERE b.status IN (${list(HOLDS_SLOT)}))::int AS booked,
      count(*) FILTER (WHERE b.status IN ('CHECKED_IN', 'CALLED', 'DONE'))::int AS used,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY ${wait}) FILTER (WHERE ${waited}) AS "waitMedian",
      percentile_cont(0.9) WITHIN GROUP (ORDER BY ${wait}) FILTER (WHERE ${waited}) AS "waitP90"
    FROM bookings b WHERE ${bookingWhere(facilityId, f)}
    GROUP BY GROUPING SETS ((b.doctor_id), (b.room_id))`,
  );
}

export type StaffQueryRow = {
  accountId: number;
  username: string;
  name: string;
  accepted: number;
  rejected: number;
  checkedIn: number;
  called: number;
  phone: number;
  acceptMedian: number | null;
};

/**
 * What each member of staff did in the period (booking_logs by the moment, +07:00 days), on the bookings
 * of the filters: accepted, rejected, checked in, called, bookings taken on the phone, and the median
 * minutes from a booking's arrival to its acceptance.
 */
export function staffActions(ex: Executor, facilityId: number, f: ReportFilters & { accountIds?: number[] }): Promise<StaffQueryRow[]> {
  const { start, end } = periodInstants(f);
  const parts: SQL[] = [
    sql`l.facility_id = ${facilityId}`,
    sql`l.created_at >= ${start.toISOString()}::timestamptz`,
    sql`l.created_at < ${end.toISOString()}::timestamptz`,
    sql`l.account_id IS NOT NULL`,
    sql`l.action IN ('create', 'accept', 'reject', 'checkin', 'call')`,
  ];
  if (f.departmentId !== undefined) parts.push(sql`b.department_id = ${f.departmentId}`);
  if (f.doctorId !== undefined) parts.push(sql`b.doctor_id = ${f.doctorId}`);
  if (f.source) parts.push(sql`b.source = ${f.source}`);
  if (f.accountIds?.length) parts.push(sql`l.account_id IN (${list(f.accountIds)})`);
  return rows<StaffQueryRow>(
    ex,
    sql`SELECT a.id AS "accountId", a.username, a.name, x.accepted, x.rejected, x."checkedIn", x.called, x.phone, x."acceptMedian"
    FROM (
      SELECT l.account_id,
        count(*) FILTER (WHERE l.action = 'accept')::int AS accepted,
        count(*) FILTER (WHERE l.action = 'reject')::int AS rejected,
        count(*) FILTER (WHERE l.action = 'checkin')::int AS "checkedIn",
        count(*) FILTER (WHERE l.action = 'call')::int AS called,
        count(*) FILTER (WHERE l.action = 'create' AND b.source = 'HOTLINE')::int AS phone,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM l.created_at - b.created_at) / 60.0) FILTER (WHERE l.action = 'accept') AS "acceptMedian"
      FROM booking_logs l JOIN bookings b ON b.facility_id = l.facility_id AND b.id = l.booking_id
      WHERE ${sql.join(parts, sql` AND `)}
      GROUP BY l.account_id
    ) x JOIN accounts a ON a.facility_id = ${facilityId} AND a.id = x.account_id
    ORDER BY a.username`,
  );
}

export type NameKind = 'department' | 'specialty' | 'doctor' | 'room';

/** The names of the facility's departments, specialties, doctors and rooms among `ids` (doctors with their titles). */
export async function names(ex: Executor, facilityId: number, ids: Record<NameKind, number[]>): Promise<Map<string, string>> {
  const parts: SQL[] = [];
  const add = (kind: NameKind, table: string, nameSql: string, list_: number[]) => {
    if (list_.length)
      parts.push(
        sql`SELECT ${kind}::text AS kind, d.id, ${sql.raw(nameSql)} AS name FROM ${sql.raw(table)} d WHERE d.facility_id = ${facilityId} AND d.id IN (${list(list_)})`,
      );
  };
  add('department', 'departments', 'd.name', ids.department);
  add('specialty', 'specialties', 'd.name', ids.specialty);
  add('doctor', 'doctors', DOCTOR_DISPLAY_NAME_SQL, ids.doctor);
  add('room', 'rooms', 'd.name', ids.room);
  if (!parts.length) return new Map();
  const found = await rows<{ kind: NameKind; id: number; name: string }>(ex, sql.join(parts, sql` UNION ALL `));
  return new Map(found.map((r) => [`${r.kind}:${r.id}`, r.name]));
}

/** Whether a department / doctor is the facility's (a filter naming another facility's is refused). */
export async function ownsFilterRows(ex: Executor, facilityId: number, f: ReportFilters): Promise<{ department: boolean; doctor: boolean }> {
  const [r] = await rows<{ department: boolean; doctor: boolean }>(
    ex,
    sql`SELECT ${f.departmentId === undefined ? sql`true` : sql`EXISTS (SELECT 1 FROM departments WHERE facility_id = ${facilityId} AND id = ${f.departmentId})`} AS department,
      ${f.doctorId === undefined ? sql`true` : sql`EXISTS (SELECT 1 FROM doctors WHERE facility_id = ${facilityId} AND id = ${f.doctorId})`} AS doctor`,
  );
  return r!;
}

export type ExportBookingRow = Raw<{
  id: number;
  code: string;
  date: string;
  startTime: string;
  status: string;
  source: string;
  patientName: string;
  patientCode: string;
  department: string;
  doctor: string;
  room: string;
  createdAt: Date;
  checkedInAt: Date | null;
  calledAt: Date | null;
}>;
export type BookingMark = { date: string; startTime: string; id: number };

/** A batch of the period's bookings in visit order after `after` (keyset on bookings_day_idx: facility, date, start, id). */
export function bookingBatch(ex: Executor, facilityId: number, f: ReportFilters, after: BookingMark | undefined, size: number): Promise<ExportBookingRow[]> {
  const from = after ? sql`AND (b.facility_id, b.date, b.start_time, b.id) > (${facilityId}, ${after.date}::date, ${after.startTime}, ${after.id})` : sql``;
  return rows<ExportBookingRow>(
    ex,
    sql`SELECT b.id, b.code, b.date::text AS date, b.start_time AS "startTime", b.status, b.source,
      p.full_name AS "patientName", p.patient_code AS "patientCode", dep.name AS department,
      ${sql.raw(DOCTOR_DISPLAY_NAME_SQL)} AS doctor, r.name AS room, b.created_at AS "createdAt",
      b.checked_in_at AS "checkedInAt", b.called_at AS "calledAt"
    FROM bookings b
    JOIN medical_profiles p ON p.facility_id = b.facility_id AND p.id = b.medical_profile_id
    JOIN departments dep ON dep.facility_id = b.facility_id AND dep.id = b.department_id
    JOIN doctors d ON d.facility_id = b.facility_id AND d.id = b.doctor_id
    JOIN rooms r ON r.facility_id = b.facility_id AND r.id = b.room_id
    WHERE ${bookingWhere(facilityId, f)} ${from}
    ORDER BY b.facility_id, b.date, b.start_time, b.id
    LIMIT ${size}`,
  );
}
