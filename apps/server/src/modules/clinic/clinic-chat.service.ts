import { pageOf } from '@portal/shared/core/api';
import {
  CHAT_EVENTS,
  CHAT_MESSAGES as M,
  type ChatGroupDetailDto,
  type ChatGroupRowDto,
  type ChatMessageDto,
  CLINIC_CHAT_LIVE_TOPIC,
  type CreateGroupBody,
  type MessageBody,
  type MessagesPageDto,
  type MessagesQuery,
} from '@portal/shared/contracts/clinic-chat.contract';
import { fmt } from '@portal/shared/messages.vi';
import type { ClinicProgram } from '@portal/shared/rules/clinic-programs';
import { normalizeText } from '@portal/shared/rules/diacritics';
import type { Caller, Origin } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db';
import { badRequest, conflict, forbidden, notFound } from '../../core/errors';
import type { LiveEvent } from '../../core/live';
import { iso } from '../../core/sql';
import { recordWrite } from '../../core/write';
import * as repo from './clinic-chat.repository';

/**
 * The private clinic's conversations (issue 20; docs/clinic.md). A message is written, with the conversation's new
 * last message, its audit row (without the text) and the live event carrying it, in one transaction: PostgreSQL
 * delivers the NOTIFY at commit, so a screen never shows a message that was not kept. The conversation's row is
 * locked first, so its messages are numbered and committed in the same order and a client that lost its socket
 * catches up with `after=<last id it has>` without missing one.
 */

const NOTIFY_MAX_BYTES = 7000;
const DEFAULT_PAGE = 50;

/** Who writes: staff (an account) or a member (a patient app account), with the audit's origin. */
export type Writer = { viewer: repo.Viewer; who: Caller | Origin; facilityId: number; audit: { actorId?: null; actorUsername?: string } };

export const staffWriter = (c: Caller): Writer => ({ viewer: { accountId: c.accountId }, who: c, facilityId: c.facilityId, audit: {} });

const toRow = (r: repo.GroupRow): ChatGroupRowDto => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  program: r.program,
  memberCount: r.memberCount,
  lastMessageAt: iso(r.lastMessageAt),
  lastMessagePreview: r.lastMessagePreview,
  joined: r.joined,
  unread: Math.min(r.unread, repo.UNREAD_CAP + 1),
});

/** A message as `forStaff` reads it: staff see a hidden message's text (greyed), a member reads only that it was hidden. */
export function toMessage(r: repo.MessageRow, forStaff: boolean): ChatMessageDto {
  const hide = r.hidden && !forStaff;
  return {
    id: r.id,
    groupId: r.groupId,
    sender:
      r.senderAccountId !== null ? { kind: 'STAFF', id: r.senderAccountId, name: r.senderName } : { kind: 'MEMBER', id: r.senderUserId!, name: r.senderName },
    text: hide ? '' : r.text,
    imageUrl: hide ? null : r.imageUrl,
    hidden: r.hidden,
    hiddenBy: forStaff ? r.hiddenBy : null,
    createdAt: iso(r.createdAt)!,
  };
}

function live(facilityId: number, type: string, groupId: number, data: Record<string, unknown> = {}): LiveEvent {
  const event: LiveEvent = { facilityId, topic: CLINIC_CHAT_LIVE_TOPIC, type, id: groupId, data: { groupId, ...data } };
  // a NOTIFY payload is capped at 8,000 bytes: a long message goes without its body, the screens fetch it
  if (Buffer.byteLength(JSON.stringify(event)) > NOTIFY_MAX_BYTES) event.data = { groupId };
  return event;
}

export async function list(ctx: AppContext, facilityId: number, v: repo.Viewer, q: repo.GroupFilter & { page: number; size: number }) {
  const r = await repo.groupPage(ctx.database.db, facilityId, v, q, q.page, q.size);
  return pageOf(r.rows.map(toRow), r.total, q);
}

