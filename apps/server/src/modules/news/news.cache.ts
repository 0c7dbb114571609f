import { NEWS_LIVE_TOPIC } from '@portal/shared/contracts/news.contract';
import type { AppContext } from '../../core/context';
import { TtlCache } from '../../core/ttl-cache';

/** How long a public answer is reused when no news write drops it first. */
export const NEWS_PUBLIC_CACHE_MS = 60_000;

/**
 * The public news answers (the patient app and the website ask for the same few pages all day), as the JSON sent, one
 * TtlCache per facility. Every news write of a facility drops its entries: at once on the writing instance (`drop`
 * after the commit), and on every instance when the write's live event arrives (LISTEN/NOTIFY, after the commit) —
 * the scheduled publication included. An answer built while a drop happened is not kept (the TtlCache's generation).
 * A request that misses joins a build already under way for the same key instead of starting another.
 */
export interface NewsCache {
  answer(facilityId: number, key: string, build: () => Promise<string>): Promise<string>;
  /** The facility a public `hospitalId` (or none: the default) names, or null; kept for the time-to-live. */
  facility(hospitalId: number | undefined, find: () => Promise<number | null>): Promise<number | null>;
  drop(facilityId: number): void;
}

const caches = new WeakMap<AppContext, NewsCache>();

export function newsCache(ctx: AppContext, ttlMs = NEWS_PUBLIC_CACHE_MS): NewsCache {
  let c = caches.get(ctx);
  if (c) return c;
  const byFacility = new Map<number, { answers: TtlCache<string>; building: Map<string, Promise<string>> }>();
  const facilities = new TtlCache<number | null>(ttlMs, 1000);
  const entries = (facilityId: number) => {
    let f = byFacility.get(facilityId);
    if (!f) {
      f = { answers: new TtlCache(ttlMs, 500), building: new Map() };
      byFacility.set(facilityId, f);
    }
    return f;
  };
  c = {
    answer(facilityId, key, build) {
      const f = entries(facilityId);
      const hit = f.answers.get(key);
      if (hit !== undefined) return Promise.resolve(hit);
      const generation = f.answers.generation;
      const slot = `${generation}|${key}`;
      let p = f.building.get(slot);
      if (!p) {
        p = build()
          .then((json) => (f.answers.set(key, json, { generation }), json))
          .finally(() => f.building.delete(slot));
        f.building.set(slot, p);
      }
      return p;
    },
    async facility(hospitalId, find) {
      const key = String(hospitalId ?? 'default');
      const hit = facilities.get(key);
      if (hit !== undefined) return hit;
      const id = await find();
      if (id !== null) facilities.set(key, id);
      return id;
    },
    drop(facilityId) {
      byFacility.get(facilityId)?.answers.clear();
    },
  };
  ctx.live.subscribe((e) => e.topic === NEWS_LIVE_TOPIC && c!.drop(e.facilityId));
  caches.set(ctx, c);
  return c;
}
