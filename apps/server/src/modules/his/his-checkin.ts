import type { Appointment } from '@medplum/fhirtypes';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type CheckinRowDto, type checkinsQuery, HIS_MESSAGES, type HisCheckinStatus } from '@portal/shared/contracts/his.contract';
import { FHIR_EXTENSIONS, portalSystem } from '@portal/shared/rules/fhir-systems';
import { audit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db';
import { conflict, notFound } from '../../core/errors';
import { defineJob, enqueue, type JobRun } from '../../core/jobs';
import { rows } from '../../core/sql';
import { hisCheckins, hisConnections } from '../../db/schema';
import { HisError } from './his-client';
import { clientOf, connectionRow } from './his-connection.service';
import { fhirIssues } from './fhir/validate';

/**
 * Check-ins sent to the HIS (docs/his.md "Check-in"): the desk's check-in writes an outbox row and queues the
 * his.checkin job in its own transaction — nothing is sent while the desk waits, and a HIS that is down never blocks
 * it. The job sends the booking as an Appointment `arrived` (conditional update on the booking code) and keeps the
 * HIS's queue number; a HIS that is down is retried with backoff, then the row is FAILED with the reason, for a
 * person to send again.
 */
export const HIS_CHECKIN_JOB = 'his.checkin';
const MAX_ATTEMPTS = 8;

/** In the check-in's transaction: when the facility sends check-ins, the outbox row and its job. */
export async function queueHisCheckin(tx: Executor, facilityId: number, bookingId: number): Promise<void> {
  const [conn] = await tx
    .select({ enabled: hisConnections.enabled, send: hisConnections.sendCheckins })
    .from(hisConnections)
    .where(eq(hisConnections.facilityId, facilityId));
  if (!conn?.enabled || !conn.send) return;
  await tx
    .insert(hisCheckins)
    .values({ facilityId, bookingId })
    .onConflictDoUpdate({
      target: [hisCheckins.facilityId, hisCheckins.bookingId],
      set: { status: 'PENDING', attempts: 0, lastError: null, updatedAt: new Date() },
    });
  await enqueue(tx, { name: HIS_CHECKIN_JOB, facilityId, payload: { bookingId } });
}

interface BookingForHis {
  code: string;
  date: string;
  start_time: string;
  end_time: string;
  status: string;
  patient_name: string;
  patient_code: string;
  his_patient: string | null;
  doctor_name: string;
  doctor_code: string;
  doctor_ref: string | null;
  room_name: string;
  room_code: string;
  room_ref: string | null;
  facility_code: string;
}

/** The booking as the Appointment the HIS receives (docs/his-fhir.md "What the portal sends"). */
export function checkinAppointment(b: BookingForHis): Appointment {
  const at = (t: string) => `${b.date}T${t.length === 5 ? `${t}:00` : t}+07:00`;
  const system = (kind: Parameters<typeof portalSystem>[1]) => portalSystem(b.facility_code, kind);
  return {
    resourceType: 'Appointment',
    identifier: [{ system: system('booking'), value: b.code }],
    status: 'arrived',
    start: at(b.start_time),
    end: at(b.end_time),
    participant: [
      {
        actor: b.his_patient
          ? { reference: `Patient/${b.his_patient}`, display: b.patient_name }
          : { identifier: { system: system('patient-code'), value: b.patient_code }, display: b.patient_name },
        status: 'accepted',
      },
      {
        actor: b.doctor_ref
          ? { reference: b.doctor_ref, display: b.doctor_name }
          : { identifier: { system: system('doctor'), value: b.doctor_code }, display: b.doctor_name },
        status: 'accepted',
      },
      {
        actor: b.room_ref
          ? { reference: b.room_ref, display: b.room_name }
          : { identifier: { system: system('room'), value: b.room_code }, display: b.room_name },
        status: 'accepted',
      },
    ],
  };
}

async function bookingForHis(ex: Executor, facilityId: number, bookingId: number): Promise<BookingForHis | null> {
  const [b] = await rows<BookingForHis>(
    ex,
    sql`SELECT b.code, b.date::text AS date, b.start_time, b.end_time, b.status, p.full_name AS patient_name, p.patient_code,
               l.his_id AS his_patient, d.name AS doctor_name, d.code AS doctor_code, md.his_ref AS doctor_ref,
               r.name AS room_name, r.code AS room_code, mr.his_ref AS room_ref, f.code AS facility_code
        FROM bookings b
        JOIN facilities f ON f.id = b.facility_id
        JOIN medical_profiles p ON p.facility_id = b.facility_id AND p.id = b.medical_profile_id
        JOIN doctors d ON d.facility_id = b.facility_id AND d.id = b.doctor_id
        JOIN rooms r ON r.facility_id = b.facility_id AND r.id = b.room_id
        LEFT JOIN his_patient_links l ON l.facility_id = b.facility_id AND l.profile_id = b.medical_profile_id
        LEFT JOIN his_code_maps md ON md.facility_id = b.facility_id AND md.kind = 'DOCTOR' AND md.portal_id = b.doctor_id
        LEFT JOIN his_code_maps mr ON mr.facility_id = b.facility_id AND mr.kind = 'ROOM' AND mr.portal_id = b.room_id
        WHERE b.facility_id = ${facilityId} AND b.id = ${bookingId}`,
  );
  return b ?? null;
}

async function mark(ex: Executor, facilityId: number, bookingId: number, set: Partial<typeof hisCheckins.$inferInsert>): Promise<void> {
  await ex
    .update(hisCheckins)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(hisCheckins.facilityId, facilityId), eq(hisCheckins.bookingId, bookingId)));
}

