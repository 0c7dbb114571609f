import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORITIES, MSG } from '@portal/shared';
import { md5 } from '../../core/tokens';
import { bearer, createTestApp, sqlRows, login, loginRequest, makeFacility, type FixtureAccount, type TestApp } from '../../test/test-app';

let t: TestApp;
let acc: Record<string, FixtureAccount>;
let other: Record<string, FixtureAccount>;

beforeAll(async () => {
  t = await createTestApp({ ENABLE_TEST_FIXTURES: '1', LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_IP: '6' });
  ({ accounts: acc } = await makeFacility(t, [
    { key: 'letan', authorities: ['MANAGER_APPOINTMENT', 'MANAGER_USER'] },
    { key: 'admin', authorities: ['ADMIN_FACILITY'] },
    { key: 'locked', authorities: ['MANAGER_USER'], locked: true },
    { key: 'changer', authorities: ['MANAGER_LOG'] },
    { key: 'changer2', authorities: ['MANAGER_LOG'] },
    { key: 'throttled', authorities: [] },
    { key: 'rotate', authorities: [] },
    { key: 'logout', authorities: [] },
  ]));
  ({ accounts: other } = await makeFacility(t, [{ key: 'admin', authorities: ['ADMIN_FACILITY'] }]));
});
afterAll(() => t.close());

const auditRows = (action: string, entityId?: number) =>
  sqlRows<{ action: string; actor_id: number | null; facility_id: number | null; after: unknown }>(
    t,
    sql`SELECT action, actor_id, facility_id, after FROM audit_log WHERE action = ${action} ${entityId ? sql`AND entity_id = ${String(entityId)}` : sql``} ORDER BY id`,
  );

describe('PUT /api/his/v1/user/login', () => {
  it('signs in with the MD5 of the password and returns the auth user', async () => {
    const res = await loginRequest(t, acc.letan!.username, acc.letan!.password);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.message).toBe(MSG.loginSuccess);
    expect(body.data).toMatchObject({ id: acc.letan!.id, username: acc.letan!.username, name: 'Nhân viên letan', mustChangePassword: false });
    expect(body.data.loginToken).toMatch(/^[\w-]{43}$/);
    expect(body.data.refresh_token).toMatch(/^[\w-]{43}$/);
    expect(new Date(body.data.lastPasswordReset).getTime()).toBeGreaterThan(0);
    // tokens are stored only as SHA-256
    const stored = await sqlRows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM sessions WHERE token_hash = ${body.data.loginToken} OR refresh_hash = ${body.data.refresh_token}`,
    );
    expect(Number(stored[0]!.n)).toBe(0);
  });

  it('is case-insensitive and trims the username', async () => {
    const res = await loginRequest(t, `  ${acc.letan!.username.toUpperCase()} `, acc.letan!.password);
    expect(res.statusCode).toBe(200);
  });

  it('gives every sign-in a new token', async () => {
    const a = await login(t, acc.letan!);
    const b = await login(t, acc.letan!);
    expect(a.loginToken).not.toBe(b.loginToken);
  });

  it.each([
    ['wrong password', () => acc.admin!.username, 'Sai@12345'],
    ['unknown user', () => 'khong_ton_tai_abc', 'Sai@12345'],
  ])('answers %s with the same generic 401', async (_label, user, password) => {
    const res = await loginRequest(t, user(), password, '10.1.0.1');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 401, message: MSG.wrongCredentials });
  });

  it('records failed sign-ins in the audit trail without the password', async () => {
    await loginRequest(t, acc.admin!.username, 'Sai@99999', '10.1.0.2');
    const rows = await auditRows('LOGIN_FAILED', acc.admin!.id);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(md5('Sai@99999'));
  });

  it.each([
    ['missing body fields', {}, 'emailOrPhone'],
    ['missing password', { emailOrPhone: 'admin' }, 'password'],
    ['non-hex password', { emailOrPhone: 'admin', password: 'z'.repeat(32) }, 'password'],
    ['plain-text password', { emailOrPhone: 'admin', password: 'Admin@123' }, 'password'],
    ['10,000-character username', { emailOrPhone: 'a'.repeat(10_000), password: md5('x') }, 'emailOrPhone'],
    ['blank username', { emailOrPhone: '   ', password: md5('x') }, 'emailOrPhone'],
    ['wrong type', { emailOrPhone: 12, password: md5('x') }, 'emailOrPhone'],
  ])('refuses %s with 400 and a Vietnamese field error', async (_label, payload, field) => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/his/v1/user/login', payload });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(400);
    expect(body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(body.message).toMatch(/[àáảãạăâđêôơưếềệọộớờụứừ]|Trường|Tối|Mật khẩu|Phải|Vui lòng/i);
  });

  it('treats SQL in the username as text', async () => {
    const res = await loginRequest(t, "' OR 1=1 --", 'x', '10.1.0.3');
    expect(res.statusCode).toBe(401);
    const n = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM accounts`);
    expect(Number(n[0]!.n)).toBeGreaterThan(0);
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/his/v1/user/login', payload: '{bad', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Dữ liệu gửi lên không đúng định dạng JSON');
  });

  it('refuses a locked account with 403 (the same answer for a wrong password: throttle.int.test.ts)', async () => {
    const res = await loginRequest(t, acc.locked!.username, acc.locked!.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.accountLocked);
  });

  it('throttles an account after repeated failures, even with the right password, and logs it', async () => {
    const u = acc.throttled!;
    for (let i = 0; i < 3; i++) expect((await loginRequest(t, u.username, 'Sai@12345', `10.2.0.${i}`)).statusCode).toBe(401);
    const blocked = await loginRequest(t, u.username, u.password, '10.2.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Bạn đã đăng nhập sai quá nhiều lần\. Vui lòng thử lại sau \d+ phút\.$/);
    expect((await auditRows('LOGIN_THROTTLED')).length).toBeGreaterThan(0);
  });

  it('throttles an address that tries many accounts', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 6; i++) await loginRequest(t, `nobody${i}`, 'Sai@12345', ip);
    const res = await loginRequest(t, acc.letan!.username, acc.letan!.password, ip);
    expect(res.statusCode).toBe(429);
    // another address is not affected
    expect((await loginRequest(t, acc.letan!.username, acc.letan!.password, '10.3.0.2')).statusCode).toBe(200);
  });
});

