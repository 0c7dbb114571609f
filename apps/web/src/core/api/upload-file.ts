import { CLIENT_HEADERS } from '@portal/shared/constants';
import { AUTH_PATHS } from '@portal/shared/contracts/auth.paths';
import { fillPath, type Endpoint, type EndpointInput, type EndpointResponse } from '@portal/shared/core/endpoint';
import { withQuery } from '@portal/shared/rules/query-string';
import { api } from './api-client';
import { ApiError } from './api-error';
import { currentLoginToken } from '../auth/auth-store';

/**
 * Sends a file as the raw request body (the server reads its type from the bytes) and returns the answer's
 * JSON. The JSON client has no binary call: on a 401 this makes one cheap call through it (which refreshes
 * the session or signs out) and tries once more.
 */
async function sendFile(method: string, url: string, file: Blob, signal?: AbortSignal): Promise<{ message?: string; data?: unknown }> {
  const attempt = () => {
    const token = currentLoginToken();
    return fetch(url, {
      method,
      headers: { ...CLIENT_HEADERS, 'Content-Type': file.type || 'application/octet-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: file,
      credentials: 'same-origin',
      signal,
    });
  };
  let res: Response;
  try {
    res = await attempt();
    if (res.status === 401) {
      await api.get(AUTH_PATHS.me);
      res = await attempt();
    }
  } catch (e) {
    throw e instanceof ApiError ? e : new ApiError(0, -1, null);
  }
  const body = (await res.json().catch(() => null)) as { message?: string; data?: unknown; errors?: [] } | null;
  if (!res.ok || !body?.data) throw new ApiError(res.status, res.status, body?.message ?? null, body?.errors ?? []);
  return body;
}

/**
 * Uploads `body` (a file) to an endpoint of packages/shared whose body is `fileBody`: the path is filled from
 * `params`, the query added, and the answer typed by the endpoint (result files, content images).
 */
export async function upload<E extends Endpoint>(e: E, input: EndpointInput<E>, opts: { signal?: AbortSignal } = {}): Promise<EndpointResponse<E>> {
  const { params, query, body } = input as { params?: Record<string, string | number>; query?: Record<string, unknown>; body: Blob };
  return (await sendFile(e.method, withQuery(fillPath(e.path, params), query ?? {}), body, opts.signal)) as EndpointResponse<E>;
}

/** The same for a path written by hand; returns the answer's `data` (the doctor's photo, until its route is a shared endpoint). */
export async function uploadFile<T>(method: 'POST' | 'PUT', url: string, file: File, signal?: AbortSignal): Promise<T> {
  return (await sendFile(method, url, file, signal)).data as T;
}
