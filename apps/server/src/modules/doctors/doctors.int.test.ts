import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULES_PATH } from '@portal/shared/contracts/schedules.contract';
import { addDays, isoWeekday } from '@portal/shared/rules/schedule';
import { todayVn } from '@portal/shared/rules/time';
import { seedDemoCatalog } from '../../db/seed/demo-catalog';
import { DEMO_DOCTORS, seedDemoDoctors } from '../../db/seed/demo-doctors';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';

const PATH = '/api/catalog/v1/doctors';
// A real 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);

let t: TestApp;
let dataDir: string;
let tok: { doctor: string; letan: string; catalog: string; admin: string; other: string };
type Ids = Awaited<ReturnType<typeof seedDemoCatalog>>;
let mine: Ids;
let theirs: Ids;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });
const upload = (id: number, token: string, body: Buffer, type = 'image/png') =>
  t.app.inject({ method: 'PUT', url: `${PATH}/${id}/avatar`, headers: { ...bearer(token), 'content-type': type }, payload: body });

const D = (m: Map<string, number>, code: string) => m.get(code)!;
/** A valid body; `over` replaces fields. */
function body(over: Record<string, unknown> = {}) {
  return {
    code: 'BS-TM01',
    name: 'Trần Văn Minh',
    gender: 'MALE',
    dateOfBirth: '1966-04-12',
    academicTitle: 'PGS',
    degree: 'TS',
    position: 'Trưởng khoa Tim mạch',
    departmentId: D(mine.departments, 'KTM'),
    specialtyIds: [D(mine.specialties, 'TIMMACH'), D(mine.specialties, 'NOI')],
    roomIds: [D(mine.rooms, 'P103')],
    phone: '0912 345 678',
    email: 'minh.tv@benhvien.vn',
    biography: 'Can thiệp mạch vành',
    workHistory: [
      { from: '1990-09', to: '2015-06', place: 'Bệnh viện Bạch Mai', position: 'Bác sĩ Viện Tim mạch' },
      { from: '2015-07', to: null, place: 'Bệnh viện Đa khoa An Phúc', position: 'Trưởng khoa' },
    ],
    ...over,
  };
}
const codes = (res: { json(): { data: { code: string }[] } }) => res.json().data.map((r) => r.code);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'doctors-test-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  const a = await makeFacility(t, [
    { key: 'doctor', authorities: ['MANAGER_DOCTOR'] },
    { key: 'letan', authorities: ['MANAGER_APPOINTMENT'] },
    { key: 'catalog', authorities: ['MANAGER_CATALOG'] },
    { key: 'admin', authorities: ['ADMIN_FACILITY'] },
  ]);
  const b = await makeFacility(t, [{ key: 'doctor', authorities: ['MANAGER_DOCTOR'] }]);
  mine = await t.database.transaction((tx) => seedDemoCatalog(tx, a.facilityId));
  theirs = await t.database.transaction((tx) => seedDemoCatalog(tx, b.facilityId));
  tok = {
    doctor: (await login(t, a.accounts.doctor!)).loginToken,
    letan: (await login(t, a.accounts.letan!)).loginToken,
    catalog: (await login(t, a.accounts.catalog!)).loginToken,
    admin: (await login(t, a.accounts.admin!)).loginToken,
    other: (await login(t, b.accounts.doctor!)).loginToken,
  };
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('doctors API', () => {
  let minhId: number;

  it('creates a doctor with specialties, rooms and working process, audited in the same write', async () => {
    const res = await call('POST', PATH, tok.doctor, body());
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    minhId = d.id;
    expect(res.json().message).toBe('Đã thêm bác sĩ');
    expect(d).toMatchObject({
      code: 'BS-TM01',
      displayName: 'PGS.TS.BS Trần Văn Minh',
      dateOfBirth: '1966-04-12',
      department: { code: 'KTM', name: 'Khoa Tim mạch' },
      rooms: [{ code: 'P103', name: 'Phòng khám Tim mạch 103' }],
      avatarUrl: null,
      active: true,
    });
    expect(d.specialties.map((s: { code: string }) => s.code).sort()).toEqual(['NOI', 'TIMMACH']);
    // latest period first
    expect(d.workHistory.map((p: { from: string; to: string | null }) => [p.from, p.to])).toEqual([
      ['2015-07', null],
      ['1990-09', '2015-06'],
    ]);
    const detail = await call('GET', `${PATH}/${minhId}`, tok.doctor);
    expect(detail.json().data).toEqual(d);
    const [audit] = await sqlRows<{ n: number; code: string }>(
      t,
      sql`SELECT count(*)::int AS n, max(after->>'code') AS code FROM audit_log WHERE entity = 'doctors' AND action = 'CREATE' AND entity_id = ${String(minhId)}`,
    );
    expect(audit).toEqual({ n: 1, code: 'BS-TM01' });
  });

  it('refuses a duplicate code with 409 naming the field, and writes nothing', async () => {
    const before = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM doctors`);
    const res = await call('POST', PATH, tok.doctor, body({ name: 'Bác sĩ trùng mã' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 409,
      message: 'Mã bác sĩ "BS-TM01" đã tồn tại',
      errors: [{ field: 'code', message: 'Mã bác sĩ "BS-TM01" đã tồn tại' }],
    });
    const lower = await call('POST', PATH, tok.doctor, body({ code: 'bs-tm01', name: 'Bác sĩ trùng mã' }));
    expect(lower.json().errors).toEqual([{ field: 'code', message: 'Mã bác sĩ "bs-tm01" đã tồn tại' }]);
    expect(await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM doctors`)).toEqual(before);
  });

  it.each([
    ['a missing name', { name: undefined }, 'name', 'Vui lòng nhập họ và tên'],
    ['an unknown gender', { gender: 'X' }, 'gender', 'Giới tính không hợp lệ'],
    ['a missing degree', { degree: null }, 'degree', 'Vui lòng chọn học vị'],
    ['an unknown academic title', { academicTitle: 'TS' }, 'academicTitle', 'Học hàm không hợp lệ'],
    ['an impossible birth date', { dateOfBirth: '1990-02-30' }, 'dateOfBirth', 'Ngày sinh không hợp lệ (DD/MM/YYYY)'],
    ['a missing department', { departmentId: null }, 'departmentId', 'Vui lòng chọn khoa'],
    ['a specialty twice', { specialtyIds: [1, 1] }, 'specialtyIds', 'Một chuyên khoa được chọn hai lần'],
    ['a bad phone', { phone: '12345' }, 'phone', 'Số điện thoại không hợp lệ'],
    ['a bad email', { email: 'minh@' }, 'email', 'Email không hợp lệ'],
    [
      'a period ending before it starts',
      { workHistory: [{ from: '2015-07', to: '2014-01', place: 'BV A' }] },
      'workHistory.0.to',
      'Đến tháng phải sau hoặc bằng từ tháng',
    ],
    ['a period without place', { workHistory: [{ from: '2015-07', place: ' ' }] }, 'workHistory.0.place', 'Vui lòng nhập nơi công tác'],
    ['a month 13', { workHistory: [{ from: '2015-13', place: 'BV A' }] }, 'workHistory.0.from', 'Từ tháng không hợp lệ (MM/YYYY)'],
  ])('refuses %s with 400 and a Vietnamese field error', async (_l, over, field, message) => {
    const res = await call('POST', PATH, tok.doctor, body({ code: 'BS-X', ...over }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    expect((await call('GET', `${PATH}?q=bs-x`, tok.doctor)).json().totalElements).toBe(0);
  });

  it('refuses an unknown field', async () => {
    const res = await call('POST', PATH, tok.doctor, body({ code: 'BS-Y', facilityId: 1 }));
    expect(res.statusCode).toBe(400);
  });

  it.each([
    ['department', () => ({ departmentId: D(theirs.departments, 'KTM') }), 'departmentId', 'Khoa không tồn tại hoặc đã ngừng hoạt động'],
    [
      'specialty',
      () => ({ specialtyIds: [D(mine.specialties, 'NOI'), D(theirs.specialties, 'NOI')] }),
      'specialtyIds',
      'Có chuyên khoa không tồn tại hoặc đã ngừng hoạt động',
    ],
    ['room', () => ({ roomIds: [D(theirs.rooms, 'P103')] }), 'roomIds', 'Có phòng khám không tồn tại hoặc đã ngừng hoạt động'],
  ])("refuses another facility's %s (400), writing nothing", async (_l, over, field, message) => {
    const res = await call('POST', PATH, tok.doctor, body({ code: 'BS-Z', ...over() }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field, message }]);
    expect((await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM doctors WHERE code = 'BS-Z'`))[0]!.n).toBe(0);
  });

  it('refuses linking a deactivated room, but keeps a room the doctor already had', async () => {
    const p108 = D(mine.rooms, 'P108');
    const made = await call(
      'POST',
      PATH,
      tok.doctor,
      body({ code: 'BS-CX', name: 'Ngô Văn Tuấn', academicTitle: null, degree: 'BSCKI', roomIds: [p108], workHistory: [] }),
    );
    expect(made.statusCode).toBe(200);
    await t.database.db.execute(sql`UPDATE rooms SET active = false WHERE id = ${p108}`);
    const again = await call('POST', PATH, tok.doctor, body({ code: 'BS-CX2', roomIds: [p108] }));
    expect(again.statusCode).toBe(400);
    const keep = await call(
      'PUT',
      `${PATH}/${made.json().data.id}`,
      tok.doctor,
      body({ code: 'BS-CX', name: 'Ngô Văn Tuấn', academicTitle: null, degree: 'BSCKI', roomIds: [p108], workHistory: [] }),
    );
    expect(keep.statusCode, keep.body).toBe(200);
    await t.database.db.execute(sql`UPDATE rooms SET active = true WHERE id = ${p108}`);
  });

  it('updates: replaces links and working process, keeps before/after in the audit trail', async () => {
    const res = await call(
      'PUT',
      `${PATH}/${minhId}`,
      tok.doctor,
      body({
        specialtyIds: [D(mine.specialties, 'TIMMACH')],
        roomIds: [D(mine.rooms, 'P103'), D(mine.rooms, 'P101')],
        workHistory: [{ from: '2015-07', place: 'Bệnh viện Đa khoa An Phúc', position: 'Giám đốc' }],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.specialties.map((s: { code: string }) => s.code)).toEqual(['TIMMACH']);
    expect(d.rooms.map((s: { code: string }) => s.code)).toEqual(['P101', 'P103']);
    expect(d.workHistory).toMatchObject([{ from: '2015-07', to: null, place: 'Bệnh viện Đa khoa An Phúc', position: 'Giám đốc' }]);
    const [row] = await sqlRows<{ before: { workHistory: unknown[] }; after: { workHistory: unknown[] } }>(
      t,
      sql`SELECT before, after FROM audit_log WHERE entity = 'doctors' AND action = 'UPDATE' AND entity_id = ${String(minhId)}`,
    );
    expect(row!.before.workHistory).toHaveLength(2);
    expect(row!.after.workHistory).toHaveLength(1);
    const left = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM doctor_work_history WHERE doctor_id = ${minhId}`);
    expect(left[0]!.n).toBe(1);
  });

  it('answers 401 without a token, 403 without MANAGER_DOCTOR, 404 for an unknown or foreign doctor', async () => {
    expect((await call('GET', PATH, null)).statusCode).toBe(401);
    expect((await call('GET', PATH, 'not-a-token')).statusCode).toBe(401);
    expect((await call('GET', PATH, tok.letan)).statusCode).toBe(403);
    expect((await call('GET', PATH, tok.catalog)).statusCode).toBe(403);
    expect((await call('POST', PATH, tok.catalog, body({ code: 'N' }))).statusCode).toBe(403);
    expect((await call('GET', `${PATH}/export`, tok.letan)).statusCode).toBe(403);
    expect((await upload(minhId, tok.letan, PNG)).statusCode).toBe(403);
    expect((await call('GET', PATH, tok.admin)).statusCode).toBe(200);
    expect((await call('GET', `${PATH}/999999`, tok.doctor)).statusCode).toBe(404);
    expect((await call('GET', `${PATH}/${minhId}`, tok.other)).statusCode).toBe(404);
    expect((await call('PUT', `${PATH}/${minhId}`, tok.other, body())).statusCode).toBe(404);
    expect((await call('PUT', `${PATH}/${minhId}/active`, tok.other, { active: false })).statusCode).toBe(404);
    expect((await upload(minhId, tok.other, PNG)).statusCode).toBe(404);
    expect((await call('GET', PATH, tok.other)).json().totalElements).toBe(0);
  });

  describe('filters, search, paging', () => {
    beforeAll(async () => {
      const s = (c: string) => D(mine.specialties, c);
      const r = (c: string) => D(mine.rooms, c);
      for (const b of [
        {
          code: 'F-NHUNG',
          name: 'Vũ Thị Hồng Nhung',
          gender: 'FEMALE',
          academicTitle: null,
          degree: 'BSCKII',
          departmentId: D(mine.departments, 'KNOI'),
          specialtyIds: [s('NOI'), s('HOHAP')],
          roomIds: [r('P105')],
        },
        {
          code: 'F-LE',
          name: 'Quách Thị Lệ',
          gender: 'FEMALE',
          academicTitle: 'PGS',
          degree: 'TS',
          departmentId: D(mine.departments, 'KNOI'),
          specialtyIds: [s('HOHAP')],
          roomIds: [r('P105'), r('P101')],
        },
        {
          code: 'F-ANH',
          name: 'Bùi Thị Mai Anh',
          gender: 'FEMALE',
          academicTitle: null,
          degree: 'BSNT',
          departmentId: D(mine.departments, 'KTM'),
          specialtyIds: [s('TIMMACH')],
          roomIds: [r('P103')],
        },
      ]) {
        const res = await call('POST', PATH, tok.doctor, body({ ...b, position: null, phone: null, email: null, workHistory: [] }));
        expect(res.statusCode, res.body).toBe(200);
      }
      const anh = (await call('GET', `${PATH}?q=F-ANH`, tok.doctor)).json().data[0].id;
      expect((await call('PUT', `${PATH}/${anh}/active`, tok.doctor, { active: false })).json().data.active).toBe(false);
    });

    it.each([
      ['departmentId=KNOI', () => `departmentId=${D(mine.departments, 'KNOI')}`, ['F-LE', 'F-NHUNG']],
      ['specialtyId=HOHAP', () => `specialtyId=${D(mine.specialties, 'HOHAP')}`, ['F-LE', 'F-NHUNG']],
      ['specialtyId=TIMMACH', () => `specialtyId=${D(mine.specialties, 'TIMMACH')}`, ['BS-TM01', 'F-ANH']],
      ['roomId=P101', () => `roomId=${D(mine.rooms, 'P101')}`, ['BS-TM01', 'F-LE']],
      ['academicTitle=PGS', () => 'academicTitle=PGS', ['BS-TM01', 'F-LE']],
      ['degree=BSCKII', () => 'degree=BSCKII', ['F-NHUNG']],
      ['active=false', () => 'active=false', ['F-ANH']],
      ['q without diacritics', () => `q=${encodeURIComponent('hong nhung')}`, ['F-NHUNG']],
      ['q on the title', () => `q=${encodeURIComponent('pgs le')}`, ['F-LE']],
      ['department + specialty', () => `departmentId=${D(mine.departments, 'KTM')}&specialtyId=${D(mine.specialties, 'TIMMACH')}`, ['BS-TM01', 'F-ANH']],
      ['department + room + state', () => `departmentId=${D(mine.departments, 'KNOI')}&roomId=${D(mine.rooms, 'P105')}&active=true&degree=TS`, ['F-LE']],
      ['specialty + active', () => `specialtyId=${D(mine.specialties, 'TIMMACH')}&active=true`, ['BS-TM01']],
    ])('filters by %s', async (_l, q, expected) => {
      const res = await call('GET', `${PATH}?${q()}`, tok.doctor);
      expect(res.statusCode, res.body).toBe(200);
      expect(codes(res).filter((c: string) => !c.startsWith('BS-CX'))).toEqual(expected);
    });

    it('pages and sorts', async () => {
      const res = await call('GET', `${PATH}?size=2&page=1&sort=name,desc`, tok.doctor);
      expect(res.json()).toMatchObject({ totalElements: 5, totalPage: 3, page: 1, size: 2 });
      expect(res.json().data.map((r: { name: string }) => r.name)).toEqual(['Quách Thị Lệ', 'Ngô Văn Tuấn']);
    });

    it.each(['page=-1', 'size=500', 'sort=phone,asc', 'active=maybe', 'departmentId=abc'])('refuses the list query %s with 400', async (q) => {
      expect((await call('GET', `${PATH}?${q}`, tok.doctor)).statusCode).toBe(400);
    });

    it('select: active doctors only, paged, with the title in the name; any signed-in staff may read it', async () => {
      const first = await call('GET', `${PATH}/select?page=0&size=2`, tok.letan);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ code: 0, totalElements: 4, totalPage: 2, page: 0, size: 2 });
      expect(first.json().data[0]).toEqual({
        id: expect.any(Number),
        name: 'BSCKI Ngô Văn Tuấn',
        fullName: 'Ngô Văn Tuấn',
        code: 'BS-CX',
        departmentId: D(mine.departments, 'KTM'),
        departmentName: 'Khoa Tim mạch',
        avatarUrl: null,
      });
      const second = await call('GET', `${PATH}/select?page=1&size=2`, tok.letan);
      expect(second.json().data.map((d: { name: string }) => d.name)).toEqual(['PGS.TS.BS Trần Văn Minh', 'BSCKII Vũ Thị Hồng Nhung']);
      const filtered = await call(
        'GET',
        `${PATH}/select?departmentId=${D(mine.departments, 'KNOI')}&specialtyId=${D(mine.specialties, 'HOHAP')}&roomId=${D(mine.rooms, 'P101')}`,
        tok.letan,
      );
      expect(filtered.json().data.map((d: { code: string }) => d.code)).toEqual(['F-LE']);
      const search = await call('GET', `${PATH}/select?page=0&size=100&q=${encodeURIComponent('tran van')}`, tok.letan);
      expect(search.json().data.map((d: { code: string }) => d.code)).toEqual(['BS-TM01']);
      expect((await call('GET', `${PATH}/select`, tok.other)).json().totalElements).toBe(0);
      expect((await call('GET', `${PATH}/select`, null)).statusCode).toBe(401);
      expect((await call('GET', `${PATH}/select?size=0`, tok.letan)).statusCode).toBe(400);
    });

    it('link options: active rooms of the facility, by department', async () => {
      const res = await call('GET', `${PATH}/link-options/rooms?departmentId=${D(mine.departments, 'KCDHA')}`, tok.doctor);
      expect(res.json().data.map((r: { code: string }) => r.code)).toEqual(['CT01', 'SA01', 'XQ01']);
      const deps = await call('GET', `${PATH}/link-options/departments?q=${encodeURIComponent('tim mach')}`, tok.doctor);
      expect(deps.json().data).toEqual([{ id: D(mine.departments, 'KTM'), code: 'KTM', name: 'Khoa Tim mạch' }]);
      expect((await call('GET', `${PATH}/link-options/accounts`, tok.doctor)).statusCode).toBe(400);
      expect((await call('GET', `${PATH}/link-options/rooms`, tok.letan)).statusCode).toBe(403);
    });

    it('exports the filtered list as a real .xlsx with names, not ids', async () => {
      const res = await call('GET', `${PATH}/export?departmentId=${D(mine.departments, 'KNOI')}&sort=code,asc`, tok.doctor);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('danh-sach-bac-si.xlsx');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as never);
      const ws = wb.worksheets[0]!;
      expect(ws.getRow(1).values).toEqual([
        undefined,
        'STT',
        'Mã bác sĩ',
        'Họ và tên',
        'Giới tính',
        'Ngày sinh',
        'Học hàm',
        'Học vị',
        'Chức vụ',
        'Khoa',
        'Chuyên khoa',
        'Phòng khám',
        'Số điện thoại',
        'Email',
        'Giới thiệu',
        'Trạng thái',
      ]);
      expect(ws.rowCount).toBe(3);
      const le = ws.getRow(2).values as unknown[];
      expect(le.slice(1, 12)).toEqual([
        1,
        'F-LE',
        'Quách Thị Lệ',
        'Nữ',
        '12/04/1966',
        'Phó giáo sư (PGS)',
        'Tiến sĩ (TS)',
        '',
        'Khoa Nội tổng hợp',
        'Hô hấp',
        'Phòng khám Nội 101, Phòng khám Hô hấp 105',
      ]);
      expect(ws.getRow(3).getCell(2).value).toBe('F-NHUNG');
      const [audit] = await sqlRows<{ rows: number }>(
        t,
        sql`SELECT (after->>'rows')::int AS rows FROM audit_log WHERE entity = 'doctors' AND action = 'EXPORT' ORDER BY id DESC LIMIT 1`,
      );
      expect(audit!.rows).toBe(2);
    });
  });

  describe('avatar', () => {
    it('stores a PNG, serves it publicly with its type, and audits the change', async () => {
      const res = await upload(minhId, tok.doctor, PNG);
      expect(res.statusCode, res.body).toBe(200);
      const url = res.json().data.avatarUrl as string;
      expect(url).toMatch(/^\/api\/catalog\/v1\/public\/doctor-avatars\/[a-f0-9]{32}\.png$/);
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['cache-control']).toContain('immutable');
      expect(Buffer.compare(file.rawPayload, PNG)).toBe(0);
      expect(fs.readdirSync(path.join(dataDir, 'uploads', 'doctor-avatars'))).toEqual([url.split('/').pop()]);
      const [a] = await sqlRows<{ n: number }>(
        t,
        sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'UPDATE_AVATAR' AND entity_id = ${String(minhId)}`,
      );
      expect(a!.n).toBe(1);
    });

    it('replaces the photo (the old file goes) and removes it', async () => {
      const res = await upload(minhId, tok.doctor, JPEG, 'image/jpeg');
      expect(res.statusCode).toBe(200);
      const name = (res.json().data.avatarUrl as string).split('/').pop()!;
      expect(name).toMatch(/\.jpg$/);
      expect(fs.readdirSync(path.join(dataDir, 'uploads', 'doctor-avatars'))).toEqual([name]);
      const del = await call('DELETE', `${PATH}/${minhId}/avatar`, tok.doctor);
      expect(del.json().data.avatarUrl).toBeNull();
      expect(fs.readdirSync(path.join(dataDir, 'uploads', 'doctor-avatars'))).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: `/api/catalog/v1/public/doctor-avatars/${name}` })).statusCode).toBe(404);
    });

    it.each([
      ['a text file declared as PNG', Buffer.from('xin chào'), 'image/png', 400, 'Ảnh đại diện phải là ảnh JPEG, PNG hoặc WebP'],
      ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'image/gif', 400, 'Ảnh đại diện phải là ảnh JPEG, PNG hoặc WebP'],
      ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml', 400, 'Ảnh đại diện phải là ảnh JPEG, PNG hoặc WebP'],
      ['a PNG over 2 MB', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'image/png', 413, 'Ảnh đại diện tối đa 2 MB'],
    ])('refuses %s', async (_l, bytes, type, status, message) => {
      const res = await upload(minhId, tok.doctor, bytes, type);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
      expect((await call('GET', `${PATH}/${minhId}`, tok.doctor)).json().data.avatarUrl).toBeNull();
    });

    it('refuses an empty body and an unknown doctor', async () => {
      expect((await upload(minhId, tok.doctor, Buffer.alloc(0))).statusCode).toBe(400);
      expect((await upload(999999, tok.doctor, PNG)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/catalog/v1/public/doctor-avatars/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(400);
    });
  });
});

describe('deleting', () => {
  it('deletes an unreferenced doctor with its links and periods, audited; 404 for another facility', async () => {
    const made = await call('POST', PATH, tok.doctor, body({ code: 'DEL-1', name: 'Bác sĩ xoá' }));
    const id = made.json().data.id as number;
    expect((await call('DELETE', `${PATH}/${id}`, tok.other)).statusCode).toBe(404);
    expect((await call('DELETE', `${PATH}/${id}`, tok.letan)).statusCode).toBe(403);
    const res = await call('DELETE', `${PATH}/${id}`, tok.doctor);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Đã xoá bác sĩ');
    expect((await call('GET', `${PATH}/${id}`, tok.doctor)).statusCode).toBe(404);
    const left = await sqlRows<{ n: number }>(
      t,
      sql`SELECT (SELECT count(*) FROM doctor_specialties WHERE doctor_id = ${id}) + (SELECT count(*) FROM doctor_rooms WHERE doctor_id = ${id}) + (SELECT count(*) FROM doctor_work_history WHERE doctor_id = ${id}) AS n`,
    );
    expect(Number(left[0]!.n)).toBe(0);
    const [a] = await sqlRows<{ code: string }>(
      t,
      sql`SELECT before->>'code' AS code FROM audit_log WHERE action = 'DELETE' AND entity = 'doctors' AND entity_id = ${String(id)}`,
    );
    expect(a!.code).toBe('DEL-1');
  });

  it('refuses with 409 to delete a doctor a schedule refers to (its foreign key), and deletes nothing', async () => {
    const made = await call('POST', PATH, tok.doctor, body({ code: 'DEL-2', name: 'Bác sĩ có lịch' }));
    const id = made.json().data.id as number;
    const date = addDays(todayVn(), 10);
    const schedule = await call('POST', SCHEDULES_PATH, tok.admin, {
      doctorId: id,
      roomId: D(mine.rooms, 'P103'),
      departmentId: D(mine.departments, 'KTM'),
      from: date,
      to: date,
      weekdays: [isoWeekday(date)],
      shifts: [{ shift: 'MORNING' }],
      slotMinutes: 30,
      capacity: 3,
    });
    expect(schedule.statusCode, schedule.body).toBe(200);
    const res = await call('DELETE', `${PATH}/${id}`, tok.doctor);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      'Không thể xoá bác sĩ "PGS.TS.BS Bác sĩ có lịch" vì đang được dùng bởi lịch làm việc hoặc lịch đặt khám. Hãy ngừng hoạt động thay vì xoá.',
    );
    expect((await call('GET', `${PATH}/${id}`, tok.doctor)).statusCode).toBe(200);
    const audits = await sqlRows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'DELETE' AND entity = 'doctors' AND entity_id = ${String(id)}`,
    );
    expect(Number(audits[0]!.n)).toBe(0);
  });

  it('refuses to delete a specialty a doctor holds (the link is a foreign key)', async () => {
    const res = await call('DELETE', `/api/catalog/v1/specialties/${D(mine.specialties, 'TIMMACH')}`, tok.admin);
    expect(res.statusCode).toBe(409);
  });
});

