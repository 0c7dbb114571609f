import {
  PRICE_PAGE_DEFAULTS,
  SETTINGS_LIVE_TOPIC,
  SETTINGS_MESSAGES as M,
  type FacilityProfile,
  type FacilityProfileBody,
  type GeneralConfigRow,
  type facilityProfileBody,
} from '@portal/shared/contracts/settings.contract';
import { SETTING_KEYS, parseSettingValue, settingDef, settingDefault, type SettingKeyDef, type SettingValue } from '@portal/shared/rules/settings-keys';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Tx } from '../../core/db';
import { badRequest, notFound } from '../../core/errors';
import { iso } from '../../core/sql';
import { recordWrite } from '../../core/write';
import { facilitySettings, forgetFacilitySettings, type FacilitySettings } from './settings.accessor';
import {
  deleteSetting,
  facilityIdByCode,
  facilityProfileRow,
  settingRow,
  settingRows,
  updateFacilityProfile,
  upsertSetting,
  type FacilityProfileRow,
  type SettingRow,
} from './settings.repository';

function defOf(key: string): SettingKeyDef {
  const def = settingDef(key);
  if (!def) throw notFound(M.keyNotFound);
  return def;
}

/** A key's default as the facility sees it: the hotline's is its profile's hotline. */
function defaultOf(ctx: AppContext, def: SettingKeyDef, profile: FacilityProfileRow | null | undefined): SettingValue {
  return def.key === 'HOTLINE' ? (profile?.hotline ?? null) : settingDefault(def, ctx.config);
}

function rowOf(ctx: AppContext, def: SettingKeyDef, row: SettingRow | undefined, profile: FacilityProfileRow | null | undefined): GeneralConfigRow {
  const dflt = defaultOf(ctx, def, profile);
  return {
    key: def.key,
    label: def.label,
    description: def.description,
    type: def.type,
    nullable: !!def.nullable,
    min: def.type === 'integer' ? def.min : null,
    max: def.type === 'integer' ? def.max : def.type === 'string' ? def.max : null,
    unit: def.type === 'integer' ? (def.unit ?? null) : null,
    options: def.type === 'enum' ? def.options.map((o) => ({ ...o })) : [],
    app: !!def.app,
    default: dflt,
    defaultNote: def.defaultNote ?? null,
    value: row ? (row.value ?? null) : null,
    isSet: !!row,
    effective: row ? (row.value ?? null) : dflt,
    updatedBy: row?.updatedBy ?? null,
    updatedAt: iso(row?.updatedAt),
  };
}

/** Every key the system knows, with the facility's value. */
export async function listConfig(ctx: AppContext, caller: Caller): Promise<GeneralConfigRow[]> {
  const [rows, profile] = await Promise.all([settingRows(ctx.database.db, caller.facilityId), facilityProfileRow(ctx.database.db, caller.facilityId)]);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return SETTING_KEYS.map((k) => rowOf(ctx, k as SettingKeyDef, byKey.get(k.key), profile));
}

/** The keys the facility has not set (running on their defaults). */
export async function notExists(ctx: AppContext, caller: Caller) {
  const all = await listConfig(ctx, caller);
  return all
    .filter((r) => !r.isSet)
    .map(({ key, label, description, type, default: d, defaultNote }) => ({ key, label, description, type, default: d, defaultNote }));
}

export async function getConfig(ctx: AppContext, caller: Caller, key: string): Promise<GeneralConfigRow> {
  const def = defOf(key);
  const [row, profile] = await Promise.all([settingRow(ctx.database.db, caller.facilityId, key), facilityProfileRow(ctx.database.db, caller.facilityId)]);
  return rowOf(ctx, def, row, profile);
}

async function settingsWrite(ctx: AppContext, caller: Caller, fn: (tx: Tx) => Promise<void>): Promise<void> {
  await ctx.database.transaction(fn);
  // at once here; the other instances on the write's NOTIFY (topic 'settings')
  forgetFacilitySettings(ctx, caller.facilityId);
}

/** Sets a key's value, checked against its type: 400 in Vietnamese and nothing saved when it does not fit. */
export async function setConfig(ctx: AppContext, caller: Caller, key: string, raw: unknown): Promise<GeneralConfigRow> {
  const def = defOf(key);
  const parsed = parseSettingValue(def, raw);
  if (!parsed.ok) throw badRequest(parsed.message, [{ field: 'value', message: parsed.message }]);
  await settingsWrite(ctx, caller, async (tx) => {
    const before = await settingRow(tx, caller.facilityId, key);
    await upsertSetting(tx, caller.facilityId, key, parsed.value, { id: caller.accountId, username: caller.username });
    await recordWrite(ctx, tx, caller, {
      audit: {
        action: 'SETTING_UPDATE',
        entity: 'general_config',
        entityId: key,
        before: before ? { value: before.value } : null,
        after: { value: parsed.value },
      },
      live: { facilityId: caller.facilityId, topic: SETTINGS_LIVE_TOPIC, type: 'config', id: key },
    });
  });
  return getConfig(ctx, caller, key);
}

