import { MSG } from '@portal/shared';
import type { AccountRow, UsernameCheck } from '@portal/shared/contracts/admin.contract';
import { proposeUsername, usernameProblem, usernameStem } from '@portal/shared/rules/username';
import type { ListQuery } from '@portal/shared/core/list-query';
import { accountResource, accountRoomResource } from '@portal/shared/resources';
import { formatDate } from '@portal/shared/rules/format';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { exportWorkbook } from '../../core/crud/excel';
import type { ResourceHandler } from '../../core/crud/resource-handler';
import type { Executor } from '../../core/db';
import { badRequest, conflict, notFound } from '../../core/errors';
import { recordWrite } from '../../core/write';
import { md5 } from '../../core/tokens';
import { clearAttempts, revokeAccountSessions } from '../auth/auth.repository';
import { hashCost } from '../../core/password-cost';
import { hashPassword, oneTimePassword } from '../auth/passwords';
import * as repo from './admin.repository';
import { assertMayTouchFacilityAdmin, assertNoLockout, snapshot } from './admin.guards';

type AccountRecord = NonNullable<Awaited<ReturnType<typeof repo.findAccount>>>;

export function toAccountRow(a: AccountRecord): AccountRow {
  const roles = a.roles ?? [];
  const rooms = a.rooms ?? [];
  return {
    id: a.id,
    username: a.username,
    name: a.name,
    email: a.email,
    phone: a.phone,
    roleIds: roles.map((r) => r.id),
    roles,
    roomIds: rooms.map((r) => r.id),
    rooms,
    locked: a.locked,
    active: !a.locked,
    mustChangePassword: a.mustChangePassword,
    lastPasswordReset: new Date(a.lastPasswordReset).toISOString(),
    createdAt: new Date(a.createdAt).toISOString(),
  };
}

export interface AccountBody {
  username: string;
  name: string;
  email?: string | null;
  phone?: string | null;
  roleIds: number[];
  roomIds?: number[] | null;
}

async function own(ex: Executor, caller: Caller, id: number): Promise<AccountRecord> {
  const a = await repo.findAccount(ex, caller.facilityId, id);
  if (!a) throw notFound('Không tìm thấy tài khoản');
  return a;
}

const values = (b: AccountBody): repo.AccountValues => ({
  username: b.username.toLowerCase(),
  name: b.name,
  email: b.email ? b.email.toLowerCase() : null,
  phone: b.phone || null,
});

/** Username, email and phone all sign in, across the platform: each must name one account. */
async function checkLoginClashes(ex: Executor, v: repo.AccountValues, exceptId?: number) {
  const checks: [field: 'username' | 'email' | 'phone', value: string | null, message: string][] = [
    ['username', v.username, `Tên đăng nhập "${v.username}" đã tồn tại`],
    ['email', v.email, `Email "${v.email ?? ''}" đã được dùng cho tài khoản khác`],
    ['phone', v.phone, `Số điện thoại "${v.phone ?? ''}" đã được dùng cho tài khoản khác`],
  ];
  for (const [field, value, message] of checks) {
    if (value && (await repo.findLoginClash(ex, field, value, exceptId))) throw conflict(message, [{ field, message }]);
  }
}

/**
 * Role and room ids of a body must be the facility's own; newly given ones must be active (an
 * account may keep a role or room that was deactivated after it was given).
 */
async function checkRefs(ex: Executor, caller: Caller, roleIds: number[], roomIds: number[], held?: AccountRecord) {
  const f = caller.facilityId;
  const roleRows = await repo.rolesByIds(ex, f, roleIds);
  const heldRoles = new Set((held?.roles ?? []).map((r) => r.id));
  for (const id of roleIds) {
    const role = roleRows.find((r) => r.id === id);
    if (!role) throw badRequest('Vai trò không tồn tại', [{ field: 'roleIds', message: 'Vai trò không tồn tại' }]);
    if (!role.active && !heldRoles.has(id)) {
      const message = `Vai trò "${role.name}" đã ngừng hoạt động`;
      throw badRequest(message, [{ field: 'roleIds', message }]);
    }
  }
  const roomRows = await repo.roomsByIds(ex, f, roomIds);
  const heldRooms = new Set((held?.rooms ?? []).map((r) => r.id));
  for (const id of roomIds) {
    const room = roomRows.find((r) => r.id === id);
    if (!room) throw badRequest('Phòng không tồn tại', [{ field: 'roomIds', message: 'Phòng không tồn tại' }]);
    if (!room.active && !heldRooms.has(id)) {
      const message = `Phòng "${room.name}" đã ngừng hoạt động`;
      throw badRequest(message, [{ field: 'roomIds', message }]);
    }
  }
  return { grantsFacilityAdmin: roleRows.some((r) => (r.authorities ?? []).includes('ADMIN_FACILITY')) };
}

