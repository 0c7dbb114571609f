import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnostics } from '../../db/schema';
import { bearer, createTestApp, login, makeFacility, type TestApp } from '../../test/test-app';
import { makeHistory, makePatients } from './patients.fixtures';

/** Issue 15: the search of a patient's results expands the facility's acronyms ("sa bung" finds Siêu âm ổ bụng). */
let t: TestApp;
let tok: { user: string; desk: string; other: string };
let userId: number;
let ultrasoundVisit: number;
let bloodVisit: number;

const histories = (token: string | null, id: number, q?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/his/v1/vendor/users/${id}/histories${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`,
    headers: token ? bearer(token) : {},
  });
const visitIds = async (q: string) => {
  const res = await histories(tok.user, userId, q);
  expect(res.statusCode).toBe(200);
  return (res.json().data.histories as { id: number }[]).map((h) => h.id).sort((x, y) => x - y);
};

beforeAll(async () => {
  t = await createTestApp();
  const f = await makeFacility(t, [
    { key: 'user', authorities: ['MANAGER_USER'] },
    { key: 'desk', authorities: ['MANAGER_CATALOG'] },
  ]);
  const o = await makeFacility(t, [{ key: 'user', authorities: ['MANAGER_USER'] }]);
  tok = {
    user: (await login(t, f.accounts.user!)).loginToken,
    desk: (await login(t, f.accounts.desk!)).loginToken,
    other: (await login(t, o.accounts.user!)).loginToken,
  };
  await t.database.transaction(async (tx) => {
    const [acc] = await makePatients(tx, f.facilityId, [{ profiles: [{ fullName: 'Đinh Thị Thu Trang', birthDate: '1980-02-03', gender: 'FEMALE' }] }]);
    userId = acc!.userId;
    const profileId = acc!.profiles[0]!.id;
    const a = await makeHistory(tx, f.facilityId, userId, profileId, new Date('2025-09-10T02:30:00Z'));
    await tx.insert(diagnostics).values({
      historyId: a.id,
      kind: 'CDHA',
      serviceName: 'Siêu âm ổ bụng tổng quát',
      result: 'Gan nhiễm mỡ độ I',
      abnormal: true,
      performedAt: new Date('2025-09-10T03:30:00Z'),
    });
    ultrasoundVisit = a.id;
    bloodVisit = (await makeHistory(tx, f.facilityId, userId, profileId, new Date('2025-10-10T02:30:00Z'))).id;
  });
});
afterAll(() => t.close());

describe('GET /api/his/v1/vendor/users/:userId/histories?q= (search in the results)', () => {
  const cases: [string, string, () => number[]][] = [
    ['"sa bung": an acronym and a word', 'sa bung', () => [ultrasoundVisit]],
    ['with capitals and diacritics', 'SA BỤNG', () => [ultrasoundVisit]],
    ['"creatinin": both visits have the blood test', 'creatinin', () => [ultrasoundVisit, bloodVisit].sort((x, y) => x - y)],
    ['a word of a result', 'nhiem mo', () => [ultrasoundVisit]],
    ['nothing matches', 'cong huong tu', () => []],
    ['no search: every visit', '', () => [ultrasoundVisit, bloodVisit].sort((x, y) => x - y)],
  ];
  it.each(cases)('%s', async (_name, q, expected) => {
    expect(await visitIds(q)).toEqual(expected());
  });

  it('400 for a search over 100 characters, 401 without a token, 403 without MANAGER_USER', async () => {
    const long = await histories(tok.user, userId, 'a'.repeat(101));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Từ khoá tối đa 100 ký tự');
    expect((await histories(null, userId, 'sa')).statusCode).toBe(401);
    expect((await histories(tok.desk, userId, 'sa')).statusCode).toBe(403);
  });

  it('404 for an unknown account or another facility’s', async () => {
    expect((await histories(tok.user, 999_999_999, 'sa')).statusCode).toBe(404);
    expect((await histories(tok.other, userId, 'sa bung')).statusCode).toBe(404);
  });
});
