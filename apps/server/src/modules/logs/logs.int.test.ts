import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@portal/shared';
import { todayVn } from '@portal/shared/rules/time';
import { addDays } from '@portal/shared/rules/period';
import { auditLog } from '../../db/schema';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { makePatients } from '../patients/patients.fixtures';
import { archiveOldLogs } from './archive.job';

let t: TestApp;
const tok: Record<string, string> = {};
const acc: Record<string, number> = {};
let facilityId: number;
let otherFacility: number;
let patientUser: number;
let profileId: number;
const today = todayVn();
const P = '/api/his/v1/log-vendor';
const period = `from=${addDays(today, -30)}&to=${today}`;

const get = (url: string, token: string | null) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
type Row = { id: number; action: string; entity: string; entityId: string | null; actorId: number | null; before: unknown; after: unknown; masked: boolean };
const rowsOf = async (url: string, token = tok.log!) => {
  const res = await get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Row[]; nextBefore: number | null };
};

async function write(values: Partial<typeof auditLog.$inferInsert> & { action: string; entity: string }) {
  const [r] = await t.database.db
    .insert(auditLog)
    .values({ facilityId, ...values })
    .returning({ id: auditLog.id });
  return r!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const f = await makeFacility(t, [
    { key: 'log', authorities: ['MANAGER_LOG'] },
    { key: 'logUser', authorities: ['MANAGER_LOG', 'MANAGER_USER'] },
    { key: 'desk', authorities: ['MANAGER_APPOINTMENT'] },
  ]);
  facilityId = f.facilityId;
  for (const k of ['log', 'logUser', 'desk']) {
    acc[k] = f.accounts[k]!.id;
    tok[k] = (await login(t, f.accounts[k]!)).loginToken;
  }
  const other = await makeFacility(t, [{ key: 'log', authorities: ['MANAGER_LOG'] }]);
  otherFacility = other.facilityId;
  tok.otherLog = (await login(t, other.accounts.log!)).loginToken;
  const [p] = await makePatients(t.database.db, facilityId, [{ profiles: [{ fullName: 'Nguyễn Văn An', birthDate: '1980-05-01', phone: '0912345678' }] }]);
  patientUser = p!.userId;
  profileId = p!.profiles[0]!.id;
});
afterAll(() => t.close());

