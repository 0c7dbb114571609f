import type { Slot } from '@medplum/fhirtypes';
import { portalIdentifier, ref, vnDateTime, type FacilityRef } from './common';

/** A time slot (khung giờ) of a schedule: `booked` of `capacity` places taken. */
export interface SlotRow {
  id: number;
  scheduleId: number;
  date: string;
  startTime: string;
  endTime: string;
  capacity: number;
  booked: number;
}

/** Slot: `busy` once every place is taken, `free` while one is left. */
export function slotToFhir(r: SlotRow, f: FacilityRef): Slot {
  return {
    resourceType: 'Slot',
    id: String(r.id),
    identifier: [portalIdentifier(f, 'slot', r.id)],
    schedule: ref('Schedule', r.scheduleId),
    status: slotStatus(r),
    start: vnDateTime(r.date, r.startTime),
    end: vnDateTime(r.date, r.endTime),
  };
}

export const slotStatus = (r: Pick<SlotRow, 'booked' | 'capacity'>): 'busy' | 'free' => (r.booked >= r.capacity ? 'busy' : 'free');
