import { sql } from 'drizzle-orm';
import type { Executor } from '../../core/db';
import { rows, type Raw } from '../../core/sql';
import type { areas } from '../../db/schema';
import type { AreaNode, ConversionRow } from './address';
import type { CurrentUnit } from './area-sync';

type AreaRow = Raw<
  Pick<typeof areas.$inferSelect, 'id' | 'level' | 'code' | 'name' | 'kind' | 'legacy' | 'parentId' | 'successorId' | 'otherNames' | 'active'>
>;

/** Every area but the countries' (~14,000 rows), for the in-memory address index. */
export async function findAddressAreas(ex: Executor): Promise<AreaNode[]> {
  return rows<AreaRow>(
    ex,
    sql`SELECT id, level, code, name, kind, legacy, parent_id AS "parentId", successor_id AS "successorId", other_names AS "otherNames", active
        FROM areas ORDER BY level, legacy, code`,
  );
}

export async function findConversions(ex: Executor): Promise<ConversionRow[]> {
  return rows<ConversionRow>(ex, sql`SELECT old_area_id AS "oldId", new_area_id AS "newId", partial FROM area_conversions ORDER BY old_area_id, new_area_id`);
}

export async function findZoneMembers(ex: Executor): Promise<{ zoneId: number; provinceId: number }[]> {
  return rows(ex, sql`SELECT zone_id AS "zoneId", province_id AS "provinceId" FROM area_zone_members`);
}

/** A text[] of codes (Drizzle would expand a JS array into a row; codes are digits: no comma inside). */
const list = (codes: string[]) => sql`string_to_array(${codes.join(',')}, ',')`;

/** The current (not legacy) provinces and wards, active or not, with their province's code. */
export async function findCurrentUnits(ex: Executor): Promise<CurrentUnit[]> {
  return rows<CurrentUnit>(
    ex,
    sql`SELECT a.id, a.level, a.code, a.name, a.kind, p.code AS "provinceCode", a.active
        FROM areas a LEFT JOIN areas p ON p.id = a.parent_id AND p.level = 'province'
        WHERE NOT a.legacy AND a.level IN ('province', 'ward')`,
  );
}

/** How many profiles (all facilities) use each of these units: `ward:00004` / `province:01` → count. */
export async function countProfilesUsing(ex: Executor, wardCodes: string[], provinceCodes: string[]): Promise<Map<string, number>> {
  if (!wardCodes.length && !provinceCodes.length) return new Map();
  const found = await rows<{ k: string; n: number }>(
    ex,
    sql`SELECT 'ward:' || ward_code AS k, count(*)::int AS n FROM medical_profiles WHERE ward_code = ANY(${list(wardCodes)}) GROUP BY ward_code
        UNION ALL
        SELECT 'province:' || province_code, count(*)::int FROM medical_profiles WHERE province_code = ANY(${list(provinceCodes)}) GROUP BY province_code`,
  );
  return new Map(found.map((r) => [r.k, Number(r.n)]));
}

/** The facility's profiles that use one of these units (the preview lists them; at most `limit`). */
export async function findProfilesUsing(
  ex: Executor,
  facilityId: number,
  wardCodes: string[],
  provinceCodes: string[],
  limit: number,
): Promise<{ id: number; patientCode: string; fullName: string; unitCode: string }[]> {
  if (!wardCodes.length && !provinceCodes.length) return [];
  return rows(
    ex,
    sql`SELECT id, patient_code AS "patientCode", full_name AS "fullName",
          CASE WHEN ward_code = ANY(${list(wardCodes)}) THEN ward_code ELSE province_code END AS "unitCode"
        FROM medical_profiles
        WHERE facility_id = ${facilityId} AND (ward_code = ANY(${list(wardCodes)}) OR province_code = ANY(${list(provinceCodes)}))
        ORDER BY patient_code LIMIT ${limit}`,
  );
}

/** Adds or re-activates current units (parents first), by (level, code). */
export async function upsertCurrentUnits(
  ex: Executor,
  units: { level: string; code: string; name: string; kind: string | null; provinceCode: string | null; searchText: string }[],
): Promise<void> {
  if (!units.length) return;
  await ex.execute(sql`
    INSERT INTO areas (level, code, name, kind, legacy, parent_id, search_text, active)
    SELECT x.level, x.code, x.name, x.kind, false,
      CASE WHEN x.level = 'province' THEN (SELECT id FROM areas WHERE level = 'country' AND code = 'VN')
           ELSE (SELECT id FROM areas WHERE level = 'province' AND NOT legacy AND code = x."provinceCode") END,
      x."searchText", true
    FROM json_to_recordset(${JSON.stringify(units)}::json) AS x(level text, code text, name text, kind text, "provinceCode" text, "searchText" text)
    ON CONFLICT (level, legacy, code) DO UPDATE SET name = excluded.name, kind = excluded.kind, parent_id = excluded.parent_id,
      search_text = excluded.search_text, active = true, successor_id = NULL, updated_at = now()`);
}

/** Ends units that are no longer in the official list: inactive, pointing at their successor (never deleted). */
export async function endCurrentUnits(ex: Executor, ends: { id: number; successorCode: string | null }[]): Promise<void> {
  if (!ends.length) return;
  await ex.execute(sql`
    UPDATE areas a SET active = false, updated_at = now(),
      successor_id = (SELECT s.id FROM areas s WHERE s.level = 'ward' AND NOT s.legacy AND s.code = x."successorCode")
    FROM json_to_recordset(${JSON.stringify(ends)}::json) AS x(id int, "successorCode" text)
    WHERE a.id = x.id`);
}
