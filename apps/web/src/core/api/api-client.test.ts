import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The API client's §8 behaviour with a stubbed browser: token injection, single-flight refresh
 * and replay, 401 → clear storage → login with redirect, 403 → toast, login-style calls that
 * keep their errors.
 */

type Handler = (url: string, init: RequestInit) => { status: number; body?: unknown } | Promise<never>;

function makeStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, String(v)),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
    get length() {
      return map.size;
    },
    keys: () => [...map.keys()],
  };
}

const user = (token: string, refresh: string) => ({
  id: 5,
  username: 'letan',
  name: 'Trần Thị Thu Hà',
  loginToken: token,
  refresh_token: refresh,
  lastPasswordReset: '2026-01-01T00:00:00Z',
  mustChangePassword: false,
});

let storage: ReturnType<typeof makeStorage>;
let calls: { url: string; init: RequestInit }[];

function setup(handler: Handler, search = '') {
  storage = makeStorage();
  calls = [];
  vi.stubGlobal('window', {
    localStorage: storage,
    location: { pathname: '/admin/user', search, assign: vi.fn() },
    addEventListener: vi.fn(),
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const r = await handler(url, init);
    return new Response(r.body === undefined ? '' : JSON.stringify(r.body), { status: r.status });
  });
}

async function load() {
  vi.resetModules();
  const client = await import('./api-client');
  const store = await import('../auth/auth-store');
  const handlers = { unauthorized: vi.fn(), forbidden: vi.fn() };
  client.configureApiClient(handlers);
  return { ...client, ...store, handlers };
}

const auth = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends the token and the client headers, and returns the envelope', async () => {
    setup(() => ({ status: 200, body: { code: 0, data: { ok: true } } }));
    storage.setItem('auth', JSON.stringify(user('t1', 'r1')));
    const { api } = await load();
    await expect(api.get('/api/his/v1/user/me', { query: { a: 1, b: '' } })).resolves.toEqual({ code: 0, data: { ok: true } });
    expect(calls[0].url).toBe('/api/his/v1/user/me?a=1');
    const headers = calls[0].init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer t1');
    expect(headers['x-client-type']).toBe('VENDOR_PORTAL');
  });

  it('prefers a loginToken in the page URL', async () => {
    setup(() => ({ status: 200, body: { code: 0, data: null } }), '?loginToken=from-url');
    storage.setItem('auth', JSON.stringify(user('t1', 'r1')));
    const { api } = await load();
    await api.get('/x');
    expect(auth(calls[0].init)).toBe('Bearer from-url');
  });

  it('refreshes once for parallel 401s and replays each call with the new token', async () => {
    let refreshes = 0;
    setup((url, init) => {
      if (url.endsWith('/auth/refresh')) {
        refreshes += 1;
        expect(auth(init)).toBeUndefined();
        expect(JSON.parse(String(init.body))).toEqual({ refreshToken: 'r1' });
        return { status: 200, body: { code: 0, data: user('t2', 'r2') } };
      }
      return auth(init) === 'Bearer t2' ? { status: 200, body: { code: 0, data: url } } : { status: 401, body: { code: 401, message: 'hết hạn' } };
    });
    storage.setItem('auth', JSON.stringify(user('t1', 'r1')));
    const { api, authStore, handlers } = await load();
    const [a, b] = await Promise.all([api.get<{ data: string }>('/a'), api.get<{ data: string }>('/b')]);
    expect([a.data, b.data]).toEqual(['/a', '/b']);
    expect(refreshes).toBe(1);
    expect(authStore.get()?.refresh_token).toBe('r2');
    expect(handlers.unauthorized).not.toHaveBeenCalled();
  });

  it('on a 401 it cannot repair: clears ALL local storage and goes to /login?redirect=…', async () => {
    setup((url) => (url.endsWith('/auth/refresh') ? { status: 401, body: { code: 401, message: 'x' } } : { status: 401, body: { code: 401 } }));
    storage.setItem('auth', JSON.stringify(user('t1', 'r1')));
    storage.setItem('reportUsers', '[1]');
    const { api, handlers, authStore } = await load();
    const results = await Promise.allSettled([api.get('/a'), api.get('/b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(storage.length).toBe(0);
    expect(authStore.get()).toBeNull();
    expect(handlers.unauthorized).toHaveBeenCalledTimes(1);
    expect(handlers.unauthorized).toHaveBeenCalledWith('/login?redirect=%2Fadmin%2Fuser');
  });

  it('treats a 200 whose body code is 401 as a 401', async () => {
    setup(() => ({ status: 200, body: { code: 401, message: 'x' } }));
    const { api, handlers } = await load();
    await expect(api.get('/a')).rejects.toMatchObject({ status: 401, code: 401 });
    expect(handlers.unauthorized).toHaveBeenCalledTimes(1);
  });

  it('on 403 toasts the server message, or "Bạn không có quyền thao tác"', async () => {
    let message: string | undefined = 'Không được phép xem nhật ký';
    setup(() => ({ status: 403, body: { code: 403, message } }));
    storage.setItem('auth', JSON.stringify(user('t1', 'r1')));
    const { api, handlers } = await load();
    await expect(api.get('/a')).rejects.toMatchObject({ status: 403, serverMessage: 'Không được phép xem nhật ký' });
    message = undefined;
    await expect(api.get('/a')).rejects.toMatchObject({ status: 403, serverMessage: null });
    expect(handlers.forbidden.mock.calls).toEqual([['Không được phép xem nhật ký'], ['Bạn không có quyền thao tác']]);
  });

  it('leaves 401/403 to the caller when globalErrors is false (login)', async () => {
    setup(() => ({ status: 401, body: { code: 401, message: 'Thông tin tài khoản không đúng' } }));
    storage.setItem('reportUsers', '[1]');
    const { api, handlers } = await load();
    await expect(api.put('/login', {}, { auth: false, globalErrors: false })).rejects.toMatchObject({
      status: 401,
      serverMessage: 'Thông tin tài khoản không đúng',
    });
    expect(handlers.unauthorized).not.toHaveBeenCalled();
    expect(storage.getItem('reportUsers')).toBe('[1]');
  });

  it('turns a network failure into an ApiError with status 0 and keeps field errors of a 400', async () => {
    let fail = true;
    setup(() =>
      fail
        ? Promise.reject(new TypeError('Failed to fetch'))
        : { status: 400, body: { code: 2, message: 'Mật khẩu cũ không đúng', errors: [{ field: 'passwordOld', message: 'sai' }] } },
    );
    const { api } = await load();
    await expect(api.get('/a')).rejects.toMatchObject({ status: 0, isNetworkError: true });
    fail = false;
    await expect(api.put('/a', {})).rejects.toMatchObject({ status: 400, code: 2, fieldErrors: [{ field: 'passwordOld', message: 'sai' }] });
  });
});
