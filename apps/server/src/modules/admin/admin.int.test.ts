import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORITIES, AUTHORITY_LABELS, fmt, MSG } from '@portal/shared';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { md5 } from '../../core/tokens';
import { rooms } from '../../db/schema';
import { bearer, createTestApp, login, loginRequest, makeFacility, sqlRows, type FixtureAccount, type TestApp } from '../../test/test-app';

let t: TestApp;
let A: Record<string, FixtureAccount>;
let B: Record<string, FixtureAccount>;
let facilityA: number;
let tok: Record<string, string>;
let roomIds: { p101: number; p102: number; closed: number; other: number };

const ROLES = '/api/his/v1/roles';
const ACCOUNTS = '/api/his/v1/vendor/accounts';
const ROOMS = '/api/his/v1/vendor/rooms';
const OPTIONS = '/api/his/v1/vendor/room-options';
const FORBIDDEN = { code: 403, message: MSG.forbidden };

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });
const count = async (table: string, where = sql`TRUE`) =>
  (await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE ${where}`))[0]!.n;
const audits = (action: string, entity: string, entityId?: number) =>
  sqlRows<{ before: unknown; after: unknown; actor_id: number }>(
    t,
    sql`SELECT before, after, actor_id FROM audit_log WHERE action = ${action} AND entity = ${entity} ${entityId ? sql`AND entity_id = ${String(entityId)}` : sql``} ORDER BY id`,
  );

async function addRoom(facilityId: number, code: string, name: string, active = true) {
  const [row] = await t.database.db
    .insert(rooms)
    .values({ facilityId, code, name, searchText: normalizeText(`${code} ${name}`), active })
    .returning({ id: rooms.id });
  return row!.id;
}

async function sheetRows(body: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const out: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await makeFacility(t, [
    { key: 'admin', authorities: ['ADMIN_FACILITY'] },
    { key: 'mgr', authorities: ['MANAGER_ADMIN'] },
    { key: 'catalog', authorities: ['MANAGER_CATALOG'] },
    { key: 'holder', authorities: ['MANAGER_REPORT'] },
  ]);
  A = a.accounts;
  facilityA = a.facilityId;
  const b = await makeFacility(t, [{ key: 'admin2', authorities: ['ADMIN_FACILITY'] }]);
  B = b.accounts;
  roomIds = {
    p101: await addRoom(facilityA, 'P101', 'Phòng khám Nội 101'),
    p102: await addRoom(facilityA, 'P102', 'Phòng khám Tim mạch 102'),
    closed: await addRoom(facilityA, 'P900', 'Phòng đã đóng', false),
    other: await addRoom(b.facilityId, 'P101', 'Phòng khám của cơ sở khác'),
  };
  tok = {
    admin: (await login(t, A.admin!)).loginToken,
    mgr: (await login(t, A.mgr!)).loginToken,
    catalog: (await login(t, A.catalog!)).loginToken,
    admin2: (await login(t, B.admin2!)).loginToken,
  };
});
afterAll(() => t.close());

describe('roles', () => {
  let leTan: number;
  let kho: number;

  it('creates a role with authorities in the spec order, audited', async () => {
    const res = await call('POST', ROLES, tok.admin, {
      code: 'LE_TAN',
      name: 'Lễ tân – Tiếp đón',
      description: 'Quầy tiếp đón tầng 1',
      authorities: ['MANAGER_USER', 'MANAGER_APPOINTMENT'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      code: 'LE_TAN',
      name: 'Lễ tân – Tiếp đón',
      authorities: ['MANAGER_USER', 'MANAGER_APPOINTMENT'],
      holders: 0,
      active: true,
    });
    leTan = res.json().data.id;
    const k = await call('POST', ROLES, tok.mgr, { code: 'KHO', name: 'Kho dược', authorities: ['MANAGER_CATALOG'] });
    expect(k.statusCode).toBe(200);
    kho = k.json().data.id;
    expect((await audits('CREATE', 'role', leTan))[0]!.after).toMatchObject({ code: 'LE_TAN', authorities: ['MANAGER_USER', 'MANAGER_APPOINTMENT'] });
  });

  it('refuses bad input with Vietnamese field errors and writes nothing', async () => {
    const before = await count('roles');
    const cases: [unknown, string, string][] = [
      [{ code: 'X1', name: 'Thiếu quyền' }, 'authorities', 'Vui lòng chọn ít nhất một quyền'],
      [{ code: 'X2', name: 'Rỗng', authorities: [] }, 'authorities', 'Vui lòng chọn ít nhất một quyền'],
      [{ code: 'X3', name: 'Sai quyền', authorities: ['ROOT'] }, 'authorities.0', 'Quyền không hợp lệ'],
      [{ code: 'LỄ TÂN', name: 'Có dấu', authorities: ['MANAGER_USER'] }, 'code', 'Mã vai trò chỉ gồm chữ không dấu, số và các ký tự . _ -'],
      [{ name: 'Thiếu mã', authorities: ['MANAGER_USER'] }, 'code', 'Vui lòng nhập mã vai trò'],
      [{ code: 'X4', name: 'Trùng', authorities: ['MANAGER_USER', 'MANAGER_USER'] }, 'authorities', 'Một quyền được chọn hai lần'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('POST', ROLES, tok.admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
    }
    expect((await call('POST', ROLES, tok.admin, { code: 'X5', name: 'Lạ', authorities: ['MANAGER_USER'], extra: 1 })).statusCode).toBe(400);
    expect(await count('roles')).toBe(before);
  });

  it('answers 401 without a token and 403 with the spec body without MANAGER_ADMIN', async () => {
    expect((await call('GET', ROLES, null)).statusCode).toBe(401);
    const res = await call('POST', ROLES, tok.catalog, { code: 'Y', name: 'Y', authorities: ['MANAGER_USER'] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN);
    expect((await call('GET', `${ROLES}/${leTan}`, tok.catalog)).statusCode).toBe(403);
  });

  it('refuses a duplicate code with 409 naming the field', async () => {
    const res = await call('POST', ROLES, tok.admin, { code: 'LE_TAN', name: 'Khác', authorities: ['MANAGER_USER'] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 409,
      message: 'Mã vai trò "LE_TAN" đã tồn tại',
      errors: [{ field: 'code', message: 'Mã vai trò "LE_TAN" đã tồn tại' }],
    });
    expect((await call('PUT', `${ROLES}/${kho}`, tok.admin, { code: 'LE_TAN', name: 'x', authorities: ['MANAGER_USER'] })).statusCode).toBe(409);
    const lower = await call('POST', ROLES, tok.admin, { code: 'le_tan', name: 'Khác', authorities: ['MANAGER_USER'] });
    expect(lower.json().errors).toEqual([{ field: 'code', message: 'Mã vai trò "le_tan" đã tồn tại' }]);
    // the same code in another facility is fine
    expect((await call('POST', ROLES, tok.admin2, { code: 'LE_TAN', name: 'Lễ tân Minh An', authorities: ['MANAGER_USER'] })).statusCode).toBe(200);
  });

  it('lists with search without diacritics, authority filter, sort and paging', async () => {
    const search = await call('GET', `${ROLES}?q=${encodeURIComponent('le tan tiep don')}`, tok.mgr);
    expect(search.json().data.map((r: { code: string }) => r.code)).toEqual(['LE_TAN']);
    const byAuth = await call('GET', `${ROLES}?authorities=MANAGER_CATALOG`, tok.mgr);
    expect(byAuth.json().data.map((r: { code: string }) => r.code)).toEqual(['KHO', 'MANAGER_CATALOG']);
    const paged = await call('GET', `${ROLES}?size=2&page=0&sort=code,desc`, tok.mgr);
    expect(paged.json()).toMatchObject({ page: 0, size: 2 });
    expect(paged.json().totalElements).toBeGreaterThanOrEqual(6);
    const codes = paged.json().data.map((r: { code: string }) => r.code);
    expect(codes).toEqual([...codes].sort().reverse());
    const holders = await call('GET', `${ROLES}?q=manager_report`, tok.mgr);
    expect(holders.json().data[0]).toMatchObject({ code: 'MANAGER_REPORT', holders: 1 });
    expect((await call('GET', `${ROLES}?sort=password,asc`, tok.mgr)).statusCode).toBe(400);
  });

  it('keeps facilities apart: another facility neither sees nor changes the roles', async () => {
    const list = await call('GET', `${ROLES}?size=100`, tok.admin2);
    expect(list.json().data.map((r: { id: number }) => r.id)).not.toContain(leTan);
    expect((await call('GET', `${ROLES}/${leTan}`, tok.admin2)).statusCode).toBe(404);
    const put = await call('PUT', `${ROLES}/${leTan}`, tok.admin2, { code: 'LE_TAN', name: 'Chiếm', authorities: ['ADMIN_FACILITY'] });
    expect(put.statusCode).toBe(404);
    expect((await call('PUT', `${ROLES}/${leTan}/active`, tok.admin2, { active: false })).statusCode).toBe(404);
    expect((await call('GET', `${ROLES}/${leTan}`, tok.admin)).json().data.name).toBe('Lễ tân – Tiếp đón');
  });

  it('updates a role with before/after in the audit trail; 404 for an unknown id', async () => {
    const res = await call('PUT', `${ROLES}/${kho}`, tok.admin, {
      code: 'KHO',
      name: 'Kho dược – Vật tư',
      description: null,
      authorities: ['MANAGER_CATALOG', 'MANAGER_REPORT'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Kho dược – Vật tư', authorities: ['MANAGER_CATALOG', 'MANAGER_REPORT'] });
    const [row] = await audits('UPDATE', 'role', kho);
    expect(row!.before).toMatchObject({ authorities: ['MANAGER_CATALOG'] });
    expect(row!.after).toMatchObject({ authorities: ['MANAGER_CATALOG', 'MANAGER_REPORT'] });
    expect((await call('PUT', `${ROLES}/999999`, tok.admin, { code: 'Z', name: 'Z', authorities: ['MANAGER_USER'] })).statusCode).toBe(404);
    expect((await call('GET', `${ROLES}/abc`, tok.admin)).statusCode).toBe(400);
  });

  it('refuses to deactivate a role that accounts hold, saying how many; deactivates a free one', async () => {
    const held = (await call('GET', `${ROLES}?q=manager_report`, tok.admin)).json().data[0];
    const res = await call('PUT', `${ROLES}/${held.id}/active`, tok.admin, { active: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(fmt(MSG.roleHeld, { count: 1 }));
    const free = await call('PUT', `${ROLES}/${kho}/active`, tok.admin, { active: false });
    expect(free.statusCode).toBe(200);
    expect(free.json().data.active).toBe(false);
    expect((await call('GET', `${ROLES}?active=false`, tok.admin)).json().data.map((r: { code: string }) => r.code)).toEqual(['KHO']);
    expect((await call('PUT', `${ROLES}/${kho}/active`, tok.admin, { active: true })).json().data.active).toBe(true);
  });

  it('lets only an ADMIN_FACILITY holder grant or change ADMIN_FACILITY', async () => {
    const res = await call('POST', ROLES, tok.mgr, { code: 'SIEU', name: 'Siêu quyền', authorities: ['ADMIN_FACILITY'] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.facilityAdminOnly);
    const adminRole = (await call('GET', `${ROLES}?q=admin_facility`, tok.mgr)).json().data[0];
    expect((await call('PUT', `${ROLES}/${adminRole.id}`, tok.mgr, { code: adminRole.code, name: 'x', authorities: ['MANAGER_USER'] })).statusCode).toBe(403);
  });

  it('exports the filtered roles as .xlsx with Vietnamese authority labels', async () => {
    const res = await call('GET', `${ROLES}/export?q=le%20tan`, tok.mgr);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('vai-tro.xlsx');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['STT', 'Mã vai trò', 'Tên vai trò', 'Quyền', 'Số tài khoản', 'Mô tả', 'Trạng thái']);
    expect(rows.slice(1)).toEqual([
      [
        '1',
        'LE_TAN',
        'Lễ tân – Tiếp đón',
        `${AUTHORITY_LABELS.MANAGER_USER}, ${AUTHORITY_LABELS.MANAGER_APPOINTMENT}`,
        '0',
        'Quầy tiếp đón tầng 1',
        'Đang hoạt động',
      ],
    ]);
  });

  it('pages the permissions with their labels', async () => {
    const res = await call('GET', '/api/his/v1/permissions?page=1&size=5', tok.mgr);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalElements: AUTHORITIES.length, totalPage: Math.ceil(AUTHORITIES.length / 5), page: 1, size: 5 });
    expect(res.json().data[0]).toEqual({ code: AUTHORITIES[5], name: AUTHORITY_LABELS[AUTHORITIES[5]] });
    expect((await call('GET', '/api/his/v1/permissions?size=0', tok.mgr)).statusCode).toBe(400);
    expect((await call('GET', '/api/his/v1/permissions', tok.catalog)).statusCode).toBe(403);
  });
});

describe('a role change takes effect on its holders’ next request', () => {
  it('removes and gives back an authority without a new sign-in', async () => {
    const role = (await call('POST', ROLES, tok.admin, { code: 'DM_TAM', name: 'Danh mục tạm', authorities: ['MANAGER_CATALOG'] })).json().data;
    const created = await call('POST', ACCOUNTS, tok.admin, { username: `dm_${Date.now().toString(36)}`, name: 'Ngô Thị Danh Mục', roleIds: [role.id] });
    const { oneTimePassword, id, username } = created.json().data;
    // through the forced change first, so the token is a normal one
    const first = await login(t, { username, password: oneTimePassword });
    expect(
      (await call('PUT', `/api/his/v1/user/${id}`, first.loginToken, { passwordOld: md5(oneTimePassword), passwordNew: md5('Danhmuc@2025') })).statusCode,
    ).toBe(200);
    const token = (await login(t, { username, password: 'Danhmuc@2025' })).loginToken;
    const departments = () => call('GET', '/api/catalog/v1/departments', token);
    expect((await departments()).statusCode).toBe(200);

    await call('PUT', `${ROLES}/${role.id}`, tok.admin, { code: 'DM_TAM', name: 'Danh mục tạm', authorities: ['MANAGER_REPORT'] });
    expect((await departments()).statusCode).toBe(403);
    expect((await call('GET', '/api/his/v1/user/me', token)).json().data.user.authorities).toEqual(['MANAGER_REPORT']);

    await call('PUT', `${ROLES}/${role.id}`, tok.admin, { code: 'DM_TAM', name: 'Danh mục tạm', authorities: ['MANAGER_CATALOG'] });
    expect((await departments()).statusCode).toBe(200);
  });
});

describe('admin accounts', () => {
  let roleLeTan: number;
  let made: { id: number; username: string; oneTimePassword: string };
  const uname = `thu.ha.${Date.now().toString(36)}`;

  beforeAll(async () => {
    roleLeTan = (await call('POST', ROLES, tok.admin, { code: 'TIEP_DON', name: 'Tiếp đón', authorities: ['MANAGER_APPOINTMENT', 'MANAGER_USER'] })).json().data
      .id;
  });

  it('creates an account with roles and rooms and a one-time password shown once', async () => {
    const res = await call('POST', ACCOUNTS, tok.mgr, {
      username: `  ${uname.toUpperCase()} `,
      name: 'Trần Thị Thu Hà',
      email: `${uname}@benhvien.vn`,
      phone: '0912345678',
      roleIds: [roleLeTan],
      roomIds: [roomIds.p102, roomIds.p101],
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(res.json().message).toBe(MSG.accountCreated);
    expect(data).toMatchObject({
      username: uname,
      name: 'Trần Thị Thu Hà',
      email: `${uname}@benhvien.vn`,
      phone: '0912345678',
      roleIds: [roleLeTan],
      locked: false,
      mustChangePassword: true,
    });
    expect(data.rooms.map((r: { code: string }) => r.code)).toEqual(['P101', 'P102']);
    expect(data.oneTimePassword).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&]).{12}$/);
    made = { id: data.id, username: uname, oneTimePassword: data.oneTimePassword };
    // shown once: neither the detail nor the list carries it, and the audit trail never holds it
    expect((await call('GET', `${ACCOUNTS}/${made.id}`, tok.mgr)).body).not.toContain(made.oneTimePassword);
    const audit = await sqlRows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE before::text LIKE ${`%${made.oneTimePassword}%`} OR after::text LIKE ${`%${made.oneTimePassword}%`}`,
    );
    expect(audit[0]!.n).toBe(0);
    expect(await audits('CREATE', 'account', made.id)).toHaveLength(1);
  });

  it('makes the first sign-in change the one-time password before anything else', async () => {
    const first = await loginRequest(t, made.username, made.oneTimePassword);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.mustChangePassword).toBe(true);
    const token = first.json().data.loginToken;
    // until it is changed, only the signed-in calls answer (me, change password, logout)
    const refused = await call('GET', '/api/catalog/v1/departments', token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 403, message: MSG.mustChangePasswordFirst });
    const me = await call('GET', '/api/his/v1/user/me', token);
    expect(me.json().data.user).toMatchObject({ mustChangePassword: true, authorities: ['MANAGER_USER', 'MANAGER_APPOINTMENT'].sort() });
    const change = await call('PUT', `/api/his/v1/user/${made.id}`, token, { passwordOld: md5(made.oneTimePassword), passwordNew: md5('Lamvien&79x') });
    expect(change.statusCode, change.body).toBe(200);
    expect((await loginRequest(t, made.username, made.oneTimePassword)).statusCode).toBe(401);
    const again = await login(t, { username: made.username, password: 'Lamvien&79x' });
    expect((await call('GET', '/api/his/v1/user/me', again.loginToken)).json().data.user.mustChangePassword).toBe(false);
  });

  it('refuses bad input with Vietnamese field errors and writes nothing', async () => {
    const before = await count('accounts');
    const ok = { username: 'hop.le', name: 'Hợp Lệ', roleIds: [roleLeTan] };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...ok, username: undefined }, 'username', 'Vui lòng nhập tên đăng nhập'],
      [{ ...ok, username: 'ha' }, 'username', 'Tên đăng nhập tối thiểu 3 ký tự'],
      [{ ...ok, username: 'thu hà' }, 'username', 'Tên đăng nhập không được chứa dấu cách'],
      [{ ...ok, username: 'thu.hà' }, 'username', 'Tên đăng nhập không được có dấu tiếng Việt (viết "thu.ha" thay cho "thu.hà")'],
      [{ ...ok, username: '2thuha' }, 'username', 'Tên đăng nhập phải bắt đầu bằng chữ cái'],
      [{ ...ok, username: 'thu@ha' }, 'username', 'Tên đăng nhập chỉ gồm chữ thường không dấu, số và các ký tự . _ -'],
      [{ ...ok, name: '' }, 'name', 'Vui lòng nhập họ và tên'],
      [{ ...ok, email: 'thuha@' }, 'email', 'Email không hợp lệ'],
      [{ ...ok, phone: '091234' }, 'phone', 'Số điện thoại gồm 10–11 chữ số, bắt đầu bằng 0'],
      [{ ...ok, roleIds: [] }, 'roleIds', 'Vui lòng chọn ít nhất một vai trò'],
      [{ ...ok, roleIds: undefined }, 'roleIds', 'Vui lòng chọn ít nhất một vai trò'],
      [{ ...ok, roomIds: [roomIds.p101, roomIds.p101] }, 'roomIds', 'Một phòng được chọn hai lần'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('POST', ACCOUNTS, tok.mgr, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors, JSON.stringify(payload)).toContainEqual({ field, message });
    }
    // ids of another facility, or a closed room, are refused by the service
    const otherRole = (await call('GET', `${ROLES}?size=1`, tok.admin2)).json().data[0].id;
    const foreign = await call('POST', ACCOUNTS, tok.mgr, { ...ok, roleIds: [otherRole] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([{ field: 'roleIds', message: 'Vai trò không tồn tại' }]);
    expect((await call('POST', ACCOUNTS, tok.mgr, { ...ok, roomIds: [roomIds.other] })).json().errors).toEqual([
      { field: 'roomIds', message: 'Phòng không tồn tại' },
    ]);
    expect((await call('POST', ACCOUNTS, tok.mgr, { ...ok, roomIds: [roomIds.closed] })).json().errors).toEqual([
      { field: 'roomIds', message: 'Phòng "Phòng đã đóng" đã ngừng hoạt động' },
    ]);
    expect(await count('accounts')).toBe(before);
  });

  it('keeps usernames, emails and phones unique across the platform (409 naming the field)', async () => {
    const dup = await call('POST', ACCOUNTS, tok.mgr, { username: B.admin2!.username, name: 'Trùng tên', roleIds: [roleLeTan] });
    expect(dup.statusCode).toBe(409);
    const message = `Tên đăng nhập "${B.admin2!.username}" đã tồn tại`;
    expect(dup.json()).toEqual({ code: 409, message, errors: [{ field: 'username', message }] });
    const email = await call('POST', ACCOUNTS, tok.mgr, {
      username: 'khac.email',
      name: 'Khác',
      email: `${uname.toUpperCase()}@benhvien.vn`,
      roleIds: [roleLeTan],
    });
    expect(email.statusCode).toBe(409);
    expect(email.json().errors[0].field).toBe('email');
    const phone = await call('PUT', `${ACCOUNTS}/${A.holder!.id}`, tok.admin, {
      username: A.holder!.username,
      name: 'Người giữ',
      phone: '0912345678',
      roleIds: [],
    });
    expect(phone.statusCode).toBe(400); // roleIds empty first
    const phone2 = await call('PUT', `${ACCOUNTS}/${A.holder!.id}`, tok.admin, {
      username: A.holder!.username,
      name: 'Người giữ',
      phone: '0912345678',
      roleIds: [roleLeTan],
    });
    expect(phone2.statusCode).toBe(409);
    expect(phone2.json().errors[0].field).toBe('phone');
  });

  it('answers 401 and 403 with the spec body', async () => {
    expect((await call('GET', ACCOUNTS, null)).statusCode).toBe(401);
    for (const [m, url] of [
      ['GET', ACCOUNTS],
      ['POST', ACCOUNTS],
      ['PUT', `${ACCOUNTS}/${made.id}/locked`],
      ['PUT', `${ACCOUNTS}/${made.id}/reset-password`],
      ['GET', `${ROOMS}`],
    ] as [Method, string][]) {
      const res = await call(m, url, tok.catalog, m === 'POST' ? {} : undefined);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
    }
  });

  it('lists with search without diacritics, role / room / lock filters, sort and paging', async () => {
    const q = await call('GET', `${ACCOUNTS}?q=${encodeURIComponent('tran thi thu ha')}`, tok.mgr);
    expect(q.json().data.map((a: { id: number }) => a.id)).toEqual([made.id]);
    expect(q.json().data[0].roles).toEqual([{ id: roleLeTan, code: 'TIEP_DON', name: 'Tiếp đón', active: true }]);
    expect((await call('GET', `${ACCOUNTS}?roleIds=${roleLeTan}`, tok.mgr)).json().data.map((a: { id: number }) => a.id)).toEqual([made.id]);
    expect((await call('GET', `${ACCOUNTS}?roomIds=${roomIds.p102}`, tok.mgr)).json().totalElements).toBe(1);
    expect((await call('GET', `${ACCOUNTS}?locked=true`, tok.mgr)).json().totalElements).toBe(0);
    const sorted = await call('GET', `${ACCOUNTS}?sort=name,desc&size=2`, tok.mgr);
    expect(sorted.json()).toMatchObject({ size: 2, page: 0, totalPage: Math.ceil(sorted.json().totalElements / 2) });
    const names = sorted.json().data.map((a: { name: string }) => a.name);
    expect(names).toEqual([...names].sort().reverse());
    expect((await call('GET', `${ACCOUNTS}?locked=maybe`, tok.mgr)).statusCode).toBe(400);
  });

  it('keeps facilities apart: another facility neither sees nor changes the accounts', async () => {
    const list = await call('GET', `${ACCOUNTS}?size=100`, tok.admin2);
    expect(list.json().data.map((a: { id: number }) => a.id)).toEqual([B.admin2!.id]);
    for (const [m, url, body] of [
      ['GET', `${ACCOUNTS}/${made.id}`, undefined],
      ['PUT', `${ACCOUNTS}/${made.id}`, { username: made.username, name: 'Chiếm', roleIds: [1] }],
      ['PUT', `${ACCOUNTS}/${made.id}/locked`, undefined],
      ['PUT', `${ACCOUNTS}/${made.id}/unlocked`, undefined],
      ['PUT', `${ACCOUNTS}/${made.id}/reset-password`, undefined],
      ['PUT', `${ROOMS}/${made.id}`, { roomIds: [] }],
      ['GET', `${OPTIONS}/${roomIds.p101}`, undefined],
    ] as [Method, string, unknown][]) {
      expect((await call(m, url, tok.admin2, body)).statusCode, `${m} ${url}`).toBe(404);
    }
    expect((await call('GET', `${ACCOUNTS}/${made.id}`, tok.admin)).json().data).toMatchObject({ name: 'Trần Thị Thu Hà', locked: false });
  });

  it('edits an account, audited with before and after', async () => {
    const res = await call('PUT', `${ACCOUNTS}/${made.id}`, tok.mgr, {
      username: made.username,
      name: 'Trần Thị Thu Hà',
      email: null,
      phone: '0987654321',
      roleIds: [roleLeTan],
      roomIds: [roomIds.p101],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ email: null, phone: '0987654321', roomIds: [roomIds.p101] });
    const [row] = await audits('UPDATE', 'account', made.id);
    expect(row!.before).toMatchObject({ phone: '0912345678', rooms: ['P101', 'P102'] });
    expect(row!.after).toMatchObject({ phone: '0987654321', rooms: ['P101'] });
    expect((await call('PUT', `${ACCOUNTS}/999999`, tok.mgr, { username: 'khong.co', name: 'Không có', roleIds: [roleLeTan] })).statusCode).toBe(404);
  });

  it('resets the password: one-time password once, sessions ended, forced change', async () => {
    const session = await login(t, { username: made.username, password: 'Lamvien&79x' });
    const res = await call('PUT', `${ACCOUNTS}/${made.id}/reset-password`, tok.mgr);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.passwordReset);
    const { oneTimePassword, sessionsEnded } = res.json().data;
    expect(sessionsEnded).toBeGreaterThanOrEqual(1);
    expect((await call('GET', '/api/his/v1/user/me', session.loginToken)).statusCode).toBe(401);
    expect((await loginRequest(t, made.username, 'Lamvien&79x')).statusCode).toBe(401);
    const next = await loginRequest(t, made.username, oneTimePassword);
    expect(next.json().data.mustChangePassword).toBe(true);
    expect((await call('PUT', `${ACCOUNTS}/${A.mgr!.id}/reset-password`, tok.mgr)).json()).toEqual({ code: 400, message: MSG.cannotResetSelf });
    expect(await audits('RESET_PASSWORD', 'account', made.id)).toHaveLength(1);
  });

  it('locks (ending sessions; sign-in refused with the locked message) and unlocks', async () => {
    const session = (await loginRequest(t, A.holder!.username, A.holder!.password)).json().data;
    const res = await call('PUT', `${ACCOUNTS}/${A.holder!.id}/locked`, tok.mgr);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ locked: true, sessionsEnded: 1 });
    expect((await call('GET', '/api/his/v1/user/me', session.loginToken)).statusCode).toBe(401);
    const refused = await loginRequest(t, A.holder!.username, A.holder!.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.accountLocked);
    expect((await call('GET', `${ACCOUNTS}?locked=true`, tok.mgr)).json().data.map((a: { id: number }) => a.id)).toEqual([A.holder!.id]);
    const un = await call('PUT', `${ACCOUNTS}/${A.holder!.id}/unlocked`, tok.mgr);
    expect(un.json().data).toEqual({ locked: false, sessionsEnded: 0 });
    expect((await loginRequest(t, A.holder!.username, A.holder!.password)).statusCode).toBe(200);
    expect((await audits('LOCK', 'account', A.holder!.id))[0]!.after).toEqual({ locked: true, sessionsEnded: 1 });
    expect(await audits('UNLOCK', 'account', A.holder!.id)).toHaveLength(1);
  });

  it('does not let an administrator lock the facility or themselves out', async () => {
    // cannot lock oneself
    expect((await call('PUT', `${ACCOUNTS}/${A.admin!.id}/locked`, tok.admin)).json()).toEqual({ code: 400, message: MSG.cannotLockSelf });
    // the only ADMIN_FACILITY holder cannot give up the role that makes them so
    const adminRole = (await call('GET', `${ROLES}?q=admin_facility`, tok.admin)).json().data[0];
    const mgrRole = (await call('GET', `${ROLES}?q=manager_admin`, tok.admin)).json().data[0];
    const demote = await call('PUT', `${ACCOUNTS}/${A.admin!.id}`, tok.admin, { username: A.admin!.username, name: 'Quản trị', roleIds: [mgrRole.id] });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(MSG.lastFacilityAdmin);
    const strip = await call('PUT', `${ROLES}/${adminRole.id}`, tok.admin, { code: adminRole.code, name: adminRole.name, authorities: ['MANAGER_ADMIN'] });
    expect(strip.statusCode).toBe(409);
    expect((await call('GET', `${ROLES}/${adminRole.id}`, tok.admin)).json().data.authorities).toEqual(['ADMIN_FACILITY']);
    // a MANAGER_ADMIN cannot take MANAGER_ADMIN away from the role it holds it through
    const self = await call('PUT', `${ROLES}/${mgrRole.id}`, tok.mgr, { code: mgrRole.code, name: mgrRole.name, authorities: ['MANAGER_USER'] });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(MSG.selfLockout);
    // nor touch an account that holds ADMIN_FACILITY
    expect((await call('PUT', `${ACCOUNTS}/${A.admin!.id}/locked`, tok.mgr)).json().message).toBe(MSG.facilityAdminOnly);
    expect((await call('PUT', `${ACCOUNTS}/${A.admin!.id}/reset-password`, tok.mgr)).statusCode).toBe(403);
    expect((await login(t, A.admin!)).loginToken).toBeTruthy();
  });

  it('exports the filtered accounts with role names, rooms and DD/MM/YYYY', async () => {
    const res = await call('GET', `${ACCOUNTS}/export?roleIds=${roleLeTan}`, tok.mgr);
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['STT', 'Tên đăng nhập', 'Họ và tên', 'Email', 'Số điện thoại', 'Vai trò', 'Phòng', 'Trạng thái', 'Đổi mật khẩu lần cuối']);
    expect(rows[1]!.slice(0, 8)).toEqual(['1', made.username, 'Trần Thị Thu Hà', '', '0987654321', 'Tiếp đón', 'P101 – Phòng khám Nội 101', 'Không']);
    expect(rows[1]![8]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(rows).toHaveLength(2);
  });
});

