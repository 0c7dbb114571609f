import type { FastifyInstance } from 'fastify';
import { MESSAGE_TEXTS, notificationMessageEndpoints } from '@portal/shared/contracts/notification-messages.contract';
import { caller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { route } from '../../core/endpoints';
import { notificationEventRoutes } from './events.admin';
import { defineReminderJob } from './events.reminders';
import { suggestProfiles } from '../patients/lookup.service';
import * as service from './messages.service';

const access = { access: 'MANAGER_NOTIFICATION' as const };
const tags = ['Thông báo'];

/**
 * The push-notifications screen (/admin/thong-bao-day, MANAGER_NOTIFICATION; issue 17): every message sent with
 * its delivery, the totals per campaign and per event, one message pushed to one patient, and the events' settings.
 */
export async function notificationMessageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineReminderJob();
  notificationEventRoutes(app, ctx);
  route(app, notificationMessageEndpoints.list, { config: access, tags, handler: async (req) => service.messages(ctx, caller(req), req.query) });
  route(app, notificationMessageEndpoints.totals, { config: access, tags, handler: async (req) => service.campaignTotals(ctx, caller(req), req.query) });
  route(app, notificationMessageEndpoints.eventTotals, {
    config: access,
    tags,
    handler: async (req) => ({ code: 0 as const, data: await service.eventTotals(ctx, caller(req)) }),
  });
  // the push form's patient search: the booking desk's suggest (patients module), for this screen's authority
  route(app, notificationMessageEndpoints.patients, {
    config: access,
    tags,
    handler: async (req) => ({ code: 0 as const, data: await suggestProfiles(ctx, caller(req), req.query.q) }),
  });
  route(app, notificationMessageEndpoints.push, {
    config: access,
    tags,
    handler: async (req) => ({ code: 0 as const, message: MESSAGE_TEXTS.pushed, data: await service.push(ctx, caller(req), req.body) }),
  });
}