const holdsFacilityAdmin = async (ex: Executor, a: AccountRecord) =>
  (
    await repo.rolesByIds(
      ex,
      a.facilityId,
      a.roles.map((r) => r.id),
    )
  ).some((r) => (r.authorities ?? []).includes('ADMIN_FACILITY'));

/** Without the password: the audit trail never holds one. */
const auditView = (row: AccountRow) => ({ ...row, roles: row.roles.map((r) => r.code), rooms: row.rooms.map((r) => r.code) });

/**
 * Whether a login name is free (across the platform, lower case as stored) and the first free name of
 * the full name's series ("annv", "annv2"…). A name that breaks the rule is a 400 with its reason.
 */
export async function checkUsername(ctx: AppContext, q: { username?: string; fullName?: string }): Promise<UsernameCheck> {
  const db = ctx.database.db;
  let username: string | null = null;
  let available: boolean | null = null;
  if (q.username !== undefined && q.username.trim() !== '') {
    const problem = usernameProblem(q.username);
    if (problem) throw badRequest(problem, [{ field: 'username', message: problem }]);
    username = q.username.trim().toLowerCase();
    available = (await repo.findLoginClash(db, 'username', username)) === null;
  }
  const stem = usernameStem(q.fullName ?? '');
  const proposal = stem === '' ? null : proposeUsername(q.fullName!, new Set(await repo.usernamesOfStem(db, stem)));
  return { username, available, proposal };
}

export async function listAccounts(ctx: AppContext, caller: Caller, q: ListQuery) {
  const { rows, total } = await repo.listAccounts(ctx.database.db, caller.facilityId, q);
  return { rows: rows.map(toAccountRow), total };
}

export async function getAccount(ctx: AppContext, caller: Caller, id: number): Promise<AccountRow> {
  return toAccountRow(await own(ctx.database.db, caller, id));
}

export async function createAccount(ctx: AppContext, caller: Caller, body: AccountBody): Promise<AccountRow & { oneTimePassword: string }> {
  const v = values(body);
  const roomIds = body.roomIds ?? [];
  const password = oneTimePassword();
  const passwordHash = await hashPassword(md5(password), hashCost(ctx));
  const row = await ctx.database.transaction(async (tx) => {
    await checkLoginClashes(tx, v);
    const refs = await checkRefs(tx, caller, body.roleIds, roomIds);
    assertMayTouchFacilityAdmin(caller, refs.grantsFacilityAdmin);
    const id = await repo.insertAccount(tx, caller.facilityId, v, passwordHash);
    await repo.setAccountRoles(tx, id, body.roleIds);
    await repo.setAccountRooms(tx, id, roomIds);
    const created = toAccountRow(await own(tx, caller, id));
    await recordWrite(ctx, tx, caller, {
      audit: { action: 'CREATE', entity: 'account', entityId: id, after: { ...auditView(created), oneTimePassword: 'issued' } },
    });
    return created;
  });
  return { ...row, oneTimePassword: password };
}

export async function updateAccount(ctx: AppContext, caller: Caller, id: number, body: AccountBody): Promise<AccountRow> {
  const v = values(body);
  return ctx.database.transaction(async (tx) => {
    const held = await own(tx, caller, id);
    const before = toAccountRow(held);
    await checkLoginClashes(tx, v, id);
    const roomIds = body.roomIds ?? [];
    const refs = await checkRefs(tx, caller, body.roleIds, roomIds, held);
    assertMayTouchFacilityAdmin(caller, refs.grantsFacilityAdmin || (await holdsFacilityAdmin(tx, held)));
    const guard = await snapshot(tx, caller);
    await repo.updateAccount(tx, id, v);
    await repo.setAccountRoles(tx, id, body.roleIds);
    await repo.setAccountRooms(tx, id, roomIds);
    await assertNoLockout(tx, caller, guard);
    const after = toAccountRow(await own(tx, caller, id));
    await recordWrite(ctx, tx, caller, { audit: { action: 'UPDATE', entity: 'account', entityId: id, before: auditView(before), after: auditView(after) } });
    return after;
  });
}

/** A new one-time password, shown once; the account must change it at its next sign-in, and its sessions end. */
export async function resetPassword(ctx: AppContext, caller: Caller, id: number) {
  if (id === caller.accountId) throw badRequest(MSG.cannotResetSelf);
  const password = oneTimePassword();
  const passwordHash = await hashPassword(md5(password), hashCost(ctx));
  const sessionsEnded = await ctx.database.transaction(async (tx) => {
    const held = await own(tx, caller, id);
    assertMayTouchFacilityAdmin(caller, await holdsFacilityAdmin(tx, held));
    await repo.setOneTimePassword(tx, id, passwordHash);
    const ended = await revokeAccountSessions(tx, id, 'PASSWORD_RESET');
    await recordWrite(ctx, tx, caller, {
      audit: { action: 'RESET_PASSWORD', entity: 'account', entityId: id, after: { mustChangePassword: true, sessionsEnded: ended } },
    });
    return ended;
  });
  return { oneTimePassword: password, sessionsEnded };
}

