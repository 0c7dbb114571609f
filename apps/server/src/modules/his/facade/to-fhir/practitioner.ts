import type { ContactPoint, Practitioner } from '@medplum/fhirtypes';
import { doctorTitlePrefix } from '@portal/shared/rules/doctor-title';
import { fhirGender, portalIdentifier, vietnameseName, type FacilityRef } from './common';

/** A doctor (bác sĩ) of the facility. */
export interface PractitionerRow {
  id: number;
  code: string;
  name: string;
  gender: string;
  dateOfBirth: string | null;
  academicTitle: string | null;
  degree: string | null;
  phone: string | null;
  email: string | null;
  active: boolean;
}

/**
 * Practitioner: the doctor's code, name in Vietnamese order with the title as `prefix` ("PGS.TS.BS."), gender, phone.
 * The CCHN (practising certificate) is not kept by the portal, so no `cchn` identifier is served.
 */
export function practitionerToFhir(r: PractitionerRow, f: FacilityRef): Practitioner {
  const prefix = doctorTitlePrefix(r.academicTitle, r.degree);
  const telecom: ContactPoint[] = [];
  if (r.phone) telecom.push({ system: 'phone', value: r.phone, use: 'work' });
  if (r.email) telecom.push({ system: 'email', value: r.email, use: 'work' });
  return {
    resourceType: 'Practitioner',
    id: String(r.id),
    identifier: [portalIdentifier(f, 'doctor', r.code)],
    active: r.active,
    name: [{ use: 'official', ...vietnameseName(r.name), ...(prefix ? { prefix: [`${prefix}.`] } : {}) }],
    ...(telecom.length ? { telecom } : {}),
    gender: fhirGender(r.gender),
    ...(r.dateOfBirth ? { birthDate: r.dateOfBirth } : {}),
  };
}
