import { sql, type SQL } from 'drizzle-orm';
import type { GroupStatus, GroupTotals, LinkType } from '@portal/shared/contracts/notification-groups.contract';
import { DELIVERY_STATUSES } from '@portal/shared/contracts/notification-groups.contract';
import type { AudienceFilters } from '@portal/shared/rules/audience';
import type { MessageKind } from '@portal/shared/rules/ad-window';
import type { Executor } from '../../core/db';
import { containsPattern, dayPeriodConds, rows } from '../../core/sql';
import { audienceWhere } from './audience';

/** The SQL of notification groups (campaigns) and their recipients' messages; every query is of one facility. */

export type GroupRow = {
  id: number;
  title: string;
  content: string;
  imageUrl: string | null;
  linkType: LinkType;
  linkValue: string | null;
  kind: MessageKind;
  audience: AudienceFilters;
  status: GroupStatus;
  recipients: number | null;
  /** Raw SQL answers timestamps as text on PostgreSQL, as Date on PGlite. */
  scheduledAt: Date | string | null;
  startedAt: Date | string | null;
  finishedAt: Date | string | null;
  error: string | null;
  createdBy: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
};

const COLUMNS = sql`g.id, g.title, g.content, g.image_url AS "imageUrl", g.link_type AS "linkType", g.link_value AS "linkValue", g.kind,
  g.audience, g.status, g.recipients, g.scheduled_at AS "scheduledAt", g.started_at AS "startedAt", g.finished_at AS "finishedAt",
  g.error, a.username AS "createdBy", g.created_at AS "createdAt", g.updated_at AS "updatedAt"`;
const FROM = sql`notification_groups g LEFT JOIN accounts a ON a.facility_id = g.facility_id AND a.id = g.created_by`;

export interface ListFilter {
  /** normalizeText of the search. */
  needle?: string;
  scheduleFrom?: string;
  scheduleTo?: string;
  status?: string;
}

export async function groupPage(ex: Executor, facilityId: number, f: ListFilter, page: number, size: number): Promise<{ rows: GroupRow[]; total: number }> {
  const conds: SQL[] = [sql`g.facility_id = ${facilityId}`];
  if (f.needle) conds.push(sql`g.search_text LIKE ${containsPattern(f.needle)}`);
  conds.push(...dayPeriodConds(sql`g.scheduled_at`, f.scheduleFrom, f.scheduleTo));
  if (f.status) conds.push(sql`g.status = ${f.status}`);
  const where = sql.join(conds, sql` AND `);
  const list = await rows<GroupRow>(ex, sql`SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY g.id DESC LIMIT ${size} OFFSET ${page * size}`);
  const [t] = await rows<{ n: number }>(ex, sql`SELECT count(*)::int AS n FROM notification_groups g WHERE ${where}`);
  return { rows: list, total: t!.n };
}

export async function findGroup(ex: Executor, facilityId: number, id: number, lock = false): Promise<GroupRow | undefined> {
  const [g] = await rows<GroupRow>(
    ex,
    lock
      ? sql`SELECT ${COLUMNS} FROM ${FROM} WHERE g.facility_id = ${facilityId} AND g.id = ${id} FOR UPDATE OF g`
      : sql`SELECT ${COLUMNS} FROM ${FROM} WHERE g.facility_id = ${facilityId} AND g.id = ${id}`,
  );
  return g;
}

export async function totals(ex: Executor, facilityId: number, groupId: number): Promise<GroupTotals> {
  const found = await rows<{ status: string; n: number }>(
    ex,
    sql`SELECT status, count(*)::int AS n FROM notifications WHERE facility_id = ${facilityId} AND group_id = ${groupId} GROUP BY status`,
  );
  const out = Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as GroupTotals;
  for (const r of found) if (r.status in out) out[r.status as keyof GroupTotals] = r.n;
  return out;
}

export interface GroupFields {
  title: string;
  content: string;
  imageUrl: string | null;
  linkType: string;
  linkValue: string | null;
  kind: string;
  audience: AudienceFilters;
  searchText: string;
}

export async function insertGroup(ex: Executor, facilityId: number, accountId: number, g: GroupFields): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`INSERT INTO notification_groups (facility_id, title, content, image_url, link_type, link_value, kind, audience, search_text, created_by, updated_by)
        VALUES (${facilityId}, ${g.title}, ${g.content}, ${g.imageUrl}, ${g.linkType}, ${g.linkValue}, ${g.kind}, ${JSON.stringify(g.audience)}::jsonb,
          ${g.searchText}, ${accountId}, ${accountId})
        RETURNING id`,
  );
  return r!.id;
}

export async function updateGroup(ex: Executor, facilityId: number, id: number, accountId: number, g: GroupFields): Promise<void> {
  await ex.execute(
    sql`UPDATE notification_groups SET title = ${g.title}, content = ${g.content}, image_url = ${g.imageUrl}, link_type = ${g.linkType},
          link_value = ${g.linkValue}, kind = ${g.kind}, audience = ${JSON.stringify(g.audience)}::jsonb, search_text = ${g.searchText},
          updated_by = ${accountId}, updated_at = now()
        WHERE facility_id = ${facilityId} AND id = ${id}`,
  );
}