describe('GET /api/his/v1/user/me', () => {
  it('returns the user, live authorities and the facility', async () => {
    const { loginToken } = await login(t, acc.letan!);
    const res = await t.app.inject({ method: 'GET', url: '/api/his/v1/user/me', headers: bearer(loginToken) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { data } = res.json();
    expect(data.user).toMatchObject({ id: acc.letan!.id, username: acc.letan!.username, authorities: ['MANAGER_APPOINTMENT', 'MANAGER_USER'] });
    expect(data.hospitalByAdmin.id).toBe(acc.letan!.facilityId);
    expect(data.hospitalByAdmin.name).toMatch(/^Bệnh viện kiểm thử/);
  });

  it('accepts the bare token, and the loginToken query value only on the WebSocket (a token in a REST URL is refused)', async () => {
    const { loginToken } = await login(t, acc.letan!);
    expect((await t.app.inject({ method: 'GET', url: '/api/his/v1/user/me', headers: { authorization: loginToken } })).statusCode).toBe(200);
    for (const url of [`/api/his/v1/user/me?loginToken=${loginToken}`, `/api/appointment/v1/sources?loginToken=${loginToken}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, message: MSG.unauthorized });
    }
  });

  it.each([
    ['no token', {}],
    ['an unknown token', bearer('x'.repeat(43))],
    ['an oversized token', bearer('x'.repeat(5000))],
  ])('answers %s with 401', async (_l, headers) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/his/v1/user/me', headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 401, message: MSG.unauthorized });
  });

  it('takes a role change into account on the next request', async () => {
    const { loginToken } = await login(t, acc.changer2!);
    const me1 = await t.app.inject({ method: 'GET', url: '/api/his/v1/user/me', headers: bearer(loginToken) });
    expect(me1.json().data.user.authorities).toEqual(['MANAGER_LOG']);
    // written straight to the database, as another server instance would: the session cache of this one
    // hears it through the database's NOTIFY (milliseconds), far inside its 5 s time-to-live
    await t.database.db.execute(sql`INSERT INTO role_authorities (role_id, authority)
      SELECT role_id, 'MANAGER_REPORT' FROM account_roles WHERE account_id = ${acc.changer2!.id}`);
    const me2 = async () => (await t.app.inject({ method: 'GET', url: '/api/his/v1/user/me', headers: bearer(loginToken) })).json().data.user.authorities;
    await expect.poll(me2, { timeout: 1000, interval: 20 }).toEqual(['MANAGER_LOG', 'MANAGER_REPORT']);
  });

  it('a lock written by another instance ends a session already remembered by this one within a moment', async () => {
    const { accounts } = await makeFacility(t, [{ key: 'lockedlater', authorities: [] }]);
    const { loginToken } = await login(t, accounts.lockedlater!);
    const me = async () => (await t.app.inject({ method: 'GET', url: '/api/his/v1/user/me', headers: bearer(loginToken) })).statusCode;
    expect(await me()).toBe(200);
    expect(await me()).toBe(200); // now served from the session cache
    await t.database.db.execute(sql`UPDATE accounts SET locked = true WHERE id = ${accounts.lockedlater!.id}`);
    await expect.poll(me, { timeout: 1000, interval: 20 }).toBe(401);
  });

  it('a logout on this instance holds on the very next request', async () => {
    const { accounts } = await makeFacility(t, [{ key: 'leaves', authorities: [] }]);
    const { loginToken } = await login(t, accounts.leaves!);
    const me = async () => (await t.app.inject({ method: 'GET', url: '/api/his/v1/user/me', headers: bearer(loginToken) })).statusCode;
    expect(await me()).toBe(200);
    const out = await t.app.inject({ method: 'PUT', url: '/api/his/v1/user/logout', headers: bearer(loginToken) });
    expect(out.statusCode, out.body).toBe(200);
    expect(await me()).toBe(401);
  });

  it('ends a session when its account is locked', async () => {
    const { accounts } = await makeFacility(t, [{ key: 'tolock', authorities: [] }]);
    const { loginToken } = await login(t, accounts.tolock!);
    await t.database.db.execute(sql`UPDATE accounts SET locked = true WHERE id = ${accounts.tolock!.id}`);
    expect((await t.app.inject({ method: 'GET', url: '/api/his/v1/user/me', headers: bearer(loginToken) })).statusCode).toBe(401);
  });

  it('ends an idle session and an expired token', async () => {
    const { accounts } = await makeFacility(t, [{ key: 'idle', authorities: [] }]);
    const a = await login(t, accounts.idle!);
    await t.database.db.execute(sql`UPDATE sessions SET last_seen_at = now() - interval '1 day' WHERE account_id = ${accounts.idle!.id}`);
    expect((await t.app.inject({ method: 'GET', url: '/api/his/v1/user/me', headers: bearer(a.loginToken) })).statusCode).toBe(401);
    const b = await login(t, accounts.idle!);
    await t.database.db.execute(
      sql`UPDATE sessions SET token_expires_at = now() - interval '1 second' WHERE account_id = ${accounts.idle!.id} AND revoked_at IS NULL`,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/his/v1/user/me', headers: bearer(b.loginToken) })).statusCode).toBe(401);
    // the refresh token still renews an expired access token within the session
    const r = await t.app.inject({ method: 'POST', url: '/api/his/v1/auth/refresh', payload: { refreshToken: b.refresh_token } });
    expect(r.statusCode).toBe(200);
  });
});

describe('authorities (spec §6)', () => {
  it('refuses a route needing an authority the caller lacks with 403 and audits it', async () => {
    const { loginToken } = await login(t, acc.letan!);
    const res = await t.app.inject({ method: 'GET', url: '/api/test/v1/authority/MANAGER_REPORT', headers: bearer(loginToken) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 403, message: 'Bạn không có quyền thao tác' });
    const rows = await auditRows('FORBIDDEN');
    expect(rows.some((r) => r.actor_id === acc.letan!.id)).toBe(true);
  });

  it('lets a holder of the authority and ADMIN_FACILITY through', async () => {
    const l = await login(t, acc.letan!);
    expect((await t.app.inject({ method: 'GET', url: '/api/test/v1/authority/MANAGER_USER', headers: bearer(l.loginToken) })).statusCode).toBe(200);
    const a = await login(t, acc.admin!);
    expect((await t.app.inject({ method: 'GET', url: '/api/test/v1/authority/MANAGER_SHP', headers: bearer(a.loginToken) })).statusCode).toBe(200);
  });

  it('lists all authorities with what the caller holds', async () => {
    const { loginToken } = await login(t, acc.letan!);
    const res = await t.app.inject({ method: 'GET', url: '/api/his/v1/user/authorizes', headers: bearer(loginToken) });
    const data = res.json().data as { code: string; name: string; granted: boolean }[];
    expect(data).toHaveLength(AUTHORITIES.length);
    expect(data.find((d) => d.code === 'FHIR_READ')).toEqual({ code: 'FHIR_READ', name: 'Hệ thống HIS đọc dữ liệu FHIR', granted: false });
    expect(data.filter((d) => d.granted).map((d) => d.code)).toEqual(['MANAGER_USER', 'MANAGER_APPOINTMENT']);
    expect(data.find((d) => d.code === 'MANAGER_USER')!.name).toBe('Quản lý tài khoản bệnh nhân');
  });
});

describe('POST /api/his/v1/auth/refresh', () => {
  it('rotates both tokens; the old refresh token then ends the session', async () => {
    const first = await login(t, acc.rotate!);
    const res = await t.app.inject({ method: 'POST', url: '/api/his/v1/auth/refresh', payload: { refreshToken: first.refresh_token } });
    expect(res.statusCode).toBe(200);
    const second = res.json().data;
    expect(second.loginToken).not.toBe(first.loginToken);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await t.app.inject({ method: 'GET', url: '/api/his/v1/user/me', headers: bearer(first.loginToken) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/his/v1/user/me', headers: bearer(second.loginToken) })).statusCode).toBe(200);
    // replaying the rotated-away token is treated as theft: the whole session ends
    const replay = await t.app.inject({ method: 'POST', url: '/api/his/v1/auth/refresh', payload: { refreshToken: first.refresh_token } });
    expect(replay.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/his/v1/user/me', headers: bearer(second.loginToken) })).statusCode).toBe(401);
    expect((await auditRows('REFRESH_REUSE')).length).toBe(1);
  });

  it.each([
    ['an unknown token', { refreshToken: 'nope' }, 401],
    ['a missing token', {}, 400],
  ])('answers %s', async (_l, payload, status) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/his/v1/auth/refresh', payload });
    expect(res.statusCode).toBe(status);
  });
});

describe('PUT /api/his/v1/user/logout', () => {
  it('ends the session', async () => {
    const { loginToken } = await login(t, acc.logout!);
    const res = await t.app.inject({ method: 'PUT', url: '/api/his/v1/user/logout', headers: bearer(loginToken) });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/his/v1/user/me', headers: bearer(loginToken) })).statusCode).toBe(401);
  });
  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/his/v1/user/logout' })).statusCode).toBe(401);
  });
});

describe('password change', () => {
  const put = (token: string, id: number, passwordOld: string, passwordNew: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/his/v1/user/${id}`,
      headers: bearer(token),
      payload: { passwordOld: md5(passwordOld), passwordNew: md5(passwordNew) },
    });

  it('answers a wrong old password with code 2 and changes nothing', async () => {
    const { loginToken } = await login(t, acc.changer!);
    const res = await put(loginToken, acc.changer!.id, 'Sai@12345', 'Moi@Manh2025');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 2, message: MSG.oldPasswordWrong });
    await login(t, acc.changer!); // old password still works
  });

  it.each([
    ['the same password', (p: string) => p, MSG.passwordSameAsOld],
    ['a well-known weak password', () => 'P@ssw0rd', MSG.passwordTooCommon],
    // what an MD5 on the wire still lets the server see (finding 5 of the hardening issue)
    ['the empty password', () => '', MSG.passwordEmpty],
    ['a one-letter password', () => 'a', MSG.passwordTooCommon],
    ['a one-digit password', () => '1', MSG.passwordTooCommon],
    ['the username', () => acc.changer!.username, MSG.passwordLikeAccount],
    ['the username in capitals', () => acc.changer!.username.toUpperCase(), MSG.passwordLikeAccount],
    ['a common password that fails the client rule', () => '123456', MSG.passwordTooCommon],
    ['a common password, capitalised', () => 'Dragon', MSG.passwordTooCommon],
    ['a common password from deep in the list', () => 'dimazarya', MSG.passwordTooCommon],
  ])('refuses %s', async (_l, next, message) => {
    const { loginToken } = await login(t, acc.changer!);
    const res = await put(loginToken, acc.changer!.id, acc.changer!.password, next(acc.changer!.password));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("refuses to change another account's password", async () => {
    const { loginToken } = await login(t, acc.changer!);
    expect((await put(loginToken, acc.letan!.id, acc.changer!.password, 'Moi@Manh2025')).statusCode).toBe(403);
    expect((await put(loginToken, other.admin!.id, acc.changer!.password, 'Moi@Manh2025')).statusCode).toBe(403);
  });

  it.each([
    ['a non-numeric id', 'abc'],
    ['a negative id', '-1'],
  ])('refuses %s with 400', async (_l, id) => {
    const { loginToken } = await login(t, acc.changer!);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/his/v1/user/${id}`,
      headers: bearer(loginToken),
      payload: { passwordOld: md5('a'), passwordNew: md5('b') },
    });
    expect(res.statusCode).toBe(400);
  });

  it('changes the password, ends every session and audits it (PUT /user/{id})', async () => {
    const { accounts } = await makeFacility(t, [{ key: 'pw', authorities: [], lastPasswordReset: new Date('2024-01-15T00:00:00Z') }]);
    const u = accounts.pw!;
    const s1 = await login(t, u);
    const s2 = await login(t, u);
    const res = await put(s1.loginToken, u.id, u.password, 'Moi@Manh2025');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, message: MSG.passwordChanged });
    for (const s of [s1, s2]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/his/v1/user/me', headers: bearer(s.loginToken) })).statusCode).toBe(401);
    }
    expect((await loginRequest(t, u.username, u.password)).statusCode).toBe(401);
    const again = await loginRequest(t, u.username, 'Moi@Manh2025');
    expect(again.statusCode).toBe(200);
    expect(Date.now() - new Date(again.json().data.lastPasswordReset).getTime()).toBeLessThan(60_000);
    const rows = await auditRows('PASSWORD_CHANGE', u.id);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(md5('Moi@Manh2025'));
  });

  it('changes the password through update-password (menu dialog)', async () => {
    const { accounts } = await makeFacility(t, [{ key: 'menu', authorities: [], mustChangePassword: true }]);
    const u = accounts.menu!;
    const { loginToken } = await login(t, u);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/his/v1/user/update-password',
      headers: bearer(loginToken),
      payload: { id: u.id, passold: md5(u.password), newpass: md5('Khac@Manh2025') },
    });
    expect(res.statusCode).toBe(200);
    const next = await login(t, { username: u.username, password: 'Khac@Manh2025' });
    const me = await t.app.inject({ method: 'GET', url: '/api/his/v1/user/me', headers: bearer(next.loginToken) });
    expect(me.json().data.user.mustChangePassword).toBe(false);
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/his/v1/user/update-password', payload: { id: 1, passold: md5('a'), newpass: md5('b') } });
    expect(res.statusCode).toBe(401);
  });
});

describe('a password older than the strong-password rule (spec §4: before 22/09/2024 +07:00)', () => {
  it('opens only me, the password change and logout until it is changed, as a one-time password does', async () => {
    const { accounts } = await makeFacility(t, [
      { key: 'old', authorities: ['ADMIN_FACILITY'], lastPasswordReset: new Date('2024-09-21T16:59:59Z') },
      { key: 'onetime', authorities: ['ADMIN_FACILITY'], mustChangePassword: true },
      { key: 'cutoff', authorities: ['ADMIN_FACILITY'], lastPasswordReset: new Date('2024-09-21T17:00:00Z') },
    ]);
    const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
    const cases: [FixtureAccount, string | null][] = [
      [accounts.old!, MSG.mustChangeToStrongPassword],
      [accounts.onetime!, MSG.mustChangePasswordFirst],
      [accounts.cutoff!, null], // at the cutoff itself the rule is met
    ];
    for (const [u, reason] of cases) {
      const { loginToken } = await login(t, u);
      expect((await get(loginToken, '/api/his/v1/user/me')).statusCode).toBe(200);
      for (const url of ['/api/his/v1/user/authorizes', '/api/his/v1/permissions', '/api/appointment/v1/sources', '/api/live/v1']) {
        const res = await get(loginToken, url);
        if (reason) expect([url, res.statusCode, res.json()]).toEqual([url, 403, { code: 403, message: reason }]);
        else expect([url, res.statusCode]).not.toEqual([url, 403]);
      }
    }
    const { loginToken } = await login(t, accounts.old!);
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/his/v1/user/${accounts.old!.id}`,
      headers: bearer(loginToken),
      payload: { passwordOld: md5(accounts.old!.password), passwordNew: md5('Moi@Manh2025') },
    });
    expect(changed.statusCode).toBe(200);
    const next = await login(t, { username: accounts.old!.username, password: 'Moi@Manh2025' });
    expect((await get(next.loginToken, '/api/his/v1/user/authorizes')).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'PUT', url: '/api/his/v1/user/logout', headers: bearer((await login(t, accounts.onetime!)).loginToken) });
    expect(out.statusCode).toBe(200);
  });
});

describe('session idle time', () => {
  it('touches an active session while more than half of its idle time is left', async () => {
    const short = await createTestApp({ SESSION_IDLE_MINUTES: '1', SESSION_CACHE_SECONDS: '0' });
    const { accounts } = await makeFacility(short, [{ key: 'idle', authorities: [] }]);
    const { loginToken } = await login(short, accounts.idle!);
    // 40 s since the last request: 20 s of the minute left, less than half
    await short.database.db.execute(sql`UPDATE sessions SET last_seen_at = now() - interval '40 seconds' WHERE account_id = ${accounts.idle!.id}`);
    expect((await short.app.inject({ method: 'GET', url: '/api/his/v1/user/me', headers: bearer(loginToken) })).statusCode).toBe(200);
    const rows = await sqlRows<{ ago: number }>(
      short,
      sql`SELECT extract(epoch from now() - last_seen_at)::float AS ago FROM sessions WHERE account_id = ${accounts.idle!.id}`,
    );
    expect(Number(rows[0]!.ago)).toBeLessThan(10);
    await short.close();
  });
});

describe('password hashing', () => {
  it('upgrades a hash made with other argon2 costs at sign-in', async () => {
    const { accounts } = await makeFacility(t, [{ key: 'rehash', authorities: [] }]);
    const before = await sqlRows<{ h: string }>(t, sql`SELECT password_hash AS h FROM accounts WHERE id = ${accounts.rehash!.id}`);
    expect(before[0]!.h).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    const stronger = await createTestApp({ ARGON2_MEMORY_KIB: '2048', ARGON2_TIME_COST: '2' });
    await login(stronger, accounts.rehash!);
    const after = await sqlRows<{ h: string }>(t, sql`SELECT password_hash AS h FROM accounts WHERE id = ${accounts.rehash!.id}`);
    expect(after[0]!.h).toMatch(/^\$argon2id\$v=19\$m=2048,t=2,p=1\$/);
    await login(stronger, accounts.rehash!); // still verifies
    await stronger.close();
  });
});

describe('audit trail', () => {
  it('is append-only: the database refuses UPDATE and DELETE', async () => {
    const failure = (q: Promise<unknown>) =>
      q.then(
        () => 'accepted',
        (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
      );
    const count = async () => Number((await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM audit_log`))[0]!.n);
    const before = await count();
    expect(before).toBeGreaterThan(0);
    expect(await failure(t.database.db.execute(sql`UPDATE audit_log SET action = 'X'`))).toMatch(/append-only \(UPDATE refused\)/);
    expect(await failure(t.database.db.execute(sql`DELETE FROM audit_log`))).toMatch(/append-only \(DELETE refused\)/);
    expect(await failure(t.database.db.execute(sql`TRUNCATE audit_log`))).toMatch(/append-only \(TRUNCATE refused\)/);
    expect(await count()).toBe(before);
  });
});

describe('responses', () => {
  it('sets security headers; scripts may connect to this host only (no WebSocket to any host)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(res.headers['content-security-policy']).split(';');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("connect-src 'self'");
  });
  it('answers an unknown API route with a Vietnamese 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/his/v1/khong-co' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: MSG.routeNotFound });
  });
  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/his/v1/user/login');
  });
});
