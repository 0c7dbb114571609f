import type { CapabilityStatement, CapabilityStatementRestResourceSearchParam } from '@medplum/fhirtypes';
import { FHIR_SEARCH_PARAMS, FHIR_TYPES } from '@portal/shared/contracts/fhir.contract';
import { vnInstant } from './to-fhir/common';

type ParamType = CapabilityStatementRestResourceSearchParam['type'];

/** The R4 type of each search parameter the façade answers. */
const PARAM_TYPES: Record<string, ParamType> = {
  _id: 'token',
  identifier: 'token',
  name: 'string',
  birthdate: 'date',
  phone: 'token',
  gender: 'token',
  active: 'token',
  practitioner: 'reference',
  organization: 'reference',
  location: 'reference',
  specialty: 'token',
  type: 'token',
  partof: 'reference',
  status: 'token',
  actor: 'reference',
  date: 'date',
  schedule: 'reference',
  start: 'date',
  patient: 'reference',
};

const started = vnInstant(new Date());

/**
 * `GET /fhir/R4/metadata`: what the façade serves — the nine types, read and search-type, their search parameters,
 * and how to sign in. Served without a token, as FHIR servers do (a HIS's connection test reads it first); it holds
 * no data of any facility.
 */
export function capabilityStatement(base: string): CapabilityStatement {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: started,
    publisher: 'Cổng quản trị đặt khám trực tuyến',
    kind: 'instance',
    software: { name: 'Cổng quản trị đặt khám trực tuyến — FHIR façade' },
    implementation: { description: 'Dữ liệu đặt khám của cơ sở y tế, chỉ đọc (read, search)', url: base },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    rest: [
      {
        mode: 'server',
        security: {
          service: [{ text: 'Bearer' }],
          description:
            'Gửi `Authorization: Bearer <loginToken>`: mã phiên của tài khoản hệ thống đăng nhập bằng PUT /api/his/v1/user/login. ' +
            'Tài khoản cần quyền FHIR_READ (Hệ thống HIS đọc dữ liệu FHIR) và chỉ thấy dữ liệu của cơ sở y tế của mình.',
        },
        resource: FHIR_TYPES.map((type) => ({
          type,
          interaction: [{ code: 'read' }, { code: 'search-type' }],
          searchParam: FHIR_SEARCH_PARAMS[type].map((name) => ({ name, type: PARAM_TYPES[name] ?? 'token' })),
        })),
      },
    ],
  };
}
