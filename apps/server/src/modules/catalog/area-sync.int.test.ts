import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createLoggedTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { makePatients } from '../patients/patients.fixtures';

/** Sync of the areas with an uploaded official list: preview, apply in one transaction, profiles kept valid. */
let t: TestApp & { log: string[] };
let catalog: string;
let desk: string;
let otherCatalog: string;
let patientId: number;

beforeAll(async () => {
  t = await createLoggedTestApp();
  const a = await makeFacility(t, [
    { key: 'catalog', authorities: ['MANAGER_CATALOG'] },
    { key: 'desk', authorities: ['MANAGER_USER'] },
  ]);
  const b = await makeFacility(t, [{ key: 'catalog', authorities: ['MANAGER_CATALOG'] }]);
  catalog = (await login(t, a.accounts.catalog!)).loginToken;
  desk = (await login(t, a.accounts.desk!)).loginToken;
  otherCatalog = (await login(t, b.accounts.catalog!)).loginToken;
  await t.database.transaction(async (tx) => {
    // both live in Phường Cửa Nam (00082), which the updated list merges into Phường Hoàn Kiếm (00070)
    const [made] = await makePatients(tx, a.facilityId, [
      { profiles: [{ fullName: 'Nguyễn Thị Cửa', birthDate: '1990-01-01', provinceCode: '01', wardCode: '00082' }] },
    ]);
    patientId = made!.userId;
    await makePatients(tx, b.facilityId, [{ profiles: [{ fullName: 'Trần Văn Nam', birthDate: '1991-01-01', provinceCode: '01', wardCode: '00082' }] }]);
  });
});
afterAll(() => t.close());

