import { describe, expect, it } from 'vitest';
import { PASSWORD_REMINDER_DAYS } from '../constants';
import {
  defaultSettings,
  formatSettingValue,
  parseSettingValue,
  settingDef,
  settingDefault,
  SETTING_KEYS,
  SETTING_TYPES,
  type SettingKeyDef,
  type SettingValue,
} from './settings-keys';

const def = (key: string) => settingDef(key)!;
const ok = (value: SettingValue) => ({ ok: true, value });

describe('the registry', () => {
  it('has unique keys, Vietnamese labels and descriptions, known types, and defaults of their own type', () => {
    expect(new Set(SETTING_KEYS.map((k) => k.key)).size).toBe(SETTING_KEYS.length);
    for (const k of SETTING_KEYS as readonly SettingKeyDef[]) {
      expect(SETTING_TYPES).toContain(k.type);
      expect(k.label.length).toBeGreaterThan(3);
      expect(k.description.length).toBeGreaterThan(10);
      // a default is always a valid value of its key (null only where the key may be empty)
      expect(parseSettingValue(k, settingDefault(k)), k.key).toEqual(ok(settingDefault(k)));
    }
  });

  it("keeps today's values as the defaults", () => {
    expect(defaultSettings()).toMatchObject({
      HOTLINE: null,
      NO_SHOW_AT: '24:00',
      LATE_CHECKIN_MINUTES: 60,
      REMINDER_HOUR: 19,
      SMS_ENABLED: true,
      PATIENT_BOOKING_NEEDS_ACCEPTANCE: true,
      PASSWORD_REMINDER_DAYS,
      BOOKING_WINDOW_DAYS: 180,
    });
  });

  it('takes the env values as the defaults of the keys that were env values', () => {
    expect(defaultSettings({ NO_SHOW_AT: '20:00', LATE_CHECKIN_MINUTES: 15 })).toMatchObject({ NO_SHOW_AT: '20:00', LATE_CHECKIN_MINUTES: 15 });
  });

  it('knows no other key', () => {
    expect(settingDef('NOPE')).toBeUndefined();
    expect(settingDef('hotline')).toBeUndefined();
  });
});

