/**
 * Address validation and the mapping of a pre-reform address (province, district, ward before
 * 01/07/2025) to today's two-tier units, over the national areas held in memory. Pure: the index is
 * built from rows (the `areas` table and the official conversion), so the rules are unit-tested on the
 * shipped reference files without a database.
 *
 * Never a guess: a name that fits several units, or an old commune split among several new ones,
 * answers with every candidate and no result.
 */
import { normalizeText } from '@portal/shared/rules/diacritics';
import type { AddressCandidate, AddressValidateInput, AddressValidateResult, AreaRef } from '@portal/shared/contracts/address.contract';
import { ADDRESS_MESSAGES as M } from '@portal/shared/contracts/address.contract';

export interface AreaNode {
  id: number;
  level: string;
  code: string;
  name: string;
  kind: string | null;
  legacy: boolean;
  parentId: number | null;
  successorId: number | null;
  otherNames: string | null;
  active: boolean;
}

export interface ConversionRow {
  oldId: number;
  newId: number;
  partial: boolean;
}

export interface AddressIndex {
  byId: Map<number, AreaNode>;
  provinces: AreaNode[];
  districts: AreaNode[];
  wards: AreaNode[];
  /** children by parent id */
  children: Map<number, AreaNode[]>;
  /** old ward (or island district) id → its conversions */
  conversions: Map<number, ConversionRow[]>;
  /** 2025 province id → the old provinces whose districts went (partly) into it */
  oldProvincesOf: Map<number, Set<number>>;
  /** id → the core names of the unit (its name, then its other names), computed once */
  cores: Map<number, string[]>;
}

const TYPE_WORDS: Record<string, string[]> = {
  province: ['thanh pho', 'tp', 'tinh', 't'],
  district: ['thanh pho', 'tp', 'thi xa', 'tx', 'quan', 'q', 'huyen', 'h'],
  ward: ['thi tran', 'tt', 'phuong', 'p', 'xa', 'x', 'dac khu'],
};
/** Common short forms staff type for a province. */
const PROVINCE_ALIASES: Record<string, string> = {
  hcm: 'ho chi minh',
  tphcm: 'ho chi minh',
  'sai gon': 'ho chi minh',
  sg: 'ho chi minh',
  hn: 'ha noi',
  'thua thien hue': 'hue',
  brvt: 'ba ria vung tau',
};

/** The part of a name that says which unit it is: no diacritics, no type word ("Phường 01" → "1", "Q.1" → "1"). */
export function coreName(text: string, level: 'province' | 'district' | 'ward'): string {
  let s = normalizeText(text)
    .replace(/[.,;:_()'’`-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  s = s.replace(/^(q|p|h|tp|tx|tt)(\d+)$/, '$1 $2');
  for (const w of TYPE_WORDS[level]) {
    if (s.startsWith(`${w} `)) {
      s = s.slice(w.length + 1);
      break;
    }
  }
  s = s
    .split(' ')
    .map((t) => (/^\d+$/.test(t) ? String(Number(t)) : t))
    .join(' ');
  if (level === 'province') s = PROVINCE_ALIASES[s] ?? PROVINCE_ALIASES[s.replace(/ /g, '')] ?? s;
  return s;
}

export function buildAddressIndex(rows: AreaNode[], conversions: ConversionRow[]): AddressIndex {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const children = new Map<number, AreaNode[]>();
  for (const r of rows) if (r.parentId != null) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r]);
  const conv = new Map<number, ConversionRow[]>();
  for (const c of conversions) conv.set(c.oldId, [...(conv.get(c.oldId) ?? []), c]);
  const oldProvincesOf = new Map<number, Set<number>>();
  const districts = rows.filter((r) => r.level === 'district');
  const link = (newProvince: number | null | undefined, oldProvince: number | null) => {
    if (newProvince == null || oldProvince == null) return;
    const s = oldProvincesOf.get(newProvince) ?? new Set<number>();
    s.add(oldProvince);
    oldProvincesOf.set(newProvince, s);
  };
  for (const p of rows) if (p.level === 'province' && p.legacy) link(p.successorId, p.id);
  for (const d of districts) link(d.successorId, d.parentId);
  const cores = new Map<number, string[]>();
  for (const r of rows) {
    if (r.level !== 'province' && r.level !== 'district' && r.level !== 'ward') continue;
    const names = [r.name, ...(r.otherNames ? r.otherNames.split(',') : [])];
    cores.set(
      r.id,
      names.map((n) => coreName(n, r.level as 'province' | 'district' | 'ward')),
    );
  }
  return {
    cores,
    byId,
    provinces: rows.filter((r) => r.level === 'province'),
    districts,
    wards: rows.filter((r) => r.level === 'ward'),
    children,
    conversions: conv,
    oldProvincesOf,
  };
}

