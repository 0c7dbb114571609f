import type { FastifyInstance } from 'fastify';
import {
  appFeedbackEndpoints as A,
  FEEDBACK_AUTHORITY,
  FEEDBACK_MESSAGES,
  feedbackEndpoints as E,
  RATE_REPORT_AUTHORITIES,
  rateReportEndpoints as R,
} from '@portal/shared/contracts/feedback.contract';
import { caller, patientCaller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { sendStreamedFile } from '../../core/crud/excel-stream';
import { route } from '../../core/endpoints';
import { feedbackFixtureRoutes } from './feedback-fixtures.routes';
import * as service from './feedback.service';
import * as reports from './rate-report.service';

const staff = { access: FEEDBACK_AUTHORITY };
const reportAccess = { access: RATE_REPORT_AUTHORITIES };
const patient = { access: 'patient' as const };
const tags = ['Phản hồi của bệnh nhân'];
const appTags = ['Ứng dụng bệnh nhân'];
const ok = <T>(data: T, message?: string) => ({ code: 0 as const, ...(message ? { message } : {}), data });

/**
 * Patients' feedback (issue 19): the managers' list, patients, reply and handling (MANAGER_CONSULTATION), the rate
 * reports (MANAGER_CONSULTATION or MANAGER_REPORT) and the patient app's feedback (a signed-in patient).
 */
export async function feedbackRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, E.list, { config: staff, tags, handler: async (req) => service.list(ctx, caller(req), req.query) });
  route(app, E.users, { config: staff, tags, handler: async (req) => service.users(ctx, caller(req), req.query) });
  route(app, E.export, {
    config: staff,
    tags,
    handler: async (req, reply) => sendStreamedFile(reply, E.export.file.type, await service.exportList(ctx, caller(req), req.query)),
  });
  route(app, E.get, { config: staff, tags, handler: async (req) => ok(await service.get(ctx, caller(req), req.params.id)) });
  route(app, E.reply, {
    config: staff,
    tags,
    handler: async (req) => ok(await service.reply(ctx, caller(req), req.params.id, req.body.text), FEEDBACK_MESSAGES.replied),
  });
  route(app, E.handled, {
    config: staff,
    tags,
    handler: async (req) => ok(await service.handled(ctx, caller(req), req.params.id, req.body?.note), FEEDBACK_MESSAGES.handled),
  });

  route(app, R.rateReport, { config: reportAccess, tags: ['Báo cáo'], handler: async (req) => ok(await reports.rateReport(ctx, caller(req), req.query)) });
  route(app, R.countRateReport, {
    config: reportAccess,
    tags: ['Báo cáo'],
    handler: async (req) => ok(await reports.countRateReport(ctx, caller(req), req.query)),
  });
  route(app, R.rateReportExport, {
    config: reportAccess,
    tags: ['Báo cáo'],
    handler: async (req, reply) => sendStreamedFile(reply, R.rateReportExport.file.type, await reports.exportRateReport(ctx, caller(req), req.query)),
  });

  route(app, A.send, {
    config: patient,
    tags: appTags,
    handler: async (req) => ok(await service.send(ctx, patientCaller(req), req.body), FEEDBACK_MESSAGES.sent),
  });
  route(app, A.mine, { config: patient, tags: appTags, handler: async (req) => service.mine(ctx, patientCaller(req), req.query) });
  route(app, A.pending, { config: patient, tags: appTags, handler: async (req) => ok(await service.pending(ctx, patientCaller(req))) });

  if (ctx.config.ENABLE_TEST_FIXTURES) await feedbackFixtureRoutes(app, ctx);
}
