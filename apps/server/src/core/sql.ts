import { and, inArray, ne, sql, type SQL, type Table } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { periodInstants } from '@portal/shared/rules/period';
import type { Executor } from './db';

/** LIKE pattern for "contains", with LIKE's wildcards typed by the user taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Catalogue codes compare without case: "p301" names the room "P301" (docs/decisions.md, "Codes are
 * case-insensitive"; the database's unique keys are on lower(code)). Codes are ASCII, so lower-casing
 * here and in PostgreSQL agree, and the condition uses the (facility_id, lower(code)) index.
 */
export const codeKeyOf = (code: string): string => code.toLowerCase();
export const sameCode = (column: PgColumn, code: string): SQL => sql`lower(${column}) = ${codeKeyOf(code)}`;
export const codeIn = (column: PgColumn, codes: string[]): SQL => inArray(sql`lower(${column})`, codes.map(codeKeyOf));

/** Rows of a raw query on either driver. */
export async function rows<T>(ex: Executor, query: SQL): Promise<T[]> {
  const res = (await ex.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/**
 * A row of raw SQL typed from the schema: the SQL aliases each column to the schema's key
 * (`b.start_time AS "startTime"`) and the row is typed as that table's inferred row (`RawRow<typeof
 * bookings, 'id' | 'startTime'>`, or `Raw<Pick<…> & …>` across tables). Raw SQL skips Drizzle's column
 * mapping, so a timestamp arrives as a Date, or as PostgreSQL's text through Drizzle's `execute`: read it
 * with iso(). A date column is cast in the SQL (`b.date::text AS date`) so that it is the schema's string.
 */
export type Raw<T> = { [K in keyof T]: Date extends NonNullable<T[K]> ? T[K] | string : T[K] };
export type RawRow<T extends Table, K extends keyof T['$inferSelect']> = Raw<Pick<T['$inferSelect'], K>>;

/** ISO 8601 of a timestamp from either driver ('2026-03-15 03:00:00.12+00' from raw queries included). */
export const iso = (v: Date | string | null | undefined): string | null => {
  if (v == null) return null;
  if (v instanceof Date) return v.toISOString();
  const s = v.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
  return new Date(s).toISOString();
};

/**
 * The id of a row of `table` matching every condition, other than `exceptId` (the row being updated), or null:
 * the one "is this code / name / phone already taken?" query of the unique checks (generic table handler,
 * doctors, staff accounts); each check names its own conditions (facility, case rules).
 */
export async function takenBy(ex: Executor, table: PgTable & { id: PgColumn }, conds: SQL[], exceptId?: number): Promise<number | null> {
  const where = exceptId ? [...conds, ne(table.id, exceptId)] : conds;
  const [row] = await ex
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(...where))
    .limit(1);
  return row ? Number(row.id) : null;
}

/** A timestamptz `column` within the +07:00 days `from` … `to` (inclusive; either may be absent: no bound). */
export function dayPeriodConds(column: SQL, from?: string, to?: string): SQL[] {
  const out: SQL[] = [];
  if (from) out.push(sql`${column} >= ${periodInstants({ from, to: from }).start.toISOString()}::timestamptz`);
  if (to) out.push(sql`${column} < ${periodInstants({ from: to, to }).end.toISOString()}::timestamptz`);
  return out;
}
