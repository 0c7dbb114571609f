import { sign } from 'node:crypto';
import { type Channel, type Failure, failed, type OutgoingMessage, type SendOutcome, sent } from './channel';
import { DEFAULT_CONCURRENCY, guarded, httpTrouble, mapLimit, parseJson, request, type TransportOptions } from './http';

/**
 * Firebase Cloud Messaging, HTTP v1 API.
 * - Auth: the service account signs an RS256 JWT (iss = client_email, scope firebase.messaging, aud = token_uri,
 *   at most one hour), exchanged at token_uri for an OAuth2 access token (RFC 7523 jwt-bearer grant), cached
 *   until a minute before it expires; one refresh at a time however many sends wait for it.
 * - Send: POST {base}/v1/projects/{project_id}/messages:send, one message per token (v1 has no multicast).
 * - Errors: https://firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode (errorCode in the FcmError detail).
 */

/** The fields of the service-account JSON that Firebase's console downloads. */
export interface FcmServiceAccount {
  client_email: string;
  private_key: string;
  /** https://oauth2.googleapis.com/token in a real file. */
  token_uri: string;
  project_id: string;
}

export interface FcmSettings extends TransportOptions {
  serviceAccount: FcmServiceAccount;
  /** Default https://fcm.googleapis.com. */
  baseUrl?: string;
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** Refresh this long before the token's end so a request never carries a token that expires in flight. */
const EARLY_REFRESH_MS = 60_000;

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');

/** The signed assertion of the jwt-bearer grant (RFC 7523 §2.1), with node:crypto: no library needed for RS256. */
export function serviceAccountJwt(sa: FcmServiceAccount, nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = b64url(JSON.stringify({ iss: sa.client_email, scope: SCOPE, aud: sa.token_uri, iat, exp: iat + 3600 }));
  const signature = sign('RSA-SHA256', Buffer.from(`${header}.${claims}`), sa.private_key);
  return `${header}.${claims}.${b64url(signature)}`;
}

interface FcmErrorBody {
  error?: { code?: number; message?: string; status?: string; details?: { '@type'?: string; errorCode?: string; fieldViolations?: { field?: string }[] }[] };
}

type TokenResult = { token: string } | { failure: Failure };

export class FcmChannel implements Channel {
  readonly kind = 'FCM' as const;
  private cached: { token: string; expiresAt: number } | undefined;
  private pending: Promise<TokenResult> | undefined;
  private readonly base: string;
  private readonly now: () => number;

  constructor(private readonly settings: FcmSettings) {
    this.base = (settings.baseUrl ?? 'https://fcm.googleapis.com').replace(/\/$/, '');
    this.now = settings.now ?? Date.now;
  }

  async send(messages: OutgoingMessage[]): Promise<SendOutcome[]> {
    return mapLimit(messages, this.settings.concurrency ?? DEFAULT_CONCURRENCY, (m) => guarded(m.id, () => this.sendOne(m)));
  }

  /** A valid access token, fetched when none is cached or the cached one is about to end. */
  async accessToken(): Promise<TokenResult> {
    if (this.cached && this.cached.expiresAt - EARLY_REFRESH_MS > this.now()) return { token: this.cached.token };
    this.pending ??= this.fetchToken().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async fetchToken(): Promise<TokenResult> {
    const sa = this.settings.serviceAccount;
    let assertion: string;
    try {
      assertion = serviceAccountJwt(sa, this.now());
    } catch {
      return {
        failure: {
          status: 'FAILED',
          failure: 'ACCOUNT',
          reason: 'Khóa riêng trong tệp tài khoản dịch vụ Firebase không đọc được',
          providerCode: 'BAD_PRIVATE_KEY',
        },
      };
    }
    const body = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion });
    const res = await request(sa.token_uri, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }, this.settings);
    if (!res.ok) return { failure: res.failure };
    const trouble = httpTrouble(res.status, res.headers, this.now());
    if (trouble) return { failure: trouble };
    const json = parseJson<{ access_token?: string; expires_in?: number; error?: string }>(res.text);
    if (res.status !== 200 || !json?.access_token) {
      // invalid_grant / invalid_client: the key was revoked or the file is wrong; no message can go until it is fixed.
      return {
        failure: {
          status: 'FAILED',
          failure: 'ACCOUNT',
          reason: 'Không lấy được mã truy cập Firebase (kiểm tra tệp tài khoản dịch vụ)',
          providerCode: json?.error ?? String(res.status),
        },
      };
    }
    this.cached = { token: json.access_token, expiresAt: this.now() + Number(json.expires_in ?? 3600) * 1000 };
    return { token: json.access_token };
  }

  private async sendOne(m: OutgoingMessage): Promise<SendOutcome> {
    if (!('token' in m.to) || !m.to.token) {
      return failed(m.id, { status: 'FAILED', failure: 'PERMANENT', reason: 'Người nhận không có mã thiết bị để gửi thông báo đẩy', providerCode: 'NO_TOKEN' });
    }
    const payload = JSON.stringify({ message: fcmMessage(m, m.to.token) });
    for (let attempt = 0; ; attempt++) {
      const tok = await this.accessToken();
      if ('failure' in tok) return failed(m.id, tok.failure);
      const url = `${this.base}/v1/projects/${encodeURIComponent(this.settings.serviceAccount.project_id)}/messages:send`;
      const res = await request(
        url,
        { method: 'POST', headers: { authorization: `Bearer ${tok.token}`, 'content-type': 'application/json' }, body: payload },
        this.settings,
      );
      if (!res.ok) return failed(m.id, res.failure);
      if (res.status === 200) {
        const name = parseJson<{ name?: string }>(res.text)?.name ?? '';
        return sent(m.id, name);
      }
      const error = parseJson<FcmErrorBody>(res.text);
      const apns = error?.error?.details?.some((d) => d.errorCode === 'THIRD_PARTY_AUTH_ERROR');
      if (res.status === 401 && !apns && attempt === 0) {
        // Our token was revoked or expired early: drop it (unless another send already replaced it) and try once more.
        // (THIRD_PARTY_AUTH_ERROR is also a 401, but about Apple's or the browser's credentials: a new token cannot help.)
        if (this.cached?.token === tok.token) this.cached = undefined;
        continue;
      }
      return failed(m.id, classifyFcmError(res.status, res.headers, error, this.now()));
    }
  }
}

