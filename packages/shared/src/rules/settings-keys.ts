/**
 * The general configuration (issue 18, spec §7 "general config: list, not-exists, /{id}, /constant/{id}"):
 * the typed keys the system knows, each with its Vietnamese label and description, its type and its
 * default — today's value in the product, so a facility that sets nothing works exactly as before.
 * A facility's own value is stored per key (table facility_settings) and read through one cached
 * accessor on the server (modules/settings/settings.accessor.ts). docs/decisions.md "Settings and
 * general configuration".
 */
import { PASSWORD_REMINDER_DAYS } from '../constants';
import { DAY_TIME_RE } from './booking-time';
import { ADHERENCE_THRESHOLD_DEFAULT, DOSE_MISSED_MINUTES_DEFAULT } from './adherence';
import { QUESTION_ANSWER_HOURS_DEFAULT } from './question-status';

export const SETTING_TYPES = ['string', 'phone', 'url', 'integer', 'boolean', 'time', 'enum'] as const;
export type SettingType = (typeof SETTING_TYPES)[number];
export const SETTING_TYPE_LABELS: Record<SettingType, string> = {
  string: 'Chuỗi ký tự',
  phone: 'Số điện thoại',
  url: 'Địa chỉ web',
  integer: 'Số nguyên',
  boolean: 'Bật / tắt',
  time: 'Giờ (HH:mm)',
  enum: 'Chọn một giá trị',
};

export type SettingValue = string | number | boolean | null;

interface KeyBase {
  key: string;
  label: string;
  description: string;
  /** Read by the patient app without signing in (GET …/public/general-config?facilityCode=). */
  app?: boolean;
  /** The value may be left empty (null); otherwise a value is required. */
  nullable?: boolean;
  /** Where the default comes from when it is not a fixed value (shown to staff). */
  defaultNote?: string;
}
export type SettingKeyDef =
  | (KeyBase & { type: 'string'; default: string | null; max: number })
  | (KeyBase & { type: 'phone'; default: string | null })
  | (KeyBase & { type: 'url'; default: string | null })
  | (KeyBase & { type: 'integer'; default: number; min: number; max: number; unit?: string })
  | (KeyBase & { type: 'boolean'; default: boolean })
  | (KeyBase & { type: 'time'; default: string /** 24:00 (the end of the day) allowed. */; allowEndOfDay?: boolean })
  | (KeyBase & { type: 'enum'; default: string; options: readonly { value: string; label: string }[] });

/** Environment values some keys default to (the server passes its config; the web shows the registry's). */
export interface SettingEnvDefaults {
  NO_SHOW_AT: string;
  LATE_CHECKIN_MINUTES: number;
}
export const ENV_DEFAULTS: SettingEnvDefaults = { NO_SHOW_AT: '24:00', LATE_CHECKIN_MINUTES: 60 };

/**
 * The booking window's default: 180 days ahead, beyond anything booked today (the demo's schedules run a few
 * weeks ahead, the schedule screen plans at most 92 days at once), so switching the rule on refuses nothing that
 * worked before.
 */
export const BOOKING_WINDOW_DEFAULT_DAYS = 180;

