/**
 * Vietnam national reference data (administrative units, ethnic groups, occupations).
 *
 * The data lives in the JSON files next to this module; see SOURCES.md for where each file
 * came from. Every loader reads its file synchronously and returns fresh objects: there is no
 * module-level cache and no other side effect, so callers may mutate what they get.
 *
 * Files are resolved relative to `import.meta.dirname` (this directory). Code that is bundled
 * elsewhere (e.g. esbuild into dist/) must pass the directory holding the JSON files explicitly.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Directory holding the reference JSON files. */
export const REFERENCE_DIR: string = import.meta.dirname;

/** Effective date of the 2025 arrangement (Nghị quyết 202/2025/QH15; no more district level). */
export const ADMIN_2025_EFFECTIVE_DATE = '2025-07-01';

/**
 * Occupation code the MoH XML tables (QĐ 130/QĐ-BYT as amended by QĐ 4750/QĐ-BYT, field
 * MA_NGHE_NGHIEP) require when the patient has no occupation. Not an entry of jobs.json.
 */
export const NO_OCCUPATION_XML_CODE = '00000';

export type ProvinceType = 'Thành phố' | 'Tỉnh';

/** One of the 34 provinces / centrally-run cities from 01/07/2025. */
export interface Province2025 {
  /** 2-digit GSO code, e.g. "01" (Hà Nội), "79" (Thành phố Hồ Chí Minh). */
  code: string;
  /** Name without the unit type, e.g. "Hà Nội", "Hồ Chí Minh". */
  name: string;
  /** Official full name, e.g. "Thành phố Hà Nội", "Tỉnh Cao Bằng". */
  fullName: string;
  type: ProvinceType;
  /** Pre-2025 province codes whose territory (wholly or partly) is now in this province. */
  mergedFrom: string[];
}

export type Ward2025Type = 'Phường' | 'Xã' | 'Đặc khu';

/** A commune-level unit (phường / xã / đặc khu) from 01/07/2025. */
export interface Ward2025 {
  /** 5-digit GSO code, e.g. "00070". */
  code: string;
  /** Official full name including the unit type, e.g. "Phường Hoàn Kiếm". */
  name: string;
  /** Name without the unit type, e.g. "Hoàn Kiếm". */
  shortName: string;
  type: Ward2025Type;
  /** Code of the Province2025 it belongs to. */
  provinceCode: string;
}

/** One of the 63 provinces / centrally-run cities before 01/07/2025. */
export interface LegacyProvince {
  code: string;
  name: string;
  fullName: string;
  type: ProvinceType;
  /** 2025 province codes that took over its territory (first = main successor). */
  successorCodes: string[];
}

/** An ethnic group (dân tộc), codes per Quyết định 121-TCTK/PPCĐ. */
export interface Nation {
  /** 2-digit code, "01" = Kinh … "54" = Rơ-măm; "55" = Người nước ngoài (not one of the 54). */
  code: string;
  name: string;
  /** true for the 54 officially recognised ethnic groups; false for "Người nước ngoài". */
  official: boolean;
  /** Other spellings seen in public lists (for search / import matching). */
  aliases: string[];
}

/** An occupation group of the Vietnam occupation classification (QĐ 34/2020/QĐ-TTg), levels 1–2. */
export interface Job {
  /** "0".."9" for level 1, two digits for level 2 (e.g. "22" = Nhà chuyên môn về sức khỏe). */
  code: string;
  name: string;
  level: 1 | 2;
  /** Level-1 code of a level-2 group; null for level 1. */
  parentCode: string | null;
}

function readJson(dir: string, file: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as unknown;
}

function fail(file: string, i: number, why: string): never {
  throw new Error(`reference/${file}: entry ${i}: ${why}`);
}

function asArray(value: unknown, file: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`reference/${file}: expected a JSON array`);
  return value;
}

function str(value: unknown, file: string, i: number, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') fail(file, i, `${field} must be a non-empty string`);
  return value;
}

function strList(value: unknown, file: string, i: number, field: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail(file, i, `${field} must be an array`);
  return value.map((v) => str(v, file, i, field));
}

function provinceType(value: unknown, file: string, i: number): ProvinceType {
  if (value === 'Thành phố' || value === 'Tỉnh') return value;
  return fail(file, i, `unknown province type ${String(value)}`);
}

function record(value: unknown, file: string, i: number): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(file, i, 'expected an object');
  return value as Record<string, unknown>;
}

