import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutgoingMessage } from './channel';
import { type FakeProviders, startFakeProviders } from './fake-providers';
import { msUntilVnHour, verifyZaloWebhook, type ZaloTokens, ZaloZnsChannel, type ZaloZnsSettings, zaloEventSignature } from './zalo-zns';

const APP = { appId: '1234567890', appSecret: 'app-secret', refreshToken: 'zalo-refresh-0' };
let fake: FakeProviders;
beforeAll(async () => {
  fake = await startFakeProviders({ zalo: APP });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

/** A channel with no access token yet (it refreshes first), wired to the fake; `stored` collects the pairs handed back. */
function channel(extra: Partial<ZaloZnsSettings> = {}) {
  const stored: ZaloTokens[] = [];
  const ch = new ZaloZnsChannel({
    appId: APP.appId,
    appSecret: APP.appSecret,
    oaSecretKey: 'oa-secret',
    tokens: { refreshToken: fake.zaloRefreshToken() },
    onTokens: (t) => {
      stored.push(t);
    },
    baseUrl: `${fake.url}/zalo`,
    oauthBaseUrl: `${fake.url}/zalo-oauth`,
    timeoutMs: 300,
    ...extra,
  });
  return { ch, stored };
}
const msg = (id: string, phone: string): OutgoingMessage => ({
  id,
  to: { phone },
  body: '',
  templateId: '2056446',
  templateData: { customer_name: 'Nguyễn Văn An', booking_time: '08:30 27/11/2026', queue_no: 12 },
});

describe('Zalo ZNS', () => {
  it('gets an access token from the refresh token, hands the new pair back, and sends the template to 84xxxxxxxxx', async () => {
    const { ch, stored } = channel();
    const [out] = await ch.send([msg('c1:p1', '0912 345 678')]);
    expect(out).toMatchObject({ messageId: 'c1:p1', status: 'SENT', providerMessageId: expect.stringMatching(/^zns-/) });
    const [refresh] = fake.of('zaloToken');
    expect(refresh.headers.secret_key).toBe('app-secret');
    expect(refresh.body).toEqual({ refresh_token: 'zalo-refresh-0', app_id: '1234567890', grant_type: 'refresh_token' });
    expect(stored).toHaveLength(1);
    expect(stored[0].refreshToken).toBe(fake.zaloRefreshToken());
    const [send] = fake.of('zalo');
    expect(send.headers.access_token).toBe(stored[0].accessToken);
    expect(send.body).toEqual({ phone: '84912345678', template_id: '2056446', template_data: msg('', '').templateData, tracking_id: 'c1:p1' });
  });

  it('keeps a new token pair it could not store and hands it again at the next send', async () => {
    let fails = 1;
    const stored: ZaloTokens[] = [];
    const { ch } = channel({
      onTokens: (t) => {
        if (fails-- > 0) throw new Error('database away');
        stored.push(t);
      },
    });
    const [first] = await ch.send([msg('a', '0912345678')]);
    expect(first.status).toBe('SENT');
    expect(stored).toHaveLength(0);
    const [second] = await ch.send([msg('b', '0912345678')]);
    expect(second.status).toBe('SENT');
    expect(stored).toHaveLength(1);
    expect(stored[0].refreshToken).toBe(fake.zaloRefreshToken());
    expect(fake.of('zaloToken')).toHaveLength(1);
  });

  it('refreshes once for many sends waiting at the same time (the refresh token works once)', async () => {
    const { ch, stored } = channel({ concurrency: 8 });
    const out = await ch.send(Array.from({ length: 16 }, (_, i) => msg(`m${i}`, `09123456${String(i).padStart(2, '0')}`)));
    expect(out.every((o) => o.status === 'SENT')).toBe(true);
    expect(fake.of('zaloToken')).toHaveLength(1);
    expect(stored).toHaveLength(1);
  });

  it('refreshes when the stored access token is about to end, and uses it while it is not', async () => {
    let now = 1_750_000_000_000;
    const { ch } = channel({ now: () => now });
    await ch.send([msg('a', '0912345678')]);
    now += 89_000 * 1000; // 1000 s before the end of the 90,000 s token
    await ch.send([msg('b', '0912345678')]);
    expect(fake.of('zaloToken')).toHaveLength(1);
    now += 950_000; // 50 s before the end
    await ch.send([msg('c', '0912345678')]);
    expect(fake.of('zaloToken')).toHaveLength(2);
  });

  it('on an invalid access token (-124) refreshes once and resends', async () => {
    const { ch, stored } = channel();
    await ch.send([msg('a', '0912345678')]);
    fake.expireAccessTokens();
    const [out] = await ch.send([msg('b', '0912345678')]);
    expect(out.status).toBe('SENT');
    expect(stored).toHaveLength(2);
    expect(fake.of('zalo').map((r) => r.recipient)).toHaveLength(3);
  });

  it('stops after one refresh when Zalo keeps refusing the token', async () => {
    const { ch } = channel();
    fake.failNext('zalo', 2, 'expiredToken');
    const [out] = await ch.send([msg('a', '0912345678')]);
    expect(out).toMatchObject({ status: 'FAILED', failure: 'ACCOUNT', providerCode: '-124' });
    expect(fake.of('zalo')).toHaveLength(2);
  });

  it('reports a refresh token that no longer works as an account problem', async () => {
    const { ch } = channel({ tokens: { refreshToken: 'used-already' } });
    const [out] = await ch.send([msg('a', '0912345678')]);
    expect(out).toMatchObject({ status: 'FAILED', failure: 'ACCOUNT', providerCode: '-14014' });
    expect(fake.of('zalo')).toHaveLength(0);
  });

  it('waits when Zalo OAuth is down', async () => {
    fake.failNext('zaloToken', 1, 'http503');
    const [out] = await channel().ch.send([msg('a', '0912345678')]);
    expect(out).toMatchObject({ status: 'FAILED', failure: 'RETRYABLE', retryAfterMs: 7000 });
  });

  const z = (error: number, message = '') => ({ status: 200, body: { error, message } });
  // 2026-11-26 16:00 UTC = 23:00 in Vietnam: 7 h to 06:00, 1 h to midnight.
  const NIGHT = Date.UTC(2026, 10, 26, 16, 0, 0);
  it.each([
    { case: '-118 phone not on Zalo', fault: 'invalidRecipient' as const, failure: 'RECIPIENT_INVALID', code: '-118' },
    { case: '-108 phone invalid', fault: z(-108), failure: 'RECIPIENT_INVALID', code: '-108' },
    { case: '-114 user inactive or refusing', fault: z(-114), failure: 'RECIPIENT_INVALID', code: '-114' },
    { case: '-119 account cannot receive', fault: z(-119), failure: 'RECIPIENT_INVALID', code: '-119' },
    { case: '-139 refused this kind of ZNS', fault: z(-139), failure: 'RECIPIENT_INVALID', code: '-139' },
    { case: '-115 out of ZNS balance', fault: z(-115), failure: 'ACCOUNT', code: '-115' },
    { case: '-144 daily quota used up', fault: z(-144), failure: 'ACCOUNT', code: '-144', retryAfterMs: 3_600_000 },
    { case: '-131 template not approved', fault: z(-131), failure: 'PERMANENT', code: '-131' },
    { case: '-109 template id invalid', fault: z(-109), failure: 'PERMANENT', code: '-109' },
    { case: '-112 template data invalid', fault: z(-112), failure: 'PERMANENT', code: '-112' },
    { case: 'an unknown code', fault: z(-999, 'new'), failure: 'PERMANENT', code: '-999' },
    { case: '-133 no ZNS at night', fault: z(-133), failure: 'RETRYABLE', code: '-133', retryAfterMs: 7 * 3_600_000 },
    { case: '-100 unknown error', fault: z(-100), failure: 'RETRYABLE', code: '-100' },
    { case: '429 rate limit', fault: 'rateLimit' as const, failure: 'RETRYABLE', code: '429', retryAfterMs: 7000 },
    { case: '503', fault: 'http503' as const, failure: 'RETRYABLE', code: '503', retryAfterMs: 7000 },
    { case: 'no answer (timeout)', fault: 'timeout' as const, failure: 'RETRYABLE', code: 'TIMEOUT' },
  ])('$case → $failure', async ({ fault, failure, code, retryAfterMs }) => {
    fake.failRecipient('zalo', '84999999999', fault);
    const { ch } = channel({ now: () => NIGHT });
    const out = await ch.send([msg('ok', '0912345678'), msg('bad', '0999999999')]);
    expect(out[0].status).toBe('SENT');
    expect(out[1]).toMatchObject({ messageId: 'bad', status: 'FAILED', failure, providerCode: code });
    if (out[1].status === 'FAILED') expect(out[1].retryAfterMs).toBe(retryAfterMs);
  });

  it.each([
    { case: 'no template', m: { ...msg('m', '0912345678'), templateId: undefined }, failure: 'PERMANENT', code: 'NO_TEMPLATE' },
    { case: 'an invalid phone', m: msg('m', '0123'), failure: 'RECIPIENT_INVALID', code: 'INVALID_PHONE' },
    { case: 'no phone', m: { ...msg('m', ''), to: { token: 't' } }, failure: 'PERMANENT', code: 'NO_PHONE' },
  ])('refuses $case without calling Zalo', async ({ m, failure, code }) => {
    const [out] = await channel().ch.send([m]);
    expect(out).toMatchObject({ status: 'FAILED', failure, providerCode: code });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('msUntilVnHour', () => {
  const H = 3_600_000;
  it.each([
    { vn: '23:00', utc: Date.UTC(2026, 10, 26, 16), hour: 6, ms: 7 * H },
    { vn: '05:00', utc: Date.UTC(2026, 10, 25, 22), hour: 6, ms: 1 * H },
    { vn: '06:00 exactly', utc: Date.UTC(2026, 10, 25, 23), hour: 6, ms: 24 * H },
    { vn: '06:00:01', utc: Date.UTC(2026, 10, 25, 23, 0, 1), hour: 6, ms: 24 * H - 1000 },
    { vn: '23:30 to midnight', utc: Date.UTC(2026, 10, 26, 16, 30), hour: 0, ms: H / 2 },
  ])('at $vn in Vietnam → $ms ms to $hour:00', ({ utc, hour, ms }) => {
    expect(msUntilVnHour(utc, hour)).toBe(ms);
  });
});

describe('Zalo webhook verification', () => {
  const settings = { appId: '1234567890', oaSecretKey: 'oa-secret' };
  const event = (name: string) =>
    JSON.stringify({
      app_id: '1234567890',
      oa_id: '1397492183140006179',
      event_name: name,
      timestamp: '1764150000000',
      message: { msg_id: 'zns-77', tracking_id: 'c1:p1', delivery_time: '1764150001000' },
    });
  const sign = (body: string, secret = 'oa-secret') => zaloEventSignature('1234567890', body, '1764150000000', secret);

  it('computes mac=sha256(app_id + body + timestamp + OA secret)', () => {
    // printf '1x2s' | sha256sum
    expect(zaloEventSignature('1', 'x', '2', 's')).toBe('mac=2596b723d0d5e8ae783245536900a603c646827737d88824737b8c03261cfc73');
  });

  it('reads a delivered ZNS with our tracking id', () => {
    const body = event('user_received_message');
    expect(verifyZaloWebhook(body, sign(body), settings)).toEqual({
      verified: true,
      report: { channel: 'ZALO_ZNS', providerMessageId: 'zns-77', messageId: 'c1:p1', status: 'DELIVERED', at: new Date(1764150001000) },
    });
  });

  it('reads a seen ZNS, and accepts the signature without its mac= prefix', () => {
    const body = event('user_seen_message');
    expect(verifyZaloWebhook(body, sign(body).slice(4), settings)).toMatchObject({ verified: true, report: { status: 'SEEN' } });
  });

  it('verifies an event that is not about delivery but reports nothing', () => {
    const body = event('follow');
    expect(verifyZaloWebhook(body, sign(body), settings)).toEqual({ verified: true });
  });

  it.each([
    { case: 'a changed body', body: (b: string) => b.replace('c1:p1', 'c1:p2'), sig: (b: string) => sign(b) },
    { case: 'another secret', body: (b: string) => b, sig: (b: string) => sign(b, 'other') },
    { case: 'no signature', body: (b: string) => b, sig: () => undefined },
    { case: 'a body that is not JSON', body: () => 'nope', sig: () => 'mac=00' },
  ])('refuses $case', ({ body, sig }) => {
    const original = event('user_received_message');
    expect(verifyZaloWebhook(body(original), sig(original), settings)).toEqual({ verified: false });
  });
});
