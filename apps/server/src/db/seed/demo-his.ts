import { HIS_CODE_SYSTEMS } from '@portal/shared/rules/fhir-systems';
import type { Executor } from '../../core/db';
import { hisConnections } from '../schema';

/**
 * The demo hospital is connected to the simulator the server itself serves (docs/his.md "The HIS simulator"): a new
 * user tests the connection, runs a sync and pulls a record with no HIS of their own. Check-ins go to it too; the
 * daily sync and the nightly pull stay off until someone turns them on.
 */
export async function seedDemoHis(ex: Executor, facilityId: number, baseUrl: string, hospitalId: string): Promise<void> {
  await ex.insert(hisConnections).values({
    facilityId,
    enabled: true,
    baseUrl,
    authType: 'NONE',
    hisOrganizationId: hospitalId,
    patientCodeSystem: HIS_CODE_SYSTEMS.patientCode,
    timeoutSeconds: 15,
    pageSize: 200,
    maxPages: 200,
    syncHour: null,
    nightlyPull: false,
    sendCheckins: true,
  });
}
