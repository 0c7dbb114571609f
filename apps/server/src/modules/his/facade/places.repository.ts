import { and, asc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { portalSystem, type PortalCodeKind } from '@portal/shared/rules/fhir-systems';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../core/db';
import { everyWordConditions, searchWords } from '../../../core/search';
import { departments, facilities, rooms, specialties } from '../../../db/schema';
import { orgIds } from './org-ids';
import { anyOf, booleanParam, numericIds, occurrences, referenceIds, tokens, type SearchQuery } from './params';
import { idConds, idsIn } from './people.repository';
import { anyCond, NONE } from './search-sql';
import { searchTable, type Found, type Paging } from './table-search';
import type { FacilityRef } from './to-fhir/common';
import type { HealthcareServiceRow } from './to-fhir/healthcare-service';
import type { LocationRow } from './to-fhir/location';
import type { DepartmentRow, HospitalRow } from './to-fhir/organization';

/** The facility of the caller (its code names the identifier systems). */
export async function findHospital(ex: Executor, facilityId: number): Promise<HospitalRow | null> {
  const [row] = await ex
    .select({
      id: facilities.id,
      code: facilities.code,
      name: facilities.name,
      shortName: facilities.shortName,
      address: facilities.address,
      hotline: facilities.hotline,
      website: facilities.website,
    })
    .from(facilities)
    .where(eq(facilities.id, facilityId));
  return row ?? null;
}

/** A catalogue code from `identifier` in the portal's system of `kind`, or with no system. */
function codeConds(f: FacilityRef, q: SearchQuery, kind: PortalCodeKind, column: PgColumn): SQL[] {
  const list = tokens(q, 'identifier');
  if (!list) return [];
  const system = portalSystem(f.code, kind);
  return [
    anyCond(list.map((t) => (t.system && t.system !== system ? NONE : t.code === undefined ? sql`true` : sql`lower(${column}) = ${t.code.toLowerCase()}`))),
  ];
}

function nameConds(q: SearchQuery, column: PgColumn): SQL[] {
  const name = occurrences(q, 'name')[0];
  return name ? everyWordConditions(column, name) : [];
}

function activeConds(q: SearchQuery, column: PgColumn): SQL[] {
  const active = booleanParam(q, 'active');
  return active === undefined ? [] : [eq(column, active)];
}

// ---- Organization: the facility (f<id>) and its departments (d<id>) -------------------------------------------

/**
 * The facility comes first, then its departments by id. It matches when no parameter rules it out: `type=dept`,
 * an `identifier` (departments' codes), `partof` (only departments are part of something), a name it lacks, an `_id`
 * without `f<its id>`.
 */
export async function searchOrganizations(
  ex: Executor,
  hospital: HospitalRow,
  q: SearchQuery,
  paging: Paging,
): Promise<Found<{ hospital: HospitalRow } | { department: DepartmentRow }>> {
  const f = { id: hospital.id, code: hospital.code };
  const types = anyOf(q, 'type')?.map((t) => t.slice(t.indexOf('|') + 1));
  const ids = anyOf(q, '_id');
  const partof = referenceIds(q, 'partof', 'Organization');
  const name = occurrences(q, 'name')[0];
  const withHospital =
    (!types || types.includes('prov')) &&
    !q.identifier &&
    !partof &&
    (!ids || orgIds(f, ids).hospital) &&
    booleanParam(q, 'active') !== false &&
    searchWords(name).every((w) => normalizeText(hospital.name).includes(w));
  const conds: SQL[] = [eq(departments.facilityId, f.id), ...codeConds(f, q, 'department', departments.code), ...nameConds(q, departments.searchText)];
  conds.push(...activeConds(q, departments.active));
  if (types && !types.includes('dept')) conds.push(NONE);
  if (ids) conds.push(idsInList(departments.id, orgIds(f, ids).departments));
  if (partof && !orgIds(f, partof).hospital) conds.push(NONE);
  const first = withHospital ? 1 : 0;
  const depPaging = { count: Math.max(0, paging.count - (paging.offset === 0 ? first : 0)), offset: Math.max(0, paging.offset - first) };
  const found = await searchTable(ex, departments, conds, depPaging, (w, l, o) =>
    ex
      .select({ id: departments.id, code: departments.code, name: departments.name, active: departments.active })
      .from(departments)
      .where(w)
      .orderBy(asc(departments.id))
      .limit(l)
      .offset(o),
  );
  const rows = found.rows.map((department) => ({ department }));
  return {
    rows: withHospital && paging.offset === 0 && paging.count > 0 ? [{ hospital }, ...rows] : rows,
    total: found.total + first,
  };
}

const idsInList = (column: PgColumn, ids: number[]) => (ids.length ? inArray(column, ids) : NONE);

// ---- Location: a room ------------------------------------------------------------------------------------------

/** The department ids an `organization` parameter names (undefined: every department, the facility was named). */
function departmentsOf(f: FacilityRef, q: SearchQuery): number[] | undefined {
  const orgs = referenceIds(q, 'organization', 'Organization');
  if (!orgs) return undefined;
  const o = orgIds(f, orgs);
  return o.hospital ? undefined : o.departments;
}

function locationConds(f: FacilityRef, q: SearchQuery): SQL[] {
  const conds = [eq(rooms.facilityId, f.id), ...idConds(q, rooms.id), ...codeConds(f, q, 'room', rooms.code), ...nameConds(q, rooms.searchText)];
  const deps = departmentsOf(f, q);
  if (deps) conds.push(idsInList(rooms.departmentId, deps));
  const status = anyOf(q, 'status');
  if (status) conds.push(anyCond(status.flatMap((s) => (s === 'active' ? [eq(rooms.active, true)] : s === 'inactive' ? [eq(rooms.active, false)] : []))));
  return conds;
}

export function searchLocations(ex: Executor, f: FacilityRef, q: SearchQuery, paging: Paging): Promise<Found<LocationRow>> {
  return searchTable(ex, rooms, locationConds(f, q), paging, (w, l, o) =>
    ex
      .select({ id: rooms.id, code: rooms.code, name: rooms.name, active: rooms.active, departmentId: rooms.departmentId, departmentName: departments.name })
      .from(rooms)
      .leftJoin(departments, and(eq(departments.id, rooms.departmentId), eq(departments.facilityId, rooms.facilityId)))
      .where(w)
      .orderBy(asc(rooms.id))
      .limit(l)
      .offset(o),
  );
}

// ---- HealthcareService: a specialty, at the rooms that serve it ------------------------------------------------

/** A room of the facility serving the specialty, among `roomConds`. */
const roomOf = (ex: Executor, f: FacilityRef, roomConds: SQL[]) =>
  exists(
    ex
      .select({ x: sql`1` })
      .from(rooms)
      .where(and(eq(rooms.facilityId, f.id), eq(rooms.specialtyId, specialties.id), ...roomConds)),
  );

function serviceConds(ex: Executor, f: FacilityRef, q: SearchQuery): SQL[] {
  const conds = [eq(specialties.facilityId, f.id), ...idConds(q, specialties.id), ...codeConds(f, q, 'specialty', specialties.code)];
  conds.push(...nameConds(q, specialties.searchText), ...activeConds(q, specialties.active));
  const deps = departmentsOf(f, q);
  if (deps) conds.push(deps.length ? roomOf(ex, f, [inArray(rooms.departmentId, deps)]) : NONE);
  const locations = referenceIds(q, 'location', 'Location');
  if (locations) conds.push(numericIds(locations).length ? roomOf(ex, f, [idsIn(rooms.id, locations)]) : NONE);
  return conds;
}

export function searchHealthcareServices(ex: Executor, f: FacilityRef, q: SearchQuery, paging: Paging): Promise<Found<HealthcareServiceRow>> {
  return searchTable(ex, specialties, serviceConds(ex, f, q), paging, async (w, l, o) => {
    const found = await ex
      .select({ id: specialties.id, code: specialties.code, name: specialties.name, description: specialties.description, active: specialties.active })
      .from(specialties)
      .where(w)
      .orderBy(asc(specialties.id))
      .limit(l)
      .offset(o);
    if (found.length === 0) return [];
    const roomRows = await ex
      .select({ specialtyId: rooms.specialtyId, id: rooms.id, name: rooms.name })
      .from(rooms)
      .where(
        and(
          eq(rooms.facilityId, f.id),
          eq(rooms.active, true),
          inArray(
            rooms.specialtyId,
            found.map((s) => s.id),
          ),
        ),
      )
      .orderBy(asc(rooms.id));
    return found.map((s) => ({ ...s, rooms: roomRows.filter((r) => r.specialtyId === s.id).map(({ id, name }) => ({ id, name })) }));
  });
}
