/**
 * National reference data in the database.
 *
 * - Jobs and ethnic groups are COPIED into each facility when it is created
 *   (`copyReferenceCatalogs`): the generic facility-scoped routes serve them like any catalogue,
 *   and one hospital may deactivate a row or add its own without touching another's.
 * - Administrative areas (countries, provinces, wards, former provinces) are ONE national table
 *   shared by all facilities, loaded at start by `syncAreas` and read-only through the API.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { normalizeText } from '@portal/shared/rules/diacritics';
import type { Database, Executor } from '../core/db';
import { referenceDir } from '../core/paths';
import { acronymKey, COMMON_ACRONYMS } from '@portal/shared/rules/acronyms';
import { acronyms, jobs, nations } from './schema';
import {
  loadCountries,
  loadDistrictsLegacy,
  loadJobs,
  loadNations,
  loadProvinces2025,
  loadProvincesLegacy,
  loadWardConversions,
  loadWards2025,
  loadWardsLegacy,
  loadZones,
} from './reference';

type JobRow = typeof jobs.$inferInsert;
type NationRow = typeof nations.$inferInsert;

let cached: { jobs: Omit<JobRow, 'facilityId'>[]; nations: Omit<NationRow, 'facilityId'>[] } | null = null;

/** The rows every new facility starts with (read from the reference files once per process). */
function referenceRows() {
  cached ??= {
    jobs: loadJobs(referenceDir).map((j) => ({ code: j.code, name: j.name, searchText: normalizeText(`${j.code} ${j.name}`) })),
    nations: loadNations(referenceDir).map((n) => {
      const otherNames = n.aliases.length ? n.aliases.join(', ') : null;
      return { code: n.code, name: n.name, otherNames, searchText: normalizeText(`${n.code} ${n.name} ${otherNames ?? ''}`) };
    }),
  };
  return cached;
}

/** The common acronyms as rows of a facility's catalogue (migration 0020 gives them to the facilities that existed before). */
export function commonAcronymRows(facilityId: number): (typeof acronyms.$inferInsert)[] {
  return COMMON_ACRONYMS.map(([code, name]) => ({ facilityId, code, name, keySearch: acronymKey(code), searchText: normalizeText(`${code} ${name}`) }));
}

/** Gives a new facility its own copy of the national jobs (58) and ethnic groups (55), and the common acronyms. */
export async function copyReferenceCatalogs(ex: Executor, facilityId: number): Promise<void> {
  const rows = referenceRows();
  await ex.insert(jobs).values(rows.jobs.map((r) => ({ ...r, facilityId })));
  await ex.insert(nations).values(rows.nations.map((r) => ({ ...r, facilityId })));
  await ex.insert(acronyms).values(commonAcronymRows(facilityId));
}

/** One area of the shipped files; parent and successor named by (level, legacy, code). */
export interface ReferenceArea {
  level: 'country' | 'zone' | 'province' | 'district' | 'ward';
  code: string;
  name: string;
  kind: string | null;
  legacy: boolean;
  parent: string | null;
  successor: string | null;
  otherNames: string | null;
  searchText: string;
}

/** `legacy:ward:00004`, `ward:00004`: the key of an area in the shipped set. */
export const areaKey = (level: string, code: string, legacy = false) => `${legacy ? 'legacy:' : ''}${level}:${code}`;

/**
 * Every area of the reference files, parents before children: countries, zones, the 2025 provinces and
 * wards, then the units before 01/07/2025 (provinces, districts, wards), each legacy unit pointing at its
 * main successor; plus the official commune conversion and the provinces of each zone.
 */
