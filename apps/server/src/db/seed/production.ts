import { audit } from '../../core/audit';
import type { Database } from '../../core/db';
import { oneTimePassword, type HashCost } from '../../modules/auth/passwords';
import { seedServiceTypes } from './catalog';
import { createAccount, createFacility, createRole } from './factories';

/**
 * First production start: one facility and one administrator whose one-time password is
 * returned (main.ts prints it once) and must be changed at first sign-in. No demo data.
 */
export async function seedProduction(database: Database, cost: HashCost, facilityName: string): Promise<{ username: string; password: string }> {
  const password = oneTimePassword();
  await database.transaction(async (tx) => {
    const facility = await createFacility(tx, { code: 'CSYT', name: facilityName });
    await seedServiceTypes(tx, facility.id);
    const role = await createRole(tx, { facilityId: facility.id, code: 'QUAN_TRI', name: 'Quản trị cơ sở', authorities: ['ADMIN_FACILITY'] });
    const account = await createAccount(
      tx,
      { facilityId: facility.id, username: 'admin', password, name: 'Quản trị viên', roleIds: [role.id], mustChangePassword: true },
      cost,
    );
    await audit(tx, null, { action: 'SEED_PRODUCTION', entity: 'account', entityId: account.id, facilityId: facility.id, actorUsername: 'system' });
  });
  return { username: 'admin', password };
}
