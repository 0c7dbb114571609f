import { z } from 'zod';
import { envelope, pageEnvelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { pagingParams } from '../core/list-query';
import { resourceEndpoints } from '../core/resource-endpoints';
import { accountResource, accountRoomResource, roleResource, roomOptionResource } from '../resources';
import { idParam } from './auth.contract';
import { MSG } from '../messages.vi';

/** Rows and operations of the admin domain (accounts, roles, permissions, account rooms). */

export const roleRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  authorities: z.array(z.string()),
  /** Accounts holding the role (locked ones included). */
  holders: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RoleRow = z.infer<typeof roleRow>;

const roleRef = z.object({ id: z.number().int(), code: z.string(), name: z.string(), active: z.boolean() });
const roomRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const accountRow = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  roleIds: z.array(z.number().int()),
  roles: z.array(roleRef),
  roomIds: z.array(z.number().int()),
  rooms: z.array(roomRef),
  locked: z.boolean(),
  /** The generic list's state: an account is "active" while it is not locked. */
  active: z.boolean(),
  mustChangePassword: z.boolean(),
  /** ISO 8601 instant; the screen shows DD/MM/YYYY. */
  lastPasswordReset: z.string(),
  createdAt: z.string(),
});
export type AccountRow = z.infer<typeof accountRow>;

/** A created account carries its one-time password: the only time it is ever sent. */
export const createdAccountRow = accountRow.extend({ oneTimePassword: z.string() });

export const resetPasswordResponse = envelope(z.object({ oneTimePassword: z.string(), sessionsEnded: z.number().int() }));
export const lockResponse = envelope(z.object({ locked: z.boolean(), sessionsEnded: z.number().int() }));

export const roomOptionRow = z.object({ id: z.number().int(), code: z.string(), name: z.string(), active: z.boolean() });

/**
 * The facility's rule for account rooms (docs/booking-states.md "Rooms of an account"): on, an account
 * with rooms assigned works only with those rooms' bookings; off, its rooms are where its screens open.
 */
export const roomScopeSetting = z.object({ restrictToAccountRooms: z.boolean() });
export const roomScopeBody = z.strictObject({ restrictToAccountRooms: z.boolean({ message: 'Giá trị không hợp lệ' }) });
export const ROOM_SCOPE_PATH = '/api/his/v1/vendor/room-scope';

/** Spec §7 "permissions (page, size)": the authorities with their labels, paged. */
export const permissionsQuery = z.object({
  ...pagingParams(),
});
export const permissionRow = z.object({ code: z.string(), name: z.string() });
export const permissionPage = pageEnvelope(permissionRow);

// The generic routes of the admin resources (core/resource-endpoints.ts), with their own rows and words.
export const roleEndpoints = resourceEndpoints(roleResource, {
  row: roleRow,
  idParams: idParam,
  summaries: {
    list: 'Vai trò: danh sách (tìm không dấu, lọc theo quyền, trạng thái)',
    options: 'Vai trò: chọn (hộp chọn phân trang, chỉ vai trò đang hoạt động)',
    export: 'Vai trò: xuất Excel theo bộ lọc',
    update: 'Vai trò: cập nhật (có hiệu lực ở yêu cầu kế tiếp của người giữ vai trò)',
    setActive: 'Vai trò: ngừng / cho hoạt động lại (từ chối khi đang được gán)',
  },
  errors: { options: [400, 401, 403], setActive: [400, 401, 403, 404, 409] },
});

export const accountEndpoints = resourceEndpoints(accountResource, {
  row: accountRow,
  created: createdAccountRow,
  idParams: idParam,
  summaries: {
    list: 'Tài khoản quản trị: danh sách (tìm không dấu, lọc vai trò, phòng, khoá)',
    export: 'Tài khoản quản trị: xuất Excel theo bộ lọc',
    get: 'Tài khoản quản trị: chi tiết',
    create: 'Tài khoản quản trị: thêm mới — trả về mật khẩu dùng một lần (chỉ một lần), phải đổi khi đăng nhập lần đầu',
    update: 'Tài khoản quản trị: cập nhật',
  },
});

