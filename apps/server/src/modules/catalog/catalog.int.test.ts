import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceLookupResponse } from '@portal/shared/contracts/catalog.contract';
import { createFacility } from '../../db/seed/factories';
import { analyzeCatalog, seedServiceTypes, seedServices } from '../../db/seed/catalog';
import type { ServiceSeed } from '../../db/seed/services-data';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let hospitalId: number;
let otherId: number;

const svc = (code: string, name: string, type: number, price: number, extra: Partial<ServiceSeed> = {}): ServiceSeed => ({
  code,
  name,
  type,
  price,
  insurancePrice: Math.round(price * 0.8),
  priceEntries: [],
  ...extra,
});

const SERVICES: ServiceSeed[] = [
  svc('KB.0001', 'Khám Nội', 10, 38_700),
  svc('KB.0002', 'Khám Ngoại', 10, 38_700),
  svc('KB.0003', 'Khám theo yêu cầu – Giáo sư, Phó giáo sư', 10, 500_000, { insurancePrice: null }),
  svc('CDHA.0001', 'Siêu âm ổ bụng (gan mật, tụy, lách, thận, bàng quang)', 30, 119_000, {
    priceEntries: [
      { khoaChiDinhId: 1000101, donGiaDichVu: 150_000, denNgay: '2026-12-31' },
      { khoaChiDinhId: 1000102, donGiaDichVu: 250_000, denNgay: null },
    ],
  }),
  svc('CDHA.0002', 'Siêu âm tuyến giáp', 30, 119_000, {
    priceEntries: [
      { khoaChiDinhId: 1000101, donGiaDichVu: 150_000, denNgay: '2026-06-30' },
      { khoaChiDinhId: 1000103, donGiaDichVu: 180_000, denNgay: '2027-06-30' },
    ],
  }),
  svc('CDHA.0003', 'Chụp X-quang ngực thẳng', 30, 65_400, {
    priceEntries: [
      { khoaChiDinhId: 1000104, donGiaDichVu: 90_000, denNgay: '2027-01-01' },
      { khoaChiDinhId: 1000105, donGiaDichVu: 95_000, denNgay: '2027-01-01' },
    ],
  }),
  svc('XN.0001', 'Định lượng Glucose [Máu]', 20, 21_500),
  svc('XN.0002', 'Đo hoạt độ ALT (GPT) [Máu]', 20, 21_500),
  svc('XN.0003', 'Tổng phân tích tế bào máu ngoại vi (bằng máy đếm laser)', 20, 46_200),
  svc('XN.50%', 'Xét nghiệm 50% đặc biệt_đường', 20, 10_000),
  ...Array.from({ length: 120 }, (_, i) =>
    svc(`GB.${String(i + 1).padStart(4, '0')}`, `Giường Nội khoa loại ${(i % 3) + 1} hạng ${i < 60 ? 'I' : 'II'} – phòng ${i + 1}`, 80, 200_000 + i * 1000),
  ),
];

beforeAll(async () => {
  t = await createTestApp();
  const [h, o] = await t.database.transaction(async (tx) => {
    const h = await createFacility(tx, { code: `CAT-${process.pid}-a`, name: 'Bệnh viện bảng giá' });
    const o = await createFacility(tx, { code: `CAT-${process.pid}-b`, name: 'Phòng khám khác' });
    await seedServiceTypes(tx, h.id);
    await seedServiceTypes(tx, o.id);
    await seedServices(tx, h.id, SERVICES);
    await seedServices(tx, o.id, [svc('KB.0001', 'Khám Nội (cơ sở khác)', 10, 99_000), svc('ZZ.0001', 'Dịch vụ chỉ cơ sở khác', 10, 1_000)]);
    return [h.id, o.id];
  });
  hospitalId = h;
  otherId = o;
  await analyzeCatalog(t.database);
});
afterAll(() => t.close());

const lookup = (q: string) =>
  t.app.inject({ method: 'GET', url: `/api/catalog/v1/emr/medical-services/lookup?${q.includes('hospitalId=') ? '' : `hospitalId=${hospitalId}&`}${q}` });
const codes = (res: { json(): { data: { ma: string }[] } }) => res.json().data.map((r) => r.ma);

