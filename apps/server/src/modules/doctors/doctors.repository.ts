import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ListQuery } from '@portal/shared/core/list-query';
import type { NamedRef } from '@portal/shared/contracts/doctors.contract';
import type { Executor } from '../../core/db';
import { everyWordConditions } from '../../core/search';
import { sameCode, takenBy } from '../../core/sql';
import { departments, doctorRooms, doctorSpecialties, doctors, doctorWorkHistory, rooms, specialties } from '../../db/schema';

/**
 * WHERE of the doctor list, export and select: the caller's facility, `q`, and the filters
 * (department, title, degree, state by column; specialty and room by link).
 */
export function doctorWhere(facilityId: number, q: Pick<ListQuery, 'q' | 'filters'>): SQL {
  const f = q.filters;
  const conds: SQL[] = [eq(doctors.facilityId, facilityId), ...everyWordConditions(doctors.searchText, q.q)];
  if (f.active !== undefined) conds.push(eq(doctors.active, f.active as boolean));
  if (f.departmentId !== undefined) conds.push(eq(doctors.departmentId, f.departmentId as number));
  if (f.academicTitle !== undefined) conds.push(eq(doctors.academicTitle, String(f.academicTitle)));
  if (f.degree !== undefined) conds.push(eq(doctors.degree, String(f.degree)));
  if (f.specialtyId !== undefined) {
    conds.push(sql`EXISTS (SELECT 1 FROM doctor_specialties ds WHERE ds.doctor_id = doctors.id AND ds.specialty_id = ${f.specialtyId as number})`);
  }
  if (f.roomId !== undefined) {
    conds.push(sql`EXISTS (SELECT 1 FROM doctor_rooms dr WHERE dr.doctor_id = doctors.id AND dr.room_id = ${f.roomId as number})`);
  }
  return and(...conds)!;
}

const SORT_COLUMNS: Record<string, PgColumn> = { code: doctors.code, name: doctors.name, createdAt: doctors.createdAt, id: doctors.id };

export function doctorOrder(sort: ListQuery['sort'], fallback: { field: string; direction: 'asc' | 'desc' }) {
  const s = sort ?? fallback;
  const column = SORT_COLUMNS[s.field] ?? doctors.code;
  return [s.direction === 'desc' ? desc(column) : asc(column), asc(doctors.id)];
}

// Names of the linked rows, read in the same statement (one round trip per page). The outer row
// is named `doctors.` explicitly: drizzle renders a column inside sql`` unqualified, which a
// subquery would resolve to its own `id`.
const departmentJson = sql<NamedRef | null>`(SELECT json_build_object('id', d.id, 'code', d.code, 'name', d.name) FROM departments d WHERE d.id = doctors.department_id)`;
const specialtiesJson = sql<
  NamedRef[]
>`(SELECT coalesce(json_agg(json_build_object('id', s.id, 'code', s.code, 'name', s.name) ORDER BY s.name), '[]'::json) FROM doctor_specialties ds JOIN specialties s ON s.id = ds.specialty_id WHERE ds.doctor_id = doctors.id)`;
const roomsJson = sql<
  NamedRef[]
>`(SELECT coalesce(json_agg(json_build_object('id', r.id, 'code', r.code, 'name', r.name) ORDER BY r.code), '[]'::json) FROM doctor_rooms dr JOIN rooms r ON r.id = dr.room_id WHERE dr.doctor_id = doctors.id)`;

const doctorColumns = {
  id: doctors.id,
  code: doctors.code,
  name: doctors.name,
  gender: doctors.gender,
  dateOfBirth: doctors.dateOfBirth,
  academicTitle: doctors.academicTitle,
  degree: doctors.degree,
  position: doctors.position,
  phone: doctors.phone,
  email: doctors.email,
  biography: doctors.biography,
  avatar: doctors.avatar,
  departmentId: doctors.departmentId,
  active: doctors.active,
  createdAt: doctors.createdAt,
  updatedAt: doctors.updatedAt,
  department: departmentJson,
  specialties: specialtiesJson,
  rooms: roomsJson,
};

