import type { AppContext } from '../../core/context';
import { TtlCache } from '../../core/ttl-cache';

/** The live topic of a write to the app's menu or banners: every instance drops the facility's public answers. */
export const APP_CONFIG_TOPIC = 'app-config';
/** How long a public answer is reused at most (a write drops it at once on every instance; a banner's start or end sooner). */
export const APP_CONFIG_CACHE_MS = 60_000;

/**
 * The public answers of the patient app's menu and banners, as the JSON sent, per facility (keyed by kind and
 * platform): every phone of a hospital asks the same two questions at each start. A write drops its facility's
 * entries at once on the writing instance, and on every instance when its live event arrives (LISTEN/NOTIFY, after
 * the commit); an answer read while a drop happened is not kept (the generation moved on). Facility codes are kept
 * beside them (a code never changes its facility).
 */
export interface AppConfigCache {
  /** The facility's generation: read it before reading the database, pass it back to `set`. */
  generation(facilityId: number): number;
  get(facilityId: number, key: string): string | undefined;
  /** Keeps `json` until `until` (ms) if sooner than the time-to-live; nothing if a drop happened since `generation`. */
  set(facilityId: number, generation: number, key: string, json: string, until?: number): void;
  drop(facilityId: number): void;
  facilityId(code: string): number | undefined;
  setFacilityId(code: string, id: number): void;
}

const caches = new WeakMap<AppContext, AppConfigCache>();

export function appConfigCache(ctx: AppContext, ttlMs = APP_CONFIG_CACHE_MS): AppConfigCache {
  let c = caches.get(ctx);
  if (c) return c;
  const byFacility = new Map<number, TtlCache<string>>();
  const codes = new TtlCache<number>(10 * ttlMs, 1000);
  const entries = (facilityId: number) => {
    let e = byFacility.get(facilityId);
    if (!e) {
      e = new TtlCache<string>(ttlMs, 50);
      byFacility.set(facilityId, e);
    }
    return e;
  };
  c = {
    generation: (facilityId) => entries(facilityId).generation,
    get: (facilityId, key) => byFacility.get(facilityId)?.get(key),
    set: (facilityId, generation, key, json, until) => entries(facilityId).set(key, json, { generation, until }),
    drop: (facilityId) => byFacility.get(facilityId)?.clear(),
    facilityId: (code) => codes.get(code),
    setFacilityId: (code, id) => codes.set(code, id),
  };
  ctx.live.subscribe((e) => e.topic === APP_CONFIG_TOPIC && c!.drop(e.facilityId));
  caches.set(ctx, c);
  return c;
}
