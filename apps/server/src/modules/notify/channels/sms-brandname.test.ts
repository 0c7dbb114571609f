import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutgoingMessage } from './channel';
import { type FakeProviders, startFakeProviders } from './fake-providers';
import { EsmsChannel, type EsmsSettings, verifyEsmsCallback } from './sms-brandname';

let fake: FakeProviders;
beforeAll(async () => {
  fake = await startFakeProviders({ esms: { apiKey: 'KEY', secretKey: 'SECRET', balance: 1_234_000 } });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const settings = (extra: Partial<EsmsSettings> = {}): EsmsSettings => ({
  apiKey: 'KEY',
  secretKey: 'SECRET',
  brandname: 'BV_DEMO',
  baseUrl: `${fake.url}/esms`,
  callbackUrl: 'https://portal.example/api/notify/v1/webhooks/esms?token=t0k3n',
  timeoutMs: 300,
  ...extra,
});
const msg = (id: string, phone: string): OutgoingMessage => ({ id, to: { phone }, body: 'BV DEMO: Lich kham 08:30 ngay 27/11 da duoc xac nhan.' });

describe('eSMS brandname SMS', () => {
  it('sends one customer-care request per message with our id as RequestId and the phone normalised', async () => {
    const out = await new EsmsChannel(settings()).send([msg('c1:p1', '+84 912 345 678'), msg('c1:p2', '0387654321')]);
    expect(out.map((o) => o.status)).toEqual(['SENT', 'SENT']);
    expect(out[0]).toMatchObject({ providerMessageId: expect.stringMatching(/[0-9a-f-]{36}/) });
    const r = fake.of('esms').find((x) => x.recipient === '0912345678')!;
    expect(r.path).toBe('/esms/SendMultipleMessage_V4_post_json/');
    expect(r.body).toEqual({
      ApiKey: 'KEY',
      SecretKey: 'SECRET',
      Content: 'BV DEMO: Lich kham 08:30 ngay 27/11 da duoc xac nhan.',
      Phone: '0912345678',
      Brandname: 'BV_DEMO',
      SmsType: '2',
      IsUnicode: '0',
      Sandbox: '0',
      RequestId: 'c1:p1',
      CallbackUrl: 'https://portal.example/api/notify/v1/webhooks/esms?token=t0k3n',
    });
  });

  it('sends with diacritics and in the sandbox when told to', async () => {
    await new EsmsChannel(settings({ unicode: true, sandbox: true })).send([msg('m', '0912345678')]);
    expect(fake.of('esms')[0].body).toMatchObject({ IsUnicode: '1', Sandbox: '1' });
  });

  const code = (CodeResult: string) => ({ status: 200, body: { CodeResult, ErrorMessage: 'x' } });
  it.each([
    { case: '108 invalid number', fault: 'invalidRecipient' as const, failure: 'RECIPIENT_INVALID', providerCode: '108' },
    { case: '99 number blocked', fault: code('99'), failure: 'RECIPIENT_INVALID', providerCode: '99' },
    { case: '177 telco not registered for the brandname', fault: code('177'), failure: 'RECIPIENT_INVALID', providerCode: '177' },
    { case: '103 insufficient balance', fault: code('103'), failure: 'ACCOUNT', providerCode: '103' },
    { case: '104 brandname not registered', fault: code('104'), failure: 'ACCOUNT', providerCode: '104' },
    { case: '101 wrong keys', fault: 'expiredToken' as const, failure: 'ACCOUNT', providerCode: '101' },
    { case: '140 IP not whitelisted', fault: code('140'), failure: 'ACCOUNT', providerCode: '140' },
    { case: '146 content off the registered template', fault: code('146'), failure: 'PERMANENT', providerCode: '146' },
    { case: 'an unknown code', fault: code('777'), failure: 'PERMANENT', providerCode: '777' },
    { case: '429 rate limit', fault: 'rateLimit' as const, failure: 'RETRYABLE', providerCode: '429', retryAfterMs: 7000 },
    { case: '503', fault: 'http503' as const, failure: 'RETRYABLE', providerCode: '503', retryAfterMs: 7000 },
    { case: '500', fault: 'http500' as const, failure: 'RETRYABLE', providerCode: '500' },
    { case: 'no answer (timeout)', fault: 'timeout' as const, failure: 'RETRYABLE', providerCode: 'TIMEOUT' },
    { case: 'an answer that is not eSMS JSON', fault: { status: 200, body: '<html>gateway</html>' }, failure: 'RETRYABLE', providerCode: '200' },
  ])('$case → $failure', async ({ fault, failure, providerCode, retryAfterMs }) => {
    fake.failRecipient('esms', '0999999999', fault);
    const out = await new EsmsChannel(settings()).send([msg('ok', '0912345678'), msg('bad', '0999999999')]);
    expect(out[0].status).toBe('SENT');
    expect(out[1]).toMatchObject({ messageId: 'bad', status: 'FAILED', failure, providerCode });
    if (out[1].status === 'FAILED') expect(out[1].retryAfterMs).toBe(retryAfterMs);
  });

  it('takes 124 (RequestId already accepted) as sent: an earlier attempt went through', async () => {
    fake.failNext('esms', 1, code('124'));
    const [out] = await new EsmsChannel(settings()).send([msg('c7:p9', '0912345678')]);
    expect(out).toEqual({ messageId: 'c7:p9', status: 'SENT', providerMessageId: 'RequestId:c7:p9' });
  });

  it.each(['091234567', '0212345678', 'abc', ''])('refuses %j locally without a request', async (phone) => {
    const [out] = await new EsmsChannel(settings()).send([msg('m', phone)]);
    expect(out).toMatchObject({ status: 'FAILED', failure: 'RECIPIENT_INVALID', providerCode: 'INVALID_PHONE' });
    expect(fake.requests).toHaveLength(0);
  });

  it('never throws: a message it cannot handle becomes a retryable outcome and the batch still gets its answers', async () => {
    const broken = { id: 'broken', to: null, body: 'x' } as unknown as OutgoingMessage;
    const out = await new EsmsChannel(settings()).send([msg('ok', '0912345678'), broken]);
    expect(out[0].status).toBe('SENT');
    expect(out[1]).toMatchObject({ messageId: 'broken', status: 'FAILED', failure: 'RETRYABLE', providerCode: 'INTERNAL' });
  });

  it('reads the balance', async () => {
    expect(await new EsmsChannel(settings()).balance()).toEqual({ ok: true, balance: 1_234_000 });
    expect(fake.of('esms')[0].path).toBe('/esms/GetBalance_json');
  });

  it.each([
    { case: 'wrong keys', s: { secretKey: 'nope' }, fault: undefined, failure: 'ACCOUNT' },
    { case: 'eSMS down', s: {}, fault: 'http503' as const, failure: 'RETRYABLE' },
    { case: 'no answer', s: {}, fault: 'timeout' as const, failure: 'RETRYABLE' },
  ])('balance: $case → $failure', async ({ s, fault, failure }) => {
    if (fault) fake.failNext('esms', 1, fault);
    const res = await new EsmsChannel(settings(s)).balance();
    expect(res).toMatchObject({ ok: false, failure: { failure } });
  });
});

describe('eSMS delivery-report callback', () => {
  // The customer-care sample of eSMS's callback page, with a RequestId filled in.
  const sample =
    'SMSID=dc712784-9c5f-4c69-b9a8-ea69d56adc9a87&SendFailed=0&SendStatus=5&SendSuccess=1&TotalPrice=0.0000&TotalReceiver=1&TotalSent=1&RequestId=c1:p1&TypeId=2&telcoid=1&phonenumber=0901888484';
  const q = (s: string) => new URLSearchParams(s);

  it('reads a delivered report when the token matches', () => {
    expect(verifyEsmsCallback(q(sample), 't0k3n', 't0k3n')).toEqual({
      channel: 'SMS',
      providerMessageId: 'dc712784-9c5f-4c69-b9a8-ea69d56adc9a87',
      messageId: 'c1:p1',
      status: 'DELIVERED',
      providerCode: 'SendStatus=5',
    });
  });

  it.each([
    { case: 'a wrong token', token: 't0k3N' },
    { case: 'a longer token', token: 't0k3n!' },
    { case: 'no token', token: undefined },
    { case: 'an empty token', token: '' },
  ])('refuses $case', ({ token }) => {
    expect(verifyEsmsCallback(q(sample), token, 't0k3n')).toBeUndefined();
  });

  it('refuses everything when no token is configured', () => {
    expect(verifyEsmsCallback(q(sample), '', '')).toBeUndefined();
  });

  it.each([
    { query: 'SMSID=a&SendStatus=5&SendSuccess=0&SendFailed=1', status: 'FAILED' },
    { query: 'SMSID=a&SendStatus=4', status: 'FAILED' },
    { query: 'SMSID=a&SendStatus=7', status: 'PENDING' },
    { query: 'SMSID=a&SendStatus=1', status: 'PENDING' },
    { query: 'SMSID=a&SendStatus=2', status: 'PENDING' },
  ])('$query → $status', ({ query, status }) => {
    expect(verifyEsmsCallback(q(query), 'k', 'k')).toMatchObject({ providerMessageId: 'a', status });
  });

  it('ignores a call that is not a report', () => {
    expect(verifyEsmsCallback(q('SendStatus=5'), 'k', 'k')).toBeUndefined();
    expect(verifyEsmsCallback(q('SMSID=a'), 'k', 'k')).toBeUndefined();
  });
});