interface Unit {
  pc: string;
  pn: string;
  wc: string;
  wn: string;
  kind: string;
}
/** The current list as the GSO export gives it: one row per ward with its province. */
async function currentList(): Promise<Unit[]> {
  return sqlRows<Unit>(
    t,
    sql`SELECT p.code AS pc, p.name AS pn, w.code AS wc, w.name AS wn, w.kind FROM areas w JOIN areas p ON p.id = w.parent_id
        WHERE w.level = 'ward' AND NOT w.legacy AND w.active ORDER BY w.code`,
  );
}
async function xlsx(units: Unit[], extra: Record<string, string>[] = []): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Danh sách');
  ws.addRow(['Tỉnh Thành Phố', 'Mã TP', 'Phường Xã', 'Mã PX', 'Cấp', 'Sáp nhập vào']);
  for (const u of units) ws.addRow([u.pn, u.pc, u.wn, u.wc, u.kind, null]);
  for (const e of extra) ws.addRow([e.pn, e.pc, e.wn, e.wc, e.kind, e.into ?? null]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const post = (url: string, payload: Buffer | string, token: string | null = catalog, type = 'application/octet-stream') =>
  t.app.inject({ method: 'POST', url, headers: { ...(token ? bearer(token) : {}), 'content-type': type }, payload });
const PREVIEW = '/api/catalog/v1/address/sync/preview';
const APPLY = '/api/catalog/v1/address/sync/apply';

/** Renamed: 00004 Phường Ba Đình → "Phường Ba Đình Mới"; added: 99999; merged: 00082 Cửa Nam → 00070 Hoàn Kiếm. */
async function updatedList(): Promise<Buffer> {
  const units = (await currentList()).filter((u) => u.wc !== '00082').map((u) => (u.wc === '00004' ? { ...u, wn: 'Phường Ba Đình Mới' } : u));
  return xlsx(units, [
    { pn: 'Thành phố Hà Nội', pc: '01', wn: 'Phường Thử Nghiệm', wc: '99999', kind: 'Phường' },
    { pn: 'Thành phố Hà Nội', pc: '01', wn: 'Phường Cửa Nam', wc: '00082', kind: 'Phường', into: '00070' },
  ]);
}

describe('area sync', () => {
  it('previews the differences of an Excel list with the GSO headings, listing only the caller facility’s profiles', async () => {
    const res = await post(PREVIEW, await updatedList());
    expect(res.statusCode, t.log.filter((l) => l.includes('"level":50')).join('\n')).toBe(200);
    const p = res.json().data;
    expect(p.added.map((c: { code: string; name: string }) => `${c.code} ${c.name}`)).toEqual(['99999 Phường Thử Nghiệm']);
    expect(p.renamed).toEqual([expect.objectContaining({ code: '00004', name: 'Phường Ba Đình Mới', before: 'Phường Ba Đình' })]);
    expect(p.merged).toEqual([expect.objectContaining({ code: '00082', successorCode: '00070', successorName: 'Phường Hoàn Kiếm', profiles: 2 })]);
    expect(p.removed).toEqual([]);
    expect(p.profiles.map((x: { fullName: string; unitName: string }) => `${x.fullName} ${x.unitName}`)).toEqual(['Nguyễn Thị Cửa Phường Cửa Nam']);
    expect(p.profilesTotal).toBe(2);
    // the other facility sees its own patient only
    const other = (await post(PREVIEW, await updatedList(), otherCatalog)).json().data;
    expect(other.profiles.map((x: { fullName: string }) => x.fullName)).toEqual(['Trần Văn Nam']);
    // a preview changes nothing
    expect((await currentList()).find((u) => u.wc === '00004')?.wn).toBe('Phường Ba Đình');
  });

  it('applies only the previewed list, after the profiles were seen, in one transaction with its audit row', async () => {
    const file = await updatedList();
    const { digest } = (await post(PREVIEW, file)).json().data;
    const unconfirmed = await post(`${APPLY}?digest=${digest}`, file);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().message).toContain('2 hồ sơ bệnh nhân');
    expect((await post(`${APPLY}?digest=${'0'.repeat(32)}&confirmReferenced=true`, file)).statusCode).toBe(409); // another preview
    expect((await currentList()).find((u) => u.wc === '00082')).toBeDefined(); // nothing changed

    const res = await post(`${APPLY}?digest=${digest}&confirmReferenced=true`, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Đã cập nhật 3 đơn vị hành chính', data: { added: 1, renamed: 1, merged: 1, removed: 0 } });
    const [cuaNam] = await sqlRows<{ active: boolean; successor: string }>(
      t,
      sql`SELECT a.active, s.code AS successor FROM areas a JOIN areas s ON s.id = a.successor_id WHERE a.level = 'ward' AND NOT a.legacy AND a.code = '00082'`,
    );
    expect(cuaNam).toEqual({ active: false, successor: '00070' }); // kept, inactive, pointing at its successor
    const [audit] = await sqlRows<{ action: string; after: { merged: unknown[] } }>(
      t,
      sql`SELECT action, after FROM audit_log WHERE entity = 'areas' AND entity_id = ${digest}`,
    );
    expect(audit).toMatchObject({ action: 'SYNC', after: { merged: [{ code: '00082', into: '00070' }] } });

    // the profile is still valid, and an address in the ended ward now maps to its successor
    const v = await t.app.inject({
      method: 'POST',
      url: '/api/catalog/v1/address/validate',
      headers: bearer(desk),
      payload: { province: '01', ward: '00082' },
    });
    expect(v.json().data).toMatchObject({ status: 'mapped', ward: { code: '00070', name: 'Phường Hoàn Kiếm' } });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/catalog/v1/address/validate',
      headers: bearer(desk),
      payload: { province: 'ha noi', ward: 'thu nghiem' },
    });
    expect(added.json().data).toMatchObject({ status: 'valid', ward: { code: '99999' } });

    // a profile may now live in the ward the list added, and the reference list offers it
    const wards = await t.app.inject({
      method: 'GET',
      url: '/api/his/v1/vendor/medical-profiles/reference/wards?provinceCode=01&search=thu%20nghiem&page=0&size=20',
      headers: bearer(desk),
    });
    expect(wards.json().data).toEqual([expect.objectContaining({ value: '99999' })]);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/his/v1/vendor/users/${patientId}/medical-profile`,
      headers: bearer(desk),
      payload: { fullName: 'Nguyễn Văn Mới', birthDate: '010190', gender: 'MALE', relationship: 'CHILD', provinceCode: '01', wardCode: '99999' },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ wardName: 'Phường Thử Nghiệm', address: 'Phường Thử Nghiệm, Thành phố Hà Nội' });

    // the same file again: the areas changed since that preview
    expect((await post(`${APPLY}?digest=${digest}&confirmReferenced=true`, file)).statusCode).toBe(409);
  });

  it('accepts JSON with the English keys', async () => {
    const units = (await currentList()).map((u) => ({ provinceCode: u.pc, provinceName: u.pn, wardCode: u.wc, wardName: u.wn, kind: u.kind }));
    const res = await post(PREVIEW, JSON.stringify(units), catalog, 'application/json');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ added: [], renamed: [], merged: [], removed: [] });
  });

  it('400 in Vietnamese for a file it cannot read, without the columns, with bad rows, or that would remove most units', async () => {
    expect((await post(PREVIEW, Buffer.from('not a list'))).json().message).toBe('Không đọc được tệp: chỉ nhận Excel (.xlsx) hoặc JSON');
    expect((await post(PREVIEW, Buffer.alloc(0))).statusCode).toBe(400);
    const noColumns = await post(PREVIEW, JSON.stringify([{ foo: 1 }]), catalog, 'application/json');
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().message).toContain('thiếu cột');
    const bad = await post(
      PREVIEW,
      await xlsx([
        { pn: 'Thành phố Hà Nội', pc: '01', wn: 'Phường A', wc: 'ABC', kind: 'Phường' },
        { pn: 'Thành phố Hà Nội', pc: '01', wn: 'Phường B', wc: '00004', kind: 'Phường' },
        { pn: 'Thành phố Hà Nội', pc: '01', wn: 'Phường C', wc: '00004', kind: 'Phường' },
      ]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Tệp có 2 dòng không hợp lệ: không có thay đổi nào được áp dụng');
    expect(bad.json().errors).toEqual([
      { field: 'dòng 2', message: 'Mã phường/xã phải là chữ số (tỉnh 2, phường/xã 5 chữ số)' },
      { field: 'dòng 4', message: 'Mã 00004 xuất hiện nhiều lần' },
    ]);
    const partial = await post(PREVIEW, await xlsx((await currentList()).slice(0, 100)));
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toContain('có lẽ đây không phải danh sách đầy đủ');
    expect((await post(`${APPLY}?digest=xyz`, Buffer.from('[]'))).statusCode).toBe(400);
  });

  it('401 without sign-in, 403 without MANAGER_CATALOG', async () => {
    const file = await updatedList();
    expect((await post(PREVIEW, file, null)).statusCode).toBe(401);
    expect((await post(PREVIEW, file, desk)).statusCode).toBe(403);
    expect((await post(`${APPLY}?digest=${'a'.repeat(32)}`, file, desk)).statusCode).toBe(403);
  });
});
