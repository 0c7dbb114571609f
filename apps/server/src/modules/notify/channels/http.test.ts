import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProviders, startFakeProviders } from './fake-providers';
import { mapLimit, retryAfterMs, safeEqual } from './http';

describe('retryAfterMs', () => {
  const now = Date.UTC(2026, 10, 26, 7, 0, 0);
  it.each([
    { value: '7', ms: 7000 },
    { value: ' 0 ', ms: 0 },
    { value: 'Thu, 26 Nov 2026 07:00:30 GMT', ms: 30_000 },
    { value: 'Thu, 26 Nov 2026 06:59:00 GMT', ms: 0 },
    { value: 'soon', ms: undefined },
    { value: '-5', ms: undefined },
    { value: '', ms: undefined },
    { value: null, ms: undefined },
  ])('$value → $ms', ({ value, ms }) => {
    expect(retryAfterMs(value, now)).toBe(ms);
  });
});

describe('mapLimit', () => {
  it('keeps the input order whatever the finishing order', async () => {
    const out = await mapLimit([30, 10, 20, 0], 2, (ms, i) => new Promise<string>((r) => setTimeout(() => r(`${i}:${ms}`), ms)));
    expect(out).toEqual(['0:30', '1:10', '2:20', '3:0']);
  });
  it('returns an empty list for no items', async () => {
    expect(await mapLimit([], 4, async () => 1)).toEqual([]);
  });
});

describe('safeEqual', () => {
  it.each([
    { a: 'secret', b: 'secret', eq: true },
    { a: 'secret', b: 'Secret', eq: false },
    { a: 'secret', b: 'secret2', eq: false },
    { a: '', b: '', eq: true },
  ])('$a vs $b → $eq', ({ a, b, eq }) => {
    expect(safeEqual(a, b)).toBe(eq);
  });
});

describe('fake providers', () => {
  let fake: FakeProviders;
  beforeAll(async () => {
    fake = await startFakeProviders({ esms: { apiKey: 'K', secretKey: 'S' } });
  });
  afterAll(() => fake.close());

  const post = (path: string, body: unknown) => fetch(`${fake.url}${path}`, { method: 'POST', body: JSON.stringify(body) });
  const sms = { ApiKey: 'K', SecretKey: 'S', Phone: '0912345678' };

  it('fails exactly the next N requests, then answers normally', async () => {
    fake.reset();
    fake.failNext('esms', 2, 'http500');
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post('/esms/SendMultipleMessage_V4_post_json/', sms)).status);
    expect(statuses).toEqual([500, 500, 200]);
    expect(fake.of('esms').map((r) => r.fault)).toEqual(['http500', 'http500', undefined]);
  });

  it('fails one recipient and not the others, until reset', async () => {
    fake.reset();
    fake.failRecipient('esms', '0999999999', 'invalidRecipient');
    expect(await (await post('/esms/SendMultipleMessage_V4_post_json/', { ...sms, Phone: '0999999999' })).json()).toMatchObject({ CodeResult: '108' });
    expect(await (await post('/esms/SendMultipleMessage_V4_post_json/', sms)).json()).toMatchObject({ CodeResult: '100' });
    fake.reset();
    expect(await (await post('/esms/SendMultipleMessage_V4_post_json/', { ...sms, Phone: '0999999999' })).json()).toMatchObject({ CodeResult: '100' });
  });

  it('answers 404 to a path no provider has', async () => {
    expect((await post('/nowhere', {})).status).toBe(404);
  });
});

describe('fake providers: rate limit', () => {
  it('answers 429 with Retry-After past the configured requests per second', async () => {
    const fake = await startFakeProviders({ rateLimitPerSecond: { esms: 5 } });
    try {
      // Start at the beginning of a second so all 8 requests fall in the same window.
      await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000)));
      const res = await Promise.all(
        Array.from({ length: 8 }, () => fetch(`${fake.url}/esms/SendMultipleMessage_V4_post_json/`, { method: 'POST', body: '{}' })),
      );
      const statuses = res.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      expect(res.find((r) => r.status === 429)!.headers.get('retry-after')).toBe('1');
    } finally {
      await fake.close();
    }
  });
});
