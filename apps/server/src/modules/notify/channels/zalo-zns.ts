import { createHash } from 'node:crypto';
import { normalizePhone, validatePhone } from '@portal/shared/rules/identifiers';
import { type Channel, type DeliveryReport, type Failure, failed, type OutgoingMessage, type SendOutcome, sent } from './channel';
import { DEFAULT_CONCURRENCY, guarded, httpTrouble, mapLimit, parseJson, request, safeEqual, type TransportOptions } from './http';

/**
 * Zalo Notification Service: template messages (registered and approved by Zalo) to a patient's phone number
 * through our Official Account.
 * - Send: POST {base}/message/template, header access_token, body { phone: 84xxxxxxxxx, template_id,
 *   template_data, tracking_id }; the answer is HTTP 200 with { error: 0, data: { msg_id, sent_time, quota } } or
 *   { error: <negative code>, message }.
 * - Tokens: the OA access token lives about 25 hours; a new one comes from POST {oauth}/v4/oa/access_token
 *   (header secret_key = the app's secret; form refresh_token, app_id, grant_type=refresh_token). A refresh
 *   token works once, so every refresh hands the new pair to `onTokens` for the caller to store.
 * - Error codes: https://zalo.cloud/zns/guidelines/handle-error-code (Zalo's table). The ones the job acts on are
 *   mapped below; any other keeps its raw code and is PERMANENT.
 * - Webhook: X-ZEvent-Signature = "mac=" + sha256(app_id + raw body + timestamp + OA secret key), the timestamp
 *   being the body's own `timestamp`; a delivered ZNS comes as event `user_received_message`.
 */

export interface ZaloTokens {
  accessToken: string;
  refreshToken: string;
  /** Milliseconds since the epoch. */
  accessTokenExpiresAt: number;
}

export interface ZaloZnsSettings extends TransportOptions {
  appId: string;
  /** The Zalo app's secret key (OAuth). */
  appSecret: string;
  /** The OA secret key (webhook signatures), not the app secret. */
  oaSecretKey: string;
  tokens: { accessToken?: string; refreshToken: string; accessTokenExpiresAt?: number };
  /** Called with each new token pair: store it, the old refresh token no longer works. */
  onTokens?: (tokens: ZaloTokens) => void | Promise<void>;
  /** Default https://business.openapi.zalo.me. */
  baseUrl?: string;
  /** Default https://oauth.zaloapp.com. */
  oauthBaseUrl?: string;
}

const fail = (failure: Failure['failure'], reason: string, providerCode: string, retryAfterMs?: number): Failure => ({
  status: 'FAILED',
  failure,
  reason,
  providerCode,
  ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
});

const VN_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;
/** Milliseconds from `now` to the next given hour in Asia/Ho_Chi_Minh (fixed +07:00, no daylight saving). */
export function msUntilVnHour(now: number, hour: number): number {
  const vn = now + VN_OFFSET_MS;
  let target = Math.floor(vn / DAY_MS) * DAY_MS + hour * 3_600_000;
  if (target <= vn) target += DAY_MS;
  return target - vn;
}

/** Codes that mean our access token is not (or no longer) valid: refresh once and resend. */
const TOKEN_CODES = new Set([-124, -216, -220]);

