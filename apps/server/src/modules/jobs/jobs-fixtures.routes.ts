import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../core/context';
import { defineJob, enqueue } from '../../core/jobs';

const TEST_JOB = 'test.effect';
const enqueueBody = z.strictObject({ count: z.number().int().min(1).max(10_000), delayMs: z.number().int().min(0).max(1000).default(0) });

async function rows<T>(ctx: AppContext, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Test-only (ENABLE_TEST_FIXTURES): a transactional job whose side effect is one row per run in
 * job_test_effects, so the process test can kill the server mid-run and count that every job's effect
 * was written exactly once.
 */
export async function jobFixtureRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineJob<{ delayMs: number }>(
    TEST_JOB,
    async (job) => {
      if (job.payload.delayMs) await new Promise((r) => setTimeout(r, job.payload.delayMs));
      await job.ex.execute(sql`INSERT INTO job_test_effects (job_id) VALUES (${job.id})`);
    },
    { transactional: true, backoff: { baseMs: 100, maxMs: 1000 } },
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/test/v1/jobs', {
    config: { access: 'public' },
    schema: { tags: ['Kiểm thử'], body: enqueueBody },
    handler: async (req) => {
      await ctx.database.db.execute(sql`CREATE TABLE IF NOT EXISTS job_test_effects (job_id bigint NOT NULL, at timestamptz NOT NULL DEFAULT now())`);
      await ctx.database.transaction(async (tx) => {
        for (let i = 0; i < req.body.count; i++) await enqueue(tx, { name: TEST_JOB, payload: { delayMs: req.body.delayMs } });
      });
      return { code: 0 as const };
    },
  });
  // a job of `username`'s facility that failed every attempt (the logs screen's "Công việc nền lỗi")
  r.post('/api/test/v1/jobs/dead', {
    config: { access: 'public' },
    schema: { tags: ['Kiểm thử'], body: z.strictObject({ username: z.string() }) },
    handler: async (req) => {
      const [a] = await rows<{ facility_id: number }>(ctx, sql`SELECT facility_id FROM accounts WHERE username = ${req.body.username}`);
      if (!a) throw new Error('no such account');
      const { id } = await ctx.database.transaction((tx) =>
        enqueue(tx, { name: TEST_JOB, payload: { delayMs: 0 }, facilityId: a.facility_id, runAt: new Date(Date.now() + 86_400_000) }),
      );
      await ctx.database.db.execute(
        sql`UPDATE background_jobs SET state = 'dead', attempts = max_attempts, finished_at = now(), last_error = '{"kind":"Error","message":"Nhà cung cấp từ chối"}' WHERE id = ${id}`,
      );
      return { code: 0 as const, data: { id } };
    },
  });
  r.get('/api/test/v1/jobs/effects', {
    config: { access: 'public' },
    schema: { tags: ['Kiểm thử'] },
    handler: async () => {
      const [t] = await rows<{ exists: boolean }>(ctx, sql`SELECT to_regclass('job_test_effects') IS NOT NULL AS exists`);
      if (!t?.exists) return { code: 0 as const, data: { jobs: 0, done: 0, effects: 0, distinct: 0 } };
      const [j] = await rows<{ jobs: number; done: number }>(
        ctx,
        sql`SELECT count(*)::int AS jobs, count(*) FILTER (WHERE state = 'done')::int AS done FROM background_jobs WHERE name = ${TEST_JOB}`,
      );
      const [e] = await rows<{ effects: number; distinct: number }>(
        ctx,
        sql`SELECT count(*)::int AS effects, count(DISTINCT job_id)::int AS distinct FROM job_test_effects`,
      );
      return { code: 0 as const, data: { ...j!, ...e! } };
    },
  });
}