/** Locking ends every session of the account at once; unlocking also lifts a sign-in throttle on its username. */
export async function setLocked(ctx: AppContext, caller: Caller, id: number, locked: boolean) {
  if (locked && id === caller.accountId) throw badRequest(MSG.cannotLockSelf);
  return ctx.database.transaction(async (tx) => {
    const held = await own(tx, caller, id);
    assertMayTouchFacilityAdmin(caller, await holdsFacilityAdmin(tx, held));
    const guard = await snapshot(tx, caller);
    await repo.setLocked(tx, id, locked);
    await assertNoLockout(tx, caller, guard);
    let sessionsEnded = 0;
    if (locked) sessionsEnded = await revokeAccountSessions(tx, id, 'LOCKED');
    else await clearAttempts(tx, `a:${id}`);
    await recordWrite(ctx, tx, caller, {
      audit: { action: locked ? 'LOCK' : 'UNLOCK', entity: 'account', entityId: id, before: { locked: held.locked }, after: { locked, sessionsEnded } },
    });
    return { locked, sessionsEnded };
  });
}

/** The rooms of an account (room-list screen). */
export async function setRooms(ctx: AppContext, caller: Caller, id: number, roomIds: number[]): Promise<AccountRow> {
  return ctx.database.transaction(async (tx) => {
    const held = await own(tx, caller, id);
    await checkRefs(tx, caller, [], roomIds, held);
    await repo.setAccountRooms(tx, id, roomIds);
    const after = toAccountRow(await own(tx, caller, id));
    await recordWrite(ctx, tx, caller, {
      audit: {
        action: 'UPDATE_ROOMS',
        entity: 'account',
        entityId: id,
        before: { rooms: held.rooms.map((r) => r.code) },
        after: { rooms: after.rooms.map((r) => r.code) },
      },
    });
    return after;
  });
}

/** The list as an .xlsx: roles and rooms by name, dates DD/MM/YYYY. */
export async function exportAccounts(ctx: AppContext, caller: Caller, q: ListQuery, kind: 'accounts' | 'account-rooms'): Promise<Buffer> {
  const { rows } = await repo.listAccounts(ctx.database.db, caller.facilityId, q, { all: true });
  const out = rows.map(toAccountRow).map((a) => ({
    ...a,
    roleIds: a.roles.map((r) => r.name).join(', '),
    roomIds: a.rooms.map((r) => `${r.code} – ${r.name}`).join(', '),
    lastPasswordReset: formatDate(a.lastPasswordReset),
  }));
  return kind === 'accounts'
    ? exportWorkbook(ctx, caller, accountResource, out, { q, entity: 'account', state: false })
    : exportWorkbook(ctx, caller, accountRoomResource, out, { q, state: false });
}

/** The accounts behind their generic routes; lock, unlock and reset-password are their own routes. */
export function accountHandler(ctx: AppContext): ResourceHandler<AccountRow, AccountBody> {
  return {
    list: (caller, q) => listAccounts(ctx, caller, q),
    export: (caller, q) => exportAccounts(ctx, caller, q, 'accounts'),
    get: (caller, id) => getAccount(ctx, caller, id),
    create: (caller, body) => createAccount(ctx, caller, body),
    update: (caller, id, body) => updateAccount(ctx, caller, id, body),
  };
}

/** The same accounts as the room screen shows them: its form sets only their rooms. */
export function accountRoomHandler(ctx: AppContext): ResourceHandler<AccountRow, { roomIds?: number[] | null }> {
  return {
    list: (caller, q) => listAccounts(ctx, caller, q),
    export: (caller, q) => exportAccounts(ctx, caller, q, 'account-rooms'),
    get: (caller, id) => getAccount(ctx, caller, id),
    update: (caller, id, body) => setRooms(ctx, caller, id, body.roomIds ?? []),
  };
}

/** The facility's rooms as the account screens pick them (MANAGER_ADMIN without MANAGER_CATALOG). */
export function roomOptionHandler(ctx: AppContext): ResourceHandler<repo.RoomOption> {
  return {
    list: (caller, q) => repo.listRoomOptions(ctx.database.db, caller.facilityId, q),
    async options(caller, q) {
      const { rows, total } = await repo.listRoomOptions(ctx.database.db, caller.facilityId, {
        ...q,
        sort: undefined,
        filters: { ...q.filters, active: true },
      });
      return { rows: rows.map((x) => ({ id: x.id, name: x.name })), total };
    },
    async get(caller, id) {
      const room = await repo.findRoomOption(ctx.database.db, caller.facilityId, id);
      if (!room) throw notFound('Không tìm thấy phòng');
      return room;
    },
  };
}
