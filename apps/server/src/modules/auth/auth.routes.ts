import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTHORITIES, AUTHORITY_LABELS, hasAuthority, MSG } from '@portal/shared';
import {
  authorizesResponse,
  changePasswordBody,
  idParam,
  loginBody,
  loginResponse,
  meResponse,
  messageResponse,
  refreshBody,
  refreshResponse,
  updatePasswordBody,
} from '@portal/shared/contracts/auth.contract';
import { caller, origin } from '../../core/access';
import type { AppContext } from '../../core/context';
import { errorResponses } from '../../core/openapi';
import * as service from './auth.service';

const tags = ['Đăng nhập'];

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put('/api/his/v1/user/login', {
    config: { access: 'public' },
    schema: { tags, summary: 'Đăng nhập', body: loginBody, response: { 200: loginResponse, ...errorResponses(400, 401, 403, 429) } },
    handler: async (req) => {
      const data = await service.login(ctx, origin(req), req.body.emailOrPhone, req.body.password);
      return { code: 0 as const, message: MSG.loginSuccess, data };
    },
  });

  r.put('/api/his/v1/user/logout', {
    config: { access: 'signed-in', beforePasswordChange: true },
    schema: { tags, summary: 'Đăng xuất', response: { 200: messageResponse, ...errorResponses(401) } },
    handler: async (req) => {
      await service.logout(ctx, caller(req));
      return { code: 0 as const, message: 'Đăng xuất thành công' };
    },
  });

  r.get('/api/his/v1/user/me', {
    config: { access: 'signed-in', beforePasswordChange: true },
    schema: { tags, summary: 'Người dùng hiện tại', response: { 200: meResponse, ...errorResponses(401) } },
    handler: async (req) => {
      const a = caller(req);
      return {
        code: 0 as const,
        data: {
          user: {
            id: a.accountId,
            username: a.username,
            name: a.name,
            authorities: a.authorities,
            lastPasswordReset: a.lastPasswordReset.toISOString(),
            mustChangePassword: a.mustChangePassword,
          },
          hospitalByAdmin: { id: a.facilityId, name: a.facilityName, avatar: a.facilityAvatar },
        },
      };
    },
  });

  r.get('/api/his/v1/user/authorizes', {
    config: { access: 'signed-in' },
    schema: { tags, summary: 'Danh sách quyền và quyền của người dùng', response: { 200: authorizesResponse, ...errorResponses(401) } },
    handler: async (req) => {
      const a = caller(req);
      return {
        code: 0 as const,
        data: AUTHORITIES.map((code) => ({ code, name: AUTHORITY_LABELS[code], granted: hasAuthority(a.authorities, code) })),
      };
    },
  });

  r.post('/api/his/v1/auth/refresh', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Làm mới phiên đăng nhập (xoay vòng refresh token)',
      body: refreshBody,
      response: { 200: refreshResponse, ...errorResponses(400, 401) },
    },
    handler: async (req) => ({ code: 0 as const, data: await service.refresh(ctx, origin(req), req.body.refreshToken) }),
  });

  r.put('/api/his/v1/user/update-password', {
    config: { access: 'signed-in', beforePasswordChange: true },
    schema: { tags, summary: 'Đổi mật khẩu (menu)', body: updatePasswordBody, response: { 200: messageResponse, ...errorResponses(400, 401, 403) } },
    handler: async (req) => {
      await service.changePassword(ctx, caller(req), req.body.id, req.body.passold, req.body.newpass);
      return { code: 0 as const, message: MSG.passwordChanged };
    },
  });

  r.put('/api/his/v1/user/:id', {
    config: { access: 'signed-in', beforePasswordChange: true },
    schema: {
      tags,
      summary: 'Đổi mật khẩu (hộp thoại định kỳ / bắt buộc); code 2 khi mật khẩu cũ sai',
      params: idParam,
      body: changePasswordBody,
      response: { 200: messageResponse, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => {
      await service.changePassword(ctx, caller(req), req.params.id, req.body.passwordOld, req.body.passwordNew);
      return { code: 0 as const, message: MSG.passwordChanged };
    },
  });
}
