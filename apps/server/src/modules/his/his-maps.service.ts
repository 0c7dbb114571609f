import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  HIS_MESSAGES,
  type HisMapKind,
  type HisMatchMethod,
  type mapBody,
  type MapRowDto,
  type mapsQuery,
  type RemoteRowDto,
  type remoteQuery,
} from '@portal/shared/contracts/his.contract';
import { audit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { conflict, notFound } from '../../core/errors';
import { wordConds } from '../../core/search';
import { rows } from '../../core/sql';
import { hisCodeMaps, hisRemoteItems } from '../../db/schema';
import { autoMatch, PORTAL_TABLES } from './his-maps';

/** The mapping screen's reads and a person's matches (docs/his.md "Code maps"). */

interface MapListRow {
  id: number;
  code: string;
  name: string;
  active: boolean;
  his_ref: string | null;
  his_code: string | null;
  his_name: string | null;
  method: HisMatchMethod | null;
  matched_at: Date | string | null;
}

const toMapRow = (r: MapListRow): MapRowDto => ({
  portalId: r.id,
  code: r.code,
  name: r.name,
  active: r.active,
  his: r.his_ref ? { ref: r.his_ref, code: r.his_code ?? '', name: r.his_name ?? '' } : null,
  method: r.method,
  matchedAt: r.matched_at ? new Date(r.matched_at).toISOString() : null,
});

function portalSelect(kind: HisMapKind, facilityId: number, where: SQL) {
  const table = PORTAL_TABLES[kind];
  return sql`SELECT p.id, p.code, p.name, p.active, m.his_ref, r.code AS his_code, r.name AS his_name, m.method, m.matched_at
             FROM ${table} p
             LEFT JOIN his_code_maps m ON m.facility_id = p.facility_id AND m.kind = ${kind} AND m.portal_id = p.id
             LEFT JOIN his_remote_items r ON r.facility_id = m.facility_id AND r.kind = m.kind AND r.ref = m.his_ref
             WHERE p.facility_id = ${facilityId} AND ${where}`;
}

export async function list(ctx: AppContext, caller: Caller, q: z.infer<typeof mapsQuery>) {
  const db = ctx.database.db;
  const conds: SQL[] = [sql`true`];
  if (q.state === 'matched') conds.push(sql`m.his_ref IS NOT NULL`);
  if (q.state === 'unmatched') conds.push(sql`m.his_ref IS NULL`);
  if (q.q) conds.push(sql`(${sql.join(wordConds(sql`p.search_text`, q.q), sql` AND `)} OR lower(p.code) LIKE ${`%${q.q.toLowerCase()}%`})`);
  const where = sql.join(conds, sql` AND `);
  const table = PORTAL_TABLES[q.kind];
  const [found, [total], [c]] = await Promise.all([
    rows<MapListRow>(
      db,
      sql`${portalSelect(q.kind, caller.facilityId, where)} ORDER BY (m.his_ref IS NOT NULL), p.code LIMIT ${q.size} OFFSET ${q.page * q.size}`,
    ),
    rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${portalSelect(q.kind, caller.facilityId, where)}) x`),
    rows<{ portal: number; matched: number; remote: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM ${table} WHERE facility_id = ${caller.facilityId}) AS portal,
                 (SELECT count(*)::int FROM his_code_maps WHERE facility_id = ${caller.facilityId} AND kind = ${q.kind}) AS matched,
                 (SELECT count(*)::int FROM his_remote_items WHERE facility_id = ${caller.facilityId} AND kind = ${q.kind}) AS remote`,
    ),
  ]);
  return {
    rows: found.map(toMapRow),
    total: total?.n ?? 0,
    counts: { portal: c.portal, matched: c.matched, unmatchedPortal: c.portal - c.matched, unmatchedHis: Math.max(0, c.remote - c.matched) },
  };
}

