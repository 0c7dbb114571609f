import { z } from 'zod';
import { envelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { fileBody } from '../core/endpoint-files';

/**
 * The national areas' own calls (spec §7 "Catalogue": countries, zones, districts, provinces, address
 * validate and sync). The generic areas catalogue (`areaEndpoints`, catalog.contract.ts) stays the
 * administrator's list; these are what forms and filters call.
 */
export const ADDRESS_PATH = '/api/catalog/v1/address';

export const ADDRESS_MESSAGES = {
  valid: 'Địa chỉ hợp lệ theo đơn vị hành chính hiện hành',
  mapped: 'Địa chỉ trước 01/07/2025: đã chuyển sang đơn vị hành chính hiện hành',
  ended: (name: string) => `${name} đã ngừng hoạt động theo danh mục mới: đã chuyển sang đơn vị kế thừa`,
  provinceOnly: 'Đã xác định tỉnh/thành phố; chưa có phường/xã',
  ambiguousProvince: 'Tỉnh/thành phố cũ này nay thuộc nhiều tỉnh/thành phố: vui lòng nhập thêm phường/xã',
  ambiguous: (n: number) => `Có ${n} đơn vị phù hợp: vui lòng chọn đúng phường/xã`,
  split: (name: string, n: number) => `${name} đã được chia cho ${n} phường/xã mới: vui lòng chọn đúng nơi ở`,
  unknownProvince: (s: string) => `Không tìm thấy tỉnh/thành phố "${s}"`,
  unknownDistrict: (s: string) => `Không tìm thấy quận/huyện "${s}" trong tỉnh/thành phố đã nhập`,
  unknownWard: (s: string) => `Không tìm thấy phường/xã "${s}" trong địa bàn đã nhập`,
  noConversion: (s: string) => `${s} không có trong bảng chuyển đổi chính thức: vui lòng chọn phường/xã hiện hành`,
  inputRequired: 'Vui lòng nhập tỉnh/thành phố, phường/xã hoặc địa chỉ đầy đủ',
  tooLong: (label: string, max: number) => `${label} tối đa ${max} ký tự`,
  zoneNotFound: 'Không tìm thấy vùng',
} as const;

const part = (label: string, max = 100) => z.string().trim().max(max, ADDRESS_MESSAGES.tooLong(label, max)).optional();

/** Codes or names, with or without diacritics; any may be of before or after 01/07/2025. `text`: a whole pasted address. */
export const addressValidateBody = z
  .object({
    province: part('Tỉnh/thành phố'),
    district: part('Quận/huyện'),
    ward: part('Phường/xã'),
    text: part('Địa chỉ', 300),
  })
  .refine((b) => !!(b.province || b.ward || b.text), { message: ADDRESS_MESSAGES.inputRequired, path: ['province'] });
export type AddressValidateInput = z.infer<typeof addressValidateBody>;

export const areaRef = z.object({ id: z.number().int(), code: z.string(), name: z.string(), legacy: z.boolean(), active: z.boolean() });
export type AreaRef = z.infer<typeof areaRef>;

/** A 2025 (province, ward) an input may mean; `from`: the old commune it comes from; `partial`: only part of it. */
export const addressCandidate = z.object({ province: areaRef, ward: areaRef, from: areaRef.nullable(), partial: z.boolean() });
export type AddressCandidate = z.infer<typeof addressCandidate>;

export const ADDRESS_STATUSES = ['valid', 'mapped', 'ambiguous', 'unknown'] as const;

export const addressValidateResult = z.object({
  /** valid: a current address; mapped: an old one, converted; ambiguous: choose among candidates; unknown: not found. */
  status: z.enum(ADDRESS_STATUSES),
  message: z.string(),
  /** Today's province and ward, only when the input says exactly one. */
  province: areaRef.nullable(),
  ward: areaRef.nullable(),
  /** The old units recognised, when the input is one old commune. */
  old: z.object({ province: areaRef, district: areaRef, ward: areaRef }).nullable(),
  candidates: z.array(addressCandidate),
  /** The street part of a pasted address. */
  street: z.string().nullable().optional(),
});
export type AddressValidateResult = z.infer<typeof addressValidateResult>;

/** One unit of a list call. */
export const areaItem = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.string().nullable(),
  legacy: z.boolean(),
  active: z.boolean(),
  parentCode: z.string().nullable(),
  successorCode: z.string().nullable(),
});
export type AreaItem = z.infer<typeof areaItem>;
export const zoneItem = areaItem.extend({ provinceCodes: z.array(z.string()) });
export type ZoneItem = z.infer<typeof zoneItem>;

