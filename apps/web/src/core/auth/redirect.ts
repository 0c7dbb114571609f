import { DEFAULT_REDIRECT_AFTER_LOGIN } from '@portal/shared/constants';
import { trimTrailingSlashes } from '@portal/shared/rules/paths';

const AUTH_PAGES = ['/login', '/logout'];

/**
 * Where to go after login (spec §2): the `redirect` value when it is a same-origin path,
 * otherwise /admin. Refused: absolute URLs, protocol-relative `//host`, backslash tricks,
 * control characters, and the login/logout pages themselves (they would loop).
 */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || typeof value !== 'string') return DEFAULT_REDIRECT_AFTER_LOGIN;
  const v = value.trim();
  if (!v.startsWith('/') || v.startsWith('//') || v.startsWith('/\\')) return DEFAULT_REDIRECT_AFTER_LOGIN;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(v)) return DEFAULT_REDIRECT_AFTER_LOGIN;
  const path = v.split(/[?#]/)[0];
  if (AUTH_PAGES.includes(trimTrailingSlashes(path.toLowerCase()))) return DEFAULT_REDIRECT_AFTER_LOGIN;
  return v;
}

/**
 * The path + search to come back to, without a `loginToken` parameter (a token that just
 * failed must not be replayed after the next login).
 */
export function redirectTarget(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete('loginToken');
  const qs = params.toString();
  return `${pathname}${qs ? `?${qs}` : ''}`;
}

/** `/login?redirect=<target>`; plain `/login` when the target is an auth page or the default. */
export function loginUrl(target: string | null | undefined): string {
  const safe = safeRedirect(target);
  if (!target || safe !== target.trim()) return '/login';
  return `/login?redirect=${encodeURIComponent(safe)}`;
}
