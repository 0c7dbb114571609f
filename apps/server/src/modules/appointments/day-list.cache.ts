import type { StatusCounts } from '@portal/shared/contracts/appointments.contract';
import { BOOKING_LIVE_TOPIC } from '@portal/shared/contracts/appointments.contract';
import type { AppContext } from '../../core/context';
import { TtlCache } from '../../core/ttl-cache';

/**
 * The front desk's day list, reused for BOOKING_LIST_CACHE_SECONDS: every desk of a facility asks
 * for the same few pages and status counts many times a minute, and building one costs ~3 ms of CPU
 * (docs/performance.md, bookings). Two parts per facility: the counts per status (shared by every
 * tab and page of a filter) and the answered pages (the JSON sent). Keyed by facility, so a page is
 * only ever served to callers of its own facility, after the route's access check.
 *
 * Every booking write drops its facility's entries: at once on the writing instance (publishBooking),
 * and on every instance when the write's live event arrives (LISTEN/NOTIFY, after the commit). A read
 * that was under way during a drop does not store its answer (the facility's generation moved on), so
 * an answer read before a commit is never kept after it. Edits outside bookings (a patient's name, a
 * doctor's title) show within the time-to-live.
 */
export interface DayListCache {
  /** The facility's generation: pass it back to set*, which store only if no drop happened since. */
  generation(facilityId: number): number;
  counts(facilityId: number, key: string): StatusCounts | undefined;
  setCounts(facilityId: number, generation: number, key: string, counts: StatusCounts): void;
  page(facilityId: number, key: string): string | undefined;
  setPage(facilityId: number, generation: number, key: string, json: string): void;
  /**
   * The page from the cache, else from `build` — once for all the requests that miss it together
   * (after a write drops the list, 50 desks asking at once make one build, not 50) — and kept unless a
   * drop happened meanwhile. A request that arrives after a drop never joins a build that started before it.
   */
  pageOnce(facilityId: number, key: string, build: (generation: number) => Promise<string>): Promise<string>;
  drop(facilityId: number): void;
}

interface FacilityEntries {
  generation: number;
  /** Builds under way, by generation and key. */
  building: Map<string, Promise<string>>;
  counts: TtlCache<StatusCounts>;
  pages: TtlCache<string>;
}

const caches = new WeakMap<AppContext, DayListCache>();

export function dayListCache(ctx: AppContext): DayListCache {
  let c = caches.get(ctx);
  if (c) return c;
  const ttlMs = ctx.config.BOOKING_LIST_CACHE_SECONDS * 1000;
  const byFacility = new Map<number, FacilityEntries>();
  const entries = (facilityId: number) => {
    let f = byFacility.get(facilityId);
    if (!f) {
      f = { generation: 0, building: new Map(), counts: new TtlCache(ttlMs, 500), pages: new TtlCache(ttlMs, 200) };
      byFacility.set(facilityId, f);
    }
    return f;
  };
  const current = (facilityId: number, generation: number) => {
    const f = ttlMs > 0 ? entries(facilityId) : undefined;
    return f && f.generation === generation ? f : undefined;
  };
  c = {
    generation: (facilityId) => byFacility.get(facilityId)?.generation ?? 0,
    counts: (facilityId, key) => byFacility.get(facilityId)?.counts.get(key),
    setCounts: (facilityId, generation, key, counts) => current(facilityId, generation)?.counts.set(key, counts),
    page: (facilityId, key) => byFacility.get(facilityId)?.pages.get(key),
    setPage: (facilityId, generation, key, json) => current(facilityId, generation)?.pages.set(key, json),
    pageOnce(facilityId, key, build) {
      const hit = c!.page(facilityId, key);
      if (hit !== undefined) return Promise.resolve(hit);
      if (ttlMs <= 0) return build(0);
      const f = entries(facilityId);
      const generation = f.generation;
      const slot = `${generation}|${key}`;
      let p = f.building.get(slot);
      if (!p) {
        p = build(generation)
          .then((json) => (c!.setPage(facilityId, generation, key, json), json))
          .finally(() => f.building.delete(slot));
        f.building.set(slot, p);
      }
      return p;
    },
    drop(facilityId) {
      if (ttlMs <= 0) return;
      const f = entries(facilityId);
      f.generation += 1;
      f.counts.clear();
      f.pages.clear();
    },
  };
  if (ttlMs > 0) ctx.live.subscribe((e) => e.topic === BOOKING_LIVE_TOPIC && c!.drop(e.facilityId));
  caches.set(ctx, c);
  return c;
}