const search = z.string().trim().max(100, ADDRESS_MESSAGES.tooLong('Từ khoá', 100)).optional();
const code = (label: string, pattern: RegExp) => z.string().trim().regex(pattern, `${label} không hợp lệ`).optional();
const legacyFlag = z.enum(['true', 'false'], { message: 'legacy phải là true hoặc false' }).optional();

export const countriesQuery = z.object({ search });
export const zonesQuery = z.object({ search, kind: z.enum(['Miền', 'Vùng kinh tế - xã hội'], { message: 'Loại vùng không hợp lệ' }).optional() });
export const provincesQuery = z.object({ search, legacy: legacyFlag, zone: code('Mã vùng', /^[0-9A-Za-z]{1,4}$/) });
export const districtsQuery = z.object({ search, province: code('Mã tỉnh/thành phố', /^\d{1,2}$/) });

export const addressEndpoints = {
  validate: endpoint({
    method: 'POST',
    path: `${ADDRESS_PATH}/validate`,
    summary: 'Kiểm tra địa chỉ (mã hoặc tên, có dấu hoặc không) và chuyển địa chỉ trước 01/07/2025 sang đơn vị hiện hành',
    body: addressValidateBody,
    response: envelope(addressValidateResult),
    errors: [400, 401, 403],
  }),
  countries: endpoint({
    method: 'GET',
    path: '/api/catalog/v1/countries',
    summary: 'Danh sách quốc gia (ISO 3166-1)',
    query: countriesQuery,
    response: envelope(z.array(areaItem)),
    errors: [400, 401],
  }),
  zones: endpoint({
    method: 'GET',
    path: '/api/catalog/v1/zones',
    summary: 'Danh sách vùng: 3 miền và 6 vùng kinh tế - xã hội, với các tỉnh/thành phố của mỗi vùng',
    query: zonesQuery,
    response: envelope(z.array(zoneItem)),
    errors: [400, 401],
  }),
  provinces: endpoint({
    method: 'GET',
    path: '/api/catalog/v1/provinces',
    summary: 'Danh sách tỉnh/thành phố (hiện hành, hoặc trước 01/07/2025 với legacy=true), lọc theo vùng',
    query: provincesQuery,
    response: envelope(z.array(areaItem)),
    errors: [400, 401, 404],
  }),
  districts: endpoint({
    method: 'GET',
    path: '/api/catalog/v1/districts',
    summary: 'Danh sách quận/huyện trước 01/07/2025 (không còn cấp huyện từ ngày này), lọc theo tỉnh cũ',
    query: districtsQuery,
    response: envelope(z.array(areaItem)),
    errors: [400, 401],
  }),
};

// ---- Sync: an updated official list of unit codes (Excel or JSON) → differences → applied in one transaction ----

export const SYNC_MAX_BYTES = 5 * 1024 * 1024;
export const SYNC_MAX_ROWS = 20_000;

/**
 * The columns an official list may have, by the headings of the GSO export (danhmuchanhchinh.nso.gov.vn)
 * and plain ones; in JSON, the same headings or the English keys. One row per commune-level unit, with its
 * province; a row without a commune is a province. `mergedInto`: the code of the current commune that took
 * over a commune that ceased (the unit is then merged, not removed).
 */
export const SYNC_COLUMNS = {
  provinceCode: ['Mã TP', 'Mã tỉnh', 'Mã tỉnh/thành phố', 'provinceCode'],
  provinceName: ['Tỉnh Thành Phố', 'Tỉnh / Thành phố', 'Tỉnh/Thành phố', 'Tên tỉnh', 'provinceName'],
  wardCode: ['Mã PX', 'Mã xã', 'Mã phường/xã', 'wardCode', 'code'],
  wardName: ['Phường Xã', 'Tên xã', 'Tên phường/xã', 'Phường/Xã', 'wardName', 'name'],
  kind: ['Cấp', 'Loại', 'kind'],
  mergedInto: ['Sáp nhập vào', 'Mã đơn vị mới', 'Mã PX mới', 'mergedInto'],
} as const;

