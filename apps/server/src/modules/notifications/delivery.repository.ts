import { sql } from 'drizzle-orm';
import type { Executor } from '../../core/db';
import { rows } from '../../core/sql';
import type { WebPushSubscription } from '../notify/channels';
import type { DeliveryChannel } from './channels';
import type { Reach } from './delivery.route';
import { DEFAULT_EVENT_CHANNELS } from './events.notify';

/** The SQL of the `notify.send` job (issue 17); every query is of one facility. */

export interface Claimed {
  id: number;
  userId: number;
  groupId: number | null;
  event: string | null;
  title: string;
  body: string;
  imageUrl: string | null;
  link: string | null;
  data: Record<string, string> | null;
  kind: string;
  /** Tries so far, this one included. */
  attempts: number;
}

/** Takes up to `limit` due messages (or ones a dead job left SENDING past the lease) and marks them SENDING. */
export function claim(ex: Executor, facilityId: number, limit: number, leaseSeconds: number): Promise<Claimed[]> {
  return rows<Claimed>(
    ex,
    sql`UPDATE notifications n SET status = 'SENDING', sending_since = now(), attempts = n.attempts + 1
        FROM (SELECT id FROM notifications
              WHERE facility_id = ${facilityId}
                AND ((status = 'QUEUED' AND not_before <= now()) OR (status = 'SENDING' AND sending_since < now() - make_interval(secs => ${leaseSeconds})))
              ORDER BY not_before, id LIMIT ${limit} FOR UPDATE SKIP LOCKED) c
        WHERE n.facility_id = ${facilityId} AND n.id = c.id
        RETURNING n.id::int AS id, n.user_id AS "userId", n.group_id AS "groupId", n.event, n.title, n.body, n.image_url AS "imageUrl",
          n.link, n.data, n.kind, n.attempts`,
  );
}

export interface Result {
  id: number;
  status: 'QUEUED' | 'SENT' | 'DELIVERED' | 'FAILED' | 'SKIPPED';
  channel?: DeliveryChannel | 'INBOX';
  providerMessageId?: string;
  errorCode?: string;
  error?: string;
  /** QUEUED: when to try again. */
  notBefore?: Date;
  attempts: number;
}

/** Writes a chunk's outcomes in one statement. */
export async function record(ex: Executor, facilityId: number, results: Result[]): Promise<void> {
  if (!results.length) return;
  const col = <T>(f: (r: Result) => T) => sql.param(results.map(f));
  await ex.execute(
    sql`UPDATE notifications n SET status = r.status, channel = coalesce(r.channel, n.channel),
          provider_message_id = coalesce(r.pmid, n.provider_message_id), error_code = r.code, error = r.error,
          not_before = coalesce(r.not_before, n.not_before), attempts = r.attempts, sending_since = NULL,
          sent_at = CASE WHEN r.status IN ('SENT', 'DELIVERED') THEN coalesce(n.sent_at, now()) ELSE n.sent_at END,
          delivered_at = CASE WHEN r.status = 'DELIVERED' THEN now() ELSE n.delivered_at END
        FROM unnest(${col((r) => r.id)}::bigint[], ${col((r) => r.status)}::text[], ${col((r) => r.channel ?? null)}::text[],
                    ${col((r) => r.providerMessageId ?? null)}::text[], ${col((r) => r.errorCode ?? null)}::text[], ${col((r) => r.error ?? null)}::text[],
                    ${col((r) => r.notBefore?.toISOString() ?? null)}::timestamptz[], ${col((r) => r.attempts)}::int[])
          AS r(id, status, channel, pmid, code, error, not_before, attempts)
        WHERE n.facility_id = ${facilityId} AND n.id = r.id AND n.status = 'SENDING'`,
  );
}

/** Devices, phone and advertising refusals of the accounts. */
export async function reachOf(ex: Executor, facilityId: number, userIds: number[]): Promise<Map<number, Reach>> {
  const ids = sql.param(userIds);
  const [devices, users, prefs] = await Promise.all([
    rows<{ id: number; userId: number; platform: string; token: string; keys: WebPushSubscription['keys'] | null }>(
      ex,
      sql`SELECT id::int AS id, user_id AS "userId", platform, token, keys FROM patient_devices
          WHERE facility_id = ${facilityId} AND user_id = ANY(${ids}::int[]) ORDER BY id`,
    ),
    rows<{ id: number; phone: string | null }>(ex, sql`SELECT id, phone FROM patient_users WHERE facility_id = ${facilityId} AND id = ANY(${ids}::int[])`),
    rows<{ userId: number; channel: DeliveryChannel }>(
      ex,
      sql`SELECT user_id AS "userId", channel FROM patient_notify_prefs
          WHERE facility_id = ${facilityId} AND user_id = ANY(${ids}::int[]) AND NOT advertising`,
    ),
  ]);
  const reach = new Map<number, Reach & { optedOut: Set<DeliveryChannel> }>();
  for (const u of users) reach.set(u.id, { devices: [], phone: u.phone, optedOut: new Set() });
  for (const d of devices) reach.get(d.userId)?.devices.push({ id: d.id, platform: d.platform, token: d.token, keys: d.keys });
  for (const p of prefs) reach.get(p.userId)?.optedOut.add(p.channel);
  return reach;
}

