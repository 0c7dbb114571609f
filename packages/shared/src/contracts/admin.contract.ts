import { z } from 'zod';
import { envelope, pageEnvelope } from '../core/api';
import { pagingParams } from '../core/list-query';

/** Rows and operations of the admin domain (accounts, roles, permissions, account rooms). */

export const roleRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  authorities: z.array(z.string()),
  /** Accounts holding the role (locked ones included). */
  holders: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RoleRow = z.infer<typeof roleRow>;

const roleRef = z.object({ id: z.number().int(), code: z.string(), name: z.string(), active: z.boolean() });
const roomRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const accountRow = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  roleIds: z.array(z.number().int()),
  roles: z.array(roleRef),
  roomIds: z.array(z.number().int()),
  rooms: z.array(roomRef),
  locked: z.boolean(),
  /** The generic list's state: an account is "active" while it is not locked. */
  active: z.boolean(),
  mustChangePassword: z.boolean(),
  /** ISO 8601 instant; the screen shows DD/MM/YYYY. */
  lastPasswordReset: z.string(),
  createdAt: z.string(),
});
export type AccountRow = z.infer<typeof accountRow>;

/** A created account carries its one-time password: the only time it is ever sent. */
export const createdAccountResponse = envelope(accountRow.extend({ oneTimePassword: z.string() }));
export const accountResponse = envelope(accountRow);
export const accountPage = pageEnvelope(accountRow);

export const resetPasswordResponse = envelope(z.object({ oneTimePassword: z.string(), sessionsEnded: z.number().int() }));
export const lockResponse = envelope(z.object({ locked: z.boolean(), sessionsEnded: z.number().int() }));

export const roleResponse = envelope(roleRow);
export const rolePage = pageEnvelope(roleRow);

export const roomOptionRow = z.object({ id: z.number().int(), code: z.string(), name: z.string(), active: z.boolean() });
export const roomOptionPage = pageEnvelope(roomOptionRow);
export const roomOptionResponse = envelope(roomOptionRow);

/** Spec §7 "permissions (page, size)": the authorities with their labels, paged. */
export const permissionsQuery = z.object({
  ...pagingParams(),
});
export const permissionRow = z.object({ code: z.string(), name: z.string() });
export const permissionPage = pageEnvelope(permissionRow);
