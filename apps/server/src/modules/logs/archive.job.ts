import { DAY_MS } from '@portal/shared/rules/time';
import type { AppContext } from '../../core/context';
import { defineJob, schedule } from '../../core/jobs';
import { archiveBatch } from './logs.repository';

/** The recurring system job that keeps the live log to LOG_RETENTION_DAYS: every night at 02:45 (+07:00). */
export const LOG_ARCHIVE_JOB = 'logs.archive';
export const LOG_ARCHIVE_CRON = '45 2 * * *';
/** Rows moved per transaction: short transactions, no long lock. */
export const LOG_ARCHIVE_BATCH = 5_000;

/**
 * Moves every audit row older than the retention to audit_log_archive, batch by batch, each batch in its
 * own transaction (a row is copied, then deleted, or neither). Safe to run again after a crash: a moved
 * row is no longer in the live log. Returns how many rows moved.
 */
export async function archiveOldLogs(ctx: Pick<AppContext, 'database'>, retentionDays: number, now = new Date(), batch = LOG_ARCHIVE_BATCH): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  let total = 0;
  for (;;) {
    const n = await ctx.database.transaction((tx) => archiveBatch(tx, cutoff, batch));
    total += n;
    if (n < batch) return total;
  }
}

export function defineLogArchiveJob(): void {
  defineJob(
    LOG_ARCHIVE_JOB,
    async (_job, ctx) => {
      await archiveOldLogs(ctx, ctx.config.LOG_RETENTION_DAYS);
    },
    { maxAttempts: 3 },
  );
  schedule(LOG_ARCHIVE_JOB, LOG_ARCHIVE_CRON);
}
