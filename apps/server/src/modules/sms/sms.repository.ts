import { sql } from 'drizzle-orm';
import type { Executor } from '../../core/db';
import type { AudienceFilters } from '@portal/shared/rules/audience';
import { rows } from '../../core/sql';
import { audienceWhere } from '../notifications/audience';

/** The SQL of the SMS batches and their messages (issue 17); every query is of one facility. */

export type BatchRow = {
  id: number;
  content: string;
  kind: 'CARE' | 'ADVERTISING';
  encoding: string;
  parts: number;
  recipients: number;
  cost: number;
  provider: string;
  /** Raw SQL answers timestamps as text on PostgreSQL, as Date on PGlite. */
  notBefore: Date | string;
  createdAt: Date | string;
  createdBy: string | null;
  queued: number;
  sent: number;
  delivered: number;
  failed: number;
  skipped: number;
};

const BATCH_COLUMNS = sql`b.id::int AS id, b.content, b.kind, b.encoding, b.parts, b.recipients, b.cost::int AS cost, b.provider,
  b.not_before AS "notBefore", b.created_at AS "createdAt", a.username AS "createdBy",
  c.queued, c.sent, c.delivered, c.failed, c.skipped`;
const BATCH_FROM = sql`sms_batches b LEFT JOIN accounts a ON a.id = b.created_by
  CROSS JOIN LATERAL (
    SELECT count(*) FILTER (WHERE m.status IN ('QUEUED', 'SENDING'))::int AS queued,
      count(*) FILTER (WHERE m.status = 'SENT')::int AS sent,
      count(*) FILTER (WHERE m.status = 'DELIVERED')::int AS delivered,
      count(*) FILTER (WHERE m.status = 'FAILED')::int AS failed,
      count(*) FILTER (WHERE m.status = 'SKIPPED')::int AS skipped
    FROM sms_messages m WHERE m.batch_id = b.id) c`;

export async function batchPage(ex: Executor, facilityId: number, page: number, size: number): Promise<{ rows: BatchRow[]; total: number }> {
  const list = await rows<BatchRow>(
    ex,
    sql`SELECT ${BATCH_COLUMNS} FROM ${BATCH_FROM} WHERE b.facility_id = ${facilityId} ORDER BY b.id DESC LIMIT ${size} OFFSET ${page * size}`,
  );
  const [t] = await rows<{ n: number }>(ex, sql`SELECT count(*)::int AS n FROM sms_batches WHERE facility_id = ${facilityId}`);
  return { rows: list, total: t!.n };
}

export async function findBatch(ex: Executor, facilityId: number, id: number): Promise<BatchRow | undefined> {
  const [b] = await rows<BatchRow>(ex, sql`SELECT ${BATCH_COLUMNS} FROM ${BATCH_FROM} WHERE b.facility_id = ${facilityId} AND b.id = ${id}`);
  return b;
}

export interface NewBatch {
  facilityId: number;
  content: string;
  kind: string;
  encoding: string;
  parts: number;
  cost: number;
  provider: string;
  notBefore: Date;
  createdBy: number;
  phones: string[];
}

/** The batch and one queued message per number, in the caller's transaction. */
export async function insertBatch(ex: Executor, b: NewBatch): Promise<number> {
  const [row] = await rows<{ id: number }>(
    ex,
    sql`INSERT INTO sms_batches (facility_id, content, kind, encoding, parts, recipients, cost, provider, not_before, created_by)
        VALUES (${b.facilityId}, ${b.content}, ${b.kind}, ${b.encoding}, ${b.parts}, ${b.phones.length}, ${b.cost}, ${b.provider},
          ${b.notBefore.toISOString()}::timestamptz, ${b.createdBy})
        RETURNING id::int AS id`,
  );
  await ex.execute(sql`INSERT INTO sms_messages (facility_id, batch_id, phone) SELECT ${b.facilityId}, ${row!.id}, unnest(${sql.param(b.phones)}::text[])`);
  return row!.id;
}

export type MessageRow = {
  id: number;
  phone: string;
  status: string;
  attempts: number;
  error: string | null;
  sentAt: Date | string | null;
  deliveredAt: Date | string | null;
};

