import type { ContactPoint, Organization } from '@medplum/fhirtypes';
import { FHIR_SYSTEMS } from '@portal/shared/rules/fhir-systems';
import { departmentOrgId, hospitalOrgId, portalIdentifier, ref, type FacilityRef } from './common';

/** The facility itself (the hospital). */
export interface HospitalRow {
  id: number;
  code: string;
  name: string;
  shortName: string | null;
  address: string | null;
  hotline: string | null;
  website: string | null;
}

/** A department (khoa) of the facility. */
export interface DepartmentRow {
  id: number;
  code: string;
  name: string;
  active: boolean;
}

const orgType = (code: 'prov' | 'dept', display: string) => [{ coding: [{ system: FHIR_SYSTEMS.organizationType, code, display }] }];

/** Organization of `type` prov: the facility, id `f<facility id>`. */
export function hospitalToFhir(r: HospitalRow): Organization {
  const telecom: ContactPoint[] = [];
  if (r.hotline) telecom.push({ system: 'phone', value: r.hotline, use: 'work' });
  if (r.website) telecom.push({ system: 'url', value: r.website, use: 'work' });
  return {
    resourceType: 'Organization',
    id: hospitalOrgId(r.id),
    active: true,
    type: orgType('prov', 'Healthcare Provider'),
    name: r.name,
    ...(r.shortName ? { alias: [r.shortName] } : {}),
    ...(telecom.length ? { telecom } : {}),
    ...(r.address ? { address: [{ use: 'work', text: r.address, country: 'VN' }] } : {}),
  };
}

/** Organization of `type` dept: a department, id `d<department id>`, `partOf` the facility. */
export function departmentToFhir(r: DepartmentRow, f: FacilityRef): Organization {
  return {
    resourceType: 'Organization',
    id: departmentOrgId(r.id),
    identifier: [portalIdentifier(f, 'department', r.code)],
    active: r.active,
    type: orgType('dept', 'Hospital Department'),
    name: r.name,
    partOf: ref('Organization', hospitalOrgId(f.id)),
  };
}
