import { z } from 'zod';
import { envelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { SETTING_TYPES, isHttpUrl, parseSettingValue, settingDef } from '../rules/settings-keys';
import { MAX_PERIODS_PER_DAY, workingHoursProblems } from '../rules/working-hours';
import { CONTENT_IMAGE_SRC_RE } from './content.contract';

/**
 * The general configuration and the facility's settings (issue 18; MANAGER_SETTING). Spec §7 "general
 * config: list, not-exists, /{id}, /constant/{id}" under the admin prefix; /admin/settings keeps the
 * facility's profile. rules/settings-keys.ts holds the keys; docs/decisions.md "Settings and general configuration".
 */
export const GENERAL_CONFIG_PATH = '/api/his/v1/general-config';
/** The patient app's read of its constants, by facility code (no sign-in). */
export const PUBLIC_GENERAL_CONFIG_PATH = '/api/his/v1/public/general-config';
export const FACILITY_SETTINGS_PATH = '/api/his/v1/facility-settings';

/** Live topic of settings changes: every instance forgets the facility's cached settings (never sent to a socket). */
export const SETTINGS_LIVE_TOPIC = 'settings';

export const SETTINGS_MESSAGES = {
  keyNotFound: 'Không tìm thấy khoá cấu hình',
  facilityNotFound: 'Không tìm thấy cơ sở y tế',
  saved: 'Đã lưu cấu hình',
  reset: 'Đã đưa cấu hình về giá trị mặc định',
  profileSaved: 'Đã lưu thông tin cơ sở',
  bookingBeyondWindow: 'Chỉ nhận đặt khám trong {days} ngày tới (đến hết ngày {last}); ngày {date} nằm ngoài khoảng này',
  smsDisabled: 'Cơ sở đã tắt gửi SMS (Cấu hình chung)',
} as const;

const settingValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const settingKeyParam = z.object({
  id: z.string().regex(/^[A-Z][A-Z0-9_]{0,59}$/, 'Khoá cấu hình không hợp lệ'),
});

/** One key as the list shows it: its description, type, default, the facility's value and who set it. */
export const generalConfigRow = z.object({
  key: z.string(),
  label: z.string(),
  description: z.string(),
  type: z.enum(SETTING_TYPES),
  nullable: z.boolean(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  unit: z.string().nullable(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  /** Read by the patient app without signing in. */
  app: z.boolean(),
  default: settingValue,
  /** Where the default comes from when it is not a fixed value. */
  defaultNote: z.string().nullable(),
  /** The facility's own value; null when it has not set one (isSet false). */
  value: settingValue,
  isSet: z.boolean(),
  /** What the product uses: the value, else the default. */
  effective: settingValue,
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type GeneralConfigRow = z.infer<typeof generalConfigRow>;

export const generalConfigKeyRow = generalConfigRow.pick({ key: true, label: true, description: true, type: true, default: true, defaultNote: true });

/** PUT body: the value, checked against the key's type by the service (rules/settings-keys `parseSettingValue`). */
export const generalConfigBody = z.strictObject({ value: settingValue.optional() }, { error: () => 'Dữ liệu không hợp lệ' });

/** Checks a body against its key (the web's form uses the same rule). */
export function generalConfigProblem(key: string, value: unknown): string | null {
  const def = settingDef(key);
  if (!def) return null;
  const r = parseSettingValue(def, value);
  return r.ok ? null : r.message;
}

export const constantRow = z.object({ key: z.string(), value: settingValue });

export const publicConfigQuery = z.object({
  facilityCode: z.string({ message: 'Vui lòng nhập mã cơ sở y tế' }).trim().min(1, 'Vui lòng nhập mã cơ sở y tế').max(50, 'Mã cơ sở y tế tối đa 50 ký tự'),
});
/** The app's constants: each key marked `app`, effective value. */
export const publicConfig = z.record(z.string(), settingValue);

// ---- facility profile ----

const time = z.string();
export const workingDay = z.strictObject({
  weekday: z.number().int().min(1).max(7),
  open: z.boolean({ message: 'Vui lòng chọn làm việc hoặc nghỉ' }),
  periods: z.array(z.strictObject({ from: time, to: time })).max(MAX_PERIODS_PER_DAY + 1, `Tối đa ${MAX_PERIODS_PER_DAY} buổi`),
});
export const workingHours = z.array(workingDay).superRefine((week, ctx) => {
  for (const p of workingHoursProblems(week)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
});

/** Texts of the public price page (/list-service), defaults = what the page showed before they were editable. */
export const PRICE_PAGE_DEFAULTS = {
  priceTitle: 'Bảng giá dịch vụ bệnh viện',
  priceSubtitle: 'Tra cứu giá dịch vụ kỹ thuật, giá chất lượng cao và giá bảo hiểm y tế. Đơn vị tính: đồng.',
  priceFooterNote: 'Bảng giá chỉ mang tính tham khảo; giá thanh toán thực tế theo chỉ định của bác sĩ và quy định hiện hành.',
} as const;
export const PRICE_TEXT_MAX = { priceTitle: 120, priceSubtitle: 300, priceFooterNote: 500 } as const;

/** A logo: an uploaded content image, or one of the portal's own static files (the demo's). */
export const LOGO_SRC_RE = /^\/static\/[a-z0-9][a-z0-9/._-]{0,150}\.(?:svg|png|jpg|webp)$/;
export const isLogoSrc = (v: string) => CONTENT_IMAGE_SRC_RE.test(v) || (LOGO_SRC_RE.test(v) && !v.includes('..'));

const PHONE_RE = /^\+?\d{3,15}$/;
const optionalText = (label: string, max: number) =>
  z
    .string({ message: `${label} không hợp lệ` })
    .trim()
    .max(max, `${label} tối đa ${max} ký tự`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));
const phone = (label: string) =>
  optionalText(label, 30).refine((v) => v === null || PHONE_RE.test(v.replace(/[\s.()-]/g, '')), `${label} không phải số điện thoại (3–15 chữ số)`);

export const facilityProfileBody = z.strictObject({
  name: z.string({ message: 'Vui lòng nhập tên cơ sở' }).trim().min(1, 'Vui lòng nhập tên cơ sở').max(200, 'Tên cơ sở tối đa 200 ký tự'),
  shortName: optionalText('Tên viết tắt', 50),
  avatar: optionalText('Logo', 200).refine((v) => v === null || isLogoSrc(v), 'Logo phải là ảnh tải lên từ màn hình này'),
  address: optionalText('Địa chỉ', 300),
  hotline: phone('Số hotline'),
  emergencyPhone: phone('Số cấp cứu'),
  website: optionalText('Website', 300).refine((v) => v === null || isHttpUrl(v), 'Website phải bắt đầu bằng http:// hoặc https://'),
  slogan: optionalText('Khẩu hiệu', 200),
  /** null: the facility keeps no hours (the schedule screens warn about nothing). */
  workingHours: workingHours.nullable(),
  priceTitle: optionalText('Tiêu đề trang bảng giá', PRICE_TEXT_MAX.priceTitle),
  priceSubtitle: optionalText('Dòng giới thiệu trang bảng giá', PRICE_TEXT_MAX.priceSubtitle),
  priceFooterNote: optionalText('Ghi chú chân trang bảng giá', PRICE_TEXT_MAX.priceFooterNote),
});
export type FacilityProfileBody = z.input<typeof facilityProfileBody>;

export const facilityProfile = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  shortName: z.string().nullable(),
  avatar: z.string().nullable(),
  address: z.string().nullable(),
  hotline: z.string().nullable(),
  emergencyPhone: z.string().nullable(),
  website: z.string().nullable(),
  slogan: z.string().nullable(),
  workingHours: z
    .array(z.object({ weekday: z.number().int(), open: z.boolean(), periods: z.array(z.object({ from: z.string(), to: z.string() })) }))
    .nullable(),
  /** Null = the page's default text (PRICE_PAGE_DEFAULTS). */
  priceTitle: z.string().nullable(),
  priceSubtitle: z.string().nullable(),
  priceFooterNote: z.string().nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type FacilityProfile = z.infer<typeof facilityProfile>;

const P = GENERAL_CONFIG_PATH;
export const settingsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: P,
    summary: 'Cấu hình chung: mọi khoá với mô tả, kiểu, mặc định, giá trị của cơ sở, người và thời điểm sửa',
    response: envelope(z.array(generalConfigRow)),
    errors: [401, 403],
  }),
  notExists: endpoint({
    method: 'GET',
    path: `${P}/not-exists`,
    summary: 'Cấu hình chung: các khoá hệ thống biết mà cơ sở chưa đặt giá trị (đang dùng mặc định)',
    response: envelope(z.array(generalConfigKeyRow)),
    errors: [401, 403],
  }),
  constant: endpoint({
    method: 'GET',
    path: `${P}/constant/:id`,
    summary: 'Cấu hình chung: giá trị đang dùng của một khoá (mọi nhân viên đã đăng nhập)',
    params: settingKeyParam,
    response: envelope(constantRow),
    errors: [400, 401, 404],
  }),
  get: endpoint({
    method: 'GET',
    path: `${P}/:id`,
    summary: 'Cấu hình chung: một khoá',
    params: settingKeyParam,
    response: envelope(generalConfigRow),
    errors: [400, 401, 403, 404],
  }),
  update: endpoint({
    method: 'PUT',
    path: `${P}/:id`,
    summary: 'Cấu hình chung: đặt giá trị của một khoá (kiểm tra theo kiểu; có hiệu lực ở yêu cầu kế tiếp trên mọi máy chủ)',
    params: settingKeyParam,
    body: generalConfigBody,
    response: envelope(generalConfigRow),
    errors: [400, 401, 403, 404],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${P}/:id`,
    summary: 'Cấu hình chung: bỏ giá trị của cơ sở, dùng lại mặc định',
    params: settingKeyParam,
    response: envelope(generalConfigRow),
    errors: [400, 401, 403, 404],
  }),
  publicConstants: endpoint({
    method: 'GET',
    path: PUBLIC_GENERAL_CONFIG_PATH,
    summary: 'Hằng số cho ứng dụng bệnh nhân theo mã cơ sở (hotline, số ngày đặt trước, hạn huỷ lịch…; công khai)',
    query: publicConfigQuery,
    response: envelope(publicConfig),
    errors: [400, 404],
  }),
  profile: endpoint({
    method: 'GET',
    path: FACILITY_SETTINGS_PATH,
    summary: 'Cài đặt: thông tin cơ sở (tên, logo, liên hệ, giờ làm việc, chữ của trang bảng giá)',
    response: envelope(facilityProfile),
    errors: [401, 403],
  }),
  updateProfile: endpoint({
    method: 'PUT',
    path: FACILITY_SETTINGS_PATH,
    summary: 'Cài đặt: lưu thông tin cơ sở (trang bảng giá đổi ở lần tải kế tiếp)',
    body: facilityProfileBody,
    response: envelope(facilityProfile),
    errors: [400, 401, 403],
  }),
};
