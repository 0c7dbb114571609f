import type { FastifyInstance } from 'fastify';
import { hisConnectionEndpoints as C, hisPatientEndpoints as P, hisSyncEndpoints as S } from '@portal/shared/contracts/his.contract';
import { pageOf } from '@portal/shared/core/api';
import { caller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { route } from '../../core/endpoints';
import { diskStorage, type FileStorage, filesDir } from '../../core/file-storage';
import { listCheckins, retryCheckin, defineHisCheckinJob } from './his-checkin';
import * as connection from './his-connection.service';
import * as maps from './his-maps.service';
import * as patients from './his-patients.service';
import * as runs from './his-runs.service';
import { defineHisSyncJob } from './his-sync';
import { defineHisJobs } from './his.jobs';

const ok = <T>(data: T) => ({ code: 0 as const, data });
const tags = ['Kết nối HIS (FHIR R4)'];
const setting = { access: 'MANAGER_SETTING' as const };
const user = { access: 'MANAGER_USER' as const };

/** The HIS connection (issue 21): its settings, code maps, syncs and check-ins (MANAGER_SETTING); patients in the HIS (MANAGER_USER). */
export async function hisRoutes(app: FastifyInstance, ctx: AppContext, storage: FileStorage = diskStorage(filesDir(ctx.config.dataDir))): Promise<void> {
  defineHisSyncJob();
  defineHisCheckinJob();
  defineHisJobs();

  route(app, C.get, { config: setting, tags, handler: async (req) => ok(await connection.getConnection(ctx, caller(req))) });
  route(app, C.save, {
    config: setting,
    tags,
    handler: async (req) => ({ code: 0 as const, message: 'Đã lưu cấu hình kết nối HIS', data: await connection.saveConnection(ctx, caller(req), req.body) }),
  });
  route(app, C.test, { config: setting, tags, handler: async (req) => ok(await connection.testConnection(ctx, caller(req))) });
  route(app, C.maps, {
    config: setting,
    tags,
    handler: async (req) => {
      const r = await maps.list(ctx, caller(req), req.query);
      return { ...pageOf(r.rows, r.total, req.query), counts: r.counts };
    },
  });
  route(app, C.remote, {
    config: setting,
    tags,
    handler: async (req) => {
      const r = await maps.remote(ctx, caller(req), req.query);
      return pageOf(r.rows, r.total, req.query);
    },
  });
  route(app, C.setMap, { config: setting, tags, handler: async (req) => ok(await maps.setMap(ctx, caller(req), req.body)) });
  route(app, C.autoMatch, { config: setting, tags, handler: async (req) => ok(await maps.auto(ctx, caller(req), req.body.kind)) });
  route(app, C.checkins, {
    config: setting,
    tags,
    handler: async (req) => {
      const r = await listCheckins(ctx, caller(req), req.query);
      return { ...pageOf(r.rows, r.total, req.query), counts: r.counts };
    },
  });
  route(app, C.retryCheckin, { config: setting, tags, handler: async (req) => ok(await retryCheckin(ctx, caller(req), req.params.bookingId)) });

  route(app, S.start, { config: setting, tags, handler: async (req) => ok(await runs.start(ctx, caller(req), req.params.kind)) });
  route(app, S.runs, {
    config: setting,
    tags,
    handler: async (req) => {
      const r = await runs.list(ctx, caller(req), req.query);
      return pageOf(r.rows, r.total, req.query);
    },
  });
  route(app, S.run, { config: setting, tags, handler: async (req) => ok(await runs.get(ctx, caller(req), req.params.id)) });
  route(app, S.items, {
    config: setting,
    tags,
    handler: async (req) => {
      const r = await runs.items(ctx, caller(req), req.params.id, req.query);
      return pageOf(r.rows, r.total, req.query);
    },
  });
  route(app, S.retry, { config: setting, tags, handler: async (req) => ok(await runs.retry(ctx, caller(req), req.params.id)) });

  route(app, P.lookup, { config: user, tags, handler: async (req) => ok(await patients.lookup(ctx, caller(req), req.query)) });
  route(app, P.get, { config: user, tags, handler: async (req) => ok(await patients.getPatient(ctx, caller(req), req.params.hisId)) });
  route(app, P.link, { config: user, tags, handler: async (req) => ok(await patients.link(ctx, caller(req), req.params.hisId, req.body.profileId)) });
  route(app, P.unlink, { config: user, tags, handler: async (req) => ok(await patients.unlink(ctx, caller(req), req.params.hisId)) });
  route(app, P.pull, { config: user, tags, handler: async (req) => ok(await patients.pull(ctx, storage, caller(req), req.params.profileId)) });
  route(app, P.hisLink, { config: user, tags, handler: async (req) => ok(await patients.hisLink(ctx, caller(req), req.params.profileId)) });
}