const ref = (a: AreaNode): AreaRef => ({ id: a.id, code: a.code, name: a.name, legacy: a.legacy, active: a.active });

/** A query read once: its digits, or its core name at each level. */
interface Query {
  digits: number | null;
  core: (level: 'province' | 'district' | 'ward') => string;
}
function query(text: string): Query {
  const q = text.trim();
  const memo = new Map<string, string>();
  return {
    digits: /^\d+$/.test(q) ? Number(q) : null,
    core: (level) => {
      const known = memo.get(level);
      if (known !== undefined) return known;
      const c = coreName(q, level);
      memo.set(level, c);
      return c;
    },
  };
}

function matches(index: AddressIndex, a: AreaNode, q: Query, level: 'province' | 'district' | 'ward'): boolean {
  if (q.digits !== null) return q.digits === Number(a.code);
  const c = q.core(level);
  return !!c && (index.cores.get(a.id) ?? []).includes(c);
}

/** Close names, for an unknown input: the query's core inside the unit's, or the other way round. */
function near(index: AddressIndex, a: AreaNode, q: Query, level: 'province' | 'district' | 'ward'): boolean {
  const c = q.core(level);
  if (c.length < 2) return false;
  const n = index.cores.get(a.id)?.[0] ?? '';
  return n.includes(c) || (c.length >= 4 && c.includes(n) && n.length >= 3);
}

function provinceOf(index: AddressIndex, ward: AreaNode): AreaNode | undefined {
  const parent = ward.parentId != null ? index.byId.get(ward.parentId) : undefined;
  if (!parent) return undefined;
  return parent.level === 'district' ? index.byId.get(parent.parentId ?? -1) : parent;
}

const MAX_CANDIDATES = 20;
const byPlace = (a: AddressCandidate, b: AddressCandidate) => a.province.code.localeCompare(b.province.code) || a.ward.code.localeCompare(b.ward.code);

/**
 * Says whether an address exists and what it is today. Inputs are codes or names, with or without
 * diacritics or type words; any of them may be an old or a new unit. A district means an old address.
 */
export function validateAddress(index: AddressIndex, input: AddressValidateInput): AddressValidateResult {
  const province = input.province?.trim() || null;
  const district = input.district?.trim() || null;
  const ward = input.ward?.trim() || null;
  const pq = province ? query(province) : null;
  const dq = district ? query(district) : null;
  const wq = ward ? query(ward) : null;
  const empty: AddressValidateResult = { status: 'unknown', message: '', province: null, ward: null, old: null, candidates: [] };

  // provinces: new and old ones alike (an old code is often the new one's)
  const provinces = province ? index.provinces.filter((p) => matches(index, p, pq!, 'province')) : null;
  if (provinces && provinces.length === 0) {
    return { ...empty, message: M.unknownProvince(province ?? ''), candidates: [] };
  }
  // the old provinces an input province stands for: itself if old, those merged into it if new
  const oldProvinceIds = provinces ? new Set(provinces.flatMap((p) => (p.legacy ? [p.id] : [...(index.oldProvincesOf.get(p.id) ?? [])]))) : null;
  const newProvinceIds = provinces ? new Set(provinces.map((p) => (p.legacy ? p.successorId : p.id)).filter((x): x is number => x != null)) : null;

  let districts: AreaNode[] | null = null;
  if (district) {
    districts = index.districts.filter((d) => (!oldProvinceIds || oldProvinceIds.has(d.parentId ?? -1)) && matches(index, d, dq!, 'district'));
    if (districts.length === 0) return { ...empty, message: M.unknownDistrict(district) };
  }

  if (!ward) {
    // a province alone (or with a district): say what it is today
    const targets = districts
      ? unique(districts.map((d) => d.successorId).filter((x): x is number => x != null))
      : unique((provinces ?? []).map((p) => (p.legacy ? p.successorId : p.id)).filter((x): x is number => x != null));
    if (targets.length === 1) {
      const isOld = districts !== null || (provinces ?? []).every((x) => x.legacy);
      return { ...empty, status: isOld ? 'mapped' : 'valid', message: M.provinceOnly, province: ref(index.byId.get(targets[0])!) };
    }
    return { ...empty, status: 'ambiguous', message: M.ambiguousProvince };
  }

  const inNewScope = (w: AreaNode) => !newProvinceIds || newProvinceIds.has(w.parentId ?? -1);
  const inOldScope = (w: AreaNode) => {
    const d = index.byId.get(w.parentId ?? -1);
    if (!d) return false;
    if (districts) return districts.some((x) => x.id === d.id);
    return !oldProvinceIds || oldProvinceIds.has(d.parentId ?? -1);
  };

  // Without a district the address is read as a 2025 one first; with one, as an old one.
  let found: AreaNode[] = [];
  if (!districts) found = index.wards.filter((w) => !w.legacy && inNewScope(w) && matches(index, w, wq!, 'ward'));
  if (found.length === 0) found = index.wards.filter((w) => w.legacy && inOldScope(w) && matches(index, w, wq!, 'ward'));
  // an island district that became one special zone converts as a whole (Côn Đảo, Lý Sơn …)
  const islandDistricts = districts?.filter((d) => index.conversions.has(d.id)) ?? [];

  if (found.length === 0 && islandDistricts.length === 0) {
    const near1 = index.wards.filter((w) => (w.legacy ? inOldScope(w) : !districts && inNewScope(w)) && near(index, w, wq!, 'ward')).slice(0, MAX_CANDIDATES);
    return {
      ...empty,
      message: M.unknownWard(ward),
      candidates: unique(
        near1.flatMap((w) => candidatesOf(index, w)),
        (c) => c.ward.id,
      ).sort(byPlace),
    };
  }

  const all = [...found.flatMap((w) => candidatesOf(index, w)), ...islandDistricts.flatMap((d) => candidatesOf(index, d))];
  const candidates = unique(all, (c) => c.ward.id)
    .sort(byPlace)
    .slice(0, MAX_CANDIDATES);
  const old = found.length === 1 && found[0].legacy ? oldAddress(index, found[0]) : null;
  if (candidates.length === 0) {
    // an old commune dissolved before 01/07/2025 without a row in the conversion table
    return { ...empty, message: M.noConversion(found[0]?.name ?? ward), old };
  }
  if (candidates.length === 1 && !candidates[0].partial) {
    const c = candidates[0];
    const isNew = found.length === 1 && !found[0].legacy;
    const ended = isNew && !found[0].active;
    return {
      ...empty,
      status: isNew && !ended ? 'valid' : 'mapped',
      message: ended ? M.ended(found[0].name) : isNew ? M.valid : M.mapped,
      province: c.province,
      ward: c.ward,
      old,
      candidates,
    };
  }
  const split = found.length === 1 && found[0].legacy && candidates.every((c) => c.partial);
  return { ...empty, status: 'ambiguous', message: split ? M.split(found[0].name, candidates.length) : M.ambiguous(candidates.length), old, candidates };
}

