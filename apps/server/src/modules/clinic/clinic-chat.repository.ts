import { sql, type SQL } from 'drizzle-orm';
import type { ClinicProgram } from '@portal/shared/rules/clinic-programs';
import type { Executor } from '../../core/db';
import { rows } from '../../core/sql';
import { wordConds } from '../../core/search';

/** The SQL of the private clinic's conversations (issue 20): every query of one facility. */

export const COUNT_CAP = 1_000;
/** Unread counts stop here (the badge reads "99+"). */
export const UNREAD_CAP = 99;

/** Who is asking: a staff account or a member's app account. */
export type Viewer = { accountId: number } | { userId: number };
const viewerIs = (alias: string, v: Viewer): SQL =>
  'accountId' in v ? sql`${sql.raw(alias)}.account_id = ${v.accountId}` : sql`${sql.raw(alias)}.user_id = ${v.userId}`;
const senderIsNot = (v: Viewer): SQL =>
  'accountId' in v ? sql`msg.sender_account_id IS DISTINCT FROM ${v.accountId}` : sql`msg.sender_user_id IS DISTINCT FROM ${v.userId}`;

export type GroupRow = {
  id: number;
  kind: 'GROUP' | 'DIRECT';
  name: string;
  description: string;
  program: ClinicProgram | null;
  memberCount: number;
  lastMessageId: number | null;
  lastMessageAt: Date | string | null;
  lastMessagePreview: string | null;
  createdAt: Date | string;
  createdBy: string | null;
  joined: boolean;
  unread: number;
};

const GROUP_COLUMNS = (v: Viewer) => sql`g.id, g.kind, g.name, g.description, g.program, g.member_count AS "memberCount",
  g.last_message_id::int AS "lastMessageId", g.last_message_at AS "lastMessageAt", g.last_message_preview AS "lastMessagePreview",
  g.created_at AS "createdAt", ca.username AS "createdBy", (cp.id IS NOT NULL) AS joined,
  CASE WHEN cp.id IS NULL THEN 0 ELSE (SELECT count(*)::int FROM (SELECT 1 FROM clinic_chat_messages msg
    WHERE msg.facility_id = g.facility_id AND msg.group_id = g.id AND msg.id > cp.last_read_message_id AND NOT msg.hidden AND ${senderIsNot(v)}
    LIMIT ${UNREAD_CAP + 1}) u) END AS unread`;
const GROUP_JOINS = (v: Viewer, inner: boolean) => sql`${inner ? sql`JOIN` : sql`LEFT JOIN`} clinic_chat_participants cp
    ON cp.facility_id = g.facility_id AND cp.group_id = g.id AND ${viewerIs('cp', v)}
  LEFT JOIN accounts ca ON ca.facility_id = g.facility_id AND ca.id = g.created_by`;

export interface GroupFilter {
  q?: string;
  kind?: 'GROUP' | 'DIRECT';
  /** Only the viewer's conversations (a member always). */
  mine?: boolean;
}

