import type { Appointment } from '@medplum/fhirtypes';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HisError, type HisClientOptions, hisClient } from './his-client';

/** A scripted HTTP server: each test sets what the next requests answer. */
type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;
let handler: Handler = (_q, res) => res.end();
const seen: { method: string; url: string; auth: string | undefined; body: string }[] = [];
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', auth: req.headers.authorization, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fhir`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  seen.length = 0;
});

const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/fhir+json', ...headers });
  res.end(JSON.stringify(body));
};
const client = (o: Partial<HisClientOptions> = {}) =>
  hisClient({ baseUrl: base, authType: 'NONE', timeoutMs: 500, pageSize: 2, maxPages: 5, retryBaseMs: 5, ...o });
const bundle = (ids: string[], next?: string) => ({
  resourceType: 'Bundle',
  type: 'searchset',
  entry: ids.map((id) => ({ resource: { resourceType: 'Patient', id } })),
  link: next ? [{ relation: 'next', url: next }] : [],
});

async function failure(p: Promise<unknown>): Promise<HisError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(HisError);
  return e as HisError;
}

describe('hisClient', () => {
  it('pages through a search by its next links', async () => {
    handler = (req, res) => {
      const page = new URL(req.url ?? '', 'http://x').searchParams.get('page');
      if (!page) json(res, 200, bundle(['1', '2'], `${base}/Patient?page=2`));
      else if (page === '2') json(res, 200, bundle(['3', '4'], `${base}/Patient?page=3`));
      else json(res, 200, bundle(['5']));
    };
    const found = await client().searchAll('Patient', { name: 'an' });
    expect(found.map((r) => r.id)).toEqual(['1', '2', '3', '4', '5']);
    expect(seen[0].url).toBe('/fhir/Patient?_count=2&name=an');
  });

  it('stops a Bundle that never ends after maxPages', async () => {
    handler = (_req, res) => json(res, 200, bundle(['x'], `${base}/Patient?page=again`));
    const e = await failure(client({ maxPages: 3 }).searchAll('Patient', {}));
    expect(e.kind).toBe('endless');
    expect(e.message).toContain('quá nhiều trang');
    expect(seen).toHaveLength(3);
  });

  it('refuses a next link to another host (credentials stay with the HIS)', async () => {
    handler = (_req, res) => json(res, 200, bundle(['x'], 'http://evil.example/fhir/Patient?page=2'));
    const e = await failure(client().searchAll('Patient', {}));
    expect(e.message).toContain('evil.example');
  });

  it('retries a 500 and succeeds', async () => {
    let n = 0;
    handler = (_req, res) => (++n < 3 ? json(res, 500, { resourceType: 'OperationOutcome' }) : json(res, 200, { resourceType: 'Patient', id: 'p' }));
    expect((await client().read('Patient', 'p')).id).toBe('p');
    expect(seen).toHaveLength(3);
  });

  it('gives up after its attempts with a Vietnamese message', async () => {
    handler = (_req, res) => json(res, 503, {});
    const e = await failure(client({ attempts: 2 }).read('Patient', 'p'));
    expect(e).toMatchObject({ kind: 'http', status: 503 });
    expect(e.message).toBe('HIS báo lỗi máy chủ (mã 503)');
    expect(seen).toHaveLength(2);
  });

  it('honours Retry-After on a 429', async () => {
    let n = 0;
    handler = (_req, res) => (++n === 1 ? json(res, 429, {}, { 'retry-after': '1' }) : json(res, 200, { resourceType: 'Patient', id: 'p' }));
    const started = Date.now();
    await client().read('Patient', 'p');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('times out a HIS that does not answer', async () => {
    handler = () => {
      /* never answers */
    };
    const e = await failure(client({ timeoutMs: 150, attempts: 2 }).read('Patient', 'p'));
    expect(e.kind).toBe('timeout');
    expect(e.message).toContain('không trả lời sau');
  });

  it('says so when nothing listens', async () => {
    const e = await failure(
      hisClient({ baseUrl: 'http://127.0.0.1:1/fhir', authType: 'NONE', timeoutMs: 500, pageSize: 10, maxPages: 1, attempts: 1 }).capability(),
    );
    expect(e.kind).toBe('network');
    expect(e.message).toContain('Không kết nối được tới HIS tại 127.0.0.1:1');
  });

  it.each([
    [401, 'auth', 'từ chối xác thực'],
    [403, 'auth', 'từ chối xác thực'],
    [404, 'notFound', 'không phải máy chủ FHIR'],
  ])('metadata answering %i is a clear message', async (status, kind, text) => {
    handler = (_req, res) => json(res, status, {});
    const e = await failure(client().capability());
    expect(e.kind).toBe(kind);
    expect(e.message).toContain(text);
    expect(seen).toHaveLength(1); // not retried
  });

  it('an answer that is not JSON, or not the asked type', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>proxy</html>');
    };
    expect((await failure(client().capability())).message).toBe('HIS trả về dữ liệu không phải FHIR JSON');
    handler = (_req, res) => json(res, 200, { resourceType: 'Bundle' });
    expect((await failure(client().read('Patient', 'p'))).message).toContain('thay vì Patient');
  });

  it.each([
    ['BASIC', { username: 'his', secret: 'mật khẩu' }, `Basic ${Buffer.from('his:mật khẩu').toString('base64')}`],
    ['BEARER', { secret: 'tok-123' }, 'Bearer tok-123'],
  ] as const)('%s sends its Authorization header', async (authType, extra, header) => {
    handler = (_req, res) => json(res, 200, { resourceType: 'Patient', id: 'p' });
    await client({ authType, ...extra }).read('Patient', 'p');
    expect(seen[0].auth).toBe(header);
  });

  it('OAUTH2 fetches a client-credentials token, reuses it, and renews it once on a 401', async () => {
    let tokens = 0;
    let reject = false;
    handler = (req, res, body) => {
      if (req.url === '/token') {
        tokens++;
        const form = new URLSearchParams(body);
        if (form.get('client_secret') !== 's3cret') return json(res, 401, {});
        return json(res, 200, { access_token: `t${tokens}`, token_type: 'Bearer', expires_in: 3600 });
      }
      if (reject && req.headers.authorization === 'Bearer t1') return json(res, 401, {});
      json(res, 200, { resourceType: 'Patient', id: 'p' });
    };
    const c = client({ authType: 'OAUTH2', clientId: 'portal', secret: 's3cret', tokenUrl: base.replace('/fhir', '/token') });
    await c.read('Patient', 'p');
    await c.read('Patient', 'p');
    expect(tokens).toBe(1);
    reject = true;
    await c.read('Patient', 'p');
    expect(tokens).toBe(2);
    expect(seen.at(-1)?.auth).toBe('Bearer t2');
    const bad = client({ authType: 'OAUTH2', clientId: 'portal', secret: 'wrong', tokenUrl: base.replace('/fhir', '/token') });
    expect((await failure(bad.read('Patient', 'p'))).message).toContain('Máy chủ cấp token từ chối');
  });

  it('conditional update sends the resource to Type?query', async () => {
    handler = (_req, res, body) => json(res, 200, { ...JSON.parse(body), id: 'a1' });
    const stored: Appointment = await client().conditionalUpdate<Appointment>(
      'Appointment',
      { identifier: 'urn:portal:F:booking|DK1' },
      { resourceType: 'Appointment', status: 'arrived', participant: [] },
    );
    expect(stored.id).toBe('a1');
    expect(seen[0]).toMatchObject({ method: 'PUT', url: `/fhir/Appointment?identifier=${encodeURIComponent('urn:portal:F:booking|DK1')}` });
  });
});
