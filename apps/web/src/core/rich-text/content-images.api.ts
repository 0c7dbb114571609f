import { CLIENT_HEADERS } from '@portal/shared/constants';
import { CONTENT_IMAGE_PATH, type ContentImage } from '@portal/shared/contracts/content.contract';
import { API_PREFIX, api } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { currentLoginToken } from '../auth/auth-store';

/**
 * POST an image of rich content as the raw body (the server reads its type from the bytes). The JSON
 * client has no binary call; like the doctor's photo, a 401 makes one cheap call through the client
 * (which refreshes the session or signs out) and tries again.
 */
export async function uploadContentImage(file: File, signal?: AbortSignal): Promise<ContentImage> {
  const attempt = () => {
    const token = currentLoginToken();
    return fetch(`${CONTENT_IMAGE_PATH}?name=${encodeURIComponent(file.name.slice(0, 255))}`, {
      method: 'POST',
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
  const body = (await res.json().catch(() => null)) as { message?: string; data?: ContentImage; errors?: [] } | null;
  if (!res.ok || !body?.data) throw new ApiError(res.status, res.status, body?.message ?? null, body?.errors ?? []);
  return body.data;
}
