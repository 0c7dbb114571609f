import type { PractitionerRole } from '@medplum/fhirtypes';
import { doctorDisplayName } from '@portal/shared/rules/doctor-title';
import { departmentOrgId, portalConcept, ref, type FacilityRef } from './common';

/** A doctor with where they work: the department, the rooms and the specialties. */
export interface PractitionerRoleRow {
  /** The doctor's id: a doctor has one role (one department), so the role shares the doctor's id. */
  id: number;
  name: string;
  academicTitle: string | null;
  degree: string | null;
  active: boolean;
  departmentId: number;
  departmentName: string;
  rooms: { id: number; name: string }[];
  specialties: { code: string; name: string }[];
}

/** PractitionerRole: the doctor in a department (`organization`), rooms (`location`) and specialties. */
export function practitionerRoleToFhir(r: PractitionerRoleRow, f: FacilityRef): PractitionerRole {
  return {
    resourceType: 'PractitionerRole',
    id: String(r.id),
    active: r.active,
    practitioner: ref('Practitioner', r.id, doctorDisplayName(r)),
    organization: ref('Organization', departmentOrgId(r.departmentId), r.departmentName),
    code: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/practitioner-role', code: 'doctor', display: 'Doctor' }], text: 'Bác sĩ' }],
    ...(r.specialties.length ? { specialty: r.specialties.map((s) => portalConcept(f, 'specialty', s.code, s.name)) } : {}),
    ...(r.rooms.length ? { location: r.rooms.map((room) => ref('Location', room.id, room.name)) } : {}),
  };
}
