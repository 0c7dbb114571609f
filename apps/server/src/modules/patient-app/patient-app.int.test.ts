import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@portal/shared';
import { APP_PATH, FORGOT_PASSWORD_ANSWER, RESET_CODE_WRONG } from '@portal/shared/contracts/patient-app.contract';
import { hashCost } from '../../core/password-cost';
import { md5 } from '../../core/tokens';
import { patientUsers } from '../../db/schema';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { hashPassword } from '../auth/passwords';

/**
 * The patient app's API (issue 17): sign-in of a patient account in its facility, tokens that never cross between
 * staff and patients, devices, the inbox (paging, read), the advertising choices and the forgotten password.
 */
let t: TestApp;
const PASSWORD = 'BenhNhan@2025';
interface Fac {
  id: number;
  code: string;
  staffToken: string;
}
let a: Fac;
let b: Fac;
let seq = 0;

async function facility(): Promise<Fac> {
  const f = await makeFacility(t, [{ key: 'admin', authorities: ['ADMIN_FACILITY'] }]);
  const [row] = await sqlRows<{ code: string }>(t, sql`SELECT code FROM facilities WHERE id = ${f.facilityId}`);
  return { id: f.facilityId, code: row!.code, staffToken: (await login(t, f.accounts.admin!)).loginToken };
}

async function patient(f: Fac, opts: { locked?: boolean; merged?: boolean; email?: string } = {}) {
  seq += 1;
  const phone = `09${String(10_000_000 + seq * 7919 + Math.floor(Math.random() * 1000)).slice(-8)}`;
  const [u] = await t.database.db
    .insert(patientUsers)
    .values({
      facilityId: f.id,
      name: `Bệnh nhân ${seq}`,
      phone,
      email: opts.email ?? null,
      passwordHash: await hashPassword(md5(PASSWORD), hashCost({ config: t.config })),
      locked: opts.locked || opts.merged || false,
    })
    .returning({ id: patientUsers.id });
  if (opts.merged) await t.database.db.execute(sql`UPDATE patient_users SET merged_into_id = ${u!.id} WHERE id = ${u!.id} AND facility_id = ${f.id}`);
  return { id: u!.id, phone };
}

const put = (url: string, payload: unknown, headers: Record<string, string> = {}, ip = '10.1.0.1') =>
  t.app.inject({ method: 'PUT', url: `${APP_PATH}${url}`, payload: payload as never, headers, remoteAddress: ip });
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method, url: `${APP_PATH}${url}`, headers: token ? bearer(token) : {}, ...(payload !== undefined ? { payload: payload as never } : {}) });

async function appLogin(f: Fac, phone: string, password = PASSWORD): Promise<string> {
  const res = await put('/user/login', { facilityCode: f.code, emailOrPhone: phone, password: md5(password) });
  if (res.statusCode !== 200) throw new Error(`app login ${res.statusCode} ${res.body}`);
  return res.json().data.loginToken;
}

async function addNotifications(f: Fac, userId: number, n: number, extra: { status?: string } = {}) {
  for (let i = 0; i < n; i++) {
    await t.database.db.execute(
      sql`INSERT INTO notifications (facility_id, user_id, title, body, status) VALUES (${f.id}, ${userId}, ${`Tin ${i + 1}`}, 'Nội dung', ${extra.status ?? 'DELIVERED'})`,
    );
  }
}

beforeAll(async () => {
  t = await createTestApp();
  a = await facility();
  b = await facility();
});
afterAll(() => t.close());

