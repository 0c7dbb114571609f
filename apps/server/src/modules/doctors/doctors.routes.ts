import type { FastifyInstance } from 'fastify';
import { pageOf } from '@portal/shared/core/api';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AVATAR_MAX_BYTES,
  DOCTOR_LINK_KINDS,
  doctorBody,
  doctorDetailOne,
  doctorPage,
  doctorSelectPage,
  doctorSelectQuery,
  type DoctorInput,
  linkOptionsPage,
  linkOptionsQuery,
} from '@portal/shared/contracts/doctors.contract';
import { doctorResource } from '@portal/shared/resources';
import { caller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { MIME_OF_EXT, STORED_NAME_RE } from '../../core/uploads';
import { notFound } from '../../core/errors';
import { errorResponses } from '../../core/openapi';
import { findLinkOptions } from './doctors.repository';
import { AVATAR_PATH, doctorsService } from './doctors.service';
import { doctorFixtureRoutes } from './doctors-fixtures.routes';
import { doctorImportRoutes } from './doctors-import';

const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'Mã không hợp lệ')
    .transform(Number),
});
const activeBody = z.strictObject({ active: z.boolean({ message: 'Trạng thái phải là đúng hoặc sai' }) });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Doctors (/admin/doctor): list with filters, detail, create/update with specialties, rooms and
 * working process in one transaction, activate/deactivate, photo, Excel export; the paged doctor
 * dropdown of later screens (`/select`); the public photo files.
 */
