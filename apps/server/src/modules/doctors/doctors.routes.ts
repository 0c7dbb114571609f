import type { FastifyInstance } from 'fastify';
import { pageOf } from '@portal/shared/core/api';
import { AVATAR_MAX_BYTES, doctorEndpoints, doctorOwnEndpoints } from '@portal/shared/contracts/doctors.contract';
import { doctorResource } from '@portal/shared/resources';
import { caller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { resourceRoutes } from '../../core/crud/resource-routes';
import { route } from '../../core/endpoints';
import { notFound } from '../../core/errors';
import { MIME_OF_EXT } from '../../core/uploads';
import { findLinkOptions } from './doctors.repository';
import { doctorsService } from './doctors.service';
import { doctorFixtureRoutes } from './doctors-fixtures.routes';
import { doctorImportRoutes } from './doctors-import';

/**
 * Doctors (/admin/doctor): the generic routes served by the doctors' service (list with filters,
 * detail, create/update with specialties, rooms and working process in one transaction,
 * activate/deactivate, delete, Excel export, and the paged doctor dropdown of later screens), then
 * what only doctors have: the form's link dropdowns, the photo and its public files, the import.
 */
export async function doctorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const svc = doctorsService(ctx);
  const e = doctorOwnEndpoints;
  const tags = [doctorResource.labelPlural];
  const access = { access: doctorResource.authority };

  // Schedules and bookings pick a doctor: any signed-in staff of the facility may read the dropdown.
  resourceRoutes(app, doctorResource, svc, { endpoints: doctorEndpoints });

  route(app, e.linkOptions, {
    config: access,
    tags,
    handler: async (req) => {
      const q = req.query;
      const { rows, total } = await findLinkOptions(ctx.database.db, req.params.kind, caller(req).facilityId, q);
      return pageOf(rows, total, q);
    },
  });

  // The photo is sent as the raw body (Content-Type image/jpeg|png|webp), not multipart: one file,
  // no form fields, no extra dependency. Its own scope takes any body as bytes; the type is read
  // from the bytes themselves.
  await app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    route(scope, e.setAvatar, {
      config: access,
      tags,
      // Up to 4× the photo's limit is read, so that a photo somewhat too large gets the message naming
      // the 2 MB limit (checkImage) rather than a bare 413.
      bodyLimit: 4 * AVATAR_MAX_BYTES,
      handler: async (req) => ({ code: 0 as const, message: 'Đã cập nhật ảnh đại diện', data: await svc.setAvatar(caller(req), req.params.id, req.body) }),
    });
  });

  route(app, e.removeAvatar, {
    config: access,
    tags,
    handler: async (req) => ({ code: 0 as const, message: 'Đã xoá ảnh đại diện', data: await svc.removeAvatar(caller(req), req.params.id) }),
  });

  route(app, e.avatarFile, {
    // Doctors' photos are public (the hospital's site and booking app show them); names are content hashes.
    config: { access: 'public' },
    tags,
    handler: async (req, reply) => {
      const bytes = await svc.readAvatar(req.params.file);
      if (!bytes) throw notFound('Không tìm thấy ảnh');
      reply
        .type(MIME_OF_EXT[req.params.file.split('.').pop()!]!)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Cross-Origin-Resource-Policy', 'cross-origin');
      return bytes;
    },
  });

  doctorImportRoutes(app, ctx);

  if (ctx.config.ENABLE_TEST_FIXTURES) await doctorFixtureRoutes(app, ctx);
}
