import path from 'node:path';
import { serverRoot } from '../../core/paths';
import { loadJobs, loadNations, loadProvinces2025, loadWards2025, type Province2025, type Ward2025 } from '../../db/reference';

/**
 * Names of the official codes a medical profile stores (provinces and wards after the 2025
 * reform, ethnic groups, jobs), read once from the national reference files and kept in memory.
 * Profiles store codes, not catalogue row ids: codes are the same in every facility and survive
 * catalogue edits (docs/decisions.md). When the catalogue tables carry the same codes this module
 * can read them instead; its callers do not change.
 */
export interface ReferenceLookup {
  provinces: Province2025[];
  wards: Ward2025[];
  nations: { code: string; name: string }[];
  jobs: { code: string; name: string }[];
  province(code: string | null | undefined): Province2025 | undefined;
  ward(code: string | null | undefined): Ward2025 | undefined;
  nationName(code: string | null | undefined): string | null;
  jobName(code: string | null | undefined): string | null;
  /** "12 Lê Lợi, Phường Cửa Nam, Thành phố Hà Nội" (parts that are set). */
  address(street: string | null, wardCode: string | null, provinceCode: string | null): string;
}

let cached: ReferenceLookup | null = null;
/** The lookup's own maps, shared with overlayAreas. */
let provinceIndex = new Map<string, Province2025>();
let wardIndex = new Map<string, Ward2025>();

export const REFERENCE_FILES_DIR = path.join(serverRoot, 'src', 'db', 'reference');

export function referenceLookup(): ReferenceLookup {
  if (cached) return cached;
  const provinces = loadProvinces2025(REFERENCE_FILES_DIR);
  const wards = loadWards2025(REFERENCE_FILES_DIR);
  const nations = loadNations(REFERENCE_FILES_DIR).map((n) => ({ code: n.code, name: n.name }));
  // Level-2 groups are what a profile records; level 1 is kept for old data typed at that level.
  const jobs = loadJobs(REFERENCE_FILES_DIR).map((j) => ({ code: j.code, name: j.name }));
  const provinceBy = new Map(provinces.map((p) => [p.code, p]));
  const wardBy = new Map(wards.map((w) => [w.code, w]));
  provinceIndex = provinceBy;
  wardIndex = wardBy;
  const nationBy = new Map(nations.map((n) => [n.code, n.name]));
  const jobBy = new Map(jobs.map((j) => [j.code, j.name]));
  cached = {
    provinces,
    wards,
    nations,
    jobs,
    province: (code) => (code ? provinceBy.get(code) : undefined),
    ward: (code) => (code ? wardBy.get(code) : undefined),
    nationName: (code) => (code ? (nationBy.get(code) ?? null) : null),
    jobName: (code) => (code ? (jobBy.get(code) ?? null) : null),
    address(street, wardCode, provinceCode) {
      const parts = [street?.trim(), wardCode ? wardBy.get(wardCode)?.name : null, provinceCode ? provinceBy.get(provinceCode)?.fullName : null];
      return parts.filter(Boolean).join(', ');
    },
  };
  return cached;
}

/** A current province or ward of the `areas` table (what an administrator's sync may have added or renamed). */
export interface CurrentArea {
  level: string;
  code: string;
  name: string;
  kind: string | null;
  provinceCode: string | null;
}

const WARD_TYPES: readonly Ward2025['type'][] = ['Phường', 'Xã', 'Đặc khu'];

/**
 * Brings the lookup up to the `areas` table: units added by a sync of the official list are known, renamed ones
 * carry their new name (codes never change; ended units stay, so the profiles that use them keep their names).
 * Called whenever the catalogue's address data is (re)loaded (modules/catalog/address.service.ts).
 */
export function overlayAreas(units: CurrentArea[]): void {
  const ref = referenceLookup();
  for (const u of units) {
    if (u.level === 'province') {
      const i = ref.provinces.findIndex((p) => p.code === u.code);
      const type = u.kind === 'Thành phố' ? 'Thành phố' : 'Tỉnh';
      const short = u.name.startsWith(`${type} `) ? u.name.slice(type.length + 1) : u.name;
      const p = { code: u.code, name: short, fullName: u.name, type, mergedFrom: i >= 0 ? ref.provinces[i]!.mergedFrom : [] } as Province2025;
      if (i < 0) ref.provinces.push(p);
      else if (ref.provinces[i]!.fullName !== u.name) ref.provinces[i] = p;
      else continue;
      provinceIndex.set(u.code, p);
    } else if (u.level === 'ward' && u.provinceCode) {
      const i = ref.wards.findIndex((w) => w.code === u.code);
      const type = WARD_TYPES.find((t) => t === u.kind) ?? WARD_TYPES.find((t) => u.name.startsWith(`${t} `)) ?? 'Xã';
      const w: Ward2025 = {
        code: u.code,
        name: u.name,
        shortName: u.name.startsWith(`${type} `) ? u.name.slice(type.length + 1) : u.name,
        type,
        provinceCode: u.provinceCode,
      };
      if (i < 0) ref.wards.push(w);
      else if (ref.wards[i]!.name !== u.name || ref.wards[i]!.provinceCode !== u.provinceCode) ref.wards[i] = w;
      else continue;
      wardIndex.set(u.code, w);
    }
  }
}
