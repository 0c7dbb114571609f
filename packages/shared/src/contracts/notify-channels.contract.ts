import { z } from 'zod';
import { envelope } from '../core/api';
import { endpoint } from '../core/endpoint';

/**
 * The provider of each channel that reaches patients (issue 17): push to the apps (FCM), push to browsers (Web
 * Push), Zalo ZNS and brandname SMS. A channel records its messages in the database until a provider is chosen
 * ("Lưu trong hệ thống"). Secrets are encrypted on the server (NOTIFY_SECRET_KEY) and never sent back: the screen
 * only learns which are set. PUSH, WEBPUSH and ZALO need MANAGER_NOTIFICATION, SMS needs MANAGER_SMS.
 */
export const NOTIFY_CHANNELS_PATH = '/api/his/v1/notify-channels';

export const NOTIFY_CHANNELS = ['PUSH', 'WEBPUSH', 'ZALO', 'SMS'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];
export const NOTIFY_CHANNEL_LABELS: Record<NotifyChannel, string> = {
  PUSH: 'Thông báo đẩy trên ứng dụng (Firebase Cloud Messaging)',
  WEBPUSH: 'Thông báo đẩy trên trình duyệt (Web Push)',
  ZALO: 'Zalo ZNS',
  SMS: 'SMS thương hiệu (brandname)',
};
/** The authority that manages a channel's provider. */
export const NOTIFY_CHANNEL_AUTHORITY: Record<NotifyChannel, 'MANAGER_NOTIFICATION' | 'MANAGER_SMS'> = {
  PUSH: 'MANAGER_NOTIFICATION',
  WEBPUSH: 'MANAGER_NOTIFICATION',
  ZALO: 'MANAGER_NOTIFICATION',
  SMS: 'MANAGER_SMS',
};

export const NOTIFY_PROVIDERS = ['RECORD', 'FCM', 'WEBPUSH', 'ZALO_ZNS', 'ESMS'] as const;
export type NotifyProvider = (typeof NOTIFY_PROVIDERS)[number];
export const NOTIFY_PROVIDER_LABELS: Record<NotifyProvider, string> = {
  RECORD: 'Lưu trong hệ thống',
  FCM: 'Firebase Cloud Messaging',
  WEBPUSH: 'Web Push (VAPID)',
  ZALO_ZNS: 'Zalo ZNS',
  ESMS: 'eSMS.vn',
};
/** The providers each channel may use (RECORD first: the default). */
export const CHANNEL_PROVIDERS: Record<NotifyChannel, readonly NotifyProvider[]> = {
  PUSH: ['RECORD', 'FCM'],
  WEBPUSH: ['RECORD', 'WEBPUSH'],
  ZALO: ['RECORD', 'ZALO_ZNS'],
  SMS: ['RECORD', 'ESMS'],
};

/** One field of a provider's form: a plain setting (shown back) or a secret (only "Đã lưu"). */
export interface ProviderField {
  key: string;
  label: string;
  placeholder?: string;
  /** A multi-line value (the service-account JSON). */
  multiline?: boolean;
  /** A switch rather than a text. */
  boolean?: boolean;
  optional?: boolean;
}
export const PROVIDER_FIELDS: Record<NotifyProvider, { settings: ProviderField[]; secrets: ProviderField[] }> = {
  RECORD: { settings: [], secrets: [] },
  FCM: {
    settings: [],
    secrets: [
      { key: 'serviceAccount', label: 'Tệp khóa tài khoản dịch vụ (JSON)', placeholder: '{ "type": "service_account", "project_id": … }', multiline: true },
    ],
  },
  WEBPUSH: {
    settings: [
      { key: 'publicKey', label: 'Khóa công khai VAPID', placeholder: 'B… (base64url, 87 ký tự)' },
      { key: 'subject', label: 'Liên hệ người gửi', placeholder: 'mailto:cntt@benhvien.vn' },
    ],
    secrets: [{ key: 'privateKey', label: 'Khóa bí mật VAPID', placeholder: 'base64url, 43 ký tự' }],
  },
  ZALO_ZNS: {
    settings: [
      { key: 'appId', label: 'App ID', placeholder: '1234567890123456789' },
      { key: 'oaId', label: 'OA ID', placeholder: 'Mã Official Account', optional: true },
    ],
    secrets: [
      { key: 'appSecret', label: 'Khóa bí mật của ứng dụng (App secret)' },
      { key: 'oaSecretKey', label: 'Khóa bí mật OA (kiểm tra webhook)' },
      { key: 'refreshToken', label: 'Refresh token' },
    ],
  },
  ESMS: {
    settings: [
      { key: 'brandname', label: 'Tên thương hiệu (brandname)', placeholder: 'BV_ANPHUC' },
      { key: 'sandbox', label: 'Chế độ thử (không gửi, không tính phí)', boolean: true, optional: true },
    ],
    secrets: [
      { key: 'apiKey', label: 'API key' },
      { key: 'secretKey', label: 'Secret key' },
    ],
  },
};

