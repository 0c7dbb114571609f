import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refNameKey, type FieldDef, type Resource } from '@portal/shared/core/define-resource';
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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });
const byName = (name: string) => CATALOG_RESOURCES.find((e) => e.resource.name === name)!.resource;
const q = (s: string) => encodeURIComponent(s);

/**
 * A valid body for any resource, built from its field definitions: `refs` gives the id each ref
 * field points at. Optional text is left empty, so the form's "nothing typed" case is covered.
 */
function sampleBody(resource: Resource, code: string, name: string, refs: Record<string, number> = {}) {
  const value = (f: FieldDef): unknown => {
    if (f.key === 'code') return code;
    if (f.key === 'name') return name;
    if (f.type === 'ref') return refs[f.key] ?? null;
    if (f.type === 'enum') return f.options![0]!.value;
    if (f.type === 'boolean') return false;
    if (f.type === 'integer' || f.type === 'money') return f.required ? 1 : null;
    return f.required ? `${name} (${f.label})` : null;
  };
  return Object.fromEntries((resource.formFields as readonly FieldDef[]).map((f) => [f.key, value(f)]));
}

/** Makes a row of `resource` through the API (refs of its own are made first) and returns it. */
async function makeRow(resource: Resource, code: string, name: string, token = tokens.catalog): Promise<{ id: number; name: string }> {
  const refs: Record<string, number> = {};
  for (const f of resource.refFields as readonly FieldDef[])
    refs[f.key] = (await makeRow(byName(f.ref!), `${code}-${f.key}`.slice(0, 20), `Nguồn ${name}`, token)).id;
  const res = await call('POST', resource.path, token, sampleBody(resource, code, name, refs));
  if (res.statusCode !== 200) throw new Error(`${resource.name}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

const WRITABLE = CATALOG_RESOURCES.filter((e) => !e.resource.readOnly).map((e) => [e.resource.name, e.resource] as const);

// One suite per resource of the registry: a new catalogue is tested by being registered.
describe.each(WRITABLE)('%s', (_name, resource) => {
  const codeLabel = resource.fields.find((f) => f.key === 'code')!.label;
  const refFields = resource.refFields as readonly FieldDef[];
  /** Two rows of each referenced resource; the test rows alternate between them. */
  const refRows: Record<string, { id: number; name: string }[]> = {};
  const made: Record<string, { id: number } & Record<string, unknown>> = {};
  const refsOf = (i: number) => Object.fromEntries(refFields.map((f) => [f.key, refRows[f.key]![i % 2]!.id]));
  // Every test row has "Kiểm thử" in its name, so the facility's reference rows (jobs, ethnic groups) stay out.
  const ROWS = [
    ['KT-NOI', 'Kiểm thử Nội tổng hợp'],
    ['KT-NGOAI', 'Kiểm thử Ngoại chấn thương'],
    ['KT-DUOC', 'Kiểm thử Dược lâm sàng'],
  ] as const;

  beforeAll(async () => {
    for (const f of refFields) {
      refRows[f.key] = [
        await makeRow(byName(f.ref!), `R1-${f.key}`.slice(0, 20), `Tham chiếu Bảo Anh ${f.label}`),
        await makeRow(byName(f.ref!), `R2-${f.key}`.slice(0, 20), `Tham chiếu Cẩm Tú ${f.label}`),
      ];
    }
  });

  it('creates rows, answers with the names of their refs and no internal column, and audits each creation', async () => {
    for (const [i, [code, name]] of ROWS.entries()) {
      const res = await call('POST', resource.path, tokens.catalog, sampleBody(resource, code, name, refsOf(i)));
      expect(res.statusCode, res.body).toBe(200);
      const row = res.json().data;
      expect(row).toMatchObject({ code, name, active: true });
      for (const f of refFields) expect(row[refNameKey(f.key)]).toBe(refRows[f.key]![i % 2]!.name);
      expect(row).not.toHaveProperty('searchText');
      expect(row).not.toHaveProperty('facilityId');
      made[code] = row;
    }
    const rows = await sqlRows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = ${resource.name} AND action = 'CREATE' AND after->>'code' LIKE 'KT-%'`,
    );
    expect(rows[0]!.n).toBe(3);
  });

  it('lists with paging, sorting and a search without diacritics', async () => {
    const page = await call('GET', `${resource.path}?page=0&size=2&sort=name,asc&q=${q('kiem thu')}`, tokens.catalog);
    expect(page.json()).toMatchObject({ code: 0, totalElements: 3, totalPage: 2, page: 0, size: 2 });
    expect(page.json().data.map((r: { code: string }) => r.code)).toEqual(['KT-DUOC', 'KT-NGOAI']);
    const page1 = await call('GET', `${resource.path}?page=1&size=2&sort=name,asc&q=${q('kiem thu')}`, tokens.catalog);
    expect(page1.json().data.map((r: { code: string }) => r.code)).toEqual(['KT-NOI']);
    const desc = await call('GET', `${resource.path}?sort=code,desc&q=${q('kiem thu')}`, tokens.catalog);
    expect(desc.json().data.map((r: { code: string }) => r.code)).toEqual(['KT-NOI', 'KT-NGOAI', 'KT-DUOC']);
    const search = await call('GET', `${resource.path}?q=${q('NGOAI chan')}`, tokens.catalog);
    expect(search.json().data.map((r: { code: string }) => r.code)).toEqual(['KT-NGOAI']);
    const byCode = await call('GET', `${resource.path}?q=${q('kt-duoc')}`, tokens.catalog);
    expect(byCode.json().data.map((r: { code: string }) => r.code)).toEqual(['KT-DUOC']);
    const read = await call('GET', `${resource.path}/${made['KT-NOI']!.id}`, tokens.catalog);
    expect(read.json().data).toEqual(made['KT-NOI']);
  });

  it.skipIf(refFields.length === 0)('filters by a ref and sorts by the referenced name', async () => {
    for (const f of refFields) {
      const first = await call('GET', `${resource.path}?${f.key}=${refRows[f.key]![0]!.id}&sort=code,asc`, tokens.catalog);
      expect(first.json().data.map((r: { code: string }) => r.code)).toEqual(['KT-DUOC', 'KT-NOI']);
      const second = await call('GET', `${resource.path}?${f.key}=${refRows[f.key]![1]!.id}`, tokens.catalog);
      expect(second.json().data.map((r: { code: string }) => r.code)).toEqual(['KT-NGOAI']);
      if (f.sortable) {
        // "Tham chiếu Cẩm Tú" after "Tham chiếu Bảo Anh": KT-NGOAI comes first when descending.
        // Ties keep the id order (KT-NOI was made before KT-DUOC); paging follows the same order.
        const codes = async (query: string) =>
          (await call('GET', `${resource.path}?${query}&q=${q('kiem thu')}`, tokens.catalog)).json().data.map((r: { code: string }) => r.code);
        expect(await codes(`sort=${f.key},desc`)).toEqual(['KT-NGOAI', 'KT-NOI', 'KT-DUOC']);
        expect(await codes(`sort=${f.key},asc`)).toEqual(['KT-NOI', 'KT-DUOC', 'KT-NGOAI']);
        expect(await codes(`sort=${f.key},asc&page=1&size=2`)).toEqual(['KT-NGOAI']);
      }
      expect((await call('GET', `${resource.path}?${f.key}=abc`, tokens.catalog)).statusCode).toBe(400);
    }
  });

  it.skipIf(refFields.length === 0)('refuses a ref that does not exist, belongs to another facility or was deactivated', async () => {
    const f = refFields[0]!;
    const target = byName(f.ref!);
    const base = sampleBody(resource, 'KT-REF', 'Kiểm thử tham chiếu', refsOf(0));
    const missing = await call('POST', resource.path, tokens.catalog, { ...base, [f.key]: 99_999_999 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: f.key, message: `${f.label} không tồn tại` }]);
    const foreign = await makeRow(target, 'KT-FOREIGN', 'Của cơ sở khác', tokens.other);
    expect((await call('POST', resource.path, tokens.catalog, { ...base, [f.key]: foreign.id })).json().errors[0].field).toBe(f.key);
    const retired = await makeRow(target, 'KT-RETIRED', 'Tham chiếu đã ngừng');
    await call('PUT', `${target.path}/${retired.id}/active`, tokens.catalog, { active: false });
    const inactive = await call('POST', resource.path, tokens.catalog, { ...base, [f.key]: retired.id });
    expect(inactive.json().errors).toEqual([{ field: f.key, message: `${f.label} đã ngừng hoạt động` }]);
    if (f.required) {
      const none = await call('POST', resource.path, tokens.catalog, { ...base, [f.key]: null });
      expect(none.json().errors).toEqual([{ field: f.key, message: `Vui lòng chọn ${f.label.charAt(0).toLowerCase()}${f.label.slice(1)}` }]);
    }
    expect((await call('GET', `${resource.path}?q=${q('kiem thu tham chieu')}`, tokens.catalog)).json().totalElements).toBe(0);
  });

  it('refuses a duplicate code with 409 naming the field, and writes nothing', async () => {
    const res = await call('POST', resource.path, tokens.catalog, sampleBody(resource, 'KT-NOI', 'Trùng mã', refsOf(0)));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 409,
      message: `${codeLabel} "KT-NOI" đã tồn tại`,
      errors: [{ field: 'code', message: `${codeLabel} "KT-NOI" đã tồn tại` }],
    });
    const upd = await call('PUT', `${resource.path}/${made['KT-NGOAI']!.id}`, tokens.catalog, sampleBody(resource, 'KT-NOI', 'x', refsOf(1)));
    expect(upd.statusCode).toBe(409);
    // a code is the same code whatever its case and surrounding spaces (the database holds it too: db/code-keys)
    for (const [typed, shown] of [
      ['kt-noi', 'kt-noi'],
      ['  Kt-Noi ', 'Kt-Noi'],
    ]) {
      const other = await call('POST', resource.path, tokens.catalog, sampleBody(resource, typed!, 'Trùng mã', refsOf(0)));
      expect(other.statusCode, typed).toBe(409);
      expect(other.json().errors).toEqual([{ field: 'code', message: `${codeLabel} "${shown}" đã tồn tại` }]);
      expect((await call('PUT', `${resource.path}/${made['KT-NGOAI']!.id}`, tokens.catalog, sampleBody(resource, typed!, 'x', refsOf(1)))).statusCode).toBe(
        409,
      );
    }
    expect((await call('GET', `${resource.path}?q=${q('trung ma')}`, tokens.catalog)).json().totalElements).toBe(0);
  });

  it('updates a row (refs included) and keeps before/after in the audit trail', async () => {
    const res = await call('PUT', `${resource.path}/${made['KT-DUOC']!.id}`, tokens.catalog, sampleBody(resource, 'KT-DUOC', 'Kiểm thử Dược', refsOf(1)));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Kiểm thử Dược' });
    for (const f of refFields) expect(res.json().data[refNameKey(f.key)]).toBe(refRows[f.key]![1]!.name);
    const [row] = await sqlRows<{ before: { name: string }; after: { name: string } }>(
      t,
      sql`SELECT before, after FROM audit_log WHERE entity = ${resource.name} AND action = 'UPDATE' AND entity_id = ${String(made['KT-DUOC']!.id)}`,
    );
    expect(row!.before.name).toBe('Kiểm thử Dược lâm sàng');
    expect(row!.after.name).toBe('Kiểm thử Dược');
  });

  it('deactivates, and filters by state', async () => {
    const res = await call('PUT', `${resource.path}/${made['KT-NGOAI']!.id}/active`, tokens.catalog, { active: false });
    expect(res.json().data.active).toBe(false);
    expect((await call('GET', `${resource.path}?active=false`, tokens.catalog)).json().data.map((r: { code: string }) => r.code)).toEqual(['KT-NGOAI']);
    expect((await call('GET', `${resource.path}?active=true&q=${q('kiem thu')}`, tokens.catalog)).json().totalElements).toBe(2);
  });

  it('serves the paged dropdown: active rows, id and name, to any signed-in staff of the facility', async () => {
    const res = await call('GET', `${resource.path}/select?page=0&size=20&q=${q('kiem thu')}`, tokens.letan);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 0,
      data: [
        { id: made['KT-DUOC']!.id, name: 'Kiểm thử Dược' },
        { id: made['KT-NOI']!.id, name: 'Kiểm thử Nội tổng hợp' },
      ],
      totalElements: 2,
      totalPage: 1,
      page: 0,
      size: 20,
    });
    const paged = await call('GET', `${resource.path}/select?page=1&size=1&q=${q('kiem thu')}`, tokens.catalog);
    expect(paged.json()).toMatchObject({ data: [{ name: 'Kiểm thử Nội tổng hợp' }], totalPage: 2 });
    expect((await call('GET', `${resource.path}/select?q=${q('kiem thu')}`, tokens.other)).json().totalElements).toBe(0);
    expect((await call('GET', `${resource.path}/select`, null)).statusCode).toBe(401);
    expect((await call('GET', `${resource.path}/select?size=101`, tokens.catalog)).statusCode).toBe(400);
  });

  it('deletes a row nothing uses, and audits it', async () => {
    const row = await makeRow(resource, 'KT-XOA', 'Kiểm thử nhập nhầm');
    const res = await call('DELETE', `${resource.path}/${row.id}`, tokens.catalog);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`Đã xoá ${resource.label.charAt(0).toLowerCase()}${resource.label.slice(1)}`);
    expect((await call('GET', `${resource.path}/${row.id}`, tokens.catalog)).statusCode).toBe(404);
    expect((await call('DELETE', `${resource.path}/${row.id}`, tokens.catalog)).statusCode).toBe(404);
    const [audit] = await sqlRows<{ before: { code: string } }>(
      t,
      sql`SELECT before FROM audit_log WHERE entity = ${resource.name} AND action = 'DELETE' AND entity_id = ${String(row.id)}`,
    );
    expect(audit!.before.code).toBe('KT-XOA');
  });

  const users = CATALOG_RESOURCES.filter((e) => !e.resource.readOnly && (e.resource.refFields as readonly FieldDef[]).some((f) => f.ref === resource.name));
  it.skipIf(users.length === 0)('refuses to delete a row in use, naming what uses it, and keeps it', async () => {
    const target = made['KT-NOI']!;
    const user = users[0]!.resource;
    const f = (user.refFields as readonly FieldDef[]).find((x) => x.ref === resource.name)!;
    const refs: Record<string, number> = {};
    for (const g of user.refFields as readonly FieldDef[])
      refs[g.key] = g.key === f.key ? target.id : (await makeRow(byName(g.ref!), `U-${g.key}`.slice(0, 20), 'Tham chiếu phụ')).id;
    for (const code of [`U-${resource.name}-1`, `U-${resource.name}-2`]) {
      expect((await call('POST', user.path, tokens.catalog, sampleBody(user, code, `Đang dùng ${code}`, refs))).statusCode).toBe(200);
    }
    const res = await call('DELETE', `${resource.path}/${target.id}`, tokens.catalog);
    expect(res.statusCode).toBe(409);
    const label = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
    expect(res.json().message).toBe(
      `Không thể xoá ${label(resource.label)} "${target.name}" vì đang được dùng bởi 2 ${label(user.label)}. Hãy ngừng hoạt động thay vì xoá.`,
    );
    expect((await call('GET', `${resource.path}/${target.id}`, tokens.catalog)).statusCode).toBe(200);
  });

  it('exports the filtered list as a real .xlsx, refs by name', async () => {
    const res = await call('GET', `${resource.path}/export?active=true&sort=code,asc&q=${q('kiem thu')}`, tokens.catalog);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.worksheets[0]!;
    const formFields = resource.formFields as readonly FieldDef[];
    expect(ws.getRow(1).values).toEqual([undefined, 'STT', ...formFields.map((f) => f.label), 'Trạng thái']);
    const cells = (r: number) => (ws.getRow(r).values as unknown[]).slice(2);
    expect([cells(2)[0], cells(3)[0]]).toEqual(['KT-DUOC', 'KT-NOI']);
    for (const f of refFields) expect(cells(2)[formFields.indexOf(f)]).toBe(refRows[f.key]![1]!.name);
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
    const res = await call('POST', resource.path, tokens.catalog, { ...sampleBody(resource, 'X0', 'x', refsOf(0)), name: undefined, ...payload });
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    if (field !== '_') expect(fields).toContain(field);
    expect(res.json().message).toMatch(/[ạảãàáâăđêôơư]|Trường/);
  });

  it.each([['page=-1'], ['size=500'], ['sort=password,asc'], ['sort=searchText,asc'], ['active=maybe']])(
    'refuses the list query %s with 400',
    async (query) => {
      expect((await call('GET', `${resource.path}?${query}`, tokens.catalog)).statusCode).toBe(400);
    },
  );

  it('answers 401 without a token and 403 without the authority', async () => {
    expect((await call('GET', resource.path, null)).statusCode).toBe(401);
    expect((await call('POST', resource.path, tokens.letan, { code: 'Z', name: 'z' })).statusCode).toBe(403);
    expect((await call('GET', resource.path, tokens.letan)).statusCode).toBe(403);
    expect((await call('DELETE', `${resource.path}/${made['KT-NOI']!.id}`, tokens.letan)).statusCode).toBe(403);
    expect((await call('GET', `${resource.path}/export`, tokens.letan)).statusCode).toBe(403);
    expect((await call('GET', resource.path, tokens.admin)).statusCode).toBe(200);
  });

  it('keeps facilities apart: another facility neither sees nor changes these rows', async () => {
    expect((await call('GET', `${resource.path}?q=${q('kiem thu')}`, tokens.other)).json().totalElements).toBe(0);
    const id = made['KT-NOI']!.id;
    expect((await call('GET', `${resource.path}/${id}`, tokens.other)).statusCode).toBe(404);
    expect((await call('PUT', `${resource.path}/${id}`, tokens.other, sampleBody(resource, 'KT-NOI', 'chiếm', refsOf(0)))).statusCode).toBe(404);
    expect((await call('PUT', `${resource.path}/${id}/active`, tokens.other, { active: false })).statusCode).toBe(404);
    expect((await call('DELETE', `${resource.path}/${id}`, tokens.other)).statusCode).toBe(404);
    // the same code is free in another facility
    expect((await makeRow(resource, 'KT-NOI', 'Nội', tokens.other)).id).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await call('GET', `${resource.path}/99999999`, tokens.catalog)).statusCode).toBe(404);
    expect((await call('GET', `${resource.path}/abc`, tokens.catalog)).statusCode).toBe(400);
    expect((await call('DELETE', `${resource.path}/abc`, tokens.catalog)).statusCode).toBe(400);
  });
});

