import { sql } from 'drizzle-orm';
import type { Executor } from '../../core/db';
import { rows } from '../../core/sql';
import { queueOrder } from '../appointments/queue-order';

/**
 * What the waiting room reads (issue 22): a room's day queue for its console and its calling screens, in call
 * order (appointments/queue-order). Raw SQL typed by hand: one query per room or per screen.
 */

/** A patient of a room's day queue: waiting (CHECKED_IN) or called (CALLED). */
export interface QueueRecord {
  id: number;
  roomId: number;
  code: string;
  status: 'CHECKED_IN' | 'CALLED';
  number: number;
  priority: number;
  rank: number;
  position: number;
  calling: boolean;
  skips: number;
  fullName: string;
  symptom: string | null;
  source: string;
  checkedInAt: Date | string | null;
  calledAt: Date | string | null;
  announcedAt: Date | string | null;
}

const QUEUE_COLUMNS = sql.raw(`b.id, b.room_id AS "roomId", b.code, b.status, b.queue_number AS number, b.priority,
  coalesce(b.queue_rank, b.priority)::int AS rank, coalesce(b.queue_position, b.queue_number)::float8 AS position, b.calling,
  b.skip_count AS skips, p.full_name AS "fullName", b.symptom, b.source, b.checked_in_at AS "checkedInAt", b.called_at AS "calledAt",
  b.announced_at AS "announcedAt"`);

/** A room's day queue: every patient waiting or called, in call order (the console shows it whole). */
export function findRoomDayQueue(ex: Executor, facilityId: number, roomId: number, date: string): Promise<QueueRecord[]> {
  return rows<QueueRecord>(
    ex,
    sql`SELECT ${QUEUE_COLUMNS} FROM bookings b JOIN medical_profiles p ON p.id = b.medical_profile_id
        WHERE b.facility_id = ${facilityId} AND b.room_id = ${roomId} AND b.date = ${date} AND b.status IN ('CHECKED_IN', 'CALLED') AND b.queue_number IS NOT NULL
        ORDER BY ${queueOrder()}`,
  );
}

/** Visits of a room's day marked done. */
export async function countRoomDayDone(ex: Executor, facilityId: number, roomId: number, date: string): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`SELECT count(*)::int AS n FROM bookings WHERE facility_id = ${facilityId} AND room_id = ${roomId} AND date = ${date} AND status = 'DONE'`,
  );
  return r?.n ?? 0;
}

/**
 * What calling screens show of some rooms' day: each room's call of the moment and its first `shown` waiting
 * patients in call order, with how many wait. One query for all the rooms (a window per room).
 */
export function findDisplayQueues(
  ex: Executor,
  facilityId: number,
  roomIds: readonly number[],
  date: string,
  shown: number,
): Promise<(QueueRecord & { waitingCount: number })[]> {
  if (!roomIds.length) return Promise.resolve([]);
  return rows<QueueRecord & { waitingCount: number }>(
    ex,
    sql`SELECT * FROM (
          SELECT ${QUEUE_COLUMNS},
            row_number() OVER (PARTITION BY b.room_id, b.calling ORDER BY ${queueOrder()}) AS rn,
            (count(*) FILTER (WHERE NOT b.calling) OVER (PARTITION BY b.room_id))::int AS "waitingCount"
          FROM bookings b JOIN medical_profiles p ON p.id = b.medical_profile_id
          WHERE b.facility_id = ${facilityId} AND b.date = ${date} AND b.room_id = ANY(${sql.param(roomIds)}::int[])
            AND (b.status = 'CHECKED_IN' OR b.calling) AND b.queue_number IS NOT NULL
        ) q WHERE q.calling OR q.rn <= ${shown}
        ORDER BY q."roomId", q.calling DESC, q.rank DESC, q.position, q.id`,
  );
}

export interface RoomRecord {
  id: number;
  code: string;
  name: string;
}

/** Rooms of the facility among `ids`, in the order of `ids` (a screen's order). */
export async function findRooms(ex: Executor, facilityId: number, ids: readonly number[]): Promise<RoomRecord[]> {
  if (!ids.length) return [];
  const found = await rows<RoomRecord>(ex, sql`SELECT id, code, name FROM rooms WHERE facility_id = ${facilityId} AND id = ANY(${sql.param(ids)}::int[])`);
  const byId = new Map(found.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The rooms an account is assigned to (account rooms), by code. */
export function findAssignedRooms(ex: Executor, facilityId: number, accountId: number): Promise<RoomRecord[]> {
  return rows<RoomRecord>(
    ex,
    sql`SELECT r.id, r.code, r.name FROM account_rooms ar JOIN rooms r ON r.id = ar.room_id AND r.facility_id = ${facilityId}
        WHERE ar.account_id = ${accountId} ORDER BY r.code`,
  );
}
