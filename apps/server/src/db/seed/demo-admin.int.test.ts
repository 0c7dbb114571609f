import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginRequest, sqlRows, type TestApp } from '../../test/test-app';
import { hashCost } from '../../core/password-cost';
import { DEMO_STAFF_PASSWORD } from './demo-admin';
import { seedDemo } from './demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database, hashCost({ config: t.config }));
}, 120_000);
afterAll(() => t.close());

const roleCodes = (username: string) =>
  sqlRows<{ code: string }>(
    t,
    sql`SELECT r.code FROM accounts a JOIN account_roles ar ON ar.account_id = a.id JOIN roles r ON r.id = ar.role_id WHERE a.username = ${username} ORDER BY r.code`,
  ).then((r) => r.map((x) => x.code));

describe('demo staff of the demo hospital', () => {
  it('keeps the documented accounts and their roles as they were', async () => {
    expect(await roleCodes('admin')).toEqual(['QUAN_TRI']);
    expect(await roleCodes('letan')).toEqual(['LE_TAN']);
    expect(await roleCodes('baocao')).toEqual(['BAO_CAO']);
    expect(await roleCodes('matkhaucu')).toEqual(['DANH_MUC']);
    expect(await roleCodes('admin2')).toEqual(['QUAN_TRI']);
    expect((await loginRequest(t, 'letan', 'Letan@123')).statusCode).toBe(200);
  });

  it('gives letan the ground-floor clinic rooms and adds believable staff', async () => {
    const rooms = await sqlRows<{ code: string }>(
      t,
      sql`SELECT rm.code FROM accounts a JOIN account_rooms x ON x.account_id = a.id JOIN rooms rm ON rm.id = x.room_id WHERE a.username = 'letan' ORDER BY rm.code`,
    );
    expect(rooms.map((r) => r.code)).toEqual(['P101', 'P102', 'P103', 'P104']);
    expect(await roleCodes('nhansu')).toEqual(['NHAN_SU']);
    const locked = await loginRequest(t, 'letan.cu', DEMO_STAFF_PASSWORD);
    expect(locked.statusCode).toBe(403);
    const fresh = await loginRequest(t, 'tiepdon2', DEMO_STAFF_PASSWORD);
    expect(fresh.json().data.mustChangePassword).toBe(true);
    const [n] = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM roles WHERE search_text = ''`);
    expect(n!.n).toBe(0);
  });
});
