import type { Patient } from '@medplum/fhirtypes';
import { FHIR_SYSTEMS, HIS_CODE_SYSTEMS } from '@portal/shared/rules/fhir-systems';
import { referenceDir } from '../../../core/paths';
import { loadProvinces2025, loadWards2025 } from '../../../db/reference';
import { patientGenerator, type ProfileSeed } from '../../../db/seed/patients-data';

/** A patient the HIS knows; `addPatient` takes the same (the lead's demo seed may register portal patients). */
export interface PatientInput {
  /** FHIR id; default the next `bn-<n>`. */
  id?: string;
  /** The HIS's patient code (mã bệnh nhân), `urn:his:patient-code`. */
  patientCode: string;
  fullName: string;
  /** YYYY-MM-DD. */
  birthDate: string;
  gender: 'male' | 'female' | 'MALE' | 'FEMALE';
  cccd?: string | null;
  bhyt?: string | null;
  /** YYYY-MM-DD, the BHYT card's end. */
  bhytExpiry?: string | null;
  phone?: string | null;
  address?: string | null;
}

/**
 * The demo portal's own patients, rebuilt without a database: seed/patients.ts seeds the demo hospital's
 * 5,000 accounts from `patientGenerator` (seed 20250701, these home provinces) before any other patient,
 * and numbers their profiles in order from the platform's sequence (BN00000001, BN00000002, ...).
 * The generator depends on `now` only by its year (ages), so the same year gives the same people.
 */
const DEMO_SEED = 20250701;
const DEMO_HOME_PROVINCES = ['01', '24', '33', '37', '25', '19', '31'];

export function demoPortalPatients(count: number, now: Date): PatientInput[] {
  return generated(count, now, DEMO_SEED, (k) => `BN${String(k).padStart(8, '0')}`);
}

/** Patients only the HIS has: another stream of the same generator, codes from BN70000001 (far from the portal's sequence). */
export function hisOnlyPatients(count: number, now: Date, seed: number, taken: PatientInput[]): PatientInput[] {
  const pick = (f: (p: PatientInput) => string | null | undefined) => taken.map(f).filter((v): v is string => !!v);
  return generated(count, now, seed, (k) => `BN${70_000_000 + k}`, {
    phones: pick((p) => p.phone),
    cccds: pick((p) => p.cccd),
    bhyts: pick((p) => p.bhyt),
  });
}

let reference: { provinces: ReturnType<typeof loadProvinces2025>; wards: ReturnType<typeof loadWards2025> } | null = null;

function generated(
  count: number,
  now: Date,
  seed: number,
  code: (k: number) => string,
  taken?: { phones: string[]; cccds: string[]; bhyts: string[] },
): PatientInput[] {
  reference ??= { provinces: loadProvinces2025(referenceDir), wards: loadWards2025(referenceDir) };
  const { provinces, wards } = reference;
  const provinceName = new Map(provinces.map((p) => [p.code, p.fullName]));
  const wardName = new Map(wards.map((w) => [w.code, w.name]));
  const next = patientGenerator({ provinces, wards, now, seed, homeProvinces: DEMO_HOME_PROVINCES, taken });
  const out: PatientInput[] = [];
  let k = 0;
  while (out.length < count) {
    const account = next();
    for (const p of account.profiles) {
      k++;
      if (out.length < count)
        out.push(toInput(p, code(k), p.phone ?? account.phone, `${p.street}, ${wardName.get(p.wardCode)}, ${provinceName.get(p.provinceCode)}`));
    }
  }
  return out;
}

function toInput(p: ProfileSeed, patientCode: string, phone: string | null, address: string): PatientInput {
  return {
    patientCode,
    fullName: p.fullName,
    birthDate: p.birthDate,
    gender: p.gender,
    cccd: p.cccd,
    bhyt: p.bhyt,
    bhytExpiry: p.bhytExpiry,
    phone,
    address,
  };
}

export function patientResource(input: PatientInput, id: string, hospitalId: string): Patient {
  const words = input.fullName.trim().split(/\s+/);
  return {
    resourceType: 'Patient',
    id,
    identifier: [
      { use: 'usual', system: HIS_CODE_SYSTEMS.patientCode, value: input.patientCode },
      ...(input.cccd ? [{ use: 'official' as const, system: FHIR_SYSTEMS.cccd, value: input.cccd }] : []),
      ...(input.bhyt ? [{ system: FHIR_SYSTEMS.bhyt, value: input.bhyt, ...(input.bhytExpiry ? { period: { end: input.bhytExpiry } } : {}) }] : []),
    ],
    active: true,
    name: [{ use: 'official', text: input.fullName, family: words[0], given: words.slice(1) }],
    ...(input.phone ? { telecom: [{ system: 'phone' as const, value: input.phone, use: 'mobile' as const }] } : {}),
    gender: input.gender.toLowerCase() as 'male' | 'female',
    birthDate: input.birthDate,
    ...(input.address ? { address: [{ use: 'home' as const, text: input.address, country: 'VN' }] } : {}),
    managingOrganization: { reference: `Organization/${hospitalId}` },
  };
}
