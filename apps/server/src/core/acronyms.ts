import { and, eq } from 'drizzle-orm';
import { acronymMap, type AcronymMap } from '@portal/shared/rules/acronyms';
import { acronyms } from '../db/schema';
import type { AppContext } from './context';
import type { Executor } from './db';
import { TtlCache } from './ttl-cache';

/**
 * A facility's active acronyms as the searches expand them (core/search.ts), read once a minute at
 * most: every write of the acronym catalogue drops the cache (modules/catalog/acronyms.admin.ts), so
 * this instance sees a change at once.
 */
const ACRONYM_CACHE_MS = 60_000;
const caches = new WeakMap<AppContext, TtlCache<AcronymMap>>();

export function acronymCache(ctx: AppContext): TtlCache<AcronymMap> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new TtlCache<AcronymMap>(ACRONYM_CACHE_MS, 1000);
    caches.set(ctx, cache);
  }
  return cache;
}

/** The active acronyms of the facility, as (key, expansion) rows. */
export function findActiveAcronyms(ex: Executor, facilityId: number): Promise<{ code: string; name: string }[]> {
  return ex
    .select({ code: acronyms.code, name: acronyms.name })
    .from(acronyms)
    .where(and(eq(acronyms.facilityId, facilityId), eq(acronyms.active, true)));
}

/** The facility's acronym map, from the cache or the database. */
export async function facilityAcronyms(ctx: AppContext, facilityId: number): Promise<AcronymMap> {
  const cache = acronymCache(ctx);
  const key = String(facilityId);
  const hit = cache.get(key);
  if (hit) return hit;
  const generation = cache.generation;
  const map = acronymMap((await findActiveAcronyms(ctx.database.db, facilityId)).map((r) => [r.code, r.name] as const));
  cache.set(key, map, { generation });
  return map;
}