describe('usernames (spec "Vendor usernames")', () => {
  const USERNAMES = '/api/his/v1/vendor/usernames';
  const check = (token: string | null, q: Record<string, string>) => call('GET', `${USERNAMES}?${new URLSearchParams(q)}`, token);
  // a full name of its own, so the series starts empty whatever other tests made
  const stemName = `Nguyễn Văn Zuyx${Date.now()
    .toString(36)
    .replace(/[^a-z]/g, '')}`;
  let stem: string;
  let role: number;

  beforeAll(async () => {
    role = (await call('POST', ROLES, tok.admin, { code: 'USERNAMES', name: 'Kiểm tra tên', authorities: ['MANAGER_REPORT'] })).json().data.id;
    stem = (await check(tok.mgr, { fullName: stemName })).json().data.proposal;
  });

  it('proposes the given name + initials, then the next number of the series as names are taken', async () => {
    expect(stem).toMatch(/^zuyx[a-z]*nv$/);
    const create = (username: string) => call('POST', ACCOUNTS, tok.mgr, { username, name: stemName, roleIds: [role] });
    expect((await create(stem)).statusCode).toBe(200);
    expect((await check(tok.mgr, { fullName: stemName })).json().data).toEqual({ username: null, available: null, proposal: `${stem}2` });
    expect((await create(`${stem}2`)).statusCode).toBe(200);
    expect((await create(`${stem}.x`)).statusCode).toBe(200); // not of the series
    expect((await check(tok.mgr, { fullName: stemName })).json().data.proposal).toBe(`${stem}3`);
  });

  it('says whether a name is free, without regard to case (names are stored lower case)', async () => {
    const taken = await check(tok.mgr, { username: `  ${stem.toUpperCase()} ` });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toEqual({ code: 0, data: { username: stem, available: false, proposal: null } });
    expect((await check(tok.mgr, { username: `${stem}9` })).json().data.available).toBe(true);
    // the create agrees: the taken one is a 409, whatever its case
    const clash = await call('POST', ACCOUNTS, tok.mgr, { username: stem.toUpperCase(), name: 'Ai Đó', roleIds: [role] });
    expect(clash.statusCode).toBe(409);
  });

  it('refuses a name with diacritics or spaces with a clear Vietnamese message, and an empty question', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ username: 'nguyễn văn' }, MSG.usernameSpaces],
      [{ username: 'annguyễn' }, fmt(MSG.usernameDiacritics, { plain: 'annguyen', input: 'annguyễn' })],
      [{ username: 'đạt' }, fmt(MSG.usernameDiacritics, { plain: 'dat', input: 'đạt' })],
      [{ username: '9an' }, MSG.usernameFirstLetter],
      [{}, MSG.usernameCheckEmpty],
      [{ username: '  ', fullName: '' }, MSG.usernameCheckEmpty],
      [{ fullName: 'x'.repeat(101) }, 'Họ và tên tối đa 100 ký tự'],
    ];
    for (const [q, message] of cases) {
      const res = await check(tok.mgr, q);
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(
        res.json().errors.map((e: { message: string }) => e.message),
        JSON.stringify(q),
      ).toContain(message);
    }
  });

  it('needs a session and MANAGER_ADMIN', async () => {
    expect((await check(null, { username: 'abc' })).statusCode).toBe(401);
    const res = await check(tok.catalog, { username: 'abc' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN);
  });

  it('counts every facility’s names (one login space) but tells nothing else about them', async () => {
    const res = await check(tok.admin2, { username: stem, fullName: stemName });
    expect(res.json()).toEqual({ code: 0, data: { username: stem, available: false, proposal: `${stem}3` } });
  });
});

