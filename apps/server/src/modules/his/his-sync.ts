import type { ChargeItemDefinition, Location, Organization, Practitioner, PractitionerRole, Resource } from '@medplum/fhirtypes';
import { and, eq, sql } from 'drizzle-orm';
import { HIS_MESSAGES, type HisRunKind, type HisSyncKind } from '@portal/shared/contracts/his.contract';
import { FHIR_SYSTEMS } from '@portal/shared/rules/fhir-systems';
import { audit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db';
import { conflict } from '../../core/errors';
import { defineJob, enqueue } from '../../core/jobs';
import { pgErrorOf } from '../../core/pg-errors';
import { hisSyncItems, hisSyncRuns } from '../../db/schema';
import { priceListCache } from '../catalog/services.service';
import { HisError } from './his-client';
import { connectedHis } from './his-connection.service';
import {
  type Converted,
  departmentOf,
  doctorOf,
  duplicateCodes,
  type HisDepartment,
  type HisDoctor,
  type HisRoom,
  type HisService,
  roomOf,
  serviceOf,
} from './his-convert';
import { autoMatch, departmentIdsByHisCode, departmentIdsByHisRef, type RemoteItem, saveRemoteItems } from './his-maps';
import { applyDepartments, applyDoctors, applyRooms, applyServices, type Counts, type ItemOutcome, logItems, noCounts, tally } from './his-sync.apply';
import { fhirIssues } from './fhir/validate';

/**
 * Catalogue syncs from the HIS (docs/his.md "Syncs"): a run is a row, queued with its job in the caller's
 * transaction; the job reads the HIS (paged, bounded), stores what it listed for mapping, matches by code then by
 * name, and applies every item in its own savepoint — an invalid resource, another hospital's, a duplicate code or
 * a price with no currency is logged and skipped, never half-applied. Unchanged items are only counted.
 */
export const HIS_SYNC_JOB = 'his.sync';

type RunRow = typeof hisSyncRuns.$inferSelect;

export async function startRun(
  ctx: AppContext,
  who: Caller | null,
  facilityId: number,
  kind: HisSyncKind,
  trigger: 'MANUAL' | 'SCHEDULE' | 'RETRY',
  retryOf: number | null = null,
  key?: string,
): Promise<RunRow> {
  try {
    return await ctx.database.transaction(async (tx) => {
      const [run] = await tx
        .insert(hisSyncRuns)
        .values({ facilityId, kind, trigger, retryOf, createdBy: who?.accountId ?? null })
        .returning();
      await enqueue(tx, { name: HIS_SYNC_JOB, facilityId, payload: { runId: run.id }, key: key ?? `run:${run.id}` });
      await audit(tx, who, { action: 'HIS_SYNC_START', entity: 'his_sync_run', entityId: run.id, facilityId, after: { kind, trigger, retryOf } });
      return run;
    });
  } catch (e) {
    if (pgErrorOf(e)?.code === '23505') throw conflict(HIS_MESSAGES.runBusy);
    throw e;
  }
}

export function defineHisSyncJob(): void {
  defineJob<{ runId: number }>(
    HIS_SYNC_JOB,
    async (job, ctx) => {
      if (job.facilityId == null) return;
      await runSync(ctx, job.facilityId, job.payload.runId);
    },
    // a run catches its own failures; a second attempt only resumes a run whose server died
    { maxAttempts: 2, backoff: { baseMs: 5_000, maxMs: 60_000 } },
  );
}

export async function runSync(ctx: AppContext, facilityId: number, runId: number): Promise<void> {
  const db = ctx.database.db;
  const [run] = await db
    .select()
    .from(hisSyncRuns)
    .where(and(eq(hisSyncRuns.facilityId, facilityId), eq(hisSyncRuns.id, runId)));
  if (!run || run.status === 'DONE' || run.status === 'PARTIAL' || run.status === 'FAILED') return;
  await db
    .update(hisSyncRuns)
    .set({ status: 'RUNNING', startedAt: new Date(), ...noCounts(), error: null })
    .where(and(eq(hisSyncRuns.facilityId, facilityId), eq(hisSyncRuns.id, runId)));
  // a resumed run starts its log again
  await db.delete(hisSyncItems).where(and(eq(hisSyncItems.facilityId, facilityId), eq(hisSyncItems.runId, runId)));
  const counts: Counts = noCounts();
  let error: string | null = null;
  try {
    const only = run.retryOf ? await failedRefs(db, facilityId, run.retryOf) : null;
    await syncKind(ctx, facilityId, run, only, counts);
  } catch (e) {
    error = e instanceof HisError ? e.message : `Lỗi khi đồng bộ: ${(e as Error).message}`;
  }
  const status = error ? 'FAILED' : counts.failed > 0 ? 'PARTIAL' : 'DONE';
  await ctx.database.transaction(async (tx) => {
    await tx
      .update(hisSyncRuns)
      .set({ status, error, finishedAt: new Date(), ...counts })
      .where(and(eq(hisSyncRuns.facilityId, facilityId), eq(hisSyncRuns.id, runId)));
    await audit(tx, null, { action: 'HIS_SYNC_END', entity: 'his_sync_run', entityId: runId, facilityId, after: { kind: run.kind, status, error, ...counts } });
  });
  if (run.kind === 'SERVICES') priceListCache(ctx).clear();
  // Fresh statistics for the maps screen's joins: PGlite has no autovacuum, and without them its planner took the
  // 2,200 HIS items of a first sync for a handful (7 s for the unmatched list instead of milliseconds).
  await db.execute(sql`ANALYZE his_remote_items, his_code_maps`);
}

async function failedRefs(ex: Executor, facilityId: number, runId: number): Promise<Set<string>> {
  const found = await ex
    .select({ ref: hisSyncItems.ref })
    .from(hisSyncItems)
    .where(and(eq(hisSyncItems.facilityId, facilityId), eq(hisSyncItems.runId, runId), eq(hisSyncItems.action, 'FAILED')));
  return new Set(found.map((f) => f.ref));
}

/** Lets the server answer other requests between slices of CPU work (validating 10,000 resources takes ~1 s). */
const breathe = () => new Promise<void>((ok) => setImmediate(ok));

/** Checks every resource against R4, then converts it: valid ones go on, the rest are outcomes to log. */
async function screen<R extends Resource, T>(
  resources: readonly Resource[],
  type: string,
  convert: (r: R) => Converted<T>,
  outcomes: ItemOutcome[],
): Promise<T[]> {
  const out: T[] = [];
  for (const [i, r] of resources.entries()) {
    if (i % 200 === 199) await breathe();
    if (r.resourceType !== type) continue;
    const ref = `${type}/${r.id ?? '?'}`;
    const issues = fhirIssues(r);
    if (issues.length) {
      outcomes.push({
        ref,
        action: 'FAILED',
        message: `Tài nguyên FHIR không hợp lệ: ${issues[0].message}${issues[0].expression ? ` (${issues[0].expression})` : ''}`,
      });
      continue;
    }
    const c = convert(r as R);
    if (c.ok) out.push(c.value);
    else outcomes.push({ ref, action: c.skip ? 'SKIPPED' : 'FAILED', message: c.reason });
  }
  return out;
}

async function readAll(client: Awaited<ReturnType<typeof connectedHis>>['client'], type: string, params: Record<string, string>, only: Set<string> | null) {
  if (!only) return client.searchAll(type, params);
  const ids = [...only].filter((r) => r.startsWith(`${type}/`)).map((r) => r.slice(type.length + 1));
  const out: Resource[] = [];
  for (const id of ids) out.push(await client.read(type, id));
  return out;
}

async function syncKind(ctx: AppContext, facilityId: number, run: RunRow, only: Set<string> | null, counts: Counts): Promise<void> {
  const { row, client } = await connectedHis(ctx, facilityId);
  const hospital = row.hisOrganizationId;
  const db = ctx.database.db;
  const kind = run.kind as HisRunKind;
  const finish = async (outcomes: ItemOutcome[]) => {
    tally(counts, outcomes);
    await logItems(db, facilityId, run.id, outcomes);
  };

  // The hospital's departments: every kind needs them (rooms, doctors, price entries).
  const orgs = await client.searchAll('Organization', { type: `${FHIR_SYSTEMS.organizationType}|dept` });
  const deptOutcomes: ItemOutcome[] = [];
  const depts = await screen<Organization, HisDepartment>(orgs, 'Organization', (o) => departmentOf(o, hospital), deptOutcomes);
  const deptRefs = new Set(depts.map((d) => d.ref));

  if (kind === 'DEPARTMENTS') {
    const pre: ItemOutcome[] = [...deptOutcomes];
    const wanted = only ? depts.filter((d) => only.has(d.ref)) : depts;
    await saveRemoteItems(db, facilityId, 'DEPARTMENT', depts);
    await autoMatch(db, facilityId, 'DEPARTMENT', null);
    await finish([...(only ? pre.filter((o) => only.has(o.ref)) : pre), ...(await applyDepartments(ctx, facilityId, run.id, wanted))]);
    const locations = await readAll(client, 'Location', {}, null);
    const roomOutcomes: ItemOutcome[] = [];
    const roomsFound = await screen<Location, HisRoom>(locations, 'Location', (l) => roomOf(l, deptRefs), roomOutcomes);
    await saveRemoteItems(db, facilityId, 'ROOM', roomsFound);
    await autoMatch(db, facilityId, 'ROOM', null);
    const deptIds = await departmentIdsByHisRef(db, facilityId);
    const wantedRooms = only ? roomsFound.filter((r) => only.has(r.ref)) : roomsFound;
    await finish([
      ...(only ? roomOutcomes.filter((o) => only.has(o.ref)) : roomOutcomes),
      ...(await applyRooms(ctx, facilityId, run.id, wantedRooms, deptIds)),
    ]);
    return;
  }

  if (kind === 'DOCTORS') {
    const practitioners = await readAll(client, 'Practitioner', {}, only);
    const roles = (await client.searchAll('PractitionerRole', {})) as PractitionerRole[];
    const outcomes: ItemOutcome[] = [];
    const found = await screen<Practitioner, HisDoctor>(practitioners, 'Practitioner', (p) => doctorOf(p, roles, deptRefs), outcomes);
    if (!only) await saveRemoteItems(db, facilityId, 'DOCTOR', found);
    await autoMatch(db, facilityId, 'DOCTOR', null);
    const deptIds = await departmentIdsByHisRef(db, facilityId);
    await finish([...outcomes, ...(await applyDoctors(ctx, facilityId, run.id, found, deptIds))]);
    return;
  }

  // SERVICES: the department price entries need the departments matched (by code or name; nothing applied to them)
  await saveRemoteItems(db, facilityId, 'DEPARTMENT', depts);
  await autoMatch(db, facilityId, 'DEPARTMENT', null);
  const cids = await readAll(client, 'ChargeItemDefinition', { context: `Organization/${hospital}` }, only);
  const deptByCode = await departmentIdsByHisCode(db, facilityId);
  const outcomes: ItemOutcome[] = [];
  const services = await screen<ChargeItemDefinition, HisService>(
    cids,
    'ChargeItemDefinition',
    (c) => serviceOf(c, hospital, (code) => deptByCode.get(code.toLowerCase()) ?? null),
    outcomes,
  );
  const dup = duplicateCodes(services.map((s) => s.code));
  const clean = services.filter((s) => {
    if (!dup.has(s.code.toLowerCase())) return true;
    outcomes.push({ ref: s.ref, code: s.code, name: s.name, action: 'SKIPPED', message: `Mã dịch vụ ${s.code} xuất hiện nhiều lần trong danh mục HIS` });
    return false;
  });
  const remote: RemoteItem[] = clean;
  if (!only) await saveRemoteItems(db, facilityId, 'SERVICE', remote);
  await autoMatch(db, facilityId, 'SERVICE', null);
  tally(counts, outcomes);
  await logItems(db, facilityId, run.id, outcomes);
  await applyServices(ctx, facilityId, run.id, clean, (chunk) => {
    tally(counts, chunk);
    priceListCache(ctx).clear();
  });
}