export async function groupPage(ex: Executor, facilityId: number, v: Viewer, f: GroupFilter, page: number, size: number) {
  const conds: SQL[] = [sql`g.facility_id = ${facilityId}`];
  conds.push(...wordConds(sql`g.search_text`, f.q));
  if (f.kind) conds.push(sql`g.kind = ${f.kind}`);
  const mine = f.mine || 'userId' in v;
  const where = sql.join(conds, sql` AND `);
  const list = await rows<GroupRow>(
    ex,
    sql`SELECT ${GROUP_COLUMNS(v)} FROM clinic_chat_groups g ${GROUP_JOINS(v, mine)} WHERE ${where}
      ORDER BY g.last_message_at DESC NULLS LAST, g.id DESC LIMIT ${size} OFFSET ${page * size}`,
  );
  const [t] = await rows<{ n: number }>(
    ex,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM clinic_chat_groups g ${mine ? sql`JOIN clinic_chat_participants cp ON cp.facility_id = g.facility_id AND cp.group_id = g.id AND ${viewerIs('cp', v)}` : sql``}
      WHERE ${where} LIMIT ${COUNT_CAP}) c`,
  );
  return { rows: list, total: t!.n };
}

export async function findGroup(ex: Executor, facilityId: number, id: number, v: Viewer): Promise<GroupRow | undefined> {
  const [r] = await rows<GroupRow>(
    ex,
    sql`SELECT ${GROUP_COLUMNS(v)} FROM clinic_chat_groups g ${GROUP_JOINS(v, false)} WHERE g.facility_id = ${facilityId} AND g.id = ${id}`,
  );
  return r;
}

/** Locks the conversation: messages of one conversation are numbered and committed one after another (docs/clinic.md). */
export async function lockGroup(ex: Executor, facilityId: number, id: number) {
  const [r] = await rows<{ id: number; kind: 'GROUP' | 'DIRECT'; name: string }>(
    ex,
    sql`SELECT id, kind, name FROM clinic_chat_groups WHERE facility_id = ${facilityId} AND id = ${id} FOR UPDATE`,
  );
  return r;
}

export type ParticipantRow = {
  id: number;
  accountId: number | null;
  userId: number | null;
  name: string;
  detail: string | null;
  lastReadMessageId: number;
  joinedAt: Date | string;
};

export function participants(ex: Executor, facilityId: number, groupId: number) {
  return rows<ParticipantRow>(
    ex,
    sql`SELECT cp.id, cp.account_id AS "accountId", cp.user_id AS "userId",
        coalesce(a.name, p.full_name, u.name) AS name, coalesce(a.username, p.patient_code) AS detail,
        cp.last_read_message_id::int AS "lastReadMessageId", cp.joined_at AS "joinedAt"
      FROM clinic_chat_participants cp
      LEFT JOIN accounts a ON a.facility_id = cp.facility_id AND a.id = cp.account_id
      LEFT JOIN patient_users u ON u.facility_id = cp.facility_id AND u.id = cp.user_id
      LEFT JOIN clinic_members m ON m.facility_id = cp.facility_id AND m.user_id = cp.user_id
      LEFT JOIN medical_profiles p ON p.facility_id = m.facility_id AND p.id = m.medical_profile_id
      WHERE cp.facility_id = ${facilityId} AND cp.group_id = ${groupId}
      ORDER BY (cp.account_id IS NULL), name, cp.id`,
  );
}

export async function participantOf(ex: Executor, facilityId: number, groupId: number, v: Viewer) {
  const [r] = await rows<{ id: number; lastReadMessageId: number }>(
    ex,
    sql`SELECT cp.id, cp.last_read_message_id::int AS "lastReadMessageId" FROM clinic_chat_participants cp
      WHERE cp.facility_id = ${facilityId} AND cp.group_id = ${groupId} AND ${viewerIs('cp', v)}`,
  );
  return r;
}

export async function insertGroup(
  ex: Executor,
  v: { facilityId: number; kind: 'GROUP' | 'DIRECT'; name: string; description: string; program: ClinicProgram | null; searchText: string; createdBy: number },
): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`INSERT INTO clinic_chat_groups (facility_id, kind, name, description, program, search_text, created_by)
      VALUES (${v.facilityId}, ${v.kind}, ${v.name}, ${v.description}, ${v.program}, ${v.searchText}, ${v.createdBy}) RETURNING id`,
  );
  return r!.id;
}

/** Adds participants (those already in it are skipped); returns how many were added, and keeps the group's count. */
export async function addParticipants(ex: Executor, facilityId: number, groupId: number, accountIds: number[], userIds: number[]): Promise<number> {
  let added = 0;
  if (accountIds.length) {
    const r = await rows<{ id: number }>(
      ex,
      sql`INSERT INTO clinic_chat_participants (facility_id, group_id, account_id)
        SELECT ${facilityId}, ${groupId}, a FROM unnest(${sql.param(accountIds)}::int[]) a
        ON CONFLICT (facility_id, group_id, account_id) WHERE account_id IS NOT NULL DO NOTHING RETURNING id`,
    );
    added += r.length;
  }
  if (userIds.length) {
    const r = await rows<{ id: number }>(
      ex,
      sql`INSERT INTO clinic_chat_participants (facility_id, group_id, user_id)
        SELECT ${facilityId}, ${groupId}, u FROM unnest(${sql.param(userIds)}::int[]) u
        ON CONFLICT (facility_id, group_id, user_id) WHERE user_id IS NOT NULL DO NOTHING RETURNING id`,
    );
    added += r.length;
  }
  await recount(ex, facilityId, groupId);
  return added;
}

export async function removeParticipant(ex: Executor, facilityId: number, groupId: number, participantId: number): Promise<void> {
  await ex.execute(sql`DELETE FROM clinic_chat_participants WHERE facility_id = ${facilityId} AND group_id = ${groupId} AND id = ${participantId}`);
  await recount(ex, facilityId, groupId);
}

async function recount(ex: Executor, facilityId: number, groupId: number) {
  await ex.execute(sql`UPDATE clinic_chat_groups SET member_count = (SELECT count(*) FROM clinic_chat_participants
      WHERE facility_id = ${facilityId} AND group_id = ${groupId}) WHERE facility_id = ${facilityId} AND id = ${groupId}`);
}

/** Staff accounts of the facility that exist and are not locked, of `ids`. */
export async function liveAccounts(ex: Executor, facilityId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const r = await rows<{ id: number }>(
    ex,
    sql`SELECT id FROM accounts WHERE facility_id = ${facilityId} AND id = ANY(${sql.param(ids)}::int[]) AND NOT locked`,
  );
  return r.map((x) => x.id);
}

/** Accounts of `ids` that are active members of the clinic. */
export async function activeMembers(ex: Executor, facilityId: number, userIds: number[]): Promise<number[]> {
  if (!userIds.length) return [];
  const r = await rows<{ userId: number }>(
    ex,
    sql`SELECT user_id AS "userId" FROM clinic_members WHERE facility_id = ${facilityId} AND user_id = ANY(${sql.param(userIds)}::int[]) AND active`,
  );
  return r.map((x) => x.userId);
}

export async function programMembers(ex: Executor, facilityId: number, program: ClinicProgram): Promise<number[]> {
  const r = await rows<{ userId: number }>(
    ex,
    sql`SELECT user_id AS "userId" FROM clinic_members WHERE facility_id = ${facilityId} AND program = ${program} AND active`,
  );
  return r.map((x) => x.userId);
}

/** The direct conversation between a staff account and a member's account, if there is one. */
export async function findDirect(ex: Executor, facilityId: number, accountId: number, userId: number): Promise<number | undefined> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`SELECT g.id FROM clinic_chat_groups g
      JOIN clinic_chat_participants a ON a.facility_id = g.facility_id AND a.group_id = g.id AND a.account_id = ${accountId}
      JOIN clinic_chat_participants u ON u.facility_id = g.facility_id AND u.group_id = g.id AND u.user_id = ${userId}
      WHERE g.facility_id = ${facilityId} AND g.kind = 'DIRECT' LIMIT 1`,
  );
  return r?.id;
}

export async function memberName(ex: Executor, facilityId: number, userId: number): Promise<string | undefined> {
  const [r] = await rows<{ name: string }>(
    ex,
    sql`SELECT coalesce(p.full_name, u.name) AS name FROM patient_users u
      LEFT JOIN clinic_members m ON m.facility_id = u.facility_id AND m.user_id = u.id
      LEFT JOIN medical_profiles p ON p.facility_id = m.facility_id AND p.id = m.medical_profile_id
      WHERE u.facility_id = ${facilityId} AND u.id = ${userId}`,
  );
  return r?.name;
}

export async function accountName(ex: Executor, facilityId: number, accountId: number): Promise<string | undefined> {
  const [r] = await rows<{ name: string }>(ex, sql`SELECT name FROM accounts WHERE facility_id = ${facilityId} AND id = ${accountId}`);
  return r?.name;
}

// ——— messages ———

export type MessageRow = {
  id: number;
  groupId: number;
  senderAccountId: number | null;
  senderUserId: number | null;
  senderName: string;
  text: string;
  imageUrl: string | null;
  hidden: boolean;
  hiddenBy: string | null;
  createdAt: Date | string;
};
const MESSAGE_COLUMNS = sql`msg.id::int AS id, msg.group_id AS "groupId", msg.sender_account_id AS "senderAccountId", msg.sender_user_id AS "senderUserId",
  msg.sender_name AS "senderName", msg.text, msg.image_url AS "imageUrl", msg.hidden, hb.name AS "hiddenBy", msg.created_at AS "createdAt"`;
const MESSAGE_JOINS = sql`LEFT JOIN accounts hb ON hb.facility_id = msg.facility_id AND hb.id = msg.hidden_by`;

/** One page: before `before` (newest first, then reversed), after `after` (oldest first), or the latest. Reads size + 1 to tell if more exist. */
export async function messages(ex: Executor, facilityId: number, groupId: number, q: { before?: number; after?: number; size: number }) {
  const base = sql`msg.facility_id = ${facilityId} AND msg.group_id = ${groupId}`;
  if (q.after !== undefined) {
    const list = await rows<MessageRow>(
      ex,
      sql`SELECT ${MESSAGE_COLUMNS} FROM clinic_chat_messages msg ${MESSAGE_JOINS} WHERE ${base} AND msg.id > ${q.after} ORDER BY msg.id LIMIT ${q.size + 1}`,
    );
    return { list: list.slice(0, q.size), hasNewer: list.length > q.size, hasOlder: null };
  }
  const list = await rows<MessageRow>(
    ex,
    sql`SELECT ${MESSAGE_COLUMNS} FROM clinic_chat_messages msg ${MESSAGE_JOINS}
      WHERE ${base} ${q.before !== undefined ? sql`AND msg.id < ${q.before}` : sql``} ORDER BY msg.id DESC LIMIT ${q.size + 1}`,
  );
  return { list: list.slice(0, q.size).reverse(), hasOlder: list.length > q.size, hasNewer: false };
}

export async function findMessage(ex: Executor, facilityId: number, groupId: number, id: number, lock = false): Promise<MessageRow | undefined> {
  const [r] = await rows<MessageRow>(
    ex,
    sql`SELECT ${MESSAGE_COLUMNS} FROM clinic_chat_messages msg ${MESSAGE_JOINS}
      WHERE msg.facility_id = ${facilityId} AND msg.group_id = ${groupId} AND msg.id = ${id} ${lock ? sql`FOR UPDATE OF msg` : sql``}`,
  );
  return r;
}

/**
 * Locks the conversation for a message (its messages are numbered and committed one after another) and tells whether
 * the writer is in it, with the writer's name: staff by their account, a member by the profile they are followed as.
 */
export async function lockForSend(ex: Executor, facilityId: number, groupId: number, v: Viewer) {
  const name =
    'accountId' in v
      ? sql`(SELECT a.name FROM accounts a WHERE a.facility_id = g.facility_id AND a.id = ${v.accountId})`
      : sql`(SELECT coalesce(p.full_name, u.name) FROM patient_users u
          LEFT JOIN clinic_members m ON m.facility_id = u.facility_id AND m.user_id = u.id
          LEFT JOIN medical_profiles p ON p.facility_id = m.facility_id AND p.id = m.medical_profile_id
          WHERE u.facility_id = g.facility_id AND u.id = ${v.userId})`;
  const [r] = await rows<{ id: number; joined: boolean; name: string | null }>(
    ex,
    sql`SELECT g.id, EXISTS (SELECT 1 FROM clinic_chat_participants cp WHERE cp.facility_id = g.facility_id AND cp.group_id = g.id AND ${viewerIs('cp', v)}) AS joined,
        ${name} AS name
      FROM clinic_chat_groups g WHERE g.facility_id = ${facilityId} AND g.id = ${groupId} FOR UPDATE OF g`,
  );
  return r;
}

/**
 * Writes a message in one statement: the message, the conversation's last message (the list reads no messages) and
 * the sender's read mark; answers the message as read back. The caller holds the conversation's lock (lockForSend).
 */
export async function insertMessage(
  ex: Executor,
  v: {
    facilityId: number;
    groupId: number;
    senderAccountId: number | null;
    senderUserId: number | null;
    senderName: string;
    text: string;
    imageUrl: string | null;
  },
): Promise<MessageRow> {
  const preview = `${v.senderName}: ${v.text ? v.text.slice(0, 120) : '[Hình ảnh]'}`;
  const sender: Viewer = v.senderAccountId !== null ? { accountId: v.senderAccountId } : { userId: v.senderUserId! };
  const [r] = await rows<MessageRow>(
    ex,
    sql`WITH msg AS (
        INSERT INTO clinic_chat_messages (facility_id, group_id, sender_account_id, sender_user_id, sender_name, text, image_url)
        VALUES (${v.facilityId}, ${v.groupId}, ${v.senderAccountId}, ${v.senderUserId}, ${v.senderName}, ${v.text}, ${v.imageUrl})
        RETURNING *
      ), g AS (
        UPDATE clinic_chat_groups SET last_message_id = (SELECT id FROM msg), last_message_at = (SELECT created_at FROM msg), last_message_preview = ${preview}
        WHERE facility_id = ${v.facilityId} AND id = ${v.groupId}
      ), r AS (
        UPDATE clinic_chat_participants cp SET last_read_message_id = (SELECT id FROM msg)
        WHERE cp.facility_id = ${v.facilityId} AND cp.group_id = ${v.groupId} AND ${viewerIs('cp', sender)}
      )
      SELECT msg.id::int AS id, msg.group_id AS "groupId", msg.sender_account_id AS "senderAccountId", msg.sender_user_id AS "senderUserId",
        msg.sender_name AS "senderName", msg.text, msg.image_url AS "imageUrl", msg.hidden, NULL::text AS "hiddenBy", msg.created_at AS "createdAt"
      FROM msg`,
  );
  return r!;
}

export async function setHidden(ex: Executor, facilityId: number, id: number, hidden: boolean, by: number): Promise<void> {
  await ex.execute(sql`UPDATE clinic_chat_messages SET hidden = ${hidden}, hidden_by = ${hidden ? by : null}, hidden_at = ${hidden ? sql`now()` : null}
    WHERE facility_id = ${facilityId} AND id = ${id}`);
}

/** Moves the viewer's read mark forward (never back) up to the conversation's last message; returns the mark. */
export async function markRead(ex: Executor, facilityId: number, groupId: number, v: Viewer, messageId: number): Promise<number | undefined> {
  const [r] = await rows<{ mark: number }>(
    ex,
    sql`UPDATE clinic_chat_participants cp SET last_read_message_id = greatest(cp.last_read_message_id,
        least(${messageId}::bigint, coalesce((SELECT last_message_id FROM clinic_chat_groups WHERE facility_id = ${facilityId} AND id = ${groupId}), 0)))
      WHERE cp.facility_id = ${facilityId} AND cp.group_id = ${groupId} AND ${viewerIs('cp', v)} RETURNING cp.last_read_message_id::int AS mark`,
  );
  return r?.mark;
}

/** Options to add: staff accounts (not locked) or active members, by name, username, phone or patient code. */
export async function staffOptions(ex: Executor, facilityId: number, q: string | undefined, page: number, size: number) {
  const conds: SQL[] = [sql`facility_id = ${facilityId}`, sql`NOT locked`];
  conds.push(...wordConds(sql`search_text`, q));
  const w = sql.join(conds, sql` AND `);
  const list = await rows<{ id: number; name: string; detail: string | null }>(
    ex,
    sql`SELECT id, name, username AS detail FROM accounts WHERE ${w} ORDER BY name, id LIMIT ${size} OFFSET ${page * size}`,
  );
  const [t] = await rows<{ n: number }>(ex, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM accounts WHERE ${w} LIMIT ${COUNT_CAP}) c`);
  return { rows: list, total: t!.n };
}

export async function memberOptions(ex: Executor, facilityId: number, q: string | undefined, page: number, size: number) {
  const conds: SQL[] = [sql`m.facility_id = ${facilityId}`, sql`m.active`];
  conds.push(...wordConds(sql`m.search_text`, q));
  const w = sql.join(conds, sql` AND `);
  const list = await rows<{ id: number; name: string; detail: string | null }>(
    ex,
    sql`SELECT m.user_id AS id, p.full_name AS name, p.patient_code AS detail FROM clinic_members m
      JOIN medical_profiles p ON p.facility_id = m.facility_id AND p.id = m.medical_profile_id
      WHERE ${w} ORDER BY p.full_name, m.id LIMIT ${size} OFFSET ${page * size}`,
  );
  const [t] = await rows<{ n: number }>(ex, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM clinic_members m WHERE ${w} LIMIT ${COUNT_CAP}) c`);
  return { rows: list, total: t!.n };
}
