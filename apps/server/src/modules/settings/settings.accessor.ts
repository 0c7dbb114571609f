import { SETTINGS_LIVE_TOPIC } from '@portal/shared/contracts/settings.contract';
import { defaultSettings, settingDef, type EffectiveSettings, type SettingValue } from '@portal/shared/rules/settings-keys';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db';
import { facilityProfileRow, settingRows, type FacilityProfileRow } from './settings.repository';

/** What the product reads of a facility's settings: every general-configuration key's effective value, and the profile. */
export interface FacilitySettings extends EffectiveSettings {
  profile: FacilityProfileRow | null;
}

/**
 * A safety net only: a change is dropped at once on the writing instance and, through NOTIFY, on every other
 * one; an entry older than this is read again anyway (a NOTIFY lost while the listening connection reconnected).
 */
const MAX_AGE_MS = 60_000;

interface Cache {
  entries: Map<number, { value: FacilitySettings; at: number }>;
  generations: Map<number, number>;
}
const caches = new WeakMap<AppContext, Cache>();

function cacheOf(ctx: AppContext): Cache {
  let c = caches.get(ctx);
  if (!c) {
    const made: Cache = { entries: new Map(), generations: new Map() };
    c = made;
    // (a job's or a test's bare context may have no hub: its cache lives as long as that context, or MAX_AGE_MS)
    ctx.live?.subscribe((e) => e.topic === SETTINGS_LIVE_TOPIC && drop(made, e.facilityId));
    caches.set(ctx, c);
  }
  return c;
}

function drop(c: Cache, facilityId: number): void {
  c.generations.set(facilityId, (c.generations.get(facilityId) ?? 0) + 1);
  c.entries.delete(facilityId);
}

/** Reads a facility's settings from the database (no cache): its rows over the defaults, the hotline over the profile's. */
export async function readFacilitySettings(ctx: Pick<AppContext, 'config'>, ex: Executor, facilityId: number): Promise<FacilitySettings> {
  const [rows, profile] = await Promise.all([settingRows(ex, facilityId), facilityProfileRow(ex, facilityId)]);
  const values: Record<string, SettingValue> = { ...defaultSettings(ctx.config) };
  values.HOTLINE = profile?.hotline ?? null;
  for (const r of rows) if (settingDef(r.key)) values[r.key] = r.value ?? null;
  return { ...(values as unknown as EffectiveSettings), profile: profile ?? null };
}

/**
 * THE accessor of a facility's settings (issue 18): the effective value of every general-configuration key (the
 * facility's own, else the default — NO_SHOW_AT and LATE_CHECKIN_MINUTES default to their environment values) and
 * the facility's profile, cached per facility in this process. A write drops the facility's entry at once on the
 * writing instance (`forgetFacilitySettings`, after its commit) and on every instance when the write's NOTIFY
 * (live topic 'settings') arrives, so a change shows on the next request everywhere without a restart. A read under
 * way during a drop does not keep its answer. Inside a transaction pass it as `ex` (on PGlite the outer
 * connection waits for the transaction: reading through it there would never return).
 */
export async function facilitySettings(ctx: AppContext, facilityId: number, ex?: Executor): Promise<FacilitySettings> {
  const c = cacheOf(ctx);
  const hit = c.entries.get(facilityId);
  const now = Date.now();
  if (hit && now - hit.at < MAX_AGE_MS) return hit.value;
  const generation = c.generations.get(facilityId) ?? 0;
  const value = await readFacilitySettings(ctx, ex ?? ctx.database.db, facilityId);
  if ((c.generations.get(facilityId) ?? 0) === generation) {
    if (c.entries.size >= 1000) c.entries.delete(c.entries.keys().next().value!);
    c.entries.set(facilityId, { value, at: now });
  }
  return value;
}

/** Drops the facility's cached settings on this instance (the writer calls it after its commit; others hear the NOTIFY). */
export function forgetFacilitySettings(ctx: AppContext, facilityId: number): void {
  drop(cacheOf(ctx), facilityId);
}
