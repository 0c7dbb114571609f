import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_RESOURCES } from '../../modules/catalog/catalog-resources';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';

let t: TestApp;
let tokens: { catalog: string; letan: string; admin: string; other: string };

beforeAll(async () => {
  t = await createTestApp();
  const { accounts } = await makeFacility(t, [
    { key: 'catalog', authorities: ['MANAGER_CATALOG'] },
    { key: 'letan', authorities: ['MANAGER_APPOINTMENT'] },
    { key: 'admin', authorities: ['ADMIN_FACILITY'] },
  ]);
  const { accounts: o } = await makeFacility(t, [{ key: 'catalog', authorities: ['MANAGER_CATALOG'] }]);
  tokens = {
    catalog: (await login(t, accounts.catalog!)).loginToken,
    letan: (await login(t, accounts.letan!)).loginToken,
    admin: (await login(t, accounts.admin!)).loginToken,
    other: (await login(t, o.catalog!)).loginToken,
  };
});
afterAll(() => t.close());

// One smoke suite per resource of the registry: a new catalogue is tested by being registered.
describe.each(CATALOG_RESOURCES.map((x) => [x.resource.name, x.resource] as const))('%s', (_name, resource) => {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });
  const codeLabel = resource.fields.find((f) => f.key === 'code')!.label;
  const made: Record<string, number> = {};

  it('creates rows and audits each creation', async () => {
    for (const [code, name] of [
      ['NOI', 'Nội tổng hợp'],
      ['NGOAI', 'Ngoại chấn thương'],
      ['DUOC', 'Dược lâm sàng'],
    ] as const) {
      const res = await call('POST', resource.path, tokens.catalog, { code, name, description: null });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ code, name, active: true });
      made[code] = res.json().data.id;
    }
    const rows = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = ${resource.name} AND action = 'CREATE'`);
    expect(rows[0]!.n).toBe(3);
  });

  it('lists with paging, sorting and a search without diacritics', async () => {
    const page = await call('GET', `${resource.path}?page=0&size=2&sort=name,asc`, tokens.catalog);
    expect(page.json()).toMatchObject({ code: 0, totalElements: 3, totalPage: 2, page: 0, size: 2 });
    expect(page.json().data.map((r: { code: string }) => r.code)).toEqual(['DUOC', 'NGOAI']);
    const search = await call('GET', `${resource.path}?q=${encodeURIComponent('ngoai chan')}`, tokens.catalog);
    expect(search.json().data.map((r: { code: string }) => r.code)).toEqual(['NGOAI']);
    const byCode = await call('GET', `${resource.path}?q=duoc`, tokens.catalog);
    expect(byCode.json().data.map((r: { code: string }) => r.code)).toEqual(['DUOC']);
  });

  it('refuses a duplicate code with 409 naming the field, and writes nothing', async () => {
    const res = await call('POST', resource.path, tokens.catalog, { code: 'NOI', name: 'Trùng mã' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 409, message: `${codeLabel} "NOI" đã tồn tại`, errors: [{ field: 'code', message: `${codeLabel} "NOI" đã tồn tại` }] });
    const upd = await call('PUT', `${resource.path}/${made.NGOAI}`, tokens.catalog, { code: 'NOI', name: 'x' });
    expect(upd.statusCode).toBe(409);
    expect((await call('GET', `${resource.path}?q=trung`, tokens.catalog)).json().totalElements).toBe(0);
  });

  it('updates a row and keeps before/after in the audit trail', async () => {
    const res = await call('PUT', `${resource.path}/${made.DUOC}`, tokens.catalog, { code: 'DUOC', name: 'Dược', description: 'Khoa dược' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Dược', description: 'Khoa dược' });
    const [row] = await sqlRows<{ before: { name: string }; after: { name: string } }>(
      t,
      sql`SELECT before, after FROM audit_log WHERE entity = ${resource.name} AND action = 'UPDATE' AND entity_id = ${String(made.DUOC)}`,
    );
    expect(row!.before.name).toBe('Dược lâm sàng');
    expect(row!.after.name).toBe('Dược');
  });

  it('deactivates instead of deleting, and filters by state', async () => {
    const res = await call('PUT', `${resource.path}/${made.NGOAI}/active`, tokens.catalog, { active: false });
    expect(res.json().data.active).toBe(false);
    expect((await call('GET', `${resource.path}?active=false`, tokens.catalog)).json().data.map((r: { code: string }) => r.code)).toEqual(['NGOAI']);
    expect((await call('GET', `${resource.path}?active=true`, tokens.catalog)).json().totalElements).toBe(2);
  });

  it('exports the filtered list as a real .xlsx', async () => {
    const res = await call('GET', `${resource.path}/export?active=true&sort=code,asc`, tokens.catalog);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([undefined, 'STT', codeLabel, resource.fields[1]!.label, 'Mô tả', 'Trạng thái']);
    expect([ws.getRow(2).getCell(2).value, ws.getRow(3).getCell(2).value]).toEqual(['DUOC', 'NOI']);
    expect(ws.rowCount).toBe(3);
  });

  it.each([
    ['a missing name', { code: 'X1' }, 'name'],
    ['an empty code', { code: '', name: 'x' }, 'code'],
    ['a code with spaces and diacritics', { code: 'MÃ 1', name: 'x' }, 'code'],
    ['a 21-character code', { code: 'A'.repeat(21), name: 'x' }, 'code'],
    ['a 201-character name', { code: 'X2', name: 'a'.repeat(201) }, 'name'],
    ['an unknown field', { code: 'X3', name: 'x', facilityId: 1 }, '_'],
  ])('refuses %s with 400', async (_l, payload, field) => {
    const res = await call('POST', resource.path, tokens.catalog, payload);
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    if (field !== '_') expect(fields).toContain(field);
    expect(res.json().message).toMatch(/[ạảãàáâăđêôơư]|Trường/);
  });

  it.each([
    ['page=-1'],
    ['size=500'],
    ['sort=password,asc'],
    ['active=maybe'],
  ])('refuses the list query %s with 400', async (q) => {
    expect((await call('GET', `${resource.path}?${q}`, tokens.catalog)).statusCode).toBe(400);
  });

  it('answers 401 without a token and 403 without the authority', async () => {
    expect((await call('GET', resource.path, null)).statusCode).toBe(401);
    expect((await call('POST', resource.path, tokens.letan, { code: 'Z', name: 'z' })).statusCode).toBe(403);
    expect((await call('GET', resource.path, tokens.letan)).statusCode).toBe(403);
    expect((await call('GET', resource.path, tokens.admin)).statusCode).toBe(200);
  });

  it("keeps facilities apart: another facility neither sees nor changes these rows", async () => {
    expect((await call('GET', resource.path, tokens.other)).json().totalElements).toBe(0);
    expect((await call('GET', `${resource.path}/${made.NOI}`, tokens.other)).statusCode).toBe(404);
    expect((await call('PUT', `${resource.path}/${made.NOI}`, tokens.other, { code: 'NOI', name: 'chiếm' })).statusCode).toBe(404);
    expect((await call('PUT', `${resource.path}/${made.NOI}/active`, tokens.other, { active: false })).statusCode).toBe(404);
    // the same code is free in another facility
    expect((await call('POST', resource.path, tokens.other, { code: 'NOI', name: 'Nội' })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await call('GET', `${resource.path}/99999999`, tokens.catalog)).statusCode).toBe(404);
    expect((await call('GET', `${resource.path}/abc`, tokens.catalog)).statusCode).toBe(400);
  });
});
