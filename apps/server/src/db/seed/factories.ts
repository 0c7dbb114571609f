import { and, eq } from 'drizzle-orm';
import { normalizeText } from '@portal/shared/rules/diacritics';
import type { Authority } from '@portal/shared';
import type { Executor } from '../../core/db';
import { md5 } from '../../core/tokens';
import { hashPassword, type HashCost } from '../../modules/auth/passwords';
import { copyReferenceCatalogs } from '../reference-catalogs';
import { accountRoles, accounts, facilities, roleAuthorities, roles, type FacilityPublicProfile } from '../schema';

export interface FacilityInput {
  code: string;
  name: string;
  shortName?: string;
  avatar?: string | null;
  address?: string;
  hotline?: string;
  emergencyPhone?: string;
  website?: string;
  publicProfile?: FacilityPublicProfile;
}

/** A facility, with its own copy of the national reference catalogues (jobs, ethnic groups). */
export async function createFacility(ex: Executor, input: FacilityInput) {
  const [row] = await ex.insert(facilities).values(input).returning();
  await copyReferenceCatalogs(ex, row!.id);
  return row!;
}

export interface RoleInput {
  facilityId: number;
  code: string;
  name: string;
  description?: string;
  authorities: readonly Authority[];
}

export async function createRole(ex: Executor, input: RoleInput) {
  const [role] = await ex
    .insert(roles)
    .values({
      facilityId: input.facilityId,
      code: input.code,
      name: input.name,
      description: input.description,
      searchText: normalizeText(`${input.code} ${input.name}`),
    })
    .returning();
  if (input.authorities.length) {
    await ex.insert(roleAuthorities).values(input.authorities.map((authority) => ({ roleId: role!.id, authority })));
  }
  return role!;
}

/** The facility's role holding exactly these authorities, made when missing (fixtures and seeds). */
export async function roleForAuthorities(ex: Executor, facilityId: number, authorities: readonly Authority[]) {
  const code = [...authorities].sort().join('+') || 'NONE';
  const found = await ex
    .select()
    .from(roles)
    .where(and(eq(roles.facilityId, facilityId), eq(roles.code, code)))
    .limit(1);
  if (found[0]) return found[0];
  return createRole(ex, { facilityId, code, name: `Nhóm quyền ${code}`, authorities });
}

export interface AccountInput {
  facilityId: number;
  username: string;
  /** Plain text; stored as argon2id(md5(password)) like a real sign-up. */
  password: string;
  name: string;
  email?: string | null;
  phone?: string | null;
  roleIds?: number[];
  authorities?: readonly Authority[];
  lastPasswordReset?: Date;
  mustChangePassword?: boolean;
  locked?: boolean;
}

export async function createAccount(ex: Executor, input: AccountInput, cost: HashCost) {
  const passwordHash = await hashPassword(md5(input.password), cost);
  const [account] = await ex
    .insert(accounts)
    .values({
      facilityId: input.facilityId,
      username: input.username.toLowerCase(),
      name: input.name,
      email: input.email ?? null,
      phone: input.phone ?? null,
      passwordHash,
      lastPasswordReset: input.lastPasswordReset ?? new Date(),
      mustChangePassword: input.mustChangePassword ?? false,
      locked: input.locked ?? false,
      searchText: normalizeText(`${input.username} ${input.name} ${input.email ?? ''} ${input.phone ?? ''}`),
    })
    .returning();
  const roleIds = [...(input.roleIds ?? [])];
  if (input.authorities) roleIds.push((await roleForAuthorities(ex, input.facilityId, input.authorities)).id);
  if (roleIds.length) await ex.insert(accountRoles).values(roleIds.map((roleId) => ({ accountId: account!.id, roleId })));
  return account!;
}
