import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceResource } from '@portal/shared/resources';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';

const PATH = serviceResource.path;
let t: TestApp;
let facilityId: number;
let tokens: { catalog: string; letan: string; other: string };
let deptId: number;
let otherDeptId: number;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });

const body = (over: Record<string, unknown> = {}) => ({
  code: 'SA.001',
  name: 'Siêu âm ổ bụng tổng quát',
  typeValue: 30,
  price: 250_000,
  insurancePrice: 195_000,
  priceEntries: [],
  ...over,
});

beforeAll(async () => {
  // The public lookup reads its cache for 30 s in production; here it is on, to prove writes clear it.
  t = await createTestApp({ PRICE_LIST_CACHE_SECONDS: '300' });
  const f = await makeFacility(t, [
    { key: 'catalog', authorities: ['MANAGER_CATALOG'] },
    { key: 'letan', authorities: ['MANAGER_APPOINTMENT'] },
  ]);
  facilityId = f.facilityId;
  const o = await makeFacility(t, [{ key: 'catalog', authorities: ['MANAGER_CATALOG'] }]);
  tokens = {
    catalog: (await login(t, f.accounts.catalog!)).loginToken,
    letan: (await login(t, f.accounts.letan!)).loginToken,
    other: (await login(t, o.accounts.catalog!)).loginToken,
  };
  deptId = (await call('POST', '/api/catalog/v1/departments', tokens.catalog, { code: 'KCDHA', name: 'Khoa Chẩn đoán hình ảnh' })).json().data.id;
  otherDeptId = (await call('POST', '/api/catalog/v1/departments', tokens.other, { code: 'KX', name: 'Khoa khác' })).json().data.id;
});
afterAll(() => t.close());

