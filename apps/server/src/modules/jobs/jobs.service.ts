import { and, count, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import { hasAuthority, MSG } from '@portal/shared';
import { JOB_STATES, type JobRowDto, type JobStateName } from '@portal/shared/contracts/jobs.contract';
import { audit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { conflict, notFound } from '../../core/errors';
import { wakeRunners } from '../../core/jobs';
import type { AuthContext } from '../../core/sessions';
import { backgroundJobs as jobs } from '../../db/schema';

/**
 * What the caller sees: its facility's jobs, and the system jobs (no facility: the no-show sweep, the
 * schedules) only when it holds ADMIN_FACILITY — they act on every facility of the platform.
 */
function visible(actor: AuthContext): SQL {
  const own = eq(jobs.facilityId, actor.facilityId);
  return hasAuthority(actor.authorities, 'ADMIN_FACILITY') ? (or(own, isNull(jobs.facilityId)) as SQL) : own;
}

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

function toDto(r: typeof jobs.$inferSelect): JobRowDto {
  return {
    id: r.id,
    name: r.name,
    state: r.state as JobStateName,
    system: r.facilityId == null,
    attempts: r.attempts,
    maxAttempts: r.maxAttempts,
    runAt: iso(r.runAt)!,
    key: r.key,
    lastError: r.lastError,
    createdAt: iso(r.createdAt)!,
    finishedAt: iso(r.finishedAt),
  };
}

export async function listJobs(ctx: AppContext, caller: Caller, q: { state?: JobStateName; page: number; size: number }) {
  const where = and(visible(caller), q.state ? eq(jobs.state, q.state) : undefined);
  const db = ctx.database.db;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(jobs).where(where),
  ]);
  return { rows: rows.map(toDto), total: Number(total?.n ?? 0) };
}

export async function countJobs(ctx: AppContext, caller: Caller): Promise<Record<JobStateName, number>> {
  const rows = await ctx.database.db.select({ state: jobs.state, n: count() }).from(jobs).where(visible(caller)).groupBy(jobs.state);
  const out = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobStateName, number>;
  for (const r of rows) if (r.state in out) out[r.state as JobStateName] = Number(r.n);
  return out;
}

/** A dead job back to the queue, due now, with its attempts reset (its last error is kept until it runs). */
export async function retryJob(ctx: AppContext, caller: Caller, id: number): Promise<JobRowDto> {
  return ctx.database.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, id), visible(caller)))
      .for('update');
    if (!row) throw notFound(MSG.jobNotFound);
    if (row.state !== 'dead') throw conflict(MSG.jobNotDead);
    const [after] = await tx
      .update(jobs)
      .set({ state: 'queued', attempts: 0, runAt: new Date(), finishedAt: null, lockedBy: null, lockedUntil: null })
      .where(eq(jobs.id, id))
      .returning();
    await audit(tx, caller, {
      action: 'JOB_RETRY',
      entity: 'job',
      entityId: id,
      facilityId: caller.facilityId,
      before: { name: row.name, state: row.state, attempts: row.attempts, system: row.facilityId == null },
      after: { state: 'queued', attempts: 0 },
    });
    await wakeRunners(tx);
    return toDto(after!);
  });
}
