import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_PATH } from '@portal/shared/contracts/appointments.contract';
import {
  FACILITY_SETTINGS_PATH as FP,
  GENERAL_CONFIG_PATH as P,
  PRICE_PAGE_DEFAULTS,
  PUBLIC_GENERAL_CONFIG_PATH as PUB,
} from '@portal/shared/contracts/settings.contract';
import { WORK_TIME_PATH } from '@portal/shared/contracts/schedules.contract';
import { SETTING_KEYS } from '@portal/shared/rules/settings-keys';
import { addDays } from '@portal/shared/rules/period';
import { sampleWorkingHours } from '@portal/shared/rules/working-hours';
import { todayVn } from '@portal/shared/rules/time';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import type { AppContext } from '../../core/context';
import { makeClinic, makePatient, makeSlots, moveSchedules } from '../appointments/appointments.fixtures';
import { markNoShows } from '../appointments/no-show.job';
import { facilitiesDueForReminder } from '../notifications/events.reminders';
import { sendBatch } from '../sms/sms.job';

/**
 * The general configuration and the facility's profile through the API (issue 18): every route's happy path,
 * 400 in Vietnamese with nothing saved, 401, 403, 404; the public reads never 401/403; and the product reading
 * the settings on the next request (price page, booking window and acceptance, desk rules, work-time, /me).
 */
let t: TestApp;
let fid: number;
let code: string;
const tok: Record<string, string> = {};

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null = tok.manager!, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });
const rowsOf = async (facilityId = fid) =>
  sqlRows<{ key: string; value: unknown }>(t, sql`SELECT key, value FROM facility_settings WHERE facility_id = ${facilityId} ORDER BY key`);
