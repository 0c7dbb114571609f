/**
 * The public queue calls of the calling screen and the kiosk: plain fetch with the link's token in
 * the X-Screen-Token header (never the URL). Answers are { code: 0, message, data }; errors
 * { code: <http>, message: '<Vietnamese>' }, whose message is shown as it is.
 */
import { SCREEN_TOKEN_HEADER } from '@portal/shared/contracts/queue.contract';

export class ScreenApiError extends Error {
  /** The HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

/** The link is revoked or unknown: the page says so and stops. */
export const isInvalidLink = (e: unknown) => e instanceof ScreenApiError && e.status === 401;

export interface ScreenAnswer<T> {
  data: T;
  message: string;
}

/** `fallback`: the message when the server gave none (network loss, a proxy's HTML error page). */
export async function screenRequest<T>(
  path: string,
  token: string,
  fallback: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal } = {},
): Promise<ScreenAnswer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', [SCREEN_TOKEN_HEADER]: token };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
      cache: 'no-store',
    });
  } catch (e) {
    // the caller's abort (a page leaving) goes through; a timeout (TimeoutError) is a network error
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ScreenApiError(fallback, 0);
  }
  let body: { code?: unknown; message?: unknown; data?: unknown } | null = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  const message = body && typeof body.message === 'string' && body.message.trim() !== '' ? body.message : '';
  if (!res.ok || !body || body.code !== 0) throw new ScreenApiError(message || fallback, res.status);
  return { data: body.data as T, message };
}