export async function messagePage(
  ex: Executor,
  facilityId: number,
  batchId: number,
  status: string | undefined,
  page: number,
  size: number,
): Promise<{ rows: MessageRow[]; total: number }> {
  const where = sql`facility_id = ${facilityId} AND batch_id = ${batchId} ${status ? sql`AND status = ${status}` : sql``}`;
  const list = await rows<MessageRow>(
    ex,
    sql`SELECT id::int AS id, phone, status, attempts, error, sent_at AS "sentAt", delivered_at AS "deliveredAt"
        FROM sms_messages WHERE ${where} ORDER BY id LIMIT ${size} OFFSET ${page * size}`,
  );
  const [t] = await rows<{ n: number }>(ex, sql`SELECT count(*)::int AS n FROM sms_messages WHERE ${where}`);
  return { rows: list, total: t!.n };
}

/**
 * Takes up to `limit` messages of the batch to send now: the queued ones, and those left SENDING longer than
 * the lease (SMS_SENDING_LEASE_SECONDS) by a job that died (the provider's idempotency key — our message id — keeps a resend from reaching the patient twice).
 */
export function claimMessages(ex: Executor, batchId: number, limit: number, leaseSeconds: number): Promise<{ id: number; phone: string }[]> {
  return rows(
    ex,
    sql`UPDATE sms_messages SET status = 'SENDING', attempts = attempts + 1, sending_since = now()
        WHERE id IN (
          SELECT id FROM sms_messages
          WHERE batch_id = ${batchId} AND (status = 'QUEUED' OR (status = 'SENDING' AND sending_since < now() - make_interval(secs => ${leaseSeconds})))
          ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id::int AS id, phone`,
  );
}

/**
 * When the last message of the batch still SENDING under another run's lease may be taken again (its lease ends), or
 * null when none is: once a run has recorded all it took, such messages were taken by a run that died.
 */
export async function leasedUntil(ex: Executor, batchId: number, leaseSeconds: number): Promise<Date | null> {
  const [r] = await rows<{ at: Date | string | null }>(
    ex,
    sql`SELECT max(sending_since) + make_interval(secs => ${leaseSeconds}) AS at FROM sms_messages WHERE batch_id = ${batchId} AND status = 'SENDING'`,
  );
  return r?.at ? new Date(r.at) : null;
}

/** The numbers among `phones` that got an advertising SMS of the facility in the last 24 hours (another batch). */
export async function recentlyAdvertised(ex: Executor, facilityId: number, batchId: number, phones: string[]): Promise<Set<string>> {
  if (!phones.length) return new Set();
  const found = await rows<{ phone: string }>(
    ex,
    sql`SELECT DISTINCT m.phone FROM sms_messages m JOIN sms_batches b ON b.id = m.batch_id
        WHERE m.facility_id = ${facilityId} AND m.phone = ANY(${sql.param(phones)}::text[]) AND m.batch_id <> ${batchId}
          AND b.kind = 'ADVERTISING' AND m.status IN ('SENT', 'DELIVERED') AND m.sent_at > now() - interval '24 hours'`,
  );
  return new Set(found.map((r) => r.phone));
}

/**
 * Which of `phones` belong to a patient account of the facility that refused advertising by SMS
 * (patient_notify_prefs, channel SMS, advertising false; no row = allowed).
 */
export async function optedOutOfSmsAdvertising(ex: Executor, facilityId: number, phones: string[]): Promise<Set<string>> {
  if (!phones.length) return new Set();
  const found = await rows<{ phone: string }>(
    ex,
    sql`SELECT DISTINCT u.phone FROM patient_users u
        JOIN patient_notify_prefs p ON p.facility_id = u.facility_id AND p.user_id = u.id AND p.channel = 'SMS' AND NOT p.advertising
        WHERE u.facility_id = ${facilityId} AND u.phone = ANY(${sql.param(phones)}::text[])`,
  );
  return new Set(found.map((r) => r.phone));
}

export type MessageResult =
  | { id: number; status: 'SENT' | 'DELIVERED'; providerMessageId: string }
  | { id: number; status: 'FAILED' | 'SKIPPED'; errorCode: string; error: string }
  | { id: number; status: 'QUEUED'; errorCode: string; error: string };

