import type { FastifyInstance } from 'fastify';
import { AUTHORITIES, AUTHORITY_LABELS, hasAuthority, MSG } from '@portal/shared';
import { authEndpoints as E } from '@portal/shared/contracts/auth.contract';
import { caller, origin } from '../../core/access';
import type { AppContext } from '../../core/context';
import { facilitySettings } from '../settings/settings.accessor';
import { route } from '../../core/endpoints';
import * as service from './auth.service';

const tags = ['Đăng nhập'];

/** Sign-in, the session and password changes; endpoints in auth.contract.ts. */
export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, E.login, {
    config: { access: 'public' },
    tags,
    handler: async (req) => {
      const data = await service.login(ctx, origin(req), req.body.emailOrPhone, req.body.password);
      return { code: 0 as const, message: MSG.loginSuccess, data };
    },
  });

  route(app, E.logout, {
    config: { access: 'signed-in', beforePasswordChange: true },
    tags,
    handler: async (req) => {
      await service.logout(ctx, caller(req));
      return { code: 0 as const, message: 'Đăng xuất thành công' };
    },
  });

  route(app, E.me, {
    config: { access: 'signed-in', beforePasswordChange: true },
    tags,
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
          passwordReminderDays: (await facilitySettings(ctx, a.facilityId)).PASSWORD_REMINDER_DAYS,
        },
      };
    },
  });

  route(app, E.authorizes, {
    config: { access: 'signed-in' },
    tags,
    handler: async (req) => {
      const a = caller(req);
      return {
        code: 0 as const,
        data: AUTHORITIES.map((code) => ({ code, name: AUTHORITY_LABELS[code], granted: hasAuthority(a.authorities, code) })),
      };
    },
  });

  route(app, E.refresh, {
    config: { access: 'public' },
    tags,
    handler: async (req) => ({ code: 0 as const, data: await service.refresh(ctx, origin(req), req.body.refreshToken) }),
  });

  route(app, E.updatePassword, {
    config: { access: 'signed-in', beforePasswordChange: true },
    tags,
    handler: async (req) => {
      await service.changePassword(ctx, caller(req), req.body.id, req.body.passold, req.body.newpass);
      return { code: 0 as const, message: MSG.passwordChanged };
    },
  });

  route(app, E.changePassword, {
    config: { access: 'signed-in', beforePasswordChange: true },
    tags,
    handler: async (req) => {
      await service.changePassword(ctx, caller(req), req.params.id, req.body.passwordOld, req.body.passwordNew);
      return { code: 0 as const, message: MSG.passwordChanged };
    },
  });
}
