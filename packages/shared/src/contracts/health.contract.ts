import { z } from 'zod';
import { endpoint } from '../core/endpoint';

/** GET /api/health: the server answers and its database too (load balancers, the e2e web server, the benches). */
export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    summary: 'Kiểm tra tình trạng máy chủ và cơ sở dữ liệu',
    response: z.object({ code: z.literal(0), data: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'pg']) }) }),
    errors: [],
  }),
};