describe('demo doctors', () => {
  it('seed the demo hospital: linked by code, with working histories, one retired', async () => {
    const f = await makeFacility(t, [{ key: 'doctor', authorities: ['MANAGER_DOCTOR'] }]);
    await t.database.transaction(async (tx) => {
      await seedDemoCatalog(tx, f.facilityId);
      await seedDemoDoctors(tx, f.facilityId);
    });
    const token = (await login(t, f.accounts.doctor!)).loginToken;
    expect(DEMO_DOCTORS.length).toBeGreaterThanOrEqual(30);
    const all = await call('GET', `${PATH}?size=100`, token);
    expect(all.json().totalElements).toBe(DEMO_DOCTORS.length);
    const minh = all.json().data.find((d: { code: string }) => d.code === 'BS001');
    expect(minh).toMatchObject({ displayName: 'PGS.TS.BS Trần Văn Minh', department: { code: 'KTM' }, rooms: [{ code: 'P103' }] });
    const detail = await call('GET', `${PATH}/${minh.id}`, token);
    expect(detail.json().data.workHistory.map((p: { place: string }) => p.place)).toEqual([
      'Bệnh viện Đa khoa An Phúc',
      'Bệnh viện Bạch Mai',
      'Bệnh viện Bạch Mai',
    ]);
    expect((await call('GET', `${PATH}/select?size=100`, token)).json().totalElements).toBe(DEMO_DOCTORS.length - 1);
    const emails = all.json().data.map((d: { email: string }) => d.email);
    expect(new Set(emails).size).toBe(emails.length);
  });
});

