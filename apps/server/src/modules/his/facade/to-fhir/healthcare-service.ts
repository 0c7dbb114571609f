import type { HealthcareService } from '@medplum/fhirtypes';
import { hospitalOrgId, portalConcept, portalIdentifier, ref, type FacilityRef } from './common';

/** A specialty (chuyên khoa) the facility offers, with the rooms that serve it. */
export interface HealthcareServiceRow {
  id: number;
  code: string;
  name: string;
  description: string | null;
  active: boolean;
  rooms: { id: number; name: string }[];
}

/**
 * HealthcareService: one of the facility's specialties — what a patient books "khám theo chuyên khoa" — provided by
 * the facility, at the rooms serving it (docs/his-facade.md says why a specialty and not a department × specialty).
 */
export function healthcareServiceToFhir(r: HealthcareServiceRow, f: FacilityRef): HealthcareService {
  return {
    resourceType: 'HealthcareService',
    id: String(r.id),
    identifier: [portalIdentifier(f, 'specialty', r.code)],
    active: r.active,
    providedBy: ref('Organization', hospitalOrgId(f.id)),
    specialty: [portalConcept(f, 'specialty', r.code, r.name)],
    ...(r.rooms.length ? { location: r.rooms.map((room) => ref('Location', room.id, room.name)) } : {}),
    name: r.name,
    ...(r.description ? { comment: r.description } : {}),
  };
}
