import type { FastifyInstance } from 'fastify';
import { reportEndpoints } from '@portal/shared/contracts/reports.contract';
import { caller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { sendStreamedFile } from '../../core/crud/excel-stream';
import { route } from '../../core/endpoints';
import { defineReportFoldJob } from './fold.job';
import * as service from './reports.service';

const access = { access: 'MANAGER_REPORT' as const };
const tags = ['Báo cáo'];
const ok = <T>(data: T) => ({ code: 0 as const, data });

/** The booking reports (spec §7 "Reports", MANAGER_REPORT): four reports, their Excel exports and the streamed bookings list. */
export async function reportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineReportFoldJob();
  // the JSON routes are declared one by one: each endpoint's query type reaches its service
  route(app, reportEndpoints.quickStatistic, { config: access, tags, handler: async (req) => ok(await service.quickStatistic(ctx, caller(req), req.query)) });
  route(app, reportEndpoints.appointmentComplete, {
    config: access,
    tags,
    handler: async (req) => ok(await service.appointmentComplete(ctx, caller(req), req.query)),
  });
  route(app, reportEndpoints.statisticEfficiency, {
    config: access,
    tags,
    handler: async (req) => ok(await service.statisticEfficiency(ctx, caller(req), req.query)),
  });
  route(app, reportEndpoints.staffStatisticEfficiency, {
    config: access,
    tags,
    handler: async (req) => ok(await service.staffStatisticEfficiency(ctx, caller(req), req.query)),
  });
  const exports = [
    [reportEndpoints.quickStatisticExport, service.exportQuickStatistic],
    [reportEndpoints.appointmentCompleteExport, service.exportAppointmentComplete],
    [reportEndpoints.statisticEfficiencyExport, service.exportStatisticEfficiency],
    [reportEndpoints.bookingsExport, service.exportBookings],
  ] as const;
  for (const [endpoint, run] of exports) {
    route(app, endpoint, {
      config: access,
      tags,
      handler: async (req, reply) => sendStreamedFile(reply, endpoint.file.type, await run(ctx, caller(req), req.query)),
    });
  }
  route(app, reportEndpoints.staffStatisticEfficiencyExport, {
    config: access,
    tags,
    handler: async (req, reply) =>
      sendStreamedFile(
        reply,
        reportEndpoints.staffStatisticEfficiencyExport.file.type,
        await service.exportStaffStatisticEfficiency(ctx, caller(req), req.query),
      ),
  });
}
