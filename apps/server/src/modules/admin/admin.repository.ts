import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ListQuery } from '@portal/shared/core/list-query';
import { normalizeText } from '@portal/shared/rules/diacritics';
import type { Executor } from '../../core/db';
import { everyWordConditions } from '../../core/search';
import { sameCode, takenBy } from '../../core/sql';
import { accountRoles, accountRooms, accounts, facilities, roleAuthorities, roles, rooms } from '../../db/schema';

// drizzle renders a column inside sql`` without its table; subqueries name the outer row explicitly.
const ROLE_ID = sql.raw('"roles"."id"');
const ACCOUNT_ID = sql.raw('"accounts"."id"');

const page = (q: ListQuery) => ({ limit: q.size, offset: q.page * q.size });

// ---------------------------------------------------------------- roles

const roleAuthoritiesSql = sql<string[]>`ARRAY(SELECT ra.authority FROM role_authorities ra WHERE ra.role_id = ${ROLE_ID})`;
const roleHoldersSql = sql<number>`(SELECT count(*)::int FROM account_roles ar WHERE ar.role_id = ${ROLE_ID})`;
const roleColumns = {
  id: roles.id,
  code: roles.code,
  name: roles.name,
  description: roles.description,
  active: roles.active,
  createdAt: roles.createdAt,
  updatedAt: roles.updatedAt,
  authorities: roleAuthoritiesSql,
  holders: roleHoldersSql,
};

function roleWhere(facilityId: number, q: ListQuery): SQL {
  const conds: SQL[] = [eq(roles.facilityId, facilityId), ...everyWordConditions(roles.searchText, q.q)];
  if (typeof q.filters.active === 'boolean') conds.push(eq(roles.active, q.filters.active));
  if (typeof q.filters.authorities === 'string') {
    conds.push(sql`EXISTS (SELECT 1 FROM role_authorities ra WHERE ra.role_id = ${ROLE_ID} AND ra.authority = ${q.filters.authorities})`);
  }
  return and(...conds)!;
}

function roleOrder(q: ListQuery) {
  const s = q.sort ?? { field: 'code', direction: 'asc' };
  const target =
    s.field === 'holders'
      ? roleHoldersSql
      : (({ code: roles.code, name: roles.name, createdAt: roles.createdAt } as Record<string, PgColumn>)[s.field] ?? roles.id);
  return [s.direction === 'desc' ? desc(target) : asc(target), asc(roles.id)];
}

export async function listRoles(ex: Executor, facilityId: number, q: ListQuery, opts: { all?: boolean } = {}) {
  const where = roleWhere(facilityId, q);
  const base = ex
    .select(roleColumns)
    .from(roles)
    .where(where)
    .orderBy(...roleOrder(q));
  const rows = opts.all ? await base.limit(50_000) : await base.limit(page(q).limit).offset(page(q).offset);
  const [{ n }] = opts.all ? [{ n: rows.length }] : await ex.select({ n: sql<number>`count(*)::int` }).from(roles).where(where);
  return { rows, total: n };
}

