import { randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the four providers (FCM HTTP v1 + Google's token endpoint, a Web Push service, eSMS and
 * Zalo ZNS + Zalo's OAuth), on one node:http server and an ephemeral port. It answers in each provider's own
 * dialect, records what it was sent, and fails on demand — for the next N requests or for one recipient —
 * with the faults a real provider has: no answer at all, 500/503, 429 with Retry-After, an invalid recipient,
 * an expired access token. The adapters' tests start it; a benchmark can too (`record: false` for the fast path).
 *
 * Paths (prefix = `url`):
 *   POST /google/token                                     OAuth2 jwt-bearer → access token (checks the RS256 JWT)
 *   POST /fcm/v1/projects/{project}/messages:send          FCM v1
 *   POST /webpush/{id}                                     a push service endpoint (checks VAPID/aes128gcm/TTL headers)
 *   POST /esms/SendMultipleMessage_V4_post_json/           eSMS send;  POST /esms/GetBalance_json  balance
 *   POST /zalo/message/template                            ZNS send;   POST /zalo-oauth/v4/oa/access_token  refresh
 */

export type Provider = 'googleToken' | 'fcm' | 'webpush' | 'esms' | 'zalo' | 'zaloToken';

export type Fault =
  | 'timeout'
  | 'http500'
  | 'http503'
  | 'rateLimit'
  | 'invalidRecipient'
  | 'expiredToken'
  /** Any other answer, e.g. an eSMS CodeResult or a Zalo error code the test wants. */
  | { status: number; body: unknown; headers?: Record<string, string> };

export interface RecordedRequest {
  provider: Provider;
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** Parsed JSON or form fields; raw bytes' length for Web Push (the fake does not decrypt). */
  body: unknown;
  recipient?: string;
  /** The fault answered, if any. */
  fault?: string;
}

export interface FakeProvidersOptions {
  /** Keep every request (default true); false for the benchmark. */
  record?: boolean;
  /** PEM public key of the service account, to check the JWT's signature at /google/token. */
  googlePublicKey?: string;
  esms?: { apiKey: string; secretKey: string; balance?: number };
  zalo?: { appId: string; appSecret: string; refreshToken: string };
  /** Seconds for Retry-After on rateLimit faults (default 7). */
  retryAfterSeconds?: number;
  /** Like a real provider's rate limit: past this many requests in one second, 429 with Retry-After: 1. */
  rateLimitPerSecond?: Partial<Record<Provider, number>>;
}

export interface FakeProviders {
  url: string;
  requests: RecordedRequest[];
  /** Requests whose provider is `p`. */
  of(p: Provider): RecordedRequest[];
  /** The next `n` requests to `p` answer with `fault`. */
  failNext(p: Provider, n: number, fault: Fault): void;
  /** Every request to `p` for this recipient (FCM token, Web Push id, phone as sent) answers with `fault`. */
  failRecipient(p: Provider, recipient: string, fault: Fault): void;
  /** Makes every access token issued so far invalid (FCM answers 401, Zalo -124). */
  expireAccessTokens(): void;
  /** Current valid Zalo refresh token (rotates on each refresh). */
  zaloRefreshToken(): string;
  /** How many SMS eSMS accepted (and would have sent) for each phone; a repeated RequestId is not one. */
  esmsSentTo(): ReadonlyMap<string, number>;
  reset(): void;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export async function startFakeProviders(opts: FakeProvidersOptions = {}): Promise<FakeProviders> {
  const record = opts.record ?? true;
  const retryAfter = String(opts.retryAfterSeconds ?? 7);
  const requests: RecordedRequest[] = [];
  const queued = new Map<Provider, Fault[]>();
  const perRecipient = new Map<string, Fault>();
  const validTokens = new Set<string>();
  const esmsRequestIds = new Set<string>();
  const esmsSent = new Map<string, number>();
  let zaloRefresh = opts.zalo?.refreshToken ?? '';
  let seq = 0;

  const takeFault = (p: Provider, recipient: string | undefined): Fault | undefined => {
    const q = queued.get(p);
    if (q?.length) return q.shift();
    return recipient !== undefined ? perRecipient.get(`${p}\u0000${recipient}`) : undefined;
  };

  const windows = new Map<Provider, { second: number; count: number }>();
  const overLimit = (p: Provider): Fault | undefined => {
    const limit = opts.rateLimitPerSecond?.[p];
    if (limit === undefined) return undefined;
    const second = Math.floor(Date.now() / 1000);
    const w = windows.get(p);
    if (!w || w.second !== second) {
      windows.set(p, { second, count: 1 });
      return undefined;
    }
    w.count += 1;
    if (w.count <= limit) return undefined;
    const a = faultAnswer(p, 'rateLimit');
    return { status: a.status, body: a.body, headers: { 'retry-after': '1' } };
  };

  /** Each provider's own words for a generic fault. */
  const faultAnswer = (p: Provider, fault: Exclude<Fault, 'timeout'>): Answer => {
    if (typeof fault === 'object') return fault;
    const fcmError = (code: number, status: string, errorCode?: string, message = status) => ({
      error: { code, message, status, details: errorCode ? [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] : [] },
    });
    switch (fault) {
      case 'http500':
        return { status: 500, body: p === 'fcm' ? fcmError(500, 'INTERNAL', 'INTERNAL') : { error: 'internal' } };
      case 'http503':
        return {
          status: 503,
          body: p === 'fcm' ? fcmError(503, 'UNAVAILABLE', 'UNAVAILABLE') : { error: 'unavailable' },
          headers: { 'retry-after': retryAfter },
        };
      case 'rateLimit':
        return {
          status: 429,
          body: p === 'fcm' ? fcmError(429, 'RESOURCE_EXHAUSTED', 'QUOTA_EXCEEDED') : { error: 'too many requests' },
          headers: { 'retry-after': retryAfter },
        };
      case 'invalidRecipient':
        if (p === 'fcm') return { status: 404, body: fcmError(404, 'NOT_FOUND', 'UNREGISTERED', 'Requested entity was not found.') };
        if (p === 'webpush') return { status: 410, body: 'push subscription has unsubscribed or expired.' };
        if (p === 'esms') return { status: 200, body: { CodeResult: '108', ErrorMessage: 'Phone not valid' } };
        if (p === 'zalo') return { status: 200, body: { error: -118, message: 'Zalo account not existed' } };
        return { status: 400, body: { error: 'invalid_request' } };
      case 'expiredToken':
        if (p === 'fcm') return { status: 401, body: fcmError(401, 'UNAUTHENTICATED', undefined, 'Request had invalid authentication credentials.') };
        if (p === 'zalo') return { status: 200, body: { error: -124, message: 'Access token invalid' } };
        if (p === 'esms') return { status: 200, body: { CodeResult: '101', ErrorMessage: 'Authorize Failed' } };
        return { status: 401, body: { error: 'invalid_grant' } };
    }
  };

  const issueToken = (prefix: string) => {
    const t = `${prefix}-${++seq}-${randomUUID()}`;
    validTokens.add(t);
    return t;
  };

  const route = (p: Provider, req: IncomingMessage, raw: Buffer, path: string): { recipient?: string; body: unknown; answer: () => Answer } => {
    const text = () => raw.toString('utf8');
    const json = (): Record<string, unknown> => {
      try {
        return JSON.parse(text());
      } catch {
        return {};
      }
    };
    switch (p) {
      case 'googleToken': {
        const form = Object.fromEntries(new URLSearchParams(text()));
        return {
          body: form,
          answer: () => {
            const parts = (form.assertion ?? '').split('.');
            if (form.grant_type !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || parts.length !== 3)
              return { status: 400, body: { error: 'invalid_grant' } };
            const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as { scope?: string; exp?: number; iat?: number };
            const sigOk =
              !opts.googlePublicKey || verify('RSA-SHA256', Buffer.from(`${parts[0]}.${parts[1]}`), opts.googlePublicKey, Buffer.from(parts[2], 'base64url'));
            if (!sigOk || claims.scope !== 'https://www.googleapis.com/auth/firebase.messaging' || (claims.exp ?? 0) - (claims.iat ?? 0) > 3600) {
              return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } };
            }
            return { status: 200, body: { access_token: issueToken('ya29.fake'), expires_in: 3599, token_type: 'Bearer' } };
          },
        };
      }
      case 'fcm': {
        const body = json() as { message?: { token?: string } };
        const project = /\/v1\/projects\/([^/]+)\/messages:send$/.exec(path)?.[1];
        return {
          body,
          recipient: body.message?.token,
          answer: () => {
            const auth = req.headers.authorization ?? '';
            if (!auth.startsWith('Bearer ') || !validTokens.has(auth.slice(7))) return faultAnswer('fcm', 'expiredToken');
            if (!body.message?.token) return { status: 400, body: { error: { code: 400, message: 'Missing token', status: 'INVALID_ARGUMENT' } } };
            return { status: 200, body: { name: `projects/${project}/messages/0:${++seq}` } };
          },
        };
      }
      case 'webpush': {
        const id = path.slice('/webpush/'.length);
        return {
          body: { bytes: raw.length },
          recipient: id,
          answer: () => {
            const h = req.headers;
            const vapid = typeof h.authorization === 'string' && /^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/.test(h.authorization);
            if (!vapid) return { status: 401, body: 'missing VAPID authorization' };
            if (h['content-encoding'] !== 'aes128gcm' || h.ttl === undefined || raw.length === 0) return { status: 400, body: 'bad push request' };
            return { status: 201, headers: { location: `${path}/messages/${++seq}` } };
          },
        };
      }
      case 'esms': {
        const body = json() as Record<string, string>;
        const balance = path.endsWith('/GetBalance_json');
        return {
          body,
          recipient: balance ? undefined : body.Phone,
          answer: () => {
            if (opts.esms && (body.ApiKey !== opts.esms.apiKey || body.SecretKey !== opts.esms.secretKey)) {
              return { status: 200, body: balance ? { Balance: 0, CodeResponse: '101' } : { CodeResult: '101', ErrorMessage: 'Authorize Failed' } };
            }
            if (balance) return { status: 200, body: { Balance: opts.esms?.balance ?? 500_000, CodeResponse: '100', UserID: 9999 } };
            // like eSMS: a RequestId already accepted is refused with 124 and not sent again
            if (body.RequestId && esmsRequestIds.has(body.RequestId)) return { status: 200, body: { CodeResult: '124', ErrorMessage: 'Duplicate RequestId' } };
            if (body.RequestId) esmsRequestIds.add(body.RequestId);
            esmsSent.set(body.Phone ?? '', (esmsSent.get(body.Phone ?? '') ?? 0) + 1);
            return { status: 200, body: { CodeResult: '100', CountRegenerate: 0, SMSID: randomUUID() } };
          },
        };
      }
      case 'zalo': {
        const body = json() as { phone?: string };
        return {
          body,
          recipient: body.phone,
          answer: () => {
            const token = req.headers.access_token;
            if (typeof token !== 'string' || !validTokens.has(token)) return faultAnswer('zalo', 'expiredToken');
            return {
              status: 200,
              body: {
                error: 0,
                message: 'Success',
                data: { msg_id: `zns-${++seq}`, sent_time: String(Date.now()), quota: { dailyQuota: '500', remainingQuota: '499' } },
              },
            };
          },
        };
      }
      case 'zaloToken': {
        const form = Object.fromEntries(new URLSearchParams(text()));
        return {
          body: form,
          answer: () => {
            const ok =
              form.grant_type === 'refresh_token' &&
              form.refresh_token === zaloRefresh &&
              (!opts.zalo || (req.headers.secret_key === opts.zalo.appSecret && form.app_id === opts.zalo.appId));
            if (!ok) return { status: 200, body: { error: -14014, error_name: 'Invalid refresh_token', error_description: 'Refresh token is invalid' } };
            zaloRefresh = `zalo-refresh-${++seq}`;
            return { status: 200, body: { access_token: issueToken('zalo-access'), refresh_token: zaloRefresh, expires_in: '90000' } };
          },
        };
      }
    }
  };

  const providerOf = (path: string): Provider | undefined => {
    if (path === '/google/token') return 'googleToken';
    if (path.startsWith('/fcm/')) return 'fcm';
    if (path.startsWith('/webpush/')) return 'webpush';
    if (path.startsWith('/esms/')) return 'esms';
    if (path === '/zalo-oauth/v4/oa/access_token') return 'zaloToken';
    if (path === '/zalo/message/template') return 'zalo';
    return undefined;
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0];
      const p = req.method === 'POST' ? providerOf(path) : undefined;
      if (!p) {
        res.writeHead(404).end();
        return;
      }
      const r = route(p, req, Buffer.concat(chunks), path);
      const fault = takeFault(p, r.recipient) ?? overLimit(p);
      if (record) {
        requests.push({
          provider: p,
          method: req.method ?? '',
          path,
          headers: req.headers,
          body: r.body,
          recipient: r.recipient,
          fault: fault === undefined ? undefined : typeof fault === 'string' ? fault : `status ${fault.status}`,
        });
      }
      if (fault === 'timeout') return; // never answers; the socket is destroyed on close()
      const a = fault ? faultAnswer(p, fault) : r.answer();
      const isText = typeof a.body === 'string';
      const payload = a.body === undefined ? '' : isText ? (a.body as string) : JSON.stringify(a.body);
      res.writeHead(a.status, { 'content-type': isText ? 'text/plain' : 'application/json', ...(a.headers ?? {}) });
      res.end(payload);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    of: (p) => requests.filter((r) => r.provider === p),
    failNext: (p, n, fault) => {
      const q = queued.get(p) ?? [];
      for (let i = 0; i < n; i++) q.push(fault);
      queued.set(p, q);
    },
    failRecipient: (p, recipient, fault) => {
      perRecipient.set(`${p}\u0000${recipient}`, fault);
    },
    expireAccessTokens: () => validTokens.clear(),
    zaloRefreshToken: () => zaloRefresh,
    esmsSentTo: () => esmsSent,
    reset: () => {
      requests.length = 0;
      esmsRequestIds.clear();
      esmsSent.clear();
      queued.clear();
      perRecipient.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
