import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CONFIG_MESSAGES, APP_MENU_PATH as M, APP_PUBLIC_PATHS, BANNERS_PATH as B } from '@portal/shared/contracts/app-config.contract';
import { CONTENT_IMAGE_PATH } from '@portal/shared/contracts/content.contract';
import { APP_LINK_MESSAGES, BANNER_PERIOD_MESSAGE } from '@portal/shared/rules/app-config';
import { demoContentImages } from '../../db/seed/demo-images';
import { seedDemoAppConfig } from '../../db/seed/demo-app-config';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';

/**
 * The patient app's home menu and banners through the API (issue 18): every admin route (happy path, 400 with a
 * Vietnamese message and nothing saved, 401, 403, 404, another facility's rows), the banner image uploaded by a
 * MANAGER_SETTING account, and the public reads (never 401/403; only visible, active rows of the facility and
 * platform; dropped from the cache by a write).
 */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const HOUR = 3_600_000;

let t: TestApp;
let dataDir: string;
const tok: Record<string, string> = {};
let fid: number;
let code: string;
let otherCode: string;
let image: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (method: Method, url: string, token: string | null = tok.setting!, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });
const ok = async (method: Method, url: string, payload?: unknown, token = tok.setting!) => {
  const res = await req(method, url, token, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const pub = (kind: 'menu' | 'banners', platform: string, facilityCode = code) =>
  t.app.inject({ method: 'GET', url: `${APP_PUBLIC_PATHS[kind]}?facilityCode=${encodeURIComponent(facilityCode)}&platform=${platform}` });
const count = async (table: 'app_menu_items' | 'screen_configs', facilityId = fid) =>
  (await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE facility_id = ${facilityId}`))[0]!.n;
const audits = async (entity: string) =>
  (await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM audit_log WHERE facility_id = ${fid} AND entity = ${entity}`))[0]!.n;

const item = (over: Record<string, unknown> = {}) => ({
  name: 'Đặt khám',
  icon: 'calendar',
  link: { type: 'SCREEN', value: 'booking' },
  platforms: ['ANDROID', 'IOS', 'WEB'],
  ...over,
});
const banner = (over: Record<string, unknown> = {}) => ({
  title: 'Khám sức khoẻ tổng quát ưu đãi 20%',
  imageUrl: image,
  link: { type: 'URL', value: 'https://benhvien.vn/uu-dai' },
  activeFrom: new Date(Date.now() - 24 * HOUR).toISOString(),
  activeTo: new Date(Date.now() + 24 * HOUR).toISOString(),
  platforms: ['ANDROID', 'IOS'],
  ...over,
});

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-config-test-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  const f = await makeFacility(t, [
    { key: 'setting', authorities: ['MANAGER_SETTING'] },
    { key: 'news', authorities: ['MANAGER_NEWS', 'MANAGER_USER'] },
  ]);
  const other = await makeFacility(t, [{ key: 'setting', authorities: ['MANAGER_SETTING'] }]);
  fid = f.facilityId;
  tok.setting = (await login(t, f.accounts.setting!)).loginToken;
  tok.news = (await login(t, f.accounts.news!)).loginToken;
  tok.other = (await login(t, other.accounts.setting!)).loginToken;
  [{ code }] = (await sqlRows<{ code: string }>(t, sql`SELECT code FROM facilities WHERE id = ${fid}`)) as [{ code: string }];
  [{ code: otherCode }] = (await sqlRows<{ code: string }>(t, sql`SELECT code FROM facilities WHERE id = ${other.facilityId}`)) as [{ code: string }];
  // the banner's image goes up through the content upload, which MANAGER_SETTING may use
  const up = await t.app.inject({ method: 'POST', url: CONTENT_IMAGE_PATH, headers: { ...bearer(tok.setting), 'content-type': 'image/png' }, payload: PNG });
  expect(up.statusCode, up.body).toBe(200);
  image = up.json().data.url;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('home menu (admin)', () => {
  it('creates entries in order, edits, shows/hides, reorders and deletes them, each audited', async () => {
    const a = await ok('POST', M, item());
    const b = await ok('POST', M, item({ name: 'Kết quả xét nghiệm', icon: 'test-tube', link: { type: 'SCREEN', value: 'results' } }));
    const c = await ok(
      'POST',
      M,
      item({ name: 'Tin tức', icon: 'news', link: { type: 'NEWS', value: 'kham-suc-khoe-dinh-ky-2026' }, platforms: ['WEB', 'ANDROID'] }),
    );
    expect([a.order, b.order, c.order]).toEqual([1, 2, 3]);
    expect(c.platforms).toEqual(['ANDROID', 'WEB']); // canonical order
    expect(a).toMatchObject({
      name: 'Đặt khám',
      icon: 'calendar',
      link: { type: 'SCREEN', value: 'booking' },
      visible: true,
      updatedBy: expect.stringMatching(/^setting_/),
    });

    const edited = await ok(
      'PUT',
      `${M}/${b.id}`,
      item({ name: 'Kết quả khám', icon: 'test-tube', link: { type: 'URL', value: 'https://ketqua.benhvien.vn' } }),
    );
    expect(edited).toMatchObject({ name: 'Kết quả khám', link: { type: 'URL', value: 'https://ketqua.benhvien.vn' }, order: 2 });

    const hidden = await ok('PUT', `${M}/${a.id}/visible`, { visible: false });
    expect(hidden.visible).toBe(false);

    const reordered = await ok('POST', `${M}/reorder`, { ids: [c.id, a.id, b.id] });
    expect(reordered.map((r: { id: number; order: number }) => [r.id, r.order])).toEqual([
      [c.id, 1],
      [a.id, 2],
      [b.id, 3],
    ]);
    expect((await ok('GET', M)).map((r: { id: number }) => r.id)).toEqual([c.id, a.id, b.id]);

    expect(await ok('DELETE', `${M}/${b.id}`)).toEqual({ id: b.id });
    expect((await ok('GET', M)).map((r: { id: number }) => r.id)).toEqual([c.id, a.id]);
    // 3 creates, 1 update, 1 hide, 1 reorder, 1 delete
    expect(await audits('app_menu_item')).toBe(7);
  });

  it.each([
    ['an unknown icon', item({ icon: 'rocket' }), 'icon', 'Biểu tượng không có trong ứng dụng: hãy chọn trong danh sách'],
    ['a screen the app does not have', item({ link: { type: 'SCREEN', value: 'casino' } }), 'link.value', APP_LINK_MESSAGES.screen],
    ['a link that is not a web address', item({ link: { type: 'URL', value: 'javascript:alert(1)' } }), 'link.value', APP_LINK_MESSAGES.url],
    ['a news alias with diacritics', item({ link: { type: 'NEWS', value: 'tin-tức' } }), 'link.value', APP_LINK_MESSAGES.news],
    ['no link', item({ link: { type: 'NONE' } }), 'link.type', APP_LINK_MESSAGES.none],
    ['an order out of range', item({ order: 1000 }), 'order', 'Thứ tự phải từ 1 đến 999'],
    ['an order of 0', item({ order: 0 }), 'order', 'Thứ tự phải từ 1 đến 999'],
    ['no platform', item({ platforms: [] }), 'platforms', 'Vui lòng chọn ít nhất một nền tảng'],
    ['an unknown platform', item({ platforms: ['SYMBIAN'] }), 'platforms.0', 'Nền tảng phải là ANDROID, IOS hoặc WEB'],
    ['an empty name', item({ name: '   ' }), 'name', 'Vui lòng nhập tên mục'],
  ])('refuses %s with a Vietnamese 400 and saves nothing', async (_label, body, field, message) => {
    const before = await count('app_menu_items');
    const res = await req('POST', M, tok.setting!, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    expect(await count('app_menu_items')).toBe(before);
  });

  it('refuses a reorder that is not exactly the current entries', async () => {
    const ids = (await ok('GET', M)).map((r: { id: number }) => r.id) as number[];
    for (const bad of [[ids[0]], [...ids, 99999], [ids[0], ids[0]]]) {
      const res = await req('POST', `${M}/reorder`, tok.setting!, { ids: bad });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(APP_CONFIG_MESSAGES.reorderMismatch);
    }
    expect((await ok('GET', M)).map((r: { id: number }) => r.id)).toEqual(ids);
  });

  it('404 for an entry that does not exist or belongs to another facility; 401 without a token; 403 without MANAGER_SETTING', async () => {
    const [mine] = await ok('GET', M);
    for (const [method, url, body] of [
      ['PUT', `${M}/${mine.id}`, item()],
      ['DELETE', `${M}/${mine.id}`, undefined],
      ['PUT', `${M}/${mine.id}/visible`, { visible: true }],
    ] as [Method, string, unknown][]) {
      const res = await req(method, url, tok.other!, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(APP_CONFIG_MESSAGES.menuNotFound);
      expect((await req(method, url.replace(String(mine.id), '999999'), tok.setting!, body)).statusCode).toBe(404);
    }
    expect(await ok('GET', M, undefined, tok.other!)).toEqual([]);
    expect((await req('GET', M, null)).statusCode).toBe(401);
    const refused = await req('POST', M, tok.news!, item());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Bạn không có quyền thao tác');
    expect((await req('POST', `${M}/reorder`, tok.news!, { ids: [mine.id] })).statusCode).toBe(403);
    expect((await req('GET', `${M}/abc/visible`, tok.setting!)).statusCode).toBe(404); // no such route (GET)
    expect((await req('PUT', `${M}/abc/visible`, tok.setting!, { visible: true })).statusCode).toBe(400);
  });
});

describe('banners (admin)', () => {
  it('creates a banner with an uploaded image; lists by status; edits, hides, reorders, deletes; each audited', async () => {
    const now = Date.now();
    const active = await ok('POST', B, banner());
    const upcoming = await ok('POST', B, banner({ title: 'Ngày hội hiến máu', activeFrom: new Date(now + 48 * HOUR).toISOString(), activeTo: null }));
    const ended = await ok('POST', B, banner({ title: 'Tiêm vắc-xin cúm mùa', activeFrom: null, activeTo: new Date(now - HOUR).toISOString() }));
    const hidden = await ok('POST', B, banner({ title: 'Khai trương khoa Nhi', visible: false, link: { type: 'NONE' } }));
    expect([active.status, upcoming.status, ended.status, hidden.status]).toEqual(['ACTIVE', 'UPCOMING', 'ENDED', 'HIDDEN']);
    expect(active).toMatchObject({ type: 'BANNER_APP_PLUS', imageUrl: image, order: 1, platforms: ['ANDROID', 'IOS'] });
    expect(hidden.link).toEqual({ type: 'NONE', value: null });

    const ids = (q: string) => ok('GET', `${B}${q}`).then((r: { id: number }[]) => r.map((x) => x.id));
    expect(await ids('')).toEqual([active.id, upcoming.id, ended.id, hidden.id]);
    expect(await ids('?status=ACTIVE')).toEqual([active.id]);
    expect(await ids('?status=UPCOMING')).toEqual([upcoming.id]);
    expect(await ids('?status=ENDED')).toEqual([ended.id]);
    expect(await ids('?status=HIDDEN')).toEqual([hidden.id]);
    expect(await ids('?platform=WEB')).toEqual([]);

    const edited = await ok('PUT', `${B}/${upcoming.id}`, banner({ title: 'Ngày hội hiến máu 2026', platforms: ['WEB'] }));
    expect(edited).toMatchObject({ title: 'Ngày hội hiến máu 2026', status: 'ACTIVE', order: 2, platforms: ['WEB'] });
    expect((await ok('PUT', `${B}/${active.id}/visible`, { visible: false })).status).toBe('HIDDEN');
    expect((await ok('PUT', `${B}/${active.id}/visible`, { visible: true })).status).toBe('ACTIVE');

    const reordered = await ok('POST', `${B}/reorder`, { ids: [hidden.id, ended.id, upcoming.id, active.id] });
    expect(reordered.map((r: { id: number }) => r.id)).toEqual([hidden.id, ended.id, upcoming.id, active.id]);
    expect(await ok('DELETE', `${B}/${ended.id}`)).toEqual({ id: ended.id });
    expect(await ids('')).toEqual([hidden.id, upcoming.id, active.id]);
    // 4 creates, 1 update, hide + show, 1 reorder, 1 delete
    expect(await audits('banner')).toBe(9);
  });

  it.each([
    [
      'a period that ends before it starts',
      () => banner({ activeFrom: '2026-12-01T08:00:00+07:00', activeTo: '2026-11-30T08:00:00+07:00' }),
      'activeTo',
      BANNER_PERIOD_MESSAGE,
    ],
    [
      'a period that ends when it starts',
      () => banner({ activeFrom: '2026-12-01T08:00:00+07:00', activeTo: '2026-12-01T08:00:00+07:00' }),
      'activeTo',
      BANNER_PERIOD_MESSAGE,
    ],
    ['no image', () => banner({ imageUrl: undefined }), 'imageUrl', APP_CONFIG_MESSAGES.imageRequired],
    ['an image from elsewhere', () => banner({ imageUrl: 'https://evil.example/a.png' }), 'imageUrl', APP_CONFIG_MESSAGES.imageInvalid],
    ['an image never uploaded', () => banner({ imageUrl: `${CONTENT_IMAGE_PATH}/${'0'.repeat(32)}.png` }), 'imageUrl', APP_CONFIG_MESSAGES.imageMissing],
    ['a link that is not a web address', () => banner({ link: { type: 'URL', value: 'benhvien vn' } }), 'link.value', APP_LINK_MESSAGES.url],
    ['an unknown screen key', () => banner({ link: { type: 'SCREEN', value: 'admin' } }), 'link.value', APP_LINK_MESSAGES.screen],
    ['an order out of range', () => banner({ order: 5000 }), 'order', 'Thứ tự phải từ 1 đến 999'],
    ['a time without its offset', () => banner({ activeFrom: '2026-12-01T08:00:00' }), 'activeFrom', 'Thời điểm bắt đầu không hợp lệ'],
  ])('refuses %s with a Vietnamese 400 and saves nothing', async (_label, body, field, message) => {
    const before = await count('screen_configs');
    const auditsBefore = await audits('banner');
    const res = await req('POST', B, tok.setting!, body());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    expect(await count('screen_configs')).toBe(before);
    expect(await audits('banner')).toBe(auditsBefore);
  });

  it('an update with a bad period changes nothing', async () => {
    const [first] = await ok('GET', B);
    const res = await req('PUT', `${B}/${first.id}`, tok.setting!, banner({ activeFrom: '2026-12-02T00:00:00Z', activeTo: '2026-12-01T00:00:00Z' }));
    expect(res.statusCode).toBe(400);
    expect((await ok('GET', B))[0]).toEqual(first);
  });

  it('the image upload refuses what is not an image, or too big, for MANAGER_SETTING too', async () => {
    const html = await t.app.inject({
      method: 'POST',
      url: CONTENT_IMAGE_PATH,
      headers: { ...bearer(tok.setting!), 'content-type': 'image/png' },
      payload: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    expect(html.statusCode).toBe(415);
    expect(html.json().message).toMatch(/^Ảnh phải là tệp JPEG, PNG hoặc WebP/);
    const big = await t.app.inject({
      method: 'POST',
      url: CONTENT_IMAGE_PATH,
      headers: { ...bearer(tok.setting!), 'content-type': 'image/png' },
      payload: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Ảnh tối đa 5 MB');
  });

  it('404 for another facility; 401; 403; a bad status filter is a 400', async () => {
    const [mine] = await ok('GET', B);
    const res = await req('PUT', `${B}/${mine.id}`, tok.other!, banner());
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(APP_CONFIG_MESSAGES.bannerNotFound);
    expect((await req('DELETE', `${B}/${mine.id}`, tok.other!)).statusCode).toBe(404);
    expect((await req('PUT', `${B}/${mine.id}/visible`, tok.other!, { visible: false })).statusCode).toBe(404);
    expect(await ok('GET', B, undefined, tok.other!)).toEqual([]);
    expect((await req('GET', B, null)).statusCode).toBe(401);
    expect((await req('GET', B, tok.news!)).statusCode).toBe(403);
    expect((await req('DELETE', `${B}/${mine.id}`, tok.news!)).statusCode).toBe(403);
    const bad = await req('GET', `${B}?status=LIVE`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({ field: 'status', message: 'Trạng thái không hợp lệ' });
  });
});

describe('public reads of the patient app', () => {
  it('the menu: visible entries of the facility and platform, in order, without a token; cached with Cache-Control', async () => {
    const res = await pub('menu', 'ANDROID');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=60');
    const admin = (await ok('GET', M)) as { id: number; visible: boolean; platforms: string[]; name: string }[];
    const expected = admin.filter((r) => r.visible && r.platforms.includes('ANDROID')).map((r) => r.name);
    expect(res.json().data.map((r: { name: string }) => r.name)).toEqual(expected);
    expect(res.json().data[0]).toEqual({ id: expect.any(Number), name: expect.any(String), icon: expect.any(String), link: expect.any(Object) });
    // the hidden entry (Đặt khám) is absent; showing it brings it back at once
    const hidden = admin.find((r) => !r.visible)!;
    expect(expected).not.toContain(hidden.name);
    await ok('PUT', `${M}/${hidden.id}/visible`, { visible: true });
    expect((await pub('menu', 'ANDROID')).json().data.map((r: { id: number }) => r.id)).toContain(hidden.id);
    // IOS: "Tin tức" is only for Android and the web
    expect((await pub('menu', 'IOS')).json().data.map((r: { name: string }) => r.name)).not.toContain('Tin tức');
    // another facility's app sees none of it
    expect((await pub('menu', 'ANDROID', otherCode)).json().data).toEqual([]);
  });

  it('the banners: only visible ones active now on the platform; hiding one drops it from the next answer', async () => {
    const admin = (await ok('GET', B)) as { id: number; status: string; platforms: string[] }[];
    const expected = admin.filter((b) => b.status === 'ACTIVE' && b.platforms.includes('ANDROID')).map((b) => b.id);
    expect(expected.length).toBeGreaterThan(0);
    const first = await pub('banners', 'ANDROID');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=30/);
    expect(first.json().data.map((b: { id: number }) => b.id)).toEqual(expected);
    expect(first.json().data[0]).toEqual({
      id: expected[0],
      title: expect.any(String),
      imageUrl: image,
      link: expect.any(Object),
      activeTo: expect.any(String),
    });

    await ok('PUT', `${B}/${expected[0]}/visible`, { visible: false });
    expect((await pub('banners', 'ANDROID')).json().data.map((b: { id: number }) => b.id)).not.toContain(expected[0]);
    expect((await pub('banners', 'ANDROID', otherCode)).json().data).toEqual([]);
  });

  it('a banner starting soon appears when it starts, without a write (the cache ends at the next start)', async () => {
    const soon = await ok('POST', B, banner({ title: 'Sắp bắt đầu', activeFrom: new Date(Date.now() + 1500).toISOString(), platforms: ['WEB'] }));
    expect((await pub('banners', 'WEB')).json().data.map((b: { id: number }) => b.id)).not.toContain(soon.id);
    await new Promise((r) => setTimeout(r, 1600));
    expect((await pub('banners', 'WEB')).json().data.map((b: { id: number }) => b.id)).toContain(soon.id);
  });

  it('a write on another instance drops this one’s cache through its live event (LISTEN/NOTIFY)', async () => {
    const before = (await pub('menu', 'WEB')).json().data as { id: number; name: string }[];
    // another instance's write: the row changes and its event arrives, but this instance did not drop anything itself
    await t.database.transaction((tx) =>
      tx.execute(sql`UPDATE app_menu_items SET name = 'Đổi từ máy khác' WHERE facility_id = ${fid} AND id = ${before[0]!.id}`),
    );
    expect((await pub('menu', 'WEB')).json().data).toEqual(before); // still the cached answer
    await t.database.transaction((tx) =>
      tx.execute(sql`SELECT pg_notify('portal_live', ${JSON.stringify({ facilityId: fid, topic: 'app-config', type: 'menu' })})`),
    );
    await expect.poll(async () => (await pub('menu', 'WEB')).json().data[0].name).toBe('Đổi từ máy khác');
  });

  it('never 401/403: no token, a staff token, a bad token; unknown facility 404, bad input 400 in Vietnamese', async () => {
    for (const headers of [{}, bearer(tok.news!), bearer('not-a-token')]) {
      for (const url of [`${APP_PUBLIC_PATHS.menu}?facilityCode=${code}&platform=IOS`, `${APP_PUBLIC_PATHS.banners}?facilityCode=${code}&platform=IOS`]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(200);
      }
    }
    const unknown = await pub('banners', 'IOS', 'KHONG-CO');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(APP_CONFIG_MESSAGES.facilityNotFound);
    const bad = await pub('menu', 'PHONE');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({ field: 'platform', message: 'Nền tảng phải là ANDROID, IOS hoặc WEB' });
    const noCode = await t.app.inject({ method: 'GET', url: `${APP_PUBLIC_PATHS.menu}?platform=IOS` });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().errors).toContainEqual({ field: 'facilityCode', message: 'Vui lòng gửi mã cơ sở y tế' });
  });
});

describe('demo data', () => {
  it('a believable menu and five banners with drawn PNG images: two showing, one ended, one upcoming, one hidden', async () => {
    const demo = await makeFacility(t, [{ key: 'setting', authorities: ['MANAGER_SETTING'] }]);
    await t.database.transaction((tx) => seedDemoAppConfig(tx, demo.facilityId, new Date(), demoContentImages(dataDir)));
    const token = (await login(t, demo.accounts.setting!)).loginToken;
    const list = (await ok('GET', B, undefined, token)) as { status: string; imageUrl: string; title: string }[];
    expect(list.map((b) => b.status)).toEqual(['ACTIVE', 'ACTIVE', 'ENDED', 'UPCOMING', 'HIDDEN']);
    for (const b of list) {
      const img = await t.app.inject({ method: 'GET', url: b.imageUrl });
      expect(img.statusCode, b.title).toBe(200);
      expect(img.headers['content-type']).toBe('image/png');
    }
    const [{ code: demoCode }] = (await sqlRows<{ code: string }>(t, sql`SELECT code FROM facilities WHERE id = ${demo.facilityId}`)) as [{ code: string }];
    const menu = (await pub('menu', 'IOS', demoCode)).json().data.map((m: { name: string }) => m.name);
    expect(menu.slice(0, 6)).toEqual(['Đặt khám', 'Kết quả xét nghiệm', 'Hỏi bác sĩ', 'Bảng giá dịch vụ', 'Tin tức', 'Hướng dẫn khám']);
    expect(menu).not.toContain('Thanh toán viện phí'); // hidden
    expect((await pub('menu', 'WEB', demoCode)).json().data.map((m: { name: string }) => m.name)).not.toContain('Gọi tổng đài');
    expect((await pub('banners', 'ANDROID', demoCode)).json().data).toHaveLength(2);
  });
});
