import { AUTHORITIES, AUTHORITY_LABELS, fmt, MSG, type Authority } from '@portal/shared';
import type { RoleRow } from '@portal/shared/contracts/admin.contract';
import type { ListQuery } from '@portal/shared/core/list-query';
import { roleResource } from '@portal/shared/resources';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { exportWorkbook } from '../../core/crud/excel';
import type { ResourceHandler } from '../../core/crud/resource-handler';
import type { Executor } from '../../core/db';
import { conflict, notFound } from '../../core/errors';
import { recordWrite } from '../../core/write';
import * as repo from './admin.repository';
import { assertMayTouchFacilityAdmin, assertNoLockout, snapshot } from './admin.guards';

type RoleRecord = NonNullable<Awaited<ReturnType<typeof repo.findRole>>>;

const order = (a: string) => AUTHORITIES.indexOf(a as Authority);
const iso = (d: Date | string) => new Date(d).toISOString();

/** The row of the API: authorities in the spec's order. */
export function toRoleRow(r: RoleRecord): RoleRow {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    description: r.description,
    authorities: [...(r.authorities ?? [])].sort((a, b) => order(a) - order(b)),
    holders: Number(r.holders),
    active: r.active,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

export interface RoleBody {
  code: string;
  name: string;
  description?: string | null;
  authorities: string[];
}

const values = (b: RoleBody): repo.RoleValues => ({ code: b.code, name: b.name, description: b.description || null, authorities: b.authorities });

async function own(ex: Executor, caller: Caller, id: number): Promise<RoleRecord> {
  const role = await repo.findRole(ex, caller.facilityId, id);
  if (!role) throw notFound('Không tìm thấy vai trò');
  return role;
}

async function checkCode(ex: Executor, caller: Caller, code: string, exceptId?: number) {
  if (await repo.findRoleByCode(ex, caller.facilityId, code, exceptId)) {
    const message = `Mã vai trò "${code}" đã tồn tại`;
    throw conflict(message, [{ field: 'code', message }]);
  }
}

export async function listRoles(ctx: AppContext, caller: Caller, q: ListQuery) {
  const { rows, total } = await repo.listRoles(ctx.database.db, caller.facilityId, q);
  return { rows: rows.map(toRoleRow), total };
}

export async function getRole(ctx: AppContext, caller: Caller, id: number): Promise<RoleRow> {
  return toRoleRow(await own(ctx.database.db, caller, id));
}

export async function createRole(ctx: AppContext, caller: Caller, body: RoleBody): Promise<RoleRow> {
  assertMayTouchFacilityAdmin(caller, body.authorities.includes('ADMIN_FACILITY'));
  return ctx.database.transaction(async (tx) => {
    await checkCode(tx, caller, body.code);
    const id = await repo.insertRole(tx, caller.facilityId, values(body));
    const row = toRoleRow(await own(tx, caller, id));
    await recordWrite(ctx, tx, caller, { audit: { action: 'CREATE', entity: 'role', entityId: id, after: row } });
    return row;
  });
}

export async function updateRole(ctx: AppContext, caller: Caller, id: number, body: RoleBody): Promise<RoleRow> {
  return ctx.database.transaction(async (tx) => {
    const before = toRoleRow(await own(tx, caller, id));
    assertMayTouchFacilityAdmin(caller, before.authorities.includes('ADMIN_FACILITY') || body.authorities.includes('ADMIN_FACILITY'));
    await checkCode(tx, caller, body.code, id);
    const guard = await snapshot(tx, caller);
    await repo.updateRole(tx, id, values(body));
    await assertNoLockout(tx, caller, guard);
    const after = toRoleRow(await own(tx, caller, id));
    await recordWrite(ctx, tx, caller, { audit: { action: 'UPDATE', entity: 'role', entityId: id, before, after } });
    return after;
  });
}

/** Deactivating a role that accounts hold is refused with the count: its holders would lose authorities silently. */
export async function setRoleActive(ctx: AppContext, caller: Caller, id: number, active: boolean): Promise<RoleRow> {
  return ctx.database.transaction(async (tx) => {
    const before = toRoleRow(await own(tx, caller, id));
    assertMayTouchFacilityAdmin(caller, before.authorities.includes('ADMIN_FACILITY'));
    if (!active && before.active && before.holders > 0) throw conflict(fmt(MSG.roleHeld, { count: before.holders }));
    await repo.setRoleActive(tx, id, active);
    const after = toRoleRow(await own(tx, caller, id));
    await recordWrite(ctx, tx, caller, {
      audit: { action: active ? 'ACTIVATE' : 'DEACTIVATE', entity: 'role', entityId: id, before: { active: before.active }, after: { active } },
    });
    return after;
  });
}

export async function exportRoles(ctx: AppContext, caller: Caller, q: ListQuery): Promise<Buffer> {
  const { rows } = await repo.listRoles(ctx.database.db, caller.facilityId, q, { all: true });
  const out = rows.map(toRoleRow).map((r) => ({ ...r, authorities: r.authorities.map((a) => AUTHORITY_LABELS[a as Authority] ?? a).join(', ') }));
  return exportWorkbook(ctx, caller, roleResource, out, { q, entity: 'role' });
}

/** The dropdown of the account form: active roles by code, id and name. */
export async function roleOptions(ctx: AppContext, caller: Caller, q: ListQuery) {
  const { rows, total } = await listRoles(ctx, caller, { ...q, sort: undefined, filters: { ...q.filters, active: true } });
  return { rows: rows.map((x) => ({ id: x.id, name: x.name })), total };
}

/** The roles behind their generic routes (no delete: a role is deactivated). */
export function roleHandler(ctx: AppContext): ResourceHandler<RoleRow, RoleBody> {
  return {
    list: (caller, q) => listRoles(ctx, caller, q),
    options: (caller, q) => roleOptions(ctx, caller, q),
    export: (caller, q) => exportRoles(ctx, caller, q),
    get: (caller, id) => getRole(ctx, caller, id),
    create: (caller, body) => createRole(ctx, caller, body),
    update: (caller, id, body) => updateRole(ctx, caller, id, body),
    setActive: (caller, id, active) => setRoleActive(ctx, caller, id, active),
  };
}

/** Spec §7 "permissions (page, size)": the authorities a role can hold, with their labels. */
export function permissionsPage(page: number, size: number) {
  const all = AUTHORITIES.map((code) => ({ code, name: AUTHORITY_LABELS[code] }));
  return { data: all.slice(page * size, page * size + size), total: all.length };
}
