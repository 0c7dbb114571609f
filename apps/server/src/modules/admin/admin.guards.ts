import type { FastifyRequest } from 'fastify';
import { hasAuthority, MSG } from '@portal/shared';
import { caller } from '../../core/access';
import type { Executor } from '../../core/db';
import { conflict, forbidden } from '../../core/errors';
import { countFacilityAdmins, liveAuthorities } from './admin.repository';

/**
 * A facility administrator must not be able to lock the facility (or themselves) out:
 * take `snapshot` before a write, then `assertNoLockout` after it, inside the same transaction;
 * a refusal rolls the write back.
 *  - the facility keeps at least one unlocked account whose active roles grant ADMIN_FACILITY
 *    (unless it had none to begin with);
 *  - the caller keeps the authority that lets them manage accounts.
 */
export async function snapshot(tx: Executor, req: FastifyRequest): Promise<{ facilityAdmins: number }> {
  return { facilityAdmins: await countFacilityAdmins(tx, caller(req).facilityId) };
}

export async function assertNoLockout(tx: Executor, req: FastifyRequest, before: { facilityAdmins: number }): Promise<void> {
  const me = caller(req);
  if (before.facilityAdmins > 0 && (await countFacilityAdmins(tx, me.facilityId)) === 0) throw conflict(MSG.lastFacilityAdmin);
  if (!hasAuthority(await liveAuthorities(tx, me.accountId), 'MANAGER_ADMIN')) throw conflict(MSG.selfLockout);
}

/**
 * ADMIN_FACILITY passes every check, so only a holder may grant it: a caller with MANAGER_ADMIN
 * alone cannot create, change or assign a role carrying it, nor change an account that holds it.
 */
export function assertMayTouchFacilityAdmin(req: FastifyRequest, touchesFacilityAdmin: boolean): void {
  if (touchesFacilityAdmin && !caller(req).authorities.includes('ADMIN_FACILITY')) throw forbidden(MSG.facilityAdminOnly);
}
