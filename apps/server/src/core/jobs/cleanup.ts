import { sql } from 'drizzle-orm';
import type { Executor } from '../db';
import { defineJob, schedule } from './registry';

/** The recurring system job that keeps `background_jobs` small: every night at 03:15 (+07:00). */
export const JOBS_CLEANUP_JOB = 'jobs.cleanup';
export const JOBS_CLEANUP_CRON = '15 3 * * *';
/** Rows deleted per statement: short transactions, no long lock on the table. */
export const JOBS_CLEANUP_BATCH = 5_000;

export interface Retention {
  /** Done jobs are kept this many days after they finished (an admin can still see what ran). */
  doneDays: number;
  /** Dead jobs are kept this many days after they died (long: an admin may still retry them). */
  deadDays: number;
}

/**
 * Deletes the done and dead jobs older than the retention, batch by batch; queued and running jobs are
 * never touched, and a recurring job's next occurrence (queued) neither. Returns the rows deleted.
 */
export async function deleteOldJobs(ex: Executor, retention: Retention, batch = JOBS_CLEANUP_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const res = (await ex.execute(
      sql`DELETE FROM background_jobs WHERE id IN (
            SELECT id FROM background_jobs
            WHERE (state = 'done' AND finished_at < now() - ${retention.doneDays} * interval '1 day')
               OR (state = 'dead' AND finished_at < now() - ${retention.deadDays} * interval '1 day')
            LIMIT ${batch}
          ) RETURNING id`,
    )) as unknown as { rows: unknown[] };
    total += res.rows.length;
    if (res.rows.length < batch) return total;
  }
}

/** Defines the cleanup job with this instance's retention and makes it recurring (installJobRunner). */
export function defineJobsCleanup(retention: Retention): void {
  defineJob(
    JOBS_CLEANUP_JOB,
    async (job) => {
      await deleteOldJobs(job.ex, retention);
    },
    { maxAttempts: 3 },
  );
  schedule(JOBS_CLEANUP_JOB, JOBS_CLEANUP_CRON);
}
