import { NEWS_LIVE_TOPIC, type NewsScope } from '@portal/shared/contracts/news.contract';
import { audit } from '../../core/audit';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db';
import { defineJob, enqueue, schedule } from '../../core/jobs';
import { iso } from '../../core/sql';
import { newsCache } from './news.cache';
import * as repo from './news.repository';

/**
 * Scheduled publication (issue 18). Scheduling an article enqueues `news.publish` at its time in the same transaction
 * (one job per article and time: the key); the job publishes the article if it is still SCHEDULED and due — an article
 * rescheduled, published by hand or hidden meanwhile is left alone (the job reads the article, not its payload), so a
 * run again does nothing. A per-minute sweep (`news.publishDue`, cron) publishes whatever is due and was missed (a job
 * lost with a restored backup, a clock moved): at most a minute late. Both run `publishDueArticles`, which locks with
 * SKIP LOCKED: several instances never publish one article twice.
 */
export const NEWS_PUBLISH_JOB = 'news.publish';
export const NEWS_SWEEP_JOB = 'news.publishDue';
export const NEWS_SWEEP_CRON = '* * * * *';

export function enqueuePublication(ex: Executor, facilityId: number, articleId: number, at: Date) {
  return enqueue(ex, { name: NEWS_PUBLISH_JOB, facilityId, key: `article:${articleId}:${at.toISOString()}`, payload: { articleId }, runAt: at });
}

/** Publishes the due SCHEDULED articles (one, a facility's, or all) in `ex`: revision, audit and live event each. */
export async function publishDueArticles(
  ctx: Pick<AppContext, 'live'>,
  ex: Executor,
  now = new Date(),
  only: { facilityId?: number; articleId?: number } = {},
): Promise<{ facilityId: number; id: number; scope: NewsScope }[]> {
  const done = await repo.publishDue(ex, now, only);
  for (const a of done) {
    await repo.insertRevision(ex, a.facilityId, a.id, null, 'AUTO_PUBLISH', { status: { before: 'SCHEDULED', after: 'PUBLISHED' } });
    await audit(ex, null, {
      facilityId: a.facilityId,
      actorId: null,
      actorUsername: 'SYSTEM',
      action: 'NEWS_AUTO_PUBLISH',
      entity: 'news_article',
      entityId: a.id,
      after: { status: 'PUBLISHED', publishAt: iso(a.publishAt) },
    });
    await ctx.live.publish(ex, { facilityId: a.facilityId, topic: NEWS_LIVE_TOPIC, type: 'published', id: a.id, data: { scope: a.scope } });
  }
  return done;
}

export function defineNewsJobs(ctx: AppContext): void {
  defineJob<{ articleId: number }>(
    NEWS_PUBLISH_JOB,
    async (job) => {
      if (job.facilityId === null) return;
      const done = await publishDueArticles(ctx, job.ex, new Date(Date.now() + 1000), { facilityId: job.facilityId, articleId: job.payload.articleId });
      for (const a of done) newsCache(ctx).drop(a.facilityId);
    },
    { transactional: true, maxAttempts: 5 },
  );
  defineJob(
    NEWS_SWEEP_JOB,
    async (job) => {
      const done = await publishDueArticles(ctx, job.ex);
      for (const a of done) newsCache(ctx).drop(a.facilityId);
    },
    { transactional: true, maxAttempts: 3, backoff: { baseMs: 10_000, maxMs: 60_000 } },
  );
  schedule(NEWS_SWEEP_JOB, NEWS_SWEEP_CRON);
}