export async function remote(ctx: AppContext, caller: Caller, q: z.infer<typeof remoteQuery>) {
  const db = ctx.database.db;
  const table = PORTAL_TABLES[q.kind];
  const conds: SQL[] = [sql`r.facility_id = ${caller.facilityId}`, sql`r.kind = ${q.kind}`];
  if (q.unmatched) conds.push(sql`m.portal_id IS NULL`);
  if (q.q) conds.push(sql`(${sql.join(wordConds(sql`r.search_text`, q.q), sql` AND `)} OR lower(r.code) LIKE ${`%${q.q.toLowerCase()}%`})`);
  const where = sql.join(conds, sql` AND `);
  const from = sql`FROM his_remote_items r
                   LEFT JOIN his_code_maps m ON m.facility_id = r.facility_id AND m.kind = r.kind AND m.his_ref = r.ref
                   LEFT JOIN ${table} p ON p.facility_id = m.facility_id AND p.id = m.portal_id
                   WHERE ${where}`;
  const [found, [total]] = await Promise.all([
    rows<{
      ref: string;
      code: string;
      name: string;
      active: boolean;
      seen_at: Date | string;
      p_id: number | null;
      p_code: string | null;
      p_name: string | null;
    }>(
      db,
      sql`SELECT r.ref, r.code, r.name, r.active, r.seen_at, p.id AS p_id, p.code AS p_code, p.name AS p_name ${from} ORDER BY r.code LIMIT ${q.size} OFFSET ${q.page * q.size}`,
    ),
    rows<{ n: number }>(db, sql`SELECT count(*)::int AS n ${from}`),
  ]);
  const out: RemoteRowDto[] = found.map((r) => ({
    ref: r.ref,
    code: r.code,
    name: r.name,
    active: r.active,
    portal: r.p_id ? { id: r.p_id, code: r.p_code ?? '', name: r.p_name ?? '' } : null,
    seenAt: new Date(r.seen_at).toISOString(),
  }));
  return { rows: out, total: total?.n ?? 0 };
}

export async function setMap(ctx: AppContext, caller: Caller, body: z.infer<typeof mapBody>): Promise<MapRowDto> {
  const f = caller.facilityId;
  await ctx.database.transaction(async (tx) => {
    const [p] = await rows<{ id: number }>(tx, sql`SELECT id FROM ${PORTAL_TABLES[body.kind]} WHERE facility_id = ${f} AND id = ${body.portalId}`);
    if (!p) throw notFound(HIS_MESSAGES.portalItemNotFound);
    const [before] = await tx
      .select()
      .from(hisCodeMaps)
      .where(and(eq(hisCodeMaps.facilityId, f), eq(hisCodeMaps.kind, body.kind), eq(hisCodeMaps.portalId, body.portalId)));
    if (body.hisRef === null) {
      if (before)
        await tx.delete(hisCodeMaps).where(and(eq(hisCodeMaps.facilityId, f), eq(hisCodeMaps.kind, body.kind), eq(hisCodeMaps.portalId, body.portalId)));
    } else {
      const [r] = await tx
        .select({ ref: hisRemoteItems.ref })
        .from(hisRemoteItems)
        .where(and(eq(hisRemoteItems.facilityId, f), eq(hisRemoteItems.kind, body.kind), eq(hisRemoteItems.ref, body.hisRef)));
      if (!r) throw notFound(HIS_MESSAGES.hisItemNotFound);
      const [taken] = await tx
        .select({ portalId: hisCodeMaps.portalId })
        .from(hisCodeMaps)
        .where(and(eq(hisCodeMaps.facilityId, f), eq(hisCodeMaps.kind, body.kind), eq(hisCodeMaps.hisRef, body.hisRef)));
      if (taken && taken.portalId !== body.portalId) throw conflict(HIS_MESSAGES.hisItemTaken);
      const values = {
        facilityId: f,
        kind: body.kind,
        portalId: body.portalId,
        hisRef: body.hisRef,
        method: 'MANUAL',
        matchedAt: new Date(),
        matchedBy: caller.accountId,
      };
      await tx
        .insert(hisCodeMaps)
        .values(values)
        .onConflictDoUpdate({ target: [hisCodeMaps.facilityId, hisCodeMaps.kind, hisCodeMaps.portalId], set: values });
    }
    await audit(tx, caller, {
      action: body.hisRef ? 'HIS_MAP' : 'HIS_UNMAP',
      entity: `his_map_${body.kind.toLowerCase()}`,
      entityId: body.portalId,
      before: before ?? null,
      after: body,
    });
  });
  const [row] = await rows<MapListRow>(ctx.database.db, portalSelect(body.kind, f, sql`p.id = ${body.portalId}`));
  return toMapRow(row);
}

export async function auto(ctx: AppContext, caller: Caller, kind: HisMapKind) {
  return ctx.database.transaction(async (tx) => {
    const result = await autoMatch(tx, caller.facilityId, kind, caller.accountId);
    await audit(tx, caller, { action: 'HIS_AUTO_MATCH', entity: `his_map_${kind.toLowerCase()}`, after: result });
    return result;
  });
}