export const SETTING_KEYS = [
  {
    key: 'HOTLINE',
    label: 'Số hotline',
    description: 'Số tổng đài bệnh nhân gọi: hiện ở trang bảng giá dịch vụ và ứng dụng bệnh nhân.',
    type: 'phone',
    default: null,
    nullable: true,
    app: true,
    defaultNote: 'Số hotline trong hồ sơ cơ sở (Cài đặt)',
  },
  {
    key: 'BOOKING_WINDOW_DAYS',
    label: 'Đặt khám trước tối đa (ngày)',
    description: 'Chỉ nhận lịch khám trong khoảng số ngày này tính từ hôm nay; lịch xa hơn bị từ chối.',
    type: 'integer',
    default: BOOKING_WINDOW_DEFAULT_DAYS,
    min: 1,
    max: 365,
    unit: 'ngày',
    app: true,
  },
  {
    key: 'CANCEL_BEFORE_HOURS',
    label: 'Hạn huỷ lịch của bệnh nhân (giờ trước giờ khám)',
    description: 'Ứng dụng bệnh nhân chỉ cho huỷ lịch khám trước giờ khám ít nhất bấy nhiêu giờ; sau đó bệnh nhân gọi hotline.',
    type: 'integer',
    default: 24,
    min: 0,
    max: 168,
    unit: 'giờ',
    app: true,
  },
  {
    key: 'PATIENT_BOOKING_NEEDS_ACCEPTANCE',
    label: 'Lịch đặt từ ứng dụng, website cần xác nhận',
    description: 'Bật: lịch khám có nguồn Ứng dụng hoặc Website bắt đầu ở "Chờ xác nhận". Tắt: được xác nhận ngay khi tạo.',
    type: 'boolean',
    default: true,
    app: true,
  },
  {
    key: 'REMINDER_HOUR',
    label: 'Giờ gửi nhắc lịch khám ngày mai',
    description: 'Mỗi tối vào giờ này (giờ Việt Nam), bệnh nhân có lịch khám đã xác nhận ngày mai nhận tin nhắc, mỗi lịch một lần.',
    type: 'integer',
    default: 19,
    min: 6,
    max: 21,
    unit: 'giờ',
  },
  {
    key: 'NO_SHOW_AT',
    label: 'Giờ đánh dấu "Không đến khám"',
    description: 'Đến giờ này của ngày khám, lịch đã xác nhận mà bệnh nhân chưa được tiếp đón chuyển sang "Không đến khám". 24:00 = hết ngày.',
    type: 'time',
    default: ENV_DEFAULTS.NO_SHOW_AT,
    allowEndOfDay: true,
    defaultNote: 'Biến môi trường NO_SHOW_AT (mặc định 24:00)',
  },
  {
    key: 'LATE_CHECKIN_MINUTES',
    label: 'Tiếp đón muộn sau (phút)',
    description: 'Quá số phút này sau giờ kết thúc khung giờ khám, lễ tân phải xác nhận khi tiếp đón và lần tiếp đón được ghi là muộn.',
    type: 'integer',
    default: ENV_DEFAULTS.LATE_CHECKIN_MINUTES,
    min: 0,
    max: 1440,
    unit: 'phút',
    defaultNote: 'Biến môi trường LATE_CHECKIN_MINUTES (mặc định 60)',
  },
  {
    key: 'SMS_ENABLED',
    label: 'Gửi tin nhắn SMS',
    description: 'Tắt: không gửi SMS nào của cơ sở; mỗi tin được ghi là "Bỏ qua" kèm lý do.',
    type: 'boolean',
    default: true,
  },
  {
    key: 'PASSWORD_REMINDER_DAYS',
    label: 'Nhắc đổi mật khẩu sau (ngày)',
    description: 'Nhân viên có mật khẩu cũ hơn số ngày này được nhắc đổi mật khẩu khi đăng nhập.',
    type: 'integer',
    default: PASSWORD_REMINDER_DAYS,
    min: 30,
    max: 365,
    unit: 'ngày',
  },
  {
    key: 'APP_BOOKING_MODE',
    label: 'Cách đặt khám trên ứng dụng',
    description: 'Ứng dụng bệnh nhân mở màn hình đặt khám theo bác sĩ, theo chuyên khoa, hoặc cho chọn cả hai.',
    type: 'enum',
    default: 'BOTH',
    options: [
      { value: 'BOTH', label: 'Theo bác sĩ hoặc chuyên khoa' },
      { value: 'DOCTOR', label: 'Theo bác sĩ' },
      { value: 'SPECIALTY', label: 'Theo chuyên khoa' },
    ],
    app: true,
  },
  {
    key: 'APP_PRIVACY_URL',
    label: 'Đường dẫn chính sách bảo mật',
    description: 'Trang chính sách bảo vệ dữ liệu cá nhân mà ứng dụng bệnh nhân mở (Nghị định 13/2023/NĐ-CP).',
    type: 'url',
    default: null,
    nullable: true,
    app: true,
  },
  {
    key: 'APP_WELCOME_TEXT',
    label: 'Lời chào trên ứng dụng',
    description: 'Dòng chữ đầu màn hình chính của ứng dụng bệnh nhân.',
    type: 'string',
    default: null,
    nullable: true,
    max: 200,
    app: true,
  },
  {
    key: 'QUESTION_ANSWER_HOURS',
    label: 'Hạn trả lời câu hỏi (giờ)',
    description: 'Câu hỏi của bệnh nhân chưa được trả lời sau số giờ này (tính từ lúc hỏi) được tô đỏ là quá hạn trên màn hình Quản lý câu hỏi.',
    type: 'integer',
    default: QUESTION_ANSWER_HOURS_DEFAULT,
    min: 1,
    max: 720,
    unit: 'giờ',
  },
  {
    key: 'APP_LINK_PREFIX',
    label: 'Tiền tố liên kết mở ứng dụng',
    description: 'Liên kết sâu (deeplink) mở một màn hình của ứng dụng bệnh nhân bắt đầu bằng tiền tố này, ví dụ benhvien://app hoặc https://app.benhvien.vn.',
    type: 'string',
    default: 'benhvien://app',
    max: 200,
  },
  {
    key: 'CLINIC_ADHERENCE_THRESHOLD',
    label: 'Ngưỡng tuân thủ dùng thuốc (%)',
    description: 'Thành viên phòng khám có tỷ lệ liều thuốc đã xác nhận trên số liều đến hạn thấp hơn ngưỡng này được tô đỏ trên màn hình Nhắc uống thuốc.',
    type: 'integer',
    default: ADHERENCE_THRESHOLD_DEFAULT,
    min: 1,
    max: 100,
    unit: '%',
  },
  {
    key: 'CLINIC_DOSE_MISSED_MINUTES',
    label: 'Thời hạn xác nhận liều thuốc (phút)',
    description: 'Sau số phút này kể từ giờ uống, liều thuốc thành viên chưa xác nhận trong ứng dụng được ghi là bỏ lỡ và không xác nhận được nữa.',
    type: 'integer',
    default: DOSE_MISSED_MINUTES_DEFAULT,
    min: 15,
    max: 1440,
    unit: 'phút',
  },
  {
    key: 'QUEUE_DISPLAY_NAMES',
    label: 'Tên bệnh nhân trên màn hình gọi số',
    description:
      'Màn hình gọi số, lời mời và phiếu số thứ tự hiển thị tên bệnh nhân theo cách này. Che bớt: giữ họ và tên, tên đệm chỉ còn chữ cái đầu (Nguyễn V. An).',
    type: 'enum',
    default: 'MASKED',
    options: [
      { value: 'MASKED', label: 'Che bớt tên đệm (Nguyễn V. An)' },
      { value: 'FULL', label: 'Đầy đủ họ tên' },
      { value: 'HIDDEN', label: 'Không hiển thị tên, chỉ số thứ tự' },
    ],
  },
  {
    key: 'QUEUE_SKIP_PLACES',
    label: 'Bỏ qua: xếp lại sau (người)',
    description: 'Bệnh nhân được gọi mà không có mặt, khi bị bỏ qua, được xếp lại sau số người đang chờ này.',
    type: 'integer',
    default: 3,
    min: 1,
    max: 50,
    unit: 'người',
  },
] as const satisfies readonly SettingKeyDef[];