async function detail(ex: Executor, facilityId: number, id: number, v: repo.Viewer): Promise<ChatGroupDetailDto> {
  const g = await repo.findGroup(ex, facilityId, id, v);
  if (!g) throw notFound(M.groupNotFound);
  const people = await repo.participants(ex, facilityId, id);
  return {
    ...toRow(g),
    description: g.description,
    createdAt: iso(g.createdAt)!,
    createdBy: g.createdBy,
    participants: people.map((p) => ({
      id: p.id,
      kind: p.accountId !== null ? 'STAFF' : 'MEMBER',
      refId: (p.accountId ?? p.userId)!,
      name: p.name,
      detail: p.detail,
      lastReadMessageId: p.lastReadMessageId,
      joinedAt: iso(p.joinedAt)!,
    })),
  };
}

export const get = (ctx: AppContext, caller: Caller, id: number) => detail(ctx.database.db, caller.facilityId, id, { accountId: caller.accountId });

/** The ids of `accountIds` / `userIds` that may be added, or a 400 naming the others. */
async function checkPeople(tx: Executor, facilityId: number, accountIds: number[], userIds: number[]) {
  const staff = await repo.liveAccounts(tx, facilityId, accountIds);
  const badStaff = accountIds.filter((id) => !staff.includes(id));
  if (badStaff.length)
    throw badRequest(fmt(M.staffUnknown, { ids: badStaff.join(', ') }), [{ field: 'accountIds', message: fmt(M.staffUnknown, { ids: badStaff.join(', ') }) }]);
  const members = await repo.activeMembers(tx, facilityId, userIds);
  const badMembers = userIds.filter((id) => !members.includes(id));
  if (badMembers.length) {
    const message = fmt(M.membersUnknown, { ids: badMembers.join(', ') });
    throw badRequest(message, [{ field: 'userIds', message }]);
  }
}

export async function create(ctx: AppContext, caller: Caller, b: CreateGroupBody): Promise<ChatGroupDetailDto> {
  return ctx.database.transaction(async (tx) => {
    const accountIds = [...new Set([caller.accountId, ...(b.accountIds ?? [])])];
    const chosen = [...new Set(b.userIds ?? [])];
    await checkPeople(tx, caller.facilityId, accountIds, chosen);
    const program = (b.program ?? null) as ClinicProgram | null;
    const userIds = [...new Set([...chosen, ...(b.withProgramMembers && program ? await repo.programMembers(tx, caller.facilityId, program) : [])])];
    const id = await repo.insertGroup(tx, {
      facilityId: caller.facilityId,
      kind: 'GROUP',
      name: b.name,
      description: b.description ?? '',
      program,
      searchText: normalizeText(`${b.name} ${b.description ?? ''}`),
      createdBy: caller.accountId,
    });
    await repo.addParticipants(tx, caller.facilityId, id, accountIds, userIds);
    await recordWrite(ctx, tx, caller, {
      audit: { action: 'CREATE', entity: 'clinic_chat_group', entityId: id, after: { name: b.name, program, accountIds, userIds: userIds.length } },
      live: live(caller.facilityId, CHAT_EVENTS.group, id),
    });
    return detail(tx, caller.facilityId, id, { accountId: caller.accountId });
  });
}

/** Opens the one-to-one conversation of the caller and a member, creating it the first time. */
export async function direct(ctx: AppContext, caller: Caller, userId: number): Promise<ChatGroupDetailDto> {
  return ctx.database.transaction(async (tx) => {
    const found = await repo.findDirect(tx, caller.facilityId, caller.accountId, userId);
    if (found) return detail(tx, caller.facilityId, found, { accountId: caller.accountId });
    if (!(await repo.activeMembers(tx, caller.facilityId, [userId])).length)
      throw badRequest(M.directNoMember, [{ field: 'userId', message: M.directNoMember }]);
    const [staffName, memberName] = [await repo.accountName(tx, caller.facilityId, caller.accountId), await repo.memberName(tx, caller.facilityId, userId)];
    const name = `${memberName} – ${staffName}`;
    const id = await repo.insertGroup(tx, {
      facilityId: caller.facilityId,
      kind: 'DIRECT',
      name,
      description: '',
      program: null,
      searchText: normalizeText(name),
      createdBy: caller.accountId,
    });
    await repo.addParticipants(tx, caller.facilityId, id, [caller.accountId], [userId]);
    await recordWrite(ctx, tx, caller, {
      audit: { action: 'CREATE', entity: 'clinic_chat_group', entityId: id, after: { kind: 'DIRECT', userId } },
      live: live(caller.facilityId, CHAT_EVENTS.group, id),
    });
    return detail(tx, caller.facilityId, id, { accountId: caller.accountId });
  });
}

