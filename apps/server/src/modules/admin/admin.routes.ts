import type { FastifyInstance } from 'fastify';
import { MSG } from '@portal/shared';
import { pageOf } from '@portal/shared/core/api';
import { accountEndpoints, accountRoomEndpoints, adminEndpoints, roleEndpoints, roomOptionEndpoints } from '@portal/shared/contracts/admin.contract';
import { accountResource, accountRoomResource, roleResource, roomOptionResource } from '@portal/shared/resources';
import { caller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { resourceRoutes } from '../../core/crud/resource-routes';
import { route } from '../../core/endpoints';
import * as accounts from './accounts.service';
import * as roles from './roles.service';
import { roomScopeSetting, setRoomScopeSetting } from './room-scope.service';

const access = { access: 'MANAGER_ADMIN' as const };
const roomTags = ['Phòng của tài khoản'];

/**
 * Admin accounts, roles, permissions and account rooms (spec §7 "Admin"). Each resource is served by
 * the generic routes through its service's handler (core/crud/resource-routes.ts), so the generic
 * list screen drives them; the spec's named operations on accounts (reset-password, locked,
 * unlocked) and the permission list are the module's own.
 */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The account form's dropdowns need MANAGER_ADMIN, not merely a session.
  resourceRoutes(app, roleResource, roles.roleHandler(ctx), { endpoints: roleEndpoints, optionsAccess: 'MANAGER_ADMIN' });
  resourceRoutes(app, accountResource, accounts.accountHandler(ctx), { endpoints: accountEndpoints, messages: { create: MSG.accountCreated } });
  resourceRoutes(app, accountRoomResource, accounts.accountRoomHandler(ctx), {
    endpoints: accountRoomEndpoints,
    messages: { update: 'Đã lưu phòng của tài khoản' },
  });
  resourceRoutes(app, roomOptionResource, accounts.roomOptionHandler(ctx), { endpoints: roomOptionEndpoints, optionsAccess: 'MANAGER_ADMIN', tags: roomTags });

  route(app, adminEndpoints.roomScope, {
    config: access,
    tags: roomTags,
    handler: async (req) => ({ code: 0 as const, data: await roomScopeSetting(ctx, caller(req)) }),
  });
  route(app, adminEndpoints.setRoomScope, {
    config: access,
    tags: roomTags,
    handler: async (req) => {
      const data = await setRoomScopeSetting(ctx, caller(req), req.body.restrictToAccountRooms);
      return { code: 0 as const, message: data.restrictToAccountRooms ? MSG.roomScopeOn : MSG.roomScopeOff, data };
    },
  });

  route(app, adminEndpoints.permissions, {
    config: access,
    tags: [roleResource.labelPlural],
    handler: async (req) => {
      const { data, total } = roles.permissionsPage(req.query.page, req.query.size);
      return pageOf(data, total, req.query);
    },
  });

  const accountTags = [accountResource.labelPlural];
  route(app, adminEndpoints.resetPassword, {
    config: access,
    tags: accountTags,
    handler: async (req) => ({ code: 0 as const, message: MSG.passwordReset, data: await accounts.resetPassword(ctx, caller(req), req.params.id) }),
  });
  route(app, adminEndpoints.usernames, {
    config: access,
    tags: accountTags,
    handler: async (req) => ({ code: 0 as const, data: await accounts.checkUsername(ctx, req.query) }),
  });
  route(app, adminEndpoints.lock, {
    config: access,
    tags: accountTags,
    handler: async (req) => ({ code: 0 as const, message: MSG.accountLockedDone, data: await accounts.setLocked(ctx, caller(req), req.params.id, true) }),
  });
  route(app, adminEndpoints.unlock, {
    config: access,
    tags: accountTags,
    handler: async (req) => ({ code: 0 as const, message: MSG.accountUnlockedDone, data: await accounts.setLocked(ctx, caller(req), req.params.id, false) }),
  });
}