export function referenceAreas(dir: string = referenceDir) {
  const countries = loadCountries(dir);
  const zones = loadZones(dir);
  const provinces = loadProvinces2025(dir);
  const legacy = loadProvincesLegacy(dir);
  const wards = loadWards2025(dir);
  const districtsLegacy = loadDistrictsLegacy(dir);
  const wardsLegacy = loadWardsLegacy(dir);
  const conversions = loadWardConversions(dir);
  const search = (...parts: (string | null | undefined)[]) => normalizeText(parts.filter(Boolean).join(' '));
  const newWardProvince = new Map(wards.map((w) => [w.code, w.provinceCode]));
  const legacyProvinceSuccessor = new Map(legacy.map((p) => [p.code, p.successorCodes[0]]));
  const byOld = new Map<string, typeof conversions>();
  for (const c of conversions) byOld.set(c.oldCode, [...(byOld.get(c.oldCode) ?? []), c]);
  // main successor of an old ward: the one it went to whole, else the first listed
  const wardSuccessor = (code: string) => {
    const list = byOld.get(code);
    return list ? (list.find((c) => !c.partial) ?? list[0]).newCode : null;
  };
  // a district's successor province: where most of its communes went (ties: its province's main successor)
  const districtSuccessor = new Map<string, string>();
  {
    const votes = new Map<string, Map<string, number>>();
    for (const w of wardsLegacy) {
      const target = wardSuccessor(w.code);
      const province = target ? newWardProvince.get(target) : undefined;
      if (!province) continue;
      const m = votes.get(w.districtCode) ?? new Map<string, number>();
      m.set(province, (m.get(province) ?? 0) + 1);
      votes.set(w.districtCode, m);
    }
    for (const d of districtsLegacy) {
      const fallback = legacyProvinceSuccessor.get(d.provinceCode)!;
      const m = votes.get(d.code);
      const best = m ? [...m].sort((a, b) => b[1] - a[1] || (a[0] === fallback ? -1 : b[0] === fallback ? 1 : 0))[0][0] : fallback;
      districtSuccessor.set(d.code, best);
    }
  }
  const vn = areaKey('country', 'VN');
  const rows: ReferenceArea[] = [
    ...countries.map((c) => {
      const otherNames = `${c.nameEn}, ${c.alpha3}`;
      return {
        level: 'country' as const,
        code: c.code,
        name: c.name,
        kind: null,
        legacy: false,
        parent: null,
        successor: null,
        otherNames,
        searchText: search(c.code, c.name, otherNames),
      };
    }),
    ...zones.map((z) => ({
      level: 'zone' as const,
      code: z.code,
      name: z.name,
      kind: z.kind,
      legacy: false,
      parent: vn,
      successor: null,
      otherNames: null,
      searchText: search(z.code, z.name),
    })),
    ...provinces.map((p) => ({
      level: 'province' as const,
      code: p.code,
      name: p.fullName,
      kind: p.type,
      legacy: false,
      parent: vn,
      successor: null,
      otherNames: null,
      searchText: search(p.code, p.fullName),
    })),
    ...wards.map((w) => ({
      level: 'ward' as const,
      code: w.code,
      name: w.name,
      kind: w.type,
      legacy: false,
      parent: areaKey('province', w.provinceCode),
      successor: null,
      otherNames: null,
      searchText: search(w.code, w.name),
    })),
    ...legacy.map((p) => ({
      level: 'province' as const,
      code: p.code,
      name: p.fullName,
      kind: p.type,
      legacy: true,
      parent: vn,
      successor: areaKey('province', p.successorCodes[0]),
      otherNames: null,
      searchText: search(p.code, p.fullName),
    })),
    ...districtsLegacy.map((d) => ({
      level: 'district' as const,
      code: d.code,
      name: d.name,
      kind: d.kind,
      legacy: true,
      parent: areaKey('province', d.provinceCode, true),
      successor: areaKey('province', districtSuccessor.get(d.code)!),
      otherNames: null,
      searchText: search(d.code, d.name),
    })),
    ...wardsLegacy.map((w) => {
      const s = wardSuccessor(w.code);
      return {
        level: 'ward' as const,
        code: w.code,
        name: w.name,
        kind: w.kind,
        legacy: true,
        parent: areaKey('district', w.districtCode, true),
        successor: s ? areaKey('ward', s) : null,
        otherNames: w.otherName,
        searchText: search(w.code, w.name, w.otherName),
      };
    }),
  ];
  const conversionRows = conversions.map((c) => ({
    old: c.oldCode.length === 3 ? areaKey('district', c.oldCode, true) : areaKey('ward', c.oldCode, true),
    new: areaKey('ward', c.newCode),
    partial: c.partial,
  }));
  const zoneMembers = zones.flatMap((z) => z.provinceCodes.map((p) => ({ zone: areaKey('zone', z.code), province: areaKey('province', p) })));
  return { rows, conversions: conversionRows, zoneMembers };
}

/** Content hash of the shipped area files: a start loads them only when it changed. */
export function referenceAreasVersion(dir: string = referenceDir): string {
  const hash = createHash('sha256');
  for (const file of AREA_FILES) hash.update(fs.readFileSync(path.join(dir, file)));
  return hash.digest('hex').slice(0, 16);
}
const AREA_FILES = [
  'countries.json',
  'zones.json',
  'provinces-2025.json',
  'wards-2025.json',
  'provinces-legacy.json',
  'districts-legacy.json',
  'wards-legacy.json',
  'ward-conversion-2025.json',
];

