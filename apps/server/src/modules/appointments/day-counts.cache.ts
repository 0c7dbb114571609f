import type { StatusCounts } from '@portal/shared/contracts/appointments.contract';
import { BOOKING_LIVE_TOPIC } from '@portal/shared/contracts/appointments.contract';
import type { AppContext } from '../../core/context';
import { TtlCache } from '../../core/ttl-cache';

/**
 * The counts per status of a day list (the status tabs): every front-desk screen of a facility
 * asks for the same few, and counting a busy day reads ~10,000 index entries. They are reused for
 * BOOKING_COUNTS_CACHE_SECONDS and dropped for the whole facility by every booking write: at once on
 * this instance (publishBooking), and on every instance when the write's live event arrives
 * (LISTEN/NOTIFY, after the commit — so a count cached between the write and its commit is dropped too).
 */
export interface DayCounts {
  get(facilityId: number, key: string): StatusCounts | undefined;
  set(facilityId: number, key: string, counts: StatusCounts): void;
  drop(facilityId: number): void;
}

const caches = new WeakMap<AppContext, DayCounts>();

export function dayCounts(ctx: AppContext): DayCounts {
  let c = caches.get(ctx);
  if (c) return c;
  const ttlMs = ctx.config.BOOKING_COUNTS_CACHE_SECONDS * 1000;
  const byFacility = new Map<number, TtlCache<StatusCounts>>();
  c = {
    get: (facilityId, key) => byFacility.get(facilityId)?.get(key),
    set(facilityId, key, counts) {
      if (ttlMs <= 0) return;
      let f = byFacility.get(facilityId);
      if (!f) byFacility.set(facilityId, (f = new TtlCache<StatusCounts>(ttlMs, 500)));
      f.set(key, counts);
    },
    drop: (facilityId) => void byFacility.delete(facilityId),
  };
  if (ttlMs > 0) ctx.live.subscribe((e) => e.topic === BOOKING_LIVE_TOPIC && c!.drop(e.facilityId));
  caches.set(ctx, c);
  return c;
}