/** Accounts among `userIds` that got an advertisement of the facility in the last 24 hours (another message). */
export async function recentlyAdvertised(ex: Executor, facilityId: number, userIds: number[], exceptIds: number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const found = await rows<{ userId: number }>(
    ex,
    sql`SELECT DISTINCT user_id AS "userId" FROM notifications
        WHERE facility_id = ${facilityId} AND user_id = ANY(${sql.param(userIds)}::int[]) AND kind = 'ADVERTISING'
          AND status IN ('SENT', 'DELIVERED', 'OPENED') AND sent_at > now() - interval '24 hours'
          AND NOT (id = ANY(${sql.param(exceptIds)}::bigint[]))`,
  );
  return new Set(found.map((r) => r.userId));
}

/** The channel order and Zalo template of the events (the defaults for an event the facility has not set). */
export async function eventRoutes(
  ex: Executor,
  facilityId: number,
  events: string[],
): Promise<Map<string, { channels: DeliveryChannel[]; zaloTemplateId: string | null }>> {
  const out = new Map(events.map((e) => [e, { channels: [...DEFAULT_EVENT_CHANNELS], zaloTemplateId: null as string | null }]));
  if (!events.length) return out;
  const found = await rows<{ event: string; channels: DeliveryChannel[]; zaloTemplateId: string | null }>(
    ex,
    sql`SELECT event, channels, zalo_template_id AS "zaloTemplateId" FROM notification_events
        WHERE facility_id = ${facilityId} AND event = ANY(${sql.param(events)}::text[])`,
  );
  for (const f of found) out.set(f.event, { channels: f.channels, zaloTemplateId: f.zaloTemplateId });
  return out;
}

/** Forgets devices the push provider said are gone. */
export async function dropDevices(ex: Executor, facilityId: number, ids: number[]): Promise<void> {
  if (ids.length) await ex.execute(sql`DELETE FROM patient_devices WHERE facility_id = ${facilityId} AND id = ANY(${sql.param(ids)}::bigint[])`);
}

/**
 * Campaigns with nothing left to send are finished: SENT when a message reached someone or none failed, FAILED
 * when every message that was tried failed.
 */
export async function finishGroups(ex: Executor, facilityId: number): Promise<void> {
  await ex.execute(
    sql`UPDATE notification_groups g SET
          status = CASE WHEN EXISTS (SELECT 1 FROM notifications n WHERE n.group_id = g.id AND n.facility_id = g.facility_id
                                       AND n.status IN ('SENT', 'DELIVERED', 'OPENED'))
                          OR NOT EXISTS (SELECT 1 FROM notifications n WHERE n.group_id = g.id AND n.facility_id = g.facility_id AND n.status = 'FAILED')
                        THEN 'SENT' ELSE 'FAILED' END,
          error = CASE WHEN EXISTS (SELECT 1 FROM notifications n WHERE n.group_id = g.id AND n.facility_id = g.facility_id
                                      AND n.status IN ('SENT', 'DELIVERED', 'OPENED'))
                         OR NOT EXISTS (SELECT 1 FROM notifications n WHERE n.group_id = g.id AND n.facility_id = g.facility_id AND n.status = 'FAILED')
                       THEN NULL ELSE 'Không gửi được tới bệnh nhân nào' END,
          finished_at = now(), updated_at = now()
        WHERE g.facility_id = ${facilityId} AND g.status = 'SENDING' AND g.recipients IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.group_id = g.id AND n.facility_id = g.facility_id AND n.status IN ('QUEUED', 'SENDING'))`,
  );
}

/** The earliest time a message of the facility waits for (a retry, the advertising window, a dead job's lease). */
export async function nextWaiting(ex: Executor, facilityId: number, leaseSeconds: number): Promise<Date | null> {
  const [r] = await rows<{ at: Date | string | null }>(
    ex,
    sql`SELECT min(CASE WHEN status = 'SENDING' THEN sending_since + make_interval(secs => ${leaseSeconds}) ELSE not_before END) AS at
        FROM notifications WHERE facility_id = ${facilityId} AND status IN ('QUEUED', 'SENDING')`,
  );
  return r?.at ? new Date(r.at) : null;
}

/**
 * A provider's delivery report about a notification (eSMS callback, Zalo webhook): a final status moves the message
 * on (never back: a late "delivered" does not undo "opened"). Returns how many rows changed.
 */
export async function applyReport(
  ex: Executor,
  report: { facilityId?: number; id: number | null; providerMessageId: string; status: 'DELIVERED' | 'FAILED' | 'SEEN'; reason?: string; code?: string },
): Promise<number> {
  const facility = report.facilityId !== undefined ? sql`facility_id = ${report.facilityId} AND ` : sql``;
  const match = sql`${facility}(provider_message_id = ${report.providerMessageId} ${report.id !== null ? sql`OR id = ${report.id}` : sql``})`;
  const set =
    report.status === 'FAILED'
      ? sql`status = 'FAILED', error = ${report.reason ?? 'Nhà cung cấp báo không chuyển được tin'}, error_code = ${report.code ?? null}`
      : report.status === 'SEEN'
        ? sql`status = 'OPENED', delivered_at = coalesce(delivered_at, now()), read_at = coalesce(read_at, now())`
        : sql`status = 'DELIVERED', delivered_at = now()`;
  const from = report.status === 'DELIVERED' ? sql`('SENT')` : sql`('SENT', 'DELIVERED')`;
  const found = await rows<{ id: number }>(ex, sql`UPDATE notifications SET ${set} WHERE status IN ${from} AND ${match} RETURNING id::int AS id`);
  return found.length;
}
