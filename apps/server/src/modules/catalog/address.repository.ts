import { sql } from 'drizzle-orm';
import type { Executor } from '../../core/db';
import { rows, type Raw } from '../../core/sql';
import type { areas } from '../../db/schema';
import type { AreaNode, ConversionRow } from './address';

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