export async function doctorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = doctorsService(ctx);
  const path = doctorResource.path;
  const tags = [doctorResource.labelPlural];
  const access = { access: doctorResource.authority };

  r.get(path, {
    config: access,
    schema: {
      tags,
      summary: 'Bác sĩ: danh sách (lọc theo khoa, chuyên khoa, phòng khám, học hàm, học vị, trạng thái; tìm không dấu)',
      querystring: doctorResource.listQuery,
      response: { 200: doctorPage, ...errorResponses(400, 401, 403) },
    },
    handler: (req) => svc.list(caller(req), req.query),
  });

  r.get(`${path}/export`, {
    config: access,
    schema: { tags, summary: 'Bác sĩ: xuất Excel (.xlsx) theo bộ lọc', querystring: doctorResource.listQuery },
    handler: async (req, reply) => {
      const buffer = await svc.exportXlsx(caller(req), req.query);
      return reply.type(XLSX).header('Content-Disposition', `attachment; filename="${doctorResource.exportName}.xlsx"`).send(buffer);
    },
  });

  r.get(`${path}/select`, {
    // Schedules and bookings pick a doctor: any signed-in staff of the facility may read names and titles.
    config: { access: 'signed-in' },
    schema: {
      tags,
      summary: 'Bác sĩ: danh sách chọn (dropdown phân trang) — bác sĩ đang hoạt động, lọc theo khoa / chuyên khoa / phòng khám',
      querystring: doctorSelectQuery,
      response: { 200: doctorSelectPage, ...errorResponses(400, 401) },
    },
    handler: (req) => svc.select(caller(req), req.query),
  });

  r.get(`${path}/link-options/:kind`, {
    config: access,
    schema: {
      tags,
      summary: 'Bác sĩ: khoa / chuyên khoa / phòng khám đang hoạt động để gắn cho bác sĩ (dropdown phân trang)',
      params: z.object({ kind: z.enum(DOCTOR_LINK_KINDS, { message: 'Loại danh mục không hợp lệ' }) }),
      querystring: linkOptionsQuery,
      response: { 200: linkOptionsPage, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => {
      const q = req.query;
      const { rows, total } = await findLinkOptions(ctx.database.db, req.params.kind, caller(req).facilityId, q);
      return pageOf(rows, total, q);
    },
  });

  r.get(`${path}/:id`, {
    config: access,
    schema: {
      tags,
      summary: 'Bác sĩ: chi tiết (kèm quá trình công tác)',
      params: idParams,
      response: { 200: doctorDetailOne, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => ({ code: 0 as const, data: await svc.get(caller(req), req.params.id) }),
  });

  r.post(path, {
    config: access,
    schema: { tags, summary: 'Bác sĩ: thêm mới', body: doctorBody, response: { 200: doctorDetailOne, ...errorResponses(400, 401, 403, 409) } },
    handler: async (req) => ({ code: 0 as const, message: 'Đã thêm bác sĩ', data: await svc.create(caller(req), req.body as unknown as DoctorInput) }),
  });

  r.put(`${path}/:id`, {
    config: access,
    schema: {
      tags,
      summary: 'Bác sĩ: cập nhật',
      params: idParams,
      body: doctorBody,
      response: { 200: doctorDetailOne, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => ({
      code: 0 as const,
      message: 'Đã lưu thay đổi',
      data: await svc.update(caller(req), req.params.id, req.body as unknown as DoctorInput),
    }),
  });

  r.put(`${path}/:id/active`, {
    config: access,
    schema: {
      tags,
      summary: 'Bác sĩ: ngừng / cho hoạt động lại (không xoá)',
      params: idParams,
      body: activeBody,
      response: { 200: doctorDetailOne, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => ({
      code: 0 as const,
      message: req.body.active ? 'Đã cho hoạt động lại' : 'Đã ngừng hoạt động',
      data: await svc.setActive(caller(req), req.params.id, req.body.active),
    }),
  });

  r.delete(`${path}/:id`, {
    config: access,
    schema: {
      tags,
      summary: 'Bác sĩ: xoá (chỉ khi chưa có lịch làm việc / đặt khám nào dùng đến)',
      params: idParams,
      response: { 200: doctorDetailOne, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => ({ code: 0 as const, message: 'Đã xoá bác sĩ', data: await svc.remove(caller(req), req.params.id) }),
  });

  // The photo is sent as the raw body (Content-Type image/jpeg|png|webp), not multipart: one file,
  // no form fields, no extra dependency. Its own scope takes any body as bytes; the type is read
  // from the bytes themselves.
  await app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.put(`${path}/:id/avatar`, {
      config: access,
      // Up to 4× the photo's limit is read, so that a photo somewhat too large gets the message naming
      // the 2 MB limit (checkImage) rather than a bare 413.
      bodyLimit: 4 * AVATAR_MAX_BYTES,
      schema: {
        tags,
        summary: 'Bác sĩ: tải ảnh đại diện (thân yêu cầu là ảnh JPEG, PNG hoặc WebP, tối đa 2 MB)',
        params: idParams,
        response: { 200: doctorDetailOne, ...errorResponses(400, 401, 403, 404, 413) },
      },
      handler: async (req) => ({ code: 0 as const, message: 'Đã cập nhật ảnh đại diện', data: await svc.setAvatar(caller(req), req.params.id, req.body) }),
    });
  });

  r.delete(`${path}/:id/avatar`, {
    config: access,
    schema: { tags, summary: 'Bác sĩ: xoá ảnh đại diện', params: idParams, response: { 200: doctorDetailOne, ...errorResponses(400, 401, 403, 404) } },
    handler: async (req) => ({ code: 0 as const, message: 'Đã xoá ảnh đại diện', data: await svc.removeAvatar(caller(req), req.params.id) }),
  });

  r.get(`${AVATAR_PATH}/:file`, {
    // Doctors' photos are public (the hospital's site and booking app show them); names are content hashes.
    config: { access: 'public' },
    schema: { tags, summary: 'Ảnh đại diện bác sĩ (công khai)', params: z.object({ file: z.string().regex(STORED_NAME_RE, 'Tên tệp không hợp lệ') }) },
    handler: async (req, reply) => {
      const bytes = await svc.readAvatar(req.params.file);
      if (!bytes) throw notFound('Không tìm thấy ảnh');
      return reply
        .type(MIME_OF_EXT[req.params.file.split('.').pop()!]!)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .send(bytes);
    },
  });

  doctorImportRoutes(app, ctx);

  if (ctx.config.ENABLE_TEST_FIXTURES) await doctorFixtureRoutes(app, ctx);
}
