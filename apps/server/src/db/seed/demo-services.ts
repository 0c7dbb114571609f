import { sql } from 'drizzle-orm';
import { HIGH_QUALITY_DEPARTMENT_ID } from '@portal/shared/constants';
import type { Executor } from '../../core/db';

/**
 * The demo price list is generated with HIS-style department ids (1000101…1000120, see
 * services-data.ts). Once the facility's demo departments exist, the price entries are pointed at
 * them, so the admin form names each entry's department; 1000102 (the high-quality clinic of
 * spec §3) stays as it is, so the high-quality prices do not change.
 */
export async function linkDemoPriceEntries(ex: Executor, facilityId: number): Promise<void> {
  await ex.execute(sql`
    WITH d AS (
      SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS k, count(*) OVER ()::int AS n
      FROM departments WHERE facility_id = ${facilityId}
    )
    UPDATE medical_services m SET price_entries = (
      SELECT jsonb_agg(
        CASE WHEN (e->>'khoaChiDinhId') IS NULL
               OR (e->>'khoaChiDinhId')::int = ${HIGH_QUALITY_DEPARTMENT_ID}
               OR (e->>'khoaChiDinhId')::int NOT BETWEEN 1000101 AND 1000120
             THEN e
             ELSE jsonb_set(e, '{khoaChiDinhId}', to_jsonb((SELECT d.id FROM d WHERE d.k = ((e->>'khoaChiDinhId')::int - 1000101) % d.n)))
        END ORDER BY o)
      FROM jsonb_array_elements(m.price_entries) WITH ORDINALITY AS x(e, o)
    )
    WHERE m.facility_id = ${facilityId} AND jsonb_array_length(m.price_entries) > 0 AND EXISTS (SELECT 1 FROM d)`);
}
