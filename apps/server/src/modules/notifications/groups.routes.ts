import type { FastifyInstance } from 'fastify';
import { notificationGroupEndpoints as E } from '@portal/shared/contracts/notification-groups.contract';
import { caller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { route } from '../../core/endpoints';
import { defineCampaignJob } from './groups.job';
import * as service from './groups.service';

const access = { access: 'MANAGER_NOTIFICATION' as const };
const tags = ['Nhóm thông báo'];
const ok = <T>(data: T) => ({ code: 0 as const, data });

/** Notification groups — campaigns (/admin/nhom-thong-bao, MANAGER_NOTIFICATION; issue 17). */
export async function notificationGroupRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineCampaignJob();
  route(app, E.list, { config: access, tags, handler: async (req) => service.list(ctx, caller(req), req.query) });
  route(app, E.get, { config: access, tags, handler: async (req) => ok(await service.get(ctx, caller(req), req.params.id)) });
  route(app, E.create, { config: access, tags, handler: async (req) => ok(await service.create(ctx, caller(req), req.body)) });
  route(app, E.update, { config: access, tags, handler: async (req) => ok(await service.update(ctx, caller(req), req.params.id, req.body)) });
  route(app, E.remove, { config: access, tags, handler: async (req) => ok(await service.remove(ctx, caller(req), req.params.id)) });
  route(app, E.send, { config: access, tags, handler: async (req) => ok(await service.send(ctx, caller(req), req.params.id)) });
  route(app, E.schedule, {
    config: access,
    tags,
    handler: async (req) => ok(await service.schedule(ctx, caller(req), req.params.id, req.body.scheduledAt)),
  });
  route(app, E.cancel, { config: access, tags, handler: async (req) => ok(await service.cancel(ctx, caller(req), req.params.id)) });
  route(app, E.count, { config: access, tags, handler: async (req) => ok(await service.count(ctx, caller(req), req.body.audience)) });
  route(app, E.recipients, { config: access, tags, handler: async (req) => service.recipients(ctx, caller(req), req.params.id, req.query) });
  route(app, E.options, { config: access, tags, handler: async (req) => service.options(ctx, caller(req), req.params.kind, req.query) });
}
