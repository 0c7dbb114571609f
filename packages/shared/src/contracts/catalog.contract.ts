import { z } from 'zod';
import { pageEnvelope, envelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { optionItem, resourceEndpoints } from '../core/resource-endpoints';
import { SERVICE_CODE_MAX, SERVICE_NAME_MAX } from '../constants';
import { acronymResource, areaResource, departmentResource, jobResource, nationResource, roomResource, serviceResource, specialtyResource } from '../resources';
import { CATALOG_PUBLIC_PATHS } from './catalog.paths';

/** Largest page the public price list serves (the page offers 50 and 100). */
export const SERVICE_LOOKUP_MAX_SIZE = 100;
const MAX_PAGE = 100_000;

const intParam = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^-?\d{1,9}$/, `${label} phải là số nguyên`)
    .transform(Number);

/** GET /api/catalog/v1/emr/medical-services/lookup — spec §7 "Public price list". */
export const serviceLookupQuery = z.object({
  page: intParam('Trang')
    .pipe(z.number().min(0, 'Trang phải lớn hơn hoặc bằng 0').max(MAX_PAGE, `Trang tối đa ${MAX_PAGE}`))
    .optional()
    .default(0),
  size: intParam('Số dòng mỗi trang')
    .pipe(z.number().min(1, 'Số dòng mỗi trang tối thiểu 1').max(SERVICE_LOOKUP_MAX_SIZE, `Số dòng mỗi trang tối đa ${SERVICE_LOOKUP_MAX_SIZE}`))
    .optional()
    .default(50),
  /** Service code (mã dịch vụ). */
  syncValue: z.string().max(SERVICE_CODE_MAX, `Mã dịch vụ tối đa ${SERVICE_CODE_MAX} ký tự`).optional(),
  name: z.string().max(SERVICE_NAME_MAX, `Tên dịch vụ tối đa ${SERVICE_NAME_MAX} ký tự`).optional(),
  /** Service type value; -1 or absent = all types. */
  type: intParam('Loại dịch vụ').optional(),
  /** Which facility's price list; absent = the platform's default facility. */
  hospitalId: intParam('Mã cơ sở').pipe(z.number().min(1, 'Mã cơ sở không hợp lệ')).optional(),
});
export type ServiceLookupQuery = z.input<typeof serviceLookupQuery>;

export const priceEntry = z.object({
  khoaChiDinhId: z.number().int().nullable(),
  donGiaDichVu: z.number().int(),
  denNgay: z.string().nullable(),
});

export const serviceLookupRow = z.object({
  id: z.number().int(),
  ma: z.string(),
  ten: z.string(),
  donGiaDichVu: z.number().int(),
  donGiaBaoHiem: z.number().int().nullable(),
  /** High-quality price by the shared rule (spec §3); null when the service has no price entry. */
  donGiaChatLuongCao: z.number().int().nullable(),
  loaiDichVu: z.number().int(),
  dsGiaDichVu: z.array(priceEntry),
});
export type ServiceLookupRow = z.infer<typeof serviceLookupRow>;
export const serviceLookupResponse = pageEnvelope(serviceLookupRow);
export type ServiceLookupResponse = z.infer<typeof serviceLookupResponse>;

export const serviceType = z.object({ name: z.string(), value: z.number().int() });
export type ServiceType = z.infer<typeof serviceType>;
export const serviceTypesQuery = z.object({ hospitalId: serviceLookupQuery.shape.hospitalId });
export const serviceTypesResponse = envelope(z.array(serviceType));

export const publicHospital = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string().nullable(),
  avatar: z.string().nullable(),
  address: z.string().nullable(),
  hotline: z.string().nullable(),
  emergencyPhone: z.string().nullable(),
  website: z.string().nullable(),
  slogan: z.string().nullable(),
  experts: z.array(z.object({ name: z.string(), title: z.string(), specialty: z.string(), photo: z.string() })),
  /** The price page's header title and line and its footer note, as kept at /admin/settings (defaults when not set). */
  priceTitle: z.string(),
  priceSubtitle: z.string(),
  priceFooterNote: z.string(),
});
export type PublicHospital = z.infer<typeof publicHospital>;
export const publicHospitalResponse = envelope(publicHospital);

/** The public price page's operations (no sign-in; a proxy may cache them for a minute). */
export const catalogPublicEndpoints = {
  lookup: endpoint({
    method: 'GET',
    path: CATALOG_PUBLIC_PATHS.lookup,
    summary: 'Tra cứu bảng giá dịch vụ: theo mã, tên (không dấu), loại; trang bắt đầu từ 0',
    query: serviceLookupQuery,
    response: serviceLookupResponse,
    errors: [400, 404],
  }),
  serviceTypes: endpoint({
    method: 'GET',
    path: CATALOG_PUBLIC_PATHS.serviceTypes,
    summary: 'Danh sách loại dịch vụ',
    query: serviceTypesQuery,
    response: serviceTypesResponse,
    errors: [400, 404],
  }),
  hospital: endpoint({
    method: 'GET',
    path: CATALOG_PUBLIC_PATHS.hospital,
    summary: 'Thông tin công khai của cơ sở y tế (đầu trang, chân trang)',
    query: serviceTypesQuery,
    response: publicHospitalResponse,
    errors: [400, 404],
  }),
};

// The staff-facing catalogues: the generic routes of each resource (core/resource-endpoints.ts).
export const departmentEndpoints = resourceEndpoints(departmentResource);
export const specialtyEndpoints = resourceEndpoints(specialtyResource);
export const acronymEndpoints = resourceEndpoints(acronymResource);
export const roomEndpoints = resourceEndpoints(roomResource);
/** Nghề nghiệp (the occupations catalogue; the background jobs are jobs.contract.ts). */
export const jobCatalogEndpoints = resourceEndpoints(jobResource);
export const nationEndpoints = resourceEndpoints(nationResource);
export const areaEndpoints = resourceEndpoints(areaResource);
/** Services: the dropdown quotes each at the price a booking will charge. */
export const serviceEndpoints = resourceEndpoints(serviceResource, { optionItem: optionItem.extend({ price: z.number().int() }) });
