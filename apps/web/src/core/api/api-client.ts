import { CLIENT_HEADERS } from '@portal/shared/constants';
import { MSG } from '@portal/shared/messages.vi';
import { withQuery } from '@portal/shared/rules/query-string';
import { AUTH_PATHS } from '@portal/shared/contracts/auth.paths';
import type { AuthUser } from '@portal/shared/contracts/auth.contract';
import type { FieldError } from '@portal/shared/core/api';
import { authStore, currentLoginToken, forgetUrlLoginToken, urlLoginToken } from '../auth/auth-store';
import { loginUrl, redirectTarget } from '../auth/redirect';
import { notify } from '../notify';
import { clearAllStorage } from '../storage';
import { ApiError } from './api-error';

/** The token refresh: called with no Authorization header (the path from auth.paths.ts, zod-free for the first load). */
const REFRESH_PATH = AUTH_PATHS.refresh;

export interface RequestOptions {
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
  /** false: send no Authorization header (login, refresh). */
  auth?: boolean;
  /**
   * false: a 401/403 is returned to the caller as an ApiError with no refresh, no redirect and
   * no toast (the login screen shows the server message itself).
   */
  globalErrors?: boolean;
}

interface Handlers {
  /** Called once per burst of 401s, after local storage was cleared. */
  unauthorized: (loginPath: string) => void;
  forbidden: (message: string) => void;
}

const handlers: Handlers = {
  unauthorized: (path) => window.location.assign(path),
  forbidden: (message) => notify.error(message),
};

/** The app replaces the defaults with router navigation (no full reload). */
export function configureApiClient(next: Partial<Handlers>): void {
  Object.assign(handlers, next);
}

let redirecting = false;
authStore.subscribe(() => {
  // A new sign-in re-arms the 401 handling.
  if (authStore.get()) redirecting = false;
});

function handleUnauthorized(): void {
  if (redirecting) return;
  redirecting = true;
  const target = redirectTarget(window.location.pathname, window.location.search);
  // Spec §8: code 401 clears ALL of local storage, then goes to /login with the current URL.
  clearAllStorage();
  forgetUrlLoginToken();
  authStore.reload();
  handlers.unauthorized(loginUrl(target));
}

let refreshing: Promise<boolean> | null = null;

/**
 * Single-flight token refresh: parallel 401s share one POST /auth/refresh. The refresh token
 * rotates, so a second refresh with the old one would fail and end the session.
 */
function refreshSession(): Promise<boolean> {
  const user = authStore.get();
  if (!user?.refresh_token || urlLoginToken()) return Promise.resolve(false);
  refreshing ??= (async () => {
    try {
      const body = await send<{ data: AuthUser }>('POST', REFRESH_PATH, {
        body: { refreshToken: user.refresh_token },
        auth: false,
        globalErrors: false,
      });
      authStore.set(body.data);
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

function isAuthCode(status: number, code: number, expected: 401 | 403): boolean {
  return status === expected || code === expected;
}

async function parseBody(res: Response): Promise<Record<string, unknown> | null> {
  const text = await res.text();
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

async function send<T>(method: string, path: string, opts: RequestOptions = {}, replayed = false): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...CLIENT_HEADERS };
  const useToken = opts.auth !== false && path !== REFRESH_PATH;
  const token = useToken ? currentLoginToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = opts.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';

  let res: Response;
  try {
    res = await fetch(withQuery(path, opts.query ?? {}), {
      method,
      headers,
      body: hasBody ? JSON.stringify(opts.body) : undefined,
      signal: opts.signal,
      credentials: 'same-origin',
    });
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    throw new ApiError(0, -1, null);
  }

  const body = await parseBody(res);
  const code = typeof body?.code === 'number' ? body.code : res.ok ? 0 : res.status;
  if (res.ok && code === 0) return body as T;

  // A 200 with a non-zero code counts as that code (spec §8 reads "body or HTTP").
  const status = res.ok ? code : res.status;
  const message = typeof body?.message === 'string' && body.message !== '' ? body.message : null;
  const errors = Array.isArray(body?.errors) ? (body.errors as FieldError[]) : [];
  const error = new ApiError(status, code, message, errors);

  if (opts.globalErrors === false) throw error;
  if (isAuthCode(status, code, 401)) {
    if (!replayed && useToken) {
      // Another call may already have refreshed the token this request was sent with.
      const current = currentLoginToken();
      if ((current && current !== token) || (await refreshSession())) {
        return send<T>(method, path, opts, true);
      }
    }
    handleUnauthorized();
    throw error;
  }
  if (isAuthCode(status, code, 403)) handlers.forbidden(message ?? MSG.forbidden);
  throw error;
}

/** The one HTTP client of the admin app. Each method resolves with the whole JSON envelope. */
export const api = {
  get: <T>(path: string, opts?: RequestOptions) => send<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => send<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => send<T>('PUT', path, { ...opts, body }),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => send<T>('PATCH', path, { ...opts, body }),
  delete: <T>(path: string, opts?: RequestOptions) => send<T>('DELETE', path, opts),
};
