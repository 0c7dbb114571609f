import type { Location } from '@medplum/fhirtypes';
import { departmentOrgId, hospitalOrgId, portalIdentifier, ref, type FacilityRef } from './common';

/** A room (phòng khám, phòng chức năng). */
export interface LocationRow {
  id: number;
  code: string;
  name: string;
  active: boolean;
  departmentId: number | null;
  departmentName: string | null;
}

/** Location: a room, `managingOrganization` its department (the facility for a room of no department). */
export function locationToFhir(r: LocationRow, f: FacilityRef): Location {
  return {
    resourceType: 'Location',
    id: String(r.id),
    identifier: [portalIdentifier(f, 'room', r.code)],
    status: r.active ? 'active' : 'inactive',
    name: r.name,
    mode: 'instance',
    physicalType: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/location-physical-type', code: 'ro', display: 'Room' }] },
    managingOrganization:
      r.departmentId !== null ? ref('Organization', departmentOrgId(r.departmentId), r.departmentName) : ref('Organization', hospitalOrgId(f.id)),
  };
}