const audits = async (action: string) =>
  (await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM audit_log WHERE facility_id = ${fid} AND action = ${action}`))[0]!.n;
const hospital = async () => (await t.app.inject({ method: 'GET', url: `/api/catalog/v1/public/hospital?hospitalId=${fid}` })).json().data;

const profileBody = (over: Record<string, unknown> = {}) => ({
  name: 'Bệnh viện Đa khoa Hà Đông',
  shortName: 'BVĐK Hà Đông',
  avatar: null,
  address: '2 Bế Văn Đàn, phường Hà Đông, Hà Nội',
  hotline: '1900 6868',
  emergencyPhone: '024 3382 4115',
  website: 'https://benhvienhadong.vn',
  slogan: 'Vì sức khoẻ cộng đồng',
  workingHours: sampleWorkingHours(),
  priceTitle: 'Bảng giá dịch vụ kỹ thuật',
  priceSubtitle: null,
  priceFooterNote: 'Giá có hiệu lực từ 01/01/2026.',
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  const f = await makeFacility(t, [
    { key: 'manager', authorities: ['MANAGER_SETTING'] },
    { key: 'desk', authorities: ['MANAGER_APPOINTMENT', 'MANAGER_SCHEDULE'] },
    { key: 'sms', authorities: ['MANAGER_SMS'] },
  ]);
  const other = await makeFacility(t, [{ key: 'manager', authorities: ['MANAGER_SETTING'] }]);
  fid = f.facilityId;
  await t.database.db.execute(sql`UPDATE facilities SET hotline = '1900 1234' WHERE id = ${fid}`);
  code = (await sqlRows<{ code: string }>(t, sql`SELECT code FROM facilities WHERE id = ${fid}`))[0]!.code;
  tok.manager = (await login(t, f.accounts.manager!)).loginToken;
  tok.desk = (await login(t, f.accounts.desk!)).loginToken;
  tok.sms = (await login(t, f.accounts.sms!)).loginToken;
  tok.other = (await login(t, other.accounts.manager!)).loginToken;
});
afterAll(() => t.close());

describe('general configuration: list, not-exists, get', () => {
  it('lists every key with its description, type, default and no value yet; the hotline defaults to the profile', async () => {
    const res = await req('GET', P);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as { key: string; isSet: boolean; effective: unknown; default: unknown }[];
    expect(list.map((r) => r.key)).toEqual(SETTING_KEYS.map((k) => k.key));
    expect(list.every((r) => !r.isSet)).toBe(true);
    expect(list.find((r) => r.key === 'HOTLINE')).toMatchObject({ default: '1900 1234', effective: '1900 1234', value: null });
    expect(list.find((r) => r.key === 'BOOKING_WINDOW_DAYS')).toMatchObject({ type: 'integer', min: 1, max: 365, default: 180, effective: 180, unit: 'ngày' });
    expect(list.find((r) => r.key === 'NO_SHOW_AT')).toMatchObject({ type: 'time', default: '24:00', defaultNote: expect.stringContaining('NO_SHOW_AT') });
    const notSet = (await req('GET', `${P}/not-exists`)).json().data as { key: string }[];
    expect(notSet).toHaveLength(SETTING_KEYS.length);
  });

  it('gets one key; 404 for a key the system does not know, 400 for a malformed one', async () => {
    expect((await req('GET', `${P}/SMS_ENABLED`)).json().data).toMatchObject({ key: 'SMS_ENABLED', type: 'boolean', default: true, effective: true });
    const missing = await req('GET', `${P}/KHONG_CO`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Không tìm thấy khoá cấu hình');
    expect((await req('GET', `${P}/bad-key`)).statusCode).toBe(400);
  });

  it('401 without a sign-in, 403 without MANAGER_SETTING', async () => {
    for (const [m, url] of [
      ['GET', P],
      ['GET', `${P}/not-exists`],
      ['GET', `${P}/SMS_ENABLED`],
      ['PUT', `${P}/SMS_ENABLED`],
      ['DELETE', `${P}/SMS_ENABLED`],
      ['GET', FP],
      ['PUT', FP],
    ] as const) {
      expect((await req(m, url, null, m === 'PUT' ? { value: false } : undefined)).statusCode, `${m} ${url}`).toBe(401);
      expect((await req(m, url, tok.desk!, m === 'PUT' ? { value: false } : undefined)).statusCode, `${m} ${url}`).toBe(403);
    }
    expect((await req('GET', `${P}/constant/SMS_ENABLED`, null)).statusCode).toBe(401);
  });
});

describe('general configuration: set, reset, constant', () => {
  it('sets a value checked by type, with who and when and an audit row; other facilities keep theirs', async () => {
    const before = await audits('SETTING_UPDATE');
    const res = await req('PUT', `${P}/BOOKING_WINDOW_DAYS`, tok.manager!, { value: '30' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Đã lưu cấu hình', data: { key: 'BOOKING_WINDOW_DAYS', value: 30, isSet: true, effective: 30, default: 180 } });
    expect(res.json().data.updatedBy).toMatch(/^manager_/);
    expect(res.json().data.updatedAt).toMatch(/^\d{4}-/);
    expect(await audits('SETTING_UPDATE')).toBe(before + 1);
    expect((await req('GET', `${P}/not-exists`)).json().data.map((r: { key: string }) => r.key)).not.toContain('BOOKING_WINDOW_DAYS');
    // the other facility still runs on the default
    expect((await req('GET', `${P}/BOOKING_WINDOW_DAYS`, tok.other!)).json().data).toMatchObject({ isSet: false, effective: 180 });
  });

  it.each<[string, unknown, string]>([
    ['BOOKING_WINDOW_DAYS', 'ba mươi', '"Đặt khám trước tối đa (ngày)" phải là số nguyên'],
    ['BOOKING_WINDOW_DAYS', 0, '"Đặt khám trước tối đa (ngày)" phải từ 1 đến 365'],
    ['SMS_ENABLED', 'có', '"Gửi tin nhắn SMS" chỉ nhận bật hoặc tắt'],
    ['NO_SHOW_AT', '25:00', '"Giờ đánh dấu "Không đến khám"" phải là giờ dạng HH:mm (00:00–24:00)'],
    ['HOTLINE', 'gọi ngay', '"Số hotline" không phải số điện thoại (3–15 chữ số, có thể có dấu cách, dấu chấm, +84)'],
    ['APP_PRIVACY_URL', 'javascript:alert(1)', '"Đường dẫn chính sách bảo mật" phải là địa chỉ web bắt đầu bằng http:// hoặc https://'],
    ['REMINDER_HOUR', null, 'Vui lòng nhập giá trị cho "Giờ gửi nhắc lịch khám ngày mai"'],
  ])('refuses %s = %j with a Vietnamese 400 and saves nothing', async (key, value, message) => {
    const before = await rowsOf();
    const res = await req('PUT', `${P}/${key}`, tok.manager!, { value });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message, errors: [{ field: 'value', message }] });
    expect(await rowsOf()).toEqual(before);
  });

  it('refuses an unknown field, an unknown key (404) and saves nothing', async () => {
    const before = await rowsOf();
    expect((await req('PUT', `${P}/SMS_ENABLED`, tok.manager!, { value: true, extra: 1 })).statusCode).toBe(400);
    expect((await req('PUT', `${P}/KHONG_CO`, tok.manager!, { value: 1 })).statusCode).toBe(404);
    expect((await req('DELETE', `${P}/KHONG_CO`)).statusCode).toBe(404);
    expect(await rowsOf()).toEqual(before);
  });

  it('DELETE goes back to the default, audited; a key never set is left as it is', async () => {
    await req('PUT', `${P}/CANCEL_BEFORE_HOURS`, tok.manager!, { value: 6 });
    const before = await audits('SETTING_RESET');
    const res = await req('DELETE', `${P}/CANCEL_BEFORE_HOURS`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Đã đưa cấu hình về giá trị mặc định', data: { isSet: false, value: null, effective: 24 } });
    expect(await audits('SETTING_RESET')).toBe(before + 1);
    expect((await req('DELETE', `${P}/CANCEL_BEFORE_HOURS`)).statusCode).toBe(200);
    expect(await audits('SETTING_RESET')).toBe(before + 1);
  });

  it('constant: the effective value for any signed-in staff of the facility, at once after a change', async () => {
    expect((await req('GET', `${P}/constant/REMINDER_HOUR`, tok.desk!)).json().data).toEqual({ key: 'REMINDER_HOUR', value: 19 });
    await req('PUT', `${P}/REMINDER_HOUR`, tok.manager!, { value: 20 });
    expect((await req('GET', `${P}/constant/REMINDER_HOUR`, tok.desk!)).json().data).toEqual({ key: 'REMINDER_HOUR', value: 20 });
    expect((await req('GET', `${P}/constant/KHONG_CO`, tok.desk!)).statusCode).toBe(404);
    expect((await req('GET', `${P}/constant/x-y`, tok.desk!)).statusCode).toBe(400);
    await req('DELETE', `${P}/REMINDER_HOUR`);
  });

  it("public constants: the app's keys by facility code, never 401/403, 404 for an unknown code, 400 without one", async () => {
    await req('PUT', `${P}/APP_WELCOME_TEXT`, tok.manager!, { value: 'Xin chào' });
    const res = await t.app.inject({ method: 'GET', url: `${PUB}?facilityCode=${code}`, headers: { authorization: 'Bearer sai' } });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual(
      SETTING_KEYS.filter((k) => 'app' in k && k.app)
        .map((k) => k.key)
        .sort(),
    );
    expect(data).toMatchObject({ HOTLINE: '1900 1234', BOOKING_WINDOW_DAYS: 30, APP_WELCOME_TEXT: 'Xin chào', PATIENT_BOOKING_NEEDS_ACCEPTANCE: true });
    expect(data).not.toHaveProperty('SMS_ENABLED');
    expect((await t.app.inject({ method: 'GET', url: `${PUB}?facilityCode=KHONG-CO` })).statusCode).toBe(404);
    const missing = await t.app.inject({ method: 'GET', url: PUB });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('mã cơ sở');
  });
});

describe('facility profile (/admin/settings)', () => {
  it('reads the profile; saves it with an audit row; the price page shows the new hotline and texts on the next load', async () => {
    const got = await req('GET', FP);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json().data).toMatchObject({ id: fid, hotline: '1900 1234', workingHours: null, priceTitle: null });
    expect(await hospital()).toMatchObject({ hotline: '1900 1234', ...PRICE_PAGE_DEFAULTS });

    const before = await audits('FACILITY_PROFILE_UPDATE');
    const res = await req('PUT', FP, tok.manager!, profileBody());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Bệnh viện Đa khoa Hà Đông', hotline: '1900 6868', workingHours: sampleWorkingHours(), priceSubtitle: null });
    expect(res.json().data.updatedBy).toMatch(/^manager_/);
    expect(await audits('FACILITY_PROFILE_UPDATE')).toBe(before + 1);
    expect(await hospital()).toMatchObject({
      name: 'Bệnh viện Đa khoa Hà Đông',
      hotline: '1900 6868',
      priceTitle: 'Bảng giá dịch vụ kỹ thuật',
      priceSubtitle: PRICE_PAGE_DEFAULTS.priceSubtitle,
      priceFooterNote: 'Giá có hiệu lực từ 01/01/2026.',
      slogan: 'Vì sức khoẻ cộng đồng',
    });
  });

  it('the hotline is one value: set in the general configuration it shows on the page; saved in the profile it replaces it', async () => {
    await req('PUT', `${P}/HOTLINE`, tok.manager!, { value: '1900 9999' });
    expect((await hospital()).hotline).toBe('1900 9999');
    expect((await req('GET', FP)).json().data.hotline).toBe('1900 9999');
    await req('PUT', FP, tok.manager!, profileBody({ hotline: '1900 7777' }));
    expect((await hospital()).hotline).toBe('1900 7777');
    expect((await req('GET', `${P}/HOTLINE`)).json().data).toMatchObject({ isSet: false, default: '1900 7777', effective: '1900 7777' });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no name', { name: '  ' }, 'Vui lòng nhập tên cơ sở'],
    ['a bad hotline', { hotline: 'gọi ngay' }, 'Số hotline không phải số điện thoại (3–15 chữ số)'],
    ['a website without http', { website: 'benhvien.vn' }, 'Website phải bắt đầu bằng http:// hoặc https://'],
    ['a logo from elsewhere', { avatar: 'https://evil.example/logo.png' }, 'Logo phải là ảnh tải lên từ màn hình này'],
    [
      'a day whose hours end before they start',
      { workingHours: sampleWorkingHours().map((d) => (d.weekday === 2 ? { ...d, periods: [{ from: '17:00', to: '07:00' }] } : d)) },
      'Thứ Ba: giờ bắt đầu phải trước giờ kết thúc (17:00–07:00)',
    ],
    ['six days', { workingHours: sampleWorkingHours().slice(0, 6) }, 'Giờ làm việc phải có đủ 7 ngày từ Thứ Hai đến Chủ nhật'],
    ['a footer note too long', { priceFooterNote: 'x'.repeat(501) }, 'Ghi chú chân trang bảng giá tối đa 500 ký tự'],
  ])('refuses %s with a Vietnamese 400 and saves nothing', async (_, over, message) => {
    const before = await req('GET', FP);
    const res = await req('PUT', FP, tok.manager!, profileBody(over));
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
    expect((await req('GET', FP)).json().data).toEqual(before.json().data);
  });

  it('work-time-hospital keeps its shift rows and adds the weekday hours', async () => {
    const res = await req('GET', WORK_TIME_PATH, tok.desk!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((s: { key: string }) => s.key)).toEqual(['MORNING', 'AFTERNOON', 'EVENING']);
    expect(res.json().weekdays).toEqual(sampleWorkingHours());
    expect((await req('GET', WORK_TIME_PATH, tok.other!)).json().weekdays).toBeNull();
  });
});

describe('the product reads the settings on the next request', () => {
  it('refuses a booking beyond the window (Vietnamese 400, nothing saved); a patient-source booking starts accepted when acceptance is off', async () => {
    const clinic = await makeClinic(t.database.db, fid);
    const patient = await makePatient(t.database.db, fid);
    const near = await makeSlots(t.database.db, fid, clinic, addDays(todayVn(), 3));
    const far = await makeSlots(t.database.db, fid, clinic, addDays(todayVn(), 31));
    await req('PUT', `${P}/BOOKING_WINDOW_DAYS`, tok.manager!, { value: 30 });
    const book = (slotId: number, source = 'HOTLINE', profile = 0) =>
      req('POST', APPOINTMENT_PATH, tok.desk!, { medicalProfileId: patient.profiles[profile]!.id, timeSlotId: slotId, source });
    const count = async () => (await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM bookings WHERE facility_id = ${fid}`))[0]!.n;
    const n = await count();
    const refused = await book(far[0]!.id);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toMatch(
      /^Chỉ nhận đặt khám trong 30 ngày tới \(đến hết ngày \d{2}\/\d{2}\/\d{4}\); ngày \d{2}\/\d{2}\/\d{4} nằm ngoài khoảng này$/,
    );
    expect(await count()).toBe(n);
    // a larger window lets it through at once
    await req('PUT', `${P}/BOOKING_WINDOW_DAYS`, tok.manager!, { value: 31 });
    expect((await book(far[0]!.id)).statusCode).toBe(200);

    const statusOf = async (res: Awaited<ReturnType<typeof book>>) => {
      expect(res.statusCode, res.body).toBe(200);
      return (await req('GET', `${APPOINTMENT_PATH}/${res.json().data.id}`, tok.desk!)).json().data;
    };
    expect((await statusOf(await book(near[0]!.id, 'APP'))).status).toBe('PENDING');
    await req('PUT', `${P}/PATIENT_BOOKING_NEEDS_ACCEPTANCE`, tok.manager!, { value: false });
    const auto = await statusOf(await book(near[1]!.id, 'WEB'));
    expect(auto.status).toBe('ACCEPTED');
    expect(auto.log.at(-1)).toMatchObject({ action: 'accept', actor: 'SYSTEM', toStatus: 'ACCEPTED' });
    // staff sources still start pending
    expect((await statusOf(await book(near[2]!.id, 'COUNTER'))).status).toBe('PENDING');
    await req('DELETE', `${P}/PATIENT_BOOKING_NEEDS_ACCEPTANCE`);
    await req('DELETE', `${P}/BOOKING_WINDOW_DAYS`);
  });

  it("the desk's rules and /me's password reminder period follow the facility's values", async () => {
    const desk = async () => (await req('GET', `${APPOINTMENT_PATH}/desk`, tok.desk!)).json().data;
    expect(await desk()).toMatchObject({ lateCheckinMinutes: 60, noShowAt: '24:00' });
    await req('PUT', `${P}/NO_SHOW_AT`, tok.manager!, { value: '20:00' });
    await req('PUT', `${P}/LATE_CHECKIN_MINUTES`, tok.manager!, { value: 15 });
    expect(await desk()).toMatchObject({ lateCheckinMinutes: 15, noShowAt: '20:00' });
    const me = async () => (await req('GET', '/api/his/v1/user/me', tok.desk!)).json().data.passwordReminderDays;
    expect(await me()).toBe(180);
    await req('PUT', `${P}/PASSWORD_REMINDER_DAYS`, tok.manager!, { value: 90 });
    expect(await me()).toBe(90);
  });
});

