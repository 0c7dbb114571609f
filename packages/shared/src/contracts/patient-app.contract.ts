import { z } from 'zod';
import { envelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { md5Hex } from './auth.contract';

/**
 * The patient app's side of the API (issue 17): sign-in of a patient account, its devices for push, its inbox
 * of notifications and its advertising choices, and the forgotten password. Every route but sign-in and the
 * forgotten password is `access: 'patient'`: the token of a patient session (patient_sessions), which opens no
 * staff route, as a staff token opens none of these (docs/decisions.md "Patient app API").
 */
export const APP_PATH = '/api/app/v1';

/** The facility whose app signs in: its code (facilities.code), built into each hospital's app. */
const facilityCode = z.string({ message: 'Vui lòng nhập mã cơ sở y tế' }).trim().min(1, 'Vui lòng nhập mã cơ sở y tế').max(50, 'Mã cơ sở y tế tối đa 50 ký tự');
const emailOrPhone = z
  .string({ message: 'Vui lòng nhập số điện thoại hoặc email' })
  .trim()
  .min(1, 'Vui lòng nhập số điện thoại hoặc email')
  .max(100, 'Số điện thoại hoặc email tối đa 100 ký tự');

export const appLoginBody = z.object({ facilityCode, emailOrPhone, password: md5Hex });
export type AppLoginBody = z.input<typeof appLoginBody>;

export const appSession = z.object({
  loginToken: z.string(),
  /** ISO 8601 instant the sign-in ends. */
  expiresAt: z.string(),
  user: z.object({ id: z.number().int(), name: z.string(), phone: z.string().nullable(), email: z.string().nullable() }),
});

export const appForgotBody = z.object({ facilityCode, emailOrPhone });
export const appResetBody = z.object({
  facilityCode,
  emailOrPhone,
  code: z.string({ message: 'Vui lòng nhập mã xác nhận' }).regex(/^\d{6}$/, 'Mã xác nhận gồm 6 chữ số'),
  password: md5Hex,
});

/** The one answer of a forgotten-password request, whether the account exists or not. */
export const FORGOT_PASSWORD_ANSWER = 'Nếu tài khoản tồn tại, mã xác nhận đã được gửi tới bạn. Mã có hiệu lực trong 10 phút.';
export const RESET_CODE_WRONG = 'Mã xác nhận không đúng hoặc đã hết hạn';
export const RESET_CODE_MINUTES = 10;
export const RESET_CODE_MAX_TRIES = 5;

export const DEVICE_PLATFORMS = ['ANDROID', 'IOS', 'WEB'] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];

const fcmToken = z.string({ message: 'Vui lòng gửi mã thiết bị' }).trim().min(1, 'Vui lòng gửi mã thiết bị').max(4096, 'Mã thiết bị quá dài');
const pushKey = z.string().regex(/^[A-Za-z0-9_=-]{1,200}$/, 'Khóa đăng ký nhận thông báo không hợp lệ');
export const webSubscription = z.object({
  endpoint: z.url({ protocol: /^https$/, message: 'Địa chỉ nhận thông báo phải là https://' }).max(2048, 'Địa chỉ nhận thông báo quá dài'),
  keys: z.object({ p256dh: pushKey, auth: pushKey }),
});

export const deviceBody = z
  .object({
    platform: z.enum(DEVICE_PLATFORMS, { message: 'Nền tảng phải là ANDROID, IOS hoặc WEB' }),
    /** ANDROID, IOS: the FCM registration token. */
    token: fcmToken.optional(),
    /** WEB: the browser's PushSubscription.toJSON(). */
    subscription: webSubscription.optional(),
  })
  .superRefine((b, c) => {
    if (b.platform === 'WEB' && !b.subscription)
      c.addIssue({ code: 'custom', path: ['subscription'], message: 'Trình duyệt cần gửi đăng ký nhận thông báo (subscription)' });
    if (b.platform !== 'WEB' && !b.token) c.addIssue({ code: 'custom', path: ['token'], message: 'Vui lòng gửi mã thiết bị' });
  });
export type DeviceBody = z.infer<typeof deviceBody>;

export const deviceRemoveBody = z.object({ token: fcmToken });

export const NOTIFICATION_STATUSES = ['QUEUED', 'SENDING', 'SENT', 'DELIVERED', 'OPENED', 'FAILED', 'SKIPPED'] as const;

export const inboxItem = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  imageUrl: z.string().nullable(),
  link: z.string().nullable(),
  kind: z.enum(['CARE', 'ADVERTISING']),
  event: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type InboxItem = z.infer<typeof inboxItem>;

const idParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, 'Mã không hợp lệ')
    .transform(Number),
});

