import { createHash, timingSafeEqual } from 'node:crypto';
import type { Failure, SendOutcome } from './channel';

/** What every adapter can be given so tests (and the benchmark) control the network and the time. */
export interface TransportOptions {
  /** Defaults to Node's global fetch. */
  fetch?: typeof fetch;
  /** Milliseconds since the epoch; defaults to Date.now. */
  now?: () => number;
  /** One request's time limit (AbortSignal.timeout); default 10 s. */
  timeoutMs?: number;
  /** Requests in flight at once for one `send` call; default 16. */
  concurrency?: number;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_CONCURRENCY = 16;

export type HttpResult = { ok: true; status: number; headers: Headers; text: string } | { ok: false; failure: Failure };

/**
 * One HTTP exchange with a time limit. A timeout or a network error becomes a RETRYABLE failure (the provider
 * may be down; the message waits in the queue); any HTTP answer is returned for the adapter to read in its
 * provider's dialect.
 */
export async function request(url: string, init: RequestInit, opts: TransportOptions): Promise<HttpResult> {
  const doFetch = opts.fetch ?? fetch;
  try {
    const res = await doFetch(url, { ...init, signal: AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS) });
    return { ok: true, status: res.status, headers: res.headers, text: await res.text() };
  } catch (err) {
    const name = (err as Error)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return {
        ok: false,
        failure: { status: 'FAILED', failure: 'RETRYABLE', reason: 'Nhà cung cấp không phản hồi kịp (quá thời gian chờ)', providerCode: 'TIMEOUT' },
      };
    }
    return { ok: false, failure: { status: 'FAILED', failure: 'RETRYABLE', reason: 'Không kết nối được tới nhà cung cấp', providerCode: 'NETWORK' } };
  }
}

export function parseJson<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** Retry-After as seconds or as an HTTP date (RFC 9110 §10.2.3) → milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  // An HTTP date has a day and month name; Date.parse alone would also take "-5" as a year.
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(v)) return undefined;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/** The classification every provider shares for plain HTTP trouble: 429 and 5xx are worth retrying. */
export function httpTrouble(status: number, headers: Headers, now: number): Failure | undefined {
  const after = retryAfterMs(headers.get('retry-after'), now);
  if (status === 429) {
    return {
      status: 'FAILED',
      failure: 'RETRYABLE',
      reason: 'Vượt giới hạn tốc độ gửi của nhà cung cấp, sẽ gửi lại sau',
      providerCode: '429',
      retryAfterMs: after,
    };
  }
  if (status >= 500) {
    return { status: 'FAILED', failure: 'RETRYABLE', reason: 'Nhà cung cấp đang gặp sự cố, sẽ gửi lại sau', providerCode: String(status), retryAfterMs: after };
  }
  return undefined;
}

/**
 * The adapters' promise is that `send` never throws: a bug or a callback that fails becomes a RETRYABLE outcome
 * for that message (it stays queued) instead of losing the whole batch's outcomes.
 */
export async function guarded(messageId: string, fn: () => Promise<SendOutcome>): Promise<SendOutcome> {
  try {
    return await fn();
  } catch {
    return { messageId, status: 'FAILED', failure: 'RETRYABLE', reason: 'Lỗi nội bộ khi gửi, sẽ gửi lại sau', providerCode: 'INTERNAL' };
  }
}

/** Runs `fn` over `items` with at most `limit` in flight; results keep the input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}

/** Compares two secrets without leaking where they differ (webhook tokens and signatures); hashing first evens the lengths. */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}
