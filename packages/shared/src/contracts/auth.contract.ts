import { z } from 'zod';
import { envelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { AUTH_PATHS } from './auth.paths';

/** MD5 hex of the password: the wire format of spec §7. */
export const md5Hex = z
  .string()
  .regex(/^[a-fA-F0-9]{32}$/, 'Mật khẩu gửi lên không hợp lệ')
  .transform((v) => v.toLowerCase());

export const loginBody = z.object({
  emailOrPhone: z.string().trim().min(1, 'Vui lòng nhập tên đăng nhập').max(100, 'Tên đăng nhập tối đa 100 ký tự'),
  password: md5Hex,
});
export type LoginBody = z.input<typeof loginBody>;

/** The auth user kept by the web in local storage as `auth` (spec §3). */
export const authUser = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  loginToken: z.string(),
  refresh_token: z.string(),
  /** ISO 8601 instant. */
  lastPasswordReset: z.string(),
  /** True when an administrator reset the password: the next screen must be the password change. */
  mustChangePassword: z.boolean(),
});
export type AuthUser = z.infer<typeof authUser>;
export const loginResponse = envelope(authUser);

export const refreshBody = z.object({ refreshToken: z.string().min(1).max(200) });
export const refreshResponse = envelope(authUser);

export const meData = z.object({
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    authorities: z.array(z.string()),
    lastPasswordReset: z.string(),
    mustChangePassword: z.boolean(),
  }),
  hospitalByAdmin: z.object({ id: z.number().int(), name: z.string(), avatar: z.string().nullable() }),
  /** The facility's password reminder period in days (general configuration PASSWORD_REMINDER_DAYS, default 180). */
  passwordReminderDays: z.number().int().optional(),
});
export type MeData = z.infer<typeof meData>;
export const meResponse = envelope(meData);

/** PUT {prefix}/user/{id}: both hashes MD5. Wrong old password → code 2. */
export const changePasswordBody = z.object({ passwordOld: md5Hex, passwordNew: md5Hex });
/** PUT {prefix}/user/update-password (menu dialog). */
export const updatePasswordBody = z.object({ id: z.coerce.number().int().positive(), passold: md5Hex, newpass: md5Hex });
export const idParam = z.object({ id: z.coerce.number().int().positive('Mã không hợp lệ').max(2_147_483_647, 'Mã không hợp lệ') });

export const messageResponse = z.object({ code: z.literal(0), message: z.string() });

export const authorizeRow = z.object({ code: z.string(), name: z.string(), granted: z.boolean() });
export type AuthorizeRow = z.infer<typeof authorizeRow>;
export const authorizesResponse = envelope(z.array(authorizeRow));

/** Sign-in, the session and password changes, written once for the server and the web (core/endpoint.ts; paths in auth.paths.ts). */
export const authEndpoints = {
  login: endpoint({ method: 'PUT', path: AUTH_PATHS.login, summary: 'Đăng nhập', body: loginBody, response: loginResponse, errors: [400, 401, 403, 429] }),
  logout: endpoint({ method: 'PUT', path: AUTH_PATHS.logout, summary: 'Đăng xuất', response: messageResponse, errors: [401] }),
  me: endpoint({ method: 'GET', path: AUTH_PATHS.me, summary: 'Người dùng hiện tại', response: meResponse, errors: [401] }),
  authorizes: endpoint({
    method: 'GET',
    path: AUTH_PATHS.authorizes,
    summary: 'Danh sách quyền và quyền của người dùng',
    response: authorizesResponse,
    errors: [401],
  }),
  refresh: endpoint({
    method: 'POST',
    path: AUTH_PATHS.refresh,
    summary: 'Làm mới phiên đăng nhập (xoay vòng refresh token)',
    body: refreshBody,
    response: refreshResponse,
    errors: [400, 401],
  }),
  updatePassword: endpoint({
    method: 'PUT',
    path: AUTH_PATHS.updatePassword,
    summary: 'Đổi mật khẩu (menu)',
    body: updatePasswordBody,
    response: messageResponse,
    errors: [400, 401, 403],
  }),
  changePassword: endpoint({
    method: 'PUT',
    path: AUTH_PATHS.changePassword,
    summary: 'Đổi mật khẩu (hộp thoại định kỳ / bắt buộc); code 2 khi mật khẩu cũ sai',
    params: idParam,
    body: changePasswordBody,
    response: messageResponse,
    errors: [400, 401, 403],
  }),
};

export { WRONG_OLD_PASSWORD_CODE } from '../constants';
