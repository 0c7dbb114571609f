import { CHAT_EVENTS, type ChatGroupDetailDto, type ChatMessageDto, type ChatParticipantDto } from '@portal/shared/contracts/clinic-chat.contract';

/**
 * Adds messages to those shown, in id order, each once: a live event, a catch-up page (`after=`) and a history page
 * (`before=`) may overlap, and a message may come back changed (hidden or shown again) — the newer copy wins.
 */
export function mergeMessages(shown: readonly ChatMessageDto[], incoming: readonly ChatMessageDto[]): ChatMessageDto[] {
  if (!incoming.length) return shown as ChatMessageDto[];
  const byId = new Map(shown.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The last message id shown, or 0 (a catch-up asks for what came after it). */
export const lastId = (shown: readonly ChatMessageDto[]) => shown.at(-1)?.id ?? 0;

/**
 * "Đã xem": under which shown message each participant's read mark sits — the last shown message at or before their
 * mark — leaving out the viewer and a message's own sender. A mark before every shown message is not placed.
 */
export function seenMarkers(
  shown: readonly ChatMessageDto[],
  people: readonly ChatParticipantDto[],
  me: { kind: 'STAFF' | 'MEMBER'; id: number },
): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const p of people) {
    if (p.kind === me.kind && p.refId === me.id) continue;
    let at: ChatMessageDto | undefined;
    for (const m of shown) {
      if (m.id > p.lastReadMessageId) break;
      at = m;
    }
    if (!at || (at.sender.kind === p.kind && at.sender.id === p.refId)) continue;
    out.set(at.id, [...(out.get(at.id) ?? []), p.name]);
  }
  return out;
}

/** Enter sends; Shift+Enter (or a composition in progress, e.g. Vietnamese input methods) does not. */
export const sendsOnKey = (e: { key: string; shiftKey: boolean; isComposing?: boolean }) => e.key === 'Enter' && !e.shiftKey && !e.isComposing;

/** "Đã xem" names: the first `max`, then how many others (the full list goes in a tooltip). */
export function seenNames(names: readonly string[], max = 3): { shown: string; others: number } {
  return { shown: names.slice(0, max).join(', '), others: Math.max(0, names.length - max) };
}

/** A READ event's reader and mark (data of the live event: `{ accountId | userId, messageId }`). */
export type ReadMark = { accountId?: number; userId?: number; messageId: number };

/** The conversation with one participant's read mark moved forward (a READ event), without asking the server again. */
export function withReadMark(g: ChatGroupDetailDto, mark: ReadMark): ChatGroupDetailDto {
  const kind = mark.accountId !== undefined ? 'STAFF' : 'MEMBER';
  const ref = mark.accountId ?? mark.userId;
  let changed = false;
  const participants = g.participants.map((p) => {
    if (p.kind !== kind || p.refId !== ref || p.lastReadMessageId >= mark.messageId) return p;
    changed = true;
    return { ...p, lastReadMessageId: mark.messageId };
  });
  return changed ? { ...g, participants } : g;
}

/** Whether an event of the topic changes the list of conversations the viewer sees: a new or hidden message, a change of
 * a group, or the viewer's own read mark (from another tab); others' read marks do not. */
export function changesList(event: string, data: Record<string, unknown> | undefined, accountId: number): boolean {
  if (event !== CHAT_EVENTS.read) return true;
  return data?.accountId === accountId;
}
