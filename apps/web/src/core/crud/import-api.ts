import { CLIENT_HEADERS } from '@portal/shared/constants';
import { fillPath } from '@portal/shared/core/endpoint';
import type { ImportErrorBody, ImportResult } from '@portal/shared/core/import';
import { MSG } from '@portal/shared/messages.vi';
import { ApiError } from '../api/api-error';
import { currentLoginToken } from '../auth/auth-store';
import { notify } from '../notify';
import { fetchWithSession } from './download';

/** An import endpoint: a POST of the .xlsx itself. */
export type ImportEndpoint = { method: string; path: string };

export type ImportOutcome = { ok: true; message: string; result: ImportResult } | { ok: false; message: string; report: ImportErrorBody };

import { XLSX_MIME } from '@portal/shared/core/endpoint-files';

/**
 * The resource's import endpoint (`resourceImportEndpoints(resource).import`) with the file as the body
 * (server core/crud/import.ts). A 400 is a
 * report, not a failure: it comes back as `{ ok: false, report }`. Like fetchFile, a 401 lets
 * the JSON client renew the session (or sign out) once, then the upload is retried.
 */
export async function uploadImport(endpoint: ImportEndpoint, file: File): Promise<ImportOutcome> {
  const attempt = () => {
    const token = currentLoginToken();
    return fetch(fillPath(endpoint.path), {
      method: endpoint.method,
      headers: {
        ...CLIENT_HEADERS,
        Accept: 'application/json',
        'Content-Type': XLSX_MIME,
        'X-File-Name': encodeURIComponent(file.name),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: file,
      credentials: 'same-origin',
    });
  };
  const res = await fetchWithSession(attempt);
  let body: Record<string, unknown> | null = null;
  try {
    body = (await res.json()) as Record<string, unknown>;
  } catch {
    // not JSON (a proxy's error page)
  }
  const message = typeof body?.message === 'string' ? body.message : '';
  if (res.ok && body?.code === 0) return { ok: true, message, result: body.data as ImportResult };
  if (res.status === 400 && body) return { ok: false, message, report: body as unknown as ImportErrorBody };
  if (res.status === 403) notify.error(message || MSG.forbidden);
  throw new ApiError(res.status, res.status, message || null);
}
