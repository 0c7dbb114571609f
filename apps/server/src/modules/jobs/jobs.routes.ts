import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '@portal/shared';
import { pageOf } from '@portal/shared/core/api';
import { jobCountsResponse, jobIdParam, jobListQuery, jobPage, jobResponse, JOBS_PATH } from '@portal/shared/contracts/jobs.contract';
import { caller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { errorResponses } from '../../core/openapi';
import { jobFixtureRoutes } from './jobs-fixtures.routes';
import * as service from './jobs.service';

/** The logs screen's people (MANAGER_LOG) watch and retry the background jobs; ADMIN_FACILITY passes all. */
const access = { access: 'MANAGER_LOG' as const };
const tags = ['Công việc nền'];

/** Background jobs (core/jobs): the list by state, the counts, and a retry of a dead job. */
export async function jobRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(JOBS_PATH, {
    config: access,
    schema: { tags, summary: 'Công việc nền: danh sách theo trạng thái (mới nhất trước)', querystring: jobListQuery, response: { 200: jobPage, ...errorResponses(400, 401, 403) } },
    handler: async (req) => {
      const { rows, total } = await service.listJobs(ctx, caller(req), req.query);
      return pageOf(rows, total, req.query);
    },
  });
  r.get(`${JOBS_PATH}/counts`, {
    config: access,
    schema: { tags, summary: 'Công việc nền: số lượng theo trạng thái', response: { 200: jobCountsResponse, ...errorResponses(401, 403) } },
    handler: async (req) => ({ code: 0 as const, data: await service.countJobs(ctx, caller(req)) }),
  });
  r.post(`${JOBS_PATH}/:id/retry`, {
    config: access,
    schema: { tags, summary: 'Công việc nền: chạy lại một công việc thất bại', params: jobIdParam, response: { 200: jobResponse, ...errorResponses(400, 401, 403, 404, 409) } },
    handler: async (req) => ({ code: 0 as const, message: MSG.jobRetried, data: await service.retryJob(ctx, caller(req), req.params.id) }),
  });
  if (ctx.config.ENABLE_TEST_FIXTURES) await jobFixtureRoutes(app, ctx);
}
