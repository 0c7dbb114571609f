import type { Appointment } from '@medplum/fhirtypes';
import { FHIR_EXTENSIONS } from '@portal/shared/rules/fhir-systems';
import { minutesBetween, portalConcept, portalIdentifier, ref, vnDateTime, vnInstant, type FacilityRef } from './common';

/** A booking (lịch đặt khám) with the names its references show and the services booked with it. */
export interface AppointmentRow {
  id: number;
  code: string;
  /** The FHIR R4 status kept with the booking (rules/booking-status FHIR_STATUS). */
  fhirStatus: string;
  date: string;
  startTime: string;
  endTime: string;
  /** 0 normal, 1 priority (the elderly, young children, pregnancy, disability). */
  priority: number;
  symptom: string | null;
  statusReason: string | null;
  queueNumber: number | null;
  createdAt: Date | string;
  profileId: number;
  patientName: string;
  doctorId: number;
  doctorName: string;
  roomId: number;
  roomName: string;
  timeSlotId: number;
  specialty: { code: string; name: string } | null;
  services: { code: string; name: string }[];
}

/** R4 lets a reason only on a cancelled or no-show appointment (invariant app-4). */
const REASON_STATUSES = ['cancelled', 'noshow'];

/**
 * Appointment: the booking code (`urn:portal:F:booking`), the FHIR status, start and end in +07:00, the patient,
 * doctor and room, the specialty and the booked services, priority 1 for a priority booking (iCal: 1 = highest;
 * none for a normal one), the symptom as `comment`, the reason of a cancellation or rejection, the queue number.
 */
export function appointmentToFhir(r: AppointmentRow, f: FacilityRef): Appointment {
  const minutes = minutesBetween(r.startTime, r.endTime);
  return {
    resourceType: 'Appointment',
    id: String(r.id),
    ...(r.queueNumber !== null ? { extension: [{ url: FHIR_EXTENSIONS.queueNumber, valueInteger: r.queueNumber }] } : {}),
    identifier: [portalIdentifier(f, 'booking', r.code)],
    status: r.fhirStatus as Appointment['status'],
    ...(r.statusReason && REASON_STATUSES.includes(r.fhirStatus) ? { cancelationReason: { text: r.statusReason } } : {}),
    ...(r.services.length ? { serviceType: r.services.map((s) => portalConcept(f, 'service', s.code, s.name)) } : {}),
    ...(r.specialty ? { specialty: [portalConcept(f, 'specialty', r.specialty.code, r.specialty.name)] } : {}),
    ...(r.priority > 0 ? { priority: 1 } : {}),
    start: vnDateTime(r.date, r.startTime),
    end: vnDateTime(r.date, r.endTime),
    ...(minutes > 0 ? { minutesDuration: minutes } : {}),
    slot: [ref('Slot', r.timeSlotId)],
    created: vnInstant(r.createdAt),
    ...(r.symptom ? { comment: r.symptom } : {}),
    participant: [
      { actor: ref('Patient', r.profileId, r.patientName), required: 'required', status: 'accepted' },
      { actor: ref('Practitioner', r.doctorId, r.doctorName), required: 'required', status: 'accepted' },
      { actor: ref('Location', r.roomId, r.roomName), required: 'required', status: 'accepted' },
    ],
  };
}
