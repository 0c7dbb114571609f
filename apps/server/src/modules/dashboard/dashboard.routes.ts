import type { FastifyInstance } from 'fastify';
import { dashboardEndpoints } from '@portal/shared/contracts/dashboard.contract';
import { caller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { route } from '../../core/endpoints';
import { dashboard } from './dashboard.service';

/** The home page's dashboard (issue 16): any signed-in account; the answer holds only the sections its authorities open. */
export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, dashboardEndpoints.get, {
    config: { access: 'signed-in' },
    tags: ['Trang chủ'],
    handler: async (req) => ({ code: 0 as const, data: await dashboard(ctx, caller(req)) }),
  });
}
