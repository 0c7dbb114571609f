import type { AuthUser } from '@portal/shared/contracts/auth.contract';
import type { Envelope } from '@portal/shared/core/api';
import { API_PREFIX, api } from '../../core/api/api-client';
import { md5Hex } from '../../core/auth/md5';

/** PUT /user/login. 401/403/429 come back to the login screen untouched (no global handling). */
export function login(username: string, password: string): Promise<Envelope<AuthUser>> {
  return api.put<Envelope<AuthUser>>(
    `${API_PREFIX}/user/login`,
    { emailOrPhone: username.trim(), password: md5Hex(password) },
    { auth: false, globalErrors: false },
  );
}

/** PUT /user/logout. An expired session (401) is already logged out: no redirect loop. */
export function logout(): Promise<Envelope<unknown>> {
  return api.put<Envelope<unknown>>(`${API_PREFIX}/user/logout`, undefined, { globalErrors: false });
}

/** PUT /user/{id}: the periodic and mandatory dialogs. Wrong old password → 400 code 2. */
export function changePassword(id: number, oldPassword: string, newPassword: string): Promise<Envelope<unknown>> {
  return api.put<Envelope<unknown>>(`${API_PREFIX}/user/${id}`, {
    passwordOld: md5Hex(oldPassword),
    passwordNew: md5Hex(newPassword),
  });
}

/** PUT /user/update-password: the menu dialog. */
export function updatePassword(id: number, oldPassword: string, newPassword: string): Promise<Envelope<unknown>> {
  return api.put<Envelope<unknown>>(`${API_PREFIX}/user/update-password`, {
    id,
    passold: md5Hex(oldPassword),
    newpass: md5Hex(newPassword),
  });
}
