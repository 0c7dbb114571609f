import { z } from 'zod';
import { envelope, pageEnvelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { isoDay } from '../core/iso-day';
import { idFilter, pagingParams } from '../core/list-query';
import { MESSAGE_KINDS } from '../rules/ad-window';
import { NOTIFICATION_EVENTS } from '../rules/message-template';
import { periodProblem } from '../rules/period';
import { EVENT_KEYS } from './notification-events.contract';
import { DELIVERY_STATUS_LABELS, DELIVERY_STATUSES, type DeliveryStatus } from './notification-groups.contract';
import { suggestQuery, suggestResponse } from './patients.contract';

/**
 * Every message sent to patients (/admin/thong-bao-day, tab "Tin đã gửi", MANAGER_NOTIFICATION; issue 17): one row
 * per message per patient account (a campaign's, an event's, or one pushed by staff) with its delivery, the totals
 * per campaign and per event, and pushing one message to one patient at once.
 */
export const NOTIFICATIONS_PATH = '/api/his/v1/notifications';

/** A message's delivery state: one list and one wording for the campaign's recipients and this screen. */
export const NOTIFICATION_STATUSES = DELIVERY_STATUSES;
export type NotificationStatus = DeliveryStatus;
export const NOTIFICATION_STATUS_LABELS = DELIVERY_STATUS_LABELS;

export const NOTIFICATION_CHANNELS = ['PUSH', 'ZALO', 'SMS', 'INBOX'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  PUSH: 'Thông báo ứng dụng',
  ZALO: 'Zalo ZNS',
  SMS: 'SMS',
  INBOX: 'Hộp thư trong ứng dụng',
};

/** Where a message came from: a campaign (notification group), an event, or a single push by staff. */
export const NOTIFICATION_SOURCES = ['GROUP', 'EVENT', 'SINGLE'] as const;
export type NotificationSource = (typeof NOTIFICATION_SOURCES)[number];
export const NOTIFICATION_SOURCE_LABELS: Record<NotificationSource, string> = { GROUP: 'Nhóm thông báo', EVENT: 'Sự kiện', SINGLE: 'Gửi riêng' };

export const PUSH_TITLE_MAX = 100;
export const PUSH_BODY_MAX = 1000;
export const PUSH_LINK_MAX = 500;

export const MESSAGE_TEXTS = {
  patientNotFound: 'Không tìm thấy tài khoản bệnh nhân',
  pushed: 'Đã gửi thông báo',
  title: 'Vui lòng nhập tiêu đề',
  body: 'Vui lòng nhập nội dung',
  link: 'Đường dẫn phải bắt đầu bằng https:// hoặc / (một trang trong ứng dụng)',
  single: 'Gửi riêng',
} as const;

const pick = <T extends readonly [string, ...string[]]>(values: T, label: string) => z.enum(values, { message: `${label} không hợp lệ` });

const filterFields = {
  status: pick(NOTIFICATION_STATUSES, 'Trạng thái').optional(),
  channel: pick(NOTIFICATION_CHANNELS, 'Kênh gửi').optional(),
  kind: z.enum(MESSAGE_KINDS, { message: 'Loại tin không hợp lệ' }).optional(),
  source: pick(NOTIFICATION_SOURCES, 'Nguồn').optional(),
  /** One campaign (source GROUP implied). */
  groupId: idFilter.optional(),
  /** One event (source EVENT implied). */
  event: z.enum(EVENT_KEYS, { message: 'Sự kiện không hợp lệ' }).optional(),
  /** The patient's name or phone, any case and diacritics. */
  patient: z.string().trim().max(100, 'Từ khoá tìm kiếm tối đa 100 ký tự').optional(),
  /** The day the message was written, +07:00, both included. */
  from: isoDay('Từ ngày').optional(),
  to: isoDay('Đến ngày').optional(),
};

export const notificationListQuery = z.object({ ...filterFields, ...pagingParams(20) }).superRefine((q, ctx) => {
  if ((q.from && !q.to) || (!q.from && q.to)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Chọn đủ từ ngày và đến ngày' });
  if (q.from && q.to) {
    const problem = periodProblem({ from: q.from, to: q.to });
    if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
  }
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

export const notificationRow = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  patientName: z.string(),
  /** "09•••78": the list shows who, not the whole number. */
  phone: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  kind: z.enum(MESSAGE_KINDS),
  channel: z.string().nullable(),
  status: z.enum(NOTIFICATION_STATUSES),
  attempts: z.number().int(),
  /** The provider's reason of a failure (or why it was skipped), and its code. */
  error: z.string().nullable(),
  errorCode: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
  source: z.enum(NOTIFICATION_SOURCES),
  groupId: z.number().int().nullable(),
  event: z.string().nullable(),
  /** The campaign's title, the event's label, or "Gửi riêng" with who pushed it. */
  sourceLabel: z.string(),
  createdBy: z.string().nullable(),
});
export type NotificationRowDto = z.infer<typeof notificationRow>;

export const deliveryCounts = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  opened: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type DeliveryCounts = z.infer<typeof deliveryCounts>;

export const campaignTotalsRow = z.object({
  groupId: z.number().int(),
  name: z.string(),
  status: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  createdAt: z.string(),
  counts: deliveryCounts,
});
export type CampaignTotalsDto = z.infer<typeof campaignTotalsRow>;

export const eventTotalsRow = z.object({ event: z.string(), label: z.string(), counts: deliveryCounts });
export type EventTotalsDto = z.infer<typeof eventTotalsRow>;

export const notificationPushBody = z.object({
  userId: z.number({ message: 'Vui lòng chọn bệnh nhân' }).int('Vui lòng chọn bệnh nhân').positive('Vui lòng chọn bệnh nhân'),
  title: z.string({ message: MESSAGE_TEXTS.title }).trim().min(1, MESSAGE_TEXTS.title).max(PUSH_TITLE_MAX, `Tiêu đề tối đa ${PUSH_TITLE_MAX} ký tự`),
  body: z
    .string({ message: MESSAGE_TEXTS.body })
    .trim()
    .min(1, MESSAGE_TEXTS.body)
    .max(PUSH_BODY_MAX, `Nội dung tối đa ${PUSH_BODY_MAX.toLocaleString('vi-VN')} ký tự`),
  link: z
    .string()
    .trim()
    .max(PUSH_LINK_MAX, `Đường dẫn tối đa ${PUSH_LINK_MAX} ký tự`)
    .refine((v) => v === '' || v.startsWith('https://') || (v.startsWith('/') && !v.startsWith('//')), MESSAGE_TEXTS.link)
    .nullable()
    .optional(),
});
export type NotificationPushBody = z.input<typeof notificationPushBody>;

export const notificationMessageEndpoints = {
  list: endpoint({
    method: 'GET',
    path: NOTIFICATIONS_PATH,
    summary: 'Tin đã gửi tới bệnh nhân (mới nhất trước) với trạng thái gửi, nhận, xem của từng người',
    query: notificationListQuery,
    response: pageEnvelope(notificationRow),
    errors: [400, 401, 403],
  }),
  totals: endpoint({
    method: 'GET',
    path: `${NOTIFICATIONS_PATH}/totals`,
    summary: 'Tổng số tin theo nhóm thông báo (chiến dịch): chờ gửi, đã gửi, đã nhận, đã xem, lỗi, bỏ qua',
    query: z.object({ ...pagingParams(10) }),
    response: pageEnvelope(campaignTotalsRow),
    errors: [400, 401, 403],
  }),
  eventTotals: endpoint({
    method: 'GET',
    path: `${NOTIFICATIONS_PATH}/totals/events`,
    summary: 'Tổng số tin theo sự kiện và tin gửi riêng',
    response: envelope(z.array(eventTotalsRow)),
    errors: [401, 403],
  }),
  patients: endpoint({
    method: 'GET',
    path: `${NOTIFICATIONS_PATH}/patients`,
    summary: 'Tìm bệnh nhân để gửi thông báo: họ tên không dấu, số điện thoại, CCCD, mã bệnh nhân (tối đa 10 hồ sơ)',
    query: suggestQuery,
    response: suggestResponse,
    errors: [400, 401, 403],
  }),
  push: endpoint({
    method: 'POST',
    path: `${NOTIFICATIONS_PATH}/push`,
    summary: 'Gửi ngay một thông báo tới một bệnh nhân',
    body: notificationPushBody,
    response: envelope(notificationRow),
    errors: [400, 401, 403, 404],
  }),
};

/** The label of an event key (as stored), or the key itself. */
export const eventLabel = (event: string) => NOTIFICATION_EVENTS.find((e) => e.event === event)?.label ?? event;
