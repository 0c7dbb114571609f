import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DateBound, Moment } from './params';

/** Matches no row: a parameter named something that cannot exist here (an id of another type, an unknown system). */
export const NONE = sql`false`;

/** OR of the conditions (none: NONE). */
export function anyCond(conds: SQL[]): SQL {
  if (conds.length === 0) return NONE;
  return conds.length === 1 ? conds[0]! : sql`(${sql.join(conds, sql` OR `)})`;
}

const atOrAfter = (date: PgColumn, time: PgColumn | null, m: Moment, strict: boolean): SQL => {
  if (!time) return strict ? sql`${date} > ${m.day}` : sql`${date} >= ${m.day}`;
  // a whole-day lower bound is a condition on the day alone: it reads the (facility, date, start_time) indexes as a range
  if (!strict && m.time === '00:00') return sql`${date} >= ${m.day}`;
  return strict ? sql`(${date}, ${time}) > (${m.day}::date, ${m.time})` : sql`(${date}, ${time}) >= (${m.day}::date, ${m.time})`;
};

const atOrBefore = (date: PgColumn, time: PgColumn | null, m: Moment, strict: boolean): SQL => {
  if (!time) return strict ? sql`${date} < ${m.day}` : sql`${date} <= ${m.day}`;
  if (!strict && m.time === '23:59') return sql`${date} <= ${m.day}`;
  return strict ? sql`(${date}, ${time}) < (${m.day}::date, ${m.time})` : sql`(${date}, ${time}) <= (${m.day}::date, ${m.time})`;
};

/**
 * The conditions of date parameters on a moment stored as a calendar date and an 'HH:mm' wall-clock time in +07:00
 * (a booking's start, a slot's), or on a date alone (`time` null: a birth date). R4's prefixes over the range a
 * value names: eq = within it, ge = at or after its start, gt = after its end, le = at or before its end, lt =
 * before its start. `eq2026-05-04` on a booking is that +07:00 day.
 */
export function momentConds(date: PgColumn, time: PgColumn | null, bounds: DateBound[]): SQL[] {
  return bounds.flatMap((b) => {
    switch (b.prefix) {
      case 'eq':
        return b.from.day === b.to.day && (!time || (b.from.time === '00:00' && b.to.time === '23:59'))
          ? [sql`${date} = ${b.from.day}`]
          : [atOrAfter(date, time, b.from, false), atOrBefore(date, time, b.to, false)];
      case 'ge':
        return [atOrAfter(date, time, b.from, false)];
      case 'gt':
        return [atOrAfter(date, time, b.to, true)];
      case 'le':
        return [atOrBefore(date, time, b.to, false)];
      case 'lt':
        return [atOrBefore(date, time, b.from, true)];
    }
  });
}

/** The days the bounds leave open, as [first, last] (either may be absent): to narrow a search by a dated parent. */
export function dayRange(bounds: DateBound[]): { first?: string; last?: string } {
  let first: string | undefined;
  let last: string | undefined;
  for (const b of bounds) {
    const lo = b.prefix === 'eq' || b.prefix === 'ge' ? b.from.day : b.prefix === 'gt' ? b.to.day : undefined;
    const hi = b.prefix === 'eq' || b.prefix === 'le' ? b.to.day : b.prefix === 'lt' ? b.from.day : undefined;
    if (lo && (!first || lo > first)) first = lo;
    if (hi && (!last || hi < last)) last = hi;
  }
  return { first, last };
}
