import { z } from 'zod';
import { envelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { MESSAGE_KINDS } from '../rules/ad-window';
import {
  exampleValues,
  NOTIFICATION_EVENTS,
  type NotificationEvent,
  renderTemplate,
  TEMPLATE_VARIABLES,
  validateEventTemplate,
} from '../rules/message-template';
import { removeDiacritics, smsSegments } from '../rules/sms';

/**
 * The notification events (/admin/thong-bao-day, tab "Sự kiện", MANAGER_NOTIFICATION; issue 17): what a booking
 * or record event sends to the patient — on or off, the title, the template with variables, the channels in
 * their fallback order, Zalo's registered template. A facility without a stored row uses the catalogue's default
 * (rules/message-template NOTIFICATION_EVENTS): on, the default text, every channel.
 */
export const NOTIFICATION_EVENTS_PATH = '/api/his/v1/notification-events';

export const EVENT_CHANNELS = ['PUSH', 'ZALO', 'SMS'] as const;
export type EventChannel = (typeof EVENT_CHANNELS)[number];
export const EVENT_CHANNEL_LABELS: Record<EventChannel, string> = { PUSH: 'Thông báo ứng dụng', ZALO: 'Zalo ZNS', SMS: 'SMS' };

export const EVENT_KEYS = NOTIFICATION_EVENTS.map((e) => e.event) as [NotificationEvent, ...NotificationEvent[]];

export const EVENT_TITLE_MAX = 100;
export const EVENT_TEMPLATE_MAX = 1000;
/** What one message may hold on each channel: characters on the app and Zalo, SMS parts once its diacritics are removed. */
export const EVENT_PUSH_MAX_CHARS = 1000;
export const EVENT_ZALO_MAX_CHARS = 1000;
export const EVENT_SMS_MAX_PARTS = 6;

export const EVENT_MESSAGES = {
  notFound: 'Không tìm thấy sự kiện thông báo',
  saved: 'Đã lưu cài đặt sự kiện',
  title: 'Vui lòng nhập tiêu đề',
  titleMax: `Tiêu đề tối đa ${EVENT_TITLE_MAX} ký tự`,
  template: 'Vui lòng nhập nội dung mẫu',
  templateMax: `Nội dung mẫu tối đa ${EVENT_TEMPLATE_MAX} ký tự`,
  channels: 'Chọn ít nhất một kênh gửi',
  channelRepeat: 'Mỗi kênh chỉ chọn một lần',
  zaloTemplate: 'Kênh Zalo cần mã mẫu tin (template id) đã đăng ký với Zalo',
  zaloTemplateMax: 'Mã mẫu tin Zalo tối đa 50 ký tự, chỉ gồm chữ, số, dấu gạch',
  invalid: 'Cài đặt sự kiện chưa hợp lệ',
} as const;

/** The template's length on each channel, with the example values (what the preview shows). */
export interface EventPreview {
  text: string;
  chars: number;
  smsText: string;
  smsParts: number;
}

/** The message an event's template gives with the example values; null when the template does not render. */
export function eventPreview(event: NotificationEvent, template: string): EventPreview | null {
  const r = renderTemplate(template, exampleValues(event));
  if (!('text' in r)) return null;
  const smsText = removeDiacritics(r.text);
  return { text: r.text, chars: [...r.text].length, smsText, smsParts: smsSegments(smsText).parts };
}

export interface EventSettingsInput {
  title: string;
  template: string;
  channels: readonly string[];
  zaloTemplateId?: string | null;
}

const ZALO_ID_RE = /^[\w-]{1,50}$/;

/**
 * What is wrong with an event's settings, field by field, in Vietnamese (the form shows the same as the server's
 * 400): the template's variables (validateEventTemplate), the title's length, the message's length on each chosen
 * channel with the example values (SMS: at most EVENT_SMS_MAX_PARTS parts without diacritics), and Zalo's
 * template id when Zalo is a channel.
 */
export function eventSettingsProblems(event: NotificationEvent, s: EventSettingsInput): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  const title = s.title.trim();
  if (!title) out.push({ field: 'title', message: EVENT_MESSAGES.title });
  else if (title.length > EVENT_TITLE_MAX) out.push({ field: 'title', message: EVENT_MESSAGES.titleMax });
  const template = s.template.trim();
  if (!template) out.push({ field: 'template', message: EVENT_MESSAGES.template });
  else if (template.length > EVENT_TEMPLATE_MAX) out.push({ field: 'template', message: EVENT_MESSAGES.templateMax });
  else {
    const problem = validateEventTemplate(event, template);
    if (problem) out.push({ field: 'template', message: problem });
    else {
      const p = eventPreview(event, template)!;
      if (s.channels.includes('PUSH') && p.chars > EVENT_PUSH_MAX_CHARS) {
        out.push({ field: 'template', message: `Thông báo ứng dụng tối đa ${EVENT_PUSH_MAX_CHARS} ký tự (mẫu có ${p.chars} ký tự với giá trị ví dụ)` });
      }
      if (s.channels.includes('ZALO') && p.chars > EVENT_ZALO_MAX_CHARS) {
        out.push({ field: 'template', message: `Tin Zalo tối đa ${EVENT_ZALO_MAX_CHARS} ký tự (mẫu có ${p.chars} ký tự với giá trị ví dụ)` });
      }
      if (s.channels.includes('SMS') && p.smsParts > EVENT_SMS_MAX_PARTS) {
        out.push({ field: 'template', message: `SMS tối đa ${EVENT_SMS_MAX_PARTS} phần sau khi bỏ dấu (mẫu dài ${p.smsParts} phần với giá trị ví dụ)` });
      }
    }
  }
  if (s.channels.length === 0) out.push({ field: 'channels', message: EVENT_MESSAGES.channels });
  else if (new Set(s.channels).size !== s.channels.length) out.push({ field: 'channels', message: EVENT_MESSAGES.channelRepeat });
  const zalo = s.zaloTemplateId?.trim() ?? '';
  if (s.channels.includes('ZALO') && !zalo) out.push({ field: 'zaloTemplateId', message: EVENT_MESSAGES.zaloTemplate });
  else if (zalo && !ZALO_ID_RE.test(zalo)) out.push({ field: 'zaloTemplateId', message: EVENT_MESSAGES.zaloTemplateMax });
  return out;
}

