import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_IMAGE_MAX_BYTES, CONTENT_IMAGE_PATH } from '@portal/shared/contracts/content.contract';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';

// A real 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 7)]);
const WEBP = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ', 'latin1'), Buffer.alloc(40, 3)]);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');

let t: TestApp;
let dataDir: string;
let tok: { news: string; questions: string; admin: string; doctor: string; setting: string };
const dir = () => path.join(dataDir, 'uploads', 'content');

const upload = (token: string | null, body: Buffer, type: string, name?: string) =>
  t.app.inject({
    method: 'POST',
    url: name === undefined ? CONTENT_IMAGE_PATH : `${CONTENT_IMAGE_PATH}?name=${encodeURIComponent(name)}`,
    headers: { ...(token ? bearer(token) : {}), 'content-type': type },
    payload: body,
  });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-test-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  const a = await makeFacility(t, [
    { key: 'news', authorities: ['MANAGER_NEWS'] },
    { key: 'questions', authorities: ['MANAGER_CONSULTATION'] },
    { key: 'admin', authorities: ['ADMIN_FACILITY'] },
    { key: 'doctor', authorities: ['MANAGER_DOCTOR'] },
    { key: 'setting', authorities: ['MANAGER_SETTING'] },
  ]);
  tok = {
    news: (await login(t, a.accounts.news!)).loginToken,
    questions: (await login(t, a.accounts.questions!)).loginToken,
    admin: (await login(t, a.accounts.admin!)).loginToken,
    doctor: (await login(t, a.accounts.doctor!)).loginToken,
    setting: (await login(t, a.accounts.setting!)).loginToken,
  };
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('content images', () => {
  it('stores a PNG by content hash, audits it, and serves it as an image that is never HTML', async () => {
    const res = await upload(tok.news, PNG, 'image/png', 'ảnh khoa.png');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Đã tải ảnh lên');
    expect(body.data).toEqual({ url: expect.stringMatching(/^\/api\/content\/v1\/images\/[a-f0-9]{32}\.png$/), type: 'image/png', bytes: PNG.length });
    const name = (body.data.url as string).split('/').pop()!;
    expect(fs.readdirSync(dir())).toEqual([name]);

    const file = await t.app.inject({ method: 'GET', url: body.data.url }); // public: no token
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe(`inline; filename="${name}"`);
    expect(file.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(file.rawPayload, PNG)).toBe(0);

    const rows = await sqlRows<{ after: { file: string; type: string; originalName: string } }>(
      t,
      sql`SELECT after FROM audit_log WHERE action = 'UPLOAD_IMAGE' AND entity = 'content_image' AND entity_id = ${name}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.after).toMatchObject({ file: name, type: 'image/png', originalName: 'ảnh khoa.png' });
  });

  it('the same image twice is stored once; JPEG and WebP are accepted', async () => {
    const again = await upload(tok.questions, PNG, 'image/png');
    expect(again.statusCode).toBe(200);
    const jpg = await upload(tok.admin, JPEG, 'image/jpeg');
    expect(jpg.json().data.url).toMatch(/\.jpg$/);
    const webp = await upload(tok.news, WEBP, 'image/webp');
    // the patient app's banners (/admin/menu, MANAGER_SETTING) use the same upload
    expect((await upload(tok.setting, PNG, 'image/png', 'banner.png')).statusCode).toBe(200);
    expect(webp.json().data.url).toMatch(/\.webp$/);
    expect((await t.app.inject({ method: 'GET', url: webp.json().data.url })).headers['content-type']).toBe('image/webp');
    expect(fs.readdirSync(dir())).toHaveLength(3);
  });

  it('a PNG renamed .html (and declared text/html) is stored and served as a PNG', async () => {
    const res = await upload(tok.news, PNG, 'text/html', 'trang.html');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.url).toMatch(/\.png$/);
    const file = await t.app.inject({ method: 'GET', url: res.json().data.url });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).not.toContain('html');
  });

  it.each([
    ['an HTML file renamed .png', HTML, 'image/png', 'anh.png'],
    ['an SVG with a script', SVG, 'image/svg+xml', 'logo.svg'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'image/gif', 'dong.gif'],
    ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj\n'), 'application/pdf', 'ket-qua.pdf'],
  ])('refuses %s with a Vietnamese 415, storing nothing', async (_l, bytes, type, name) => {
    const before = fs.readdirSync(dir()).length;
    const res = await upload(tok.news, bytes, type, name);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      code: 415,
      message: 'Ảnh phải là tệp JPEG, PNG hoặc WebP (không nhận SVG, HTML hay tệp khác)',
      errors: [{ field: 'file', message: 'Ảnh phải là tệp JPEG, PNG hoặc WebP (không nhận SVG, HTML hay tệp khác)' }],
    });
    expect(fs.readdirSync(dir())).toHaveLength(before);
  });

  it('refuses an oversized file: over 5 MB names the limit, far over is cut off by the body limit', async () => {
    const big = await upload(tok.news, Buffer.concat([PNG, Buffer.alloc(CONTENT_IMAGE_MAX_BYTES)]), 'image/png', 'to.png');
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Ảnh tối đa 5 MB');
    const huge = await upload(tok.news, Buffer.concat([PNG, Buffer.alloc(2 * CONTENT_IMAGE_MAX_BYTES)]), 'image/png');
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('Dữ liệu gửi lên quá lớn');
  });

  it('a path-traversal name changes nothing on disk and is kept only as a harmless label', async () => {
    const res = await upload(tok.news, JPEG, 'image/jpeg', '../../../etc/passwd\u0000.jpg');
    // the NUL is refused by the text guard before anything else
    expect(res.statusCode).toBe(400);
    const ok = await upload(tok.news, Buffer.concat([JPEG, Buffer.from([1])]), 'image/jpeg', '..\\..\\..\\app.ts/../../x.jpg');
    expect(ok.statusCode).toBe(200);
    const name = (ok.json().data.url as string).split('/').pop()!;
    expect(name).toMatch(/^[a-f0-9]{32}\.jpg$/);
    expect(fs.readdirSync(path.join(dataDir, 'uploads'))).toEqual(['content']);
    const [row] = await sqlRows<{ after: { originalName: string } }>(t, sql`SELECT after FROM audit_log WHERE entity_id = ${name}`);
    expect(row!.after.originalName).toBe('x.jpg');
  });

  it.each([
    '..%2F..%2Fetc%2Fpasswd',
    '..%2F..%2F..%2Fpackage.json',
    '0123456789abcdef0123456789abcdef.html',
    '0123456789abcdef0123456789abcdef.svg',
    '0123456789ABCDEF0123456789ABCDEF.png',
  ])('serving refuses the name %s with 400', async (file) => {
    const res = await t.app.inject({ method: 'GET', url: `${CONTENT_IMAGE_PATH}/${file}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Tên tệp ảnh không hợp lệ');
  });

  it('an unknown image is a Vietnamese 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${CONTENT_IMAGE_PATH}/0123456789abcdef0123456789abcdef.png` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Không tìm thấy ảnh');
    // dot segments are resolved by the router before any route: they never reach the store
    for (const url of [`${CONTENT_IMAGE_PATH}/%2e%2e`, `${CONTENT_IMAGE_PATH}/%2e%2e/%2e%2e/%2e%2e/package.json`]) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(r.headers['content-type'], url).toMatch(/json/);
    }
  });

  it('uploading needs a content authority: 401 without a token, 403 for a doctors manager', async () => {
    expect((await upload(null, PNG, 'image/png')).statusCode).toBe(401);
    const res = await upload(tok.doctor, PNG, 'image/png');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Bạn không có quyền thao tác');
  });

  it('an empty body is a 400', async () => {
    const res = await upload(tok.news, Buffer.alloc(0), 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Vui lòng chọn ảnh');
  });
});
