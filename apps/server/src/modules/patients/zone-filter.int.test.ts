import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, makeFacility, type TestApp } from '../../test/test-app';
import { makePatients } from './patients.fixtures';

/** The patient search filtered by zone (a region or a socio-economic region of the profiles' provinces). */
/** No address part (the seed's type says string; the column is nullable). */
const NONE = null as unknown as string;
let t: TestApp;
let user: string;
let other: string;
let logs: string;

beforeAll(async () => {
  t = await createTestApp();
  const a = await makeFacility(t, [
    { key: 'user', authorities: ['MANAGER_USER'] },
    { key: 'logs', authorities: ['MANAGER_LOG'] },
  ]);
  const b = await makeFacility(t, [{ key: 'user', authorities: ['MANAGER_USER'] }]);
  user = (await login(t, a.accounts.user!)).loginToken;
  logs = (await login(t, a.accounts.logs!)).loginToken;
  other = (await login(t, b.accounts.user!)).loginToken;
  await t.database.transaction(async (tx) => {
    await makePatients(tx, a.facilityId, [
      { profiles: [{ fullName: 'Nguyễn Văn Hà', birthDate: '1980-01-01', provinceCode: '01', wardCode: '00082' }] },
      { profiles: [{ fullName: 'Trần Thị Sài', birthDate: '1981-01-01', provinceCode: '79', wardCode: '26740' }] },
      // a family: the child lives in Cần Thơ
      {
        profiles: [
          { fullName: 'Lê Văn Huế', birthDate: '1982-01-01', provinceCode: '46', wardCode: NONE },
          { fullName: 'Lê Văn Cần', birthDate: '2015-01-01', provinceCode: '92', wardCode: NONE },
        ],
      },
      { profiles: [{ fullName: 'Phạm Không Địa Chỉ', birthDate: '1983-01-01', provinceCode: NONE, wardCode: NONE }] },
    ]);
    await makePatients(tx, b.facilityId, [{ profiles: [{ fullName: 'Đỗ Văn Nam', birthDate: '1984-01-01', provinceCode: '79', wardCode: '26740' }] }]);
  });
});
afterAll(() => t.close());

const search = (qs: string, token: string | null = user) =>
  t.app.inject({ method: 'GET', url: `/api/his/v1/vendor/users/search?${qs}`, headers: token ? bearer(token) : {} });
const names = async (qs: string, token = user) => {
  const res = await search(qs, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { name: string }[]).map((r) => r.name).sort();
};

describe('GET /vendor/users/search?zone=', () => {
  it.each([
    ['MB', ['Nguyễn Văn Hà']],
    ['MN', ['Lê Văn Huế', 'Trần Thị Sài']], // Cần Thơ is in the South: the family's account is listed
    ['MT', ['Lê Văn Huế']],
    ['V2', ['Nguyễn Văn Hà']],
    ['V5', ['Trần Thị Sài']],
    ['V6', ['Lê Văn Huế']],
    ['V4', []],
    ['v5', ['Trần Thị Sài']],
  ])('zone %s → %j', async (zone, expected) => {
    expect(await names(`zone=${zone}`)).toEqual(expected);
  });

  it('combines with the search words', async () => {
    expect(await names('zone=MN&q=sai')).toEqual(['Trần Thị Sài']);
    expect(await names('zone=MB&q=sai')).toEqual([]);
  });

  it("sees only the caller's facility", async () => {
    expect(await names('zone=V5', other)).toEqual(['Đỗ Văn Nam']);
  });

  it('400 for a malformed zone, 404 for an unknown one, 401 and 403', async () => {
    const bad = await search('zone=MN%27--');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Mã vùng không hợp lệ');
    const unknown = await search('zone=ZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Không tìm thấy vùng');
    expect((await search('zone=MN', null)).statusCode).toBe(401);
    expect((await search('zone=MN', logs)).statusCode).toBe(403);
  });
});