export const SYNC_MESSAGES = {
  empty: 'Tệp tải lên đang trống',
  tooLarge: `Tệp tối đa ${SYNC_MAX_BYTES / 1024 / 1024} MB`,
  unreadable: 'Không đọc được tệp: chỉ nhận Excel (.xlsx) hoặc JSON',
  noColumns: 'Tệp thiếu cột bắt buộc: Mã TP, Tỉnh Thành Phố, Mã PX, Phường Xã',
  noRows: 'Tệp không có dòng dữ liệu nào',
  tooManyRows: `Tệp tối đa ${SYNC_MAX_ROWS.toLocaleString('vi-VN')} dòng`,
  rowErrors: (n: number) => `Tệp có ${n} dòng không hợp lệ: không có thay đổi nào được áp dụng`,
  badCode: (label: string) => `${label} phải là chữ số (tỉnh 2, phường/xã 5 chữ số)`,
  nameRequired: 'Thiếu tên đơn vị',
  duplicate: (code: string) => `Mã ${code} xuất hiện nhiều lần`,
  provinceMismatch: (code: string) => `Tỉnh ${code} có hai tên khác nhau trong tệp`,
  mergedIntoUnknown: (code: string) => `Mã sáp nhập vào ${code} không có trong danh sách hiện hành của tệp`,
  tooManyRemoved: (n: number, total: number) =>
    `Tệp sẽ bãi bỏ ${n}/${total} đơn vị hiện hành: có lẽ đây không phải danh sách đầy đủ. Không có thay đổi nào được áp dụng`,
  noChange: 'Danh sách trùng với danh mục hiện hành: không có thay đổi',
  stale: 'Danh mục đã thay đổi từ lúc xem trước: vui lòng xem trước lại',
  confirmReferenced: (n: number) => `${n} hồ sơ bệnh nhân đang dùng đơn vị bị bãi bỏ hoặc sáp nhập: vui lòng xác nhận đã xem danh sách`,
  applied: (n: number) => `Đã cập nhật ${n} đơn vị hành chính`,
} as const;

const syncUnit = z.object({
  level: z.enum(['province', 'ward']),
  code: z.string(),
  name: z.string(),
  kind: z.string().nullable(),
  provinceCode: z.string().nullable(),
});
export const syncChange = z.object({
  level: z.enum(['province', 'ward']),
  code: z.string(),
  name: z.string(),
  /** renamed: the name before; merged: the unit it went into. */
  before: z.string().nullable(),
  province: z.string().nullable(),
  /** merged: code and name of the unit it went into. */
  successorCode: z.string().nullable(),
  successorName: z.string().nullable(),
  /** Profiles of all facilities that point at this unit (removed or merged). */
  profiles: z.number().int(),
});
export type SyncChange = z.infer<typeof syncChange>;
export const syncProfileRef = z.object({ id: z.number().int(), patientCode: z.string(), fullName: z.string(), unitCode: z.string(), unitName: z.string() });

export const syncPreview = z.object({
  /** Pass it back to apply: refused if the areas changed in between. */
  digest: z.string(),
  rows: z.number().int(),
  added: z.array(syncChange),
  renamed: z.array(syncChange),
  merged: z.array(syncChange),
  removed: z.array(syncChange),
  /** The caller facility's profiles that use a removed or merged unit (other facilities: counted only). */
  profiles: z.array(syncProfileRef),
  profilesTotal: z.number().int(),
});
export type SyncPreview = z.infer<typeof syncPreview>;
export type SyncUnit = z.infer<typeof syncUnit>;

export const syncApplyQuery = z.object({
  digest: z.string().regex(/^[0-9a-f]{16,64}$/, 'Mã xem trước không hợp lệ'),
  confirmReferenced: z.enum(['true', 'false'], { message: 'confirmReferenced phải là true hoặc false' }).optional(),
});
export const syncApplied = z.object({ added: z.number().int(), renamed: z.number().int(), merged: z.number().int(), removed: z.number().int() });

export const areaSyncEndpoints = {
  preview: endpoint({
    method: 'POST',
    path: `${ADDRESS_PATH}/sync/preview`,
    summary: 'Cập nhật danh mục đơn vị hành chính: xem trước khác biệt (thêm, đổi tên, sáp nhập, bãi bỏ) từ tệp Excel hoặc JSON',
    body: fileBody,
    response: envelope(syncPreview),
    errors: [400, 401, 403, 413],
  }),
  apply: endpoint({
    method: 'POST',
    path: `${ADDRESS_PATH}/sync/apply`,
    summary: 'Cập nhật danh mục đơn vị hành chính: áp dụng tệp đã xem trước trong một giao dịch (đơn vị bãi bỏ được ngừng hoạt động, không xoá)',
    query: syncApplyQuery,
    body: fileBody,
    response: envelope(syncApplied),
    errors: [400, 401, 403, 409, 413],
  }),
};
