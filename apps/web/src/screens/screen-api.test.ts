import { afterEach, describe, expect, it, vi } from 'vitest';
import { isInvalidLink, ScreenApiError, screenRequest } from './screen-api';

const answer = (status: number, body: unknown) => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

afterEach(() => vi.unstubAllGlobals());

describe('the public queue calls', () => {
  it('send the token in the X-Screen-Token header (never the URL) and a JSON body', async () => {
    const fetch = vi.fn(async () => answer(200, { code: 0, message: 'Tiếp đón thành công', data: { number: 7 } }));
    vi.stubGlobal('fetch', fetch);
    const res = await screenRequest<{ number: number }>('/api/queue/v1/kiosk/checkin', 'tok', 'lỗi', { method: 'POST', body: { qr: 'x' } });
    expect(res).toEqual({ data: { number: 7 }, message: 'Tiếp đón thành công' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/queue/v1/kiosk/checkin');
    expect(init.headers).toMatchObject({ 'x-screen-token': 'tok', 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"qr":"x"}');
  });

  it.each([
    [404, 'Không tìm thấy lịch khám. Vui lòng kiểm tra lại mã lịch và số điện thoại.'],
    [409, 'Lịch khám chưa được bệnh viện xác nhận. Vui lòng đến quầy tiếp đón.'],
    [429, 'Nhập sai quá nhiều lần. Vui lòng thử lại sau ít phút hoặc đến quầy tiếp đón.'],
  ])("an error %i carries the server's message as it is", async (status, message) => {
    vi.stubGlobal('fetch', async () => answer(status, { code: status, message }));
    const e = await screenRequest('/x', 't', 'lỗi chung').catch((x) => x);
    expect(e).toBeInstanceOf(ScreenApiError);
    expect([e.status, e.message]).toEqual([status, message]);
    expect(isInvalidLink(e)).toBe(false);
  });

  it('401 is a revoked or unknown link', async () => {
    vi.stubGlobal('fetch', async () => answer(401, { code: 401, message: 'Liên kết đã bị thu hồi' }));
    expect(isInvalidLink(await screenRequest('/x', 't', 'lỗi').catch((x) => x))).toBe(true);
  });

  it('no answer, an HTML error page or a blank message: the fallback', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await screenRequest('/x', 't', 'Không kết nối được').catch((x) => [x.status, x.message])).toEqual([0, 'Không kết nối được']);
    vi.stubGlobal('fetch', async () => answer(502, '<html>Bad gateway</html>'));
    expect(await screenRequest('/x', 't', 'Không kết nối được').catch((x) => [x.status, x.message])).toEqual([502, 'Không kết nối được']);
    vi.stubGlobal('fetch', async () => answer(200, { code: 1, message: ' ' }));
    expect(await screenRequest('/x', 't', 'Không kết nối được').catch((x) => [x.status, x.message])).toEqual([200, 'Không kết nối được']);
  });

  it("a timeout is a network error; the caller's own abort goes through", async () => {
    vi.stubGlobal('fetch', async () => {
      throw new DOMException('timed out', 'TimeoutError');
    });
    expect(await screenRequest('/x', 't', 'mạng').catch((x) => x.status)).toBe(0);
    vi.stubGlobal('fetch', async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    expect(await screenRequest('/x', 't', 'mạng').catch((x) => x.name)).toBe('AbortError');
  });
});