describe('GET /api/catalog/v1/emr/medical-services/lookup', () => {
  it('needs no token and lets a proxy cache the answer briefly', async () => {
    const res = await lookup('page=0&size=50');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
  });

  it('pages zero-based with totals, ordered by type then code', async () => {
    const res = await lookup('page=0&size=50');
    const body = res.json();
    expect(() => serviceLookupResponse.parse(body)).not.toThrow(); // the hand-serialised answer keeps the contract
    expect(body).toMatchObject({ code: 0, totalElements: SERVICES.length, totalPage: Math.ceil(SERVICES.length / 50), page: 0, size: 50 });
    expect(body.data).toHaveLength(50);
    expect(codes(res).slice(0, 3)).toEqual(['KB.0001', 'KB.0002', 'KB.0003']);
    const last = await lookup(`page=2&size=50`);
    expect(last.json().data).toHaveLength(SERVICES.length - 100);
    const past = await lookup('page=9&size=50');
    expect(past.json()).toMatchObject({ data: [], totalElements: SERVICES.length, page: 9 });
  });

  it.each([
    ['sieu am bung', ['CDHA.0001']],
    ['SIÊU ÂM', ['CDHA.0001', 'CDHA.0002']],
    ['bung sieu', ['CDHA.0001']],
    ['dinh luong glucose', ['XN.0001']],
    ['  kham   noi ', ['KB.0001']],
    ['đo hoat do', ['XN.0002']],
    ['50%', ['XN.50%']],
    ['_', ['XN.50%']],
    ["'; DROP TABLE medical_services; --", []],
  ])('finds %j by name without diacritics', async (name, expected) => {
    const res = await lookup(`type=-1&name=${encodeURIComponent(name)}`);
    expect(res.statusCode).toBe(200);
    expect(codes(res)).toEqual(expected);
  });

  it('finds by code fragment, case-insensitively', async () => {
    expect(codes(await lookup('syncValue=cdha.000'))).toEqual(['CDHA.0001', 'CDHA.0002', 'CDHA.0003']);
    expect(codes(await lookup('syncValue=GB.0120'))).toEqual(['GB.0120']);
  });

  it('filters by type; -1 or absent means all', async () => {
    const xn = await lookup('type=20&size=100');
    expect(codes(xn)).toEqual(['XN.0001', 'XN.0002', 'XN.0003', 'XN.50%']);
    expect((await lookup('type=-1')).json().totalElements).toBe(SERVICES.length);
    expect((await lookup('')).json().totalElements).toBe(SERVICES.length);
    expect((await lookup('type=999')).json()).toMatchObject({ data: [], totalElements: 0, totalPage: 0 });
  });

  it('combines filters', async () => {
    expect(codes(await lookup('type=30&name=sieu%20am&syncValue=0002'))).toEqual(['CDHA.0002']);
    expect(codes(await lookup('type=10&name=sieu%20am'))).toEqual([]);
  });

  it('carries prices, the price entries and the high-quality price of the shared rule', async () => {
    const rows = (await lookup('type=30')).json().data as Record<string, unknown>[];
    const byCode = Object.fromEntries(rows.map((r) => [r.ma, r]));
    expect(byCode['CDHA.0001']).toMatchObject({
      ten: 'Siêu âm ổ bụng (gan mật, tụy, lách, thận, bàng quang)',
      donGiaDichVu: 119_000,
      donGiaBaoHiem: 95_200,
      loaiDichVu: 30,
      donGiaChatLuongCao: 250_000,
    });
    expect((byCode['CDHA.0001']!.dsGiaDichVu as unknown[]).length).toBe(2);
    expect(byCode['CDHA.0002']!.donGiaChatLuongCao).toBe(180_000); // latest end date
    expect(byCode['CDHA.0003']!.donGiaChatLuongCao).toBe(90_000); // tie: first entry
    const kb = (await lookup('syncValue=KB.0003')).json().data[0];
    expect(kb).toMatchObject({ donGiaBaoHiem: null, donGiaChatLuongCao: null });
  });

  it("never shows another facility's services", async () => {
    expect(codes(await lookup('syncValue=ZZ'))).toEqual([]);
    const other = await t.app.inject({ method: 'GET', url: `/api/catalog/v1/emr/medical-services/lookup?hospitalId=${otherId}` });
    expect(codes(other)).toEqual(['KB.0001', 'ZZ.0001']);
    expect(other.json().data[0].donGiaDichVu).toBe(99_000);
  });

  it.each([
    ['page=-1', 'page', 'Trang phải lớn hơn hoặc bằng 0'],
    ['size=100000', 'size', 'Số dòng mỗi trang tối đa 100'],
    ['size=0', 'size', 'Số dòng mỗi trang tối thiểu 1'],
    ['type=abc', 'type', 'Loại dịch vụ phải là số nguyên'],
    ['page=1.5', 'page', 'Trang phải là số nguyên'],
    [`name=${'a'.repeat(10_000)}`, 'name', 'Tên dịch vụ tối đa 200 ký tự'],
    [`syncValue=${'X'.repeat(21)}`, 'syncValue', 'Mã dịch vụ tối đa 20 ký tự'],
    ['hospitalId=abc', 'hospitalId', 'Mã cơ sở phải là số nguyên'],
  ])('refuses %s with 400 and a Vietnamese message', async (q, field, message) => {
    const res = await lookup(q);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, message, errors: [{ field, message }] });
  });

  it('accepts the largest allowed page size and name length', async () => {
    expect((await lookup(`size=100&name=${'a'.repeat(200)}&syncValue=${'X'.repeat(20)}`)).statusCode).toBe(200);
  });

  it("serves the platform's first facility when no hospitalId is given", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/catalog/v1/emr/medical-services/lookup' });
    expect(res.json().totalElements).toBe(SERVICES.length);
  });

  it('answers an unknown facility with 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/catalog/v1/emr/medical-services/lookup?hospitalId=99999999' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Không tìm thấy cơ sở y tế');
  });
});

describe('GET /api/catalog/v1/emr/medical-service-types', () => {
  it('lists the types as name/value, publicly', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/catalog/v1/emr/medical-service-types?hospitalId=${hospitalId}` });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { name: string; value: number }[];
    expect(data.find((d) => d.value === 10)!.name).toBe('Khám bệnh');
    expect(data.map((d) => d.value)).toContain(20);
  });
  it('refuses a malformed facility id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/catalog/v1/emr/medical-service-types?hospitalId=-5' })).statusCode).toBe(400);
  });
});

describe('GET /api/catalog/v1/public/hospital', () => {
  it("gives the facility's public details", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/catalog/v1/public/hospital?hospitalId=${hospitalId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: hospitalId, name: 'Bệnh viện bảng giá', experts: [] });
  });
});
