import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addressData } from './address.service';
import { bearer, createTestApp, login, makeFacility, type TestApp } from '../../test/test-app';

let t: TestApp;
let desk: string;
let other: string;
let logs: string;

beforeAll(async () => {
  t = await createTestApp();
  const { accounts } = await makeFacility(t, [
    { key: 'desk', authorities: ['MANAGER_USER'] },
    { key: 'logs', authorities: ['MANAGER_LOG'] },
  ]);
  const { accounts: o } = await makeFacility(t, [{ key: 'desk', authorities: ['MANAGER_APPOINTMENT'] }]);
  desk = (await login(t, accounts.desk!)).loginToken;
  logs = (await login(t, accounts.logs!)).loginToken;
  other = (await login(t, o.desk!)).loginToken;
});
afterAll(() => t.close());

const VALIDATE = '/api/catalog/v1/address/validate';
const validate = (payload: unknown, token: string | null = desk) =>
  t.app.inject({ method: 'POST', url: VALIDATE, headers: token ? bearer(token) : {}, payload: payload as object });
const get = (url: string, token: string | null = desk) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('POST /address/validate', () => {
  it('maps an old address to today’s province and ward', async () => {
    const res = await validate({ province: 'Hà Nội', district: 'Quận Ba Đình', ward: 'Phường Phúc Xá' });
    expect(res.statusCode, res.body).toBe(200);
    const { data, message } = res.json();
    expect(data).toMatchObject({ status: 'mapped', province: { code: '01', legacy: false }, ward: { code: '00097', name: 'Phường Hồng Hà' } });
    expect(data.old).toMatchObject({ district: { name: 'Quận Ba Đình' }, ward: { name: 'Phường Phúc Xá', legacy: true } });
    expect(message).toContain('01/07/2025');
  });

  it('reads a pasted address and gives back its street', async () => {
    const res = await validate({ text: '12 Phó Đức Chính, P. Trúc Bạch, Q. Ba Đình, TP Hà Nội' });
    expect(res.json().data).toMatchObject({ status: 'mapped', ward: { code: '00004', name: 'Phường Ba Đình' }, street: '12 Phó Đức Chính' });
  });

  it('answers every successor of a partly merged commune and no result', async () => {
    const { data } = (await validate({ province: 'ha noi', district: 'ba dinh', ward: 'dien bien' })).json();
    expect(data.status).toBe('ambiguous');
    expect(data.ward).toBeNull();
    expect(data.candidates.map((c: { ward: { code: string } }) => c.ward.code)).toEqual(['00004', '00070', '00190', '00226']);
  });

  it('answers the candidates of a ward name found in two provinces', async () => {
    const { data } = (await validate({ ward: 'Phường Hoàng Mai' }, other)).json();
    expect(data.status).toBe('ambiguous');
    expect(data.candidates.map((c: { province: { code: string } }) => c.province.code)).toEqual(['01', '40']);
  });

  it('says a current address is valid', async () => {
    expect((await validate({ province: '79', ward: '26740' })).json().data).toMatchObject({ status: 'valid', ward: { name: 'Phường Sài Gòn' } });
  });

  it('400 in Vietnamese for an empty or too long input; 401 without sign-in; 403 without the authority', async () => {
    const empty = await validate({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Vui lòng nhập tỉnh/thành phố');
    const long = await validate({ province: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain('tối đa 100 ký tự');
    expect((await validate({ province: 1 })).statusCode).toBe(400);
    expect((await validate({ province: 'Hà Nội' }, null)).statusCode).toBe(401);
    expect((await validate({ province: 'Hà Nội' }, logs)).statusCode).toBe(403);
  });
});

describe('countries, zones, provinces, districts', () => {
  it('lists the 3 regions and 6 socio-economic regions with their provinces', async () => {
    const res = await get('/api/catalog/v1/zones');
    expect(res.statusCode, res.body).toBe(200);
    const zones = res.json().data as { code: string; kind: string; provinceCodes: string[] }[];
    expect(zones.filter((z) => z.kind === 'Miền').map((z) => z.code)).toEqual(['MB', 'MN', 'MT']);
    expect(zones.filter((z) => z.kind === 'Vùng kinh tế - xã hội')).toHaveLength(6);
    expect(zones.find((z) => z.code === 'V5')?.provinceCodes).toEqual(['75', '79', '80']);
    const regions = (await get(`/api/catalog/v1/zones?kind=${encodeURIComponent('Miền')}&search=${encodeURIComponent('mien nam')}`)).json().data;
    expect(regions.map((z: { name: string }) => z.name)).toEqual(['Miền Nam']);
  });

  it('lists provinces of today, of before the reform, and of one zone', async () => {
    expect((await get('/api/catalog/v1/provinces')).json().data).toHaveLength(34);
    expect((await get('/api/catalog/v1/provinces?legacy=true')).json().data).toHaveLength(63);
    const south = (await get('/api/catalog/v1/provinces?zone=V5')).json().data;
    expect(south.map((p: { name: string }) => p.name)).toEqual(['Tỉnh Đồng Nai', 'Thành phố Hồ Chí Minh', 'Tỉnh Tây Ninh']);
    const hg = (await get('/api/catalog/v1/provinces?legacy=true&search=ha%20giang')).json().data;
    expect(hg).toEqual([expect.objectContaining({ code: '02', legacy: true, successorCode: '08' })]);
  });

  it('lists the districts before the reform, by old province', async () => {
    const hn = (await get('/api/catalog/v1/districts?province=01')).json().data;
    expect(hn).toHaveLength(30);
    expect(hn[0]).toMatchObject({ code: '001', name: 'Quận Ba Đình', parentCode: '01', successorCode: '01', legacy: true });
    expect((await get('/api/catalog/v1/districts')).json().data.length).toBe(696);
  });

  it('lists the countries', async () => {
    const vn = (await get('/api/catalog/v1/countries?search=viet%20nam')).json().data;
    expect(vn.map((c: { code: string }) => c.code)).toContain('VN');
  });

  it('400 for a bad filter, 404 for an unknown zone, 401 without sign-in', async () => {
    expect((await get('/api/catalog/v1/provinces?legacy=maybe')).statusCode).toBe(400);
    expect((await get('/api/catalog/v1/districts?province=abc!')).statusCode).toBe(400);
    const unknown = await get('/api/catalog/v1/provinces?zone=ZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Không tìm thấy vùng');
    for (const url of ['/api/catalog/v1/zones', '/api/catalog/v1/provinces', '/api/catalog/v1/districts', '/api/catalog/v1/countries']) {
      expect((await get(url, null)).statusCode).toBe(401);
    }
  });

  it('serves every facility the same national list', async () => {
    expect((await get('/api/catalog/v1/zones', other)).json()).toEqual((await get('/api/catalog/v1/zones', logs)).json());
  });
});

describe('the address data in memory', () => {
  it('past five minutes, a caller gets the data it had at once while it is read again in the background', async () => {
    const first = await addressData(t.database);
    expect(await addressData(t.database)).toBe(first);
    const now = Date.now();
    const spy = vi.spyOn(Date, 'now').mockReturnValue(now + 5 * 60_000 + 1);
    try {
      // stale: the same data is answered without waiting for the reload, which starts once
      expect(await addressData(t.database)).toBe(first);
      expect(await addressData(t.database)).toBe(first);
      await vi.waitFor(async () => expect(await addressData(t.database)).not.toBe(first));
      const second = await addressData(t.database);
      expect(second.at).toBe(now + 5 * 60_000 + 1);
      expect(second.zones.length).toBe(first.zones.length);
    } finally {
      spy.mockRestore();
    }
  });
});
