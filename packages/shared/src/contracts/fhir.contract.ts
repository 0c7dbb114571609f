import { z } from 'zod';
import { endpoint } from '../core/endpoint';

/**
 * The portal's own FHIR R4 façade (issue 21; docs/his-facade.md): read and search, JSON, of the caller's facility,
 * for a hospital information system (HIS) that pulls bookings. FHIR's own formats, not the API's envelope: a
 * resource, a `Bundle` of type `searchset`, or an `OperationOutcome` for an error (docs/decisions.md "The FHIR
 * façade"). The schemas here are loose on purpose: every resource served is validated against the R4
 * StructureDefinitions by the tests (modules/his/fhir/validate.ts), which say far more than a zod copy could.
 */
export const FHIR_BASE = '/fhir/R4';
export const FHIR_CONTENT_TYPE = 'application/fhir+json; charset=utf-8';

export const FHIR_TYPES = [
  'Patient',
  'Practitioner',
  'PractitionerRole',
  'Organization',
  'Location',
  'HealthcareService',
  'Schedule',
  'Slot',
  'Appointment',
] as const;
export type FhirType = (typeof FHIR_TYPES)[number];

/** The search parameters each type answers (any other is ignored, FHIR's lenient handling). `_count` and `_offset` page. */
export const FHIR_SEARCH_PARAMS: Record<FhirType, readonly string[]> = {
  Patient: ['_id', 'identifier', 'name', 'birthdate', 'phone', 'gender'],
  Practitioner: ['_id', 'identifier', 'name', 'active'],
  PractitionerRole: ['_id', 'practitioner', 'organization', 'location', 'specialty', 'active'],
  Organization: ['_id', 'identifier', 'type', 'name', 'partof', 'active'],
  Location: ['_id', 'identifier', 'organization', 'name', 'status'],
  HealthcareService: ['_id', 'identifier', 'organization', 'location', 'name', 'active'],
  Schedule: ['_id', 'actor', 'date'],
  Slot: ['_id', 'schedule', 'start', 'status'],
  Appointment: ['_id', 'identifier', 'date', 'status', 'patient', 'practitioner', 'location'],
};

/** Page size of a search: `_count` default, and the most one page holds. */
export const FHIR_COUNT_DEFAULT = 50;
export const FHIR_COUNT_MAX = 500;

export const FHIR_MESSAGES = {
  notFound: 'Không tìm thấy {type}/{id}',
  badDate: 'Giá trị của tham số {param} không phải ngày hợp lệ (YYYY-MM-DD, có thể có tiền tố eq, ge, le, gt, lt)',
  badPrefix: 'Tham số {param} không hỗ trợ tiền tố "{prefix}" (chỉ eq, ge, le, gt, lt)',
  badNumber: 'Giá trị của tham số {param} phải là số nguyên không âm',
  badBoolean: 'Giá trị của tham số {param} phải là true hoặc false',
  badToken: 'Giá trị của tham số {param} không hợp lệ',
  routeNotFound: 'Máy chủ FHIR không phục vụ đường dẫn này',
  internal: 'Máy chủ FHIR gặp lỗi, vui lòng thử lại sau',
} as const;

const text = z.string();
const resource = z.looseObject({ resourceType: text, id: text.optional() });

/** An OperationOutcome: the body of every error of the façade, its text in Vietnamese (`details.text`). */
export const operationOutcome = z.looseObject({
  resourceType: z.literal('OperationOutcome'),
  issue: z.array(z.looseObject({ severity: text, code: text, details: z.looseObject({ text }).optional(), diagnostics: text.optional() })),
});
export type OperationOutcomeBody = z.infer<typeof operationOutcome>;

export const searchsetBundle = z.looseObject({
  resourceType: z.literal('Bundle'),
  type: z.literal('searchset'),
  total: z.number().int(),
  link: z.array(z.object({ relation: text, url: text })),
  entry: z.array(z.looseObject({ fullUrl: text, resource, search: z.object({ mode: z.literal('match') }) })).optional(),
});

const errorBodies = { 400: operationOutcome, 401: operationOutcome, 403: operationOutcome, 404: operationOutcome };
/** One value of a parameter, or several when it is repeated (`date=ge2026-05-01&date=le2026-05-31`). */
const paramValue = z.union([text, z.array(text)]).optional();

function searchQuery(type: FhirType) {
  const names = [...FHIR_SEARCH_PARAMS[type], '_count', '_offset'];
  return z.looseObject(Object.fromEntries(names.map((n) => [n, paramValue])) as Record<string, typeof paramValue>);
}

const readEndpoint = (type: FhirType) =>
  endpoint({
    method: 'GET',
    path: `${FHIR_BASE}/${type}/:id`,
    summary: `FHIR R4: đọc ${type}`,
    params: z.object({ id: text.max(64) }),
    response: resource,
    errors: [401, 403, 404],
    errorBodies,
  });

const searchEndpoint = (type: FhirType) =>
  endpoint({
    method: 'GET',
    path: `${FHIR_BASE}/${type}`,
    summary: `FHIR R4: tìm ${type}`,
    query: searchQuery(type),
    response: searchsetBundle,
    errors: [400, 401, 403],
    errorBodies,
  });

export type FhirReadEndpoint = ReturnType<typeof readEndpoint>;
export type FhirSearchEndpoint = ReturnType<typeof searchEndpoint>;

export const fhirMetadataEndpoint = endpoint({
  method: 'GET',
  path: `${FHIR_BASE}/metadata`,
  summary: 'FHIR R4: CapabilityStatement của máy chủ',
  response: z.looseObject({ resourceType: z.literal('CapabilityStatement') }),
  errors: [],
});

/** Every route of the façade: `metadata`, then `read<Type>` and `search<Type>` of each type. */
export const fhirEndpoints: Record<string, FhirReadEndpoint | FhirSearchEndpoint | typeof fhirMetadataEndpoint> = {
  metadata: fhirMetadataEndpoint,
  ...Object.fromEntries(FHIR_TYPES.flatMap((t) => [[`read${t}`, readEndpoint(t)] as const, [`search${t}`, searchEndpoint(t)] as const])),
};

export const fhirRead = (type: FhirType) => fhirEndpoints[`read${type}`] as FhirReadEndpoint;
export const fhirSearch = (type: FhirType) => fhirEndpoints[`search${type}`] as FhirSearchEndpoint;
