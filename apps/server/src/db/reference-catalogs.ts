/**
 * National reference data in the database.
 *
 * - Jobs and ethnic groups are COPIED into each facility when it is created
 *   (`copyReferenceCatalogs`): the generic facility-scoped routes serve them like any catalogue,
 *   and one hospital may deactivate a row or add its own without touching another's.
 * - Administrative areas (countries, provinces, wards, former provinces) are ONE national table
 *   shared by all facilities, loaded at start by `syncAreas` and read-only through the API.
 */
import { sql } from 'drizzle-orm';
import { normalizeText } from '@portal/shared/rules/diacritics';
import type { Database, Executor } from '../core/db';
import { referenceDir } from '../core/paths';
import { acronymKey, COMMON_ACRONYMS } from '@portal/shared/rules/acronyms';
import { acronyms, areas, jobs, nations } from './schema';
import { loadCountries, loadJobs, loadNations, loadProvinces2025, loadProvincesLegacy, loadWards2025 } from './reference';

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

type AreaRow = typeof areas.$inferInsert;

/** Every area of the reference files, parents before children (ids are resolved by code). */
export function referenceAreas(): { rows: (AreaRow & { parentCode?: string; successorCode?: string })[] } {
  const countries = loadCountries(referenceDir);
  const provinces = loadProvinces2025(referenceDir);
  const legacy = loadProvincesLegacy(referenceDir);
  const wards = loadWards2025(referenceDir);
  const search = (...parts: (string | null | undefined)[]) => normalizeText(parts.filter(Boolean).join(' '));
  const rows: (AreaRow & { parentCode?: string; successorCode?: string })[] = [
    ...countries.map((c) => {
      const otherNames = `${c.nameEn}, ${c.alpha3}`;
      return { level: 'country', code: c.code, name: c.name, otherNames, searchText: search(c.code, c.name, otherNames) };
    }),
    ...provinces.map((p) => ({
      level: 'province',
      code: p.code,
      name: p.fullName,
      kind: p.type,
      parentCode: 'country:VN',
      searchText: search(p.code, p.fullName),
    })),
    ...legacy.map((p) => ({
      level: 'province',
      code: p.code,
      name: p.fullName,
      kind: p.type,
      legacy: true,
      parentCode: 'country:VN',
      successorCode: `province:${p.successorCodes[0]}`,
      searchText: search(p.code, p.fullName),
    })),
    ...wards.map((w) => ({
      level: 'ward',
      code: w.code,
      name: w.name,
      kind: w.type,
      parentCode: `province:${w.provinceCode}`,
      searchText: search(w.code, w.name),
    })),
  ];
  return { rows };
}

/**
 * Loads the national areas when the table does not hold the shipped set yet (first start, or a
 * release that ships more units). Existing rows are updated in place by (level, period, code), so
 * ids referenced by addresses never change.
 */
export async function syncAreas(database: Database): Promise<{ loaded: number }> {
  const { rows } = referenceAreas();
  const [{ n }] = await database.query<{ n: number }>('', 'SELECT count(*)::int AS n FROM areas', []);
  if (Number(n) === rows.length) return { loaded: 0 };
  await database.transaction(async (tx) => {
    const ids = new Map<string, number>();
    const key = (r: { level: string; code: string; legacy?: boolean | null }) => `${r.legacy ? 'legacy:' : ''}${r.level}:${r.code}`;
    // Current units first (successors of the legacy ones), chunked to stay under the parameter limit.
    for (const level of ['country', 'province', 'ward']) {
      for (const legacy of [false, true]) {
        const batch = rows.filter((r) => r.level === level && !!r.legacy === legacy);
        for (let i = 0; i < batch.length; i += 500) {
          const values = batch.slice(i, i + 500).map(({ parentCode, successorCode, ...r }) => ({
            ...r,
            parentId: parentCode ? ids.get(parentCode)! : null,
            successorId: successorCode ? ids.get(successorCode)! : null,
          }));
          const saved = await tx
            .insert(areas)
            .values(values)
            .onConflictDoUpdate({
              target: [areas.level, areas.legacy, areas.code],
              set: {
                name: sql`excluded.name`,
                kind: sql`excluded.kind`,
                parentId: sql`excluded.parent_id`,
                successorId: sql`excluded.successor_id`,
                otherNames: sql`excluded.other_names`,
                searchText: sql`excluded.search_text`,
                updatedAt: sql`now()`,
              },
            })
            .returning({ id: areas.id, level: areas.level, code: areas.code, legacy: areas.legacy });
          for (const s of saved) ids.set(key(s), s.id);
        }
      }
    }
  });
  await database.query('', 'VACUUM ANALYZE areas', []); // PGlite has no autovacuum: let the planner see the trigram index
  return { loaded: rows.length };
}
