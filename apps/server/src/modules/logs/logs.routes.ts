import type { FastifyInstance } from 'fastify';
import { pageOf } from '@portal/shared/core/api';
import { logEndpoints } from '@portal/shared/contracts/logs.contract';
import { caller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { route } from '../../core/endpoints';
import { defineLogArchiveJob } from './archive.job';
import * as service from './logs.service';

const access = { access: 'MANAGER_LOG' as const };
const tags = ['Nhật ký'];

/** The audit log of the facility (MANAGER_LOG): a keyset-paged search, one row, the staff filter, an Excel export. */
export async function logRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineLogArchiveJob();
  route(app, logEndpoints.list, {
    config: access,
    tags,
    handler: async (req) => {
      const { rows, nextBefore } = await service.listLogs(ctx, caller(req), req.query);
      return { code: 0 as const, data: rows, nextBefore };
    },
  });
  route(app, logEndpoints.actors, {
    config: access,
    tags,
    handler: async (req) => {
      const { rows, total } = await service.listActors(ctx, caller(req), req.query);
      return pageOf(rows, total, req.query);
    },
  });
  route(app, logEndpoints.one, {
    config: access,
    tags,
    handler: async (req) => ({ code: 0 as const, data: await service.getLog(ctx, caller(req), req.params.id) }),
  });
  route(app, logEndpoints.export, {
    config: access,
    tags,
    handler: async (req, reply) => {
      const { stream, fileName } = await service.exportLogs(ctx, caller(req), req.query);
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      return reply.type(logEndpoints.export.file.type).send(stream);
    },
  });
}
