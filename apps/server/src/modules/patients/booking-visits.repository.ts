import { sql, type SQL } from 'drizzle-orm';
import { ACADEMIC_TITLES, DEGREES } from '@portal/shared/rules/doctor-title';
import type { Executor } from '../../core/db';
import { rows } from '../../core/sql';

/** The doctor's name as `doctorDisplayName` writes it ("PGS.TS.BS Trần Văn Minh"), in SQL over `doctors d`. */
const short = (column: string, list: readonly { value: string; short: string }[]) =>
  `CASE ${column} ${list.map((x) => `WHEN '${x.value}' THEN '${x.short}'`).join(' ')} END`;
export const DOCTOR_DISPLAY_NAME_SQL = `concat_ws(' ', NULLIF(concat_ws('.', ${short('d.academic_title', ACADEMIC_TITLES)}, ${short('d.degree', DEGREES)}), ''), d.name)`;

/** Which finished bookings to record as visits: one booking, or a facility's days (the seeds). */
export type BookingVisitScope = { facilityId: number; bookingId: number } | { facilityId: number; from: string; to: string };

/**
 * A finished booking is a visit (docs/booking-states.md): records a visit (`patient_histories` row with
 * `booking_id`, no HIS encounter number yet) for each DONE booking of the scope that has none, in the
 * caller's transaction. The visit belongs to the booking's profile and that profile's account, so a merge
 * moves it with them; it began when the patient was called in (else checked in, else at the slot's start,
 * +07:00); department and doctor are written as the booking named them, the reason is the booking's
 * symptom. At most one visit per booking (unique facility_id, booking_id): recording again does nothing,
 * and an encounter the HIS sends later for the booking completes this row instead of adding one.
 * Returns how many visits were recorded.
 */
export async function recordBookingVisits(ex: Executor, scope: BookingVisitScope): Promise<number> {
  const which: SQL = 'bookingId' in scope ? sql`b.id = ${scope.bookingId}` : sql`b.date BETWEEN ${scope.from}::date AND ${scope.to}::date`;
  const made = await rows<{ id: number }>(
    ex,
    sql`
    INSERT INTO patient_histories (facility_id, user_id, profile_id, booking_id, encounter_code, visited_at, department_name, doctor_name, reason)
    SELECT b.facility_id, p.user_id, b.medical_profile_id, b.id, NULL,
      coalesce(b.called_at, b.checked_in_at, (b.date + b.start_time::time) AT TIME ZONE 'Asia/Ho_Chi_Minh'),
      dep.name, ${sql.raw(DOCTOR_DISPLAY_NAME_SQL)}, b.symptom
    FROM bookings b
    JOIN medical_profiles p ON p.facility_id = b.facility_id AND p.id = b.medical_profile_id
    JOIN departments dep ON dep.facility_id = b.facility_id AND dep.id = b.department_id
    JOIN doctors d ON d.facility_id = b.facility_id AND d.id = b.doctor_id
    WHERE b.facility_id = ${scope.facilityId} AND b.status = 'DONE' AND ${which}
    ON CONFLICT (facility_id, booking_id) DO NOTHING
    RETURNING id`,
  );
  return made.length;
}
