import type { Executor } from '../../core/db';
import type { HashCost } from '../../modules/auth/passwords';
import { createAccount, createRole } from './factories';

/**
 * The demo hospital's hospital information system: a role "Hệ thống HIS" holding FHIR_READ alone, and the system
 * account `his.fhir` (password `Hethong@123`, README) that signs in like staff and reads the FHIR façade
 * (docs/his-facade.md). Its password is set as changed today: a system has no one to answer the change dialog.
 */
export async function seedDemoHisFacade(tx: Executor, facilityId: number, cost: HashCost, now: Date): Promise<void> {
  const role = await createRole(tx, {
    facilityId,
    code: 'HE_THONG_HIS',
    name: 'Hệ thống HIS',
    description: 'Tài khoản hệ thống của bệnh viện: đọc dữ liệu đặt khám qua FHIR R4',
    authorities: ['FHIR_READ'],
  });
  await createAccount(
    tx,
    {
      facilityId,
      username: 'his.fhir',
      password: 'Hethong@123',
      name: 'Hệ thống HIS (FHIR)',
      email: 'his@benhvienanphuc.vn',
      roleIds: [role.id],
      lastPasswordReset: now,
      mustChangePassword: false,
    },
    cost,
  );
}