export function classifyZaloError(code: number, message: string, now: number): Failure {
  const c = String(code);
  switch (code) {
    case -108:
      return fail('RECIPIENT_INVALID', 'Số điện thoại không hợp lệ với Zalo', c);
    case -118:
      return fail('RECIPIENT_INVALID', 'Số điện thoại chưa dùng Zalo', c);
    case -114:
    case -119:
      return fail('RECIPIENT_INVALID', 'Người nhận không nhận được tin Zalo (tài khoản không hoạt động, đã chặn tin hoặc dùng bản Zalo cũ)', c);
    case -110:
      return fail('RECIPIENT_INVALID', 'Phiên bản Zalo của người nhận không hỗ trợ tin ZNS', c);
    case -139:
      return fail('RECIPIENT_INVALID', 'Người nhận đã từ chối nhận loại tin ZNS này', c);
    case -100:
      return fail('RETRYABLE', 'Zalo gặp lỗi không xác định, sẽ gửi lại sau', c);
    case -133:
      // This template may not be sent at night (22:00–06:00): wait for the morning.
      return fail('RETRYABLE', 'Mẫu ZNS này không được gửi ban đêm, sẽ gửi sau 06:00', c, msUntilVnHour(now, 6));
    case -115:
      return fail('ACCOUNT', 'Tài khoản ZNS không đủ số dư', c);
    case -144:
      return fail('ACCOUNT', 'Official Account đã hết hạn mức gửi ZNS trong ngày', c, msUntilVnHour(now, 0));
    case -101:
    case -102:
    case -103:
    case -104:
    case -105:
    case -135:
      return fail('ACCOUNT', 'Ứng dụng Zalo hoặc Official Account chưa được cấu hình đúng để gửi ZNS', c);
    case -124:
    case -216:
    case -220:
      return fail('ACCOUNT', 'Mã truy cập Zalo OA không hợp lệ', c);
    case -109:
      return fail('PERMANENT', 'Mã mẫu ZNS không hợp lệ', c);
    case -131:
      return fail('PERMANENT', 'Mẫu ZNS chưa được Zalo duyệt', c);
    case -117:
      return fail('PERMANENT', 'Official Account không có quyền dùng mẫu ZNS này', c);
    case -111:
    case -112:
    case -132:
      return fail('PERMANENT', 'Tham số của mẫu ZNS thiếu hoặc không hợp lệ', c);
  }
  return fail('PERMANENT', `Zalo từ chối tin ZNS (mã ${code}${message ? `: ${message}` : ''})`, c);
}

type TokenResult = { token: string } | { failure: Failure };

export class ZaloZnsChannel implements Channel {
  readonly kind = 'ZALO_ZNS' as const;
  private tokens: { accessToken?: string; refreshToken: string; accessTokenExpiresAt?: number };
  private pending: Promise<TokenResult> | undefined;
  private unsaved: ZaloTokens | undefined;
  private saving: Promise<void> | undefined;
  private readonly base: string;
  private readonly oauthBase: string;
  private readonly now: () => number;

  constructor(private readonly settings: ZaloZnsSettings) {
    this.tokens = { ...settings.tokens };
    this.base = (settings.baseUrl ?? 'https://business.openapi.zalo.me').replace(/\/$/, '');
    this.oauthBase = (settings.oauthBaseUrl ?? 'https://oauth.zaloapp.com').replace(/\/$/, '');
    this.now = settings.now ?? Date.now;
  }

  async send(messages: OutgoingMessage[]): Promise<SendOutcome[]> {
    return mapLimit(messages, this.settings.concurrency ?? DEFAULT_CONCURRENCY, (m) => guarded(m.id, () => this.sendOne(m)));
  }

  /**
   * Hands the newest pair to `onTokens`; if that fails (the database is briefly away) the pair is kept and handed
   * again at the next send, since the old refresh token is already spent.
   */
  private saveTokens(): Promise<void> {
    this.saving ??= (async () => {
      const pair = this.unsaved;
      if (!pair || !this.settings.onTokens) return;
      try {
        await this.settings.onTokens(pair);
        if (this.unsaved === pair) this.unsaved = undefined;
      } catch {
        // kept in `unsaved`; the message itself can still go with the new access token
      }
    })().finally(() => {
      this.saving = undefined;
    });
    return this.saving;
  }

  private async accessToken(): Promise<TokenResult> {
    if (this.unsaved) await this.saveTokens();
    const t = this.tokens;
    if (t.accessToken && (t.accessTokenExpiresAt === undefined || t.accessTokenExpiresAt - 60_000 > this.now())) return { token: t.accessToken };
    return this.refresh();
  }

