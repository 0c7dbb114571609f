import { trimTrailingSlashes } from '@portal/shared/rules/paths';
import type { Bundle, CapabilityStatement, Resource } from '@medplum/fhirtypes';
import type { HisAuthType } from '@portal/shared/contracts/his.contract';

/**
 * A FHIR R4 client for the hospital's HIS (docs/his-fhir.md), on plain fetch: every call bounded in time, retried
 * with backoff on a timeout, a network error, a 5xx or a 429 (honouring Retry-After), searches paged through
 * `Bundle.link[next]` up to `maxPages`. Errors are HisError with a Vietnamese message a person can act on.
 */
export interface HisClientOptions {
  baseUrl: string;
  authType: HisAuthType;
  username?: string | null;
  clientId?: string | null;
  tokenUrl?: string | null;
  /** Password (BASIC), token (BEARER) or client secret (OAUTH2). */
  secret?: string | null;
  timeoutMs: number;
  pageSize: number;
  maxPages: number;
  /** Attempts of one call (default 3). */
  attempts?: number;
  /** First retry delay (default 300 ms), doubled each time; a Retry-After is honoured up to 10 s. */
  retryBaseMs?: number;
}

export type HisErrorKind = 'network' | 'timeout' | 'auth' | 'notFound' | 'http' | 'rateLimit' | 'format' | 'endless';

export class HisError extends Error {
  constructor(
    readonly kind: HisErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'HisError';
  }
  /** Worth trying again later (the HIS or the network may recover). */
  get transient(): boolean {
    return this.kind === 'network' || this.kind === 'timeout' || this.kind === 'rateLimit' || (this.kind === 'http' && (this.status ?? 0) >= 500);
  }
}

const FHIR_JSON = 'application/fhir+json';
const RETRY_AFTER_MAX_MS = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface HisClient {
  readonly baseUrl: string;
  capability(): Promise<CapabilityStatement>;
  read<T extends Resource>(type: string, id: string): Promise<T>;
  /** Every page of a search (`_count` = pageSize), at most maxPages; resources of the `match` and `include` modes. */
  searchAll(type: string, params: Record<string, string>): Promise<Resource[]>;
  /** `PUT [base]/Type?query`: create or update the one resource the query matches; the stored resource. */
  conditionalUpdate<T extends Resource>(type: string, query: Record<string, string>, resource: T): Promise<T>;
  /** The bytes of an attachment URL (relative to the base or absolute on the same host). */
  binary(url: string, maxBytes: number): Promise<{ bytes: Buffer; contentType: string }>;
}

