import type { FastifyInstance } from 'fastify';
import { SETTINGS_MESSAGES as M, settingsEndpoints as E } from '@portal/shared/contracts/settings.contract';
import { caller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { route } from '../../core/endpoints';
import * as service from './settings.service';

const access = { access: 'MANAGER_SETTING' as const };
const tags = ['Cấu hình chung và cài đặt'];
const ok = <T>(data: T) => ({ code: 0 as const, data });

/** The general configuration (spec §7 "general config") and the facility's profile (/admin/settings), issue 18. */
export async function settingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, E.list, { config: access, tags, handler: async (req) => ok(await service.listConfig(ctx, caller(req))) });
  route(app, E.notExists, { config: access, tags, handler: async (req) => ok(await service.notExists(ctx, caller(req))) });
  route(app, E.constant, { config: { access: 'signed-in' }, tags, handler: async (req) => ok(await service.constant(ctx, caller(req), req.params.id)) });
  route(app, E.get, { config: access, tags, handler: async (req) => ok(await service.getConfig(ctx, caller(req), req.params.id)) });
  route(app, E.update, {
    config: access,
    tags,
    handler: async (req) => ({ code: 0 as const, message: M.saved, data: await service.setConfig(ctx, caller(req), req.params.id, req.body.value) }),
  });
  route(app, E.remove, {
    config: access,
    tags,
    handler: async (req) => ({ code: 0 as const, message: M.reset, data: await service.resetConfig(ctx, caller(req), req.params.id) }),
  });
  route(app, E.publicConstants, {
    config: { access: 'public' },
    tags,
    handler: async (req) => ok(await service.publicConstants(ctx, req.query.facilityCode)),
  });
  route(app, E.profile, { config: access, tags, handler: async (req) => ok(await service.profile(ctx, caller(req))) });
  route(app, E.updateProfile, {
    config: access,
    tags,
    handler: async (req) => ({ code: 0 as const, message: M.profileSaved, data: await service.updateProfile(ctx, caller(req), req.body) }),
  });
}