export async function sendCheckin(
  ctx: AppContext,
  job: Pick<JobRun<{ bookingId: number }>, 'facilityId' | 'payload' | 'attempt' | 'maxAttempts'>,
): Promise<void> {
  const facilityId = job.facilityId;
  if (facilityId == null) return;
  const { bookingId } = job.payload;
  const db = ctx.database.db;
  const [row] = await db
    .select()
    .from(hisCheckins)
    .where(and(eq(hisCheckins.facilityId, facilityId), eq(hisCheckins.bookingId, bookingId)));
  if (row?.status !== 'PENDING') return;
  const attempts = row.attempts + 1;
  const conn = await connectionRow(db, facilityId);
  const b = await bookingForHis(db, facilityId, bookingId);
  const fail = async (message: string) => {
    await ctx.database.transaction(async (tx) => {
      await mark(tx, facilityId, bookingId, { status: 'FAILED', attempts, lastError: message });
      await audit(tx, null, { action: 'HIS_CHECKIN_FAILED', entity: 'booking', entityId: bookingId, facilityId, actorUsername: 'HIS', after: { message } });
    });
  };
  if (!conn?.enabled) return fail(HIS_MESSAGES.disabled);
  if (!b) return fail('Không tìm thấy lịch đặt khám');
  const appointment = checkinAppointment(b);
  const issues = fhirIssues(appointment);
  if (issues.length) return fail(`Lịch hẹn FHIR không hợp lệ: ${issues[0].message}`);
  try {
    const stored = await clientOf(ctx, conn).conditionalUpdate(
      'Appointment',
      { identifier: `${portalSystem(b.facility_code, 'booking')}|${b.code}` },
      appointment,
    );
    const number = stored.extension?.find((e) => e.url === FHIR_EXTENSIONS.queueNumber)?.valueInteger ?? null;
    await ctx.database.transaction(async (tx) => {
      await mark(tx, facilityId, bookingId, {
        status: 'SENT',
        attempts,
        lastError: null,
        hisRef: stored.id ? `Appointment/${stored.id}` : null,
        hisQueueNumber: number,
        sentAt: new Date(),
      });
      await audit(tx, null, {
        action: 'HIS_CHECKIN_SENT',
        entity: 'booking',
        entityId: bookingId,
        facilityId,
        actorUsername: 'HIS',
        after: { hisRef: stored.id, hisQueueNumber: number },
      });
    });
  } catch (e) {
    const message = e instanceof HisError ? e.message : (e as Error).message;
    const transient = e instanceof HisError ? e.transient : true;
    if (!transient || job.attempt >= job.maxAttempts) return fail(message);
    await mark(db, facilityId, bookingId, { attempts, lastError: message });
    throw e; // the job queue retries with backoff
  }
}