/** Writes what the provider answered for each message (QUEUED = try again later), in one statement. */
export async function recordResults(ex: Executor, results: MessageResult[]): Promise<void> {
  if (!results.length) return;
  const col = <T>(f: (r: MessageResult) => T) => sql.param(results.map(f));
  const provider = (r: MessageResult) => ('providerMessageId' in r ? r.providerMessageId : null);
  const code = (r: MessageResult) => ('errorCode' in r ? r.errorCode : null);
  const error = (r: MessageResult) => ('error' in r ? r.error : null);
  await ex.execute(
    sql`UPDATE sms_messages m SET status = x.status, sending_since = NULL,
          provider_message_id = coalesce(x.provider, m.provider_message_id),
          sent_at = CASE WHEN x.status IN ('SENT', 'DELIVERED') THEN now() ELSE m.sent_at END,
          delivered_at = CASE WHEN x.status = 'DELIVERED' THEN now() ELSE m.delivered_at END,
          error_code = x.code, error = x.error
        FROM unnest(${col((r) => r.id)}::bigint[], ${col((r) => r.status)}::text[], ${col(provider)}::text[], ${col(code)}::text[], ${col(error)}::text[])
          AS x(id, status, provider, code, error)
        WHERE m.id = x.id`,
  );
}

/** A delivery report: the message the provider names, by its id or ours, moves to DELIVERED or FAILED. */
export async function applyDeliveryReport(
  ex: Executor,
  report: { providerMessageId: string; messageId?: string; status: 'DELIVERED' | 'FAILED'; reason?: string; code?: string },
): Promise<number> {
  const ours = report.messageId && /^\d{1,15}$/.test(report.messageId) ? Number(report.messageId) : null;
  const found = await rows<{ id: number }>(
    ex,
    sql`UPDATE sms_messages SET status = ${report.status},
          delivered_at = ${report.status === 'DELIVERED' ? sql`now()` : sql`delivered_at`},
          error = ${report.status === 'FAILED' ? (report.reason ?? 'Nhà mạng báo không chuyển được tin') : null},
          error_code = ${report.status === 'FAILED' ? (report.code ?? null) : null}
        WHERE status IN ('SENT', 'DELIVERED', 'FAILED') AND (provider_message_id = ${report.providerMessageId} ${ours !== null ? sql`OR id = ${ours}` : sql``})
        RETURNING id::int AS id`,
  );
  return found.length;
}

/** Messages of the batch tried `max` times and still queued fail for good (the job gives up on them). */
export async function failExhausted(ex: Executor, batchId: number, max: number): Promise<void> {
  await ex.execute(
    sql`UPDATE sms_messages SET status = 'FAILED', error = coalesce(error, 'Không gửi được sau nhiều lần thử') || ' (đã thử ' || attempts || ' lần)'
        WHERE batch_id = ${batchId} AND status = 'QUEUED' AND attempts >= ${max}`,
  );
}

export function notificationGroups(ex: Executor, facilityId: number): Promise<{ id: number; title: string; status: string }[]> {
  return rows(ex, sql`SELECT id, title, status FROM notification_groups WHERE facility_id = ${facilityId} ORDER BY id DESC LIMIT 200`);
}

export async function groupAudience(ex: Executor, facilityId: number, id: number): Promise<unknown | undefined> {
  const [g] = await rows<{ audience: unknown }>(ex, sql`SELECT audience FROM notification_groups WHERE facility_id = ${facilityId} AND id = ${id}`);
  return g?.audience;
}

/** The phones of the audience's accounts (at most `limit` + 1, so a list over the limit shows as such), and counts. */
export async function audiencePhones(ex: Executor, facilityId: number, audience: AudienceFilters, limit: number) {
  const where = audienceWhere(facilityId, audience);
  const [list, [c]] = await Promise.all([
    rows<{ phone: string }>(ex, sql`SELECT DISTINCT u.phone FROM patient_users u WHERE ${where} AND u.phone IS NOT NULL ORDER BY 1 LIMIT ${limit + 1}`),
    rows<{ accounts: number; withoutPhone: number }>(
      ex,
      sql`SELECT count(*)::int AS accounts, count(*) FILTER (WHERE u.phone IS NULL)::int AS "withoutPhone" FROM patient_users u WHERE ${where}`,
    ),
  ]);
  return { phones: list.map((r) => r.phone), accounts: c!.accounts, withoutPhone: c!.withoutPhone };
}
