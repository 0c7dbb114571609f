import { CLIENT_HEADERS } from '@portal/shared/constants';
import { MSG } from '@portal/shared/messages.vi';
import { withQuery } from '@portal/shared/rules/query-string';
import { AUTH_PATHS } from '@portal/shared/contracts/auth.paths';
import { api } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { currentLoginToken } from '../auth/auth-store';
import { notify } from '../notify';
import { fileNameFromDisposition } from './download.logic';

/**
 * A binary GET (Excel export) with the session's token. The JSON client has no binary call, so
 * this one fetches itself but leaves session handling to the client: on a 401 it makes one
 * cheap call through the client (which refreshes the token, or signs out and redirects) and
 * tries once more.
 */
/**
 * A raw fetch (files up or down) with the API client's session handling: on a 401 the client's
 * own call renews the token (or sends the user to /login), then the request is tried once more.
 * A network failure becomes an ApiError like any other call's.
 */
export async function fetchWithSession(attempt: () => Promise<Response>): Promise<Response> {
  try {
    const res = await attempt();
    if (res.status !== 401) return res;
    await api.get(AUTH_PATHS.me); // throws (and redirects to login) when the session is over
    return await attempt();
  } catch (e) {
    throw e instanceof ApiError ? e : new ApiError(0, -1, null);
  }
}

/**
 * Downloads a file answer. `onProgress` is told the bytes received so far as they arrive (a streamed
 * export has no length known in advance: the screen shows how much has come).
 */
export async function fetchFile(
  path: string,
  query: Record<string, unknown>,
  fallbackName: string,
  onProgress?: (received: number) => void,
): Promise<{ blob: Blob; fileName: string }> {
  const url = withQuery(path, query);
  const attempt = () => {
    const token = currentLoginToken();
    return fetch(url, {
      headers: { ...CLIENT_HEADERS, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      credentials: 'same-origin',
    });
  };

  const res = await fetchWithSession(attempt);
  if (!res.ok) {
    let message: string | null = null;
    try {
      const body = (await res.json()) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) message = body.message;
    } catch {
      // not JSON
    }
    if (res.status === 403) notify.error(message ?? MSG.forbidden);
    throw new ApiError(res.status, res.status, message);
  }
  const fileName = fileNameFromDisposition(res.headers.get('Content-Disposition'), fallbackName);
  if (!onProgress || !res.body) return { blob: await res.blob(), fileName };
  const reader = res.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return { blob: new Blob(parts, { type: res.headers.get('Content-Type') ?? undefined }), fileName };
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked after the browser has started reading it.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}