export const inboxQuery = z.object({
  /** The last id of the previous page: this page holds older ones. */
  before: z
    .string()
    .regex(/^\d{1,15}$/, 'Vị trí trang không hợp lệ')
    .transform(Number)
    .optional(),
  size: z.coerce.number({ message: 'Số dòng không hợp lệ' }).int('Số dòng không hợp lệ').min(1, 'Ít nhất 1 dòng').max(100, 'Tối đa 100 dòng').default(20),
});

export const inboxPage = z.object({
  items: z.array(inboxItem),
  /** How many of the account's notifications are not read yet. */
  unread: z.number().int(),
  /** `before` of the next (older) page, or null at the end. */
  nextBefore: z.number().int().nullable(),
});

/** Advertising allowed per channel (no choice stored = allowed). Care messages are always sent. */
export const notifyPrefs = z.object({
  PUSH: z.boolean({ message: 'Vui lòng chọn có hoặc không' }),
  ZALO: z.boolean({ message: 'Vui lòng chọn có hoặc không' }),
  SMS: z.boolean({ message: 'Vui lòng chọn có hoặc không' }),
});
export type NotifyPrefs = z.infer<typeof notifyPrefs>;
export const PREF_CHANNELS = ['PUSH', 'ZALO', 'SMS'] as const;

const message = z.object({ code: z.literal(0), message: z.string() });

export const patientAppEndpoints = {
  login: endpoint({
    method: 'PUT',
    path: `${APP_PATH}/user/login`,
    summary: 'Đăng nhập ứng dụng bệnh nhân (số điện thoại hoặc email, mật khẩu MD5, mã cơ sở y tế)',
    body: appLoginBody,
    response: envelope(appSession),
    errors: [400, 401, 403, 429],
  }),
  logout: endpoint({ method: 'PUT', path: `${APP_PATH}/user/logout`, summary: 'Đăng xuất ứng dụng bệnh nhân', response: message, errors: [401] }),
  forgotPassword: endpoint({
    method: 'POST',
    path: `${APP_PATH}/user/forgot-password`,
    summary: 'Quên mật khẩu: gửi mã xác nhận 6 chữ số (luôn trả lời như nhau, dù tài khoản có tồn tại hay không)',
    body: appForgotBody,
    response: message,
    errors: [400, 429],
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: `${APP_PATH}/user/reset-password`,
    summary: 'Đặt lại mật khẩu bằng mã xác nhận (kết thúc mọi phiên đăng nhập của tài khoản)',
    body: appResetBody,
    response: message,
    errors: [400, 429],
  }),
  registerDevice: endpoint({
    method: 'POST',
    path: `${APP_PATH}/devices`,
    summary: 'Đăng ký thiết bị nhận thông báo đẩy (mã FCM của ứng dụng, hoặc đăng ký Web Push của trình duyệt)',
    body: deviceBody,
    response: envelope(z.object({ id: z.number().int(), platform: z.enum(DEVICE_PLATFORMS) })),
    errors: [400, 401],
  }),
  removeDevice: endpoint({
    method: 'DELETE',
    path: `${APP_PATH}/devices`,
    summary: 'Bỏ đăng ký thiết bị nhận thông báo',
    body: deviceRemoveBody,
    response: envelope(z.object({ removed: z.number().int() })),
    errors: [400, 401],
  }),
  inbox: endpoint({
    method: 'GET',
    path: `${APP_PATH}/notifications`,
    summary: 'Hộp thư thông báo của tài khoản, mới nhất trước, với số thông báo chưa đọc',
    query: inboxQuery,
    response: envelope(inboxPage),
    errors: [400, 401],
  }),
  read: endpoint({
    method: 'POST',
    path: `${APP_PATH}/notifications/:id/read`,
    summary: 'Đánh dấu một thông báo đã đọc',
    params: idParam,
    response: envelope(inboxItem),
    errors: [400, 401, 404],
  }),
  readAll: endpoint({
    method: 'POST',
    path: `${APP_PATH}/notifications/read-all`,
    summary: 'Đánh dấu mọi thông báo đã đọc',
    response: envelope(z.object({ updated: z.number().int() })),
    errors: [401],
  }),
  prefs: endpoint({
    method: 'GET',
    path: `${APP_PATH}/notification-preferences`,
    summary: 'Lựa chọn nhận tin quảng cáo theo kênh (tin chăm sóc luôn được gửi)',
    response: envelope(notifyPrefs),
    errors: [401],
  }),
  savePrefs: endpoint({
    method: 'PUT',
    path: `${APP_PATH}/notification-preferences`,
    summary: 'Lưu lựa chọn nhận tin quảng cáo theo kênh',
    body: notifyPrefs,
    response: envelope(notifyPrefs),
    errors: [400, 401],
  }),
};
