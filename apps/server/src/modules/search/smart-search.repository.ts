import { and, eq, sql } from 'drizzle-orm';
import type { AcronymMap } from '@portal/shared/rules/acronyms';
import type { Database } from '../../core/db';
import { everyWordConditions } from '../../core/search';
import { sameCode } from '../../core/sql';
import { medicalServices } from '../../db/schema';
import { doctorOrder, doctorWhere, findDoctorOptions } from '../doctors/doctors.repository';
import { prefixRange } from '../patients/patients.repository';

/** A booking found by its code, with the profile's name. */
export interface BookingHitRow {
  id: number;
  code: string;
  date: string;
  startTime: string;
  status: string;
  fullName: string | null;
}

/**
 * Bookings whose code starts with `prefix` (upper case, "DK2611…"), in code order: a range scan of the
 * unique (facility_id, code) index, as the patients' prefixes are.
 */
export function findBookingsByCode(database: Database, facilityId: number, prefix: string, limit: number): Promise<BookingHitRow[]> {
  const [from, to] = prefixRange(prefix);
  return database.query<BookingHitRow>(
    'smart_bookings',
    `SELECT b.id, b.code, b.date::text AS date, b.start_time AS "startTime", b.status, p.full_name AS "fullName"
       FROM bookings b LEFT JOIN medical_profiles p ON p.facility_id = b.facility_id AND p.id = b.medical_profile_id
      WHERE b.facility_id = $1 AND b.code >= $2 AND b.code < $3
      ORDER BY b.code LIMIT $4`,
    [facilityId, from, to, limit],
  );
}

/** Doctors of the facility whose search text holds every typed word, by name (the doctors' own dropdown read). */
export async function findDoctorHits(database: Database, facilityId: number, q: string, limit: number) {
  const { rows } = await findDoctorOptions(
    database.db,
    doctorWhere(facilityId, { q, filters: {} }),
    doctorOrder({ field: 'name', direction: 'asc' }, { field: 'name', direction: 'asc' }),
    limit,
    0,
  );
  return rows;
}

const serviceColumns = {
  id: medicalServices.id,
  code: medicalServices.code,
  name: medicalServices.name,
  price: medicalServices.price,
  active: medicalServices.active,
};

/**
 * Services of the facility: the one whose code is what was typed, then those whose code or name
 * holds every word (or its acronym's expansion: "sa" → "sieu am"), by code.
 */
export async function findServiceHits(database: Database, facilityId: number, q: string, acronyms: AcronymMap, limit: number) {
  const scope = eq(medicalServices.facilityId, facilityId);
  const [exact, found] = await Promise.all([
    database.db
      .select(serviceColumns)
      .from(medicalServices)
      .where(and(scope, sameCode(medicalServices.code, q)))
      .limit(1),
    database.db
      .select(serviceColumns)
      .from(medicalServices)
      .where(and(scope, ...everyWordConditions([medicalServices.codeSearch, medicalServices.searchText], q, acronyms)))
      .orderBy(sql`lower(${medicalServices.code})`)
      .limit(limit),
  ]);
  return [...exact, ...found.filter((s) => s.id !== exact[0]?.id)];
}
