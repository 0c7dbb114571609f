import { describe, expect, it } from 'vitest';
import { FHIR_SYSTEMS } from '@portal/shared/rules/fhir-systems';
import { fhirIssues } from '../../fhir/validate';
import { patientToFhir, type PatientRow } from './patient';

const F = { id: 3, code: 'BVDK-AP' };
const full: PatientRow = {
  id: 12,
  patientCode: 'BN00000123',
  fullName: 'Nguyễn Văn An',
  birthDate: '1985-03-15',
  gender: 'MALE',
  phone: '0912345678',
  email: 'an.nguyen@example.vn',
  cccd: '001085012345',
  bhyt: 'DN4010123456789',
  bhytExpiry: '2026-12-31',
  addressText: 'Số 15 Lê Duẩn, Phường Cửa Nam, Thành phố Hà Nội',
  province: 'Thành phố Hà Nội',
};
const bare: PatientRow = {
  ...full,
  id: 13,
  fullName: 'Khôi',
  gender: 'OTHER',
  phone: null,
  email: null,
  cccd: null,
  bhyt: null,
  bhytExpiry: null,
  addressText: null,
  province: null,
};

describe('patientToFhir', () => {
  it.each([
    ['a profile with every identifier', full, ['urn:portal:BVDK-AP:patient-code', FHIR_SYSTEMS.cccd, FHIR_SYSTEMS.bhyt], 'male', 2],
    ['a profile without CCCD, BHYT, phone or address', bare, ['urn:portal:BVDK-AP:patient-code'], 'unknown', 0],
  ])('%s is valid R4 with its identifiers', (_name, row, systems, gender, telecoms) => {
    const p = patientToFhir(row, F);
    expect(fhirIssues(p)).toEqual([]);
    expect(p.id).toBe(String(row.id));
    expect(p.identifier!.map((i) => i.system)).toEqual(systems);
    expect(p.gender).toBe(gender);
    expect(p.telecom?.length ?? 0).toBe(telecoms);
    expect(p.managingOrganization).toEqual({ reference: 'Organization/f3' });
  });

  it('writes the name in Vietnamese order, the BHYT expiry and the address', () => {
    const p = patientToFhir(full, F);
    expect(p.name).toEqual([{ use: 'official', text: 'Nguyễn Văn An', family: 'Nguyễn', given: ['Văn', 'An'] }]);
    expect(p.identifier![2]).toEqual({ use: 'official', system: FHIR_SYSTEMS.bhyt, value: 'DN4010123456789', period: { end: '2026-12-31' } });
    expect(p.address).toEqual([{ use: 'home', text: full.addressText, city: 'Thành phố Hà Nội', country: 'VN' }]);
    expect(patientToFhir(bare, F).name).toEqual([{ use: 'official', text: 'Khôi', family: 'Khôi' }]);
    expect(patientToFhir(bare, F).address).toBeUndefined();
  });
});
