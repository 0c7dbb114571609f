import { z } from 'zod';
import { envelope, pageEnvelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { pagingParams } from '../core/list-query';
import { MESSAGE_KINDS } from '../rules/ad-window';

/**
 * SMS management (/admin/sms, MANAGER_SMS; issue 17): compose a message to a list of numbers, see each
 * batch and its recipients' delivery, and the provider's balance. Templates are a catalogue resource
 * (resources/sms-templates.resource.ts).
 */
export const SMS_PATH = '/api/his/v1/sms';
/** eSMS calls each message's delivery report back here (public: a secret token in the query, no signature). */
export const SMS_WEBHOOK_PATH = '/api/notify/v1/webhooks/esms';

/** At most this many recipients per batch, and parts per message (a longer text is refused). */
export const SMS_MAX_RECIPIENTS = 10_000;
export const SMS_MAX_PARTS = 6;
/** Pasted numbers: at most this many characters (10,000 numbers with separators). */
export const SMS_MAX_PHONES_TEXT = 200_000;

export const SMS_BATCH_STATUSES = ['WAITING', 'SENDING', 'DONE'] as const;
export const SMS_MESSAGE_STATUSES = ['QUEUED', 'SENDING', 'SENT', 'DELIVERED', 'FAILED', 'SKIPPED'] as const;
export type SmsMessageStatus = (typeof SMS_MESSAGE_STATUSES)[number];
export const SMS_MESSAGE_STATUS_LABELS: Record<SmsMessageStatus, string> = {
  QUEUED: 'Đang chờ gửi',
  SENDING: 'Đang gửi',
  SENT: 'Đã gửi',
  DELIVERED: 'Đã nhận',
  FAILED: 'Lỗi',
  SKIPPED: 'Bỏ qua (quá 1 tin quảng cáo/24 giờ, hoặc bệnh nhân từ chối quảng cáo)',
};

export const smsComposeBody = z.object({
  content: z.string({ message: 'Vui lòng nhập nội dung tin nhắn' }).trim().min(1, 'Vui lòng nhập nội dung tin nhắn').max(2000, 'Nội dung tối đa 2.000 ký tự'),
  kind: z.enum(MESSAGE_KINDS, { message: 'Loại tin nhắn không hợp lệ' }),
  /** The numbers as pasted (one or several per line) or read from the Excel file on the web. */
  phones: z.string({ message: 'Vui lòng nhập số điện thoại' }).max(SMS_MAX_PHONES_TEXT, 'Danh sách số điện thoại quá dài'),
  /** Send the text without diacritics (GSM-7, what most brandname routes require). */
  removeDiacritics: z.boolean().optional().default(false),
});
export type SmsComposeBody = z.infer<typeof smsComposeBody>;

export const smsCounts = z.object({
  queued: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});

export const smsBatchRow = z.object({
  id: z.number().int(),
  content: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  encoding: z.string(),
  parts: z.number().int(),
  recipients: z.number().int(),
  cost: z.number().int(),
  provider: z.string(),
  notBefore: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  status: z.enum(SMS_BATCH_STATUSES),
  counts: smsCounts,
});
export type SmsBatchDto = z.infer<typeof smsBatchRow>;

export const smsMessageRow = z.object({
  id: z.number().int(),
  phone: z.string(),
  status: z.enum(SMS_MESSAGE_STATUSES),
  attempts: z.number().int(),
  error: z.string().nullable(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type SmsMessageDto = z.infer<typeof smsMessageRow>;

const idParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, 'Mã không hợp lệ')
    .transform(Number),
});

/** A notification group whose audience the composer can take the numbers of. */
export const smsGroupRow = z.object({ id: z.number().int(), title: z.string(), status: z.string() });
export const smsGroupPhones = z.object({
  /** The audience's numbers today (national form), each once. */
  phones: z.array(z.string()),
  /** Accounts of the audience, and those without a phone (not reachable by SMS). */
  accounts: z.number().int(),
  withoutPhone: z.number().int(),
});

export const smsEndpoints = {
  groups: endpoint({
    method: 'GET',
    path: `${SMS_PATH}/groups`,
    summary: 'Các nhóm thông báo (mới nhất trước) để lấy số điện thoại của nhóm nhận',
    response: envelope(z.array(smsGroupRow)),
    errors: [401, 403],
  }),
  groupPhones: endpoint({
    method: 'GET',
    path: `${SMS_PATH}/groups/:id/phones`,
    summary: 'Số điện thoại của các tài khoản bệnh nhân thuộc nhóm nhận của một nhóm thông báo (theo bộ lọc, tại thời điểm hỏi)',
    params: idParam,
    response: envelope(smsGroupPhones),
    errors: [400, 401, 403, 404],
  }),
  batches: endpoint({
    method: 'GET',
    path: `${SMS_PATH}/batches`,
    summary: 'Nhật ký gửi SMS: các lần gửi, mới nhất trước, với số tin đã gửi, đã nhận, lỗi',
    query: z.object({ ...pagingParams(20) }),
    response: pageEnvelope(smsBatchRow),
    errors: [400, 401, 403],
  }),
  send: endpoint({
    method: 'POST',
    path: `${SMS_PATH}/batches`,
    summary: 'Gửi một tin nhắn tới danh sách số điện thoại (xếp hàng gửi dần; tin quảng cáo chờ khung 07:00–22:00)',
    body: smsComposeBody,
    response: envelope(smsBatchRow),
    errors: [400, 401, 403],
  }),
  batch: endpoint({
    method: 'GET',
    path: `${SMS_PATH}/batches/:id`,
    summary: 'Một lần gửi SMS',
    params: idParam,
    response: envelope(smsBatchRow),
    errors: [400, 401, 403, 404],
  }),
  messages: endpoint({
    method: 'GET',
    path: `${SMS_PATH}/batches/:id/messages`,
    summary: 'Từng người nhận của một lần gửi và trạng thái gửi, nhận',
    params: idParam,
    query: z.object({ status: z.enum(SMS_MESSAGE_STATUSES, { message: 'Trạng thái không hợp lệ' }).optional(), ...pagingParams(50) }),
    response: pageEnvelope(smsMessageRow),
    errors: [400, 401, 403, 404],
  }),
  esmsReport: endpoint({
    method: 'GET',
    path: SMS_WEBHOOK_PATH,
    summary: 'Báo cáo gửi tin của eSMS (eSMS gọi lại; mã bí mật trong địa chỉ, sai mã trả 404)',
    query: z.looseObject({ token: z.string().max(200).optional() }),
    response: envelope(z.object({ updated: z.number().int() })),
    errors: [404],
  }),
  balance: endpoint({
    method: 'GET',
    path: `${SMS_PATH}/balance`,
    summary: 'Nhà cung cấp SMS đang dùng và số dư tài khoản nó báo',
    response: envelope(
      z.object({
        provider: z.string(),
        providerName: z.string(),
        brandname: z.string().nullable(),
        balance: z.number().nullable(),
        pricePerPart: z.number().int(),
      }),
    ),
    errors: [401, 403],
  }),
};
