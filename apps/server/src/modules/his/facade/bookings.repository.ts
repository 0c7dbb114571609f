import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { doctorDisplayName } from '@portal/shared/rules/doctor-title';
import { portalSystem } from '@portal/shared/rules/fhir-systems';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../core/db';
import { bookingServices, bookings, doctors, medicalProfiles, medicalServices, rooms, schedules, specialties, timeSlots } from '../../../db/schema';
import { anyOf, dateBounds, referenceIds, tokens, type SearchQuery } from './params';
import { idConds, idsIn } from './people.repository';
import { anyCond, dayRange, momentConds, NONE } from './search-sql';
import { searchTable, type Found, type Paging } from './table-search';
import type { AppointmentRow } from './to-fhir/appointment';
import type { FacilityRef } from './to-fhir/common';
import type { ScheduleRow } from './to-fhir/schedule';
import type { SlotRow } from './to-fhir/slot';

const sameFacility = (a: { facilityId: PgColumn }, b: { facilityId: PgColumn }) => eq(a.facilityId, b.facilityId);
const name = (d: { name: string; academicTitle: string | null; degree: string | null }) => doctorDisplayName(d);

// ---- Schedule: a doctor's working period in a room -------------------------------------------------------------

function scheduleConds(f: FacilityRef, q: SearchQuery): SQL[] {
  const conds = [eq(schedules.facilityId, f.id), ...idConds(q, schedules.id)];
  const actors = anyOf(q, 'actor');
  if (actors) {
    // `Practitioner/3`, `Location/7`, or a bare id (either)
    const by = actors.map((a) => {
      const [type, id] = a.includes('/') ? a.split('/').slice(-2) : [undefined, a];
      if (type === 'Practitioner' || type === undefined)
        return type ? idsIn(schedules.doctorId, [id!]) : or(idsIn(schedules.doctorId, [id!]), idsIn(schedules.roomId, [id!]))!;
      return type === 'Location' ? idsIn(schedules.roomId, [id!]) : NONE;
    });
    conds.push(anyCond(by));
  }
  conds.push(...momentConds(schedules.date, schedules.startTime, dateBounds(q, 'date')));
  return conds;
}

export function searchSchedules(ex: Executor, f: FacilityRef, q: SearchQuery, paging: Paging): Promise<Found<ScheduleRow>> {
  return searchTable(ex, schedules, scheduleConds(f, q), paging, async (w, l, o) => {
    const found = await ex
      .select({
        id: schedules.id,
        date: schedules.date,
        startTime: schedules.startTime,
        endTime: schedules.endTime,
        doctorId: schedules.doctorId,
        doctor: { name: doctors.name, academicTitle: doctors.academicTitle, degree: doctors.degree },
        roomId: schedules.roomId,
        roomName: rooms.name,
        note: schedules.note,
      })
      .from(schedules)
      .innerJoin(doctors, and(eq(doctors.id, schedules.doctorId), sameFacility(doctors, schedules)))
      .innerJoin(rooms, and(eq(rooms.id, schedules.roomId), sameFacility(rooms, schedules)))
      .where(w)
      .orderBy(asc(schedules.date), asc(schedules.startTime), asc(schedules.id))
      .limit(l)
      .offset(o);
    return found.map(({ doctor, ...r }) => ({ ...r, doctorName: name(doctor) }));
  });
}

// ---- Slot: a time slot of a schedule ---------------------------------------------------------------------------

function slotConds(ex: Executor, f: FacilityRef, q: SearchQuery): SQL[] {
  const conds = [eq(timeSlots.facilityId, f.id), ...idConds(q, timeSlots.id)];
  const parents = referenceIds(q, 'schedule', 'Schedule');
  if (parents) conds.push(idsIn(timeSlots.scheduleId, parents));
  const bounds = dateBounds(q, 'start');
  conds.push(...momentConds(timeSlots.date, timeSlots.startTime, bounds));
  // slots have no (facility, date) index: their schedules of those days do, and (schedule, start) is unique
  const { first, last } = dayRange(bounds);
  if (first || last) {
    const days = [eq(schedules.facilityId, f.id), ...(first ? [sql`${schedules.date} >= ${first}`] : []), ...(last ? [sql`${schedules.date} <= ${last}`] : [])];
    conds.push(
      inArray(
        timeSlots.scheduleId,
        ex
          .select({ id: schedules.id })
          .from(schedules)
          .where(and(...days)),
      ),
    );
  }
  const status = anyOf(q, 'status');
  if (status) {
    conds.push(
      anyCond(
        status.flatMap((s) =>
          s === 'busy' ? [sql`${timeSlots.booked} >= ${timeSlots.capacity}`] : s === 'free' ? [sql`${timeSlots.booked} < ${timeSlots.capacity}`] : [],
        ),
      ),
    );
  }
  return conds;
}

