import { sql } from 'drizzle-orm';
import { SYNC_MESSAGES as M, type SyncPreview } from '@portal/shared/contracts/address.contract';
import { normalizeText } from '@portal/shared/rules/diacritics';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { badRequest, conflict } from '../../core/errors';
import { recordWrite } from '../../core/write';
import { forgetAddressData } from './address.service';
import { countProfilesUsing, endCurrentUnits, findCurrentUnits, findProfilesUsing, upsertCurrentUnits } from './address.repository';
import { describeDiff, diffDigest, diffUnits, parseSyncLines, readSyncFile, type SyncDiff } from './area-sync';

const PROFILE_LIST_MAX = 200;

async function diffOf(ctx: AppContext, body: unknown) {
  const list = parseSyncLines(await readSyncFile(body));
  const current = await findCurrentUnits(ctx.database.db);
  return { list, current, diff: diffUnits(current, list) };
}

const going = (diff: SyncDiff) => {
  const units = [...diff.removed, ...diff.merged.map((m) => m.current)];
  return { wards: units.filter((u) => u.level === 'ward').map((u) => u.code), provinces: units.filter((u) => u.level === 'province').map((u) => u.code) };
};

/** The differences between the official list uploaded and the current areas; nothing changes. */
export async function previewSync(ctx: AppContext, caller: Caller, body: unknown): Promise<SyncPreview> {
  const { list, current, diff } = await diffOf(ctx, body);
  const g = going(diff);
  const counts = await countProfilesUsing(ctx.database.db, g.wards, g.provinces);
  const names = new Map([...current.map((c) => [c.code, c.name] as const), ...list.units.map((u) => [u.code, u.name] as const)]);
  const unitName = new Map([...diff.removed, ...diff.merged.map((m) => m.current)].map((u) => [u.code, u.name]));
  const profiles = (await findProfilesUsing(ctx.database.db, caller.facilityId, g.wards, g.provinces, PROFILE_LIST_MAX)).map((p) => ({
    ...p,
    unitName: unitName.get(p.unitCode) ?? p.unitCode,
  }));
  return {
    digest: diffDigest(diff),
    rows: list.rows,
    ...describeDiff(diff, counts, names),
    profiles,
    profilesTotal: [...counts.values()].reduce((a, b) => a + b, 0),
  };
}

/**
 * Applies the list previewed (same digest) in one transaction with its audit row: units added or renamed,
 * units that went made inactive with their successor, so every profile that points at them stays valid.
 * When profiles use a unit that goes, the caller must say it saw them (`confirmReferenced`).
 */
export async function applySync(ctx: AppContext, caller: Caller, q: { digest: string; confirmReferenced?: 'true' | 'false' }, body: unknown) {
  const list = parseSyncLines(await readSyncFile(body));
  const result = await ctx.database.transaction(async (tx) => {
    // the whole diff is read and written under one lock: two administrators cannot interleave
    await tx.execute(sqlLock);
    const current = await findCurrentUnits(tx);
    const diff = diffUnits(current, list);
    if (diffDigest(diff) !== q.digest) throw conflict(M.stale);
    const n = diff.added.length + diff.renamed.length + diff.merged.length + diff.removed.length;
    if (n === 0) throw badRequest(M.noChange);
    const g = going(diff);
    const used = [...(await countProfilesUsing(tx, g.wards, g.provinces)).values()].reduce((a, b) => a + b, 0);
    if (used > 0 && q.confirmReferenced !== 'true') throw conflict(M.confirmReferenced(used));
    const search = (u: { code: string; name: string }) => normalizeText(`${u.code} ${u.name}`);
    const upserts = [...diff.added, ...diff.renamed.map((r) => r.unit)]
      .sort((a, b) => (a.level === b.level ? 0 : a.level === 'province' ? -1 : 1))
      .map((u) => ({ level: u.level, code: u.code, name: u.name, kind: u.kind, provinceCode: u.provinceCode, searchText: search(u) }));
    await upsertCurrentUnits(
      tx,
      upserts.filter((u) => u.level === 'province'),
    );
    await upsertCurrentUnits(
      tx,
      upserts.filter((u) => u.level === 'ward'),
    );
    await endCurrentUnits(tx, [
      ...diff.merged.map((m) => ({ id: m.current.id, successorCode: m.into })),
      ...diff.removed.map((r) => ({ id: r.id, successorCode: null })),
    ]);
    const counts = { added: diff.added.length, renamed: diff.renamed.length, merged: diff.merged.length, removed: diff.removed.length };
    await recordWrite(ctx, tx, caller, {
      audit: {
        action: 'SYNC',
        entity: 'areas',
        entityId: q.digest,
        after: {
          ...counts,
          profilesUsingEnded: used,
          added: diff.added.map((u) => u.code),
          renamed: diff.renamed.map((r) => ({ code: r.unit.code, from: r.current.name, to: r.unit.name })),
          merged: diff.merged.map((m) => ({ code: m.current.code, into: m.into })),
          removed: diff.removed.map((r) => r.code),
        },
      },
    });
    return { counts, n };
  });
  forgetAddressData(ctx.database);
  return result;
}

/** Serialises area syncs (a transaction-scoped advisory lock). */
const sqlLock = sql`SELECT pg_advisory_xact_lock(hashtext('areas.sync'))`;
