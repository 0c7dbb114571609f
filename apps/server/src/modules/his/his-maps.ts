import { and, eq, sql } from 'drizzle-orm';
import type { HisMapKind } from '@portal/shared/contracts/his.contract';
import { normalizeText } from '@portal/shared/rules/diacritics';
import type { Executor } from '../../core/db';
import { rows } from '../../core/sql';
import { departments, doctors, hisCodeMaps, hisRemoteItems, medicalServices, rooms } from '../../db/schema';

/**
 * Code maps between the portal's items and the HIS's (his_code_maps): the tables per kind, the HIS items' store, and
 * the automatic matching — by code (case-insensitive), then by name without diacritics when exactly one item on each
 * side has it (a name shared by two items is left for a person).
 */
export const PORTAL_TABLES = { DEPARTMENT: departments, ROOM: rooms, DOCTOR: doctors, SERVICE: medicalServices } as const;

export interface RemoteItem {
  ref: string;
  code: string;
  name: string;
  active: boolean;
}

/** Stores what the HIS listed (insert or refresh), in chunks. */
export async function saveRemoteItems(ex: Executor, facilityId: number, kind: HisMapKind, items: readonly RemoteItem[]): Promise<void> {
  for (let i = 0; i < items.length; i += 500) {
    const chunk = items.slice(i, i + 500).map((it) => ({ facilityId, kind, ...it, searchText: normalizeText(it.name), seenAt: new Date() }));
    await ex
      .insert(hisRemoteItems)
      .values(chunk)
      .onConflictDoUpdate({
        target: [hisRemoteItems.facilityId, hisRemoteItems.kind, hisRemoteItems.ref],
        set: {
          code: sql`excluded.code`,
          name: sql`excluded.name`,
          searchText: sql`excluded.search_text`,
          active: sql`excluded.active`,
          seenAt: sql`excluded.seen_at`,
        },
      });
  }
  // a large read: let the planner see it before the matching joins it (PGlite has no autovacuum)
  if (items.length >= 500) await ex.execute(sql`ANALYZE his_remote_items, his_code_maps`);
}

/** portalId by HIS reference, of one kind. */
export async function mapsByRef(ex: Executor, facilityId: number, kind: HisMapKind): Promise<Map<string, number>> {
  const found = await ex
    .select({ ref: hisCodeMaps.hisRef, portalId: hisCodeMaps.portalId })
    .from(hisCodeMaps)
    .where(and(eq(hisCodeMaps.facilityId, facilityId), eq(hisCodeMaps.kind, kind)));
  return new Map(found.map((m) => [m.ref, m.portalId]));
}

/** The portal department id of each HIS department code that is mapped (for price entries, rooms and doctors). */
export async function departmentIdsByHisCode(ex: Executor, facilityId: number): Promise<Map<string, number>> {
  const found = await rows<{ code: string; portal_id: number }>(
    ex,
    sql`SELECT r.code, m.portal_id FROM his_code_maps m
        JOIN his_remote_items r ON r.facility_id = m.facility_id AND r.kind = m.kind AND r.ref = m.his_ref
        WHERE m.facility_id = ${facilityId} AND m.kind = 'DEPARTMENT'`,
  );
  return new Map(found.map((r) => [r.code.toLowerCase(), r.portal_id]));
}

export async function departmentIdsByHisRef(ex: Executor, facilityId: number): Promise<Map<string, number>> {
  return mapsByRef(ex, facilityId, 'DEPARTMENT');
}

export interface AutoMatchResult {
  byCode: number;
  byName: number;
  unmatchedPortal: number;
  unmatchedHis: number;
}

/** Matches the unmatched items of a kind; `by` = the account (null for a sync). */
export async function autoMatch(ex: Executor, facilityId: number, kind: HisMapKind, by: number | null): Promise<AutoMatchResult> {
  const table = PORTAL_TABLES[kind];
  // a HIS code present twice in the HIS is ambiguous: left for a person (a window count, not a probe per row)
  const byCode = await rows<{ n: number }>(
    ex,
    sql`WITH r AS (
          SELECT ref, lower(code) AS code FROM (
            SELECT ref, code, count(*) OVER (PARTITION BY lower(code)) AS copies
            FROM his_remote_items WHERE facility_id = ${facilityId} AND kind = ${kind}) x
          WHERE copies = 1
            AND NOT EXISTS (SELECT 1 FROM his_code_maps m WHERE m.facility_id = ${facilityId} AND m.kind = ${kind} AND m.his_ref = x.ref)),
        p AS (
          SELECT id, lower(code) AS code FROM ${table} t WHERE t.facility_id = ${facilityId}
            AND NOT EXISTS (SELECT 1 FROM his_code_maps m WHERE m.facility_id = ${facilityId} AND m.kind = ${kind} AND m.portal_id = t.id)),
        c AS (
          INSERT INTO his_code_maps (facility_id, kind, portal_id, his_ref, method, matched_by)
          SELECT ${facilityId}, ${kind}, p.id, r.ref, 'CODE', ${by}::int FROM p JOIN r ON r.code = p.code
          ON CONFLICT DO NOTHING
          RETURNING 1)
        SELECT count(*)::int AS n FROM c`,
  );
  if ((byCode[0]?.n ?? 0) >= 500) await ex.execute(sql`ANALYZE his_code_maps`);
  const portal = await rows<{ id: number; name: string }>(
    ex,
    sql`SELECT p.id, p.name FROM ${table} p WHERE p.facility_id = ${facilityId}
          AND NOT EXISTS (SELECT 1 FROM his_code_maps m WHERE m.facility_id = p.facility_id AND m.kind = ${kind} AND m.portal_id = p.id)`,
  );
  const remote = await rows<{ ref: string; search_text: string }>(
    ex,
    sql`SELECT r.ref, r.search_text FROM his_remote_items r WHERE r.facility_id = ${facilityId} AND r.kind = ${kind}
          AND NOT EXISTS (SELECT 1 FROM his_code_maps m WHERE m.facility_id = r.facility_id AND m.kind = ${kind} AND m.his_ref = r.ref)`,
  );
  const pairs = uniqueNamePairs(
    portal.map((p) => ({ id: p.id, key: normalizeText(p.name) })),
    remote.map((r) => ({ id: r.ref, key: r.search_text })),
  );
  for (let i = 0; i < pairs.length; i += 500) {
    const chunk = pairs.slice(i, i + 500);
    await ex
      .insert(hisCodeMaps)
      .values(chunk.map(([portalId, hisRef]) => ({ facilityId, kind, portalId, hisRef, method: 'NAME', matchedBy: by })))
      .onConflictDoNothing();
  }
  return {
    byCode: byCode[0]?.n ?? 0,
    byName: pairs.length,
    unmatchedPortal: portal.length - pairs.length,
    unmatchedHis: remote.length - pairs.length,
  };
}

/** Pairs (left id, right id) whose key is the same and unique on both sides. */
export function uniqueNamePairs<L, R>(left: readonly { id: L; key: string }[], right: readonly { id: R; key: string }[]): [L, R][] {
  const count = <T>(xs: readonly { id: T; key: string }[]) => {
    const m = new Map<string, T[]>();
    for (const x of xs) if (x.key) m.set(x.key, [...(m.get(x.key) ?? []), x.id]);
    return m;
  };
  const l = count(left);
  const r = count(right);
  const out: [L, R][] = [];
  for (const [key, ids] of l) {
    const other = r.get(key);
    if (ids.length === 1 && other?.length === 1) out.push([ids[0], other[0]]);
  }
  return out;
}