/** Back to the default: the facility's value is removed (nothing to remove is not an error). */
export async function resetConfig(ctx: AppContext, caller: Caller, key: string): Promise<GeneralConfigRow> {
  defOf(key);
  await settingsWrite(ctx, caller, async (tx) => {
    const before = await settingRow(tx, caller.facilityId, key);
    if (!before) return;
    await deleteSetting(tx, caller.facilityId, key);
    await recordWrite(ctx, tx, caller, {
      audit: { action: 'SETTING_RESET', entity: 'general_config', entityId: key, before: { value: before.value }, after: null },
      live: { facilityId: caller.facilityId, topic: SETTINGS_LIVE_TOPIC, type: 'config', id: key },
    });
  });
  return getConfig(ctx, caller, key);
}

/** The effective value of one key (any signed-in staff of the facility). */
export async function constant(ctx: AppContext, caller: Caller, key: string) {
  defOf(key);
  const s = await facilitySettings(ctx, caller.facilityId);
  return { key, value: (s as unknown as Record<string, SettingValue>)[key] ?? null };
}

/** The patient app's constants of a facility by its code: the keys marked `app`, effective values. */
export async function publicConstants(ctx: AppContext, facilityCode: string): Promise<Record<string, SettingValue>> {
  const id = await facilityIdByCode(ctx.database.db, facilityCode);
  if (!id) throw notFound(M.facilityNotFound);
  const s = (await facilitySettings(ctx, id)) as unknown as Record<string, SettingValue>;
  return Object.fromEntries(SETTING_KEYS.filter((k) => 'app' in k && k.app).map((k) => [k.key, s[k.key] ?? null]));
}

// ---- facility profile (/admin/settings) ----

function profileOf(p: FacilityProfileRow, s: Pick<FacilitySettings, 'HOTLINE'>): FacilityProfile {
  return {
    id: p.id,
    code: p.code,
    name: p.name,
    shortName: p.shortName,
    avatar: p.avatar,
    address: p.address,
    hotline: s.HOTLINE,
    emergencyPhone: p.emergencyPhone,
    website: p.website,
    slogan: p.publicProfile.slogan ?? null,
    workingHours: p.workingHours ?? null,
    priceTitle: p.publicProfile.priceTitle ?? null,
    priceSubtitle: p.publicProfile.priceSubtitle ?? null,
    priceFooterNote: p.publicProfile.priceFooterNote ?? null,
    updatedBy: p.profileUpdatedBy,
    updatedAt: iso(p.profileUpdatedAt),
  };
}

export async function profile(ctx: AppContext, caller: Caller): Promise<FacilityProfile> {
  const p = await facilityProfileRow(ctx.database.db, caller.facilityId);
  if (!p) throw notFound(M.facilityNotFound);
  const hotline = await settingRow(ctx.database.db, caller.facilityId, 'HOTLINE');
  return profileOf(p, { HOTLINE: hotline ? ((hotline.value as string | null) ?? null) : p.hotline });
}

/** A text equal to the page's default is stored as "none", so a later change of the default reaches it. */
const ownText = (v: string | null, dflt: string) => (v && v !== dflt ? v : undefined);

/**
 * Saves the profile in one transaction with its audit row. The hotline is one value with the general
 * configuration's HOTLINE: a changed hotline is written to the profile and the key's own value is removed.
 */
export async function updateProfile(ctx: AppContext, caller: Caller, body: ReturnType<typeof facilityProfileBody.parse>): Promise<FacilityProfile> {
  await settingsWrite(ctx, caller, async (tx) => {
    const before = await facilityProfileRow(tx, caller.facilityId);
    if (!before) throw notFound(M.facilityNotFound);
    const hotlineRow = await settingRow(tx, caller.facilityId, 'HOTLINE');
    const effectiveHotline = hotlineRow ? ((hotlineRow.value as string | null) ?? null) : before.hotline;
    const hotlineChanged = body.hotline !== effectiveHotline;
    const publicProfile = {
      ...before.publicProfile,
      slogan: body.slogan ?? undefined,
      priceTitle: ownText(body.priceTitle, PRICE_PAGE_DEFAULTS.priceTitle),
      priceSubtitle: ownText(body.priceSubtitle, PRICE_PAGE_DEFAULTS.priceSubtitle),
      priceFooterNote: ownText(body.priceFooterNote, PRICE_PAGE_DEFAULTS.priceFooterNote),
    };
    for (const k of Object.keys(publicProfile) as (keyof typeof publicProfile)[]) if (publicProfile[k] === undefined) delete publicProfile[k];
    const next = {
      name: body.name,
      shortName: body.shortName,
      avatar: body.avatar,
      address: body.address,
      hotline: hotlineChanged ? body.hotline : before.hotline,
      emergencyPhone: body.emergencyPhone,
      website: body.website,
      publicProfile,
      workingHours: body.workingHours,
      profileUpdatedBy: caller.username,
    };
    await updateFacilityProfile(tx, caller.facilityId, next);
    if (hotlineChanged && hotlineRow) await deleteSetting(tx, caller.facilityId, 'HOTLINE');
    const { profileUpdatedAt: _a, profileUpdatedBy: _b, id: _c, code: _d, ...was } = before;
    const { profileUpdatedBy: _e, ...now } = next;
    await recordWrite(ctx, tx, caller, {
      audit: { action: 'FACILITY_PROFILE_UPDATE', entity: 'facility', entityId: caller.facilityId, before: { ...was, hotline: effectiveHotline }, after: now },
      live: { facilityId: caller.facilityId, topic: SETTINGS_LIVE_TOPIC, type: 'profile' },
    });
  });
  return profile(ctx, caller);
}

export type { FacilityProfileBody };