export function defineHisCheckinJob(): void {
  defineJob<{ bookingId: number }>(HIS_CHECKIN_JOB, (job, ctx) => sendCheckin(ctx, job), {
    maxAttempts: MAX_ATTEMPTS,
    backoff: { baseMs: 10_000, maxMs: 10 * 60_000 },
  });
}

// ---------------------------------------------------------------- the screen's list and "send again"

interface CheckinListRow {
  booking_id: number;
  booking_code: string;
  patient_name: string;
  room_name: string;
  date: string;
  checked_in_at: Date | string | null;
  queue_number: number | null;
  status: HisCheckinStatus;
  his_queue_number: number | null;
  his_ref: string | null;
  attempts: number;
  last_error: string | null;
  sent_at: Date | string | null;
}

const toDto = (r: CheckinListRow): CheckinRowDto => ({
  bookingId: r.booking_id,
  bookingCode: r.booking_code,
  patientName: r.patient_name,
  roomName: r.room_name,
  date: r.date,
  checkedInAt: r.checked_in_at ? new Date(r.checked_in_at).toISOString() : null,
  queueNumber: r.queue_number,
  status: r.status,
  hisQueueNumber: r.his_queue_number,
  hisRef: r.his_ref,
  attempts: r.attempts,
  lastError: r.last_error,
  sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
});

function listSql(where: SQL, tail: SQL) {
  return sql`SELECT c.booking_id, b.code AS booking_code, p.full_name AS patient_name, r.name AS room_name, b.date::text AS date,
                    b.checked_in_at, b.queue_number, c.status, c.his_queue_number, c.his_ref, c.attempts, c.last_error, c.sent_at
             FROM his_checkins c
             JOIN bookings b ON b.facility_id = c.facility_id AND b.id = c.booking_id
             JOIN medical_profiles p ON p.facility_id = b.facility_id AND p.id = b.medical_profile_id
             JOIN rooms r ON r.facility_id = b.facility_id AND r.id = b.room_id
             WHERE ${where} ${tail}`;
}

export async function listCheckins(ctx: AppContext, caller: Caller, q: z.infer<typeof checkinsQuery>) {
  const db = ctx.database.db;
  const conds: SQL[] = [sql`c.facility_id = ${caller.facilityId}`];
  if (q.date) conds.push(sql`b.date = ${q.date}`);
  const base = sql.join(conds, sql` AND `);
  const filtered = q.status ? sql`${base} AND c.status = ${q.status}` : base;
  const [found, totals] = await Promise.all([
    rows<CheckinListRow>(db, listSql(filtered, sql`ORDER BY c.created_at DESC, c.booking_id DESC LIMIT ${q.size} OFFSET ${q.page * q.size}`)),
    rows<{ status: HisCheckinStatus; n: number }>(
      db,
      sql`SELECT c.status, count(*)::int AS n FROM his_checkins c JOIN bookings b ON b.facility_id = c.facility_id AND b.id = c.booking_id WHERE ${base} GROUP BY c.status`,
    ),
  ]);
  const counts = { PENDING: 0, SENT: 0, FAILED: 0 };
  for (const t of totals) counts[t.status] = t.n;
  const total = q.status ? counts[q.status] : counts.PENDING + counts.SENT + counts.FAILED;
  return { rows: found.map(toDto), total, counts };
}

export async function retryCheckin(ctx: AppContext, caller: Caller, bookingId: number): Promise<CheckinRowDto> {
  await ctx.database.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: hisCheckins.status })
      .from(hisCheckins)
      .where(and(eq(hisCheckins.facilityId, caller.facilityId), eq(hisCheckins.bookingId, bookingId)));
    if (!row) throw notFound(HIS_MESSAGES.checkinNotFound);
    if (row.status !== 'FAILED') throw conflict(HIS_MESSAGES.checkinNotFailed);
    await mark(tx, caller.facilityId, bookingId, { status: 'PENDING', attempts: 0, lastError: null });
    await enqueue(tx, { name: HIS_CHECKIN_JOB, facilityId: caller.facilityId, payload: { bookingId } });
    await audit(tx, caller, { action: 'HIS_CHECKIN_RETRY', entity: 'booking', entityId: bookingId });
  });
  const [r] = await rows<CheckinListRow>(ctx.database.db, listSql(sql`c.facility_id = ${caller.facilityId} AND c.booking_id = ${bookingId}`, sql``));
  return toDto(r);
}
