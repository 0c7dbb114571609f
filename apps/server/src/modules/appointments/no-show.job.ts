import { sql } from 'drizzle-orm';
import { BOOKING_LIVE_TOPIC } from '@portal/shared/contracts/appointments.contract';
import { FHIR_STATUS } from '@portal/shared/rules/booking-status';
import { audit } from '../../core/audit';
import type { AppContext } from '../../core/context';
import { rows } from '../patients/patients.repository';
import { todayVn } from './appointments.queries';
import { dayListCache } from './day-list.cache';
import { defineJob, schedule } from '../../core/jobs';

const BATCH = 1000;

/**
 * Once a booking's day is over (+07:00), an ACCEPTED booking whose patient never came becomes
 * NO_SHOW (actor SYSTEM, a log row each, one audit row per facility and batch). Batches lock
 * with SKIP LOCKED, so several server instances may run this at once. Returns how many changed.
 */
export async function markNoShows(ctx: AppContext, now = new Date()): Promise<number> {
  const today = todayVn(now);
  let total = 0;
  for (;;) {
    const changed = await ctx.database.transaction(async (tx) => {
      const done = await rows<{ id: number; facility_id: number; date: string; room_id: number }>(
        tx,
        sql`WITH due AS (
              SELECT id FROM bookings WHERE status = 'ACCEPTED' AND date < ${today} ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
            ), changed AS (
              UPDATE bookings b SET status = 'NO_SHOW', fhir_status = ${FHIR_STATUS.NO_SHOW}, updated_at = now() FROM due WHERE b.id = due.id
              RETURNING b.id, b.facility_id, b.date::text AS date, b.room_id
            ), logged AS (
              INSERT INTO booking_logs (facility_id, booking_id, action, from_status, to_status, actor, detail)
              SELECT facility_id, id, 'noShow', 'ACCEPTED', 'NO_SHOW', 'SYSTEM', '{"previous":"ACCEPTED"}'::jsonb FROM changed
            )
            SELECT * FROM changed`,
      );
      const byFacility = new Map<number, number[]>();
      for (const b of done) byFacility.set(b.facility_id, [...(byFacility.get(b.facility_id) ?? []), b.id]);
      for (const [facilityId, ids] of byFacility) {
        await audit(tx, null, {
          action: 'BOOKING_NO_SHOW',
          entity: 'booking',
          facilityId,
          actorId: null,
          actorUsername: 'SYSTEM',
          after: { count: ids.length, ids },
        });
      }
      for (const facilityId of byFacility.keys()) dayListCache(ctx).drop(facilityId);
      for (const b of done) {
        await ctx.live.publish(tx, {
          facilityId: b.facility_id,
          topic: BOOKING_LIVE_TOPIC,
          type: 'noShow',
          id: b.id,
          data: { date: b.date, status: 'NO_SHOW', roomId: b.room_id },
        });
      }
      return done.length;
    });
    total += changed;
    if (changed < BATCH) return total;
  }
}

/** The recurring system job that runs markNoShows: every ten minutes, +07:00 (core/jobs). */
export const NO_SHOW_JOB = 'appointments.noShowSweep';
export const NO_SHOW_CRON = '*/10 * * * *';

/**
 * Defines the no-show sweep as a durable recurring job (core/jobs): one runner across the instances
 * runs each occurrence, a failure is retried with backoff. Idempotent: a second run finds nothing.
 */
export function defineNoShowJob(): void {
  defineJob(
    NO_SHOW_JOB,
    async (_job, ctx) => {
      await markNoShows(ctx);
    },
    { maxAttempts: 3, backoff: { baseMs: 30_000, maxMs: 5 * 60_000 } },
  );
  schedule(NO_SHOW_JOB, NO_SHOW_CRON);
}