describe(`GET ${P}`, () => {
  it('finds one’s own sign-in, newest first, in one’s own facility only', async () => {
    const { data } = await rowsOf(`${P}?${period}&actorId=${acc.log}&action=LOGIN`);
    expect(data.length).toBeGreaterThanOrEqual(1);
    expect(data[0]).toMatchObject({ action: 'LOGIN', entity: 'session', actorId: acc.log });
    const foreign = await rowsOf(`${P}?${period}`, tok.otherLog);
    expect(foreign.data.every((r) => r.actorId !== acc.log)).toBe(true);
  });

  it('masks personal data for a viewer without MANAGER_USER and never shows a secret', async () => {
    const id = await write({
      actorId: acc.desk,
      action: 'UPDATE',
      entity: 'medical_profile',
      entityId: String(profileId),
      before: { fullName: 'Nguyễn Văn An', phone: '0912345678', gender: 'MALE' },
      after: { fullName: 'Nguyễn Văn Anh', phone: '0912345678', gender: 'MALE', passwordHash: 'x' },
    });
    const masked = (await rowsOf(`${P}?${period}&entity=medical_profile&entityId=${profileId}`)).data.find((r) => r.id === id)!;
    expect(masked).toMatchObject({ masked: true, before: { fullName: 'Ng•••An', phone: '09•••78', gender: 'MALE' }, after: { fullName: 'Ng•••nh' } });
    expect(masked.after).not.toHaveProperty('passwordHash');
    const shown = await get(`${P}/${id}`, tok.logUser!);
    expect(shown.json().data).toMatchObject({ masked: false, after: { fullName: 'Nguyễn Văn Anh' } });
    expect(shown.json().data.after).not.toHaveProperty('passwordHash');
  });

  it('pages by keyset: no row twice, none missed, the last page says so', async () => {
    for (let i = 0; i < 5; i++) await write({ actorId: acc.desk, action: 'CREATE', entity: 'rooms', entityId: `9${i}` });
    const first = await rowsOf(`${P}?${period}&entity=rooms&size=2`);
    expect(first.data.map((r) => r.entityId)).toEqual(['94', '93']);
    const second = await rowsOf(`${P}?${period}&entity=rooms&size=2&before=${first.nextBefore}`);
    expect(second.data.map((r) => r.entityId)).toEqual(['92', '91']);
    const third = await rowsOf(`${P}?${period}&entity=rooms&size=2&before=${second.nextBefore}`);
    expect(third.data.map((r) => r.entityId)).toEqual(['90']);
    expect(third.nextBefore).toBeNull();
  });

  it('filters by period in +07:00 days, account, action and object', async () => {
    // 23:59 +07:00 yesterday belongs to yesterday; 00:00 +07:00 today to today
    const y = await write({
      actorId: acc.desk,
      action: 'DELETE',
      entity: 'nations',
      entityId: 'y',
      createdAt: new Date(`${addDays(today, -1)}T23:59:00+07:00`),
    });
    const d = await write({ actorId: acc.desk, action: 'DELETE', entity: 'nations', entityId: 'd', createdAt: new Date(`${today}T00:00:00+07:00`) });
    const onlyToday = await rowsOf(`${P}?from=${today}&to=${today}&entity=nations`);
    expect(onlyToday.data.map((r) => r.id)).toEqual([d]);
    const both = await rowsOf(`${P}?from=${addDays(today, -1)}&to=${today}&entity=nations&action=DELETE&actorId=${acc.desk}`);
    expect(both.data.map((r) => r.id)).toEqual([d, y]);
    expect((await rowsOf(`${P}?from=${addDays(today, -1)}&to=${today}&entity=nations&actorId=${acc.log}`)).data).toEqual([]);
  });

  it('gathers everything about one patient account: the account, its profiles, their files', async () => {
    const a = await write({ actorId: acc.desk, action: 'READ_RECORD', entity: 'patient_user', entityId: String(patientUser) });
    const b = await write({ actorId: acc.desk, action: 'UPDATE', entity: 'medical_profile_ext', entityId: String(profileId) });
    await write({ actorId: acc.desk, action: 'READ_RECORD', entity: 'patient_user', entityId: String(patientUser + 100_000) });
    const { data } = await rowsOf(`${P}?${period}&patientUserId=${patientUser}`);
    expect(data.map((r) => r.id)).toEqual(expect.arrayContaining([a, b]));
    expect(data.every((r) => ['patient_user', 'medical_profile', 'medical_profile_ext', 'result_file'].includes(r.entity))).toBe(true);
    expect(data.some((r) => r.entityId === String(patientUser + 100_000))).toBe(false);
  });

  it.each([
    ['to before from', `from=${today}&to=${addDays(today, -1)}`, 'to', 'Ngày kết thúc phải từ ngày bắt đầu trở đi'],
    ['367 days', `from=${addDays(today, -366)}&to=${today}`, 'to', 'Khoảng thời gian tối đa 366 ngày'],
    ['an impossible day', `from=2026-02-30&to=${today}`, 'from', 'Từ ngày không hợp lệ: không có ngày 30/02/2026 trong lịch'],
    ['no period', '', 'from', undefined],
    ['an object id without its kind', `${period}&entityId=5`, 'entityId', 'Chọn loại đối tượng trước khi nhập mã đối tượng'],
    ['a page of 0', `${period}&size=0`, 'size', 'Số dòng mỗi trang tối thiểu 1'],
    ['a page of 201', `${period}&size=201`, 'size', 'Số dòng mỗi trang tối đa 200'],
    ['an action with spaces', `${period}&action=DROP%20TABLE`, 'action', 'Thao tác không hợp lệ'],
  ])('400 on %s, in Vietnamese', async (_, qs, field, message) => {
    const res = await get(`${P}?${qs}`, tok.log!);
    expect(res.statusCode).toBe(400);
    const err = res.json().errors.find((e: { field: string }) => e.field === field);
    expect(err).toBeDefined();
    if (message) expect(err.message).toBe(message);
  });

  it('401 without a token, 403 without MANAGER_LOG', async () => {
    expect((await get(`${P}?${period}`, null)).statusCode).toBe(401);
    const res = await get(`${P}?${period}`, tok.desk!);
    expect(res.json()).toEqual({ code: 403, message: MSG.forbidden });
  });
});

describe(`GET ${P}/:id`, () => {
  it('404 for another facility’s row and for a row that does not exist; 400 on a bad id', async () => {
    const foreign = await write({ facilityId: otherFacility, action: 'CREATE', entity: 'rooms' });
    expect((await get(`${P}/${foreign}`, tok.log!)).json()).toEqual({ code: 404, message: MSG.logNotFound });
    expect((await get(`${P}/999999999`, tok.log!)).statusCode).toBe(404);
    expect((await get(`${P}/abc`, tok.log!)).statusCode).toBe(400);
    expect((await get(`${P}/${foreign}`, tok.otherLog!)).statusCode).toBe(200);
    expect((await get(`${P}/${foreign}`, null)).statusCode).toBe(401);
    expect((await get(`${P}/${foreign}`, tok.desk!)).statusCode).toBe(403);
  });
});