describe("the jobs read each facility's settings", () => {
  /** A job's context: a fresh one reads the settings from the database. */
  const jobCtx = () =>
    ({ config: t.config, database: t.database, live: { publish: async () => undefined, subscribe: () => () => undefined } }) as unknown as AppContext;

  it("the no-show sweep marks today's accepted bookings at the facility's own hour", async () => {
    const clinic = await makeClinic(t.database.db, fid, 'Nhi');
    const patient = await makePatient(t.database.db, fid);
    const slots = await makeSlots(t.database.db, fid, clinic, addDays(todayVn(), 2));
    const made = await req('POST', APPOINTMENT_PATH, tok.desk!, { medicalProfileId: patient.profiles[0]!.id, timeSlotId: slots[0]!.id, accept: true });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().data.id as number;
    await moveSchedules(t.database.db, [slots[0]!.scheduleId], todayVn());
    const status = async () => (await req('GET', `${APPOINTMENT_PATH}/${id}`, tok.desk!)).json().data.status;
    await req('DELETE', `${P}/NO_SHOW_AT`);
    await markNoShows(jobCtx()); // 24:00: today is not over
    expect(await status()).toBe('ACCEPTED');
    await req('PUT', `${P}/NO_SHOW_AT`, tok.manager!, { value: '00:00' });
    await markNoShows(jobCtx());
    expect(await status()).toBe('NO_SHOW');
    await req('DELETE', `${P}/NO_SHOW_AT`);
  });

  it('the reminder job takes the facilities whose reminder hour it is', async () => {
    await req('PUT', `${P}/REMINDER_HOUR`, tok.manager!, { value: 20 });
    const at = (hh: string) => new Date(`${todayVn()}T${hh}:00:00+07:00`);
    expect(await facilitiesDueForReminder(jobCtx(), at('20'))).toContain(fid);
    expect(await facilitiesDueForReminder(jobCtx(), at('19'))).not.toContain(fid);
    await req('DELETE', `${P}/REMINDER_HOUR`);
    expect(await facilitiesDueForReminder(jobCtx(), at('19'))).toContain(fid);
  });

  it('SMS off: a batch sends nothing, each message SKIPPED with the reason', async () => {
    await req('PUT', `${P}/SMS_ENABLED`, tok.manager!, { value: false });
    const res = await req('POST', '/api/his/v1/sms/batches', tok.sms!, { content: 'Nhắc lịch khám ngày mai', kind: 'CARE', phones: '0912345678\n0987654321' });
    expect(res.statusCode, res.body).toBe(200);
    const batchId = res.json().data.id as number;
    expect(await sendBatch(jobCtx(), batchId)).toEqual({ sent: 0, waiting: 0 });
    const msgs = await sqlRows<{ status: string; error: string }>(t, sql`SELECT status, error FROM sms_messages WHERE batch_id = ${batchId}`);
    expect(msgs).toEqual([
      { status: 'SKIPPED', error: 'Cơ sở đã tắt gửi SMS (Cấu hình chung)' },
      { status: 'SKIPPED', error: 'Cơ sở đã tắt gửi SMS (Cấu hình chung)' },
    ]);
    await req('DELETE', `${P}/SMS_ENABLED`);
  });
});

describe('two app instances on one database', () => {
  it('a change made through one is read by the other on its next request (the settings NOTIFY), without a restart', async () => {
    const second = await createTestApp();
    try {
      const read = async () =>
        (await second.app.inject({ method: 'GET', url: `${P}/constant/SMS_ENABLED`, headers: bearer(tok.desk!) })).json().data.value as boolean;
      expect(await read()).toBe(true); // now cached on the second instance
      expect((await req('PUT', `${P}/SMS_ENABLED`, tok.manager!, { value: false })).statusCode).toBe(200);
      // the NOTIFY arrives after the commit: the second instance forgets its copy within moments
      for (let i = 0; i < 100 && (await read()); i++) await new Promise((r) => setTimeout(r, 20));
      expect(await read()).toBe(false);
      await req('DELETE', `${P}/SMS_ENABLED`);
      for (let i = 0; i < 100 && !(await read()); i++) await new Promise((r) => setTimeout(r, 20));
      expect(await read()).toBe(true);
    } finally {
      await second.close();
    }
  });
});