/**
 * Loads the national areas when the shipped files changed since the last load (first start, or a release
 * that ships more or corrected units); a restart reads one row. Existing rows are updated in place by
 * (level, period, code), so ids never change; an administrator's sync (area-sync) is not undone by a
 * restart of the same release. Each group is one INSERT … SELECT over a JSON parameter: parents and
 * successors are resolved in SQL, so ~14,000 units and ~10,500 conversions load in a few statements.
 */
export async function syncAreas(database: Database, dir: string = referenceDir): Promise<{ loaded: number }> {
  const version = referenceAreasVersion(dir);
  const [current] = await database.query<{ version: string }>('', 'SELECT version FROM area_reference WHERE id = 1', []);
  if (current?.version === version) return { loaded: 0 };
  const { rows, conversions, zoneMembers } = referenceAreas(dir);
  const split = (key: string | null) => {
    if (!key) return [null, null, null] as const;
    const legacy = key.startsWith('legacy:');
    const [level, code] = (legacy ? key.slice(7) : key).split(':');
    return [level, legacy, code] as const;
  };
  await database.transaction(async (tx) => {
    const groups: [string, boolean][] = [
      ['country', false],
      ['zone', false],
      ['province', false],
      ['ward', false],
      ['province', true],
      ['district', true],
      ['ward', true],
    ];
    for (const [level, legacy] of groups) {
      const batch = rows
        .filter((r) => r.level === level && r.legacy === legacy)
        .map((r) => {
          const [pl, plg, pc] = split(r.parent);
          const [sl, slg, sc] = split(r.successor);
          return { ...r, pl, plg, pc, sl, slg, sc };
        });
      await tx.execute(sql`
        INSERT INTO areas (level, code, name, kind, legacy, parent_id, successor_id, other_names, search_text)
        SELECT x.level, x.code, x.name, x.kind, x.legacy, p.id, s.id, x."otherNames", x."searchText"
        FROM json_to_recordset(${JSON.stringify(batch)}::json) AS x(level text, code text, name text, kind text, legacy boolean,
          pl text, plg boolean, pc text, sl text, slg boolean, sc text, "otherNames" text, "searchText" text)
        LEFT JOIN areas p ON p.level = x.pl AND p.legacy = x.plg AND p.code = x.pc
        LEFT JOIN areas s ON s.level = x.sl AND s.legacy = x.slg AND s.code = x.sc
        ON CONFLICT (level, legacy, code) DO UPDATE SET name = excluded.name, kind = excluded.kind, parent_id = excluded.parent_id,
          successor_id = excluded.successor_id, other_names = excluded.other_names, search_text = excluded.search_text, updated_at = now()`);
    }
    const pairs = conversions.map((c) => {
      const [ol, olg, oc] = split(c.old);
      return { ol, olg, oc, nc: split(c.new)[2], partial: c.partial };
    });
    await tx.execute(sql`
      INSERT INTO area_conversions (old_area_id, new_area_id, partial)
      SELECT o.id, n.id, x.partial
      FROM json_to_recordset(${JSON.stringify(pairs)}::json) AS x(ol text, olg boolean, oc text, nc text, partial boolean)
      JOIN areas o ON o.level = x.ol AND o.legacy = x.olg AND o.code = x.oc
      JOIN areas n ON n.level = 'ward' AND NOT n.legacy AND n.code = x.nc
      ON CONFLICT (old_area_id, new_area_id) DO UPDATE SET partial = excluded.partial`);
    const members = zoneMembers.map((m) => ({ z: split(m.zone)[2], p: split(m.province)[2] }));
    await tx.execute(sql`
      INSERT INTO area_zone_members (zone_id, province_id)
      SELECT z.id, p.id FROM json_to_recordset(${JSON.stringify(members)}::json) AS x(z text, p text)
      JOIN areas z ON z.level = 'zone' AND NOT z.legacy AND z.code = x.z
      JOIN areas p ON p.level = 'province' AND NOT p.legacy AND p.code = x.p
      ON CONFLICT DO NOTHING`);
    await tx.execute(sql`INSERT INTO area_reference (id, version) VALUES (1, ${version})
      ON CONFLICT (id) DO UPDATE SET version = excluded.version, loaded_at = now()`);
  });
  await database.query('', 'VACUUM ANALYZE areas', []); // PGlite has no autovacuum: let the planner see the trigram index
  return { loaded: rows.length };
}
