import type { FastifyInstance } from 'fastify';
import { healthEndpoints } from '@portal/shared/contracts/health.contract';
import type { AppContext } from '../../core/context';
import { route } from '../../core/endpoints';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, healthEndpoints.health, {
    config: { access: 'public' },
    tags: ['Hệ thống'],
    handler: async () => {
      await ctx.database.query('health', 'SELECT 1', []);
      return { code: 0 as const, data: { status: 'ok' as const, database: ctx.database.kind } };
    },
  });
}
