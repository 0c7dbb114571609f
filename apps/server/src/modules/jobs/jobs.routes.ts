import type { FastifyInstance } from 'fastify';
import { MSG } from '@portal/shared';
import { pageOf } from '@portal/shared/core/api';
import { jobEndpoints } from '@portal/shared/contracts/jobs.contract';
import { caller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { route } from '../../core/endpoints';
import { jobFixtureRoutes } from './jobs-fixtures.routes';
import * as service from './jobs.service';

/** The logs screen's people (MANAGER_LOG) watch and retry the background jobs; ADMIN_FACILITY passes all. */
const access = { access: 'MANAGER_LOG' as const };
const tags = ['Công việc nền'];

/** Background jobs (core/jobs): the list by state, the counts, and a retry of a dead job. */
export async function jobRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, jobEndpoints.list, {
    config: access,
    tags,
    handler: async (req) => {
      const { rows, total } = await service.listJobs(ctx, caller(req), req.query);
      return pageOf(rows, total, req.query);
    },
  });
  route(app, jobEndpoints.counts, { config: access, tags, handler: async (req) => ({ code: 0 as const, data: await service.countJobs(ctx, caller(req)) }) });
  route(app, jobEndpoints.retry, {
    config: access,
    tags,
    handler: async (req) => ({ code: 0 as const, message: MSG.jobRetried, data: await service.retryJob(ctx, caller(req), req.params.id) }),
  });
  if (ctx.config.ENABLE_TEST_FIXTURES) await jobFixtureRoutes(app, ctx);
}