/** The v1 message: notification for the system tray, data for the app (values must be strings), the link as data. */
/**
 * The FCM v1 message. FCM has no idempotency key: a message resent after a crash (taken, sent, not yet recorded) is
 * a second request. Its collapse key, Android tag and APNs collapse id are the notification's own id, so the
 * device shows it once (the second replaces the first in the tray).
 */
function fcmMessage(m: OutgoingMessage, token: string) {
  const data: Record<string, string> = { ...(m.data ?? {}), messageId: m.id };
  if (m.link) data.link = m.link;
  const collapse = (m.data?.notificationId ?? m.id).slice(0, 64);
  return {
    token,
    notification: { title: m.title, body: m.body, ...(m.imageUrl ? { image: m.imageUrl } : {}) },
    data,
    android: { collapse_key: collapse, notification: { tag: collapse } },
    apns: { headers: { 'apns-collapse-id': collapse } },
  };
}

export function classifyFcmError(status: number, headers: Headers, body: FcmErrorBody | undefined, now: number): Failure {
  const details = body?.error?.details ?? [];
  const errorCode = details.find((d) => d.errorCode)?.errorCode ?? body?.error?.status ?? String(status);
  const message = body?.error?.message ?? '';
  const fail = (failure: Failure['failure'], reason: string): Failure => ({ status: 'FAILED', failure, reason, providerCode: errorCode });

  switch (errorCode) {
    case 'UNREGISTERED':
      return fail('RECIPIENT_INVALID', 'Mã thiết bị không còn hiệu lực (ứng dụng đã gỡ hoặc đăng xuất)');
    case 'SENDER_ID_MISMATCH':
      return fail('RECIPIENT_INVALID', 'Mã thiết bị thuộc một ứng dụng Firebase khác');
    case 'INVALID_ARGUMENT': {
      // The same code covers a malformed token and a malformed message: the FcmError detail plus the text, or a
      // field violation on message.token, say it is the token.
      const onToken = /registration token/i.test(message) || details.some((d) => d.fieldViolations?.some((f) => f.field === 'message.token'));
      return onToken ? fail('RECIPIENT_INVALID', 'Mã thiết bị không hợp lệ') : fail('PERMANENT', 'Nội dung thông báo không hợp lệ theo Firebase');
    }
    case 'QUOTA_EXCEEDED':
    case 'UNAVAILABLE':
    case 'INTERNAL':
      return { ...(httpTrouble(status >= 500 || status === 429 ? status : 503, headers, now) as Failure), providerCode: errorCode };
    case 'THIRD_PARTY_AUTH_ERROR':
      return fail('ACCOUNT', 'Chứng chỉ APNs/Web Push trong Firebase không hợp lệ');
    case 'UNAUTHENTICATED':
    case 'PERMISSION_DENIED':
      return fail('ACCOUNT', 'Tài khoản dịch vụ Firebase không có quyền gửi thông báo');
  }
  return httpTrouble(status, headers, now) ?? fail('PERMANENT', `Firebase từ chối thông báo (mã ${status})`);
}
