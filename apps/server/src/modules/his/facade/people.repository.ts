import { and, asc, eq, exists, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { FHIR_SYSTEMS, portalSystem } from '@portal/shared/rules/fhir-systems';
import { normalizeBhyt, normalizeCccd, normalizePhone } from '@portal/shared/rules/identifiers';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../core/db';
import { everyWordConditions } from '../../../core/search';
import { departments, doctorRooms, doctorSpecialties, doctors, medicalProfiles, rooms, specialties } from '../../../db/schema';
import { referenceLookup } from '../../patients/reference-lookup';
import { anyOf, booleanParam, dateBounds, numericIds, occurrences, referenceIds, tokens, type SearchQuery } from './params';
import { anyCond, momentConds, NONE } from './search-sql';
import { searchTable, type Found, type Paging } from './table-search';
import type { FacilityRef } from './to-fhir/common';
import type { PatientRow } from './to-fhir/patient';
import type { PractitionerRow } from './to-fhir/practitioner';
import type { PractitionerRoleRow } from './to-fhir/practitioner-role';
import { orgIds } from './org-ids';

/** The rows of these FHIR ids (none of them a row id: no row). */
export function idsIn(column: PgColumn, ids: readonly string[]): SQL {
  const n = numericIds(ids);
  return n.length ? inArray(column, n) : NONE;
}

/** `_id` as row ids. */
export function idConds(q: SearchQuery, column: PgColumn): SQL[] {
  const ids = anyOf(q, '_id');
  return ids ? [idsIn(column, ids)] : [];
}

// ---- Patient: a medical profile --------------------------------------------------------------------------------

const mp = medicalProfiles;

function patientIdentifierConds(f: FacilityRef, q: SearchQuery): SQL[] {
  const list = tokens(q, 'identifier');
  if (!list) return [];
  const codeSystem = portalSystem(f.code, 'patient-code');
  return [
    anyCond(
      list.map(({ system, code }) => {
        const by = (column: PgColumn, value: string | undefined) => (value === undefined ? isNotNull(column) : eq(column, value));
        if (system === FHIR_SYSTEMS.cccd) return by(mp.cccd, code && normalizeCccd(code));
        if (system === FHIR_SYSTEMS.bhyt) return by(mp.bhyt, code && normalizeBhyt(code));
        if (system === codeSystem) return by(mp.patientCode, code);
        if (system || code === undefined) return NONE;
        return anyCond([eq(mp.patientCode, code), eq(mp.cccd, normalizeCccd(code)), eq(mp.bhyt, normalizeBhyt(code))]);
      }),
    ),
  ];
}

function patientConds(f: FacilityRef, q: SearchQuery): SQL[] {
  const conds = [eq(mp.facilityId, f.id), ...idConds(q, mp.id), ...patientIdentifierConds(f, q)];
  const name = occurrences(q, 'name')[0];
  if (name) conds.push(...everyWordConditions(mp.nameSearch, name));
  conds.push(...momentConds(mp.birthDate, null, dateBounds(q, 'birthdate')));
  const phones = anyOf(q, 'phone');
  if (phones) conds.push(phones.length ? inArray(mp.phone, phones.map(normalizePhone)) : NONE);
  const gender = anyOf(q, 'gender');
  if (gender)
    conds.push(
      inArray(
        mp.gender,
        gender.map((g) => (g === 'male' ? 'MALE' : g === 'female' ? 'FEMALE' : g.toUpperCase())),
      ),
    );
  return conds;
}

async function patientPage(ex: Executor, where: SQL | undefined, limit: number, offset: number): Promise<PatientRow[]> {
  const found = await ex
    .select({
      id: mp.id,
      patientCode: mp.patientCode,
      fullName: mp.fullName,
      birthDate: mp.birthDate,
      gender: mp.gender,
      phone: mp.phone,
      email: mp.email,
      cccd: mp.cccd,
      bhyt: mp.bhyt,
      bhytExpiry: mp.bhytExpiry,
      street: mp.street,
      wardCode: mp.wardCode,
      provinceCode: mp.provinceCode,
    })
    .from(mp)
    .where(where)
    .orderBy(asc(mp.id))
    .limit(limit)
    .offset(offset);
  const ref = referenceLookup();
  return found.map(({ street, wardCode, provinceCode, ...r }) => ({
    ...r,
    addressText: ref.address(street, wardCode, provinceCode) || null,
    province: ref.province(provinceCode)?.fullName ?? null,
  }));
}

export function searchPatients(ex: Executor, f: FacilityRef, q: SearchQuery, paging: Paging): Promise<Found<PatientRow>> {
  return searchTable(ex, mp, patientConds(f, q), paging, (w, l, o) => patientPage(ex, w, l, o));
}

// ---- Practitioner: a doctor ------------------------------------------------------------------------------------

/** A doctor code, from `identifier` in the portal's doctor system or with none (the CCHN is not kept: no match). */
function doctorCodeConds(f: FacilityRef, q: SearchQuery): SQL[] {
  const list = tokens(q, 'identifier');
  if (!list) return [];
  const system = portalSystem(f.code, 'doctor');
  return [
    anyCond(
      list.map((t) => (t.system && t.system !== system ? NONE : t.code === undefined ? sql`true` : sql`lower(${doctors.code}) = ${t.code.toLowerCase()}`)),
    ),
  ];
}

function practitionerConds(f: FacilityRef, q: SearchQuery): SQL[] {
  const conds = [eq(doctors.facilityId, f.id), ...idConds(q, doctors.id), ...doctorCodeConds(f, q)];
  const name = occurrences(q, 'name')[0];
  if (name) conds.push(...everyWordConditions(doctors.searchText, name));
  const active = booleanParam(q, 'active');
  if (active !== undefined) conds.push(eq(doctors.active, active));
  return conds;
}

const doctorColumns = {
  id: doctors.id,
  code: doctors.code,
  name: doctors.name,
  gender: doctors.gender,
  dateOfBirth: doctors.dateOfBirth,
  academicTitle: doctors.academicTitle,
  degree: doctors.degree,
  phone: doctors.phone,
  email: doctors.email,
  active: doctors.active,
};

export function searchPractitioners(ex: Executor, f: FacilityRef, q: SearchQuery, paging: Paging): Promise<Found<PractitionerRow>> {
  return searchTable(ex, doctors, practitionerConds(f, q), paging, (w, l, o) =>
    ex.select(doctorColumns).from(doctors).where(w).orderBy(asc(doctors.id)).limit(l).offset(o),
  );
}

// ---- PractitionerRole: a doctor in a department, rooms and specialties ------------------------------------------

function roleConds(ex: Executor, f: FacilityRef, q: SearchQuery): SQL[] {
  const conds = [eq(doctors.facilityId, f.id), ...idConds(q, doctors.id)];
  const practitioners = referenceIds(q, 'practitioner', 'Practitioner');
  if (practitioners) conds.push(idsIn(doctors.id, practitioners));
  const orgs = referenceIds(q, 'organization', 'Organization');
  if (orgs) {
    const o = orgIds(f, orgs);
    if (!o.hospital) conds.push(o.departments.length ? inArray(doctors.departmentId, o.departments) : NONE);
  }
  const locations = referenceIds(q, 'location', 'Location');
  if (locations) {
    const ids = numericIds(locations);
    conds.push(
      ids.length
        ? exists(
            ex
              .select({ x: sql`1` })
              .from(doctorRooms)
              .where(and(eq(doctorRooms.doctorId, doctors.id), inArray(doctorRooms.roomId, ids))),
          )
        : NONE,
    );
  }
  const specs = tokens(q, 'specialty');
  if (specs) {
    const system = portalSystem(f.code, 'specialty');
    const codes = specs.filter((t) => (!t.system || t.system === system) && t.code).map((t) => t.code!.toLowerCase());
    conds.push(
      codes.length
        ? exists(
            ex
              .select({ x: sql`1` })
              .from(doctorSpecialties)
              .innerJoin(specialties, eq(specialties.id, doctorSpecialties.specialtyId))
              .where(and(eq(doctorSpecialties.doctorId, doctors.id), inArray(sql`lower(${specialties.code})`, codes))),
          )
        : NONE,
    );
  }
  const active = booleanParam(q, 'active');
  if (active !== undefined) conds.push(eq(doctors.active, active));
  return conds;
}

export async function searchPractitionerRoles(ex: Executor, f: FacilityRef, q: SearchQuery, paging: Paging): Promise<Found<PractitionerRoleRow>> {
  return searchTable(ex, doctors, roleConds(ex, f, q), paging, async (w, l, o) => {
    const found = await ex
      .select({
        id: doctors.id,
        name: doctors.name,
        academicTitle: doctors.academicTitle,
        degree: doctors.degree,
        active: doctors.active,
        departmentId: doctors.departmentId,
        departmentName: departments.name,
      })
      .from(doctors)
      .innerJoin(departments, and(eq(departments.id, doctors.departmentId), eq(departments.facilityId, doctors.facilityId)))
      .where(w)
      .orderBy(asc(doctors.id))
      .limit(l)
      .offset(o);
    const ids = found.map((d) => d.id);
    if (ids.length === 0) return [];
    const [roomRows, specRows] = await Promise.all([
      ex
        .select({ doctorId: doctorRooms.doctorId, id: rooms.id, name: rooms.name })
        .from(doctorRooms)
        .innerJoin(rooms, eq(rooms.id, doctorRooms.roomId))
        .where(inArray(doctorRooms.doctorId, ids))
        .orderBy(asc(rooms.code)),
      ex
        .select({ doctorId: doctorSpecialties.doctorId, code: specialties.code, name: specialties.name })
        .from(doctorSpecialties)
        .innerJoin(specialties, eq(specialties.id, doctorSpecialties.specialtyId))
        .where(inArray(doctorSpecialties.doctorId, ids))
        .orderBy(asc(specialties.code)),
    ]);
    return found.map((d) => ({
      ...d,
      rooms: roomRows.filter((r) => r.doctorId === d.id).map(({ id, name }) => ({ id, name })),
      specialties: specRows.filter((s) => s.doctorId === d.id).map(({ code, name }) => ({ code, name })),
    }));
  });
}