export type DoctorRecord = {
  id: number;
  code: string;
  name: string;
  gender: string;
  dateOfBirth: string | null;
  academicTitle: string | null;
  degree: string;
  position: string | null;
  phone: string | null;
  email: string | null;
  biography: string | null;
  avatar: string | null;
  departmentId: number;
  active: boolean;
  createdAt: Date | string;
  updatedAt: Date | string;
  department: NamedRef | null;
  specialties: NamedRef[];
  rooms: NamedRef[];
};

export async function findDoctorPage(ex: Executor, where: SQL, order: SQL[], limit: number, offset: number): Promise<{ rows: DoctorRecord[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    ex
      .select(doctorColumns)
      .from(doctors)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    ex.select({ n: sql<number>`count(*)::int` }).from(doctors).where(where),
  ]);
  return { rows: rows as DoctorRecord[], total: count?.n ?? 0 };
}

export async function findDoctor(ex: Executor, facilityId: number, id: number): Promise<DoctorRecord | null> {
  const [row] = await ex
    .select(doctorColumns)
    .from(doctors)
    .where(and(eq(doctors.facilityId, facilityId), eq(doctors.id, id)))
    .limit(1);
  return (row as DoctorRecord | undefined) ?? null;
}

/** The working process, latest period first. */
export async function findWorkHistory(ex: Executor, doctorId: number) {
  return ex
    .select({
      id: doctorWorkHistory.id,
      from: doctorWorkHistory.fromMonth,
      to: doctorWorkHistory.toMonth,
      place: doctorWorkHistory.place,
      position: doctorWorkHistory.position,
    })
    .from(doctorWorkHistory)
    .where(eq(doctorWorkHistory.doctorId, doctorId))
    .orderBy(desc(doctorWorkHistory.fromMonth), asc(doctorWorkHistory.sortOrder), asc(doctorWorkHistory.id));
}

