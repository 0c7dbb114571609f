import { z } from 'zod';
import { envelope } from '../core/api';

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
});
export type MeData = z.infer<typeof meData>;
export const meResponse = envelope(meData);

/** PUT {prefix}/user/{id}: both hashes MD5. Wrong old password → code 2. */
export const changePasswordBody = z.object({ passwordOld: md5Hex, passwordNew: md5Hex });
/** PUT {prefix}/user/update-password (menu dialog). */
export const updatePasswordBody = z.object({ id: z.coerce.number().int().positive(), passold: md5Hex, newpass: md5Hex });
export const idParam = z.object({ id: z.coerce.number().int().positive('Mã không hợp lệ').max(2_147_483_647, 'Mã không hợp lệ') });

export const messageResponse = z.object({ code: z.literal(0), message: z.string() });

export const authorizesResponse = envelope(z.array(z.object({ code: z.string(), name: z.string(), granted: z.boolean() })));

export { WRONG_OLD_PASSWORD_CODE } from '../constants';
