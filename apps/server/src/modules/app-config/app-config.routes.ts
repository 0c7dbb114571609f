import type { FastifyInstance, FastifyReply } from 'fastify';
import { appConfigEndpoints as E, appPublicEndpoints as P } from '@portal/shared/contracts/app-config.contract';
import { caller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { route } from '../../core/endpoints';
import * as service from './app-config.service';

const access = { access: 'MANAGER_SETTING' as const };
const tags = ['Cấu hình ứng dụng bệnh nhân'];
const ok = <T>(data: T) => ({ code: 0 as const, data });

/** A phone or a proxy may reuse the answer half a minute (a hidden banner is gone from the app within it). */
function publicCache(reply: FastifyReply) {
  reply.header('Cache-Control', 'public, max-age=30, stale-while-revalidate=60');
}

/** The patient app's home menu and banners: /admin/menu (MANAGER_SETTING) and the app's public reads (issue 18). */
export async function appConfigRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, E.menuList, { config: access, tags, handler: async (req) => ok(await service.menuList(ctx, caller(req))) });
  route(app, E.menuCreate, { config: access, tags, handler: async (req) => ok(await service.menuCreate(ctx, caller(req), req.body)) });
  route(app, E.menuUpdate, { config: access, tags, handler: async (req) => ok(await service.menuUpdate(ctx, caller(req), req.params.id, req.body)) });
  route(app, E.menuRemove, { config: access, tags, handler: async (req) => ok(await service.menuRemove(ctx, caller(req), req.params.id)) });
  route(app, E.menuVisible, {
    config: access,
    tags,
    handler: async (req) => ok(await service.menuVisible(ctx, caller(req), req.params.id, req.body.visible)),
  });
  route(app, E.menuReorder, { config: access, tags, handler: async (req) => ok(await service.menuReorder(ctx, caller(req), req.body.ids)) });

  route(app, E.bannerList, { config: access, tags, handler: async (req) => ok(await service.bannerList(ctx, caller(req), req.query)) });
  route(app, E.bannerCreate, { config: access, tags, handler: async (req) => ok(await service.bannerCreate(ctx, caller(req), req.body)) });
  route(app, E.bannerUpdate, {
    config: access,
    tags,
    handler: async (req) => ok(await service.bannerUpdate(ctx, caller(req), req.params.id, req.body)),
  });
  route(app, E.bannerRemove, { config: access, tags, handler: async (req) => ok(await service.bannerRemove(ctx, caller(req), req.params.id)) });
  route(app, E.bannerVisible, {
    config: access,
    tags,
    handler: async (req) => ok(await service.bannerVisible(ctx, caller(req), req.params.id, req.body.visible)),
  });
  route(app, E.bannerReorder, { config: access, tags, handler: async (req) => ok(await service.bannerReorder(ctx, caller(req), req.body.ids)) });

  const pub = { access: 'public' as const };
  const publicTags = ['Ứng dụng bệnh nhân (công khai)'];
  // the JSON is built (and cached) as text: sent as it is
  route(app, P.menu, {
    config: pub,
    tags: publicTags,
    handler: async (req, reply) => {
      const json = await service.publicMenuJson(ctx, req.query);
      publicCache(reply);
      return reply.type('application/json; charset=utf-8').send(json) as never;
    },
  });
  route(app, P.banners, {
    config: pub,
    tags: publicTags,
    handler: async (req, reply) => {
      const json = await service.publicBannersJson(ctx, req.query);
      publicCache(reply);
      return reply.type('application/json; charset=utf-8').send(json) as never;
    },
  });
}