/** The 34 provinces / centrally-run cities in force from 01/07/2025, in official order. */
export function loadProvinces2025(dir: string = REFERENCE_DIR): Province2025[] {
  const file = 'provinces-2025.json';
  return asArray(readJson(dir, file), file).map((raw, i) => {
    const r = record(raw, file, i);
    return {
      code: str(r.code, file, i, 'code'),
      name: str(r.name, file, i, 'name'),
      fullName: str(r.fullName, file, i, 'fullName'),
      type: provinceType(r.type, file, i),
      mergedFrom: strList(r.mergedFrom, file, i, 'mergedFrom'),
    };
  });
}

const WARD_TYPES: readonly Ward2025Type[] = ['Phường', 'Xã', 'Đặc khu'];

/** The 3,321 commune-level units (phường, xã, đặc khu) in force from 01/07/2025, in official order. */
export function loadWards2025(dir: string = REFERENCE_DIR): Ward2025[] {
  const file = 'wards-2025.json';
  // compact rows: [code, fullName, type, provinceCode]
  return asArray(readJson(dir, file), file).map((raw, i) => {
    if (!Array.isArray(raw) || raw.length !== 4) fail(file, i, 'expected [code, name, type, provinceCode]');
    const [code, name, type, provinceCode] = raw as unknown[];
    const t = WARD_TYPES.find((w) => w === type) ?? fail(file, i, `unknown ward type ${String(type)}`);
    const fullName = str(name, file, i, 'name');
    if (!fullName.startsWith(`${t} `)) fail(file, i, `name does not start with its type ${t}`);
    return {
      code: str(code, file, i, 'code'),
      name: fullName,
      shortName: fullName.slice(t.length + 1),
      type: t,
      provinceCode: str(provinceCode, file, i, 'provinceCode'),
    };
  });
}

/** The 63 provinces / centrally-run cities in force before 01/07/2025 (GSO codes). */
export function loadProvincesLegacy(dir: string = REFERENCE_DIR): LegacyProvince[] {
  const file = 'provinces-legacy.json';
  return asArray(readJson(dir, file), file).map((raw, i) => {
    const r = record(raw, file, i);
    return {
      code: str(r.code, file, i, 'code'),
      name: str(r.name, file, i, 'name'),
      fullName: str(r.fullName, file, i, 'fullName'),
      type: provinceType(r.type, file, i),
      successorCodes: strList(r.successorCodes, file, i, 'successorCodes'),
    };
  });
}

/** The 54 ethnic groups of Vietnam plus "Người nước ngoài" (code 55, official: false). */
export function loadNations(dir: string = REFERENCE_DIR): Nation[] {
  const file = 'nations.json';
  return asArray(readJson(dir, file), file).map((raw, i) => {
    const r = record(raw, file, i);
    if (typeof r.official !== 'boolean') fail(file, i, 'official must be a boolean');
    return {
      code: str(r.code, file, i, 'code'),
      name: str(r.name, file, i, 'name'),
      official: r.official,
      aliases: strList(r.aliases, file, i, 'aliases'),
    };
  });
}

/** Occupation groups, levels 1 and 2 of the Vietnam occupation classification (QĐ 34/2020/QĐ-TTg). */
export function loadJobs(dir: string = REFERENCE_DIR): Job[] {
  const file = 'jobs.json';
  return asArray(readJson(dir, file), file).map((raw, i) => {
    const r = record(raw, file, i);
    if (r.level !== 1 && r.level !== 2) fail(file, i, 'level must be 1 or 2');
    return {
      code: str(r.code, file, i, 'code'),
      name: str(r.name, file, i, 'name'),
      level: r.level,
      parentCode: r.level === 1 ? null : str(r.parentCode, file, i, 'parentCode'),
    };
  });
}

/** A country or territory of ISO 3166-1 with its Vietnamese name. */
export interface Country {
  /** ISO 3166-1 alpha-2, e.g. "VN". */
  code: string;
  /** ISO 3166-1 alpha-3, e.g. "VNM". */
  alpha3: string;
  /** ISO 3166-1 numeric, 3 digits, e.g. "704". */
  numeric: string;
  /** Vietnamese short name, e.g. "Việt Nam", "Hàn Quốc". */
  name: string;
  /** English short name, e.g. "Vietnam", "South Korea". */
  nameEn: string;
}

/** The 249 countries and territories of ISO 3166-1, ordered by alpha-2 code. */
export function loadCountries(dir: string = REFERENCE_DIR): Country[] {
  const file = 'countries.json';
  return asArray(readJson(dir, file), file).map((raw, i) => {
    const r = record(raw, file, i);
    return {
      code: str(r.code, file, i, 'code'),
      alpha3: str(r.alpha3, file, i, 'alpha3'),
      numeric: str(r.numeric, file, i, 'numeric'),
      name: str(r.name, file, i, 'name'),
      nameEn: str(r.nameEn, file, i, 'nameEn'),
    };
  });
}

