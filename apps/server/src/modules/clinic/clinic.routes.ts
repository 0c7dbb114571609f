import type { FastifyInstance } from 'fastify';
import { appChatEndpoints as A, CHAT_MESSAGES, chatEndpoints as C, CLINIC_CHAT_LIVE_TOPIC } from '@portal/shared/contracts/clinic-chat.contract';
import { MEMBER_MESSAGES, memberEndpoints as E } from '@portal/shared/contracts/clinic.contract';
import { CONTENT_IMAGE_MAX_BYTES } from '@portal/shared/contracts/content.contract';
import { fmt } from '@portal/shared/messages.vi';
import { CLINIC_PROGRAM_LABELS, CLINIC_SURVEY_LABELS } from '@portal/shared/rules/clinic-programs';
import { caller, patientCaller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { sendStreamedFile } from '../../core/crud/excel-stream';
import { acceptExcelBodies, answerImport } from '../../core/crud/import';
import { IMPORT_MAX_BYTES } from '@portal/shared/core/import';
import { route } from '../../core/endpoints';
import { forbidden, notFound } from '../../core/errors';
import { defineLiveTopic } from '../../core/live';
import { fileStore } from '../../core/uploads';
import { CONTENT_IMAGE_AREA, uploadContentImage } from '../content/content.routes';
import { actor, asOrigin, type PatientCaller } from '../patient-app/patient-app.service';
import { clinicFixtureRoutes } from './clinic-fixtures.routes';
import * as chat from './clinic-chat.service';
import { importMembers, importTemplate } from './clinic-members.import';
import * as membersRepo from './clinic-members.repository';
import * as members from './clinic-members.service';

defineLiveTopic(CLINIC_CHAT_LIVE_TOPIC, 'MANAGER_SHP');

const ok = <T>(data: T, message?: string) => ({ code: 0 as const, ...(message ? { message } : {}), data });
const config = { access: 'MANAGER_SHP' as const };
/** A conversation as answered: without the service's record of what changed (written in the audit). */
const omitChange = <G extends { change: unknown }>({ change: _change, ...group }: G) => group;
const tags = ['Phòng khám riêng'];
const appTags = ['Ứng dụng bệnh nhân'];
const patient = { access: 'patient' as const };

/** The private clinic (issue 20): members and conversations for MANAGER_SHP, and the member's side in the patient app. */
export async function clinicRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // ——— members ———
  acceptExcelBodies(app);
  route(app, E.list, { config, tags, handler: async (req) => members.list(ctx, caller(req), req.query) });
  route(app, E.export, {
    config,
    tags,
    handler: async (req, reply) => sendStreamedFile(reply, E.export.file.type, await members.exportList(ctx, caller(req), req.query)),
  });
  route(app, E.importTemplate, { config, tags, handler: async () => importTemplate() });
  route(app, E.import, {
    config,
    tags,
    bodyLimit: IMPORT_MAX_BYTES,
    handler: async (req, reply) => answerImport(reply, () => importMembers(ctx, caller(req), req.body)),
  });
  route(app, E.candidates, {
    config,
    tags,
    handler: async (req) => members.candidates(ctx, caller(req), req.query.q, req.query.page, req.query.size),
  });
  route(app, E.byPatientCode, { config, tags, handler: async (req) => ok(await members.byPatientCode(ctx, caller(req), req.params.code)) });
  route(app, E.doctors, { config, tags, handler: async (req) => members.doctors(ctx, caller(req), req.query) });
  route(app, E.enrol, { config, tags, handler: async (req) => ok(await members.enrol(ctx, caller(req), req.body), MEMBER_MESSAGES.enrolled) });
  route(app, E.get, { config, tags, handler: async (req) => ok(await members.get(ctx, caller(req), req.params.id)) });
  route(app, E.care, { config, tags, handler: async (req) => ok(await members.setCare(ctx, caller(req), req.params.id, req.body), MEMBER_MESSAGES.saved) });
  route(app, E.activation, {
    config,
    tags,
    handler: async (req) =>
      ok(await members.setActivation(ctx, caller(req), req.params.id, req.body), req.body.active ? MEMBER_MESSAGES.activated : MEMBER_MESSAGES.deactivated),
  });
  route(app, E.note, {
    config,
    tags,
    handler: async (req) => ok(await members.setNote(ctx, caller(req), req.params.id, req.body.note), MEMBER_MESSAGES.saved),
  });
  route(app, E.surveys, {
    config,
    tags,
    handler: async (req) => ok(await members.setSurveys(ctx, caller(req), req.params.id, req.body.surveys), MEMBER_MESSAGES.saved),
  });

  // ——— conversations (staff) ———
  route(app, C.list, { config, tags, handler: async (req) => chat.list(ctx, caller(req).facilityId, { accountId: caller(req).accountId }, req.query) });
  route(app, C.create, { config, tags, handler: async (req) => ok(await chat.create(ctx, caller(req), req.body), CHAT_MESSAGES.created) });
  route(app, C.direct, { config, tags, handler: async (req) => ok(await chat.direct(ctx, caller(req), req.body.userId)) });
  route(app, C.options, { config, tags, handler: async (req) => chat.options(ctx, caller(req), req.params.kind, req.query) });
  route(app, C.get, { config, tags, handler: async (req) => ok(await chat.get(ctx, caller(req), req.params.id)) });
  route(app, C.join, { config, tags, handler: async (req) => ok(omitChange(await chat.join(ctx, caller(req), req.params.id))) });
  route(app, C.addMembers, {
    config,
    tags,
    handler: async (req) => {
      const { change, ...group } = await chat.addMembers(ctx, caller(req), req.params.id, req.body);
      return ok(group, fmt(CHAT_MESSAGES.added, { count: change.added }));
    },
  });
  route(app, C.removeMember, {
    config,
    tags,
    handler: async (req) => ok(omitChange(await chat.removeMember(ctx, caller(req), req.params.id, req.params.participantId)), CHAT_MESSAGES.removed),
  });
  route(app, C.messages, {
    config,
    tags,
    handler: async (req) => ok(await chat.messages(ctx, caller(req).facilityId, { accountId: caller(req).accountId }, req.params.id, req.query)),
  });
  route(app, C.send, {
    config,
    tags,
    handler: async (req) => {
      const c = caller(req);
      return ok(await chat.send(ctx, chat.staffWriter(c), req.params.id, req.body));
    },
  });
  route(app, C.read, {
    config,
    tags,
    handler: async (req) => ok(await chat.read(ctx, caller(req).facilityId, { accountId: caller(req).accountId }, req.params.id, req.body.messageId)),
  });
  route(app, C.hide, {
    config,
    tags,
    handler: async (req) => {
      const m = await chat.hide(ctx, caller(req), req.params.id, req.params.messageId, req.body.hidden);
      return ok(m, req.body.hidden ? CHAT_MESSAGES.hidden : CHAT_MESSAGES.shown);
    },
  });
  const images = fileStore(ctx.config.dataDir, CONTENT_IMAGE_AREA);
  route(app, C.uploadImage, {
    config,
    tags,
    bodyLimit: 2 * CONTENT_IMAGE_MAX_BYTES,
    handler: async (req) => uploadContentImage(ctx, images, req.body, caller(req)),
  });

  // ——— the member in the patient app ———
  /** The member's own membership; an account not enrolled (or no longer active, for writing) is refused. */
  const membership = async (p: PatientCaller) => {
    const m = await membersRepo.memberOfUser(ctx.database.db, p.facilityId, p.userId);
    if (!m) throw notFound(MEMBER_MESSAGES.notFound);
    return m;
  };
  const memberWriter = (p: PatientCaller): chat.Writer => ({
    viewer: { userId: p.userId },
    who: asOrigin(p),
    facilityId: p.facilityId,
    audit: actor(p.userId),
  });
  route(app, A.membership, {
    config: patient,
    tags: appTags,
    handler: async (req) => {
      const m = await membership(patientCaller(req));
      return ok({
        memberId: m.id,
        program: m.program,
        programName: CLINIC_PROGRAM_LABELS[m.program],
        active: m.active,
        doctor: m.doctorName,
        surveys: m.surveys.map((s) => ({ kind: s.kind, name: CLINIC_SURVEY_LABELS[s.kind], everyDays: s.everyDays })),
      });
    },
  });
  route(app, A.groups, {
    config: patient,
    tags: appTags,
    handler: async (req) => {
      const p = patientCaller(req);
      return chat.list(ctx, p.facilityId, { userId: p.userId }, { ...req.query, mine: true });
    },
  });
  route(app, A.messages, {
    config: patient,
    tags: appTags,
    handler: async (req) => {
      const p = patientCaller(req);
      return ok(await chat.messages(ctx, p.facilityId, { userId: p.userId }, req.params.id, req.query));
    },
  });
  route(app, A.send, {
    config: patient,
    tags: appTags,
    handler: async (req) => {
      const p = patientCaller(req);
      const m = await membership(p);
      if (!m.active) throw forbidden(CHAT_MESSAGES.inactiveMember);
      return ok(await chat.send(ctx, memberWriter(p), req.params.id, req.body));
    },
  });
  route(app, A.read, {
    config: patient,
    tags: appTags,
    handler: async (req) => {
      const p = patientCaller(req);
      return ok(await chat.read(ctx, p.facilityId, { userId: p.userId }, req.params.id, req.body.messageId));
    },
  });
  route(app, A.uploadImage, {
    config: patient,
    tags: appTags,
    bodyLimit: 2 * CONTENT_IMAGE_MAX_BYTES,
    handler: async (req) => {
      const p = patientCaller(req);
      const m = await membership(p);
      if (!m.active) throw forbidden(CHAT_MESSAGES.inactiveMember);
      return uploadContentImage(ctx, images, req.body, asOrigin(p), { facilityId: p.facilityId, ...actor(p.userId) });
    },
  });
  if (ctx.config.ENABLE_TEST_FIXTURES) await clinicFixtureRoutes(app, ctx);
}