describe('medical services admin', () => {
  const made: Record<string, number> = {};

  it('creates a service with two price entries and shows its high-quality price', async () => {
    const res = await call(
      'POST',
      PATH,
      tokens.catalog,
      body({
        priceEntries: [
          { khoaChiDinhId: deptId, donGiaDichVu: 300_000, denNgay: '2026-12-31' },
          { khoaChiDinhId: 1000102, donGiaDichVu: 450_000, denNgay: null },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ code: 'SA.001', typeValue: 30, price: 250_000, highQualityPrice: 450_000, active: true });
    expect(res.json().data.searchText).toBeUndefined();
    made.sa = res.json().data.id;
    const [row] = await sqlRows<{ search_text: string; code_search: string }>(
      t,
      sql`SELECT search_text, code_search FROM medical_services WHERE id = ${made.sa}`,
    );
    expect(row).toEqual({ search_text: 'sieu am o bung tong quat', code_search: 'sa.001' });
    const [a] = await sqlRows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'medical-services' AND action = 'CREATE' AND entity_id = ${String(made.sa)}`,
    );
    expect(a!.n).toBe(1);

    for (const [code, name, typeValue, price] of [
      ['XN.001', 'Định lượng Glucose [Máu]', 20, 21_500],
      ['KB.001', 'Khám Nội tổng quát', 10, 150_000],
      ['SA.002', 'Siêu âm tuyến giáp', 30, 120_000],
    ] as const) {
      const r = await call('POST', PATH, tokens.catalog, body({ code, name, typeValue, price, insurancePrice: null }));
      expect(r.statusCode).toBe(200);
      expect(r.json().data.highQualityPrice).toBeNull();
      made[code] = r.json().data.id;
    }
  });

  it('searches code and name without diacritics, filters by type and sorts by price', async () => {
    const q = async (query: string) => (await call('GET', `${PATH}?${query}`, tokens.catalog)).json().data.map((r: { code: string }) => r.code);
    expect(await q(`q=${encodeURIComponent('sieu am')}&sort=code,asc`)).toEqual(['SA.001', 'SA.002']);
    expect(await q(`q=${encodeURIComponent('GIÁP siêu')}`)).toEqual(['SA.002']);
    expect(await q('q=xn.0')).toEqual(['XN.001']);
    expect(await q('typeValue=30&sort=price,desc')).toEqual(['SA.001', 'SA.002']);
    expect(await q('sort=price,asc')).toEqual(['XN.001', 'SA.002', 'KB.001', 'SA.001']);
    expect((await call('GET', `${PATH}?typeValue=31`, tokens.catalog)).statusCode).toBe(400);
    expect((await call('GET', `${PATH}?typeValue=abc`, tokens.catalog)).statusCode).toBe(400);
  });

  it('edits prices and entries; the public lookup shows the change at once', async () => {
    const lookup = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/catalog/v1/emr/medical-services/lookup?hospitalId=${facilityId}&syncValue=SA.001` })).json().data[0];
    expect(await lookup()).toMatchObject({ ma: 'SA.001', donGiaDichVu: 250_000, donGiaChatLuongCao: 450_000 });
    const res = await call(
      'PUT',
      `${PATH}/${made.sa}`,
      tokens.catalog,
      body({ price: 1_250_000, priceEntries: [{ khoaChiDinhId: 1000102, donGiaDichVu: 1_500_000, denNgay: null }] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ price: 1_250_000, highQualityPrice: 1_500_000 });
    expect(await lookup()).toMatchObject({ donGiaDichVu: 1_250_000, donGiaChatLuongCao: 1_500_000 });
    // deactivated → gone from the public list at once
    expect((await call('PUT', `${PATH}/${made.sa}/active`, tokens.catalog, { active: false })).statusCode).toBe(200);
    expect(await lookup()).toBeUndefined();
    expect((await call('PUT', `${PATH}/${made.sa}/active`, tokens.catalog, { active: true })).statusCode).toBe(200);
    expect(await lookup()).toMatchObject({ ma: 'SA.001' });
  });

  it('refuses a duplicate code with 409 naming the field', async () => {
    const res = await call('POST', PATH, tokens.catalog, body({ code: 'SA.002' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([{ field: 'code', message: 'Mã dịch vụ "SA.002" đã tồn tại' }]);
  });

  it.each([
    ['a missing type', { typeValue: undefined }, 'typeValue'],
    ['an unknown type', { typeValue: 35 }, 'typeValue'],
    ['a negative price', { price: -1 }, 'price'],
    ['a price with decimals', { price: 1000.5 }, 'price'],
    ['a price as text', { price: '1.250.000' }, 'price'],
    ['an entry without price', { priceEntries: [{ khoaChiDinhId: 1000102, donGiaDichVu: null, denNgay: null }] }, 'priceEntries.0.donGiaDichVu'],
    ['an entry with an impossible date', { priceEntries: [{ khoaChiDinhId: 1000102, donGiaDichVu: 1, denNgay: '2025-02-30' }] }, 'priceEntries.0.denNgay'],
    ['an entry with a DD/MM/YYYY date', { priceEntries: [{ khoaChiDinhId: 1000102, donGiaDichVu: 1, denNgay: '31/12/2025' }] }, 'priceEntries.0.denNgay'],
    ['an entry without department', { priceEntries: [{ khoaChiDinhId: null, donGiaDichVu: 1, denNgay: null }] }, 'priceEntries.0.khoaChiDinhId'],
    ['an entry with an unknown key', { priceEntries: [{ khoaChiDinhId: 1000102, donGiaDichVu: 1, denNgay: null, x: 1 }] }, 'priceEntries.0'],
    ['51 entries', { priceEntries: Array.from({ length: 51 }, () => ({ khoaChiDinhId: 1000102, donGiaDichVu: 1, denNgay: null })) }, 'priceEntries'],
  ])('refuses %s with 400 and a Vietnamese field error', async (_l, over, field) => {
    const res = await call('POST', PATH, tokens.catalog, body({ code: 'BAD.1', ...over }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(res.json().message).toMatch(/[ạảãàáâăđêôơưọ]/);
    expect((await call('GET', `${PATH}?q=bad.1`, tokens.catalog)).json().totalElements).toBe(0);
  });

  it("refuses a price entry naming another facility's department", async () => {
    const res = await call(
      'POST',
      PATH,
      tokens.catalog,
      body({ code: 'BAD.2', priceEntries: [{ khoaChiDinhId: otherDeptId, donGiaDichVu: 1, denNgay: null }] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'priceEntries.0.khoaChiDinhId', message: 'Dòng giá 1: khoa chỉ định không tồn tại' }]);
  });

  it('keeps a department id the service already carried (HIS-synced entries) when editing', async () => {
    await t.database.db.execute(
      sql`UPDATE medical_services SET price_entries = ${JSON.stringify([{ khoaChiDinhId: 1000107, donGiaDichVu: 99_000, denNgay: '2027-01-01' }])}::jsonb WHERE id = ${made['KB.001']!}`,
    );
    const keep = await call(
      'PUT',
      `${PATH}/${made['KB.001']}`,
      tokens.catalog,
      body({ code: 'KB.001', name: 'Khám Nội', typeValue: 10, priceEntries: [{ khoaChiDinhId: 1000107, donGiaDichVu: 99_000, denNgay: '2027-01-01' }] }),
    );
    expect(keep.statusCode).toBe(200);
    expect(keep.json().data.highQualityPrice).toBe(99_000);
  });

  it("quotes each active service of the caller's facility in the dropdown at its booking price, for any signed-in staff", async () => {
    const select = async (token: string | null, query = 'size=100') => call('GET', `${PATH}/select?${query}`, token);
    const quoted = async (token: string) => {
      const res = await select(token);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { id: number }[]).sort((a, b) => a.id - b.id);
    };
    // The receptionist (MANAGER_APPOINTMENT, not the catalogue's authority) sees id, name and the price only.
    expect(await quoted(tokens.letan)).toEqual([
      // price 1,250,000 but an open-ended 1000102 entry of 1,500,000: the high-quality price
      { id: made.sa, name: 'Siêu âm ổ bụng tổng quát', price: 1_500_000 },
      { id: made['XN.001'], name: 'Định lượng Glucose [Máu]', price: 21_500 },
      // price 150,000 but one entry (HIS department, latest end date) of 99,000
      { id: made['KB.001'], name: 'Khám Nội', price: 99_000 },
      { id: made['SA.002'], name: 'Siêu âm tuyến giáp', price: 120_000 },
    ]);
    const search = await select(tokens.letan, `q=${encodeURIComponent('sieu am')}`);
    expect(
      search
        .json()
        .data.map((r: { price: number }) => r.price)
        .sort(),
    ).toEqual([120_000, 1_500_000]);
    // A deactivated service is not offered; another facility sees none of these.
    expect((await call('PUT', `${PATH}/${made['SA.002']}/active`, tokens.catalog, { active: false })).statusCode).toBe(200);
    expect((await quoted(tokens.letan)).map((r) => r.id)).not.toContain(made['SA.002']);
    expect((await call('PUT', `${PATH}/${made['SA.002']}/active`, tokens.catalog, { active: true })).statusCode).toBe(200);
    expect((await select(tokens.other)).json().totalElements).toBe(0);
    expect((await select(null)).statusCode).toBe(401);
    expect((await select(tokens.letan, 'size=1000')).statusCode).toBe(400);
  });

  it('exports the filtered list with type names and the high-quality price', async () => {
    const res = await call('GET', `${PATH}/export?typeValue=30&sort=code,asc`, tokens.catalog);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([
      undefined,
      'STT',
      'Mã dịch vụ',
      'Tên dịch vụ',
      'Loại dịch vụ',
      'Giá dịch vụ',
      'Giá chất lượng cao',
      'Giá BHYT',
      'Trạng thái',
    ]);
    expect(ws.getRow(2).values).toEqual([
      undefined,
      1,
      'SA.001',
      'Siêu âm ổ bụng tổng quát',
      'Chẩn đoán hình ảnh',
      1_250_000,
      1_500_000,
      195_000,
      'Đang hoạt động',
    ]);
    expect(ws.getRow(3).getCell(2).value).toBe('SA.002');
    expect(ws.rowCount).toBe(3);
  });

  it('answers 401, 403, 404, and keeps facilities apart', async () => {
    expect((await call('GET', PATH, null)).statusCode).toBe(401);
    expect((await call('GET', PATH, tokens.letan)).statusCode).toBe(403);
    expect((await call('POST', PATH, tokens.letan, body({ code: 'L1' }))).statusCode).toBe(403);
    expect((await call('GET', `${PATH}/99999999`, tokens.catalog)).statusCode).toBe(404);
    expect((await call('GET', PATH, tokens.other)).json().totalElements).toBe(0);
    expect((await call('GET', `${PATH}/${made.sa}`, tokens.other)).statusCode).toBe(404);
    expect((await call('PUT', `${PATH}/${made.sa}`, tokens.other, body())).statusCode).toBe(404);
    expect((await call('PUT', `${PATH}/${made.sa}/active`, tokens.other, { active: false })).statusCode).toBe(404);
    expect((await call('POST', PATH, tokens.other, body())).statusCode).toBe(200); // the same code is free there
  });
});