export function hisClient(o: HisClientOptions): HisClient {
  const base = trimTrailingSlashes(o.baseUrl);
  const host = safeHost(base);
  const attempts = o.attempts ?? 3;
  const retryBase = o.retryBaseMs ?? 300;
  let token: { value: string; until: number } | null = null;

  async function authorization(): Promise<string | null> {
    if (o.authType === 'BASIC') return `Basic ${Buffer.from(`${o.username ?? ''}:${o.secret ?? ''}`).toString('base64')}`;
    if (o.authType === 'BEARER') return `Bearer ${o.secret ?? ''}`;
    if (o.authType === 'OAUTH2') {
      if (!token || token.until < Date.now()) token = await fetchToken();
      return `Bearer ${token.value}`;
    }
    return null;
  }

  async function fetchToken(): Promise<{ value: string; until: number }> {
    const url = o.tokenUrl ?? '';
    const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: o.clientId ?? '', client_secret: o.secret ?? '' });
    const res = await once(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: body.toString(),
    });
    if (res.status === 400 || res.status === 401 || res.status === 403) {
      throw new HisError('auth', `Máy chủ cấp token từ chối (mã ${res.status}): kiểm tra Client ID và khoá bí mật`, res.status);
    }
    if (!res.ok) throw statusError(res.status, res.headers.get('retry-after'));
    const json = (await res.json().catch(() => null)) as { access_token?: string; expires_in?: number } | null;
    if (!json?.access_token) throw new HisError('format', 'Máy chủ cấp token không trả về access_token');
    // renew a little before it expires
    return { value: json.access_token, until: Date.now() + Math.max(5, (json.expires_in ?? 300) - 30) * 1000 };
  }

  async function once(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(o.timeoutMs) });
    } catch (e) {
      const err = e as Error & { cause?: { code?: string } };
      if (err.name === 'TimeoutError' || err.name === 'AbortError') {
        throw new HisError('timeout', `HIS không trả lời sau ${Math.round(o.timeoutMs / 1000)} giây (${host})`);
      }
      const code = err.cause?.code ?? err.message;
      throw new HisError('network', `Không kết nối được tới HIS tại ${host} (${code})`);
    }
  }

  /** One call with its retries. */
  async function call(url: string, init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> }): Promise<Response> {
    let last: HisError | null = null;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const auth = await authorization();
        const headers: Record<string, string> = { accept: FHIR_JSON, ...init.headers };
        if (auth) headers.authorization = auth;
        const res = await once(url, { ...init, headers });
        if (res.ok) return res;
        if (res.status === 401 && o.authType === 'OAUTH2' && token && attempt === 1) {
          token = null; // an expired token: fetch a new one once
          await res.arrayBuffer().catch(() => undefined);
          continue;
        }
        await res.arrayBuffer().catch(() => undefined);
        throw statusError(res.status, res.headers.get('retry-after'));
      } catch (e) {
        if (!(e instanceof HisError) || !e.transient || attempt === attempts) throw e;
        last = e;
        await sleep(retryDelay(e, attempt));
      }
    }
    throw last ?? new HisError('http', 'HIS không trả lời');
  }

  function retryDelay(e: HisError & { retryAfterMs?: number }, attempt: number): number {
    if (e.retryAfterMs !== undefined) return Math.min(RETRY_AFTER_MAX_MS, e.retryAfterMs);
    return retryBase * 2 ** (attempt - 1);
  }

  async function json<T>(res: Response): Promise<T> {
    const text = await res.text();
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new HisError('format', 'HIS trả về dữ liệu không phải FHIR JSON');
    }
  }

  const url = (path: string, params?: Record<string, string>) =>
    `${base}/${path}${params && Object.keys(params).length ? `?${new URLSearchParams(params)}` : ''}`;

  /** A next link must stay on the HIS's host: a Bundle may not send the client's credentials elsewhere. */
  function sameHost(next: string): string {
    const u = new URL(next, `${base}/`);
    if (u.host !== new URL(base).host) throw new HisError('format', `HIS trả về liên kết trang sang máy chủ khác (${u.host})`);
    return u.toString();
  }

  return {
    baseUrl: base,
    async capability() {
      let res: Response;
      try {
        res = await call(url('metadata'), { method: 'GET' });
      } catch (e) {
        if (e instanceof HisError && e.kind === 'notFound') throw new HisError('notFound', `Địa chỉ ${base} không phải máy chủ FHIR (không có /metadata)`, 404);
        throw e;
      }
      const cs = await json<CapabilityStatement>(res);
      if (cs?.resourceType !== 'CapabilityStatement') throw new HisError('format', 'HIS không trả về CapabilityStatement ở /metadata');
      return cs;
    },
    async read<T extends Resource>(type: string, id: string) {
      const res = await call(url(`${type}/${encodeURIComponent(id)}`), { method: 'GET' });
      const r = await json<T>(res);
      if (r?.resourceType !== type) throw new HisError('format', `HIS trả về ${String(r?.resourceType)} thay vì ${type}`);
      return r;
    },
    async searchAll(type: string, params: Record<string, string>) {
      const out: Resource[] = [];
      let next: string | undefined = url(type, { _count: String(o.pageSize), ...params });
      let pages = 0;
      while (next) {
        if (++pages > o.maxPages) throw new HisError('endless', `HIS trả về quá nhiều trang (hơn ${o.maxPages} trang) khi tìm ${type}`);
        const res = await call(next, { method: 'GET' });
        const bundle = await json<Bundle>(res);
        if (bundle?.resourceType !== 'Bundle') throw new HisError('format', `HIS không trả về Bundle khi tìm ${type}`);
        for (const e of bundle.entry ?? []) if (e.resource) out.push(e.resource);
        const link = bundle.link?.find((l) => l.relation === 'next')?.url;
        next = link ? sameHost(link) : undefined;
      }
      return out;
    },
    async conditionalUpdate<T extends Resource>(type: string, query: Record<string, string>, resource: T) {
      const res = await call(url(type, query), {
        method: 'PUT',
        headers: { 'content-type': FHIR_JSON },
        body: JSON.stringify(resource),
      });
      const r = await json<T>(res);
      if (r?.resourceType !== type) throw new HisError('format', `HIS trả về ${String(r?.resourceType)} thay vì ${type}`);
      return r;
    },
    async binary(ref: string, maxBytes: number) {
      const target = sameHost(/^https?:/.test(ref) ? ref : `${base}/${ref}`);
      const res = await call(target, { method: 'GET', headers: { accept: '*/*' } });
      const length = Number(res.headers.get('content-length') ?? 0);
      if (length > maxBytes) throw new HisError('format', `Tệp kết quả quá lớn (${length} byte)`);
      const bytes = Buffer.from(await res.arrayBuffer());
      if (bytes.length > maxBytes) throw new HisError('format', `Tệp kết quả quá lớn (${bytes.length} byte)`);
      return { bytes, contentType: (res.headers.get('content-type') ?? 'application/octet-stream').split(';')[0].trim() };
    },
  };
}

function statusError(status: number, retryAfter: string | null): HisError {
  if (status === 401 || status === 403)
    return new HisError('auth', `HIS từ chối xác thực (mã ${status}): kiểm tra kiểu xác thực, tên đăng nhập, mật khẩu hoặc token`, status);
  if (status === 404) return new HisError('notFound', 'HIS không có tài nguyên được hỏi (mã 404)', 404);
  if (status === 429) {
    const e = new HisError('rateLimit', 'HIS đang giới hạn tần suất gọi (mã 429)', 429) as HisError & { retryAfterMs?: number };
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) e.retryAfterMs = seconds * 1000;
    return e;
  }
  if (status >= 500) return new HisError('http', `HIS báo lỗi máy chủ (mã ${status})`, status);
  return new HisError('http', `HIS từ chối yêu cầu (mã ${status})`, status);
}

function safeHost(u: string): string {
  try {
    return new URL(u).host;
  } catch {
    return u;
  }
}
