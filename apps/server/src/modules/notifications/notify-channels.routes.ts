import type { FastifyInstance } from 'fastify';
import { notifyChannelEndpoints as E } from '@portal/shared/contracts/notify-channels.contract';
import { caller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { route } from '../../core/endpoints';
import * as service from './notify-channels.service';

const tags = ['Nhà cung cấp kênh gửi tin'];
/** Either authority opens the routes; each channel then needs its own (SMS: MANAGER_SMS, the others: MANAGER_NOTIFICATION). */
const access = { access: ['MANAGER_NOTIFICATION', 'MANAGER_SMS'] as const };
const ok = <T>(data: T) => ({ code: 0 as const, data });

/** The provider of each channel to patients (FCM, Web Push, Zalo ZNS, brandname SMS, or recording). */
export async function notifyChannelRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, E.list, { config: access, tags, handler: async (req) => ok(await service.list(ctx, caller(req))) });
  route(app, E.save, { config: access, tags, handler: async (req) => ok(await service.save(ctx, caller(req), req.params.channel, req.body)) });
  route(app, E.test, { config: access, tags, handler: async (req) => ok(await service.test(ctx, caller(req), req.params.channel, req.body.to)) });
}
