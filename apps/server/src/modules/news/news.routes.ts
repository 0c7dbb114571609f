import type { FastifyInstance } from 'fastify';
import { NEWS_SCOPE_AUTHORITY, NEWS_SCOPES, newsAdminEndpoints, type NewsScope } from '@portal/shared/contracts/news.contract';
import { caller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { route } from '../../core/endpoints';
import { defineNewsJobs } from './news.job';
import { newsPublicRoutes } from './news.public';
import * as service from './news.service';

const ok = <T>(data: T) => ({ code: 0 as const, data });

/** The admin routes of one scope: MAIN under MANAGER_NEWS, SHP under MANAGER_SHP. */
function scopeRoutes(app: FastifyInstance, ctx: AppContext, scope: NewsScope): void {
  const E = newsAdminEndpoints(scope);
  const config = { access: NEWS_SCOPE_AUTHORITY[scope] };
  const tags = [scope === 'MAIN' ? 'Tin tức' : 'Tin tức phòng khám tư'];
  route(app, E.list, { config, tags, handler: async (req) => service.list(ctx, caller(req), scope, req.query) });
  route(app, E.get, { config, tags, handler: async (req) => ok(await service.get(ctx, caller(req), scope, req.params.id)) });
  route(app, E.byAlias, { config, tags, handler: async (req) => ok(await service.byAlias(ctx, caller(req), scope, req.params.alias)) });
  route(app, E.create, { config, tags, handler: async (req) => ok(await service.create(ctx, caller(req), scope, req.body)) });
  route(app, E.update, { config, tags, handler: async (req) => ok(await service.update(ctx, caller(req), scope, req.params.id, req.body)) });
  route(app, E.remove, { config, tags, handler: async (req) => ok(await service.remove(ctx, caller(req), scope, req.params.id)) });
  route(app, E.publish, { config, tags, handler: async (req) => ok(await service.act(ctx, caller(req), scope, req.params.id, 'publish')) });
  route(app, E.schedule, {
    config,
    tags,
    handler: async (req) => ok(await service.act(ctx, caller(req), scope, req.params.id, 'schedule', req.body.publishAt)),
  });
  route(app, E.hide, { config, tags, handler: async (req) => ok(await service.act(ctx, caller(req), scope, req.params.id, 'hide')) });
  route(app, E.unhide, { config, tags, handler: async (req) => ok(await service.act(ctx, caller(req), scope, req.params.id, 'unhide')) });
  route(app, E.revisions, { config, tags, handler: async (req) => ok(await service.revisions(ctx, caller(req), scope, req.params.id)) });
  route(app, E.categories, { config, tags, handler: async (req) => ok(await service.categories(ctx, caller(req), scope)) });
  route(app, E.createCategory, { config, tags, handler: async (req) => ok(await service.createCategory(ctx, caller(req), scope, req.body)) });
  route(app, E.updateCategory, { config, tags, handler: async (req) => ok(await service.updateCategory(ctx, caller(req), scope, req.params.id, req.body)) });
  route(app, E.removeCategory, { config, tags, handler: async (req) => ok(await service.removeCategory(ctx, caller(req), scope, req.params.id)) });
}

/** News (issue 18): the main news (/admin/news), the private clinic's (/admin/SHP/news), the public API, the publication jobs. */
export async function newsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineNewsJobs(ctx);
  for (const scope of NEWS_SCOPES) scopeRoutes(app, ctx, scope);
  await newsPublicRoutes(app, ctx);
}
