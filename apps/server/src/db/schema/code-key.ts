import { sql } from 'drizzle-orm';
import { check, type PgColumn, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A facility's catalogue code is unique per facility whatever its case ("P301" and "p301" are one
 * room), and is stored without surrounding spaces: both held by the database, so neither an import,
 * a race nor a future write path can get round them (docs/decisions.md, "Codes are case-insensitive").
 * The index keeps the name it had when it compared codes exactly.
 */
export function codeKey(table: string, t: { facilityId: PgColumn; code: PgColumn }) {
  return [
    uniqueIndex(`${table}_facility_code_uq`).on(t.facilityId, sql`lower(${t.code})`),
    check(`${table}_code_trimmed_ck`, sql`${t.code} = btrim(${t.code}) AND ${t.code} <> ''`),
  ];
}
