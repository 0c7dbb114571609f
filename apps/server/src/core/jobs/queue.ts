import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db';
import { describeErrorForLog } from '../errors';
import { LIVE_CHANNEL } from '../live';
import { DEFAULT_MAX_ATTEMPTS, jobDefinition } from './registry';

/** The live-hub topic of "a job is due now": runners wake at once instead of waiting for their poll. */
export const JOBS_TOPIC = 'jobs';
const WAKE = JSON.stringify({ facilityId: 0, topic: JOBS_TOPIC, type: 'due' });

export type JobState = 'queued' | 'running' | 'done' | 'dead';

export interface EnqueueSpec<P = unknown> {
  name: string;
  payload?: P;
  /** When to run (default now). */
  runAt?: Date;
  /** Idempotency key, unique per (facility, name): a second enqueue with it does nothing. */
  key?: string;
  /** The owning facility; none for a system job. */
  facilityId?: number | null;
  /** Overrides the definition's attempts. */
  maxAttempts?: number;
}

/** A claimed job as the runner holds it. */
export interface ClaimedJob {
  id: number;
  name: string;
  payload: unknown;
  facilityId: number | null;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
}

async function rows<T>(ex: Executor, query: SQL): Promise<T[]> {
  return ((await ex.execute(query)) as unknown as { rows: T[] }).rows;
}

const idList = (ids: readonly number[]) => sql`(SELECT jsonb_array_elements_text(${JSON.stringify(ids.map(String))}::jsonb)::bigint)`;
const lease = (ms: number) => sql`now() + ${Math.round(ms)} * interval '1 millisecond'`;

/**
 * Adds a job through `ex` — pass the caller's transaction: the job exists only if that write
 * commits (and runners are woken by a NOTIFY that PostgreSQL delivers only at the commit). With a
 * key already present nothing is added and the existing job's id is returned (`created: false`).
 */
export async function enqueue<P>(ex: Executor, spec: EnqueueSpec<P>): Promise<{ id: number; created: boolean }> {
  const maxAttempts = spec.maxAttempts ?? jobDefinition(spec.name)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const facilityId = spec.facilityId ?? null;
  const key = spec.key ?? null;
  const runAt = spec.runAt ? spec.runAt.toISOString() : null;
  const due = !spec.runAt || spec.runAt.getTime() <= Date.now();
  const inserted = await rows<{ id: number | string }>(
    ex,
    sql`WITH ins AS (
          INSERT INTO background_jobs (facility_id, name, payload, run_at, key, max_attempts)
          VALUES (${facilityId}, ${spec.name}, ${JSON.stringify(spec.payload ?? {})}::jsonb, coalesce(${runAt}::timestamptz, now()), ${key}, ${maxAttempts})
          ON CONFLICT (coalesce(facility_id, 0), name, key) WHERE key IS NOT NULL DO NOTHING
          RETURNING id
        )
        ${due ? sql`SELECT ins.id FROM ins, (SELECT pg_notify(${LIVE_CHANNEL}, ${WAKE})) wake` : sql`SELECT id FROM ins`}`,
  );
  if (inserted[0]) return { id: Number(inserted[0].id), created: true };
  const [existing] = await rows<{ id: number | string }>(
    ex,
    sql`SELECT id FROM background_jobs WHERE coalesce(facility_id, 0) = ${facilityId ?? 0} AND name = ${spec.name} AND key = ${key}`,
  );
  if (!existing) throw new Error('enqueue: conflicting job not found');
  return { id: Number(existing.id), created: false };
}

