import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@portal/shared';
import { createTestApp, loginRequest, makeFacility, sqlRows, type FixtureAccount, type TestApp } from '../../test/test-app';
import { addressDelayMs } from './auth.service';

// Sign-in limits under a burst (findings 1 and 6 of the hardening issue). On PostgreSQL when DATABASE_URL
// is set, the requests really run side by side on the pool; on PGlite they are serialised by its one connection.
let t: TestApp;
let acc: Record<string, FixtureAccount>;

const ACCOUNT_MAX = 5;
const ADDRESS_MAX = 30;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: String(ACCOUNT_MAX), LOGIN_MAX_FAILURES_PER_IP: String(ADDRESS_MAX) });
  ({ accounts: acc } = await makeFacility(t, [
    { key: 'burst', authorities: [] },
    { key: 'aliases', authorities: [], email: 'aliases.throttle@benhvien.vn', phone: '0911000111' },
    { key: 'desk', authorities: ['MANAGER_APPOINTMENT'] },
    { key: 'newdesk', authorities: ['MANAGER_APPOINTMENT'] },
    { key: 'locked', authorities: [], locked: true },
    { key: 'shared', authorities: ['MANAGER_APPOINTMENT'] },
  ]));
}, 120_000);
afterAll(() => t.close());

/** Passwords verified for an account: each verified attempt leaves exactly one LOGIN, LOGIN_FAILED or LOGIN_REFUSED_LOCKED row. */
async function verified(where: ReturnType<typeof sql>): Promise<number> {
  const rows = await sqlRows<{ n: number }>(
    t,
    sql`SELECT count(*)::int AS n FROM audit_log WHERE action IN ('LOGIN', 'LOGIN_FAILED', 'LOGIN_REFUSED_LOCKED') AND ${where}`,
  );
  return Number(rows[0]!.n);
}

describe('a burst of sign-ins', () => {
  it('verifies at most 5 passwords of one account, and the right one among 200 does not get in', async () => {
    const u = acc.burst!;
    const attempts = Array.from({ length: 200 }, (_, i) => (i === 180 ? u.password : `Sai@${1000 + i}`));
    const answers = await Promise.all(attempts.map((p) => loginRequest(t, u.username, p, '10.40.0.1')));
    expect(await verified(sql`entity_id = ${String(u.id)} AND action <> 'LOGIN'`)).toBeLessThanOrEqual(ACCOUNT_MAX);
    expect(await verified(sql`action = 'LOGIN' AND actor_id = ${u.id}`)).toBeLessThanOrEqual(1);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(200 - ACCOUNT_MAX);
    expect(statuses.every((s) => s === 401 || s === 429 || s === 200)).toBe(true);
    // the window holds the account, whatever the password now
    const after = await loginRequest(t, u.username, u.password, '10.40.0.2');
    expect(after.statusCode).toBe(429);
    expect(after.json().message).toMatch(/^Bạn đã đăng nhập sai quá nhiều lần\. Vui lòng thử lại sau \d+ phút\.$/);
  }, 120_000);

  it('verifies at most 30 passwords from one address that tries many names', async () => {
    const ip = '10.41.0.1';
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => loginRequest(t, `khongco.burst${i}`, 'Sai@12345', ip)));
    expect(await verified(sql`action = 'LOGIN_FAILED' AND after->>'login' LIKE 'khongco.burst%'`)).toBeLessThanOrEqual(ADDRESS_MAX);
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThanOrEqual(200 - ADDRESS_MAX);
  }, 120_000);
});

describe('correct passwords at the same moment', () => {
  it('lets 12 desks sign in to one account together (more than the limit of 5 at once)', async () => {
    const u = acc.shared!;
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => loginRequest(t, u.username, u.password, `10.46.0.${i % 3}`)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
  }, 60_000);
});

describe('the account limit', () => {
  it('counts an account once, whether its username, e-mail or phone is typed', async () => {
    const u = acc.aliases!;
    const names = [u.username, 'aliases.throttle@benhvien.vn', '0911000111'];
    const codes: number[] = [];
    for (let i = 0; i < 9; i++) codes.push((await loginRequest(t, names[i % 3]!, 'Sai@12345', `10.42.0.${i}`)).statusCode);
    expect(codes.slice(0, ACCOUNT_MAX)).toEqual(Array(ACCOUNT_MAX).fill(401));
    expect(codes.slice(ACCOUNT_MAX)).toEqual(Array(9 - ACCOUNT_MAX).fill(429));
  });

  it('answers a locked account the same for the right and a wrong password', async () => {
    const u = acc.locked!;
    const right = await loginRequest(t, u.username, u.password, '10.43.0.1');
    const wrong = await loginRequest(t, u.username, 'Sai@12345', '10.43.0.2');
    expect([right.statusCode, right.json()]).toEqual([wrong.statusCode, wrong.json()]);
    expect(right.json()).toEqual({ code: 403, message: MSG.accountLocked });
  });
});

describe('the address limit', () => {
  it('never holds back an account that signed in from the address before, and refuses a new one', async () => {
    const ip = '10.44.0.1';
    expect((await loginRequest(t, acc.desk!.username, acc.desk!.password, ip)).statusCode).toBe(200);
    // someone else behind the same NAT uses the address's whole budget
    await Promise.all(Array.from({ length: ADDRESS_MAX + 5 }, (_, i) => loginRequest(t, `khongco.nat${i}`, 'Sai@12345', ip)));
    expect((await loginRequest(t, acc.desk!.username, acc.desk!.password, ip)).statusCode).toBe(200);
    expect((await loginRequest(t, acc.newdesk!.username, acc.newdesk!.password, ip)).statusCode).toBe(429);
    // and the same account from another address is not affected
    expect((await loginRequest(t, acc.newdesk!.username, acc.newdesk!.password, '10.44.0.2')).statusCode).toBe(200);
  }, 120_000);

  it('gives a correct password its attempt back, so a busy desk never runs into the limit', async () => {
    const ip = '10.45.0.1';
    for (let i = 0; i < ADDRESS_MAX + 10; i++) {
      expect((await loginRequest(t, acc.newdesk!.username, acc.newdesk!.password, ip)).statusCode).toBe(200);
    }
    const rows = await sqlRows<{ failures: number; pending: number }>(t, sql`SELECT failures, pending FROM login_throttle WHERE key = ${`ip:${ip}`}`);
    expect(rows).toEqual([{ failures: 0, pending: 0 }]);
  }, 120_000);
});

describe('addressDelayMs: slow down before refusing', () => {
  it.each([
    [1, 30, 0],
    [10, 30, 0],
    [11, 30, 200],
    [15, 30, 1000],
    [20, 30, 2000],
    [30, 30, 2000],
    [2, 6, 0],
    [3, 6, 200],
  ])('attempt %i of %i waits %i ms', (attempts, max, ms) => {
    expect(addressDelayMs(attempts, max)).toBe(ms);
  });
});
