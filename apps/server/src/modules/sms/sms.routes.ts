import type { FastifyInstance } from 'fastify';
import { SMS_MAX_PHONES_TEXT, smsEndpoints } from '@portal/shared/contracts/sms.contract';
import { caller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { route } from '../../core/endpoints';
import { smsTemplateRoutes } from './sms-templates.admin';
import { defineSmsJob } from './sms.job';
import * as service from './sms.service';

const access = { access: 'MANAGER_SMS' as const };
const tags = ['SMS'];
const ok = <T>(data: T) => ({ code: 0 as const, data });
/** The compose body: the numbers' text at its limit, the message and the JSON around them. */
const SMS_BODY_LIMIT = SMS_MAX_PHONES_TEXT + 16 * 1024;

/** SMS management (MANAGER_SMS): compose and queue a batch, the sending log, each recipient, the provider's balance. */
export async function smsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineSmsJob();
  smsTemplateRoutes(app, ctx);
  route(app, smsEndpoints.batches, { config: access, tags, handler: async (req) => service.batches(ctx, caller(req), req.query) });
  route(app, smsEndpoints.send, {
    config: access,
    tags,
    // a pasted list of 10,000 numbers is ~120 KB of JSON; the text and the list are limited by the contract
    bodyLimit: SMS_BODY_LIMIT,
    handler: async (req) => ok(await service.sendSms(ctx, caller(req), req.body)),
  });
  route(app, smsEndpoints.batch, { config: access, tags, handler: async (req) => ok(await service.batch(ctx, caller(req), req.params.id)) });
  route(app, smsEndpoints.messages, {
    config: access,
    tags,
    handler: async (req) => service.messages(ctx, caller(req), req.params.id, req.query),
  });
  route(app, smsEndpoints.esmsReport, {
    config: { access: 'public' as const },
    tags,
    handler: async (req) => ok(await service.deliveryReport(ctx, req.query as Record<string, unknown>)),
  });
  route(app, smsEndpoints.groups, { config: access, tags, handler: async (req) => ok(await service.groups(ctx, caller(req))) });
  route(app, smsEndpoints.groupPhones, { config: access, tags, handler: async (req) => ok(await service.groupPhones(ctx, caller(req), req.params.id)) });
  route(app, smsEndpoints.balance, { config: access, tags, handler: async (req) => ok(await service.balance(ctx, caller(req))) });
}