const eventKey = z.enum(EVENT_KEYS, { message: EVENT_MESSAGES.notFound });

export const eventVariable = z.object({ name: z.string(), label: z.string(), example: z.string() });

export const notificationEventRow = z.object({
  event: eventKey,
  label: z.string(),
  description: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  variables: z.array(eventVariable),
  enabled: z.boolean(),
  title: z.string(),
  template: z.string(),
  channels: z.array(z.enum(EVENT_CHANNELS)),
  zaloTemplateId: z.string().nullable(),
  /** False while the facility uses the catalogue's defaults (no row stored). */
  stored: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type NotificationEventDto = z.infer<typeof notificationEventRow>;

export const notificationEventBody = z.object({
  enabled: z.boolean({ message: 'Vui lòng chọn bật hoặc tắt' }),
  title: z.string({ message: EVENT_MESSAGES.title }).max(EVENT_TITLE_MAX * 2, EVENT_MESSAGES.titleMax),
  template: z.string({ message: EVENT_MESSAGES.template }).max(EVENT_TEMPLATE_MAX * 2, EVENT_MESSAGES.templateMax),
  channels: z.array(z.enum(EVENT_CHANNELS, { message: 'Kênh gửi không hợp lệ' }), { message: EVENT_MESSAGES.channels }).max(3, EVENT_MESSAGES.channelRepeat),
  zaloTemplateId: z.string().max(100, EVENT_MESSAGES.zaloTemplateMax).nullable().optional(),
});
export type NotificationEventBody = z.input<typeof notificationEventBody>;

export const notificationEventEndpoints = {
  list: endpoint({
    method: 'GET',
    path: NOTIFICATION_EVENTS_PATH,
    summary: 'Các sự kiện thông báo (năm sự kiện) với cài đặt của cơ sở hoặc mặc định',
    response: envelope(z.array(notificationEventRow)),
    errors: [401, 403],
  }),
  update: endpoint({
    method: 'PUT',
    path: `${NOTIFICATION_EVENTS_PATH}/:event`,
    summary: 'Lưu cài đặt một sự kiện: bật/tắt, tiêu đề, mẫu nội dung, thứ tự kênh gửi, mã mẫu Zalo',
    params: z.object({ event: eventKey }),
    body: notificationEventBody,
    response: envelope(notificationEventRow),
    errors: [400, 401, 403],
  }),
};

/** The variables of an event with their labels and example values, in the catalogue's order. */
export function eventVariables(event: NotificationEvent) {
  const def = NOTIFICATION_EVENTS.find((e) => e.event === event)!;
  return def.variables.map((name) => ({ name, label: TEMPLATE_VARIABLES[name].label, example: TEMPLATE_VARIABLES[name].example }));
}