export function findRole(ex: Executor, facilityId: number, id: number) {
  return ex
    .select(roleColumns)
    .from(roles)
    .where(and(eq(roles.facilityId, facilityId), eq(roles.id, id)))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export function findRoleByCode(ex: Executor, facilityId: number, code: string, exceptId?: number) {
  const conds = [eq(roles.facilityId, facilityId), sameCode(roles.code, code)];
  if (exceptId) conds.push(ne(roles.id, exceptId));
  return ex
    .select({ id: roles.id })
    .from(roles)
    .where(and(...conds))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export interface RoleValues {
  code: string;
  name: string;
  description: string | null;
  authorities: string[];
}

export async function insertRole(ex: Executor, facilityId: number, v: RoleValues): Promise<number> {
  const [row] = await ex
    .insert(roles)
    .values({ facilityId, code: v.code, name: v.name, description: v.description, searchText: normalizeText(`${v.code} ${v.name}`) })
    .returning({ id: roles.id });
  await ex.insert(roleAuthorities).values(v.authorities.map((authority) => ({ roleId: row!.id, authority })));
  return row!.id;
}

export async function updateRole(ex: Executor, id: number, v: RoleValues): Promise<void> {
  await ex
    .update(roles)
    .set({ code: v.code, name: v.name, description: v.description, searchText: normalizeText(`${v.code} ${v.name}`), updatedAt: new Date() })
    .where(eq(roles.id, id));
  await ex.delete(roleAuthorities).where(eq(roleAuthorities.roleId, id));
  await ex.insert(roleAuthorities).values(v.authorities.map((authority) => ({ roleId: id, authority })));
}

export async function setRoleActive(ex: Executor, id: number, active: boolean): Promise<void> {
  await ex.update(roles).set({ active, updatedAt: new Date() }).where(eq(roles.id, id));
}

/** The facility's roles among `ids`, for checking ids sent in a body. */
export function rolesByIds(ex: Executor, facilityId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return ex
    .select({ id: roles.id, name: roles.name, active: roles.active, authorities: roleAuthoritiesSql })
    .from(roles)
    .where(and(eq(roles.facilityId, facilityId), inArray(roles.id, ids)));
}

// ---------------------------------------------------------------- accounts

const accountRolesSql = sql<{ id: number; code: string; name: string; active: boolean }[]>`COALESCE((
  SELECT json_agg(json_build_object('id', r.id, 'code', r.code, 'name', r.name, 'active', r.active) ORDER BY r.name, r.id)
  FROM account_roles ar JOIN roles r ON r.id = ar.role_id WHERE ar.account_id = ${ACCOUNT_ID}), '[]'::json)`;
const accountRoomsSql = sql<{ id: number; code: string; name: string }[]>`COALESCE((
  SELECT json_agg(json_build_object('id', rm.id, 'code', rm.code, 'name', rm.name) ORDER BY rm.code, rm.id)
  FROM account_rooms xr JOIN rooms rm ON rm.id = xr.room_id WHERE xr.account_id = ${ACCOUNT_ID}), '[]'::json)`;

const accountColumns = {
  id: accounts.id,
  facilityId: accounts.facilityId,
  username: accounts.username,
  name: accounts.name,
  email: accounts.email,
  phone: accounts.phone,
  locked: accounts.locked,
  mustChangePassword: accounts.mustChangePassword,
  lastPasswordReset: accounts.lastPasswordReset,
  createdAt: accounts.createdAt,
  roles: accountRolesSql,
  rooms: accountRoomsSql,
};
export type AccountRecord = Awaited<ReturnType<typeof findAccount>> & {};

function accountWhere(facilityId: number, q: ListQuery): SQL {
  const conds: SQL[] = [eq(accounts.facilityId, facilityId), ...everyWordConditions(accounts.searchText, q.q)];
  const f = q.filters;
  if (typeof f.locked === 'boolean') conds.push(eq(accounts.locked, f.locked));
  if (typeof f.roleIds === 'number') conds.push(sql`EXISTS (SELECT 1 FROM account_roles ar WHERE ar.account_id = ${ACCOUNT_ID} AND ar.role_id = ${f.roleIds})`);
  if (typeof f.roomIds === 'number') conds.push(sql`EXISTS (SELECT 1 FROM account_rooms xr WHERE xr.account_id = ${ACCOUNT_ID} AND xr.room_id = ${f.roomIds})`);
  return and(...conds)!;
}

function accountOrder(q: ListQuery) {
  const s = q.sort ?? { field: 'username', direction: 'asc' };
  const byField: Record<string, PgColumn> = {
    username: accounts.username,
    name: accounts.name,
    lastPasswordReset: accounts.lastPasswordReset,
    createdAt: accounts.createdAt,
  };
  const target = byField[s.field] ?? accounts.id;
  return [s.direction === 'desc' ? desc(target) : asc(target), asc(accounts.id)];
}

export async function listAccounts(ex: Executor, facilityId: number, q: ListQuery, opts: { all?: boolean } = {}) {
  const where = accountWhere(facilityId, q);
  const base = ex
    .select(accountColumns)
    .from(accounts)
    .where(where)
    .orderBy(...accountOrder(q));
  const rows = opts.all ? await base.limit(50_000) : await base.limit(page(q).limit).offset(page(q).offset);
  const [{ n }] = opts.all ? [{ n: rows.length }] : await ex.select({ n: sql<number>`count(*)::int` }).from(accounts).where(where);
  return { rows, total: n };
}

export function findAccount(ex: Executor, facilityId: number, id: number) {
  return ex
    .select(accountColumns)
    .from(accounts)
    .where(and(eq(accounts.facilityId, facilityId), eq(accounts.id, id)))
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** Login identifiers are platform-wide: another account (of any facility) using this username, email or phone. */
export async function findLoginClash(ex: Executor, field: 'username' | 'email' | 'phone', value: string, exceptId?: number) {
  const cond =
    field === 'username'
      ? eq(accounts.username, value.toLowerCase())
      : field === 'email'
        ? sql`lower(${accounts.email}) = ${value.toLowerCase()}`
        : eq(accounts.phone, value);
  const id = await takenBy(ex, accounts, [cond], exceptId);
  return id === null ? null : { id };
}

/** The login names of the platform in the series of `stem` (the stem itself and stem + digits), lower case. */
export async function usernamesOfStem(ex: Executor, stem: string): Promise<string[]> {
  // the stem is a–z only (rules/username), so it needs no escaping in LIKE
  const found = await ex
    .select({ username: accounts.username })
    .from(accounts)
    .where(sql`${accounts.username} LIKE ${`${stem}%`} AND ${accounts.username} ~ ${`^${stem}[0-9]*$`}`);
  return found.map((r) => r.username);
}

export interface AccountValues {
  username: string;
  name: string;
  email: string | null;
  phone: string | null;
}

const accountSearch = (v: AccountValues) => normalizeText(`${v.username} ${v.name} ${v.email ?? ''} ${v.phone ?? ''}`);

export async function insertAccount(ex: Executor, facilityId: number, v: AccountValues, passwordHash: string): Promise<number> {
  const [row] = await ex
    .insert(accounts)
    .values({ facilityId, ...v, passwordHash, mustChangePassword: true, lastPasswordReset: new Date(), searchText: accountSearch(v) })
    .returning({ id: accounts.id });
  return row!.id;
}

export async function updateAccount(ex: Executor, id: number, v: AccountValues): Promise<void> {
  await ex
    .update(accounts)
    .set({ ...v, searchText: accountSearch(v), updatedAt: new Date() })
    .where(eq(accounts.id, id));
}

export async function setAccountRoles(ex: Executor, accountId: number, roleIds: number[]): Promise<void> {
  await ex.delete(accountRoles).where(eq(accountRoles.accountId, accountId));
  if (roleIds.length) await ex.insert(accountRoles).values(roleIds.map((roleId) => ({ accountId, roleId })));
}

export async function setAccountRooms(ex: Executor, accountId: number, roomIds: number[]): Promise<void> {
  await ex.delete(accountRooms).where(eq(accountRooms.accountId, accountId));
  if (roomIds.length) await ex.insert(accountRooms).values(roomIds.map((roomId) => ({ accountId, roomId })));
}

export async function setOneTimePassword(ex: Executor, id: number, passwordHash: string): Promise<void> {
  await ex.update(accounts).set({ passwordHash, mustChangePassword: true, lastPasswordReset: new Date(), updatedAt: new Date() }).where(eq(accounts.id, id));
}

export async function setLocked(ex: Executor, id: number, locked: boolean): Promise<void> {
  await ex.update(accounts).set({ locked, updatedAt: new Date() }).where(eq(accounts.id, id));
}

/** Unlocked accounts of the facility whose active roles grant ADMIN_FACILITY. */
export async function countFacilityAdmins(ex: Executor, facilityId: number): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(DISTINCT ${accounts.id})::int` })
    .from(accounts)
    .innerJoin(accountRoles, eq(accountRoles.accountId, accounts.id))
    .innerJoin(roles, and(eq(roles.id, accountRoles.roleId), eq(roles.active, true)))
    .innerJoin(roleAuthorities, and(eq(roleAuthorities.roleId, roles.id), eq(roleAuthorities.authority, 'ADMIN_FACILITY')))
    .where(and(eq(accounts.facilityId, facilityId), eq(accounts.locked, false)));
  return row?.n ?? 0;
}

/** The live authorities of an account, as the session check reads them. */
export async function liveAuthorities(ex: Executor, accountId: number): Promise<string[]> {
  const rows = await ex
    .selectDistinct({ authority: roleAuthorities.authority })
    .from(accountRoles)
    .innerJoin(roles, and(eq(roles.id, accountRoles.roleId), eq(roles.active, true)))
    .innerJoin(roleAuthorities, eq(roleAuthorities.roleId, roles.id))
    .innerJoin(accounts, and(eq(accounts.id, accountRoles.accountId), eq(accounts.locked, false)))
    .where(eq(accountRoles.accountId, accountId));
  return rows.map((r) => r.authority);
}

// ---------------------------------------------------------------- rooms

function roomWhere(facilityId: number, q: ListQuery): SQL {
  const conds: SQL[] = [eq(rooms.facilityId, facilityId), ...everyWordConditions(rooms.searchText, q.q)];
  if (typeof q.filters.active === 'boolean') conds.push(eq(rooms.active, q.filters.active));
  return and(...conds)!;
}

const roomColumns = { id: rooms.id, code: rooms.code, name: rooms.name, active: rooms.active };
export interface RoomOption {
  id: number;
  code: string;
  name: string;
  active: boolean;
}

export async function listRoomOptions(ex: Executor, facilityId: number, q: ListQuery) {
  const where = roomWhere(facilityId, q);
  const s = q.sort ?? { field: 'code', direction: 'asc' };
  const target = s.field === 'name' ? rooms.name : s.field === 'code' ? rooms.code : rooms.id;
  const [rows, [{ n }]] = await Promise.all([
    ex
      .select(roomColumns)
      .from(rooms)
      .where(where)
      .orderBy(s.direction === 'desc' ? desc(target) : asc(target), asc(rooms.id))
      .limit(q.size)
      .offset(q.page * q.size),
    ex.select({ n: sql<number>`count(*)::int` }).from(rooms).where(where),
  ]);
  return { rows, total: n };
}

export function findRoomOption(ex: Executor, facilityId: number, id: number) {
  return ex
    .select(roomColumns)
    .from(rooms)
    .where(and(eq(rooms.facilityId, facilityId), eq(rooms.id, id)))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export function roomsByIds(ex: Executor, facilityId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return ex
    .select(roomColumns)
    .from(rooms)
    .where(and(eq(rooms.facilityId, facilityId), inArray(rooms.id, ids)));
}

// ---------------------------------------------------------------- the facility's room rule

/** Whether the facility keeps accounts with rooms to their rooms' bookings. */
export async function findRestrictToAccountRooms(ex: Executor, facilityId: number): Promise<boolean> {
  const [f] = await ex.select({ v: facilities.restrictToAccountRooms }).from(facilities).where(eq(facilities.id, facilityId));
  return f?.v ?? false;
}

export async function setRestrictToAccountRooms(ex: Executor, facilityId: number, v: boolean): Promise<void> {
  await ex.update(facilities).set({ restrictToAccountRooms: v }).where(eq(facilities.id, facilityId));
}
