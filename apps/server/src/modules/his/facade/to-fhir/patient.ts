import type { ContactPoint, Identifier, Patient } from '@medplum/fhirtypes';
import { FHIR_SYSTEMS } from '@portal/shared/rules/fhir-systems';
import { fhirGender, hospitalOrgId, portalIdentifier, ref, vietnameseName, type FacilityRef } from './common';

/** A medical profile (hồ sơ bệnh nhân), with its address already written out from the official codes. */
export interface PatientRow {
  id: number;
  patientCode: string;
  fullName: string;
  birthDate: string;
  gender: string;
  phone: string | null;
  email: string | null;
  cccd: string | null;
  bhyt: string | null;
  bhytExpiry: string | null;
  /** "12 Lê Lợi, Phường Cửa Nam, Thành phố Hà Nội" (the parts that are set), or null. */
  addressText: string | null;
  /** The province's name (Address.city), or null. */
  province: string | null;
}

/** Patient: the portal's patient code, CCCD and BHYT (VN Core systems), name, gender, birth date, phone, address. */
export function patientToFhir(r: PatientRow, f: FacilityRef): Patient {
  const identifier: Identifier[] = [portalIdentifier(f, 'patient-code', r.patientCode)];
  if (r.cccd) identifier.push({ use: 'official', system: FHIR_SYSTEMS.cccd, value: r.cccd });
  if (r.bhyt) identifier.push({ use: 'official', system: FHIR_SYSTEMS.bhyt, value: r.bhyt, ...(r.bhytExpiry ? { period: { end: r.bhytExpiry } } : {}) });
  const telecom: ContactPoint[] = [];
  if (r.phone) telecom.push({ system: 'phone', value: r.phone, use: 'mobile' });
  if (r.email) telecom.push({ system: 'email', value: r.email });
  return {
    resourceType: 'Patient',
    id: String(r.id),
    identifier,
    active: true,
    name: [{ use: 'official', ...vietnameseName(r.fullName) }],
    ...(telecom.length ? { telecom } : {}),
    gender: fhirGender(r.gender),
    birthDate: r.birthDate,
    ...(r.addressText ? { address: [{ use: 'home', text: r.addressText, ...(r.province ? { city: r.province } : {}), country: 'VN' }] } : {}),
    managingOrganization: ref('Organization', hospitalOrgId(f.id)),
  };
}
