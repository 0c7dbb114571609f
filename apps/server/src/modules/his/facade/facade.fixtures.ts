import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { FHIR_STATUS, type BookingStatus } from '@portal/shared/rules/booking-status';
import type { Executor } from '../../../core/db';
import { rows } from '../../../core/sql';
import { makeClinic, makeSlots, type ClinicFixture, type SlotFixture } from '../../appointments/appointments.fixtures';
import { makePatients } from '../../patients/patients.fixtures';

export interface BookingSpec {
  profileId: number;
  slot: SlotFixture;
  status: BookingStatus;
  priority?: number;
  symptom?: string | null;
  reason?: string | null;
  serviceIds?: number[];
}

/** Bookings written as the booking operation leaves them (status and its FHIR status, the slot's times copied). */
export async function insertBookings(ex: Executor, facilityId: number, c: ClinicFixture, specs: BookingSpec[]): Promise<{ id: number; code: string }[]> {
  const out: { id: number; code: string }[] = [];
  for (const s of specs) {
    const code = `DK${randomBytes(5).toString('hex').toUpperCase()}`;
    const [end] = await rows<{ end_time: string }>(ex, sql`SELECT end_time FROM time_slots WHERE id = ${s.slot.id}`);
    const [b] = await rows<{ id: number }>(
      ex,
      sql`INSERT INTO bookings (facility_id, code, medical_profile_id, time_slot_id, schedule_id, doctor_id, room_id, department_id, specialty_id, date,
            start_time, end_time, status, fhir_status, source, priority, symptom, status_reason)
          VALUES (${facilityId}, ${code}, ${s.profileId}, ${s.slot.id}, ${s.slot.scheduleId}, ${c.doctorId}, ${c.roomId}, ${c.departmentId}, ${c.specialtyId},
            ${s.slot.date}, ${s.slot.startTime}, ${end!.end_time}, ${s.status}, ${FHIR_STATUS[s.status]}, 'APP', ${s.priority ?? 0}, ${s.symptom ?? null},
            ${s.reason ?? null})
          RETURNING id`,
    );
    for (const serviceId of s.serviceIds ?? []) {
      await ex.execute(sql`INSERT INTO booking_services (booking_id, service_id, price) VALUES (${b!.id}, ${serviceId}, 150000)`);
    }
    out.push({ id: b!.id, code });
  }
  return out;
}

export interface FacadeFixture {
  clinic: ClinicFixture;
  /** A profile with CCCD, BHYT, phone and address; a child's with none of them. */
  patients: { id: number; code: string; cccd: string; bhyt: string; phone: string; childId: number };
  day1: SlotFixture[];
  day2: SlotFixture[];
  bookings: { id: number; code: string }[];
}

/**
 * A facility's clinic (department, specialty, room, doctor, two services), two days of slots, two patients and six
 * bookings: on day 1 a booked priority one with a symptom and a service, an arrived one, a cancelled one with its
 * reason, a pending one; on day 2 a fulfilled and a no-show one.
 */
export async function makeFacadeData(ex: Executor, facilityId: number, day1: string, day2: string): Promise<FacadeFixture> {
  const clinic = await makeClinic(ex, facilityId);
  await ex.execute(sql`INSERT INTO doctor_rooms (doctor_id, room_id) VALUES (${clinic.doctorId}, ${clinic.roomId})`);
  await ex.execute(sql`INSERT INTO doctor_specialties (doctor_id, specialty_id) VALUES (${clinic.doctorId}, ${clinic.specialtyId})`);
  const slots1 = await makeSlots(ex, facilityId, clinic, day1, { start: '07:00', end: '09:00', minutes: 30, capacity: 2 });
  const slots2 = await makeSlots(ex, facilityId, clinic, day2, { start: '13:30', end: '14:30', minutes: 30, capacity: 2 });
  const n = Math.floor(Math.random() * 1e8);
  const cccd = `0011900${String(n).padStart(8, '0').slice(-5)}`;
  const bhyt = `DN4${String(n).padStart(12, '0')}`;
  const phone = `09${String(n).padStart(8, '0')}`;
  const [account] = await makePatients(ex, facilityId, [
    {
      phone,
      profiles: [
        { fullName: 'Nguyễn Thị Hồng Nhung', birthDate: '1985-04-12', gender: 'FEMALE', phone, cccd, bhyt, bhytExpiry: '2026-12-31' },
        { fullName: 'Lê Minh Khôi', birthDate: '2019-09-01' },
      ],
    },
  ]);
  const [self, child] = [account!.profiles[0]!, account!.profiles[1]!];
  // the child's profile has no address either
  await ex.execute(sql`UPDATE medical_profiles SET province_code = NULL, ward_code = NULL, street = NULL WHERE id = ${child.id}`);
  const bookings = await insertBookings(ex, facilityId, clinic, [
    { profileId: self.id, slot: slots1[0]!, status: 'ACCEPTED', priority: 1, symptom: 'Đau đầu, chóng mặt buổi sáng', serviceIds: [clinic.serviceIds[0]!] },
    { profileId: child.id, slot: slots1[1]!, status: 'CHECKED_IN' },
    { profileId: self.id, slot: slots1[2]!, status: 'CANCELLED', reason: 'Bận việc gia đình, xin đổi sang tuần sau' },
    { profileId: child.id, slot: slots1[3]!, status: 'PENDING' },
    { profileId: self.id, slot: slots2[0]!, status: 'DONE' },
    { profileId: child.id, slot: slots2[1]!, status: 'NO_SHOW' },
  ]);
  return { clinic, patients: { id: self.id, code: self.patientCode, cccd, bhyt, phone, childId: child.id }, day1: slots1, day2: slots2, bookings };
}