/** Select rows: id, names, department — no links, for the paged dropdown. */
export async function findDoctorOptions(ex: Executor, where: SQL, order: SQL[], limit: number, offset: number) {
  const [rows, [count]] = await Promise.all([
    ex
      .select({
        id: doctors.id,
        code: doctors.code,
        name: doctors.name,
        academicTitle: doctors.academicTitle,
        degree: doctors.degree,
        avatar: doctors.avatar,
        departmentId: doctors.departmentId,
        departmentName: departments.name,
      })
      .from(doctors)
      .leftJoin(departments, eq(departments.id, doctors.departmentId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    ex.select({ n: sql<number>`count(*)::int` }).from(doctors).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function codeTaken(ex: Executor, facilityId: number, code: string, exceptId?: number): Promise<boolean> {
  return (await takenBy(ex, doctors, [eq(doctors.facilityId, facilityId), sameCode(doctors.code, code)], exceptId)) !== null;
}

const LINK_TABLES = { departments, specialties, rooms } as const;
export type LinkKind = keyof typeof LINK_TABLES;

/** Which of `ids` are rows of the facility, and whether each is active. */
export async function findLinkTargets(ex: Executor, kind: LinkKind, facilityId: number, ids: number[]): Promise<Map<number, boolean>> {
  if (ids.length === 0) return new Map();
  const t = LINK_TABLES[kind];
  const rows = await ex
    .select({ id: t.id, active: t.active })
    .from(t)
    .where(and(eq(t.facilityId, facilityId), inArray(t.id, ids)));
  return new Map(rows.map((r) => [r.id, r.active]));
}

/** Active departments / specialties / rooms of the facility, paged, for the doctor form's dropdowns. */
export async function findLinkOptions(ex: Executor, kind: LinkKind, facilityId: number, q: ListQuery) {
  const t = LINK_TABLES[kind];
  const conds: SQL[] = [eq(t.facilityId, facilityId), eq(t.active, true), ...everyWordConditions(t.searchText, q.q)];
  if (q.filters.id !== undefined) conds.push(eq(t.id, q.filters.id as number));
  if (kind === 'rooms' && q.filters.departmentId !== undefined) conds.push(eq(rooms.departmentId, q.filters.departmentId as number));
  const where = and(...conds)!;
  const s = q.sort ?? { field: 'code', direction: 'asc' };
  const column = s.field === 'name' ? t.name : t.code;
  const [rows, [count]] = await Promise.all([
    ex
      .select({ id: t.id, code: t.code, name: t.name, ...(kind === 'rooms' ? { departmentId: rooms.departmentId } : {}) })
      .from(t)
      .where(where)
      .orderBy(s.direction === 'desc' ? desc(column) : asc(column), asc(t.id))
      .limit(q.size)
      .offset(q.page * q.size),
    ex.select({ n: sql<number>`count(*)::int` }).from(t).where(where),
  ]);
  return { rows: rows as { id: number; code: string; name: string; departmentId?: number | null }[], total: count?.n ?? 0 };
}

export interface DoctorValues {
  code: string;
  name: string;
  gender: string;
  dateOfBirth: string | null;
  academicTitle: string | null;
  degree: string;
  position: string | null;
  phone: string | null;
  email: string | null;
  biography: string | null;
  departmentId: number;
  searchText: string;
}

export async function insertDoctor(ex: Executor, facilityId: number, values: DoctorValues): Promise<number> {
  const [row] = await ex
    .insert(doctors)
    .values({ ...values, facilityId })
    .returning({ id: doctors.id });
  return row!.id;
}

export async function updateDoctor(ex: Executor, facilityId: number, id: number, values: Partial<DoctorValues> & { active?: boolean; avatar?: string | null }) {
  await ex
    .update(doctors)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(doctors.facilityId, facilityId), eq(doctors.id, id)));
}

/** Replaces the doctor's specialties, rooms and working process with the given ones (a part left out is kept). */
export async function replaceDoctorLinks(
  ex: Executor,
  doctorId: number,
  links: { specialtyIds?: number[]; roomIds?: number[]; workHistory?: { from: string; to: string | null; place: string; position: string | null }[] },
) {
  if (links.specialtyIds) {
    await ex.delete(doctorSpecialties).where(eq(doctorSpecialties.doctorId, doctorId));
    if (links.specialtyIds.length) await ex.insert(doctorSpecialties).values(links.specialtyIds.map((specialtyId) => ({ doctorId, specialtyId })));
  }
  if (links.roomIds) {
    await ex.delete(doctorRooms).where(eq(doctorRooms.doctorId, doctorId));
    if (links.roomIds.length) await ex.insert(doctorRooms).values(links.roomIds.map((roomId) => ({ doctorId, roomId })));
  }
  if (!links.workHistory) return;
  await ex.delete(doctorWorkHistory).where(eq(doctorWorkHistory.doctorId, doctorId));
  if (links.workHistory.length) {
    await ex
      .insert(doctorWorkHistory)
      .values(links.workHistory.map((p, i) => ({ doctorId, fromMonth: p.from, toMonth: p.to, place: p.place, position: p.position, sortOrder: i })));
  }
}

/** True when some doctor still shows this photo (the same picture may be used twice). */
export async function avatarInUse(ex: Executor, avatar: string): Promise<boolean> {
  const [row] = await ex.select({ id: doctors.id }).from(doctors).where(eq(doctors.avatar, avatar)).limit(1);
  return Boolean(row);
}

/** Deletes the doctor; its links and working process cascade. */
export async function deleteDoctor(ex: Executor, facilityId: number, id: number) {
  await ex.delete(doctors).where(and(eq(doctors.facilityId, facilityId), eq(doctors.id, id)));
}
