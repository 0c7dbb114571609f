import { hasAuthority } from '@portal/shared';
import { maskSecrets } from '@portal/shared/rules/message-template';
import { pageOf } from '@portal/shared/core/api';
import {
  type CampaignTotalsDto,
  eventLabel,
  type EventTotalsDto,
  MESSAGE_TEXTS,
  type NotificationListQuery,
  type NotificationPushBody,
  type NotificationRowDto,
} from '@portal/shared/contracts/notification-messages.contract';
import { maskValue } from '@portal/shared/rules/audit-view';
import { NOTIFICATION_EVENTS } from '@portal/shared/rules/message-template';
import { audit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { iso } from '../../core/sql';
import { queueDelivery } from './delivery';
import * as repo from './messages.repository';

/** A message as staff see it; the phone whole only for those who manage patient accounts (as on the campaign's report). */
function toDto(m: repo.MessageRow, showPhone: boolean): NotificationRowDto {
  const source = m.groupId !== null ? 'GROUP' : m.event !== null ? 'EVENT' : 'SINGLE';
  const sourceLabel =
    source === 'GROUP' ? (m.groupTitle ?? '') : source === 'EVENT' ? eventLabel(m.event!) : `${MESSAGE_TEXTS.single}${m.createdBy ? ` (${m.createdBy})` : ''}`;
  return {
    id: m.id,
    userId: m.userId,
    patientName: m.patientName,
    phone: m.phone ? (showPhone ? m.phone : String(maskValue(m.phone))) : null,
    title: m.title,
    // a password reset code shown to staff would let them take over the account
    body: maskSecrets(m.body, m.data),
    link: m.link,
    kind: m.kind,
    channel: m.channel,
    status: m.status as NotificationRowDto['status'],
    attempts: m.attempts,
    error: m.error,
    errorCode: m.errorCode,
    createdAt: iso(m.createdAt)!,
    sentAt: iso(m.sentAt),
    deliveredAt: iso(m.deliveredAt),
    readAt: iso(m.readAt),
    source,
    groupId: m.groupId,
    event: m.event,
    sourceLabel,
    createdBy: m.createdBy,
  };
}

export async function messages(ctx: AppContext, caller: Caller, q: NotificationListQuery) {
  const { rows, total } = await repo.messagePage(ctx.database.db, caller.facilityId, q);
  const showPhone = hasAuthority(caller.authorities, 'MANAGER_USER');
  return pageOf(
    rows.map((r) => toDto(r, showPhone)),
    total,
    q,
  );
}

const counts = (c: repo.Counts) => ({
  total: c.total,
  queued: c.queued,
  sent: c.sent,
  delivered: c.delivered,
  opened: c.opened,
  failed: c.failed,
  skipped: c.skipped,
});

export async function campaignTotals(ctx: AppContext, caller: Caller, q: { page: number; size: number }) {
  const { rows, total } = await repo.campaignTotals(ctx.database.db, caller.facilityId, q.page, q.size);
  const data: CampaignTotalsDto[] = rows.map((r) => ({
    groupId: r.groupId,
    name: r.name,
    status: r.status,
    kind: r.kind,
    createdAt: iso(r.createdAt)!,
    counts: counts(r),
  }));
  return pageOf(data, total, q);
}

const ZERO: repo.Counts = { total: 0, queued: 0, sent: 0, delivered: 0, opened: 0, failed: 0, skipped: 0 };

/** Every event (zeros included) in the catalogue's order, then the single pushes. */
export async function eventTotals(ctx: AppContext, caller: Caller): Promise<EventTotalsDto[]> {
  const found = await repo.eventTotals(ctx.database.db, caller.facilityId);
  const byEvent = new Map(found.map((r) => [r.event ?? '', r]));
  return [
    ...NOTIFICATION_EVENTS.map((e) => ({ event: e.event, label: e.label, counts: counts(byEvent.get(e.event) ?? ZERO) })),
    { event: 'SINGLE', label: MESSAGE_TEXTS.single, counts: counts(byEvent.get('') ?? ZERO) },
  ];
}

/**
 * Pushes one message to one patient account of the caller's facility at once: the QUEUED row, the delivery job
 * and the audit row commit together (404 for an account of another facility: it is not there).
 */
export async function push(ctx: AppContext, caller: Caller, body: NotificationPushBody): Promise<NotificationRowDto> {
  const title = body.title.trim();
  const text = body.body.trim();
  const link = body.link?.trim() || null;
  const id = await ctx.database.transaction(async (tx) => {
    if (!(await repo.findPatient(tx, caller.facilityId, body.userId))) throw notFound(MESSAGE_TEXTS.patientNotFound);
    const nid = await repo.insertSingle(tx, { facilityId: caller.facilityId, userId: body.userId, title, body: text, link, createdBy: caller.accountId });
    await queueDelivery(tx, caller.facilityId);
    await audit(tx, caller, { action: 'NOTIFY_PUSH', entity: 'notification', entityId: nid, after: { userId: body.userId, title, link, chars: text.length } });
    return nid;
  });
  return toDto((await repo.findMessage(ctx.database.db, caller.facilityId, id))!, hasAuthority(caller.authorities, 'MANAGER_USER'));
}