/** What saving a real provider answers when the server has no key to encrypt its secrets with. */
export const NOTIFY_KEY_MISSING =
  'Máy chủ chưa được cấu hình khóa mã hóa NOTIFY_SECRET_KEY nên chưa thể lưu thông tin bí mật của nhà cung cấp. Vui lòng nhờ quản trị máy chủ cấu hình khóa này; hiện chỉ dùng được "Lưu trong hệ thống".';

const text = (label: string, max = 500) =>
  z
    .string({ message: `Vui lòng nhập ${label}` })
    .trim()
    .min(1, `Vui lòng nhập ${label}`)
    .max(max, `${label} quá dài`);

/** A provider's plain settings, as the form sends them. */
export const providerSettingsSchemas = {
  RECORD: z.object({}),
  FCM: z.object({}),
  WEBPUSH: z.object({
    publicKey: z
      .string({ message: 'Vui lòng nhập khóa công khai VAPID' })
      .trim()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'Khóa công khai VAPID không đúng định dạng (base64url, 87 ký tự)'),
    subject: z
      .string({ message: 'Vui lòng nhập liên hệ người gửi' })
      .trim()
      .max(200, 'Liên hệ người gửi quá dài')
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'Liên hệ người gửi phải bắt đầu bằng mailto: hoặc https://'),
  }),
  ZALO_ZNS: z.object({
    appId: z
      .string({ message: 'Vui lòng nhập App ID' })
      .trim()
      .regex(/^\d{5,30}$/, 'App ID gồm các chữ số'),
    oaId: z
      .string()
      .trim()
      .regex(/^\d{0,30}$/, 'OA ID gồm các chữ số')
      .optional(),
  }),
  ESMS: z.object({
    brandname: z
      .string({ message: 'Vui lòng nhập tên thương hiệu' })
      .trim()
      .regex(/^[A-Za-z0-9_.\- ]{1,11}$/, 'Tên thương hiệu gồm tối đa 11 chữ cái không dấu, chữ số, dấu chấm, gạch'),
    sandbox: z.boolean().optional(),
  }),
} satisfies Record<NotifyProvider, z.ZodType>;

/** A service-account key file of Firebase, as Google gives it. */
export const fcmServiceAccount = z.object({
  project_id: text('project_id', 100),
  client_email: z.email('client_email không phải email'),
  private_key: z.string({ message: 'Thiếu private_key' }).includes('PRIVATE KEY', { message: 'private_key không phải khóa bí mật PEM' }),
  token_uri: z.url({ protocol: /^https$/, message: 'token_uri phải là địa chỉ https://' }).optional(),
});

