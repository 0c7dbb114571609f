import { hasAuthority, MSG } from '@portal/shared';
import type { Caller } from '../../core/caller';
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
export async function snapshot(tx: Executor, caller: Caller): Promise<{ facilityAdmins: number }> {
  return { facilityAdmins: await countFacilityAdmins(tx, caller.facilityId) };
}

export async function assertNoLockout(tx: Executor, caller: Caller, before: { facilityAdmins: number }): Promise<void> {
  if (before.facilityAdmins > 0 && (await countFacilityAdmins(tx, caller.facilityId)) === 0) throw conflict(MSG.lastFacilityAdmin);
  if (!hasAuthority(await liveAuthorities(tx, caller.accountId), 'MANAGER_ADMIN')) throw conflict(MSG.selfLockout);
}

/**
 * ADMIN_FACILITY passes every check, so only a holder may grant it: a caller with MANAGER_ADMIN
 * alone cannot create, change or assign a role carrying it, nor change an account that holds it.
 */
export function assertMayTouchFacilityAdmin(caller: Caller, touchesFacilityAdmin: boolean): void {
  if (touchesFacilityAdmin && !caller.authorities.includes('ADMIN_FACILITY')) throw forbidden(MSG.facilityAdminOnly);
}