async function changeMembers<A extends Record<string, unknown>>(
  ctx: AppContext,
  caller: Caller,
  id: number,
  action: string,
  apply: (tx: Executor, g: { kind: string }) => Promise<A>,
): Promise<ChatGroupDetailDto & { change: A }> {
  return ctx.database.transaction(async (tx) => {
    const g = await repo.lockGroup(tx, caller.facilityId, id);
    if (!g) throw notFound(M.groupNotFound);
    const after = await apply(tx, g);
    await recordWrite(ctx, tx, caller, {
      audit: { action, entity: 'clinic_chat_group', entityId: id, after },
      live: live(caller.facilityId, CHAT_EVENTS.group, id),
    });
    return { ...(await detail(tx, caller.facilityId, id, { accountId: caller.accountId })), change: after };
  });
}

export const join = (ctx: AppContext, caller: Caller, id: number) =>
  changeMembers(ctx, caller, id, 'JOIN', async (tx, g) => {
    if (g.kind === 'DIRECT') throw conflict(M.directFixed);
    await repo.addParticipants(tx, caller.facilityId, id, [caller.accountId], []);
    return { accountIds: [caller.accountId] };
  });

export const addMembers = (ctx: AppContext, caller: Caller, id: number, b: { accountIds?: number[]; userIds?: number[] }) =>
  changeMembers(ctx, caller, id, 'ADD_MEMBERS', async (tx, g) => {
    if (g.kind === 'DIRECT') throw conflict(M.directFixed);
    const accountIds = [...new Set(b.accountIds ?? [])];
    const userIds = [...new Set(b.userIds ?? [])];
    await checkPeople(tx, caller.facilityId, accountIds, userIds);
    const added = await repo.addParticipants(tx, caller.facilityId, id, accountIds, userIds);
    return { accountIds, userIds, added };
  });

export const removeMember = (ctx: AppContext, caller: Caller, id: number, participantId: number) =>
  changeMembers(ctx, caller, id, 'REMOVE_MEMBER', async (tx, g) => {
    if (g.kind === 'DIRECT') throw conflict(M.directFixed);
    const people = await repo.participants(tx, caller.facilityId, id);
    const p = people.find((x) => x.id === participantId);
    if (!p) throw notFound(M.participantNotFound);
    if (p.accountId !== null && people.filter((x) => x.accountId !== null).length === 1) throw conflict(M.lastStaff);
    await repo.removeParticipant(tx, caller.facilityId, id, participantId);
    return { participantId, accountId: p.accountId, userId: p.userId };
  });

// ——— messages (staff and members) ———

/** The messages of a conversation the viewer may read: staff read any of the facility, a member only theirs. */
export async function messages(ctx: AppContext, facilityId: number, v: repo.Viewer, groupId: number, q: MessagesQuery): Promise<MessagesPageDto> {
  const ex = ctx.database.db;
  const forStaff = 'accountId' in v;
  if (forStaff ? !(await repo.findGroup(ex, facilityId, groupId, v)) : !(await repo.participantOf(ex, facilityId, groupId, v))) throw notFound(M.groupNotFound);
  const r = await repo.messages(ex, facilityId, groupId, { before: q.before, after: q.after, size: q.size ?? DEFAULT_PAGE });
  const hasOlder =
    r.hasOlder ?? (r.list.length > 0 ? (await repo.messages(ex, facilityId, groupId, { before: r.list[0]!.id, size: 1 })).list.length > 0 : false);
  return { messages: r.list.map((m) => toMessage(m, forStaff)), hasOlder, hasNewer: r.hasNewer };
}

