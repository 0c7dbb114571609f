import { BOOKING_LIVE_TOPIC } from '@portal/shared/contracts/appointments.contract';
import { audit } from '../../core/audit';
import type { AppContext } from '../../core/context';
import { noShowDueThrough } from '@portal/shared/rules/booking-time';
import { markDueNoShows } from './booking-writes.repository';
import { dayListCache } from './day-list.cache';
import { defineJob, schedule } from '../../core/jobs';
import { facilitySettings } from '../settings/settings.accessor';
import { facilityIds } from '../settings/settings.repository';

const BATCH = 1000;

/**
 * At the no-show hour of a booking's day (the facility's NO_SHOW_AT setting, default config NO_SHOW_AT, +07:00; 24:00 = once the day is over), an
 * ACCEPTED booking whose patient never came becomes NO_SHOW (actor SYSTEM, a log row each, one audit row
 * per facility and batch); one the desk brought back from NO_SHOW stays. Batches lock with SKIP LOCKED,
 * so several server instances may run this at once. Returns how many changed.
 */
export async function markNoShows(ctx: AppContext, now = new Date()): Promise<number> {
  // each facility's own no-show hour (general configuration NO_SHOW_AT, default the env's): facilities grouped by
  // the last day that is due for them (today once their hour has come, else yesterday)
  const byThrough = new Map<string, number[]>();
  for (const facilityId of await facilityIds(ctx.database.db)) {
    const through = noShowDueThrough(now, (await facilitySettings(ctx, facilityId)).NO_SHOW_AT);
    byThrough.set(through, [...(byThrough.get(through) ?? []), facilityId]);
  }
  let total = 0;
  for (const [through, ids] of byThrough) total += await markNoShowsThrough(ctx, through, ids);
  return total;
}

async function markNoShowsThrough(ctx: AppContext, through: string, facilityIdList: number[]): Promise<number> {
  let total = 0;
  for (;;) {
    const changed = await ctx.database.transaction(async (tx) => {
      const done = await markDueNoShows(tx, through, BATCH, facilityIdList);
      const byFacility = new Map<number, number[]>();
      for (const b of done) byFacility.set(b.facilityId, [...(byFacility.get(b.facilityId) ?? []), b.id]);
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
          facilityId: b.facilityId,
          topic: BOOKING_LIVE_TOPIC,
          type: 'noShow',
          id: b.id,
          data: { date: b.date, status: 'NO_SHOW', roomId: b.roomId },
        });
      }
      return done.length;
    });
    total += changed;
    if (changed < BATCH) return total;
  }
}

/**
 * The recurring system job that runs markNoShows: every ten minutes (core/jobs, +07:00), so a day's
 * no-shows are marked within ten minutes of the no-show hour, and a server that was stopped catches up.
 */
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
