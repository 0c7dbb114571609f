/**
 * The FHIR R4 vocabulary the portal speaks with a hospital information system (HIS) and serves on its own
 * façade (docs/his-fhir.md). National identifiers use the HL7 Vietnam VN Core naming systems; what only one
 * HIS or one portal facility can give (a patient code, a department code) has a system per side:
 *  - the HIS's local codes: `urn:his:<kind>` by default (a connection may name its own system for patient codes);
 *  - the portal's codes: `urn:portal:<facilityCode>:<kind>`.
 */
export const FHIR_SYSTEMS = {
  /** Căn cước công dân, 12 digits (VN Core NamingSystem vn-cccd-ns). */
  cccd: 'http://fhir.hl7.org.vn/core/sid/cccd',
  /** Số thẻ BHYT (VN Core NamingSystem vn-bhyt-ns). */
  bhyt: 'http://fhir.hl7.org.vn/core/sid/bhyt',
  /** Số chứng chỉ hành nghề of a practitioner (VN Core NamingSystem vn-cchn-ns). */
  cchn: 'http://fhir.hl7.org.vn/core/sid/cchn',
  /** ICD-10 (WHO, the Ministry's Vietnamese edition keeps the codes). */
  icd10: 'http://hl7.org/fhir/sid/icd-10',
  /** R4 organization type (`prov` = the hospital, `dept` = a department). */
  organizationType: 'http://terminology.hl7.org/CodeSystem/organization-type',
  /** R4 usage context type (`venue` = the hospital a catalogue entry belongs to, `focus` = the service type). */
  usageContextType: 'http://terminology.hl7.org/CodeSystem/usage-context-type',
  /** R4 DiagnosticReport category (v2-0074): LAB, RAD, OTH... */
  reportCategory: 'http://terminology.hl7.org/CodeSystem/v2-0074',
  /** R4 encounter class (v3 ActCode): AMB = outpatient. */
  encounterClass: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
} as const;

/** The HIS's local code systems (a connection may override the patient-code system). */
export const HIS_CODE_SYSTEMS = {
  patientCode: 'urn:his:patient-code',
  department: 'urn:his:department',
  room: 'urn:his:room',
  doctor: 'urn:his:doctor',
  service: 'urn:his:service',
  serviceType: 'urn:his:service-type',
  encounter: 'urn:his:encounter',
  /** The kind of a price component of a ChargeItemDefinition: standard, insurance, department. */
  priceKind: 'urn:his:price-kind',
} as const;

/** Extensions of this profile (docs/his-fhir.md). */
export const FHIR_EXTENSIONS = {
  /** On a ChargeItemDefinition price component of kind `department`: `department` (valueIdentifier) and `until` (valueDate, optional). */
  departmentPrice: 'urn:portal:fhir:ext:department-price',
  /** On an Appointment: the queue number (số thứ tự, valueInteger) the HIS gave at arrival. */
  queueNumber: 'urn:portal:fhir:ext:queue-number',
} as const;

export type PortalCodeKind = 'patient-code' | 'booking' | 'department' | 'room' | 'doctor' | 'service' | 'specialty' | 'schedule' | 'slot';

/** The system of the portal's own codes of one facility, e.g. `urn:portal:BVDK-AP:booking`. */
export function portalSystem(facilityCode: string, kind: PortalCodeKind): string {
  return `urn:portal:${facilityCode}:${kind}`;
}

/** The price kinds a ChargeItemDefinition's components carry. */
export const HIS_PRICE_KINDS = ['standard', 'insurance', 'department'] as const;
export type HisPriceKind = (typeof HIS_PRICE_KINDS)[number];

/** DiagnosticReport category code → the portal's diagnostic kind (XN lab, CDHA imaging, TDCN functional test). */
export const REPORT_CATEGORY_KIND: Record<string, 'XN' | 'CDHA' | 'TDCN'> = {
  LAB: 'XN',
  HM: 'XN',
  CH: 'XN',
  MB: 'XN',
  RAD: 'CDHA',
  CT: 'CDHA',
  US: 'CDHA',
  XR: 'CDHA',
  CUS: 'TDCN',
  EC: 'TDCN',
  PF: 'TDCN',
  OTH: 'TDCN',
};
