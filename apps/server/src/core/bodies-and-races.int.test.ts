import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@portal/shared';
import { bearer, createTestApp, login, makeFacility, sqlRows, type FixtureAccount, type TestApp } from '../test/test-app';

/**
 * Two defects the platform issue names: a call without a body that says `Content-Type: application/json`
 * (many clients always send it), and a unique violation that escapes a service (Drizzle 0.45 wraps the
 * PostgreSQL error, so its code sits in `cause`): two inserts of one code raced.
 */
let t: TestApp;
let acc: Record<string, FixtureAccount>;

beforeAll(async () => {
  t = await createTestApp();
  ({ accounts: acc } = await makeFacility(t, [
    { key: 'admin', authorities: ['ADMIN_FACILITY'] },
    { key: 'out', authorities: [] },
  ]));
});
afterAll(() => t.close());

describe('a call without a body', () => {
  it.each([
    ['no body at all', undefined],
    ['an empty body', ''],
    ['white space', '  \n'],
  ])('logout with Content-Type: application/json and %s ends the session', async (_l, payload) => {
    const { loginToken } = await login(t, acc.out!);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/his/v1/user/logout',
      headers: { ...bearer(loginToken), 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { payload }),
    });
    expect([res.statusCode, res.json().code]).toEqual([200, 0]);
    expect((await t.app.inject({ method: 'GET', url: '/api/his/v1/user/me', headers: bearer(loginToken) })).statusCode).toBe(401);
  });

  it('a route that needs a body still refuses an empty one, in Vietnamese', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/his/v1/user/login', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
    expect(res.json().message).toMatch(/[ạảãàáâậầấẩẫăắằặẳẵđêềếệểễôồốộổỗơờớợởỡưừứựửữìíịỉĩòóọỏõùúụủũỳýỵỷỹ]/i);
  });

  it('malformed JSON and a poisoned prototype are still refused', async () => {
    for (const payload of ['{bad', '{"__proto__":{"x":1},"emailOrPhone":"a","password":"b"}']) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/his/v1/user/login', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
    }
  });
});

describe('two inserts of one code, raced', () => {
  it('one is created, the other answers 409 in Vietnamese, never 500', async () => {
    const { loginToken } = await login(t, acc.admin!);
    const code = `RACE${Date.now() % 100000}`;
    const create = () =>
      t.app.inject({ method: 'POST', url: '/api/catalog/v1/departments', headers: bearer(loginToken), payload: { code, name: 'Khoa Đua Nhau' } });
    for (let round = 0; round < 3; round++) {
      const c = `${code}${round}`;
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          t.app.inject({ method: 'POST', url: '/api/catalog/v1/departments', headers: bearer(loginToken), payload: { code: c, name: 'Khoa Đua Nhau' } }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
      for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json()).toMatchObject({ code: 409, message: expect.any(String) });
      const rows = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM departments WHERE code = ${c}`);
      expect(rows[0]!.n).toBe(1);
    }
    expect((await create()).statusCode).toBe(200);
    expect((await create()).json().message).not.toBe(MSG.internalError);
  });
});
