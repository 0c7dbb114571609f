import type { AppContext } from '../../core/context';
import { defineJob, schedule } from '../../core/jobs';
import { foldDayStats } from './reports.repository';

/**
 * The recurring system job that adds the booking writes' differences (booking_stat_deltas) into the
 * quick statistic's rollup (booking_day_stats) every five minutes. The reports read both, so a report is
 * exact whenever it runs; folding keeps the differences few. One transaction: the differences are
 * removed and added together, or neither.
 */
export const REPORT_FOLD_JOB = 'reports.fold';
export const REPORT_FOLD_CRON = '*/5 * * * *';

export function foldReportRollup(ctx: Pick<AppContext, 'database'>): Promise<number> {
  return ctx.database.transaction((tx) => foldDayStats(tx));
}

export function defineReportFoldJob(): void {
  defineJob(
    REPORT_FOLD_JOB,
    async (_job, ctx) => {
      await foldReportRollup(ctx);
    },
    { maxAttempts: 3 },
  );
  schedule(REPORT_FOLD_JOB, REPORT_FOLD_CRON);
}
