import type { FastifyInstance, FastifyReply } from 'fastify';
import { pageOf } from '@portal/shared/core/api';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@portal/shared';
import {
  accountPage,
  accountResponse,
  createdAccountResponse,
  lockResponse,
  permissionPage,
  permissionsQuery,
  resetPasswordResponse,
  rolePage,
  roleResponse,
  roomOptionPage,
  roomOptionResponse,
} from '@portal/shared/contracts/admin.contract';
import { idParam } from '@portal/shared/contracts/auth.contract';
import { accountResource, accountRoomResource, roleResource, roomOptionResource } from '@portal/shared/resources';
import { caller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { errorResponses } from '../../core/openapi';
import * as repo from './admin.repository';
import * as accounts from './accounts.service';
import * as roles from './roles.service';

const access = { access: 'MANAGER_ADMIN' as const };
const activeBody = z.strictObject({ active: z.boolean({ message: 'Trạng thái phải là đúng hoặc sai' }) });
const roomsBody = accountRoomResource.body;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function sendXlsx(reply: FastifyReply, buffer: Buffer, name: string) {
  return reply.type(XLSX).header('Content-Disposition', `attachment; filename="${name}.xlsx"`).send(buffer);
}

/**
 * Admin accounts, roles, permissions and account rooms (spec §7 "Admin"). The paths follow the
 * generic resource conventions (list, /export, /{id}, /{id}/active) so the generic list screen
 * drives them, plus the spec's named operations on accounts: reset-password, locked, unlocked.
 */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ------------------------------------------------------------ roles
  const roleTags = ['Vai trò'];
  r.get(roleResource.path, {
    config: access,
    schema: {
      tags: roleTags,
      summary: 'Vai trò: danh sách (tìm không dấu, lọc theo quyền, trạng thái)',
      querystring: roleResource.listQuery,
      response: { 200: rolePage, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => {
      const { rows, total } = await roles.listRoles(ctx, caller(req), req.query);
      return pageOf(rows, total, req.query);
    },
  });
  // The paged dropdown (spec §9) the generic form's ref fields read: active rows, id and name.
  r.get(`${roleResource.path}/select`, {
    config: access,
    schema: { tags: roleTags, summary: 'Vai trò: chọn (hộp chọn phân trang, chỉ vai trò đang hoạt động)', querystring: roleResource.selectQuery },
    handler: async (req) => {
      const q = { ...req.query, sort: undefined, filters: { ...req.query.filters, active: true } };
      const { rows, total } = await roles.listRoles(ctx, caller(req), q);
      return pageOf(
        rows.map((x) => ({ id: x.id, name: x.name })),
        total,
        q,
      );
    },
  });
  r.get(`${roleResource.path}/export`, {
    config: access,
    schema: { tags: roleTags, summary: 'Vai trò: xuất Excel theo bộ lọc', querystring: roleResource.listQuery },
    handler: async (req, reply) => sendXlsx(reply, await roles.exportRoles(ctx, caller(req), req.query), roleResource.exportName),
  });
  r.get(`${roleResource.path}/:id`, {
    config: access,
    schema: { tags: roleTags, summary: 'Vai trò: chi tiết', params: idParam, response: { 200: roleResponse, ...errorResponses(400, 401, 403, 404) } },
    handler: async (req) => ({ code: 0 as const, data: await roles.getRole(ctx, caller(req), req.params.id) }),
  });
  r.post(roleResource.path, {
    config: access,
    schema: { tags: roleTags, summary: 'Vai trò: thêm mới', body: roleResource.body, response: { 200: roleResponse, ...errorResponses(400, 401, 403, 409) } },
    handler: async (req) => ({
      code: 0 as const,
      message: 'Đã thêm vai trò',
      data: await roles.createRole(ctx, caller(req), req.body as unknown as roles.RoleBody),
    }),
  });
  r.put(`${roleResource.path}/:id`, {
    config: access,
    schema: {
      tags: roleTags,
      summary: 'Vai trò: cập nhật (có hiệu lực ở yêu cầu kế tiếp của người giữ vai trò)',
      params: idParam,
      body: roleResource.body,
      response: { 200: roleResponse, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => ({
      code: 0 as const,
      message: 'Đã lưu thay đổi',
      data: await roles.updateRole(ctx, caller(req), req.params.id, req.body as unknown as roles.RoleBody),
    }),
  });
  r.put(`${roleResource.path}/:id/active`, {
    config: access,
    schema: {
      tags: roleTags,
      summary: 'Vai trò: ngừng / cho hoạt động lại (từ chối khi đang được gán)',
      params: idParam,
      body: activeBody,
      response: { 200: roleResponse, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => ({
      code: 0 as const,
      message: req.body.active ? 'Đã cho hoạt động lại' : 'Đã ngừng hoạt động',
      data: await roles.setRoleActive(ctx, caller(req), req.params.id, req.body.active),
    }),
  });

  r.get('/api/his/v1/permissions', {
    config: access,
    schema: {
      tags: roleTags,
      summary: 'Danh sách quyền (phân trang)',
      querystring: permissionsQuery,
      response: { 200: permissionPage, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => {
      const { data, total } = roles.permissionsPage(req.query.page, req.query.size);
      return pageOf(data, total, req.query);
    },
  });

  // ------------------------------------------------------------ accounts
  const accountTags = ['Tài khoản quản trị'];
  const base = accountResource.path;
  r.get(base, {
    config: access,
    schema: {
      tags: accountTags,
      summary: 'Tài khoản quản trị: danh sách (tìm không dấu, lọc vai trò, phòng, khoá)',
      querystring: accountResource.listQuery,
      response: { 200: accountPage, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => {
      const { rows, total } = await accounts.listAccounts(ctx, caller(req), req.query);
      return pageOf(rows, total, req.query);
    },
  });
  r.get(`${base}/export`, {
    config: access,
    schema: { tags: accountTags, summary: 'Tài khoản quản trị: xuất Excel theo bộ lọc', querystring: accountResource.listQuery },
    handler: async (req, reply) => sendXlsx(reply, await accounts.exportAccounts(ctx, caller(req), req.query, 'accounts'), accountResource.exportName),
  });
  r.get(`${base}/:id`, {
    config: access,
    schema: {
      tags: accountTags,
      summary: 'Tài khoản quản trị: chi tiết',
      params: idParam,
      response: { 200: accountResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => ({ code: 0 as const, data: await accounts.getAccount(ctx, caller(req), req.params.id) }),
  });
  r.post(base, {
    config: access,
    schema: {
      tags: accountTags,
      summary: 'Tài khoản quản trị: thêm mới — trả về mật khẩu dùng một lần (chỉ một lần), phải đổi khi đăng nhập lần đầu',
      body: accountResource.body,
      response: { 200: createdAccountResponse, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (req) => ({
      code: 0 as const,
      message: MSG.accountCreated,
      data: await accounts.createAccount(ctx, caller(req), req.body as unknown as accounts.AccountBody),
    }),
  });
  r.put(`${base}/:id`, {
    config: access,
    schema: {
      tags: accountTags,
      summary: 'Tài khoản quản trị: cập nhật',
      params: idParam,
      body: accountResource.body,
      response: { 200: accountResponse, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => ({
      code: 0 as const,
      message: 'Đã lưu thay đổi',
      data: await accounts.updateAccount(ctx, caller(req), req.params.id, req.body as unknown as accounts.AccountBody),
    }),
  });
  r.put(`${base}/:id/reset-password`, {
    config: access,
    schema: {
      tags: accountTags,
      summary: 'Đặt lại mật khẩu: mật khẩu dùng một lần (chỉ một lần), kết thúc các phiên',
      params: idParam,
      response: { 200: resetPasswordResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => ({ code: 0 as const, message: MSG.passwordReset, data: await accounts.resetPassword(ctx, caller(req), req.params.id) }),
  });
  r.put(`${base}/:id/locked`, {
    config: access,
    schema: {
      tags: accountTags,
      summary: 'Khoá tài khoản (kết thúc các phiên)',
      params: idParam,
      response: { 200: lockResponse, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => ({ code: 0 as const, message: MSG.accountLockedDone, data: await accounts.setLocked(ctx, caller(req), req.params.id, true) }),
  });
  r.put(`${base}/:id/unlocked`, {
    config: access,
    schema: { tags: accountTags, summary: 'Mở khoá tài khoản', params: idParam, response: { 200: lockResponse, ...errorResponses(400, 401, 403, 404, 409) } },
    handler: async (req) => ({ code: 0 as const, message: MSG.accountUnlockedDone, data: await accounts.setLocked(ctx, caller(req), req.params.id, false) }),
  });

  // ------------------------------------------------------------ account rooms (spec "vendor rooms")
  const roomTags = ['Phòng của tài khoản'];
  const rooms = accountRoomResource.path;
  r.get(rooms, {
    config: access,
    schema: {
      tags: roomTags,
      summary: 'Phòng của tài khoản: danh sách tài khoản và phòng (lọc theo phòng)',
      querystring: accountRoomResource.listQuery,
      response: { 200: accountPage, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => {
      const { rows, total } = await accounts.listAccounts(ctx, caller(req), req.query);
      return pageOf(rows, total, req.query);
    },
  });
  r.get(`${rooms}/export`, {
    config: access,
    schema: { tags: roomTags, summary: 'Phòng của tài khoản: xuất Excel', querystring: accountRoomResource.listQuery },
    handler: async (req, reply) => sendXlsx(reply, await accounts.exportAccounts(ctx, caller(req), req.query, 'account-rooms'), accountRoomResource.exportName),
  });
  r.get(`${rooms}/:id`, {
    config: access,
    schema: { tags: roomTags, summary: 'Phòng của một tài khoản', params: idParam, response: { 200: accountResponse, ...errorResponses(400, 401, 403, 404) } },
    handler: async (req) => ({ code: 0 as const, data: await accounts.getAccount(ctx, caller(req), req.params.id) }),
  });
  r.put(`${rooms}/:id`, {
    config: access,
    schema: {
      tags: roomTags,
      summary: 'Gán phòng cho tài khoản',
      params: idParam,
      body: roomsBody,
      response: { 200: accountResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => ({
      code: 0 as const,
      message: 'Đã lưu phòng của tài khoản',
      data: await accounts.setRooms(ctx, caller(req), req.params.id, ((req.body as { roomIds?: number[] | null }).roomIds ?? []) as number[]),
    }),
  });

  const options = roomOptionResource.path;
  r.get(options, {
    config: access,
    schema: {
      tags: roomTags,
      summary: 'Phòng khám của cơ sở để chọn (phân trang, tìm không dấu)',
      querystring: roomOptionResource.listQuery,
      response: { 200: roomOptionPage, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => {
      const { rows, total } = await repo.listRoomOptions(ctx.database.db, caller(req).facilityId, req.query);
      return pageOf(rows, total, req.query);
    },
  });
  r.get(`${options}/select`, {
    config: access,
    schema: { tags: roomTags, summary: 'Phòng khám để chọn (hộp chọn phân trang, chỉ phòng đang hoạt động)', querystring: roomOptionResource.selectQuery },
    handler: async (req) => {
      const q = { ...req.query, sort: undefined, filters: { ...req.query.filters, active: true } };
      const { rows, total } = await repo.listRoomOptions(ctx.database.db, caller(req).facilityId, q);
      return pageOf(
        rows.map((x) => ({ id: x.id, name: x.name })),
        total,
        q,
      );
    },
  });
  r.get(`${options}/:id`, {
    config: access,
    schema: {
      tags: roomTags,
      summary: 'Một phòng khám (tên hiển thị)',
      params: idParam,
      response: { 200: roomOptionResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const room = await repo.findRoomOption(ctx.database.db, caller(req).facilityId, req.params.id);
      if (!room) throw notFound('Không tìm thấy phòng');
      return { code: 0 as const, data: room };
    },
  });
}
