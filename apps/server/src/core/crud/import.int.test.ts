import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceResource } from '@portal/shared/resources';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';

// The import block is generic; the services resource is its first user, so it carries the tests.
const PATH = serviceResource.path;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let t: TestApp;
let facilityId: number;
let tokens: { catalog: string; letan: string; other: string };

// 'Giá bảo hiểm' is the insurance price's former header (now 'Giá BHYT'): files made from old templates still import
const HEADERS = ['Mã dịch vụ', 'Tên dịch vụ', 'Loại dịch vụ', 'Giá dịch vụ', 'Giá bảo hiểm'];

async function xlsx(rows: unknown[][], headers: string[] = HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Dịch vụ');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const upload = (file: Buffer | string, token: string | null = tokens.catalog, contentType = XLSX) =>
  t.app.inject({
    method: 'POST',
    url: `${PATH}/import`,
    headers: { ...(token ? bearer(token) : {}), 'content-type': contentType, 'x-file-name': encodeURIComponent('bảng giá.xlsx') },
    payload: file,
  });

const count = async () => (await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM medical_services WHERE facility_id = ${facilityId}`))[0]!.n;
const imports = async () =>
  sqlRows<{ after: { total: number; created: number; updated: number; fileName: string } }>(
    t,
    sql`SELECT after FROM audit_log WHERE facility_id = ${facilityId} AND entity = 'medical-services' AND action = 'IMPORT' ORDER BY id`,
  );

beforeAll(async () => {
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
});
afterAll(() => t.close());

describe('Excel import (generic block, on medical services)', () => {
  it('serves a template with the form fields, an example row and a notes sheet; the template imports as it is', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${PATH}/import-template`, headers: bearer(tokens.catalog) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('danh-muc-dich-vu-mau-nhap.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const [data, notes] = wb.worksheets;
    expect(data!.getRow(1).values).toEqual([undefined, 'Mã dịch vụ *', 'Tên dịch vụ *', 'Loại dịch vụ *', 'Giá dịch vụ *', 'Giá BHYT']);
    expect(data!.getRow(2).values).toEqual([undefined, 'SA001', 'Siêu âm ổ bụng tổng quát', 'Chẩn đoán hình ảnh', 250000, 195000]);
    expect(data!.getCell('C2').dataValidation?.type).toBe('list');
    expect(notes!.name).toBe('Hướng dẫn');
    expect(notes!.getRow(4).values).toEqual([undefined, 'Loại dịch vụ', 'Có', expect.stringContaining('Chẩn đoán hình ảnh')]);

    const imported = await upload(res.rawPayload);
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toEqual({ code: 0, message: 'Đã nhập 1 dòng: 1 thêm mới, 0 cập nhật', data: { total: 1, created: 1, updated: 0 } });
    const list = (await t.app.inject({ method: 'GET', url: `${PATH}?q=SA001`, headers: bearer(tokens.catalog) })).json();
    expect(list.data).toMatchObject([
      { code: 'SA001', name: 'Siêu âm ổ bụng tổng quát', typeValue: 30, price: 250000, insurancePrice: 195000, priceEntries: [] },
    ]);
  });

  it('writes a good file in one go (types by name or value, money as text, upsert by code) with one audit row', async () => {
    const before = (await imports()).length;
    // the public list is cached; the import must clear it
    const lookup = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/catalog/v1/emr/medical-services/lookup?hospitalId=${facilityId}&syncValue=SA001` })).json().data[0];
    expect(await lookup()).toMatchObject({ ten: 'Siêu âm ổ bụng tổng quát' });
    const file = await xlsx([
      ['XN001', 'Định lượng Glucose [Máu]', 'xét nghiệm', 21500, null],
      ['KB001', '  Khám Nội tổng quát ', '10', '1.250.000', '38,700'],
      [],
      ['sa001', 'Siêu âm ổ bụng (gan mật, tụy, lách)', 'CHAN DOAN HINH ANH', 260000, 195000], // SA001 whatever the case; keeps its code
    ]);
    const res = await upload(file);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ total: 3, created: 2, updated: 1 });
    const rows = await sqlRows<{
      code: string;
      name: string;
      type_value: number;
      price: number;
      insurance_price: number | null;
      search_text: string;
      code_search: string;
    }>(
      t,
      sql`SELECT code, name, type_value, price, insurance_price, search_text, code_search FROM medical_services WHERE facility_id = ${facilityId} ORDER BY code`,
    );
    expect(rows).toEqual([
      {
        code: 'KB001',
        name: 'Khám Nội tổng quát',
        type_value: 10,
        price: 1_250_000,
        insurance_price: 38_700,
        search_text: 'kham noi tong quat',
        code_search: 'kb001',
      },
      {
        code: 'SA001',
        name: 'Siêu âm ổ bụng (gan mật, tụy, lách)',
        type_value: 30,
        price: 260_000,
        insurance_price: 195_000,
        search_text: 'sieu am o bung (gan mat, tuy, lach)',
        code_search: 'sa001',
      },
      {
        code: 'XN001',
        name: 'Định lượng Glucose [Máu]',
        type_value: 20,
        price: 21_500,
        insurance_price: null,
        search_text: 'dinh luong glucose [mau]',
        code_search: 'xn001',
      },
    ]);
    const audits = await imports();
    expect(audits.length).toBe(before + 1);
    expect(audits.at(-1)!.after).toEqual({ total: 3, created: 2, updated: 1, fileName: 'bảng giá.xlsx' });
    expect(await lookup()).toMatchObject({ ten: 'Siêu âm ổ bụng (gan mật, tụy, lách)', donGiaDichVu: 260_000 });
  });

  it('keeps the price entries of an updated service (they are not in the file)', async () => {
    const [sa] = (await t.app.inject({ method: 'GET', url: `${PATH}?q=SA001`, headers: bearer(tokens.catalog) })).json().data;
    const entries = [{ khoaChiDinhId: 1000102, donGiaDichVu: 400_000, denNgay: null }];
    const put = await t.app.inject({
      method: 'PUT',
      url: `${PATH}/${sa.id}`,
      headers: bearer(tokens.catalog),
      payload: { code: 'SA001', name: sa.name, typeValue: 30, price: 260_000, insurancePrice: 195_000, priceEntries: entries },
    });
    expect(put.statusCode).toBe(200);
    expect((await upload(await xlsx([['SA001', 'Siêu âm ổ bụng', 'Chẩn đoán hình ảnh', 270000, 195000]]))).statusCode).toBe(200);
    const [after] = (await t.app.inject({ method: 'GET', url: `${PATH}?q=SA001`, headers: bearer(tokens.catalog) })).json().data;
    expect(after).toMatchObject({ name: 'Siêu âm ổ bụng', price: 270_000, priceEntries: entries, highQualityPrice: 400_000 });
  });

  it('reports every bad row (row, column, message) and writes nothing when one row among good ones is bad', async () => {
    const n = await count();
    const audits = (await imports()).length;
    const file = await xlsx([
      ['NS001', 'Nội soi dạ dày', 'Nội soi', 450000, null],
      ['NS002', 'Nội soi đại tràng', 'Siêu âm', 650000, null], // unknown type
      ['NS003', 'Nội soi thanh quản', 'Nội soi', 'một trăm', null], // price is not a number
      ['ns001', 'Nội soi dạ dày lần 2', 'Nội soi', 450000, null], // duplicate code in the file (codes ignore case)
      ['NS 004', '', 'Nội soi', -5, 1000.5], // bad code, no name, negative price, decimal insurance price
    ]);
    const res = await upload(file);
    expect(res.statusCode).toBe(400);
    const out = res.json();
    expect(out.message).toBe('Tệp có 4 dòng lỗi trên 5 dòng; chưa nhập dòng nào. Vui lòng sửa các lỗi và nhập lại');
    expect(out.errors).toEqual([
      { row: 3, field: 'typeValue', column: 'Loại dịch vụ', message: expect.stringMatching(/^Loại dịch vụ "Siêu âm" không có trong danh sách: Khám bệnh, /) },
      { row: 4, field: 'price', column: 'Giá dịch vụ', message: 'Giá dịch vụ phải là số' },
      { row: 5, field: 'code', column: 'Mã dịch vụ', message: 'Mã dịch vụ "ns001" bị trùng với dòng 2 trong tệp' },
      { row: 6, field: 'code', column: 'Mã dịch vụ', message: 'Mã dịch vụ chỉ gồm chữ không dấu, số và các ký tự . _ -' },
      { row: 6, field: 'name', column: 'Tên dịch vụ', message: 'Vui lòng nhập tên dịch vụ' },
      { row: 6, field: 'price', column: 'Giá dịch vụ', message: 'Giá dịch vụ phải lớn hơn hoặc bằng 0' },
      { row: 6, field: 'insurancePrice', column: 'Giá BHYT', message: 'Giá BHYT phải là số nguyên' },
    ]);
    expect(out.totalErrors).toBe(7);
    expect(await count()).toBe(n);
    expect((await imports()).length).toBe(audits);
  });

  it('refuses a missing required column, naming it', async () => {
    const res = await upload(await xlsx([['X1', 'x', 100]], ['Mã dịch vụ', 'Tên dịch vụ', 'Giá dịch vụ']));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Tệp thiếu cột bắt buộc: Loại dịch vụ. Vui lòng dùng tệp mẫu');
    expect(res.json().errors).toEqual([{ row: 1, field: 'typeValue', column: 'Loại dịch vụ', message: 'Thiếu cột "Loại dịch vụ"' }]);
  });

  it.each([
    [
      'a text file',
      Buffer.from('Mã dịch vụ;Tên\nX;Y\n'),
      'application/octet-stream',
      'Tệp không phải tệp Excel (.xlsx). Vui lòng dùng tệp mẫu tải về từ hệ thống',
    ],
    [
      'an .xls file',
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
      'application/vnd.ms-excel',
      'Tệp Excel 97-2003 (.xls) không được hỗ trợ. Vui lòng mở tệp và lưu lại dưới dạng .xlsx',
    ],
    [
      'a broken zip',
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]),
      XLSX,
      'Không đọc được tệp Excel: tệp bị hỏng hoặc không đúng định dạng .xlsx',
    ],
    ['an empty body', Buffer.alloc(0), XLSX, 'Vui lòng chọn tệp Excel (.xlsx) để nhập'],
    ['JSON', JSON.stringify({ code: 'X' }), 'application/json', 'Vui lòng chọn tệp Excel (.xlsx) để nhập'],
  ])('refuses %s with a clear 400', async (_l, payload, type, message) => {
    const n = await count();
    const res = await upload(payload, tokens.catalog, type);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message, errors: [{ row: 0, field: '_file', column: '', message }], totalErrors: 1 });
    expect(await count()).toBe(n);
  });

  it('refuses a sheet without data rows and one over the row limit', async () => {
    expect((await upload(await xlsx([]))).json().message).toBe('Tệp không có dòng dữ liệu nào (dữ liệu bắt đầu từ dòng 2)');
    const many = await xlsx(Array.from({ length: 5001 }, (_, i) => [`M${i}`, `Dịch vụ ${i}`, 'Khám bệnh', 1000, null]));
    const res = await upload(many);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Tệp có quá nhiều dòng: tối đa 5.000 dòng mỗi lần nhập');
  });

  it('refuses a file over 5 MB with 413', async () => {
    const res = await upload(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(5 * 1024 * 1024)]));
    expect(res.statusCode).toBe(413);
  });

  it('answers 401 and 403, and imports into the caller’s facility only', async () => {
    const file = await xlsx([['KB001', 'Khám ở cơ sở khác', 'Khám bệnh', 99000, null]]);
    expect((await upload(file, null)).statusCode).toBe(401);
    expect((await upload(file, tokens.letan)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${PATH}/import-template`, headers: bearer(tokens.letan) })).statusCode).toBe(403);
    // KB001 exists in the first facility: in the other one it is a new row, and the first is untouched
    const res = await upload(file, tokens.other);
    expect(res.json().data).toEqual({ total: 1, created: 1, updated: 0 });
    const [mine] = await sqlRows<{ name: string }>(t, sql`SELECT name FROM medical_services WHERE facility_id = ${facilityId} AND code = 'KB001'`);
    expect(mine!.name).toBe('Khám Nội tổng quát');
  });
});