export async function deleteGroup(ex: Executor, facilityId: number, id: number): Promise<void> {
  await ex.execute(sql`DELETE FROM notification_groups WHERE facility_id = ${facilityId} AND id = ${id}`);
}

export async function setStatus(
  ex: Executor,
  facilityId: number,
  id: number,
  s: {
    status: GroupStatus;
    scheduledAt?: Date | null;
    startedAt?: Date;
    finishedAt?: Date;
    recipients?: number;
    error?: string | null;
    accountId?: number | null;
  },
): Promise<void> {
  const sets: SQL[] = [sql`status = ${s.status}`, sql`updated_at = now()`];
  if (s.scheduledAt !== undefined) sets.push(sql`scheduled_at = ${s.scheduledAt ? s.scheduledAt.toISOString() : null}::timestamptz`);
  if (s.startedAt) sets.push(sql`started_at = coalesce(started_at, ${s.startedAt.toISOString()}::timestamptz)`);
  if (s.finishedAt) sets.push(sql`finished_at = ${s.finishedAt.toISOString()}::timestamptz`);
  if (s.recipients !== undefined) sets.push(sql`recipients = ${s.recipients}`);
  if (s.error !== undefined) sets.push(sql`error = ${s.error}`);
  if (s.accountId) sets.push(sql`updated_by = ${s.accountId}`);
  await ex.execute(sql`UPDATE notification_groups SET ${sql.join(sets, sql`, `)} WHERE facility_id = ${facilityId} AND id = ${id}`);
}

/**
 * One QUEUED message per account of the audience, in one statement; an account that already has the campaign's
 * message (a job run again) is skipped by the unique key (facility_id, group_id, user_id). Returns the campaign's
 * recipients in all.
 */
export async function insertRecipients(
  ex: Executor,
  facilityId: number,
  groupId: number,
  audience: AudienceFilters,
  link: string | null,
  notBefore: Date,
  now: Date,
): Promise<number> {
  await ex.execute(
    sql`INSERT INTO notifications (facility_id, user_id, group_id, title, body, image_url, link, kind, status, not_before, created_by)
        SELECT g.facility_id, u.id, g.id, g.title, g.content, g.image_url, ${link}, g.kind, 'QUEUED', ${notBefore.toISOString()}::timestamptz, g.created_by
        FROM notification_groups g CROSS JOIN patient_users u
        WHERE g.facility_id = ${facilityId} AND g.id = ${groupId} AND ${audienceWhere(facilityId, audience, now)}
        ON CONFLICT (facility_id, group_id, user_id) WHERE group_id IS NOT NULL DO NOTHING`,
  );
  const [r] = await rows<{ n: number }>(ex, sql`SELECT count(*)::int AS n FROM notifications WHERE facility_id = ${facilityId} AND group_id = ${groupId}`);
  return r!.n;
}

export type RecipientRow = {
  id: number;
  userId: number;
  patientName: string;
  phone: string | null;
  status: string;
  channel: string | null;
  error: string | null;
  sentAt: Date | string | null;
  deliveredAt: Date | string | null;
  readAt: Date | string | null;
};

export async function recipientPage(
  ex: Executor,
  facilityId: number,
  groupId: number,
  status: string | undefined,
  page: number,
  size: number,
): Promise<{ rows: RecipientRow[]; total: number }> {
  const where = sql`n.facility_id = ${facilityId} AND n.group_id = ${groupId} ${status ? sql`AND n.status = ${status}` : sql``}`;
  const list = await rows<RecipientRow>(
    ex,
    sql`SELECT n.id::int AS id, n.user_id AS "userId", u.name AS "patientName", u.phone, n.status, n.channel, n.error,
          n.sent_at AS "sentAt", n.delivered_at AS "deliveredAt", n.read_at AS "readAt"
        FROM notifications n JOIN patient_users u ON u.facility_id = n.facility_id AND u.id = n.user_id
        WHERE ${where} ORDER BY n.id LIMIT ${size} OFFSET ${page * size}`,
  );
  const [t] = await rows<{ n: number }>(ex, sql`SELECT count(*)::int AS n FROM notifications n WHERE ${where}`);
  return { rows: list, total: t!.n };
}

export async function bookingCodeExists(ex: Executor, facilityId: number, code: string): Promise<boolean> {
  const found = await rows<{ id: number }>(ex, sql`SELECT id FROM bookings WHERE facility_id = ${facilityId} AND code = ${code} LIMIT 1`);
  return found.length > 0;
}

export async function patientExists(ex: Executor, facilityId: number, userId: number): Promise<boolean> {
  const found = await rows<{ id: number }>(ex, sql`SELECT id FROM patient_users WHERE facility_id = ${facilityId} AND id = ${userId} LIMIT 1`);
  return found.length > 0;
}
