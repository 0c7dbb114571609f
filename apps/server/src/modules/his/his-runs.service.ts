import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  HIS_MESSAGES,
  type HisRunKind,
  type HisSyncKind,
  type RunDto,
  type RunItemDto,
  type runItemsQuery,
  type runsQuery,
} from '@portal/shared/contracts/his.contract';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { conflict, notFound } from '../../core/errors';
import { accounts, hisSyncItems, hisSyncRuns } from '../../db/schema';
import { connectedHis } from './his-connection.service';
import { startRun } from './his-sync';

type RunRow = typeof hisSyncRuns.$inferSelect;
const iso = (d: Date | null) => d?.toISOString() ?? null;

export function presentRun(r: RunRow, createdBy: string | null): RunDto {
  return {
    id: r.id,
    kind: r.kind as HisRunKind,
    status: r.status as RunDto['status'],
    trigger: r.trigger as RunDto['trigger'],
    retryOf: r.retryOf,
    profileId: r.profileId,
    total: r.total,
    created: r.created,
    updated: r.updated,
    unchanged: r.unchanged,
    skipped: r.skipped,
    failed: r.failed,
    error: r.error,
    startedAt: iso(r.startedAt),
    finishedAt: iso(r.finishedAt),
    createdAt: r.createdAt.toISOString(),
    createdBy,
  };
}

async function findRun(ctx: AppContext, facilityId: number, id: number) {
  const [found] = await ctx.database.db
    .select({ run: hisSyncRuns, by: accounts.name })
    .from(hisSyncRuns)
    .leftJoin(accounts, and(eq(accounts.facilityId, hisSyncRuns.facilityId), eq(accounts.id, hisSyncRuns.createdBy)))
    .where(and(eq(hisSyncRuns.facilityId, facilityId), eq(hisSyncRuns.id, id)));
  if (!found) throw notFound(HIS_MESSAGES.runNotFound);
  return found;
}

export async function start(ctx: AppContext, caller: Caller, kind: HisSyncKind): Promise<RunDto> {
  await connectedHis(ctx, caller.facilityId);
  return presentRun(await startRun(ctx, caller, caller.facilityId, kind, 'MANUAL'), caller.name);
}

export async function list(ctx: AppContext, caller: Caller, q: z.infer<typeof runsQuery>) {
  const conds: SQL[] = [eq(hisSyncRuns.facilityId, caller.facilityId)];
  if (q.kind) conds.push(eq(hisSyncRuns.kind, q.kind));
  if (q.status) conds.push(eq(hisSyncRuns.status, q.status));
  const where = and(...conds);
  const [found, [{ n }]] = await Promise.all([
    ctx.database.db
      .select({ run: hisSyncRuns, by: accounts.name })
      .from(hisSyncRuns)
      .leftJoin(accounts, and(eq(accounts.facilityId, hisSyncRuns.facilityId), eq(accounts.id, hisSyncRuns.createdBy)))
      .where(where)
      .orderBy(desc(hisSyncRuns.id))
      .limit(q.size)
      .offset(q.page * q.size),
    ctx.database.db.select({ n: count() }).from(hisSyncRuns).where(where),
  ]);
  return { rows: found.map((f) => presentRun(f.run, f.by)), total: n };
}

export async function get(ctx: AppContext, caller: Caller, id: number): Promise<RunDto> {
  const f = await findRun(ctx, caller.facilityId, id);
  return presentRun(f.run, f.by);
}

export async function items(ctx: AppContext, caller: Caller, id: number, q: z.infer<typeof runItemsQuery>) {
  await findRun(ctx, caller.facilityId, id);
  const conds: SQL[] = [eq(hisSyncItems.facilityId, caller.facilityId), eq(hisSyncItems.runId, id)];
  if (q.action) conds.push(eq(hisSyncItems.action, q.action));
  const where = and(...conds);
  const [found, [{ n }]] = await Promise.all([
    ctx.database.db
      .select()
      .from(hisSyncItems)
      .where(where)
      .orderBy(hisSyncItems.id)
      .limit(q.size)
      .offset(q.page * q.size),
    ctx.database.db.select({ n: count() }).from(hisSyncItems).where(where),
  ]);
  const rows: RunItemDto[] = found.map((i) => ({
    id: i.id,
    ref: i.ref,
    code: i.code,
    name: i.name,
    action: i.action as RunItemDto['action'],
    message: i.message,
    changes: i.changes,
    at: i.at.toISOString(),
  }));
  return { rows, total: n };
}

export async function retry(ctx: AppContext, caller: Caller, id: number): Promise<RunDto> {
  const { run } = await findRun(ctx, caller.facilityId, id);
  if (run.kind === 'RECORDS' || run.failed === 0 || run.status === 'QUEUED' || run.status === 'RUNNING') throw conflict(HIS_MESSAGES.nothingToRetry);
  await connectedHis(ctx, caller.facilityId);
  return presentRun(await startRun(ctx, caller, caller.facilityId, run.kind as HisSyncKind, 'RETRY', run.id), caller.name);
}
