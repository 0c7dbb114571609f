import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { Executor } from '../db';
import { describeErrorForLog } from '../errors';
import { defineJobsCleanup } from './cleanup';
import { nextOccurrence } from './cron';
import {
  claimJobs,
  describeJobError,
  enqueue,
  expireAllLeases,
  failJob,
  finishJob,
  JOBS_TOPIC,
  LeaseLost,
  releaseJobs,
  renewLeases,
  type ClaimedJob,
} from './queue';
import { backoffDelay, definedJobNames, jobDefinition, recurringJobs, type RecurringJob } from './registry';
import { StartupError } from '../startup';

export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}
const silent: JobLog = { info: () => undefined, warn: () => undefined };

export interface JobRunnerOptions {
  /** How often to look for due jobs when no NOTIFY wakes the runner (default 1,000 ms). */
  pollMs?: number;
  /** Jobs run at once by this runner (default 4). */
  concurrency?: number;
  /** A claimed job's lease; renewed every third of it while the job runs (default 30 s). */
  leaseMs?: number;
  /** On stop, how long running jobs may finish before they are given back (default 5 s). */
  stopGraceMs?: number;
  /** How often each recurring job's next occurrence is (re)enqueued (default 30 s). */
  scheduleEveryMs?: number;
  log?: JobLog;
}

export interface JobRunner {
  /** `host:pid:random`, written to locked_by. */
  readonly id: string;
  /** Looks for due jobs now. */
  wake(): void;
  /** Stops claiming, lets running jobs finish for stopGraceMs, gives back the others. */
  stop(): Promise<void>;
}

const DEFAULTS = { pollMs: 1000, concurrency: 4, leaseMs: 30_000, stopGraceMs: 5_000, scheduleEveryMs: 30_000 };

/** Enqueues the next occurrence of a recurring job (key = its time: every instance enqueues the same one). */
export async function enqueueNextOccurrence(ctx: AppContext, r: RecurringJob, after: Date = new Date()): Promise<Date | null> {
  const at = nextOccurrence(r.cron, after);
  if (!at) return null;
  await ctx.database.transaction((tx) => enqueue(tx, { name: r.name, payload: r.payload, runAt: at, key: `at:${at.toISOString()}` }));
  return at;
}

/**
 * Starts a runner in this process. Several runners (instances) may share one database: claims use
 * FOR UPDATE SKIP LOCKED and leases, so a job runs on one of them, and again elsewhere only if its
 * runner died (lease expired) — at least once. Wakes on the live hub's `jobs` NOTIFY, else polls.
 */