export type SettingKey = (typeof SETTING_KEYS)[number]['key'];
export const SETTING_KEY_NAMES = SETTING_KEYS.map((k) => k.key) as SettingKey[];

const BY_KEY = new Map<string, SettingKeyDef>(SETTING_KEYS.map((k) => [k.key, k as SettingKeyDef]));
export function settingDef(key: string): SettingKeyDef | undefined {
  return BY_KEY.get(key);
}

/** Every key's value, typed: what the accessor returns. */
export interface EffectiveSettings {
  HOTLINE: string | null;
  BOOKING_WINDOW_DAYS: number;
  CANCEL_BEFORE_HOURS: number;
  PATIENT_BOOKING_NEEDS_ACCEPTANCE: boolean;
  REMINDER_HOUR: number;
  NO_SHOW_AT: string;
  LATE_CHECKIN_MINUTES: number;
  SMS_ENABLED: boolean;
  PASSWORD_REMINDER_DAYS: number;
  APP_BOOKING_MODE: string;
  APP_PRIVACY_URL: string | null;
  APP_WELCOME_TEXT: string | null;
  QUESTION_ANSWER_HOURS: number;
  APP_LINK_PREFIX: string;
  CLINIC_ADHERENCE_THRESHOLD: number;
  CLINIC_DOSE_MISSED_MINUTES: number;
  QUEUE_DISPLAY_NAMES: 'MASKED' | 'FULL' | 'HIDDEN';
  QUEUE_SKIP_PLACES: number;
}