/** A provider's secrets: each required one, unless already stored for that provider (then it may be left empty). */
export const providerSecretSchemas = {
  RECORD: z.object({}),
  FCM: z.object({
    serviceAccount: z
      .string()
      .max(20_000, 'Tệp khóa quá dài')
      .transform((v, c) => {
        try {
          return JSON.stringify(JSON.parse(v));
        } catch {
          c.addIssue({ code: 'custom', message: 'Tệp khóa tài khoản dịch vụ không phải JSON hợp lệ' });
          return z.NEVER;
        }
      })
      .pipe(z.string().refine((v) => fcmServiceAccount.safeParse(JSON.parse(v)).success, 'Tệp khóa cần có project_id, client_email và private_key')),
  }),
  WEBPUSH: z.object({
    privateKey: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'Khóa bí mật VAPID không đúng định dạng (base64url, 43 ký tự)'),
  }),
  ZALO_ZNS: z.object({ appSecret: text('App secret', 200), oaSecretKey: text('khóa bí mật OA', 200), refreshToken: text('refresh token', 2000) }),
  ESMS: z.object({ apiKey: text('API key', 200), secretKey: text('Secret key', 200) }),
} satisfies Record<NotifyProvider, z.ZodType>;

const channelParam = z.object({ channel: z.enum(NOTIFY_CHANNELS, { message: 'Kênh không hợp lệ' }) });

export const channelSaveBody = z.object({
  provider: z.enum(NOTIFY_PROVIDERS, { message: 'Nhà cung cấp không hợp lệ' }),
  settings: z
    .record(z.string(), z.union([z.string().max(2000), z.boolean()]))
    .optional()
    .default({}),
  /** Only the secrets typed again; an empty or missing one keeps the stored value. */
  secrets: z.record(z.string(), z.string().max(20_000)).optional().default({}),
});
export type ChannelSaveBody = z.input<typeof channelSaveBody>;

export const channelRow = z.object({
  channel: z.enum(NOTIFY_CHANNELS),
  label: z.string(),
  provider: z.enum(NOTIFY_PROVIDERS),
  settings: z.record(z.string(), z.union([z.string(), z.boolean()])),
  /** The keys of the secrets that are stored (never their values). */
  secretsSet: z.array(z.string()),
  /** The last test message: when, whether it went, what the provider said. */
  lastTest: z.object({ at: z.string(), ok: z.boolean(), message: z.string() }).nullable(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** Whether the server holds NOTIFY_SECRET_KEY (without it only RECORD can be saved). */
  keyConfigured: z.boolean(),
});
export type ChannelRow = z.infer<typeof channelRow>;

export const channelTestBody = z.object({
  /** A phone (SMS, Zalo), an FCM token (PUSH) or a browser subscription's JSON (WEBPUSH). */
  to: z.string({ message: 'Vui lòng nhập nơi nhận tin thử' }).trim().min(1, 'Vui lòng nhập nơi nhận tin thử').max(5000, 'Nơi nhận quá dài'),
});
export const channelTestResult = z.object({ ok: z.boolean(), message: z.string(), providerMessageId: z.string().nullable() });

/** What the test's `to` is, per channel (the form's label). */
export const CHANNEL_TEST_TARGET: Record<NotifyChannel, string> = {
  PUSH: 'Mã thiết bị (FCM token)',
  WEBPUSH: 'Đăng ký Web Push (JSON)',
  ZALO: 'Số điện thoại có Zalo',
  SMS: 'Số điện thoại',
};

export const notifyChannelEndpoints = {
  list: endpoint({
    method: 'GET',
    path: NOTIFY_CHANNELS_PATH,
    summary: 'Nhà cung cấp của từng kênh gửi tin (chỉ các kênh người dùng được quản lý; không trả về thông tin bí mật)',
    response: envelope(z.array(channelRow)),
    errors: [401, 403],
  }),
  save: endpoint({
    method: 'PUT',
    path: `${NOTIFY_CHANNELS_PATH}/:channel`,
    summary: 'Chọn nhà cung cấp của một kênh và lưu cấu hình (thông tin bí mật được mã hóa AES-256-GCM)',
    params: channelParam,
    body: channelSaveBody,
    response: envelope(channelRow),
    errors: [400, 401, 403],
  }),
  test: endpoint({
    method: 'POST',
    path: `${NOTIFY_CHANNELS_PATH}/:channel/test`,
    summary: 'Gửi một tin thử qua kênh và trả lời kết quả',
    params: channelParam,
    body: channelTestBody,
    response: envelope(channelTestResult),
    errors: [400, 401, 403],
  }),
};
