import type { authEndpoints } from '@portal/shared/contracts/auth.contract';
import { AUTH_PATHS } from '@portal/shared/contracts/auth.paths';
import { fillPath, type EndpointInput, type EndpointResponse } from '@portal/shared/core/endpoint';
import { api } from '../../core/api/api-client';
import { md5Hex } from '../../core/auth/md5';

/*
 * Sign-in and password changes: `authEndpoints` (auth.contract.ts) types the bodies and answers, AUTH_PATHS
 * names the paths. Not `call()`: the endpoint objects carry zod, which the sign-in page leaves out of its
 * first load (docs/performance.md, issue 13).
 */
type Body<K extends keyof typeof authEndpoints> = EndpointInput<(typeof authEndpoints)[K]>['body'];
type Answer<K extends keyof typeof authEndpoints> = EndpointResponse<(typeof authEndpoints)[K]>;

/** PUT /user/login. 401/403/429 come back to the login screen untouched (no global handling). */
export function login(username: string, password: string): Promise<Answer<'login'>> {
  const body: Body<'login'> = { emailOrPhone: username.trim(), password: md5Hex(password) };
  return api.put<Answer<'login'>>(AUTH_PATHS.login, body, { auth: false, globalErrors: false });
}

/** PUT /user/logout. An expired session (401) is already logged out: no redirect loop. */
export function logout(): Promise<Answer<'logout'>> {
  return api.put<Answer<'logout'>>(AUTH_PATHS.logout, undefined, { globalErrors: false });
}

/** PUT /user/{id}: the periodic and mandatory dialogs. Wrong old password → 400 code 2. */
export function changePassword(id: number, oldPassword: string, newPassword: string): Promise<Answer<'changePassword'>> {
  const body: Body<'changePassword'> = { passwordOld: md5Hex(oldPassword), passwordNew: md5Hex(newPassword) };
  return api.put<Answer<'changePassword'>>(fillPath(AUTH_PATHS.changePassword, { id }), body);
}

/** PUT /user/update-password: the menu dialog. */
export function updatePassword(id: number, oldPassword: string, newPassword: string): Promise<Answer<'updatePassword'>> {
  const body: Body<'updatePassword'> = { id, passold: md5Hex(oldPassword), newpass: md5Hex(newPassword) };
  return api.put<Answer<'updatePassword'>>(AUTH_PATHS.updatePassword, body);
}