/** A key's default: the registry's, or the environment's for the keys that were env values. */
export function settingDefault(def: SettingKeyDef, env: SettingEnvDefaults = ENV_DEFAULTS): SettingValue {
  if (def.key === 'NO_SHOW_AT') return env.NO_SHOW_AT;
  if (def.key === 'LATE_CHECKIN_MINUTES') return env.LATE_CHECKIN_MINUTES;
  return def.default;
}

/** Every key at its default (the facility has set nothing). */
export function defaultSettings(env: SettingEnvDefaults = ENV_DEFAULTS): EffectiveSettings {
  return Object.fromEntries(SETTING_KEYS.map((k) => [k.key, settingDefault(k as SettingKeyDef, env)])) as unknown as EffectiveSettings;
}

const PHONE_SEPARATORS_RE = /[\s.()-]/g;
const PHONE_RE = /^\+?\d{3,15}$/;

export type ParsedSetting = { ok: true; value: SettingValue } | { ok: false; message: string };

/**
 * Checks a value sent for `def` and returns it in its stored form (trimmed text, a number, a boolean),
 * or the Vietnamese reason it is refused. Numbers may come as digits in a string (a form's text box);
 * booleans as true/false (or the strings "true"/"false").
 */
export function parseSettingValue(def: SettingKeyDef, raw: unknown): ParsedSetting {
  const bad = (message: string): ParsedSetting => ({ ok: false, message });
  const text = typeof raw === 'string' ? raw.trim() : raw;
  if (text === null || text === undefined || text === '') {
    return def.nullable ? { ok: true, value: null } : bad(`Vui lòng nhập giá trị cho "${def.label}"`);
  }
  switch (def.type) {
    case 'integer': {
      const n = typeof text === 'number' ? text : typeof text === 'string' && /^-?\d{1,10}$/.test(text) ? Number(text) : NaN;
      if (!Number.isInteger(n)) return bad(`"${def.label}" phải là số nguyên`);
      if (n < def.min || n > def.max) return bad(`"${def.label}" phải từ ${def.min} đến ${def.max}`);
      return { ok: true, value: n };
    }
    case 'boolean': {
      if (typeof text === 'boolean') return { ok: true, value: text };
      if (text === 'true' || text === 'false') return { ok: true, value: text === 'true' };
      return bad(`"${def.label}" chỉ nhận bật hoặc tắt`);
    }
    case 'time': {
      if (typeof text !== 'string' || !DAY_TIME_RE.test(text)) {
        return bad(`"${def.label}" phải là giờ dạng HH:mm (00:00–${def.allowEndOfDay ? '24:00' : '23:59'})`);
      }
      if (text === '24:00' && !def.allowEndOfDay) return bad(`"${def.label}" phải là giờ dạng HH:mm (00:00–23:59)`);
      return { ok: true, value: text };
    }
    case 'phone': {
      if (typeof text !== 'string' || text.length > 30 || !PHONE_RE.test(text.replace(PHONE_SEPARATORS_RE, ''))) {
        return bad(`"${def.label}" không phải số điện thoại (3–15 chữ số, có thể có dấu cách, dấu chấm, +84)`);
      }
      return { ok: true, value: text.replace(/\s+/g, ' ') };
    }
    case 'url': {
      if (typeof text !== 'string' || text.length > 500 || !isHttpUrl(text))
        return bad(`"${def.label}" phải là địa chỉ web bắt đầu bằng http:// hoặc https://`);
      return { ok: true, value: text };
    }
    case 'enum': {
      const found = def.options.find((o) => o.value === text);
      if (!found) return bad(`"${def.label}" chỉ nhận: ${def.options.map((o) => o.label).join(', ')}`);
      return { ok: true, value: found.value };
    }
    case 'string': {
      if (typeof text !== 'string') return bad(`"${def.label}" phải là chuỗi ký tự`);
      if (text.length > def.max) return bad(`"${def.label}" tối đa ${def.max} ký tự`);
      return { ok: true, value: text };
    }
  }
}

/** An absolute http(s) address with a host. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return new URL(value).hostname.length > 0;
  } catch {
    return false;
  }
}

/** How a value reads on the screen ("Bật", "180 ngày", "—"). */
export function formatSettingValue(def: SettingKeyDef, value: SettingValue): string {
  if (value === null || value === '') return '—';
  if (def.type === 'boolean') return value ? 'Bật' : 'Tắt';
  if (def.type === 'integer') return def.unit ? `${value} ${def.unit}` : String(value);
  if (def.type === 'enum') return def.options.find((o) => o.value === value)?.label ?? String(value);
  return String(value);
}