/** A district-level unit (quận, huyện, thị xã, thành phố thuộc tỉnh) before 01/07/2025. */
export interface LegacyDistrict {
  /** 3-digit GSO code, e.g. "001" (Quận Ba Đình). */
  code: string;
  /** Full name with its type, e.g. "Quận Ba Đình". */
  name: string;
  kind: string;
  /** Code of the LegacyProvince it belonged to. */
  provinceCode: string;
}

/** A commune-level unit (phường, xã, thị trấn) before 01/07/2025. */
export interface LegacyWard {
  /** 5-digit GSO code; a 2025 unit may reuse it for a different unit. */
  code: string;
  name: string;
  kind: string;
  /** Code of the LegacyDistrict it belonged to. */
  districtCode: string;
  /** The name the conversion table gives when it differs from the 04/01/2025 export. */
  otherName: string | null;
}

/** One row of the official conversion table: an old commune (or a whole old island district) into a 2025 commune. */
export interface WardConversion {
  /** 5-digit old commune code, or 3-digit old district code (island districts without communes). */
  oldCode: string;
  /** 5-digit code of the 2025 commune. */
  newCode: string;
  /** true when the old unit was split among several 2025 units ("Nhập một phần"). */
  partial: boolean;
}

function compactRows(dir: string, file: string, width: number[]): unknown[][] {
  return asArray(readJson(dir, file), file).map((raw, i) => {
    if (!Array.isArray(raw) || !width.includes(raw.length)) fail(file, i, `expected a row of ${width.join(' or ')} cells`);
    return raw as unknown[];
  });
}

/** The 696 districts of the three-tier system (GSO export of 04/01/2025), by code. */
export function loadDistrictsLegacy(dir: string = REFERENCE_DIR): LegacyDistrict[] {
  const file = 'districts-legacy.json';
  return compactRows(dir, file, [4]).map(([code, name, kind, provinceCode], i) => ({
    code: str(code, file, i, 'code'),
    name: str(name, file, i, 'name'),
    kind: str(kind, file, i, 'kind'),
    provinceCode: str(provinceCode, file, i, 'provinceCode'),
  }));
}

/** The communes before 01/07/2025 (GSO export of 04/01/2025 plus the few the conversion table adds), by code. */
export function loadWardsLegacy(dir: string = REFERENCE_DIR): LegacyWard[] {
  const file = 'wards-legacy.json';
  return compactRows(dir, file, [4, 5]).map(([code, name, kind, districtCode, otherName], i) => ({
    code: str(code, file, i, 'code'),
    name: str(name, file, i, 'name'),
    kind: str(kind, file, i, 'kind'),
    districtCode: str(districtCode, file, i, 'districtCode'),
    otherName: otherName === undefined ? null : str(otherName, file, i, 'otherName'),
  }));
}

/** The official old → new commune conversion (Bảng chuyển đổi ĐVHC mới – cũ), sorted by old code. */
export function loadWardConversions(dir: string = REFERENCE_DIR): WardConversion[] {
  const file = 'ward-conversion-2025.json';
  return compactRows(dir, file, [3]).map(([oldCode, newCode, partial], i) => {
    if (partial !== 0 && partial !== 1) fail(file, i, 'partial must be 0 or 1');
    return { oldCode: str(oldCode, file, i, 'oldCode'), newCode: str(newCode, file, i, 'newCode'), partial: partial === 1 };
  });
}

/** A group of 2025 provinces: one of the 3 regions (miền) or the 6 socio-economic regions. */
export interface Zone {
  /** "MB", "MT", "MN" for the regions; "V1".."V6" for the socio-economic regions. */
  code: string;
  name: string;
  kind: 'Miền' | 'Vùng kinh tế - xã hội';
  /** Codes of the 2025 provinces in the zone, in official order. */
  provinceCodes: string[];
}

/** The 3 regions and the 6 socio-economic regions of the 34 provinces (see SOURCES.md). */
export function loadZones(dir: string = REFERENCE_DIR): Zone[] {
  const file = 'zones.json';
  return asArray(readJson(dir, file), file).map((raw, i) => {
    const r = record(raw, file, i);
    if (r.kind !== 'Miền' && r.kind !== 'Vùng kinh tế - xã hội') fail(file, i, `unknown zone kind ${String(r.kind)}`);
    return {
      code: str(r.code, file, i, 'code'),
      name: str(r.name, file, i, 'name'),
      kind: r.kind,
      provinceCodes: strList(r.provinceCodes, file, i, 'provinceCodes'),
    };
  });
}
