import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DashboardRoom } from '@portal/shared/contracts/dashboard.contract';
import { FAILED_SIGN_IN_ACTIONS, type FailedSignInAction } from '@portal/shared/contracts/dashboard.paths';
import type { Executor } from '../../core/db';
import { rows, type RawRow } from '../../core/sql';
import { auditLog, type rooms } from '../../db/schema';

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Each room's queue of a day: checked-in (waiting) and called bookings counted per room, with the queue
 * number of the room's call of the moment; the rooms with a queue, and the caller's own rooms even when
 * empty. `only` = the rooms a restricted caller may see (undefined: every room of the facility).
 */
export async function roomQueuesOfDay(
  ex: Executor,
  facilityId: number,
  date: string,
  mine: readonly number[],
  only: readonly number[] | undefined,
): Promise<Omit<DashboardRoom, 'mine'>[]> {
  const inScope = only ? sql`AND b.room_id IN (${idList(only)})` : sql``;
  const orMine = mine.length ? sql`OR r.id IN (${idList(mine)})` : sql``;
  const found = await rows<RawRow<typeof rooms, 'id' | 'code' | 'name'> & { waiting: number; called: number; callingNumber: number | null }>(
    ex,
    sql`WITH q AS (
          SELECT b.room_id,
                 count(*) FILTER (WHERE b.status = 'CHECKED_IN')::int AS waiting,
                 count(*) FILTER (WHERE b.status = 'CALLED')::int AS called,
                 max(b.queue_number) FILTER (WHERE b.status = 'CALLED' AND b.calling) AS calling_number
          FROM bookings b
          WHERE b.facility_id = ${facilityId} AND b.date = ${date} AND b.status IN ('CHECKED_IN', 'CALLED') ${inScope}
          GROUP BY b.room_id)
        SELECT r.id, r.code, r.name, coalesce(q.waiting, 0) AS waiting, coalesce(q.called, 0) AS called, q.calling_number AS "callingNumber"
        FROM rooms r LEFT JOIN q ON q.room_id = r.id
        WHERE r.facility_id = ${facilityId} AND (q.room_id IS NOT NULL ${orMine})
        ORDER BY r.code, r.id`,
  );
  return found.map((r) => ({
    ...r,
    waiting: Number(r.waiting),
    called: Number(r.called),
    callingNumber: r.callingNumber == null ? null : Number(r.callingNumber),
  }));
}

/** Failed sign-ins of the facility's accounts in [start, end), by action (every action present, 0 when none). */
export async function failedSignInsBetween(ex: Executor, facilityId: number, start: Date, end: Date): Promise<Record<FailedSignInAction, number>> {
  const found = await ex
    .select({ action: auditLog.action, n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.facilityId, facilityId),
        gte(auditLog.createdAt, start),
        lt(auditLog.createdAt, end),
        inArray(auditLog.action, [...FAILED_SIGN_IN_ACTIONS]),
      ),
    )
    .groupBy(auditLog.action);
  const out = Object.fromEntries(FAILED_SIGN_IN_ACTIONS.map((a) => [a, 0])) as Record<FailedSignInAction, number>;
  for (const r of found) out[r.action as FailedSignInAction] = Number(r.n);
  return out;
}