  /** One refresh at a time: the refresh token is single-use, two refreshes at once would lose the pair. */
  private refresh(): Promise<TokenResult> {
    this.pending ??= this.doRefresh().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async doRefresh(): Promise<TokenResult> {
    const body = new URLSearchParams({ refresh_token: this.tokens.refreshToken, app_id: this.settings.appId, grant_type: 'refresh_token' });
    const res = await request(
      `${this.oauthBase}/v4/oa/access_token`,
      { method: 'POST', headers: { secret_key: this.settings.appSecret, 'content-type': 'application/x-www-form-urlencoded' }, body },
      this.settings,
    );
    if (!res.ok) return { failure: res.failure };
    const trouble = httpTrouble(res.status, res.headers, this.now());
    if (trouble) return { failure: trouble };
    const json = parseJson<{ access_token?: string; refresh_token?: string; expires_in?: string | number; error?: number; error_name?: string }>(res.text);
    if (!json?.access_token || !json.refresh_token) {
      return { failure: fail('ACCOUNT', 'Không làm mới được mã truy cập Zalo OA (cần cấp quyền lại cho ứng dụng)', String(json?.error ?? res.status)) };
    }
    const next: ZaloTokens = {
      accessToken: json.access_token,
      refreshToken: json.refresh_token,
      accessTokenExpiresAt: this.now() + Number(json.expires_in ?? 90_000) * 1000,
    };
    this.tokens = next;
    this.unsaved = next;
    await this.saveTokens();
    return { token: next.accessToken };
  }

  private async sendOne(m: OutgoingMessage): Promise<SendOutcome> {
    if (!('phone' in m.to)) return failed(m.id, fail('PERMANENT', 'Người nhận không có số điện thoại', 'NO_PHONE'));
    if (!m.templateId) return failed(m.id, fail('PERMANENT', 'Sự kiện chưa được gán mẫu ZNS', 'NO_TEMPLATE'));
    if (validatePhone(m.to.phone)) return failed(m.id, fail('RECIPIENT_INVALID', 'Số điện thoại không đúng định dạng', 'INVALID_PHONE'));
    const phone = `84${normalizePhone(m.to.phone).slice(1)}`;
    const payload = JSON.stringify({ phone, template_id: m.templateId, template_data: m.templateData ?? {}, tracking_id: m.id });
    for (let attempt = 0; ; attempt++) {
      const tok = await this.accessToken();
      if ('failure' in tok) return failed(m.id, tok.failure);
      const res = await request(
        `${this.base}/message/template`,
        { method: 'POST', headers: { access_token: tok.token, 'content-type': 'application/json' }, body: payload },
        this.settings,
      );
      if (!res.ok) return failed(m.id, res.failure);
      const trouble = httpTrouble(res.status, res.headers, this.now());
      if (trouble) return failed(m.id, trouble);
      const json = parseJson<{ error?: number; message?: string; data?: { msg_id?: string } }>(res.text);
      if (!json || typeof json.error !== 'number') return failed(m.id, fail('RETRYABLE', 'Zalo trả lời không đọc được, sẽ gửi lại sau', String(res.status)));
      if (json.error === 0) return sent(m.id, json.data?.msg_id ?? '');
      if (TOKEN_CODES.has(json.error) && attempt === 0) {
        // Expired or revoked: refresh (unless another send already did) and resend once.
        if (this.tokens.accessToken === tok.token) this.tokens = { ...this.tokens, accessToken: undefined };
        continue;
      }
      return failed(m.id, classifyZaloError(json.error, json.message ?? '', this.now()));
    }
  }
}

/** The signature Zalo puts in X-ZEvent-Signature for a webhook body. */
export function zaloEventSignature(appId: string, rawBody: string, timestamp: string, oaSecretKey: string): string {
  return `mac=${createHash('sha256').update(`${appId}${rawBody}${timestamp}${oaSecretKey}`).digest('hex')}`;
}

/**
 * Verifies a webhook call and reads the delivery report in it. `verified` false → the route answers 401 and
 * ignores the body; a verified event that is not about a ZNS's delivery gives no report.
 */
export function verifyZaloWebhook(
  rawBody: string,
  signature: string | undefined,
  settings: Pick<ZaloZnsSettings, 'appId' | 'oaSecretKey'>,
): { verified: false } | { verified: true; report?: DeliveryReport } {
  const body = parseJson<{
    app_id?: string;
    event_name?: string;
    timestamp?: string | number;
    message?: { msg_id?: string; tracking_id?: string; delivery_time?: string | number };
  }>(rawBody);
  if (!body || !signature || body.timestamp === undefined) return { verified: false };
  const expected = zaloEventSignature(settings.appId, rawBody, String(body.timestamp), settings.oaSecretKey);
  const given = signature.startsWith('mac=') ? signature : `mac=${signature}`;
  if (!safeEqual(given, expected)) return { verified: false };
  const msgId = body.message?.msg_id;
  if (!msgId) return { verified: true };
  const at = new Date(Number(body.message?.delivery_time ?? body.timestamp));
  const base = {
    channel: 'ZALO_ZNS' as const,
    providerMessageId: msgId,
    messageId: body.message?.tracking_id,
    at: Number.isNaN(at.getTime()) ? undefined : at,
  };
  if (body.event_name === 'user_received_message') return { verified: true, report: { ...base, status: 'DELIVERED' } };
  if (body.event_name === 'user_seen_message') return { verified: true, report: { ...base, status: 'SEEN' } };
  return { verified: true };
}