describe('parseSettingValue, by type', () => {
  it.each<[string, unknown, SettingValue | string]>([
    // integer: numbers or digits, inside min..max (BOOKING_WINDOW_DAYS 1..365)
    ['BOOKING_WINDOW_DAYS', 30, 30],
    ['BOOKING_WINDOW_DAYS', '30', 30],
    ['BOOKING_WINDOW_DAYS', ' 45 ', 45],
    ['BOOKING_WINDOW_DAYS', 1, 1],
    ['BOOKING_WINDOW_DAYS', 365, 365],
    ['BOOKING_WINDOW_DAYS', 0, '"Đặt khám trước tối đa (ngày)" phải từ 1 đến 365'],
    ['BOOKING_WINDOW_DAYS', 366, '"Đặt khám trước tối đa (ngày)" phải từ 1 đến 365'],
    ['BOOKING_WINDOW_DAYS', -1, '"Đặt khám trước tối đa (ngày)" phải từ 1 đến 365'],
    ['BOOKING_WINDOW_DAYS', 2.5, '"Đặt khám trước tối đa (ngày)" phải là số nguyên'],
    ['BOOKING_WINDOW_DAYS', 'ba mươi', '"Đặt khám trước tối đa (ngày)" phải là số nguyên'],
    ['BOOKING_WINDOW_DAYS', '1e2', '"Đặt khám trước tối đa (ngày)" phải là số nguyên'],
    ['BOOKING_WINDOW_DAYS', true, '"Đặt khám trước tối đa (ngày)" phải là số nguyên'],
    ['BOOKING_WINDOW_DAYS', Number.NaN, '"Đặt khám trước tối đa (ngày)" phải là số nguyên'],
    ['BOOKING_WINDOW_DAYS', '', 'Vui lòng nhập giá trị cho "Đặt khám trước tối đa (ngày)"'],
    ['BOOKING_WINDOW_DAYS', null, 'Vui lòng nhập giá trị cho "Đặt khám trước tối đa (ngày)"'],
    ['CANCEL_BEFORE_HOURS', 0, 0],
    ['REMINDER_HOUR', 5, '"Giờ gửi nhắc lịch khám ngày mai" phải từ 6 đến 21'],
    ['REMINDER_HOUR', 21, 21],
    // boolean
    ['SMS_ENABLED', false, false],
    ['SMS_ENABLED', true, true],
    ['SMS_ENABLED', 'false', false],
    ['SMS_ENABLED', 'có', '"Gửi tin nhắn SMS" chỉ nhận bật hoặc tắt'],
    ['SMS_ENABLED', 1, '"Gửi tin nhắn SMS" chỉ nhận bật hoặc tắt'],
    // time, 24:00 allowed for the no-show hour
    ['NO_SHOW_AT', '20:00', '20:00'],
    ['NO_SHOW_AT', '00:00', '00:00'],
    ['NO_SHOW_AT', '24:00', '24:00'],
    ['NO_SHOW_AT', '23:59', '23:59'],
    ['NO_SHOW_AT', '24:01', '"Giờ đánh dấu "Không đến khám"" phải là giờ dạng HH:mm (00:00–24:00)'],
    ['NO_SHOW_AT', '7:00', '"Giờ đánh dấu "Không đến khám"" phải là giờ dạng HH:mm (00:00–24:00)'],
    ['NO_SHOW_AT', '12:60', '"Giờ đánh dấu "Không đến khám"" phải là giờ dạng HH:mm (00:00–24:00)'],
    ['NO_SHOW_AT', 1900, '"Giờ đánh dấu "Không đến khám"" phải là giờ dạng HH:mm (00:00–24:00)'],
    // phone: landlines and hotlines too
    ['HOTLINE', '1900 6115', '1900 6115'],
    ['HOTLINE', '024.3942.1115', '024.3942.1115'],
    ['HOTLINE', '+84 24 3942 1115', '+84 24 3942 1115'],
    ['HOTLINE', '115', '115'],
    ['HOTLINE', '  1900   6115 ', '1900 6115'],
    ['HOTLINE', '', null],
    ['HOTLINE', null, null],
    ['HOTLINE', '19', '"Số hotline" không phải số điện thoại (3–15 chữ số, có thể có dấu cách, dấu chấm, +84)'],
    ['HOTLINE', '1900 abc', '"Số hotline" không phải số điện thoại (3–15 chữ số, có thể có dấu cách, dấu chấm, +84)'],
    ['HOTLINE', '1234567890123456', '"Số hotline" không phải số điện thoại (3–15 chữ số, có thể có dấu cách, dấu chấm, +84)'],
    ['HOTLINE', 19006115, '"Số hotline" không phải số điện thoại (3–15 chữ số, có thể có dấu cách, dấu chấm, +84)'],
    // url
    ['APP_PRIVACY_URL', 'https://benhvien.vn/chinh-sach', 'https://benhvien.vn/chinh-sach'],
    ['APP_PRIVACY_URL', 'http://benhvien.vn', 'http://benhvien.vn'],
    ['APP_PRIVACY_URL', 'javascript:alert(1)', '"Đường dẫn chính sách bảo mật" phải là địa chỉ web bắt đầu bằng http:// hoặc https://'],
    ['APP_PRIVACY_URL', 'benhvien.vn', '"Đường dẫn chính sách bảo mật" phải là địa chỉ web bắt đầu bằng http:// hoặc https://'],
    ['APP_PRIVACY_URL', 'https://', '"Đường dẫn chính sách bảo mật" phải là địa chỉ web bắt đầu bằng http:// hoặc https://'],
    // enum
    ['APP_BOOKING_MODE', 'DOCTOR', 'DOCTOR'],
    ['APP_BOOKING_MODE', 'doctor', '"Cách đặt khám trên ứng dụng" chỉ nhận: Theo bác sĩ hoặc chuyên khoa, Theo bác sĩ, Theo chuyên khoa'],
    // string
    ['APP_WELCOME_TEXT', 'Chào mừng bạn', 'Chào mừng bạn'],
    ['APP_WELCOME_TEXT', 'a'.repeat(200), 'a'.repeat(200)],
    ['APP_WELCOME_TEXT', 'a'.repeat(201), '"Lời chào trên ứng dụng" tối đa 200 ký tự'],
    ['APP_WELCOME_TEXT', 12, '"Lời chào trên ứng dụng" phải là chuỗi ký tự'],
  ])('%s ← %j: %j', (key, raw, expected) => {
    const r = parseSettingValue(def(key), raw);
    const isError = typeof expected === 'string' && (expected.startsWith('"') || expected.startsWith('Vui lòng'));
    expect(r).toEqual(isError ? { ok: false, message: expected } : ok(expected));
  });
});

describe('formatSettingValue', () => {
  it.each<[string, SettingValue, string]>([
    ['SMS_ENABLED', true, 'Bật'],
    ['SMS_ENABLED', false, 'Tắt'],
    ['BOOKING_WINDOW_DAYS', 180, '180 ngày'],
    ['APP_BOOKING_MODE', 'SPECIALTY', 'Theo chuyên khoa'],
    ['HOTLINE', null, '—'],
    ['NO_SHOW_AT', '24:00', '24:00'],
  ])('%s %j → %s', (key, v, text) => expect(formatSettingValue(def(key), v)).toBe(text));
});
