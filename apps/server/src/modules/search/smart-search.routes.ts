import type { FastifyInstance } from 'fastify';
import { smartSearchEndpoints } from '@portal/shared/contracts/search.contract';
import { caller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { route } from '../../core/endpoints';
import { SMART_GROUP_AUTHORITY, smartSearch } from './smart-search.service';

/** Anyone who may see one of the groups may search; each group is then filtered by its own authority. */
const access = { access: Object.values(SMART_GROUP_AUTHORITY) };
const tags = ['Tìm kiếm nhanh'];

/** GET /api/catalog/v1/smart-search (spec §7 "smart-search"): the admin header's search box. */
export async function smartSearchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, smartSearchEndpoints.search, {
    config: access,
    tags,
    handler: async (req) => ({ code: 0 as const, data: { groups: await smartSearch(ctx, caller(req), req.query) } }),
  });
}
