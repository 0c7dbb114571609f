import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentEndpoints } from '@portal/shared/contracts/content.contract';
import { patientEndpoints } from '@portal/shared/contracts/patients.contract';

/** `upload()` sends a file to a shared endpoint whose body is `fileBody`: method, filled path, query, raw bytes. */
const calls: { url: string; method: string; type: string | undefined; body: unknown }[] = [];

async function load(answers: { status: number; body: unknown }[]) {
  calls.length = 0;
  vi.stubGlobal('window', {
    localStorage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined, clear: () => undefined, length: 0 },
    location: { pathname: '/admin', search: '', assign: vi.fn() },
    addEventListener: vi.fn(),
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, method: String(init.method), type: (init.headers as Record<string, string>)['Content-Type'], body: init.body });
    const a = answers.shift() ?? { status: 500, body: null };
    return new Response(JSON.stringify(a.body), { status: a.status });
  });
  vi.resetModules();
  return import('./upload-file');
}

afterEach(() => vi.unstubAllGlobals());

describe('upload', () => {
  it('POSTs the file itself to the filled path with the query, typed by the endpoint', async () => {
    const { upload } = await load([{ status: 200, body: { code: 0, message: 'Đã tải lên tệp kết quả', data: { id: 9 } } }]);
    const file = new File(['%PDF-1.4'], 'kết quả.pdf', { type: 'application/pdf' });
    const res = await upload(patientEndpoints.uploadResult, {
      params: { userId: '12' },
      query: { medicalProfileId: 3, historyId: null, fileName: file.name },
      body: file,
    });
    expect(calls).toEqual([
      {
        url: '/api/his/v1/vendor/users/12/upload-results?medicalProfileId=3&fileName=k%E1%BA%BFt%20qu%E1%BA%A3.pdf',
        method: 'POST',
        type: 'application/pdf',
        body: file,
      },
    ]);
    expect(res.message).toBe('Đã tải lên tệp kết quả');
  });

  it('refreshes the session once on a 401 and sends again', async () => {
    const { upload } = await load([
      { status: 401, body: { code: 401, message: 'Phiên đăng nhập đã hết hạn' } },
      { status: 200, body: { code: 0, data: { user: {} } } },
      { status: 200, body: { code: 0, data: { url: '/api/content/v1/images/a.png', type: 'image/png', bytes: 3 } } },
    ]);
    const file = new File(['abc'], 'a.png', { type: 'image/png' });
    const res = await upload(contentEndpoints.uploadImage, { query: { name: 'a.png' }, body: file });
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['POST', '/api/content/v1/images?name=a.png'],
      ['GET', '/api/his/v1/user/me'],
      ['POST', '/api/content/v1/images?name=a.png'],
    ]);
    expect(res.data.url).toBe('/api/content/v1/images/a.png');
  });

  it('turns an error answer into an ApiError with the server message', async () => {
    const { upload } = await load([{ status: 415, body: { code: 415, message: 'Chỉ nhận tệp kết quả định dạng PDF, JPEG hoặc PNG' } }]);
    const file = new File(['x'], 'a.txt', { type: 'text/plain' });
    await expect(
      upload(patientEndpoints.uploadResult, { params: { userId: '1' }, query: { medicalProfileId: 1, fileName: 'a.txt' }, body: file }),
    ).rejects.toMatchObject({ status: 415, message: 'Chỉ nhận tệp kết quả định dạng PDF, JPEG hoặc PNG' });
  });
});