describe(`GET ${P}/actors`, () => {
  it('lists the facility’s staff for the filter, searchable, and nobody else’s', async () => {
    const res = await get(`${P}/actors?search=logUser`, tok.log!);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((a: { id: number }) => a.id)).toEqual([acc.logUser]);
    const all = (await get(`${P}/actors?size=100`, tok.log!)).json();
    expect(all.totalElements).toBe(3);
    expect((await get(`${P}/actors?size=0`, tok.log!)).statusCode).toBe(400);
    expect((await get(`${P}/actors`, tok.desk!)).statusCode).toBe(403);
    expect((await get(`${P}/actors`, null)).statusCode).toBe(401);
  });
});

describe(`GET ${P}/export`, () => {
  async function sheet(qs: string) {
    const res = await get(`${P}/export?${qs}`, tok.log!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return wb.worksheets[0]!;
  }

  it('writes the period in its title row, one row per log row, the changes readable', async () => {
    const ws = await sheet(`${period}&entity=medical_profile&entityId=${profileId}`);
    expect(String(ws.getRow(1).getCell(1).value)).toMatch(/^Nhật ký thao tác từ \d{2}\/\d{2}\/\d{4} đến \d{2}\/\d{2}\/\d{4}$/);
    expect(ws.getRow(2).values).toEqual([undefined, 'Thời gian', 'Người thực hiện', 'Thao tác', 'Đối tượng', 'Mã đối tượng', 'Địa chỉ IP', 'Thay đổi']);
    expect(ws.getRow(3).getCell(3).value).toBe('Cập nhật');
    expect(ws.getRow(3).getCell(4).value).toBe('Hồ sơ bệnh nhân');
    expect(String(ws.getRow(3).getCell(7).value)).toBe('fullName: "Ng•••An" → "Ng•••nh"');
    expect(ws.rowCount).toBe(3);
  });

  it('an empty period gives the headers and "Không có dữ liệu"; the export is audited', async () => {
    const ws = await sheet(`from=2020-01-01&to=2020-01-31`);
    expect(ws.getRow(3).getCell(1).value).toBe('Không có dữ liệu');
    const [row] = await sqlRows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE facility_id = ${facilityId} AND action = 'EXPORT' AND entity = 'audit_log'`,
    );
    expect(row!.n).toBeGreaterThanOrEqual(2);
  });

  it('400 on a bad period, 401, 403', async () => {
    expect((await get(`${P}/export?from=${today}&to=${addDays(today, -2)}`, tok.log!)).statusCode).toBe(400);
    expect((await get(`${P}/export?${period}`, null)).statusCode).toBe(401);
    expect((await get(`${P}/export?${period}`, tok.desk!)).statusCode).toBe(403);
  });
});

describe('retention', () => {
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => '',
      (e: Error) => String(e.message ?? e) + String((e as { cause?: Error }).cause?.message ?? ''),
    );

  it('moves rows older than the retention to the archive, keeps the rest, and can run again', async () => {
    const now = new Date();
    const old = await write({ action: 'CREATE', entity: 'rooms', entityId: 'old', createdAt: new Date(now.getTime() - 1900 * 86_400_000) });
    const recent = await write({ action: 'CREATE', entity: 'rooms', entityId: 'recent', createdAt: new Date(now.getTime() - 1800 * 86_400_000) });
    const moved = await archiveOldLogs(t, 1826, now, 2);
    expect(moved).toBeGreaterThanOrEqual(1);
    const live = await sqlRows<{ id: number }>(t, sql`SELECT id FROM audit_log WHERE id IN (${old}, ${recent})`);
    expect(live.map((r) => Number(r.id))).toEqual([recent]);
    const archived = await sqlRows<{ id: number; entity_id: string }>(t, sql`SELECT id, entity_id FROM audit_log_archive WHERE id = ${old}`);
    expect(archived).toEqual([{ id: expect.anything(), entity_id: 'old' }]);
    expect(await archiveOldLogs(t, 1826, now)).toBe(0);
  });

  it('the database refuses any other change to the log and to the archive', async () => {
    const id = await write({ action: 'CREATE', entity: 'rooms' });
    // the archiving flag alone is not enough: the row must be in the archive first
    const sneaky = t.database.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('portal.audit_archiving', 'on', true)`);
      await tx.execute(sql`DELETE FROM audit_log WHERE id = ${id}`);
    });
    expect(await failure(sneaky)).toMatch(/append-only \(DELETE refused\)/);
    expect(await failure(t.database.db.execute(sql`UPDATE audit_log_archive SET action = 'X'`))).toMatch(/audit_log_archive is append-only \(UPDATE refused\)/);
    expect(await failure(t.database.db.execute(sql`DELETE FROM audit_log_archive`))).toMatch(/append-only \(DELETE refused\)/);
    expect(await failure(t.database.db.execute(sql`TRUNCATE audit_log_archive`))).toMatch(/append-only \(TRUNCATE refused\)/);
    expect((await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM audit_log WHERE id = ${id}`))[0]!.n).toBe(1);
  });
});
