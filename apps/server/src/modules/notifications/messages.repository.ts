import { sql, type SQL } from 'drizzle-orm';
import type { NotificationListQuery } from '@portal/shared/contracts/notification-messages.contract';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { periodInstants } from '@portal/shared/rules/period';
import type { Executor } from '../../core/db';
import { containsPattern, rows } from '../../core/sql';

/** The SQL of the messages sent to patients and their totals (issue 17); every query is of one facility. */

export type MessageRow = {
  id: number;
  userId: number;
  patientName: string;
  phone: string | null;
  title: string;
  body: string;
  /** An event's template values (secrets among them are masked before the row leaves the server). */
  data: Record<string, unknown> | null;
  link: string | null;
  kind: 'CARE' | 'ADVERTISING';
  channel: string | null;
  status: string;
  attempts: number;
  error: string | null;
  errorCode: string | null;
  createdAt: Date | string;
  sentAt: Date | string | null;
  deliveredAt: Date | string | null;
  readAt: Date | string | null;
  groupId: number | null;
  event: string | null;
  groupTitle: string | null;
  createdBy: string | null;
};

const MESSAGE_COLUMNS = sql`n.id::int AS id, n.user_id AS "userId", u.name AS "patientName", u.phone, n.title, n.body, n.data, n.link, n.kind, n.channel,
  n.status, n.attempts::int AS attempts, n.error, n.error_code AS "errorCode", n.created_at AS "createdAt", n.sent_at AS "sentAt",
  n.delivered_at AS "deliveredAt", n.read_at AS "readAt", n.group_id AS "groupId", n.event, g.title AS "groupTitle", a.username AS "createdBy"`;
const MESSAGE_FROM = sql`notifications n
  JOIN patient_users u ON u.facility_id = n.facility_id AND u.id = n.user_id
  LEFT JOIN notification_groups g ON g.facility_id = n.facility_id AND g.id = n.group_id
  LEFT JOIN accounts a ON a.facility_id = n.facility_id AND a.id = n.created_by`;

function conditions(facilityId: number, q: Partial<NotificationListQuery>): SQL {
  const parts: SQL[] = [sql`n.facility_id = ${facilityId}`];
  if (q.status) parts.push(q.status === 'OPENED' ? sql`(n.status = 'OPENED' OR n.read_at IS NOT NULL)` : sql`n.status = ${q.status}`);
  if (q.channel) parts.push(sql`n.channel = ${q.channel}`);
  if (q.kind) parts.push(sql`n.kind = ${q.kind}`);
  if (q.source === 'GROUP') parts.push(sql`n.group_id IS NOT NULL`);
  if (q.source === 'EVENT') parts.push(sql`n.event IS NOT NULL`);
  if (q.source === 'SINGLE') parts.push(sql`n.group_id IS NULL AND n.event IS NULL`);
  if (q.groupId) parts.push(sql`n.group_id = ${q.groupId}`);
  if (q.event) parts.push(sql`n.event = ${q.event}`);
  const words = q.patient ? normalizeText(q.patient) : '';
  if (words) parts.push(sql`u.search_text LIKE ${containsPattern(words)}`);
  if (q.from && q.to) {
    const { start, end } = periodInstants({ from: q.from, to: q.to });
    parts.push(sql`n.created_at >= ${start.toISOString()}::timestamptz AND n.created_at < ${end.toISOString()}::timestamptz`);
  }
  return sql.join(parts, sql` AND `);
}

export async function messagePage(ex: Executor, facilityId: number, q: NotificationListQuery): Promise<{ rows: MessageRow[]; total: number }> {
  const where = conditions(facilityId, q);
  const list = await rows<MessageRow>(
    ex,
    sql`SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE ${where} ORDER BY n.id DESC LIMIT ${q.size} OFFSET ${q.page * q.size}`,
  );
  const [t] = await rows<{ n: number }>(ex, sql`SELECT count(*)::int AS n FROM ${MESSAGE_FROM} WHERE ${where}`);
  return { rows: list, total: t!.n };
}

export async function findMessage(ex: Executor, facilityId: number, id: number): Promise<MessageRow | undefined> {
  const [m] = await rows<MessageRow>(ex, sql`SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE n.facility_id = ${facilityId} AND n.id = ${id}`);
  return m;
}

export type Counts = { total: number; queued: number; sent: number; delivered: number; opened: number; failed: number; skipped: number };

/** The delivery counts of a set of messages `n` (opened = read, whatever the channel reported before). */
const COUNTS = sql`count(*)::int AS total,
  count(*) FILTER (WHERE n.status IN ('QUEUED', 'SENDING'))::int AS queued,
  count(*) FILTER (WHERE n.status = 'SENT' AND n.read_at IS NULL)::int AS sent,
  count(*) FILTER (WHERE n.status = 'DELIVERED' AND n.read_at IS NULL)::int AS delivered,
  count(*) FILTER (WHERE n.status = 'OPENED' OR n.read_at IS NOT NULL)::int AS opened,
  count(*) FILTER (WHERE n.status = 'FAILED')::int AS failed,
  count(*) FILTER (WHERE n.status = 'SKIPPED')::int AS skipped`;

export type CampaignRow = { groupId: number; name: string; status: string; kind: 'CARE' | 'ADVERTISING'; createdAt: Date | string } & Counts;

/** The facility's campaigns that left the draft, newest first, each with its messages' counts. */
export async function campaignTotals(ex: Executor, facilityId: number, page: number, size: number): Promise<{ rows: CampaignRow[]; total: number }> {
  const where = sql`g.facility_id = ${facilityId} AND g.status <> 'DRAFT'`;
  const list = await rows<CampaignRow>(
    ex,
    sql`SELECT g.id AS "groupId", g.title AS name, g.status, g.kind, g.created_at AS "createdAt", c.*
        FROM notification_groups g CROSS JOIN LATERAL (SELECT ${COUNTS} FROM notifications n WHERE n.facility_id = g.facility_id AND n.group_id = g.id) c
        WHERE ${where} ORDER BY g.id DESC LIMIT ${size} OFFSET ${page * size}`,
  );
  const [t] = await rows<{ n: number }>(ex, sql`SELECT count(*)::int AS n FROM notification_groups g WHERE ${where}`);
  return { rows: list, total: t!.n };
}

/** Counts per event, and of the single pushes (event null). */
export function eventTotals(ex: Executor, facilityId: number): Promise<({ event: string | null } & Counts)[]> {
  return rows(
    ex,
    sql`SELECT n.event, ${COUNTS} FROM notifications n
        WHERE n.facility_id = ${facilityId} AND n.group_id IS NULL GROUP BY n.event`,
  );
}

/** A patient account of the facility (merged accounts are not sent to). */
export async function findPatient(ex: Executor, facilityId: number, userId: number): Promise<{ id: number } | undefined> {
  const [u] = await rows<{ id: number }>(ex, sql`SELECT id FROM patient_users WHERE facility_id = ${facilityId} AND id = ${userId} AND merged_into_id IS NULL`);
  return u;
}

/** One message pushed by staff, queued at once; returns its id. */
export async function insertSingle(
  ex: Executor,
  m: { facilityId: number; userId: number; title: string; body: string; link: string | null; createdBy: number },
): Promise<number> {
  const [row] = await rows<{ id: number }>(
    ex,
    sql`INSERT INTO notifications (facility_id, user_id, title, body, link, kind, status, created_by)
        VALUES (${m.facilityId}, ${m.userId}, ${m.title}, ${m.body}, ${m.link}, 'CARE', 'QUEUED', ${m.createdBy})
        RETURNING id::int AS id`,
  );
  return row!.id;
}
