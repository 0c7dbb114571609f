import { createECDH, randomBytes } from 'node:crypto';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutgoingMessage, WebPushSubscription } from './channel';
import { type FakeProviders, startFakeProviders } from './fake-providers';
import { WebPushChannel, type WebPushSettings } from './webpush';

let fake: FakeProviders;
beforeAll(async () => {
  fake = await startFakeProviders();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const vapid = { subject: 'mailto:cntt@benhvien.vn', ...webpush.generateVAPIDKeys() };
const settings = (extra: Partial<WebPushSettings> = {}): WebPushSettings => ({ vapid, timeoutMs: 300, ...extra });

/** A browser-like subscription: a P-256 public key and a 16-byte auth secret, both base64url. */
function subscription(id: string): WebPushSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint: `${fake.url}/webpush/${id}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}
const msg = (id: string, sub: WebPushSubscription): OutgoingMessage => ({
  id,
  to: { subscription: sub },
  title: 'Kết quả xét nghiệm đã có',
  body: 'Mời anh/chị xem trong hồ sơ',
  link: '/ho-so/ket-qua',
});

describe('Web Push (VAPID, aes128gcm)', () => {
  it('posts an encrypted payload with the VAPID, encoding and TTL headers and returns the message location', async () => {
    const [out] = await new WebPushChannel(settings({ ttlSeconds: 3600, urgency: 'high' })).send([msg('m1', subscription('sub-1'))]);
    expect(out).toMatchObject({ messageId: 'm1', status: 'SENT', providerMessageId: expect.stringMatching(/^\/webpush\/sub-1\/messages\//) });
    const [r] = fake.of('webpush');
    expect(r.recipient).toBe('sub-1');
    expect(r.headers.authorization).toMatch(/^vapid t=.+, k=/);
    expect(r.headers['content-encoding']).toBe('aes128gcm');
    expect(r.headers.ttl).toBe('3600');
    expect(r.headers.urgency).toBe('high');
    // a resend after a crash replaces the first at the push service
    expect(r.headers.topic).toBe('nm1');
    // The payload is ciphertext: the title does not appear in clear.
    expect((r.body as { bytes: number }).bytes).toBeGreaterThan(100);
  });

  it.each([
    { case: '410 Gone (unsubscribed)', fault: 'invalidRecipient' as const, failure: 'RECIPIENT_INVALID', code: '410' },
    { case: '404 Not Found', fault: { status: 404, body: 'not found' }, failure: 'RECIPIENT_INVALID', code: '404' },
    { case: '429 with Retry-After', fault: 'rateLimit' as const, failure: 'RETRYABLE', code: '429', retryAfterMs: 7000 },
    { case: '503', fault: 'http503' as const, failure: 'RETRYABLE', code: '503', retryAfterMs: 7000 },
    { case: '500', fault: 'http500' as const, failure: 'RETRYABLE', code: '500' },
    { case: 'no answer (timeout)', fault: 'timeout' as const, failure: 'RETRYABLE', code: 'TIMEOUT' },
    { case: '403 VAPID refused', fault: { status: 403, body: 'bad jwt' }, failure: 'ACCOUNT', code: '403' },
    { case: '413 payload too large', fault: { status: 413, body: 'too large' }, failure: 'PERMANENT', code: '413' },
    { case: '400 bad request', fault: { status: 400, body: 'bad' }, failure: 'PERMANENT', code: '400' },
  ])('$case → $failure', async ({ fault, failure, code, retryAfterMs }) => {
    fake.failRecipient('webpush', 'gone', fault);
    const out = await new WebPushChannel(settings()).send([msg('ok', subscription('alive')), msg('bad', subscription('gone'))]);
    expect(out[0].status).toBe('SENT');
    expect(out[1]).toMatchObject({ messageId: 'bad', status: 'FAILED', failure, providerCode: code });
    if (out[1].status === 'FAILED') expect(out[1].retryAfterMs).toBe(retryAfterMs);
  });

  it.each([
    { case: 'short keys', keys: () => ({ p256dh: 'short', auth: 'short' }) },
    { case: 'a compressed point', keys: () => ({ p256dh: Buffer.alloc(33, 2).toString('base64url'), auth: randomBytes(16).toString('base64url') }) },
    { case: 'a long auth secret', keys: () => ({ p256dh: subscription('k').keys.p256dh, auth: randomBytes(32).toString('base64url') }) },
    {
      case: 'characters outside base64url',
      keys: () => ({ p256dh: `${subscription('k').keys.p256dh.slice(0, -1)}+`, auth: randomBytes(16).toString('base64url') }),
    },
  ])('calls a subscription with $case invalid without a request', async ({ keys }) => {
    const [out] = await new WebPushChannel(settings()).send([msg('m', { ...subscription('x'), keys: keys() })]);
    expect(out).toMatchObject({ status: 'FAILED', failure: 'RECIPIENT_INVALID', providerCode: 'BAD_SUBSCRIPTION' });
    expect(fake.requests).toHaveLength(0);
  });

  it('blames our VAPID keys, not the subscription, when they are unusable', async () => {
    const [out] = await new WebPushChannel(settings({ vapid: { ...vapid, privateKey: 'nope' } })).send([msg('m', subscription('ok'))]);
    expect(out).toMatchObject({ status: 'FAILED', failure: 'ACCOUNT', providerCode: 'BAD_VAPID' });
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses a recipient that has no subscription', async () => {
    const [out] = await new WebPushChannel(settings()).send([{ id: 'm', to: { token: 'fcm-token' }, body: 'x' }]);
    expect(out).toMatchObject({ status: 'FAILED', failure: 'PERMANENT', providerCode: 'NO_SUBSCRIPTION' });
  });
});