/**
 * Sends a message to a conversation the writer is in (403 otherwise; 404 for a conversation of another facility or, for
 * a member, one they are not in). Four statements: lock and check, write (message, last message, read mark), audit,
 * notify — measured by `npm run bench -- clinic-chat`.
 */
export async function send(ctx: AppContext, w: Writer, groupId: number, b: MessageBody): Promise<ChatMessageDto> {
  const forStaff = 'accountId' in w.viewer;
  return ctx.database.transaction(async (tx) => {
    const g = await repo.lockForSend(tx, w.facilityId, groupId, w.viewer);
    if (!g || (!g.joined && !forStaff)) throw notFound(M.groupNotFound);
    if (!g.joined) throw forbidden(M.notParticipant);
    const m = await repo.insertMessage(tx, {
      facilityId: w.facilityId,
      groupId,
      senderAccountId: 'accountId' in w.viewer ? w.viewer.accountId : null,
      senderUserId: 'userId' in w.viewer ? w.viewer.userId : null,
      senderName: g.name ?? '',
      text: b.text ?? '',
      imageUrl: b.imageUrl ?? null,
    });
    await recordWrite(ctx, tx, w.who, {
      audit: {
        action: 'SEND_MESSAGE',
        entity: 'clinic_chat_message',
        entityId: m.id,
        facilityId: w.facilityId,
        ...w.audit,
        after: { groupId, characters: m.text.length, image: m.imageUrl !== null },
      },
      live: live(w.facilityId, CHAT_EVENTS.message, groupId, { message: toMessage(m, true) }),
    });
    return toMessage(m, forStaff);
  });
}

/** Moves the viewer's read mark; the screens of the facility see who has read what. Not audited: a read mark is presence, not data. */
export async function read(ctx: AppContext, facilityId: number, v: repo.Viewer, groupId: number, messageId: number) {
  return ctx.database.transaction(async (tx) => {
    const mark = await repo.markRead(tx, facilityId, groupId, v, messageId);
    if (mark === undefined) throw notFound(M.notMember);
    await ctx.live.publish(tx, live(facilityId, CHAT_EVENTS.read, groupId, { ...v, messageId: mark }));
    return { lastReadMessageId: mark };
  });
}

export async function hide(ctx: AppContext, caller: Caller, groupId: number, messageId: number, hidden: boolean): Promise<ChatMessageDto> {
  return ctx.database.transaction(async (tx) => {
    const m = await repo.findMessage(tx, caller.facilityId, groupId, messageId, true);
    if (!m) throw notFound(M.messageNotFound);
    if (m.hidden !== hidden) await repo.setHidden(tx, caller.facilityId, messageId, hidden, caller.accountId);
    const after = (await repo.findMessage(tx, caller.facilityId, groupId, messageId))!;
    await recordWrite(ctx, tx, caller, {
      audit: {
        action: hidden ? 'HIDE_MESSAGE' : 'SHOW_MESSAGE',
        entity: 'clinic_chat_message',
        entityId: messageId,
        before: { hidden: m.hidden, groupId, sender: m.senderName, characters: m.text.length, image: m.imageUrl !== null },
        after: { hidden },
      },
      live: live(caller.facilityId, CHAT_EVENTS.hidden, groupId, { messageId, hidden, hiddenBy: after.hiddenBy }),
    });
    return toMessage(after, true);
  });
}

export async function options(ctx: AppContext, caller: Caller, kind: 'staff' | 'members', q: { q?: string; page: number; size: number }) {
  const r =
    kind === 'staff'
      ? await repo.staffOptions(ctx.database.db, caller.facilityId, q.q, q.page, q.size)
      : await repo.memberOptions(ctx.database.db, caller.facilityId, q.q, q.page, q.size);
  return pageOf(r.rows, r.total, q);
}