/** Wakes every runner at the commit of `ex`'s transaction (a job made due by other means than enqueue). */
export async function wakeRunners(ex: Executor): Promise<void> {
  await ex.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${WAKE})`);
}

/**
 * Claims up to `limit` due jobs of the given names for `runner`: queued ones whose time has come and
 * running ones whose lease expired (their runner died). SKIP LOCKED: two runners never take one job.
 */
export async function claimJobs(ex: Executor, runner: string, names: readonly string[], limit: number, leaseMs: number): Promise<ClaimedJob[]> {
  if (limit <= 0 || names.length === 0) return [];
  const claimed = await rows<{
    id: number | string;
    name: string;
    payload: unknown;
    facility_id: number | null;
    attempts: number;
    max_attempts: number;
    run_at: Date | string;
  }>(
    ex,
    sql`UPDATE background_jobs j
        SET state = 'running', locked_by = ${runner}, locked_until = ${lease(leaseMs)}, attempts = j.attempts + 1
        FROM (
          SELECT id FROM background_jobs
          WHERE ((state = 'queued' AND run_at <= now()) OR (state = 'running' AND locked_until < now()))
            AND name IN (SELECT jsonb_array_elements_text(${JSON.stringify(names)}::jsonb))
          ORDER BY run_at, id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        ) c
        WHERE j.id = c.id
        RETURNING j.id, j.name, j.payload, j.facility_id, j.attempts, j.max_attempts, j.run_at`,
  );
  return claimed
    .map((r) => ({
      id: Number(r.id),
      name: r.name,
      payload: r.payload,
      facilityId: r.facility_id,
      attempts: r.attempts,
      maxAttempts: r.max_attempts,
      runAt: new Date(r.run_at),
    }))
    .sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
}

/** Thrown when a runner no longer holds a job it finishes (its lease expired and another took it). */
export class LeaseLost extends Error {
  constructor(id: number) {
    super(`job ${id}: lease lost`);
    this.name = 'LeaseLost';
  }
}

const held = (job: ClaimedJob, runner: string) => sql`id = ${job.id} AND state = 'running' AND locked_by = ${runner} AND attempts = ${job.attempts}`;

/** Marks a job done, through `ex` (the handler's transaction for a transactional job). */
export async function finishJob(ex: Executor, job: ClaimedJob, runner: string): Promise<void> {
  const done = await rows<{ id: number }>(
    ex,
    sql`UPDATE background_jobs SET state = 'done', finished_at = now(), locked_by = NULL, locked_until = NULL WHERE ${held(job, runner)} RETURNING id`,
  );
  if (!done.length) throw new LeaseLost(job.id);
}

/** A failure as stored in last_error: the described error of the logs (no query parameters), at most 2,000 characters. */
export function describeJobError(err: unknown): string {
  const d = describeErrorForLog(err);
  if (typeof d.stack === 'string')
    d.stack = d.stack
      .split('\n')
      .slice(1, 6)
      .map((l) => l.trim())
      .join(' | ');
  const text = JSON.stringify(d);
  return text.length > 2000 ? `${text.slice(0, 1999)}…` : text;
}

/** Back to queued after `delayMs`, or dead when its attempts are spent; returns the new state (null: lease lost). */
export async function failJob(ex: Executor, job: ClaimedJob, runner: string, error: string, delayMs: number): Promise<JobState | null> {
  const [r] = await rows<{ state: JobState }>(
    ex,
    sql`UPDATE background_jobs SET
          state = CASE WHEN attempts >= max_attempts THEN 'dead' ELSE 'queued' END,
          run_at = CASE WHEN attempts >= max_attempts THEN run_at ELSE ${lease(delayMs)} END,
          finished_at = CASE WHEN attempts >= max_attempts THEN now() END,
          last_error = ${error}, locked_by = NULL, locked_until = NULL
        WHERE ${held(job, runner)} RETURNING state`,
  );
  return r?.state ?? null;
}

/** Extends the leases of the jobs this runner is running. */
export async function renewLeases(ex: Executor, runner: string, ids: readonly number[], leaseMs: number): Promise<void> {
  if (!ids.length) return;
  await ex.execute(sql`UPDATE background_jobs SET locked_until = ${lease(leaseMs)} WHERE state = 'running' AND locked_by = ${runner} AND id IN ${idList(ids)}`);
}

/** Gives back jobs this runner holds but will not finish (a stop): queued again, the attempt not counted. */
export async function releaseJobs(ex: Executor, runner: string, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await ex.execute(
    sql`UPDATE background_jobs SET state = 'queued', locked_by = NULL, locked_until = NULL, attempts = greatest(attempts - 1, 0)
        WHERE state = 'running' AND locked_by = ${runner} AND id IN ${idList(ids)}`,
  );
}

/**
 * Ends every lease at once. Only for the embedded PGlite, whose data directory one process holds at
 * a time: a job still "running" at start was left by a process that died.
 */
export async function expireAllLeases(ex: Executor): Promise<number> {
  const r = await rows<{ id: number }>(
    ex,
    sql`UPDATE background_jobs SET locked_until = now() - interval '1 millisecond' WHERE state = 'running' RETURNING id`,
  );
  return r.length;
}