const READ_ONLY = CATALOG_RESOURCES.filter((e) => e.resource.readOnly).map((e) => [e.resource.name, e.resource] as const);

describe.each(READ_ONLY)('%s (read-only reference data)', (_name, resource) => {
  it('is listed, searched, read, selected and exported, but offers no write', async () => {
    const list = await call('GET', `${resource.path}?size=5`, tokens.catalog);
    expect(list.statusCode).toBe(200);
    expect(list.json().totalElements).toBeGreaterThan(0);
    const first = list.json().data[0];
    expect(first).not.toHaveProperty('searchText');
    expect((await call('GET', `${resource.path}/${first.id}`, tokens.catalog)).json().data).toEqual(first);
    expect((await call('GET', `${resource.path}/select?size=5`, tokens.letan)).json().data).toHaveLength(5);
    expect((await call('GET', `${resource.path}/export?q=${q(first.code)}`, tokens.catalog)).statusCode).toBe(200);
    for (const [method, url] of [
      ['POST', resource.path],
      ['PUT', `${resource.path}/${first.id}`],
      ['PUT', `${resource.path}/${first.id}/active`],
      ['DELETE', `${resource.path}/${first.id}`],
    ] as const) {
      expect((await call(method, url, tokens.admin, { active: false })).statusCode).toBe(404);
    }
  });

  it('answers 401 without a token and 403 without the authority', async () => {
    expect((await call('GET', resource.path, null)).statusCode).toBe(401);
    expect((await call('GET', resource.path, tokens.letan)).statusCode).toBe(403);
  });
});
