import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, makeFacility, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  const { accounts } = await makeFacility(t, [{ key: 'catalog', authorities: ['MANAGER_CATALOG'] }]);
  const { accounts: o } = await makeFacility(t, [{ key: 'catalog', authorities: ['MANAGER_CATALOG'] }]);
  token = (await login(t, accounts.catalog!)).loginToken;
  other = (await login(t, o.catalog!)).loginToken;
});
afterAll(() => t.close());

const get = async (url: string, tk = token) => {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(tk) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const AREAS = '/api/catalog/v1/areas';

describe('jobs and ethnic groups: a copy per facility', () => {
  it('a new facility starts with the 54 ethnic groups, foreigners and the occupation groups', async () => {
    expect((await get('/api/catalog/v1/nations?size=1')).totalElements).toBe(55);
    expect((await get('/api/catalog/v1/nations?q=kinh')).data[0]).toMatchObject({ code: '01', name: 'Kinh', active: true });
    // another spelling finds the group
    expect((await get('/api/catalog/v1/nations?q=khmer')).data.map((r: { name: string }) => r.name)).toEqual(['Khơ-me']);
    expect((await get('/api/catalog/v1/jobs?size=1')).totalElements).toBe(58);
    expect((await get(`/api/catalog/v1/jobs?q=${encodeURIComponent('suc khoe')}`)).data.map((r: { code: string }) => r.code)).toContain('22');
  });

  it("one facility's deactivation does not touch another's copy", async () => {
    const kinh = (await get('/api/catalog/v1/nations?q=kinh')).data[0];
    const res = await t.app.inject({ method: 'PUT', url: `/api/catalog/v1/nations/${kinh.id}/active`, headers: bearer(token), payload: { active: false } });
    expect(res.statusCode).toBe(200);
    expect((await get('/api/catalog/v1/nations?q=kinh', other)).data[0]).toMatchObject({ name: 'Kinh', active: true });
    expect((await get('/api/catalog/v1/nations/select?q=kinh')).totalElements).toBe(0);
  });
});

describe('administrative areas (national, read-only)', () => {
  it('holds 249 countries, 34 provinces and 3,321 wards of 2025, and the 63 former provinces', async () => {
    expect((await get(`${AREAS}?level=country&size=1`)).totalElements).toBe(249);
    expect((await get(`${AREAS}?level=province&legacy=false&size=1`)).totalElements).toBe(34);
    expect((await get(`${AREAS}?level=ward&legacy=false&size=1`)).totalElements).toBe(3321);
    expect((await get(`${AREAS}?level=province&legacy=true&size=1`)).totalElements).toBe(63);
    expect((await get(`${AREAS}?level=district&legacy=true&size=1`)).totalElements).toBe(696);
    expect((await get(`${AREAS}?level=ward&legacy=true&size=1`)).totalElements).toBe(10_061);
    expect((await get(`${AREAS}?level=zone&size=1`)).totalElements).toBe(9);
    expect((await get(`${AREAS}?level=ward&kind=${encodeURIComponent('Đặc khu')}&size=1`)).totalElements).toBe(13);
  });

  it('finds "ha noi" without diacritics, with its country as parent', async () => {
    const res = await get(`${AREAS}?level=province&legacy=false&q=${encodeURIComponent('ha noi')}`);
    expect(res.data).toEqual([
      expect.objectContaining({
        code: '01',
        name: 'Thành phố Hà Nội',
        kind: 'Thành phố',
        level: 'province',
        legacy: false,
        parentName: 'Việt Nam',
        successorId: null,
      }),
    ]);
    const country = await get(`${AREAS}?level=country&q=korea`);
    expect(country.data.map((r: { code: string; name: string }) => `${r.code} ${r.name}`)).toEqual(['KP Triều Tiên', 'KR Hàn Quốc']);
  });

  it('links each former province to its successor (Hà Giang → Tuyên Quang)', async () => {
    const res = await get(`${AREAS}?level=province&legacy=true&q=${encodeURIComponent('ha giang')}`);
    // every word must appear: "ha giang" also finds Hậu Giang (h-a-u … giang)
    expect(res.data.map((r: { name: string }) => r.name)).toEqual(['Tỉnh Hà Giang', 'Tỉnh Hậu Giang']);
    expect(res.data[0]).toMatchObject({ code: '02', legacy: true, successorName: 'Tỉnh Tuyên Quang' });
    expect(res.data[1]).toMatchObject({ code: '93', successorName: 'Thành phố Cần Thơ' });
    const tq = (await get(`${AREAS}?level=province&legacy=false&q=${encodeURIComponent('tuyen quang')}`)).data[0];
    const merged = await get(`${AREAS}?successorId=${tq.id}&level=province&sort=code,asc`);
    expect(merged.data.map((r: { name: string }) => r.name)).toEqual(['Tỉnh Hà Giang', 'Tỉnh Tuyên Quang']);
    // and the districts of both former provinces now in Tuyên Quang
    expect((await get(`${AREAS}?successorId=${tq.id}&level=district&size=1`)).totalElements).toBe(18);
  });

  it('cascades province → ward through the select endpoint, for any signed-in staff', async () => {
    const hn = (await get(`${AREAS}/select?level=province&q=${encodeURIComponent('ha noi')}`)).data[0];
    const page0 = await get(`${AREAS}/select?level=ward&parentId=${hn.id}&page=0&size=20`);
    expect(page0.totalElements).toBe(126);
    expect(page0.totalPage).toBe(7);
    expect(page0.data[0]).toEqual({ id: expect.any(Number), name: 'Phường Ba Đình' }); // code 00004, official order
    const search = await get(`${AREAS}/select?level=ward&parentId=${hn.id}&page=0&size=100&q=${encodeURIComponent('hoan kiem')}`);
    expect(search.data.map((r: { name: string }) => r.name)).toEqual(['Phường Hoàn Kiếm']);
    expect((await get(`${AREAS}/select?level=ward&parentId=${hn.id}&q=${encodeURIComponent('ben thanh')}`)).totalElements).toBe(0);
  });

  it('exports one level with names of parents', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${AREAS}/export?level=province&legacy=false`, headers: bearer(token) });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(35);
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      'STT',
      'Cấp',
      'Mã',
      'Tên',
      'Loại',
      'Trực thuộc',
      'Trước 01/07/2025',
      'Nay thuộc',
      'Tên khác',
      'Trạng thái',
    ]);
    expect((ws.getRow(2).values as unknown[]).slice(1, 8)).toEqual([1, 'Tỉnh/Thành phố', '01', 'Thành phố Hà Nội', 'Thành phố', 'Việt Nam', 'Không']);
  });

  it('refuses an unknown level with 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${AREAS}?level=planet`, headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Cấp không hợp lệ');
  });
});