describe('doctors Excel import', () => {
  async function xlsx(header: string[], rows: unknown[][]): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Bác sĩ');
    ws.addRow(header);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  const send = (token: string, file: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: `${PATH}/import`,
      headers: { ...bearer(token), 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      payload: file,
    });
  const HEADER = ['Mã bác sĩ *', 'Họ và tên *', 'Giới tính *', 'Ngày sinh', 'Học hàm', 'Học vị *', 'Khoa *', 'Chuyên khoa', 'Phòng khám', 'Số điện thoại'];
  const count = async () => (await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM doctors`))[0]!.n;

  it('offers a template with the doctor columns, codes for department, specialties and rooms', async () => {
    const res = await call('GET', `${PATH}/import-template`, tok.doctor);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const head = (wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(head).toEqual([
      'Mã bác sĩ *',
      'Họ và tên *',
      'Giới tính *',
      'Ngày sinh',
      'Học hàm',
      'Học vị *',
      'Chức vụ',
      'Khoa *',
      'Chuyên khoa',
      'Phòng khám',
      'Số điện thoại',
      'Email',
      'Giới thiệu',
    ]);
    expect((wb.worksheets[0]!.getRow(2).values as unknown[]).slice(8, 11)).toEqual(['KTM', 'TIMMACH, NOI', 'P103']);
    const notes = wb.getWorksheet('Hướng dẫn')!;
    const rules = notes.getColumn(3).values.map(String);
    expect(rules).toContain('Các mã (hoặc tên) trong danh mục chuyên khoa, cách nhau bởi dấu phẩy');
    expect(rules).toContain('Mã (hoặc tên) trong danh mục khoa');
    expect((await call('GET', `${PATH}/import-template`, tok.letan)).statusCode).toBe(403);
  });

  it('imports new doctors and updates known codes in one go, links by code; a missing column keeps the links', async () => {
    const before = await count();
    const file = await xlsx(HEADER, [
      ['IMP-1', 'Lê Thị Hạnh', 'Nữ', '03/05/1980', '', 'Thạc sĩ (ThS)', 'KNHI', 'nhi, dinhduong', 'P204; P205', '0987 654 321'],
      ['IMP-2', 'Phan Văn Đạt', 'Nam', '', 'PGS', 'TS', 'ktm', 'TIMMACH', '', ''],
    ]);
    const res = await send(tok.doctor, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ total: 2, created: 2, updated: 0 });
    expect(await count()).toBe(before + 2);
    const hanh = (await call('GET', `${PATH}?q=IMP-1`, tok.doctor)).json().data[0];
    expect(hanh).toMatchObject({ displayName: 'ThS.BS Lê Thị Hạnh', gender: 'FEMALE', dateOfBirth: '1980-05-03', department: { code: 'KNHI' } });
    expect(hanh.specialties.map((s: { code: string }) => s.code).sort()).toEqual(['DINHDUONG', 'NHI']);
    expect(hanh.rooms.map((s: { code: string }) => s.code)).toEqual(['P204', 'P205']);
    expect((await call('GET', `${PATH}?q=${encodeURIComponent('pgs phan van dat')}`, tok.doctor)).json().data[0].code).toBe('IMP-2');

    // The same code again, without the room column, the department by its name as the export writes it: updated, rooms kept.
    const again = await send(
      tok.doctor,
      await xlsx(['Mã bác sĩ', 'Họ và tên', 'Giới tính', 'Học vị', 'Khoa', 'Chuyên khoa'], [['IMP-1', 'Lê Thị Mỹ Hạnh', 'Nữ', 'BSCKII', 'khoa nhi', 'NHI']]),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual({ total: 1, created: 0, updated: 1 });
    const updated = (await call('GET', `${PATH}/${hanh.id}`, tok.doctor)).json().data;
    expect(updated).toMatchObject({ displayName: 'BSCKII Lê Thị Mỹ Hạnh', phone: '0987 654 321', dateOfBirth: '1980-05-03' });
    expect(updated.specialties.map((s: { code: string }) => s.code)).toEqual(['NHI']);
    expect(updated.rooms.map((s: { code: string }) => s.code)).toEqual(['P204', 'P205']);
  });

  it('reports every bad row and writes nothing', async () => {
    const before = await count();
    const file = await xlsx(HEADER, [
      ['IMP-3', 'Đỗ Văn Hải', 'Nam', '', '', 'BS', 'KNOI', 'NOI', 'P101', ''],
      ['IMP-4', 'Ngô Thị Mai', 'Nữ', '31/02/1990', '', 'BS', 'KNOI', 'NOI, XYZ', 'P101', ''],
      ['IMP-5', '', 'Nữ', '', '', 'Giáo sư', 'KHONGCO', '', '', '12345'],
      ['IMP-3', 'Trùng mã', 'Nam', '', '', 'BS', 'KNOI', '', '', ''],
    ]);
    const res = await send(tok.doctor, file);
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { row: number; field: string; message: string }[];
    expect(res.json().message).toContain('chưa nhập dòng nào');
    expect(errors).toContainEqual(expect.objectContaining({ row: 3, field: 'dateOfBirth' }));
    expect(errors).toContainEqual(expect.objectContaining({ row: 3, field: 'specialtyIds', message: 'Chuyên khoa: không tìm thấy mã hoặc tên "XYZ"' }));
    expect(errors).toContainEqual(expect.objectContaining({ row: 4, field: 'name' }));
    expect(errors).toContainEqual(expect.objectContaining({ row: 4, field: 'degree' }));
    expect(errors).toContainEqual(expect.objectContaining({ row: 4, field: 'departmentId', message: 'Khoa: không tìm thấy mã hoặc tên "KHONGCO"' }));
    expect(errors).toContainEqual(expect.objectContaining({ row: 4, field: 'phone', message: 'Số điện thoại không hợp lệ' }));
    expect(errors).toContainEqual(expect.objectContaining({ row: 5, field: 'code', message: 'Mã bác sĩ "IMP-3" bị trùng với dòng 2 trong tệp' }));
    expect(errors.some((e) => e.row === 2)).toBe(false);
    expect(await count()).toBe(before);
  });

  it("does not reach another facility's catalogue or doctors", async () => {
    // The other facility imports its own IMP-1: a new row there, nothing changes here.
    const res = await send(tok.other, await xlsx(HEADER, [['IMP-1', 'Bác sĩ cơ sở khác', 'Nam', '', '', 'BS', 'KNOI', 'NOI', 'P101', '']]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ total: 1, created: 1, updated: 0 });
    expect((await call('GET', `${PATH}?q=IMP-1`, tok.doctor)).json().data[0].name).toBe('Lê Thị Mỹ Hạnh');
    expect((await send(tok.letan, await xlsx(HEADER, []))).statusCode).toBe(403);
  });
});