describe('sign-in of the patient app', () => {
  it('signs in by phone (any usual form) or e-mail with the MD5 password; stores only the SHA-256 of the token', async () => {
    const mail = `bn${seq}.${Date.now()}@mail.vn`;
    const p = await patient(a, { email: mail });
    const res = await put('/user/login', { facilityCode: a.code, emailOrPhone: `+84 ${p.phone.slice(1)}`, password: md5(PASSWORD) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.user).toMatchObject({ id: p.id, phone: p.phone });
    const stored = await sqlRows<{ token_hash: string }>(t, sql`SELECT token_hash FROM patient_sessions WHERE user_id = ${p.id} AND facility_id = ${a.id}`);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toBe(data.loginToken);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const byMail = await put('/user/login', { facilityCode: a.code, emailOrPhone: mail.toUpperCase(), password: md5(PASSWORD) });
    expect(byMail.statusCode).toBe(200);
  });

  it('400 on a bad body, 401 on a wrong password, an unknown login or another facility, 403 when locked or merged', async () => {
    const p = await patient(a);
    const bad = await put('/user/login', { facilityCode: '', emailOrPhone: p.phone, password: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['facilityCode', 'password']);
    expect((await put('/user/login', { facilityCode: a.code, emailOrPhone: p.phone, password: md5('Sai@12345') })).statusCode).toBe(401);
    expect((await put('/user/login', { facilityCode: b.code, emailOrPhone: p.phone, password: md5(PASSWORD) })).json()).toEqual({
      code: 401,
      message: MSG.wrongCredentials,
    });
    expect((await put('/user/login', { facilityCode: 'KHONG-CO', emailOrPhone: p.phone, password: md5(PASSWORD) })).statusCode).toBe(401);
    for (const opts of [{ locked: true }, { merged: true }]) {
      const q = await patient(a, opts);
      const res = await put('/user/login', { facilityCode: a.code, emailOrPhone: q.phone, password: md5(PASSWORD) });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.accountLocked);
    }
  });

  it('throttles an account after too many failures', async () => {
    const p = await patient(a);
    const statuses: number[] = [];
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES_PER_ACCOUNT + 1; i++) {
      statuses.push((await put('/user/login', { facilityCode: a.code, emailOrPhone: p.phone, password: md5('Sai@12345') }, {}, '10.2.0.9')).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    const right = await put('/user/login', { facilityCode: a.code, emailOrPhone: p.phone, password: md5(PASSWORD) }, {}, '10.2.0.10');
    expect(right.statusCode).toBe(429);
  });

  it('logout ends the session; a locked account loses its sessions at once', async () => {
    const p = await patient(a);
    const token = await appLogin(a, p.phone);
    expect((await call('GET', '/notifications', token)).statusCode).toBe(200);
    expect((await call('PUT', '/user/logout', token)).statusCode).toBe(200);
    expect((await call('GET', '/notifications', token)).statusCode).toBe(401);
    expect((await call('PUT', '/user/logout', null)).statusCode).toBe(401);
    const q = await patient(a);
    const t2 = await appLogin(a, q.phone);
    await t.database.db.execute(sql`UPDATE patient_users SET locked = true WHERE id = ${q.id} AND facility_id = ${a.id}`);
    expect((await call('GET', '/notifications', t2)).statusCode).toBe(401);
  });

  it('a patient token opens no staff route, a staff token no patient route', async () => {
    const p = await patient(a);
    const token = await appLogin(a, p.phone);
    for (const url of ['/api/his/v1/user/me', '/api/his/v1/sms/batches', '/api/his/v1/notify-channels']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(401);
    }
    for (const [method, url] of [
      ['GET', '/notifications'],
      ['GET', '/notification-preferences'],
      ['PUT', '/user/logout'],
      ['POST', '/notifications/read-all'],
    ] as const) {
      const res = await call(method, url, a.staffToken);
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('devices', () => {
  it('registers an FCM token and a browser subscription, moves a token to the account that signs in, removes it', async () => {
    const p = await patient(a);
    const q = await patient(a);
    const tp = await appLogin(a, p.phone);
    const tq = await appLogin(a, q.phone);
    const fcm = `fcm-token-${seq}-${'x'.repeat(40)}`;
    const r1 = await call('POST', '/devices', tp, { platform: 'ANDROID', token: fcm });
    expect(r1.statusCode).toBe(200);
    expect(r1.json().data.platform).toBe('ANDROID');
    const again = await call('POST', '/devices', tp, { platform: 'ANDROID', token: fcm });
    expect(again.json().data.id).toBe(r1.json().data.id);
    const web = await call('POST', '/devices', tp, {
      platform: 'WEB',
      subscription: {
        endpoint: `https://fcm.googleapis.com/fcm/send/abc${seq}`,
        keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
      },
    });
    expect(web.statusCode).toBe(200);
    const moved = await call('POST', '/devices', tq, { platform: 'IOS', token: fcm });
    expect(moved.json().data.id).toBe(r1.json().data.id);
    const owners = await sqlRows<{ user_id: number; platform: string; keys: unknown }>(
      t,
      sql`SELECT user_id, platform, keys FROM patient_devices WHERE facility_id = ${a.id} AND user_id IN (${p.id}, ${q.id}) ORDER BY id`,
    );
    expect(owners.map((o) => [o.user_id, o.platform])).toEqual([
      [q.id, 'IOS'],
      [p.id, 'WEB'],
    ]);
    // p no longer owns it: nothing removed; q removes it
    expect((await call('DELETE', '/devices', tp, { token: fcm })).json().data.removed).toBe(0);
    expect((await call('DELETE', '/devices', tq, { token: fcm })).json().data.removed).toBe(1);
  });

  it('400 without the token or the subscription, with a non-https endpoint; 401 without a patient token', async () => {
    const p = await patient(a);
    const tp = await appLogin(a, p.phone);
    const noToken = await call('POST', '/devices', tp, { platform: 'IOS' });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().errors[0].field).toBe('token');
    const noSub = await call('POST', '/devices', tp, { platform: 'WEB', token: 'x' });
    expect(noSub.json().errors[0].field).toBe('subscription');
    const http = await call('POST', '/devices', tp, { platform: 'WEB', subscription: { endpoint: 'http://x.vn/a', keys: { p256dh: 'a', auth: 'b' } } });
    expect(http.statusCode).toBe(400);
    expect((await call('POST', '/devices', tp, { platform: 'PHONE', token: 'x' })).statusCode).toBe(400);
    expect((await call('DELETE', '/devices', tp, {})).statusCode).toBe(400);
    expect((await call('POST', '/devices', null, { platform: 'IOS', token: 'x' })).statusCode).toBe(401);
    expect((await call('DELETE', '/devices', null, { token: 'x' })).statusCode).toBe(401);
  });
});

describe('inbox', () => {
  it('pages newest first by id with the unread count; marks one read (OPENED) and all read; skipped, future and unwritten rows stay out', async () => {
    const p = await patient(a);
    const tp = await appLogin(a, p.phone);
    await addNotifications(a, p.id, 5);
    await addNotifications(a, p.id, 1, { status: 'SKIPPED' });
    await t.database.db.execute(
      sql`INSERT INTO notifications (facility_id, user_id, title, body, status, not_before) VALUES (${a.id}, ${p.id}, 'Sau này', 'x', 'QUEUED', now() + interval '1 day')`,
    );
    // an event whose template lacked a value: its text is the raw template, never shown to the patient
    await t.database.db.execute(
      sql`INSERT INTO notifications (facility_id, user_id, event, event_ref, title, body, status, error, error_code)
          VALUES (${a.id}, ${p.id}, 'BOOKING_ACCEPTED', '1', 'Thiếu biến', 'Lịch {{ma_lich}}', 'FAILED', 'Thiếu giá trị cho biến {{ma_lich}}', 'TEMPLATE')`,
    );
    const first = await call('GET', '/notifications?size=2', tp);
    expect(first.statusCode).toBe(200);
    const d1 = first.json().data;
    expect(d1.items.map((i: { title: string }) => i.title)).toEqual(['Tin 5', 'Tin 4']);
    expect(d1.unread).toBe(5);
    const second = (await call('GET', `/notifications?size=2&before=${d1.nextBefore}`, tp)).json().data;
    expect(second.items.map((i: { title: string }) => i.title)).toEqual(['Tin 3', 'Tin 2']);
    const last = (await call('GET', `/notifications?size=2&before=${second.nextBefore}`, tp)).json().data;
    expect(last.items.map((i: { title: string }) => i.title)).toEqual(['Tin 1']);
    expect(last.nextBefore).toBeNull();

    const read = await call('POST', `/notifications/${d1.items[0].id}/read`, tp);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ status: 'OPENED', title: 'Tin 5' });
    expect(read.json().data.readAt).toBeTruthy();
    expect((await call('GET', '/notifications', tp)).json().data.unread).toBe(4);
    const all = await call('POST', '/notifications/read-all', tp);
    expect(all.json().data.updated).toBe(4);
    expect((await call('GET', '/notifications', tp)).json().data.unread).toBe(0);
  });

  it("another account's or another facility's notification is 404; bad ids and sizes 400; no token 401", async () => {
    const p = await patient(a);
    const q = await patient(a);
    const r = await patient(b);
    await addNotifications(a, q.id, 1);
    await addNotifications(b, r.id, 1);
    const [qn] = await sqlRows<{ id: number }>(t, sql`SELECT id FROM notifications WHERE facility_id = ${a.id} AND user_id = ${q.id}`);
    const [rn] = await sqlRows<{ id: number }>(t, sql`SELECT id FROM notifications WHERE facility_id = ${b.id} AND user_id = ${r.id}`);
    const tp = await appLogin(a, p.phone);
    expect((await call('POST', `/notifications/${qn!.id}/read`, tp)).statusCode).toBe(404);
    expect((await call('POST', `/notifications/${rn!.id}/read`, tp)).statusCode).toBe(404);
    expect((await call('GET', '/notifications', tp)).json().data.items).toEqual([]);
    expect((await call('POST', '/notifications/abc/read', tp)).statusCode).toBe(400);
    expect((await call('GET', '/notifications?size=1000', tp)).statusCode).toBe(400);
    expect((await call('GET', '/notifications?before=x', tp)).statusCode).toBe(400);
    expect((await call('GET', '/notifications', null)).statusCode).toBe(401);
    expect((await call('POST', `/notifications/${qn!.id}/read`, null)).statusCode).toBe(401);
  });
});

describe('advertising choices', () => {
  it('all allowed without a stored choice; saves per channel; 400 on a bad body; 401 without a token', async () => {
    const p = await patient(a);
    const tp = await appLogin(a, p.phone);
    expect((await call('GET', '/notification-preferences', tp)).json().data).toEqual({ PUSH: true, ZALO: true, SMS: true });
    const saved = await call('PUT', '/notification-preferences', tp, { PUSH: true, ZALO: false, SMS: false });
    expect(saved.statusCode).toBe(200);
    expect((await call('GET', '/notification-preferences', tp)).json().data).toEqual({ PUSH: true, ZALO: false, SMS: false });
    const bad = await call('PUT', '/notification-preferences', tp, { PUSH: 'có' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['PUSH', 'SMS', 'ZALO']);
    expect((await call('GET', '/notification-preferences', null)).statusCode).toBe(401);
    expect((await call('PUT', '/notification-preferences', null, { PUSH: true, ZALO: true, SMS: true })).statusCode).toBe(401);
    const [audit] = await sqlRows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'APP_NOTIFY_PREFS' AND entity_id = ${String(p.id)} AND facility_id = ${a.id}`,
    );
    expect(audit!.n).toBe(1);
  });
});

describe('forgotten password', () => {
  const forgot = (f: Fac, login: string) =>
    t.app.inject({ method: 'POST', url: `${APP_PATH}/user/forgot-password`, payload: { facilityCode: f.code, emailOrPhone: login } });
  const reset = (f: Fac, login: string, code: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: `${APP_PATH}/user/reset-password`,
      payload: { facilityCode: f.code, emailOrPhone: login, code, password: md5(password) },
    });
  const codeOf = async (f: Fac, userId: number) => {
    const [n] = await sqlRows<{ data: { ma_xac_nhan: string } }>(
      t,
      sql`SELECT data FROM notifications WHERE facility_id = ${f.id} AND user_id = ${userId} AND event = 'PASSWORD_RESET' ORDER BY id DESC LIMIT 1`,
    );
    return n!.data.ma_xac_nhan;
  };

  it('answers the same for an unknown account and sends nothing; an existing one gets a 6-digit code stored hashed', async () => {
    const unknown = await forgot(a, '0999999999');
    expect(unknown.statusCode).toBe(200);
    const p = await patient(a);
    const known = await forgot(a, p.phone);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(FORGOT_PASSWORD_ANSWER);
    const code = await codeOf(a, p.id);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await sqlRows<{ code_hash: string }>(t, sql`SELECT code_hash FROM patient_password_resets WHERE facility_id = ${a.id} AND user_id = ${p.id}`);
    expect(row!.code_hash).not.toContain(code);
    // a second request within a minute sends no second code
    await forgot(a, p.phone);
    const [n] = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM patient_password_resets WHERE facility_id = ${a.id} AND user_id = ${p.id}`);
    expect(n!.n).toBe(1);
    expect((await forgot(a, '')).statusCode).toBe(400);
  });

  it('resets with the code: refuses a weak password, then sets it and ends the sessions; the code works once', async () => {
    const p = await patient(a);
    const old = await appLogin(a, p.phone);
    await forgot(a, p.phone);
    const code = await codeOf(a, p.id);
    const weak = await reset(a, p.phone, code, '123456');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0]).toEqual({ field: 'password', message: MSG.passwordTooCommon });
    const like = await reset(a, p.phone, code, p.phone);
    expect(like.json().errors[0].message).toBe(MSG.passwordLikeAccount);
    const ok = await reset(a, p.phone, code, 'MatKhauMoi@2025');
    expect(ok.statusCode).toBe(200);
    expect((await call('GET', '/notifications', old)).statusCode).toBe(401);
    expect((await put('/user/login', { facilityCode: a.code, emailOrPhone: p.phone, password: md5(PASSWORD) })).statusCode).toBe(401);
    expect(await appLogin(a, p.phone, 'MatKhauMoi@2025')).toBeTruthy();
    const again = await reset(a, p.phone, code, 'MatKhauKhac@2025');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(RESET_CODE_WRONG);
  });

  it('a wrong code counts: after 5 tries even the right code is refused; another facility or a bad code is 400', async () => {
    const p = await patient(a);
    await forgot(a, p.phone);
    const code = await codeOf(a, p.id);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await reset(a, p.phone, wrong, 'MatKhauMoi@2025')).statusCode).toBe(400);
    expect((await reset(a, p.phone, code, 'MatKhauMoi@2025')).json().message).toBe(RESET_CODE_WRONG);
    expect((await reset(b, p.phone, code, 'MatKhauMoi@2025')).statusCode).toBe(400);
    const short = await reset(a, p.phone, '12ab', 'MatKhauMoi@2025');
    expect(short.json().errors[0].field).toBe('code');
  });
});