export const accountRoomEndpoints = resourceEndpoints(accountRoomResource, {
  row: accountRow,
  idParams: idParam,
  summaries: {
    list: 'Phòng của tài khoản: danh sách tài khoản và phòng (lọc theo phòng)',
    export: 'Phòng của tài khoản: xuất Excel',
    get: 'Phòng của một tài khoản',
    update: 'Gán phòng cho tài khoản',
  },
  errors: { update: [400, 401, 403, 404] },
});

export const roomOptionEndpoints = resourceEndpoints(roomOptionResource, {
  row: roomOptionRow,
  idParams: idParam,
  summaries: {
    list: 'Phòng khám của cơ sở để chọn (phân trang, tìm không dấu)',
    options: 'Phòng khám để chọn (hộp chọn phân trang, chỉ phòng đang hoạt động)',
    get: 'Một phòng khám (tên hiển thị)',
  },
  errors: { options: [400, 401, 403] },
});

/** GET /api/his/v1/vendor/usernames (spec "Vendor usernames"): is a login name free, and the one a full name gives. */
export const USERNAMES_PATH = '/api/his/v1/vendor/usernames';
export const usernameCheckQuery = z
  .object({
    /** The name being typed; its rule (rules/username) is checked first: a bad one is a 400 with the reason. */
    username: z.string().max(200, 'Tên đăng nhập tối đa 50 ký tự').optional(),
    /** The account holder's full name: the proposal "annv", "annv2"… is built from it. */
    fullName: z.string().trim().max(100, 'Họ và tên tối đa 100 ký tự').optional(),
  })
  .refine((q) => (q.username ?? '').trim() !== '' || (q.fullName ?? '') !== '', { message: MSG.usernameCheckEmpty, path: ['username'] });
export const usernameCheck = z.object({
  /** The name checked, lower case as it would be stored; null when none was asked. */
  username: z.string().nullable(),
  /** Free across the platform (login does not name the facility); null when no name was asked. */
  available: z.boolean().nullable(),
  /** The first free name of the full name's series, or null (no full name, or no letter in it). */
  proposal: z.string().nullable(),
});
export type UsernameCheck = z.infer<typeof usernameCheck>;

/** The spec's named operations on an account (not on one's own), and the authorities a role can hold. */
export const adminEndpoints = {
  resetPassword: endpoint({
    method: 'PUT',
    path: `${accountResource.path}/:id/reset-password`,
    summary: 'Cấp lại mật khẩu: mật khẩu dùng một lần (chỉ một lần), kết thúc các phiên',
    params: idParam,
    response: resetPasswordResponse,
    errors: [400, 401, 403, 404],
  }),
  lock: endpoint({
    method: 'PUT',
    path: `${accountResource.path}/:id/locked`,
    summary: 'Khoá tài khoản (kết thúc các phiên)',
    params: idParam,
    response: lockResponse,
    errors: [400, 401, 403, 404, 409],
  }),
  unlock: endpoint({
    method: 'PUT',
    path: `${accountResource.path}/:id/unlocked`,
    summary: 'Mở khoá tài khoản',
    params: idParam,
    response: lockResponse,
    errors: [400, 401, 403, 404, 409],
  }),
  roomScope: endpoint({
    method: 'GET',
    path: ROOM_SCOPE_PATH,
    summary: 'Phòng của tài khoản: cơ sở có giới hạn tài khoản trong các phòng được phân không',
    response: envelope(roomScopeSetting),
    errors: [401, 403],
  }),
  setRoomScope: endpoint({
    method: 'PUT',
    path: ROOM_SCOPE_PATH,
    summary: 'Phòng của tài khoản: bật / tắt giới hạn tài khoản trong các phòng được phân (lịch đặt khám, hàng đợi)',
    body: roomScopeBody,
    response: envelope(roomScopeSetting),
    errors: [400, 401, 403],
  }),
  usernames: endpoint({
    method: 'GET',
    path: USERNAMES_PATH,
    summary: 'Tên đăng nhập: còn trống không (không phân biệt hoa thường) và gợi ý từ họ tên ("Nguyễn Văn An" → annv, annv2…)',
    query: usernameCheckQuery,
    response: envelope(usernameCheck),
    errors: [400, 401, 403],
  }),
  permissions: endpoint({
    method: 'GET',
    path: '/api/his/v1/permissions',
    summary: 'Danh sách quyền (phân trang)',
    query: permissionsQuery,
    response: permissionPage,
    errors: [400, 401, 403],
  }),
};
