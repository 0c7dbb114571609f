import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acronymResource, serviceResource } from '@portal/shared/resources';
import { COMMON_ACRONYMS } from '@portal/shared/rules/acronyms';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';

const PATH = acronymResource.path;
let t: TestApp;
let facilityId: number;
let otherId: number;
let tokens: { catalog: string; letan: string; other: string };

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });
const count = async (fid: number) => Number((await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM acronyms WHERE facility_id = ${fid}`))[0]!.n);
const lookup = (fid: number, name: string) =>
  t.app.inject({ method: 'GET', url: `/api/catalog/v1/emr/medical-services/lookup?hospitalId=${fid}&page=0&size=50&type=-1&name=${encodeURIComponent(name)}` });
const lookupNames = async (fid: number, name: string) => {
  const res = await lookup(fid, name);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { ten: string }[]).map((r) => r.ten);
};
const adminNames = async (token: string, q: string) =>
  ((await call('GET', `${serviceResource.path}?page=0&size=50&q=${encodeURIComponent(q)}`, token)).json().data as { name: string }[]).map((r) => r.name);

beforeAll(async () => {
  // the price list keeps answers 5 minutes here: an acronym write must clear it
  t = await createTestApp({ PRICE_LIST_CACHE_SECONDS: '300' });
  const f = await makeFacility(t, [
    { key: 'catalog', authorities: ['MANAGER_CATALOG'] },
    { key: 'letan', authorities: ['MANAGER_APPOINTMENT'] },
  ]);
  const o = await makeFacility(t, [{ key: 'catalog', authorities: ['MANAGER_CATALOG'] }]);
  facilityId = f.facilityId;
  otherId = o.facilityId;
  tokens = {
    catalog: (await login(t, f.accounts.catalog!)).loginToken,
    letan: (await login(t, f.accounts.letan!)).loginToken,
    other: (await login(t, o.accounts.catalog!)).loginToken,
  };
  for (const [token, code, name] of [
    [tokens.catalog, 'CDHA.01', 'Siêu âm ổ bụng (gan mật, tụy, lách, thận, bàng quang)'],
    [tokens.catalog, 'CDHA.02', 'Chụp X-quang ngực thẳng'],
    [tokens.catalog, 'USG', 'Siêu âm tim'],
    [tokens.catalog, 'CDHA.03', 'Chụp cắt lớp vi tính hệ tiết niệu có dựng hình (Uro-CT)'],
    [tokens.catalog, 'SPK.01', 'Khám Phụ sản'],
    [tokens.other, 'CDHA.01', 'Siêu âm ổ bụng cơ sở khác'],
  ] as const) {
    const res = await call('POST', serviceResource.path, token, { code, name, typeValue: 30, price: 100_000, insurancePrice: null, priceEntries: [] });
    expect(res.statusCode).toBe(200);
  }
});
afterAll(() => t.close());

describe('the acronym catalogue (/api/catalog/v1/acronyms)', () => {
  it('every new facility starts with the common acronyms', async () => {
    const res = await call('GET', `${PATH}?page=0&size=100`, tokens.catalog);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { code: string; name: string }[];
    expect(rows.map((r) => [r.code, r.name]).sort()).toEqual(COMMON_ACRONYMS.map(([k, v]) => [k, v]).sort());
  });

  it('401 without a token, 403 without MANAGER_CATALOG', async () => {
    expect((await call('GET', PATH, null)).statusCode).toBe(401);
    expect((await call('GET', PATH, tokens.letan)).statusCode).toBe(403);
    expect((await call('POST', PATH, tokens.letan, { code: 'QQ', name: 'Quá quắt' })).statusCode).toBe(403);
  });

  it('creates, reads and updates an acronym; 404 for an unknown one or another facility’s', async () => {
    const created = await call('POST', PATH, tokens.catalog, { code: 'NSĐT', name: 'Nội soi đại tràng' });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    expect((await call('GET', `${PATH}/${id}`, tokens.catalog)).json().data).toMatchObject({ code: 'NSĐT', name: 'Nội soi đại tràng', active: true });
    const updated = await call('PUT', `${PATH}/${id}`, tokens.catalog, { code: 'NSĐT', name: 'Nội soi đại trực tràng' });
    expect(updated.statusCode).toBe(200);
    expect((await call('GET', `${PATH}/${id}`, tokens.other)).statusCode).toBe(404);
    expect((await call('PUT', `${PATH}/${id}`, tokens.other, { code: 'NSĐT', name: 'x' })).statusCode).toBe(404);
    expect((await call('GET', `${PATH}/999999`, tokens.catalog)).statusCode).toBe(404);
  });

  const refused: [string, Record<string, unknown>, RegExp][] = [
    ['no key', { code: '', name: 'Siêu âm' }, /Vui lòng nhập từ viết tắt/],
    ['two words', { code: 'S A', name: 'Siêu âm' }, /một từ, chỉ gồm chữ và số/],
    ['punctuation', { code: 'X-Q', name: 'X-quang' }, /một từ, chỉ gồm chữ và số/],
    ['too long', { code: 'A'.repeat(21), name: 'Dài' }, /tối đa 20 ký tự/],
    ['no expansion', { code: 'QQ', name: '' }, /Vui lòng nhập nghĩa đầy đủ/],
    ['a key already there in other case', { code: 'sa', name: 'Sinh hoá' }, /Từ viết tắt "sa" đã có trong danh mục \("SA": Siêu âm\)/],
    ['a key already there without diacritics', { code: 'DTD', name: 'Đái tháo đường' }, /"DTD" đã có trong danh mục \("ĐTĐ"/],
    ['a key that is a service code', { code: 'usg', name: 'Ultrasound' }, /trùng mã dịch vụ "USG" \(Siêu âm tim\)/],
    ['a key in its own expansion', { code: 'QQ', name: 'QQ nhanh' }, /"QQ" tạo vòng lặp: QQ → QQ/],
  ];
  it.each(refused)('400 in Vietnamese and nothing written: %s', async (_name, payload, message) => {
    const before = await count(facilityId);
    const res = await call('POST', PATH, tokens.catalog, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await count(facilityId)).toBe(before);
  });

  it('refuses an acronym that would loop (A → B, B → A; and a longer cycle), on create and on update', async () => {
    const a = await call('POST', PATH, tokens.catalog, { code: 'AA', name: 'Chụp BB' });
    expect(a.statusCode).toBe(200);
    const before = await count(facilityId);
    const b = await call('POST', PATH, tokens.catalog, { code: 'BB', name: 'Nội soi (AA)' });
    expect(b.statusCode).toBe(400);
    expect(b.json().message).toBe('Từ viết tắt "BB" tạo vòng lặp: BB → AA → BB');
    expect(await count(facilityId)).toBe(before);

    const bOk = await call('POST', PATH, tokens.catalog, { code: 'BB', name: 'Nội soi CC' });
    expect(bOk.statusCode).toBe(200);
    const c = await call('POST', PATH, tokens.catalog, { code: 'CC', name: 'Loại AA' });
    expect(c.statusCode).toBe(400);
    expect(c.json().message).toBe('Từ viết tắt "CC" tạo vòng lặp: CC → AA → BB → CC');

    // an update that would close the loop is refused and leaves the row as it was
    const cOk = (await call('POST', PATH, tokens.catalog, { code: 'CC', name: 'Cắt lớp' })).json().data.id as number;
    const upd = await call('PUT', `${PATH}/${cOk}`, tokens.catalog, { code: 'CC', name: 'cắt AA' });
    expect(upd.statusCode).toBe(400);
    expect(upd.json().message).toMatch(/tạo vòng lặp: CC → AA → BB → CC/);
    expect((await call('GET', `${PATH}/${cOk}`, tokens.catalog)).json().data.name).toBe('Cắt lớp');
  });

  it('facility isolation: another facility lists its own and may use the same key', async () => {
    const res = await call('GET', `${PATH}?page=0&size=100&q=nsdt`, tokens.other);
    expect(res.json().data).toEqual([]);
    expect((await call('POST', PATH, tokens.other, { code: 'AA', name: 'Âm đạo' })).statusCode).toBe(200);
    expect(await count(otherId)).toBe(COMMON_ACRONYMS.length + 1);
  });
});

describe('every search expands the acronyms', () => {
  it('"sa bung" finds "Siêu âm ổ bụng" on the public price list and the services list', async () => {
    expect(await lookupNames(facilityId, 'sa bung')).toEqual(['Siêu âm ổ bụng (gan mật, tụy, lách, thận, bàng quang)']);
    expect(await lookupNames(facilityId, 'SA BỤNG')).toEqual(['Siêu âm ổ bụng (gan mật, tụy, lách, thận, bàng quang)']);
    expect(await lookupNames(facilityId, 'xq nguc')).toEqual(['Chụp X-quang ngực thẳng']);
    expect(await adminNames(tokens.catalog, 'sa bung')).toEqual(['Siêu âm ổ bụng (gan mật, tụy, lách, thận, bàng quang)']);
    // the word itself still matches: "usg" is the code of Siêu âm tim
    expect(await adminNames(tokens.catalog, 'usg')).toEqual(['Siêu âm tim']);
  });

  it('a key of two letters typed as itself matches only as a whole word (or its expansion)', async () => {
    // "ct" is the literal word of "(Uro-CT)", and CT's expansion; "sa" is no word of "Phụ sản"
    expect(await lookupNames(facilityId, 'ct')).toEqual(['Chụp cắt lớp vi tính hệ tiết niệu có dựng hình (Uro-CT)']);
    expect(await lookupNames(facilityId, 'sa')).toEqual(['Siêu âm ổ bụng (gan mật, tụy, lách, thận, bàng quang)', 'Siêu âm tim']);
    expect(await adminNames(tokens.catalog, 'sa')).toEqual(expect.not.arrayContaining(['Khám Phụ sản']));
    // a word that is no key still matches inside words
    expect(await lookupNames(facilityId, 'san')).toEqual(['Khám Phụ sản']);
  });

  it('a new acronym works at once, a deactivated one no more (the caches are dropped on write)', async () => {
    expect(await lookupNames(facilityId, 'sat')).toEqual([]);
    const id = (await call('POST', PATH, tokens.catalog, { code: 'SAT', name: 'Siêu âm tim' })).json().data.id as number;
    expect(await lookupNames(facilityId, 'sat')).toEqual(['Siêu âm tim']);
    expect(await adminNames(tokens.catalog, 'sat')).toEqual(['Siêu âm tim']);
    expect((await call('PUT', `${PATH}/${id}/active`, tokens.catalog, { active: false })).statusCode).toBe(200);
    expect(await lookupNames(facilityId, 'sat')).toEqual([]);
  });

  it('one facility’s acronyms never expand another’s search', async () => {
    expect((await call('POST', PATH, tokens.other, { code: 'OBG', name: 'Siêu âm ổ bụng' })).statusCode).toBe(200);
    expect(await lookupNames(otherId, 'obg')).toEqual(['Siêu âm ổ bụng cơ sở khác']);
    expect(await lookupNames(facilityId, 'obg')).toEqual([]);
  });
});
