import { describe, expect, it } from 'vitest';
import { fhirIssues } from '../../fhir/validate';
import { practitionerToFhir, type PractitionerRow } from './practitioner';
import { practitionerRoleToFhir, type PractitionerRoleRow } from './practitioner-role';

const F = { id: 3, code: 'BVDK-AP' };
const doctor: PractitionerRow = {
  id: 7,
  code: 'BS007',
  name: 'Trần Văn Minh',
  gender: 'MALE',
  dateOfBirth: '1968-02-10',
  academicTitle: 'PGS',
  degree: 'TS',
  phone: '0903123456',
  email: null,
  active: true,
};

describe('practitionerToFhir', () => {
  it.each([
    ['a professor with phone', doctor, ['PGS.TS.BS.'], 1],
    [
      'a doctor of no known degree, no phone, inactive',
      { ...doctor, academicTitle: null, degree: null, phone: null, dateOfBirth: null, active: false },
      undefined,
      0,
    ],
    ['a BSCKII', { ...doctor, academicTitle: null, degree: 'BSCKII' }, ['BSCKII.'], 1],
  ])('%s is valid R4', (_name, row, prefix, telecoms) => {
    const p = practitionerToFhir(row, F);
    expect(fhirIssues(p)).toEqual([]);
    expect(p.name![0]!.prefix).toEqual(prefix);
    expect(p.name![0]!.text).toBe('Trần Văn Minh');
    expect(p.telecom?.length ?? 0).toBe(telecoms);
    expect(p.identifier).toEqual([{ use: 'usual', system: 'urn:portal:BVDK-AP:doctor', value: 'BS007' }]);
    expect(p.active).toBe(row.active);
  });
});

const role: PractitionerRoleRow = {
  id: 7,
  name: 'Trần Văn Minh',
  academicTitle: 'PGS',
  degree: 'TS',
  active: true,
  departmentId: 4,
  departmentName: 'Khoa Tim mạch',
  rooms: [{ id: 21, name: 'Phòng khám Tim mạch 1' }],
  specialties: [{ code: 'TM', name: 'Tim mạch' }],
};

describe('practitionerRoleToFhir', () => {
  it.each([
    ['a doctor with rooms and specialties', role, 1, 1],
    ['a doctor with neither', { ...role, rooms: [], specialties: [] }, 0, 0],
  ])('%s is valid R4', (_name, row, rooms, specialties) => {
    const r = practitionerRoleToFhir(row, F);
    expect(fhirIssues(r)).toEqual([]);
    expect(r.practitioner).toEqual({ reference: 'Practitioner/7', display: 'PGS.TS.BS Trần Văn Minh' });
    expect(r.organization).toEqual({ reference: 'Organization/d4', display: 'Khoa Tim mạch' });
    expect(r.location?.length ?? 0).toBe(rooms);
    expect(r.specialty?.length ?? 0).toBe(specialties);
  });
});
