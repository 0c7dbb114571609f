import { CLIENT_HEADERS } from '@portal/shared/constants';
import { API_PREFIX, api } from './api-client';
import { ApiError } from './api-error';
import { currentLoginToken } from '../auth/auth-store';

/**
 * Sends a file as the raw request body (the server reads its type from the bytes) and returns the answer's
 * `data`. The JSON client has no binary call: on a 401 this makes one cheap call through it (which
 * refreshes the session or signs out) and tries once more. Used by the doctor's photo and content images.
 */
export async function uploadFile<T>(method: 'POST' | 'PUT', url: string, file: File, signal?: AbortSignal): Promise<T> {
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
      await api.get(`${API_PREFIX}/user/me`);
      res = await attempt();
    }
  } catch (e) {
    throw e instanceof ApiError ? e : new ApiError(0, -1, null);
  }
  const body = (await res.json().catch(() => null)) as { message?: string; data?: T; errors?: [] } | null;
  if (!res.ok || !body?.data) throw new ApiError(res.status, res.status, body?.message ?? null, body?.errors ?? []);
  return body.data;
}
