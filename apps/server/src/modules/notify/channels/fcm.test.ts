import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutgoingMessage } from './channel';
import { type FakeProviders, startFakeProviders } from './fake-providers';
import { FcmChannel, type FcmSettings } from './fcm';

const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
let fake: FakeProviders;

beforeAll(async () => {
  fake = await startFakeProviders({ googlePublicKey: keys.publicKey });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const settings = (extra: Partial<FcmSettings> = {}): FcmSettings => ({
  serviceAccount: {
    client_email: 'push@benh-vien.iam.gserviceaccount.com',
    private_key: keys.privateKey,
    token_uri: `${fake.url}/google/token`,
    project_id: 'benh-vien-demo',
  },
  baseUrl: `${fake.url}/fcm`,
  timeoutMs: 300,
  ...extra,
});
const msg = (id: string, token: string): OutgoingMessage => ({
  id,
  to: { token },
  title: 'Lịch khám đã được xác nhận',
  body: 'Mời anh/chị đến lúc 08:30',
  link: 'app://booking/42',
});

describe('FCM HTTP v1', () => {
  it('signs a JWT, gets one access token, sends one request per token and returns the message names', async () => {
    const ch = new FcmChannel(settings());
    const out = await ch.send([msg('m1', 'tok-1'), msg('m2', 'tok-2'), msg('m3', 'tok-3')]);
    expect(out.map((o) => o.status)).toEqual(['SENT', 'SENT', 'SENT']);
    expect(out[0]).toMatchObject({ messageId: 'm1', providerMessageId: expect.stringMatching(/^projects\/benh-vien-demo\/messages\//) });
    expect(fake.of('googleToken')).toHaveLength(1);
    const sends = fake.of('fcm');
    expect(sends.map((r) => r.recipient).sort()).toEqual(['tok-1', 'tok-2', 'tok-3']);
    expect(sends[0].path).toBe('/fcm/v1/projects/benh-vien-demo/messages:send');
    expect(sends[0].headers.authorization).toMatch(/^Bearer ya29\.fake-/);
    const body = sends.find((r) => r.recipient === 'tok-1')!.body as { message: Record<string, unknown> };
    expect(body.message).toMatchObject({
      token: 'tok-1',
      notification: { title: 'Lịch khám đã được xác nhận', body: 'Mời anh/chị đến lúc 08:30' },
      data: { link: 'app://booking/42', messageId: 'm1' },
      // a resend after a crash replaces the first on the device
      android: { collapse_key: 'm1', notification: { tag: 'm1' } },
      apns: { headers: { 'apns-collapse-id': 'm1' } },
    });
  });

  it('keeps the access token until a minute before it ends, then fetches a new one', async () => {
    let now = 1_750_000_000_000;
    const ch = new FcmChannel(settings({ now: () => now }));
    await ch.send([msg('a', 't')]);
    now += (3599 - 61) * 1000; // 61 s before the end: still cached
    await ch.send([msg('b', 't')]);
    expect(fake.of('googleToken')).toHaveLength(1);
    now += 2000; // 59 s before the end: refreshed
    await ch.send([msg('c', 't')]);
    expect(fake.of('googleToken')).toHaveLength(2);
  });

  it('fetches the token once for many sends waiting at the same time', async () => {
    const ch = new FcmChannel(settings({ concurrency: 8 }));
    const out = await ch.send(Array.from({ length: 20 }, (_, i) => msg(`m${i}`, `t${i}`)));
    expect(out.every((o) => o.status === 'SENT')).toBe(true);
    expect(fake.of('googleToken')).toHaveLength(1);
  });

  it('keeps at most `concurrency` requests in flight', async () => {
    let inFlight = 0;
    let max = 0;
    const counting: typeof fetch = async (input, init) => {
      inFlight++;
      max = Math.max(max, inFlight);
      try {
        return await fetch(input, init);
      } finally {
        inFlight--;
      }
    };
    const ch = new FcmChannel(settings({ concurrency: 4, fetch: counting }));
    await ch.send(Array.from({ length: 24 }, (_, i) => msg(`m${i}`, `t${i}`)));
    expect(max).toBeLessThanOrEqual(4);
    expect(max).toBeGreaterThan(1);
  });

  it('refreshes the access token once on 401 and sends', async () => {
    const ch = new FcmChannel(settings());
    await ch.send([msg('a', 't')]);
    fake.expireAccessTokens();
    const [out] = await ch.send([msg('b', 't')]);
    expect(out.status).toBe('SENT');
    expect(fake.of('googleToken')).toHaveLength(2);
    expect(fake.of('fcm')).toHaveLength(3);
  });

  it('gives up after one refresh when FCM keeps answering 401', async () => {
    const ch = new FcmChannel(settings());
    fake.failNext('fcm', 2, 'expiredToken');
    const [out] = await ch.send([msg('a', 't')]);
    expect(out).toMatchObject({ status: 'FAILED', failure: 'ACCOUNT', providerCode: 'UNAUTHENTICATED' });
    expect(fake.of('fcm')).toHaveLength(2);
  });

  it('reports a service account whose key does not match as an account problem, for every message', async () => {
    const other = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const s = settings();
    const ch = new FcmChannel({ ...s, serviceAccount: { ...s.serviceAccount, private_key: other.privateKey } });
    const out = await ch.send([msg('a', 't1'), msg('b', 't2')]);
    expect(out.map((o) => o.status === 'FAILED' && o.failure)).toEqual(['ACCOUNT', 'ACCOUNT']);
    expect(fake.of('fcm')).toHaveLength(0);
  });

  it('waits when the token endpoint is down (retryable, nothing sent)', async () => {
    fake.failNext('googleToken', 1, 'http503');
    const [out] = await new FcmChannel(settings()).send([msg('a', 't')]);
    expect(out).toMatchObject({ status: 'FAILED', failure: 'RETRYABLE', retryAfterMs: 7000 });
  });

  const tokenError = {
    status: 400,
    body: {
      error: {
        code: 400,
        message: 'The registration token is not a valid FCM registration token',
        status: 'INVALID_ARGUMENT',
        details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'INVALID_ARGUMENT' }],
      },
    },
  };
  const payloadError = {
    status: 400,
    body: {
      error: {
        code: 400,
        message: "Invalid value at 'message.data[0].value'",
        status: 'INVALID_ARGUMENT',
        details: [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field: 'message.data[0].value' }] }],
      },
    },
  };
  const mismatch = {
    status: 403,
    body: {
      error: {
        code: 403,
        message: 'SenderId mismatch',
        status: 'PERMISSION_DENIED',
        details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'SENDER_ID_MISMATCH' }],
      },
    },
  };
  const apns = {
    status: 401,
    body: {
      error: {
        code: 401,
        message: 'Auth error from APNS',
        status: 'UNAUTHENTICATED',
        details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'THIRD_PARTY_AUTH_ERROR' }],
      },
    },
  };

  it.each([
    { case: 'UNREGISTERED token', fault: 'invalidRecipient' as const, failure: 'RECIPIENT_INVALID', code: 'UNREGISTERED' },
    { case: 'malformed token', fault: tokenError, failure: 'RECIPIENT_INVALID', code: 'INVALID_ARGUMENT' },
    { case: 'token of another project', fault: mismatch, failure: 'RECIPIENT_INVALID', code: 'SENDER_ID_MISMATCH' },
    { case: 'malformed message', fault: payloadError, failure: 'PERMANENT', code: 'INVALID_ARGUMENT' },
    { case: 'QUOTA_EXCEEDED 429', fault: 'rateLimit' as const, failure: 'RETRYABLE', code: 'QUOTA_EXCEEDED', retryAfterMs: 7000 },
    { case: 'UNAVAILABLE 503', fault: 'http503' as const, failure: 'RETRYABLE', code: 'UNAVAILABLE', retryAfterMs: 7000 },
    { case: 'INTERNAL 500', fault: 'http500' as const, failure: 'RETRYABLE', code: 'INTERNAL' },
    { case: 'no answer (timeout)', fault: 'timeout' as const, failure: 'RETRYABLE', code: 'TIMEOUT' },
    { case: 'APNs credentials rejected', fault: apns, failure: 'ACCOUNT', code: 'THIRD_PARTY_AUTH_ERROR' },
  ])('$case → $failure', async ({ fault, failure, code, retryAfterMs }) => {
    fake.failRecipient('fcm', 'bad-token', fault);
    const out = await new FcmChannel(settings()).send([msg('ok', 'good-token'), msg('bad', 'bad-token')]);
    expect(out[0].status).toBe('SENT');
    expect(out[1]).toMatchObject({ messageId: 'bad', status: 'FAILED', failure, providerCode: code });
    if (out[1].status === 'FAILED') {
      expect(out[1].reason).toMatch(/[à-ỹ]/); // a Vietnamese sentence for the screen
      expect(out[1].retryAfterMs).toBe(retryAfterMs);
    }
  });

  it('does not refresh its own token when the 401 is about APNs credentials', async () => {
    fake.failNext('fcm', 1, apns);
    const [out] = await new FcmChannel(settings()).send([msg('a', 't')]);
    expect(out).toMatchObject({ status: 'FAILED', failure: 'ACCOUNT', providerCode: 'THIRD_PARTY_AUTH_ERROR' });
    expect(fake.of('googleToken')).toHaveLength(1);
    expect(fake.of('fcm')).toHaveLength(1);
  });

  it('reports an unreadable private key as an account problem without a request', async () => {
    const s = settings();
    const [out] = await new FcmChannel({ ...s, serviceAccount: { ...s.serviceAccount, private_key: 'not a key' } }).send([msg('a', 't')]);
    expect(out).toMatchObject({ status: 'FAILED', failure: 'ACCOUNT', providerCode: 'BAD_PRIVATE_KEY' });
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses a message without a device token without calling FCM', async () => {
    const [out] = await new FcmChannel(settings()).send([{ id: 'x', to: { phone: '0912345678' }, body: 'hi' }]);
    expect(out).toMatchObject({ status: 'FAILED', failure: 'PERMANENT', providerCode: 'NO_TOKEN' });
    expect(fake.requests).toHaveLength(0);
  });
});
