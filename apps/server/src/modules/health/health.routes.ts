import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../core/context';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    config: { access: 'public' },
    schema: {
      tags: ['Hệ thống'],
      summary: 'Kiểm tra tình trạng máy chủ và cơ sở dữ liệu',
      response: { 200: z.object({ code: z.literal(0), data: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'pg']) }) }) },
    },
    handler: async () => {
      await ctx.database.query('health', 'SELECT 1', []);
      return { code: 0 as const, data: { status: 'ok' as const, database: ctx.database.kind } };
    },
  });
}
