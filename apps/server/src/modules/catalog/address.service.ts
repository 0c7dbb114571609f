import type { AddressValidateInput, AddressValidateResult, AreaItem, ZoneItem } from '@portal/shared/contracts/address.contract';
import { ADDRESS_MESSAGES } from '@portal/shared/contracts/address.contract';
import { normalizeText } from '@portal/shared/rules/diacritics';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Database } from '../../core/db';
import { notFound } from '../../core/errors';
import { buildAddressIndex, splitAddressText, validateAddress, type AddressIndex, type AreaNode } from './address';
import { overlayAreas } from '../patients/reference-lookup';
import { findAddressAreas, findConversions, findZoneMembers } from './address.repository';

interface Loaded {
  index: AddressIndex;
  countries: AreaNode[];
  zones: AreaNode[];
  zoneProvinces: Map<number, number[]>;
  at: number;
}

/** National data, the same for every facility: one copy per database, reloaded after a sync or every few minutes (other instances). */
const loaded = new WeakMap<Database, Promise<Loaded>>();
const STALE_MS = 5 * 60_000;

async function load(database: Database): Promise<Loaded> {
  const [areaRows, conversions, members] = await Promise.all([findAddressAreas(database.db), findConversions(database.db), findZoneMembers(database.db)]);
  // the patients' reference lookup learns the units a sync added or renamed (profiles store codes)
  const byId = new Map(areaRows.map((a) => [a.id, a]));
  overlayAreas(
    areaRows
      .filter((a) => !a.legacy && (a.level === 'province' || a.level === 'ward'))
      .map((a) => ({
        level: a.level,
        code: a.code,
        name: a.name,
        kind: a.kind,
        provinceCode: a.level === 'ward' ? (byId.get(a.parentId ?? -1)?.code ?? null) : null,
      })),
  );
  const zoneProvinces = new Map<number, number[]>();
  for (const m of members) zoneProvinces.set(m.zoneId, [...(zoneProvinces.get(m.zoneId) ?? []), m.provinceId]);
  return {
    index: buildAddressIndex(areaRows, conversions),
    countries: areaRows.filter((a) => a.level === 'country'),
    zones: areaRows.filter((a) => a.level === 'zone'),
    zoneProvinces,
    at: Date.now(),
  };
}

/** Reloads of stale data under way, per database (one at a time). */
const refreshing = new WeakMap<Database, Promise<Loaded>>();

/**
 * The address data of `database`: read once, then served from memory. Past STALE_MS it is read again in
 * the background while callers keep the data they had (a profile save or a dropdown never waits for the
 * ~200 ms rebuild, which only the first call after a start or a sync pays).
 */
export async function addressData(database: Database): Promise<Loaded> {
  const current = loaded.get(database);
  if (!current) {
    const first = load(database);
    loaded.set(database, first);
    first.catch(() => loaded.delete(database));
    return first;
  }
  const data = await current;
  if (Date.now() - data.at >= STALE_MS && !refreshing.has(database)) {
    const next = load(database);
    refreshing.set(database, next);
    next.then(
      () => {
        // a sync may have forgotten the data meanwhile: its own fresh read wins
        if (loaded.get(database) === current) loaded.set(database, next);
        refreshing.delete(database);
      },
      () => refreshing.delete(database),
    );
  }
  return data;
}

/** After a sync of the areas: the next call reads them again. */
export function forgetAddressData(database: Database): void {
  loaded.delete(database);
  refreshing.delete(database);
}

/** Validates an address and maps an old one to today's units (modules/catalog/address.ts). */
export async function validate(ctx: AppContext, _caller: Caller, input: AddressValidateInput): Promise<AddressValidateResult> {
  const { index } = await addressData(ctx.database);
  let parts = { province: input.province, district: input.district, ward: input.ward };
  let street: string | null = null;
  if (input.text && !input.province && !input.ward) {
    const split = splitAddressText(input.text);
    parts = { province: split.province ?? undefined, district: split.district ?? undefined, ward: split.ward ?? undefined };
    street = split.street;
  }
  return { ...validateAddress(index, parts), street };
}

function item(index: AddressIndex, a: AreaNode): AreaItem {
  return {
    id: a.id,
    code: a.code,
    name: a.name,
    kind: a.kind,
    legacy: a.legacy,
    active: a.active,
    parentCode: a.parentId != null ? (index.byId.get(a.parentId)?.code ?? null) : null,
    successorCode: a.successorId != null ? (index.byId.get(a.successorId)?.code ?? null) : null,
  };
}

const searched = (a: AreaNode, search: string | undefined) => {
  if (!search) return true;
  const q = normalizeText(search);
  return normalizeText(`${a.code} ${a.name} ${a.otherNames ?? ''}`).includes(q);
};
const byCode = (a: AreaNode, b: AreaNode) => a.code.localeCompare(b.code);

export async function listCountries(ctx: AppContext, q: { search?: string }): Promise<AreaItem[]> {
  const d = await addressData(ctx.database);
  return d.countries
    .filter((c) => searched(c, q.search))
    .sort(byCode)
    .map((c) => item(d.index, c));
}

export async function listZones(ctx: AppContext, q: { search?: string; kind?: string }): Promise<ZoneItem[]> {
  const d = await addressData(ctx.database);
  return d.zones
    .filter((z) => (!q.kind || z.kind === q.kind) && searched(z, q.search))
    .sort(byCode)
    .map((z) => ({
      ...item(d.index, z),
      provinceCodes: (d.zoneProvinces.get(z.id) ?? []).map((id) => d.index.byId.get(id)!.code).sort(),
    }));
}

/** The province codes of a zone (a region or a socio-economic region); 404 when there is none such. */
export async function zoneProvinceCodes(database: Database, zone: string): Promise<string[]> {
  const d = await addressData(database);
  const z = d.zones.find((x) => x.code.toLowerCase() === zone.toLowerCase());
  if (!z) throw notFound(ADDRESS_MESSAGES.zoneNotFound);
  return (d.zoneProvinces.get(z.id) ?? []).map((id) => d.index.byId.get(id)!.code);
}

export async function listProvinces(ctx: AppContext, q: { search?: string; legacy?: 'true' | 'false'; zone?: string }): Promise<AreaItem[]> {
  const d = await addressData(ctx.database);
  const legacy = q.legacy === 'true';
  const inZone = q.zone ? new Set(await zoneProvinceCodes(ctx.database, q.zone)) : null;
  return d.index.provinces
    .filter((p) => p.legacy === legacy && (!inZone || inZone.has(p.code)) && searched(p, q.search))
    .sort(byCode)
    .map((p) => item(d.index, p));
}

export async function listDistricts(ctx: AppContext, q: { search?: string; province?: string }): Promise<AreaItem[]> {
  const d = await addressData(ctx.database);
  return d.index.districts
    .filter((x) => (!q.province || d.index.byId.get(x.parentId ?? -1)?.code === q.province.padStart(2, '0')) && searched(x, q.search))
    .sort(byCode)
    .map((x) => item(d.index, x));
}
