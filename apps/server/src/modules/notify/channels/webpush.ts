import webpush from 'web-push';
import { type Channel, failed, type OutgoingMessage, type SendOutcome, sent } from './channel';
import { DEFAULT_CONCURRENCY, guarded, httpTrouble, mapLimit, request, type TransportOptions } from './http';

/**
 * Web Push for the patient web (RFC 8030 delivery, RFC 8291 aes128gcm payload encryption, RFC 8292 VAPID).
 * The `web-push` package encrypts the payload and signs the VAPID JWT (`generateRequestDetails`); the request
 * itself goes through fetch like every other adapter, so timeouts, tests and the benchmark work the same way.
 * 201 = accepted by the browser vendor's push service; 404/410 = the subscription is gone (delete it);
 * 413 = payload too large; 429 = slow down.
 */

export interface WebPushSettings extends TransportOptions {
  vapid: {
    /** mailto: or https: contact of the sender (RFC 8292 §2.1). */
    subject: string;
    publicKey: string;
    privateKey: string;
  };
  /** Seconds the push service keeps an undelivered message; default 1 day. */
  ttlSeconds?: number;
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
}

/** RFC 8030 Topic: at most 32 characters of the URL-safe base64 alphabet. */
export function topicOf(id: string): string {
  return `n${id}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 32);
}

export class WebPushChannel implements Channel {
  readonly kind = 'WEBPUSH' as const;
  private readonly now: () => number;

  constructor(private readonly settings: WebPushSettings) {
    this.now = settings.now ?? Date.now;
  }

  async send(messages: OutgoingMessage[]): Promise<SendOutcome[]> {
    return mapLimit(messages, this.settings.concurrency ?? DEFAULT_CONCURRENCY, (m) => guarded(m.id, () => this.sendOne(m)));
  }

  private async sendOne(m: OutgoingMessage): Promise<SendOutcome> {
    if (!('subscription' in m.to)) {
      return failed(m.id, {
        status: 'FAILED',
        failure: 'PERMANENT',
        reason: 'Người nhận chưa đăng ký nhận thông báo trên trình duyệt',
        providerCode: 'NO_SUBSCRIPTION',
      });
    }
    // What the patient web's service worker shows (title, body, icon image, link on click).
    const payload = JSON.stringify({ id: m.id, title: m.title, body: m.body, image: m.imageUrl, link: m.link, data: m.data });
    if (!usableSubscription(m.to.subscription)) {
      // Keys a browser would never produce (wrong length, not base64url): this subscription can never work.
      return failed(m.id, {
        status: 'FAILED',
        failure: 'RECIPIENT_INVALID',
        reason: 'Đăng ký nhận thông báo trên trình duyệt không hợp lệ',
        providerCode: 'BAD_SUBSCRIPTION',
      });
    }
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails(m.to.subscription, payload, {
        vapidDetails: this.settings.vapid,
        TTL: this.settings.ttlSeconds ?? 86_400,
        urgency: this.settings.urgency ?? 'normal',
        contentEncoding: 'aes128gcm',
        // a resend after a crash replaces the first while it waits at the push service (RFC 8030 Topic)
        topic: topicOf(m.data?.notificationId ?? m.id),
      });
    } catch {
      // The subscription was checked above, so what is left is our VAPID key pair or subject: our side, not the patient's.
      return failed(m.id, { status: 'FAILED', failure: 'ACCOUNT', reason: 'Khóa VAPID hoặc địa chỉ liên hệ VAPID không hợp lệ', providerCode: 'BAD_VAPID' });
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(details.headers)) headers[k] = String(v);
    const res = await request(details.endpoint, { method: 'POST', headers, body: details.body ? new Uint8Array(details.body) : undefined }, this.settings);
    if (!res.ok) return failed(m.id, res.failure);
    if (res.status >= 200 && res.status < 300) return sent(m.id, res.headers.get('location') ?? '');
    if (res.status === 404 || res.status === 410) {
      return failed(m.id, {
        status: 'FAILED',
        failure: 'RECIPIENT_INVALID',
        reason: 'Đăng ký nhận thông báo trên trình duyệt đã hết hiệu lực',
        providerCode: String(res.status),
      });
    }
    const trouble = httpTrouble(res.status, res.headers, this.now());
    if (trouble) return failed(m.id, trouble);
    if (res.status === 401 || res.status === 403) {
      return failed(m.id, { status: 'FAILED', failure: 'ACCOUNT', reason: 'Khóa VAPID không được dịch vụ đẩy chấp nhận', providerCode: String(res.status) });
    }
    if (res.status === 413) {
      return failed(m.id, { status: 'FAILED', failure: 'PERMANENT', reason: 'Nội dung thông báo quá dài cho trình duyệt', providerCode: '413' });
    }
    return failed(m.id, {
      status: 'FAILED',
      failure: 'PERMANENT',
      reason: `Dịch vụ đẩy của trình duyệt từ chối thông báo (mã ${res.status})`,
      providerCode: String(res.status),
    });
  }
}

/** RFC 8291 §3: p256dh is an uncompressed P-256 point (65 bytes, 0x04 first), auth a 16-byte secret; the endpoint is an https URL (http for the local fake). */
function usableSubscription(sub: { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } }): boolean {
  const b64url = /^[A-Za-z0-9_-]+={0,2}$/;
  const { p256dh, auth } = sub.keys ?? {};
  if (typeof p256dh !== 'string' || typeof auth !== 'string' || !b64url.test(p256dh) || !b64url.test(auth)) return false;
  const key = Buffer.from(p256dh, 'base64url');
  if (key.length !== 65 || key[0] !== 0x04 || Buffer.from(auth, 'base64url').length !== 16) return false;
  return typeof sub.endpoint === 'string' && /^https?:\/\//.test(sub.endpoint);
}
