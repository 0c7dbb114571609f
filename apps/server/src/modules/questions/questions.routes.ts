import type { FastifyInstance } from 'fastify';
import { CONTENT_IMAGE_MAX_BYTES } from '@portal/shared/contracts/content.contract';
import {
  appQuestionEndpoints as A,
  publicQuestionEndpoints as P,
  QUESTION_LIVE_TOPIC,
  questionEndpoints as E,
} from '@portal/shared/contracts/questions.contract';
import { caller, patientCaller } from '../../core/access';
import { defineLiveTopic } from '../../core/live';
import type { AppContext } from '../../core/context';
import { route } from '../../core/endpoints';
import { fileStore } from '../../core/uploads';
import { CONTENT_IMAGE_AREA, uploadContentImage } from '../content/content.routes';
import { actor, asOrigin } from '../patient-app/patient-app.service';
import * as app from './questions.app';
import { questionFixtureRoutes } from './questions-fixtures.routes';
import * as service from './questions.service';

defineLiveTopic(QUESTION_LIVE_TOPIC, 'MANAGER_CONSULTATION');

const ok = <T>(data: T) => ({ code: 0 as const, data });
const tags = ['Câu hỏi'];
const config = { access: 'MANAGER_CONSULTATION' as const };
/** The statistics carry no personal data: the report readers see them too. */
const statsConfig = { access: ['MANAGER_CONSULTATION', 'MANAGER_REPORT'] as const };

/** Questions (issue 19): the moderators' API, the patient app's, and the public answers. */
export async function questionRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  route(fastify, E.list, { config, tags, handler: async (req) => service.list(ctx, caller(req), req.query) });
  route(fastify, E.statistics, { config: statsConfig, tags, handler: async (req) => ok(await service.statistics(ctx, caller(req), req.query)) });
  route(fastify, E.statusCounts, { config: statsConfig, tags, handler: async (req) => ok(await service.statusCounts(ctx, caller(req), req.query)) });
  route(fastify, E.specializations, { config: statsConfig, tags, handler: async (req) => ok(await service.specializations(ctx, caller(req), req.query)) });
  route(fastify, E.bulkAccept, { config, tags, handler: async (req) => ok(await service.bulkAccept(ctx, caller(req), req.body.ids)) });
  route(fastify, E.get, { config, tags, handler: async (req) => ok(await service.get(ctx, caller(req), req.params.id)) });
  route(fastify, E.accept, { config, tags, handler: async (req) => ok(await service.accept(ctx, caller(req), req.params.id)) });
  route(fastify, E.reject, { config, tags, handler: async (req) => ok(await service.reject(ctx, caller(req), req.params.id, req.body.reason)) });
  route(fastify, E.sensitivity, {
    config,
    tags,
    handler: async (req) => ok(await service.setSensitive(ctx, caller(req), req.params.id, req.body.sensitive)),
  });
  route(fastify, E.assign, {
    config,
    tags,
    handler: async (req) => ok(await service.assign(ctx, caller(req), req.params.id, req.body.specialtyId, req.body.doctorId)),
  });
  route(fastify, E.hide, { config, tags, handler: async (req) => ok(await service.hide(ctx, caller(req), req.params.id)) });
  route(fastify, E.unhide, { config, tags, handler: async (req) => ok(await service.unhide(ctx, caller(req), req.params.id)) });
  route(fastify, E.comments, { config, tags, handler: async (req) => ok(await service.comments(ctx, caller(req), req.params.id)) });
  route(fastify, E.addComment, { config, tags, handler: async (req) => ok(await service.addComment(ctx, caller(req), req.params.id, req.body.text)) });
  route(fastify, E.commentary, { config, tags, handler: async (req) => ok(await service.answer(ctx, caller(req), req.params.id, req.body)) });
  route(fastify, E.options, { config, tags, handler: async (req) => service.options(ctx, caller(req), req.params.kind, req.query) });
  route(fastify, E.deeplink, { config, tags, handler: async (req) => ok(await service.deeplink(ctx, caller(req), req.params.id)) });

  const patient = { access: 'patient' as const };
  const appTags = ['Ứng dụng bệnh nhân'];
  route(fastify, A.ask, { config: patient, tags: appTags, handler: async (req) => ({ ...ok(await app.ask(ctx, patientCaller(req), req.body)) }) });
  route(fastify, A.mine, { config: patient, tags: appTags, handler: async (req) => app.list(ctx, patientCaller(req), req.query) });
  route(fastify, A.one, { config: patient, tags: appTags, handler: async (req) => ok(await app.one(ctx, patientCaller(req), req.params.id)) });
  const images = fileStore(ctx.config.dataDir, CONTENT_IMAGE_AREA);
  route(fastify, A.uploadImage, {
    config: patient,
    tags: appTags,
    bodyLimit: 2 * CONTENT_IMAGE_MAX_BYTES,
    handler: async (req) => {
      const p = patientCaller(req);
      return uploadContentImage(ctx, images, req.body, asOrigin(p), { facilityId: p.facilityId, ...actor(p.userId) });
    },
  });

  const pub = { access: 'public' as const };
  route(fastify, P.list, { config: pub, tags: appTags, handler: async (req) => app.publicList(ctx, req.query) });
  route(fastify, P.one, { config: pub, tags: appTags, handler: async (req) => ok(await app.publicGet(ctx, req.query.facilityCode, req.params.id)) });
  if (ctx.config.ENABLE_TEST_FIXTURES) await questionFixtureRoutes(fastify, ctx);
}
