import { afterEach, describe, expect, it, vi } from 'vitest';
import { jobEndpoints } from '@portal/shared/contracts/jobs.contract';

/** The endpoint client sends what the shared endpoint says: method, filled path, query, body. */
const calls: { url: string; method: string; body: unknown }[] = [];

async function load(answer: unknown) {
  calls.length = 0;
  vi.stubGlobal('window', {
    localStorage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined, clear: () => undefined, length: 0 },
    location: { pathname: '/admin', search: '' },
    addEventListener: vi.fn(),
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, method: String(init.method), body: init.body === undefined ? undefined : JSON.parse(String(init.body)) });
    return new Response(JSON.stringify(answer), { status: 200 });
  });
  vi.resetModules();
  return import('./endpoint-client');
}

afterEach(() => vi.unstubAllGlobals());

describe('call', () => {
  it('GET with the query, empty values left out', async () => {
    const { call } = await load({ code: 0, data: [], totalElements: 0, totalPage: 0, page: 0, size: 20 });
    const res = await call(jobEndpoints.list, { query: { state: 'dead', page: 1, size: 20 } });
    expect(calls).toEqual([{ url: '/api/his/v1/jobs?state=dead&page=1&size=20', method: 'GET', body: undefined }]);
    expect(res.totalPage).toBe(0);
  });

  it('POST to the path filled from params, URL-encoded', async () => {
    const { call } = await load({ code: 0, data: { id: 7 } });
    await call(jobEndpoints.retry, { params: { id: 7 } });
    expect(calls.map((c) => [c.method, c.url])).toEqual([['POST', '/api/his/v1/jobs/7/retry']]);
  });

  it('an endpoint without input takes an empty object', async () => {
    const { call } = await load({ code: 0, data: { queued: 1, running: 0, done: 2, dead: 0 } });
    const res = await call(jobEndpoints.counts, {});
    expect(calls.map((c) => [c.method, c.url])).toEqual([['GET', '/api/his/v1/jobs/counts']]);
    expect(res.data.done).toBe(2);
  });
});