describe('rooms of an account (vendor rooms)', () => {
  it('assigns rooms, lists accounts by room, refuses foreign rooms, exports', async () => {
    const set = await call('PUT', `${ROOMS}/${A.catalog!.id}`, tok.mgr, { roomIds: [roomIds.p102] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.rooms).toEqual([{ id: roomIds.p102, code: 'P102', name: 'Phòng khám Tim mạch 102' }]);
    const byRoom = await call('GET', `${ROOMS}?roomIds=${roomIds.p102}`, tok.mgr);
    expect(byRoom.json().data.map((a: { id: number }) => a.id)).toEqual([A.catalog!.id]);
    expect((await call('PUT', `${ROOMS}/${A.catalog!.id}`, tok.mgr, { roomIds: [roomIds.other] })).statusCode).toBe(400);
    expect((await call('PUT', `${ROOMS}/${A.catalog!.id}`, tok.mgr, { roomIds: 'P101' })).statusCode).toBe(400);
    expect((await call('PUT', `${ROOMS}/${A.catalog!.id}`, tok.mgr, { roomIds: [], name: 'x' })).statusCode).toBe(400);
    expect((await audits('UPDATE_ROOMS', 'account', A.catalog!.id))[0]!.after).toEqual({ rooms: ['P102'] });
    const xlsx = await sheetRows((await call('GET', `${ROOMS}/export?roomIds=${roomIds.p102}`, tok.mgr)).rawPayload);
    expect(xlsx).toEqual([
      ['STT', 'Tên đăng nhập', 'Họ và tên', 'Phòng'],
      ['1', A.catalog!.username, 'Nhân viên catalog', 'P102 – Phòng khám Tim mạch 102'],
    ]);
  });

  it('pages the facility’s rooms for the picker, searched without diacritics', async () => {
    const res = await call('GET', `${OPTIONS}?q=${encodeURIComponent('tim mach')}&active=true`, tok.mgr);
    expect(res.json().data).toEqual([{ id: roomIds.p102, code: 'P102', name: 'Phòng khám Tim mạch 102', active: true }]);
    const all = await call('GET', `${OPTIONS}?size=100`, tok.mgr);
    expect(all.json().data.map((r: { code: string }) => r.code)).toEqual(['P101', 'P102', 'P900']);
    expect((await call('GET', `${OPTIONS}/${roomIds.p101}`, tok.mgr)).json().data.name).toBe('Phòng khám Nội 101');
    expect((await call('GET', OPTIONS, tok.catalog)).statusCode).toBe(403);
  });

  it('serves the paged dropdowns of the account form: active rooms and roles of the facility only', async () => {
    const rooms = await call('GET', `${OPTIONS}/select?page=0&size=20`, tok.mgr);
    expect(rooms.statusCode).toBe(200);
    expect(rooms.json()).toMatchObject({ code: 0, totalElements: 2, totalPage: 1 });
    expect(rooms.json().data).toEqual([
      { id: roomIds.p101, name: 'Phòng khám Nội 101' },
      { id: roomIds.p102, name: 'Phòng khám Tim mạch 102' },
    ]);
    const searched = await call('GET', `${OPTIONS}/select?q=${encodeURIComponent('tim mach')}`, tok.mgr);
    expect(searched.json().data).toEqual([{ id: roomIds.p102, name: 'Phòng khám Tim mạch 102' }]);
    const roles = await call('GET', `${ROLES}/select?size=100`, tok.mgr);
    expect(roles.statusCode).toBe(200);
    const mine = await call('GET', `${ROLES}?size=100&active=true`, tok.mgr);
    expect(roles.json().data).toEqual(mine.json().data.map((r: { id: number; name: string }) => ({ id: r.id, name: r.name })));
    const theirs = await call('GET', `${ROLES}/select?size=100`, tok.admin2);
    const ids = new Set(roles.json().data.map((r: { id: number }) => r.id));
    expect(theirs.json().data.some((r: { id: number }) => ids.has(r.id))).toBe(false);
    expect((await call('GET', `${ROLES}/select?size=1000`, tok.mgr)).statusCode).toBe(400);
    expect((await call('GET', `${ROLES}/select`, null)).statusCode).toBe(401);
    expect((await call('GET', `${OPTIONS}/select`, tok.catalog)).statusCode).toBe(403);
  });
});