/** What an old or a new unit is today: itself if current, else its conversions. */
function candidatesOf(index: AddressIndex, unit: AreaNode): AddressCandidate[] {
  if (!unit.legacy && unit.active) {
    const p = provinceOf(index, unit);
    return p ? [{ province: ref(p), ward: ref(unit), from: null, partial: false }] : [];
  }
  if (!unit.legacy) {
    // a current unit ended by a sync of the official list: its successor, if it was merged
    const s = unit.successorId != null ? index.byId.get(unit.successorId) : undefined;
    const p = s && provinceOf(index, s);
    return s && p ? [{ province: ref(p), ward: ref(s), from: ref(unit), partial: false }] : [];
  }
  return (index.conversions.get(unit.id) ?? []).flatMap((c) => {
    const w = index.byId.get(c.newId);
    const p = w && provinceOf(index, w);
    return w && p ? [{ province: ref(p), ward: ref(w), from: ref(unit), partial: c.partial }] : [];
  });
}

function oldAddress(index: AddressIndex, ward: AreaNode): AddressValidateResult['old'] {
  const d = index.byId.get(ward.parentId ?? -1);
  const p = d && index.byId.get(d.parentId ?? -1);
  return d && p ? { province: ref(p), district: ref(d), ward: ref(ward) } : null;
}

function unique<T>(items: T[], key: (t: T) => unknown = (t) => t): T[] {
  const seen = new Set<unknown>();
  return items.filter((t) => {
    const k = key(t);
    return seen.has(k) ? false : (seen.add(k), true);
  });
}

/**
 * Splits a pasted address ("12 Lê Lợi, P. Phúc Xá, Q. Ba Đình, TP Hà Nội") into its parts, from the
 * right: province, then a district when the part reads as one (Quận, Huyện, Thị xã, Thành phố …
 * followed by a ward), then the ward; what is left is the street.
 */
export function splitAddressText(text: string): { street: string | null; ward: string | null; district: string | null; province: string | null } {
  const parts = text
    .split(/[,;\n]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const province = parts.pop() ?? null;
  const last = parts.at(-1);
  const districtLike = (s: string) => /^(quan|huyen|thi xa|thanh pho|tp|tx|q|h)\b/.test(normalizeText(s).replace(/[.]/g, ' ').trim());
  const district = last && parts.length >= 2 && districtLike(last) ? parts.pop()! : null;
  const ward = parts.pop() ?? null;
  return { street: parts.length ? parts.join(', ') : null, ward, district, province };
}
