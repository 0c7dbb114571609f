import type { Resource } from '@medplum/fhirtypes';
import type { FhirType } from '@portal/shared/contracts/fhir.contract';
import type { Executor } from '../../../core/db';
import { searchAppointments, searchSchedules, searchSlots } from './bookings.repository';
import type { SearchQuery } from './params';
import { searchPatients, searchPractitionerRoles, searchPractitioners } from './people.repository';
import { searchHealthcareServices, searchLocations, searchOrganizations } from './places.repository';
import type { Found, Paging } from './table-search';
import { appointmentToFhir } from './to-fhir/appointment';
import { healthcareServiceToFhir } from './to-fhir/healthcare-service';
import { locationToFhir } from './to-fhir/location';
import { departmentToFhir, hospitalToFhir, type HospitalRow } from './to-fhir/organization';
import { patientToFhir } from './to-fhir/patient';
import { practitionerToFhir } from './to-fhir/practitioner';
import { practitionerRoleToFhir } from './to-fhir/practitioner-role';
import { scheduleToFhir } from './to-fhir/schedule';
import { slotToFhir } from './to-fhir/slot';

/** What the façade does with one resource type: search (a read is a search by `_id`), and whether it is patient data. */
export interface FacadeType {
  search(ex: Executor, hospital: HospitalRow, q: SearchQuery, paging: Paging): Promise<Found<Resource>>;
  /** Patient data: each request is audited, one row (ARCHITECTURE "Security": reading a medical record is audited). */
  audited: boolean;
}

type Search<Row> = (ex: Executor, f: HospitalRow, q: SearchQuery, paging: Paging) => Promise<Found<Row>>;

/** A type whose rows each convert to one resource. */
function type<Row>(search: Search<Row>, toFhir: (row: Row, f: HospitalRow) => Resource, audited = false): FacadeType {
  return {
    audited,
    async search(ex, hospital, q, paging) {
      const found = await search(ex, hospital, q, paging);
      return { total: found.total, rows: found.rows.map((r) => toFhir(r, hospital)) };
    },
  };
}

export const FACADE_TYPES: Record<FhirType, FacadeType> = {
  Patient: type(searchPatients, patientToFhir, true),
  Practitioner: type(searchPractitioners, practitionerToFhir),
  PractitionerRole: type(searchPractitionerRoles, practitionerRoleToFhir),
  Organization: type(searchOrganizations, (r, f) => ('hospital' in r ? hospitalToFhir(r.hospital) : departmentToFhir(r.department, f))),
  Location: type(searchLocations, locationToFhir),
  HealthcareService: type(searchHealthcareServices, healthcareServiceToFhir),
  Schedule: type(searchSchedules, scheduleToFhir),
  Slot: type(searchSlots, slotToFhir),
  // an appointment names its patient: audited like a patient
  Appointment: type(searchAppointments, appointmentToFhir, true),
};
