import type { FastifyInstance } from 'fastify';
import { MSG } from '@portal/shared';
import { patientAppEndpoints as E } from '@portal/shared/contracts/patient-app.contract';
import { origin, patientCaller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { route } from '../../core/endpoints';
import * as service from './patient-app.service';

const tags = ['Ứng dụng bệnh nhân'];
const patient = { access: 'patient' as const };
const publicRoute = { access: 'public' as const };
const ok = <T>(data: T) => ({ code: 0 as const, data });

/** The patient app's API (/api/app/v1): sign-in, devices, the inbox, advertising choices, the forgotten password. */
export async function patientAppRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, E.login, {
    config: publicRoute,
    tags,
    handler: async (req) => ({ code: 0 as const, message: MSG.loginSuccess, data: await service.login(ctx, origin(req), req.body) }),
  });
  route(app, E.logout, {
    config: patient,
    tags,
    handler: async (req) => {
      await service.logout(ctx, patientCaller(req));
      return { code: 0 as const, message: 'Đăng xuất thành công' };
    },
  });
  route(app, E.forgotPassword, {
    config: publicRoute,
    tags,
    handler: async (req) => ({ code: 0 as const, message: await service.forgotPassword(ctx, origin(req), req.body) }),
  });
  route(app, E.resetPassword, {
    config: publicRoute,
    tags,
    handler: async (req) => {
      await service.resetPassword(ctx, origin(req), req.body);
      return { code: 0 as const, message: 'Đã đặt lại mật khẩu. Vui lòng đăng nhập bằng mật khẩu mới.' };
    },
  });
  route(app, E.registerDevice, { config: patient, tags, handler: async (req) => ok(await service.registerDevice(ctx, patientCaller(req), req.body)) });
  route(app, E.removeDevice, { config: patient, tags, handler: async (req) => ok(await service.removeDevice(ctx, patientCaller(req), req.body.token)) });
  route(app, E.inbox, { config: patient, tags, handler: async (req) => ok(await service.inbox(ctx, patientCaller(req), req.query)) });
  route(app, E.read, { config: patient, tags, handler: async (req) => ok(await service.markRead(ctx, patientCaller(req), req.params.id)) });
  route(app, E.readAll, { config: patient, tags, handler: async (req) => ok(await service.markAllRead(ctx, patientCaller(req))) });
  route(app, E.prefs, {
    config: patient,
    tags,
    handler: async (req) => {
      const p = patientCaller(req);
      return ok(await service.prefs(ctx.database.db, p.facilityId, p.userId));
    },
  });
  route(app, E.savePrefs, { config: patient, tags, handler: async (req) => ok(await service.savePrefs(ctx, patientCaller(req), req.body)) });
}
