import type { AppContext } from '../context';
import type { Executor } from '../db';
import { assertCron } from './cron';

/** What a handler is given about the job it runs. */
export interface JobRun<P = unknown> {
  id: number;
  name: string;
  payload: P;
  facilityId: number | null;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  runAt: Date;
  /**
   * For a `transactional` job: the transaction in which the runner also marks the job done, so the
   * handler's writes and the completion commit together (a crash or a lost lease rolls both back: the
   * job runs again and its effect is written once). Otherwise the database. On PGlite, use only this
   * executor inside the handler: the outer database there hangs inside a transaction.
   */
  ex: Executor;
}

export type JobHandler<P = unknown> = (job: JobRun<P>, ctx: AppContext) => Promise<void>;

export interface Backoff {
  /** Delay before the second attempt; doubled for each further one. */
  baseMs: number;
  /** Cap of the delay. */
  maxMs: number;
}

export interface JobOptions {
  /** Attempts before the job is dead (the enqueue call may set its own). */
  maxAttempts?: number;
  backoff?: Partial<Backoff>;
  /** Run the handler and the completion in one transaction (see JobRun.ex). */
  transactional?: boolean;
}

export interface JobDefinition {
  name: string;
  handler: JobHandler;
  maxAttempts: number;
  backoff: Backoff;
  transactional: boolean;
}

export interface RecurringJob {
  name: string;
  cron: string;
  payload: Record<string, unknown>;
}

export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_BACKOFF: Backoff = { baseMs: 5_000, maxMs: 60 * 60_000 };
const NAME = /^[a-zA-Z][\w.:-]{0,99}$/;

const handlers = new Map<string, JobDefinition>();
const recurring = new Map<string, RecurringJob>();

/**
 * Registers the handler of the jobs named `name` (once per process; defining it again replaces it,
 * which is what a second app built in the same test process does). A runner claims only the names
 * it has a handler for, so an instance of an older release leaves a newer job to the others.
 */
export function defineJob<P = unknown>(name: string, handler: JobHandler<P>, opts: JobOptions = {}): JobDefinition {
  if (!NAME.test(name)) throw new Error(`invalid job name ${name}`);
  const def: JobDefinition = {
    name,
    handler: handler as JobHandler,
    maxAttempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    backoff: { ...DEFAULT_BACKOFF, ...opts.backoff },
    transactional: opts.transactional ?? false,
  };
  handlers.set(name, def);
  return def;
}

/**
 * Makes `name` (a defined job) recurring: every runner keeps its next occurrence of `cron` (read in
 * Asia/Ho_Chi_Minh) enqueued as a system job whose idempotency key is the occurrence's time, so
 * several instances enqueue it once and it runs once.
 */
export function schedule(name: string, cron: string, payload: Record<string, unknown> = {}): void {
  assertCron(cron);
  recurring.set(name, { name, cron, payload });
}

export const jobDefinition = (name: string): JobDefinition | undefined => handlers.get(name);
export const definedJobNames = (): string[] => [...handlers.keys()];
export const recurringJobs = (): RecurringJob[] => [...recurring.values()];

/** The delay before attempt `attempt + 1`: exponential from baseMs, capped, with "equal jitter" (half fixed, half random). */
export function backoffDelay(backoff: Backoff, attempt: number, random: () => number = Math.random): number {
  const exp = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + (exp / 2) * random());
}