export async function startJobRunner(ctx: AppContext, options: JobRunnerOptions = {}): Promise<JobRunner> {
  const o = { ...DEFAULTS, ...options };
  const log = options.log ?? silent;
  const id = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const { database } = ctx;
  const active = new Map<number, Promise<void>>();
  /** Claimed ahead (up to `concurrency` more than run at once): a finished job's slot is refilled without a query. */
  const ready: ClaimedJob[] = [];
  /** One statement: autocommit on PostgreSQL; on PGlite a transaction, whose commit is flushed to disk. */
  const write = <T>(fn: (ex: Executor) => Promise<T>): Promise<T> => (database.kind === 'pg' ? fn(database.db) : database.transaction(fn));
  let stopping = false;
  let busy = false;
  let again = false;
  let nextScheduleCheck = 0;
  let claiming: Promise<void> = Promise.resolve();

  // one process holds a PGlite data directory: what is "running" there was left by a dead process
  if (database.kind === 'pglite') {
    const n = await database.transaction((tx) => expireAllLeases(tx));
    if (n) log.info({ jobs: n }, 'jobs: leases of a previous process ended');
  }

  async function ensureSchedules(): Promise<void> {
    for (const r of recurringJobs()) {
      if (!jobDefinition(r.name)) continue;
      await enqueueNextOccurrence(ctx, r);
    }
  }

  async function run(job: ClaimedJob): Promise<void> {
    const def = jobDefinition(job.name);
    try {
      if (!def) throw new Error(`no handler for job ${job.name}`);
      if (job.attempts > job.maxAttempts) throw new Error('attempts spent: the job was abandoned by a runner that stopped (lease expired)');
      const base = {
        id: job.id,
        name: job.name,
        payload: job.payload,
        facilityId: job.facilityId,
        attempt: job.attempts,
        maxAttempts: job.maxAttempts,
        runAt: job.runAt,
      };
      if (def.transactional) {
        await database.transaction(async (tx) => {
          await def.handler({ ...base, ex: tx }, ctx);
          await finishJob(tx, job, id);
        });
      } else {
        await def.handler({ ...base, ex: database.db }, ctx);
        await write((ex) => finishJob(ex, job, id));
      }
    } catch (err) {
      if (err instanceof LeaseLost) {
        log.warn({ job: job.id, name: job.name }, 'jobs: lease lost before completion');
        return;
      }
      const delay = backoffDelay(def?.backoff ?? { baseMs: 5000, maxMs: 3_600_000 }, job.attempts);
      try {
        const state = await write((ex) => failJob(ex, job, id, describeJobError(err), delay));
        log.warn(
          { job: job.id, name: job.name, attempt: job.attempts, state, err: describeErrorForLog(err) },
          state === 'dead' ? 'job dead' : 'job failed, will retry',
        );
      } catch (e) {
        // the lease will expire and another claim will retry it
        log.warn({ job: job.id, err: describeErrorForLog(e) }, 'jobs: cannot record a failure');
      }
    }
    const recurring = recurringJobs().find((r) => r.name === job.name);
    if (recurring && !stopping) {
      await enqueueNextOccurrence(ctx, recurring, new Date(Math.max(Date.now(), job.runAt.getTime()))).catch((e: unknown) =>
        log.warn({ name: job.name, err: describeErrorForLog(e) }, 'jobs: cannot enqueue the next occurrence'),
      );
    }
  }

  function pump() {
    while (!stopping && active.size < o.concurrency && ready.length) {
      const job = ready.shift()!;
      const p = run(job).finally(() => {
        active.delete(job.id);
        pump();
        if (ready.length < o.concurrency) wake();
      });
      active.set(job.id, p);
    }
  }

  /** Claims while there is room; a tick asked for during one makes it go round again. */
  function tick(): Promise<void> {
    if (stopping) return Promise.resolve();
    if (busy) {
      again = true;
      return claiming;
    }
    busy = true;
    claiming = claimWhileRoom();
    return claiming;
  }

  async function claimWhileRoom(): Promise<void> {
    try {
      do {
        again = false;
        if (Date.now() >= nextScheduleCheck) {
          nextScheduleCheck = Date.now() + o.scheduleEveryMs;
          await ensureSchedules();
        }
        const free = 2 * o.concurrency - active.size - ready.length;
        if (ready.length >= o.concurrency || free <= 0) break;
        const claimed = await write((ex) => claimJobs(ex, id, definedJobNames(), free, o.leaseMs));
        if (stopping) {
          await write((ex) =>
            releaseJobs(
              ex,
              id,
              claimed.map((j) => j.id),
            ),
          );
          return;
        }
        ready.push(...claimed);
        pump();
        if (claimed.length === free) again = true;
      } while (again && !stopping);
    } catch (err) {
      if (!stopping) log.warn({ err: describeErrorForLog(err) }, 'jobs: claim failed');
    } finally {
      busy = false;
    }
  }

  function wake() {
    if (!stopping) void tick();
  }

  const unsubscribe = ctx.live.subscribe((e) => e.topic === JOBS_TOPIC && wake());
  const poll = setInterval(wake, o.pollMs);
  poll.unref();
  const heartbeat = setInterval(
    () => {
      const ids = [...active.keys(), ...ready.map((j) => j.id)];
      if (ids.length)
        void write((ex) => renewLeases(ex, id, ids, o.leaseMs)).catch((e: unknown) => log.warn({ err: describeErrorForLog(e) }, 'jobs: cannot renew leases'));
    },
    Math.max(100, Math.floor(o.leaseMs / 3)),
  );
  heartbeat.unref();
  wake();

  return {
    id,
    wake,
    async stop() {
      if (stopping) return;
      stopping = true;
      clearInterval(poll);
      clearInterval(heartbeat);
      unsubscribe();
      // a claim under way finishes first (and gives back what it took), so nothing is left running
      await claiming.catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled([...active.values()]), new Promise((r) => (timer = setTimeout(r, o.stopGraceMs)))]);
      clearTimeout(timer);
      const left = [...active.keys(), ...ready.splice(0).map((j) => j.id)];
      if (left.length) {
        await write((ex) => releaseJobs(ex, id, left)).catch(() => undefined);
        log.warn({ jobs: left.length }, 'jobs: given back unfinished at stop');
      }
    },
  };
}

/** The runner's knobs (README "Configure"). */
export const jobsConfigSchema = z.object({
  /** Run jobs in this instance (every instance may; turn off to keep web-only instances). */
  JOBS_ENABLED: z
    .union([z.boolean(), z.string()])
    .transform((v) => (typeof v === 'boolean' ? v : !['0', 'false', 'no', 'off'].includes(v.toLowerCase())))
    .default(true),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(DEFAULTS.concurrency),
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(DEFAULTS.pollMs),
  JOBS_LEASE_SECONDS: z.coerce
    .number()
    .min(1)
    .max(3600)
    .default(DEFAULTS.leaseMs / 1000),
  /** Days a done job is kept before the nightly cleanup deletes it. */
  JOBS_KEEP_DONE_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
  /** Days a dead job is kept (it can be retried meanwhile). */
  JOBS_KEEP_DEAD_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
});

export function jobsConfig(env: Record<string, string | undefined> = process.env) {
  const raw = Object.fromEntries(Object.entries(env).filter(([k, v]) => k.startsWith('JOBS_') && v !== undefined && v !== ''));
  const parsed = jobsConfigSchema.safeParse(raw);
  if (!parsed.success) throw new StartupError(`Cấu hình không hợp lệ: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

/** Starts this app's runner when it is ready and stops it when it closes (app.ts; not under NODE_ENV=test). */
export function installJobRunner(app: FastifyInstance, ctx: AppContext): void {
  const c = jobsConfig();
  if (!c.JOBS_ENABLED) return;
  defineJobsCleanup({ doneDays: c.JOBS_KEEP_DONE_DAYS, deadDays: c.JOBS_KEEP_DEAD_DAYS });
  let runner: JobRunner | null = null;
  app.addHook('onReady', async () => {
    runner = await startJobRunner(ctx, { concurrency: c.JOBS_CONCURRENCY, pollMs: c.JOBS_POLL_MS, leaseMs: c.JOBS_LEASE_SECONDS * 1000, log: app.log });
  });
  app.addHook('onClose', async () => {
    await runner?.stop();
  });
}