export function searchSlots(ex: Executor, f: FacilityRef, q: SearchQuery, paging: Paging): Promise<Found<SlotRow>> {
  return searchTable(ex, timeSlots, slotConds(ex, f, q), paging, (w, l, o) =>
    ex
      .select({
        id: timeSlots.id,
        scheduleId: timeSlots.scheduleId,
        date: timeSlots.date,
        startTime: timeSlots.startTime,
        endTime: timeSlots.endTime,
        capacity: timeSlots.capacity,
        booked: timeSlots.booked,
      })
      .from(timeSlots)
      .where(w)
      .orderBy(asc(timeSlots.date), asc(timeSlots.startTime), asc(timeSlots.id))
      .limit(l)
      .offset(o),
  );
}

// ---- Appointment: a booking ------------------------------------------------------------------------------------

function appointmentConds(f: FacilityRef, q: SearchQuery): SQL[] {
  const b = bookings;
  const conds = [eq(b.facilityId, f.id), ...idConds(q, b.id), ...momentConds(b.date, b.startTime, dateBounds(q, 'date'))];
  const codes = tokens(q, 'identifier');
  if (codes) {
    const system = portalSystem(f.code, 'booking');
    const list = codes.filter((t) => (!t.system || t.system === system) && t.code).map((t) => t.code!.toUpperCase());
    conds.push(list.length ? inArray(b.code, list) : NONE);
  }
  const status = anyOf(q, 'status');
  if (status) conds.push(status.length ? inArray(b.fhirStatus, status) : NONE);
  for (const [param, type, column] of [
    ['patient', 'Patient', b.medicalProfileId],
    ['practitioner', 'Practitioner', b.doctorId],
    ['location', 'Location', b.roomId],
  ] as const) {
    const ids = referenceIds(q, param, type);
    if (ids) conds.push(idsIn(column, ids));
  }
  return conds;
}

/** One page of bookings with the names their references show, and their booked services (one more query). */
async function appointmentPage(ex: Executor, where: SQL | undefined, limit: number, offset: number): Promise<AppointmentRow[]> {
  const b = bookings;
  const found = await ex
    .select({
      id: b.id,
      code: b.code,
      fhirStatus: b.fhirStatus,
      date: b.date,
      startTime: b.startTime,
      endTime: b.endTime,
      priority: b.priority,
      symptom: b.symptom,
      statusReason: b.statusReason,
      queueNumber: b.queueNumber,
      createdAt: b.createdAt,
      profileId: b.medicalProfileId,
      patientName: medicalProfiles.fullName,
      doctorId: b.doctorId,
      doctor: { name: doctors.name, academicTitle: doctors.academicTitle, degree: doctors.degree },
      roomId: b.roomId,
      roomName: rooms.name,
      timeSlotId: b.timeSlotId,
      specialtyCode: specialties.code,
      specialtyName: specialties.name,
    })
    .from(b)
    .innerJoin(medicalProfiles, and(eq(medicalProfiles.id, b.medicalProfileId), eq(medicalProfiles.facilityId, b.facilityId)))
    .innerJoin(doctors, and(eq(doctors.id, b.doctorId), eq(doctors.facilityId, b.facilityId)))
    .innerJoin(rooms, and(eq(rooms.id, b.roomId), eq(rooms.facilityId, b.facilityId)))
    .leftJoin(specialties, and(eq(specialties.id, b.specialtyId), eq(specialties.facilityId, b.facilityId)))
    .where(where)
    .orderBy(asc(b.date), asc(b.startTime), asc(b.id))
    .limit(limit)
    .offset(offset);
  if (found.length === 0) return [];
  const services = await ex
    .select({ bookingId: bookingServices.bookingId, code: medicalServices.code, name: medicalServices.name })
    .from(bookingServices)
    .innerJoin(medicalServices, eq(medicalServices.id, bookingServices.serviceId))
    .where(
      inArray(
        bookingServices.bookingId,
        found.map((r) => r.id),
      ),
    )
    .orderBy(asc(bookingServices.bookingId), asc(medicalServices.code));
  return found.map(({ doctor, specialtyCode, specialtyName, ...r }) => ({
    ...r,
    doctorName: name(doctor),
    specialty: specialtyCode && specialtyName ? { code: specialtyCode, name: specialtyName } : null,
    services: services.filter((s) => s.bookingId === r.id).map(({ code, name }) => ({ code, name })),
  }));
}

export function searchAppointments(ex: Executor, f: FacilityRef, q: SearchQuery, paging: Paging): Promise<Found<AppointmentRow>> {
  return searchTable(ex, bookings, appointmentConds(f, q), paging, (w, l, o) => appointmentPage(ex, w, l, o));
}
