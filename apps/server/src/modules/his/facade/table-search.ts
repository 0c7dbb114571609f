import { and, count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../core/db';

export interface Paging {
  count: number;
  offset: number;
}

export interface Found<Row> {
  rows: Row[];
  total: number;
}

/**
 * One search over one table: the number of matches, then only the page's rows (`page` joins what the resources
 * show). A page past the end, or `_count=0` (the total alone), reads no row.
 */
export async function searchTable<Row>(
  ex: Executor,
  table: PgTable,
  conds: SQL[],
  paging: Paging,
  page: (where: SQL | undefined, limit: number, offset: number) => Promise<Row[]>,
): Promise<Found<Row>> {
  const where = and(...conds);
  const [c] = await ex.select({ n: count() }).from(table).where(where);
  const total = Number(c?.n ?? 0);
  const rows = paging.count > 0 && total > paging.offset ? await page(where, paging.count, paging.offset) : [];
  return { rows, total };
}
