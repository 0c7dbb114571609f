import { afterEach, describe, expect, it, vi } from 'vitest';
import { departmentResource, roleResource } from '@portal/shared/resources';

/** The generic client calls the endpoints packages/shared declares for the resource, and only those it offers. */
const calls: { url: string; method: string; body: unknown }[] = [];

async function load() {
  calls.length = 0;
  vi.stubGlobal('window', {
    localStorage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined, clear: () => undefined, length: 0 },
    location: { pathname: '/admin', search: '' },
    addEventListener: vi.fn(),
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, method: String(init.method ?? 'GET'), body: init.body === undefined ? undefined : JSON.parse(String(init.body)) });
    return new Response(JSON.stringify({ code: 0, data: { id: 7, active: true } }), { status: 200 });
  });
  vi.resetModules();
  return import('./resource-api');
}

afterEach(() => vi.unstubAllGlobals());

describe('resourceApi', () => {
  it('sends each operation to its endpoint: method, filled path, body', async () => {
    const { resourceApi } = await load();
    const api = resourceApi(departmentResource);
    await api.list({ q: 'noi', page: '0', size: '20' });
    expect(await api.get(7)).toEqual({ id: 7, active: true });
    await api.create({ code: 'NOI', name: 'Khoa Nội' });
    await api.update(7, { code: 'NOI', name: 'Khoa Nội' });
    await api.setActive(7, false);
    await api.remove(7);
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['GET', '/api/catalog/v1/departments?q=noi&page=0&size=20', undefined],
      ['GET', '/api/catalog/v1/departments/7', undefined],
      ['POST', '/api/catalog/v1/departments', { code: 'NOI', name: 'Khoa Nội' }],
      ['PUT', '/api/catalog/v1/departments/7', { code: 'NOI', name: 'Khoa Nội' }],
      ['PUT', '/api/catalog/v1/departments/7/active', { active: false }],
      ['DELETE', '/api/catalog/v1/departments/7', undefined],
    ]);
  });

  it('offers only the resource’s operations: a role is never deleted', async () => {
    const { resourceApi } = await load();
    const api = resourceApi(roleResource);
    expect(['list', 'options', 'export', 'get', 'create', 'update', 'setActive', 'remove'].filter((op) => api.offers(op as never))).toEqual([
      'list',
      'options',
      'export',
      'get',
      'create',
      'update',
      'setActive',
    ]);
    expect(() => api.remove(7)).toThrow('roles: no "remove" endpoint');
    expect(calls).toEqual([]);
  });
});
