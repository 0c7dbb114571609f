import type { FastifyInstance } from 'fastify';
import { appClinicEndpoints as A, drugReminderEndpoints as E } from '@portal/shared/contracts/clinic-drugs.contract';
import { caller, patientCaller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { route } from '../../core/endpoints';
import * as app from './clinic-drugs.app';
import { clinicDrugFixtureRoutes } from './clinic-drugs-fixtures.routes';
import { defineDoseSweepJob } from './clinic-drugs.jobs';
import * as service from './clinic-drugs.service';

const ok = <T>(data: T) => ({ code: 0 as const, data });
const tags = ['Phòng khám riêng: nhắc uống thuốc'];
const config = { access: 'MANAGER_SHP' as const };

/** Medicine reminders of the private clinic (issue 20): the coordinators' API, the member's in the app, and the sweep job. */
export async function clinicDrugRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  defineDoseSweepJob();
  route(fastify, E.list, { config, tags, handler: async (req) => service.list(ctx, caller(req), req.query) });
  route(fastify, E.statistics, { config, tags, handler: async (req) => ok(await service.statistics(ctx, caller(req), req.query)) });
  route(fastify, E.member, { config, tags, handler: async (req) => ok(await service.member(ctx, caller(req), req.params.userId, req.query)) });
  route(fastify, E.prescriptions, { config, tags, handler: async (req) => ok(await service.prescriptions(ctx, caller(req), req.params.userId)) });
  route(fastify, E.createMedicine, {
    config,
    tags,
    handler: async (req) => ok(await service.createMedicine(ctx, caller(req), req.params.userId, req.body)),
  });
  route(fastify, E.updateMedicine, {
    config,
    tags,
    handler: async (req) => ok(await service.updateMedicine(ctx, caller(req), req.params.userId, req.params.id, req.body)),
  });
  route(fastify, E.removeMedicine, {
    config,
    tags,
    handler: async (req) => ok(await service.removeMedicine(ctx, caller(req), req.params.userId, req.params.id)),
  });

  const patient = { access: 'patient' as const };
  const appTags = ['Ứng dụng bệnh nhân'];
  route(fastify, A.medicines, { config: patient, tags: appTags, handler: async (req) => ok(await app.medicines(ctx, patientCaller(req))) });
  route(fastify, A.doses, { config: patient, tags: appTags, handler: async (req) => ok(await app.doses(ctx, patientCaller(req), req.query)) });
  route(fastify, A.confirm, { config: patient, tags: appTags, handler: async (req) => ok(await app.confirm(ctx, patientCaller(req), req.params.id)) });
  if (ctx.config.ENABLE_TEST_FIXTURES) await clinicDrugFixtureRoutes(fastify, ctx);
}
