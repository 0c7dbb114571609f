import { sql, type SQL } from 'drizzle-orm';
import { type AudienceFilters, birthBounds } from '@portal/shared/rules/audience';
import { todayVn } from '@portal/shared/rules/time';
import type { Executor } from '../../core/db';
import { rows } from '../../core/sql';

/**
 * The SQL of a notification group's audience (rules/audience.ts): the facility's patient accounts that are not
 * merged into another nor locked, filtered with AND. The person filters (gender, age on today's +07:00 date,
 * province, ward) must all hold for one medical profile of the account; a visit or a booking counts for the
 * booking's account (the owner of the booked profile). Each filter is a semi-join the planner can start from its index
 * (the audience indexes of migration 0031, bookings_day_status_idx).
 */
export function audienceWhere(facilityId: number, a: AudienceFilters, now: Date = new Date()): SQL {
  const conds: SQL[] = [sql`u.facility_id = ${facilityId}`, sql`u.merged_into_id IS NULL`, sql`NOT u.locked`];
  if (a.userId !== undefined) conds.push(sql`u.id = ${a.userId}`);
  const person: SQL[] = [];
  if (a.gender) person.push(sql`p.gender = ${a.gender}`);
  const { maxBirth, minBirthExclusive } = birthBounds(todayVn(now), a.ageFrom, a.ageTo);
  if (maxBirth) person.push(sql`p.birth_date <= ${maxBirth}::date`);
  if (minBirthExclusive) person.push(sql`p.birth_date > ${minBirthExclusive}::date`);
  if (a.provinceCode) person.push(sql`p.province_code = ${a.provinceCode}`);
  if (a.wardCode) person.push(sql`p.ward_code = ${a.wardCode}`);
  if (person.length) {
    conds.push(sql`u.id IN (SELECT p.user_id FROM medical_profiles p WHERE p.facility_id = ${facilityId} AND ${sql.join(person, sql` AND `)})`);
  }
  if (a.visited) {
    const v = a.visited;
    conds.push(
      bookedBy(
        facilityId,
        sql`b.status = 'DONE' AND b.date BETWEEN ${v.from}::date AND ${v.to}::date
          ${v.departmentId !== undefined ? sql`AND b.department_id = ${v.departmentId}` : sql``}
          ${v.specialtyId !== undefined ? sql`AND b.specialty_id = ${v.specialtyId}` : sql``}`,
      ),
    );
  }
  if (a.clinic) {
    conds.push(sql`u.id IN (SELECT m.user_id FROM clinic_members m WHERE m.facility_id = ${facilityId} AND m.active
      ${a.clinic.program ? sql`AND m.program = ${a.clinic.program}` : sql``})`);
  }
  if (a.booked) conds.push(bookedBy(facilityId, sql`b.status <> 'CANCELLED' AND b.date BETWEEN ${a.booked.from}::date AND ${a.booked.to}::date`));
  return sql.join(conds, sql` AND `);
}

/** Accounts with a booking matching `cond` (a booking's account is its profile's; a merge moves both). */
function bookedBy(facilityId: number, cond: SQL): SQL {
  return sql`u.id IN (SELECT b.patient_user_id FROM bookings b WHERE b.facility_id = ${facilityId} AND ${cond})`;
}

/** How many accounts the filters reach now. */
export async function countAudience(ex: Executor, facilityId: number, a: AudienceFilters, now?: Date): Promise<number> {
  const [r] = await rows<{ n: number }>(ex, sql`SELECT count(*)::int AS n FROM patient_users u WHERE ${audienceWhere(facilityId, a, now)}`);
  return r!.n;
}
