import { pageOf } from '@portal/shared/core/api';
import type { SmsBatchDto, SmsComposeBody, SmsMessageDto } from '@portal/shared/contracts/sms.contract';
import { SMS_MAX_PARTS, SMS_MAX_RECIPIENTS } from '@portal/shared/contracts/sms.contract';
import { nextAdvertisingWindow, withAdvertisingLabel } from '@portal/shared/rules/ad-window';
import type { AudienceFilters } from '@portal/shared/rules/audience';
import { parsePhoneList } from '@portal/shared/rules/identifiers';
import { removeDiacritics, smsCost, smsSegments, smsText } from '@portal/shared/rules/sms';
import { audit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { badRequest, notFound } from '../../core/errors';
import { iso } from '../../core/sql';
import { notificationIdOf } from '../notifications/delivery';
import { applyReport as applyNotificationReport } from '../notifications/delivery.repository';
import { verifyEsmsCallback } from '../notify/channels';
import { facilitySms } from '../notifications/channels';
import { SMS_PROVIDER_NAMES } from './sms.channel';
import { enqueueBatch } from './sms.job';
import * as repo from './sms.repository';

/** At most this many invalid lines are named in the answer (the rest are counted). */
const INVALID_SHOWN = 20;

function toDto(b: repo.BatchRow, now = Date.now()): SmsBatchDto {
  const open = b.queued > 0;
  const status = open && new Date(b.notBefore).getTime() > now && b.sent + b.delivered + b.failed === 0 ? 'WAITING' : open ? 'SENDING' : 'DONE';
  return {
    id: b.id,
    content: b.content,
    kind: b.kind,
    encoding: b.encoding,
    parts: b.parts,
    recipients: b.recipients,
    cost: b.cost,
    provider: b.provider,
    notBefore: iso(b.notBefore)!,
    createdAt: iso(b.createdAt)!,
    createdBy: b.createdBy,
    status,
    counts: { queued: b.queued, sent: b.sent, delivered: b.delivered, failed: b.failed, skipped: b.skipped },
  };
}

/**
 * Composes and queues one batch: the numbers are read as pasted (each invalid one named with its line, and
 * nothing queued), the text is what will go out (without diacritics when asked, "[QC]" in front of an
 * advertising text as Nghị định 91/2020 requires), counted in parts, refused past SMS_MAX_PARTS. An
 * advertising batch waits for 07:00–22:00. The batch, its messages, the job and the audit row commit together.
 */
export async function sendSms(ctx: AppContext, caller: Caller, body: SmsComposeBody, now = new Date()): Promise<SmsBatchDto> {
  const list = parsePhoneList(body.phones);
  if (list.invalid.length) {
    const shown = list.invalid.slice(0, INVALID_SHOWN).map((e) => ({ field: 'phones', message: `Dòng ${e.line}: "${e.value}" — ${e.message}` }));
    const more = list.invalid.length - shown.length;
    throw badRequest(`Có ${list.invalid.length} số điện thoại không hợp lệ${more > 0 ? ` (hiển thị ${shown.length} số đầu)` : ''}; chưa gửi tin nào`, shown);
  }
  if (!list.valid.length) throw badRequest('Vui lòng nhập ít nhất một số điện thoại', [{ field: 'phones', message: 'Vui lòng nhập số điện thoại' }]);
  if (list.valid.length > SMS_MAX_RECIPIENTS) {
    throw badRequest(`Mỗi lần gửi tối đa ${SMS_MAX_RECIPIENTS.toLocaleString('vi-VN')} số điện thoại`, [
      { field: 'phones', message: `Danh sách có ${list.valid.length.toLocaleString('vi-VN')} số` },
    ]);
  }
  let text = smsText(body.removeDiacritics ? removeDiacritics(body.content) : body.content);
  if (body.kind === 'ADVERTISING') text = withAdvertisingLabel(text);
  const seg = smsSegments(text);
  if (seg.parts > SMS_MAX_PARTS) {
    throw badRequest(`Tin nhắn dài ${seg.parts} phần, tối đa ${SMS_MAX_PARTS} phần`, [
      { field: 'content', message: `Tối đa ${SMS_MAX_PARTS} phần (${seg.encoding === 'UCS-2' ? 'có dấu: 67' : 'không dấu: 153'} ký tự mỗi phần)` },
    ]);
  }
  const notBefore = body.kind === 'ADVERTISING' ? nextAdvertisingWindow(now) : now;
  const { provider } = await facilitySms(ctx, caller.facilityId);
  const id = await ctx.database.transaction(async (tx) => {
    const batchId = await repo.insertBatch(tx, {
      facilityId: caller.facilityId,
      content: text,
      kind: body.kind,
      encoding: seg.encoding,
      parts: seg.parts,
      cost: smsCost(seg.parts, list.valid.length, ctx.config.SMS_PRICE_PER_PART),
      provider,
      notBefore,
      createdBy: caller.accountId,
      phones: list.valid,
    });
    await enqueueBatch(tx, caller.facilityId, batchId, notBefore);
    await audit(tx, caller, {
      action: 'SMS_SEND',
      entity: 'sms_batch',
      entityId: batchId,
      after: { kind: body.kind, recipients: list.valid.length, parts: seg.parts, duplicates: list.duplicates, notBefore: notBefore.toISOString() },
    });
    return batchId;
  });
  return batch(ctx, caller, id);
}

export async function batches(ctx: AppContext, caller: Caller, q: { page: number; size: number }) {
  const { rows, total } = await repo.batchPage(ctx.database.db, caller.facilityId, q.page, q.size);
  return pageOf(
    rows.map((r) => toDto(r)),
    total,
    q,
  );
}

export async function batch(ctx: AppContext, caller: Caller, id: number): Promise<SmsBatchDto> {
  const b = await repo.findBatch(ctx.database.db, caller.facilityId, id);
  if (!b) throw notFound('Không tìm thấy lần gửi SMS');
  return toDto(b);
}

export async function messages(ctx: AppContext, caller: Caller, id: number, q: { status?: string; page: number; size: number }) {
  await batch(ctx, caller, id);
  const { rows, total } = await repo.messagePage(ctx.database.db, caller.facilityId, id, q.status, q.page, q.size);
  const data: SmsMessageDto[] = rows.map((m) => ({
    id: m.id,
    phone: m.phone,
    status: m.status as SmsMessageDto['status'],
    attempts: m.attempts,
    error: m.error,
    sentAt: iso(m.sentAt),
    deliveredAt: iso(m.deliveredAt),
  }));
  return pageOf(data, total, q);
}

/**
 * A delivery report from eSMS: the token must be ours (else a 404: the address reveals nothing); a final
 * status moves the message to DELIVERED or FAILED, an intermediate one changes nothing.
 */
export async function deliveryReport(ctx: AppContext, query: Record<string, unknown>): Promise<{ updated: number }> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const report = verifyEsmsCallback(params, params.get('token') ?? undefined, ctx.config.SMS_CALLBACK_TOKEN ?? '');
  if (!report) throw notFound();
  if (report.status !== 'DELIVERED' && report.status !== 'FAILED') return { updated: 0 };
  // a patient's notification sent by SMS (an event's fallback) carries its own kind of id
  const notification = notificationIdOf(report.messageId);
  if (notification !== null) {
    const updated = await applyNotificationReport(ctx.database.db, {
      id: notification,
      providerMessageId: report.providerMessageId,
      status: report.status,
      reason: report.reason,
      code: report.providerCode,
    });
    return { updated };
  }
  const updated = await repo.applyDeliveryReport(ctx.database.db, {
    providerMessageId: report.providerMessageId,
    messageId: report.messageId,
    status: report.status,
    reason: report.reason,
    code: report.providerCode,
  });
  return { updated };
}

export async function balance(ctx: AppContext, caller: Caller) {
  const sms = await facilitySms(ctx, caller.facilityId);
  return {
    provider: sms.provider,
    providerName: SMS_PROVIDER_NAMES[sms.provider],
    brandname: sms.brandname,
    balance: await sms.balance(),
    pricePerPart: ctx.config.SMS_PRICE_PER_PART,
  };
}

/** The facility's notification groups, newest first (the composer's "numbers of a group"). */
export async function groups(ctx: AppContext, caller: Caller) {
  return repo.notificationGroups(ctx.database.db, caller.facilityId);
}

/**
 * The numbers of a notification group's audience as it stands now (the filters read again): each account's phone
 * once, and how many accounts have none. The composer puts them in the list, where they are checked like pasted ones.
 */
export async function groupPhones(ctx: AppContext, caller: Caller, id: number) {
  const audience = await repo.groupAudience(ctx.database.db, caller.facilityId, id);
  if (!audience) throw notFound('Không tìm thấy nhóm thông báo');
  return repo.audiencePhones(ctx.database.db, caller.facilityId, audience as AudienceFilters, SMS_MAX_RECIPIENTS);
}
