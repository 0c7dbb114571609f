import type { Schedule } from '@medplum/fhirtypes';
import { portalIdentifier, ref, vnDateTime, type FacilityRef } from './common';

/** A working period (ca làm việc) of a doctor in a room on one day. */
export interface ScheduleRow {
  id: number;
  date: string;
  startTime: string;
  endTime: string;
  doctorId: number;
  doctorName: string;
  roomId: number;
  roomName: string;
  note: string | null;
}

/** Schedule: the doctor's and the room's (`actor`) working period (`planningHorizon`, +07:00). */
export function scheduleToFhir(r: ScheduleRow, f: FacilityRef): Schedule {
  return {
    resourceType: 'Schedule',
    id: String(r.id),
    identifier: [portalIdentifier(f, 'schedule', r.id)],
    active: true,
    actor: [ref('Practitioner', r.doctorId, r.doctorName), ref('Location', r.roomId, r.roomName)],
    planningHorizon: { start: vnDateTime(r.date, r.startTime), end: vnDateTime(r.date, r.endTime) },
    ...(r.note ? { comment: r.note } : {}),
  };
}
