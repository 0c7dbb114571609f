import { describe, expect, it } from 'vitest';
import { FHIR_SYSTEMS } from '@portal/shared/rules/fhir-systems';
import { fhirIssues } from '../../fhir/validate';
import { healthcareServiceToFhir } from './healthcare-service';
import { locationToFhir } from './location';
import { departmentToFhir, hospitalToFhir } from './organization';

const F = { id: 3, code: 'BVDK-AP' };
const hospital = {
  id: 3,
  code: 'BVDK-AP',
  name: 'Bệnh viện Đa khoa An Phúc',
  shortName: 'BVĐK An Phúc',
  address: '215 Lê Duẩn, phường Cửa Nam, thành phố Hà Nội',
  hotline: '1900 6115',
  website: 'https://benhvienanphuc.vn',
};

describe('organizations, locations and healthcare services', () => {
  it.each([
    ['the hospital', hospitalToFhir(hospital), { id: 'f3', type: [{ coding: [{ system: FHIR_SYSTEMS.organizationType, code: 'prov' }] }] }],
    [
      'a hospital with no contact',
      hospitalToFhir({ ...hospital, shortName: null, address: null, hotline: null, website: null }),
      { id: 'f3', name: hospital.name },
    ],
    [
      'a department',
      departmentToFhir({ id: 4, code: 'KTM', name: 'Khoa Tim mạch', active: true }, F),
      { id: 'd4', partOf: { reference: 'Organization/f3' }, identifier: [{ system: 'urn:portal:BVDK-AP:department', value: 'KTM' }] },
    ],
    [
      'a room of a department',
      locationToFhir({ id: 21, code: 'P201', name: 'Phòng khám Tim mạch 1', active: true, departmentId: 4, departmentName: 'Khoa Tim mạch' }, F),
      { status: 'active', managingOrganization: { reference: 'Organization/d4' }, identifier: [{ system: 'urn:portal:BVDK-AP:room', value: 'P201' }] },
    ],
    [
      'an inactive room of no department',
      locationToFhir({ id: 22, code: 'P999', name: 'Phòng cũ', active: false, departmentId: null, departmentName: null }, F),
      { status: 'inactive', managingOrganization: { reference: 'Organization/f3' } },
    ],
    [
      'a specialty with its rooms',
      healthcareServiceToFhir(
        { id: 5, code: 'TM', name: 'Tim mạch', description: 'Khám và điều trị bệnh tim mạch', active: true, rooms: [{ id: 21, name: 'P201' }] },
        F,
      ),
      {
        providedBy: { reference: 'Organization/f3' },
        location: [{ reference: 'Location/21' }],
        specialty: [{ coding: [{ system: 'urn:portal:BVDK-AP:specialty', code: 'TM' }] }],
      },
    ],
    [
      'a specialty with no room',
      healthcareServiceToFhir({ id: 6, code: 'DL', name: 'Da liễu', description: null, active: false, rooms: [] }, F),
      { active: false },
    ],
  ])('%s is valid R4', (_name, resource, expected) => {
    expect(fhirIssues(resource)).toEqual([]);
    expect(resource).toMatchObject(expected);
  });
});
