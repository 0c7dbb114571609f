import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_ADMIN_BASE, NEWS_LIVE_TOPIC, NEWS_MESSAGES, NEWS_PUBLIC_BASE } from '@portal/shared/contracts/news.contract';
import { CONTENT_IMAGE_PATH } from '@portal/shared/contracts/content.contract';
import type { AppContext } from '../../core/context';
import { startJobRunner } from '../../core/jobs/runner';
import { openLiveHub } from '../../core/live';
import { coverPng } from '../../db/seed/news-images';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { seedDemoNews } from '../../db/seed/demo-news';
import { publishDueArticles } from './news.job';

/**
 * News through the API (issue 18): the lifecycle draft → scheduled → published by the job → hidden → shown; alias
 * made from the title, unique with -2, changed with the old alias still leading to the article (admin and public);
 * the public API showing only published news of its facility and scope; MAIN and SHP kept apart with their own
 * authority; bad input refused in Vietnamese with nothing saved; the body stored sanitised.
 */
let t: TestApp;
const tok: Record<string, string> = {};
let fid: number;
let otherFid: number;
const M = `${NEWS_ADMIN_BASE.MAIN}`;
const S = `${NEWS_ADMIN_BASE.SHP}`;
const PUB = NEWS_PUBLIC_BASE;

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null = tok.news!, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });
const create = async (body: Record<string, unknown>, base = M, token = tok.news!) => {
  const res = await req('POST', `${base}/articles`, token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; alias: string; status: string; version: number; publishAt: string | null; bodyHtml: string };
};
const count = async (facilityId = fid) =>
  (await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM news_articles WHERE facility_id = ${facilityId}`))[0]!.n;
const publicList = async (q: string) => {
  const res = await req('GET', `${PUB}/articles?hospitalId=${fid}&${q}`, null);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: { alias: string; title: string }[]; totalElements: number };
};
const until = async <T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
};

beforeAll(async () => {
  t = await createTestApp();
  const f = await makeFacility(t, [
    { key: 'news', authorities: ['MANAGER_NEWS'] },
    { key: 'shp', authorities: ['MANAGER_SHP'] },
    { key: 'desk', authorities: ['MANAGER_APPOINTMENT'] },
  ]);
  const other = await makeFacility(t, [{ key: 'news', authorities: ['MANAGER_NEWS'] }]);
  fid = f.facilityId;
  otherFid = other.facilityId;
  tok.news = (await login(t, f.accounts.news!)).loginToken;
  tok.shp = (await login(t, f.accounts.shp!)).loginToken;
  tok.desk = (await login(t, f.accounts.desk!)).loginToken;
  tok.other = (await login(t, other.accounts.news!)).loginToken;
});
afterAll(() => t.close());

describe('aliases', () => {
  it('makes the alias from the Vietnamese title and adds -2 on a collision', async () => {
    const a = await create({ title: 'Khám sức khoẻ định kỳ 2026' });
    expect(a.alias).toBe('kham-suc-khoe-dinh-ky-2026');
    expect(a.status).toBe('DRAFT');
    const b = await create({ title: 'Khám  sức khỏe: định kỳ 2026!' });
    expect(b.alias).toBe('kham-suc-khoe-dinh-ky-2026-2');
    // the same title in the other scope and the other facility: no collision
    expect((await create({ title: 'Khám sức khoẻ định kỳ 2026' }, S, tok.shp)).alias).toBe('kham-suc-khoe-dinh-ky-2026');
    expect((await create({ title: 'Khám sức khoẻ định kỳ 2026' }, M, tok.other)).alias).toBe('kham-suc-khoe-dinh-ky-2026');
  });

  it('refuses a typed alias that is taken, has diacritics or spaces; nothing saved', async () => {
    const before = await count();
    for (const [alias, status, message] of [
      ['kham-suc-khoe-dinh-ky-2026', 409, 'đã được bài viết khác sử dụng'],
      ['khám-sức-khoẻ', 400, 'không dấu'],
      ['kham suc khoe', 400, 'không dấu cách'],
      ['Kham-Suc-Khoe', 400, 'chữ thường'],
    ] as const) {
      const res = await req('POST', `${M}/articles`, tok.news, { title: 'Bài thử', alias });
      expect(res.statusCode, alias).toBe(status);
      expect(res.json().message, alias).toContain(message);
    }
    expect(await count()).toBe(before);
  });

  it('keeps the old alias after a change: admin and public answers lead to the current one', async () => {
    const a = await create({ title: 'Lịch tiêm chủng tháng 3', publish: 'NOW' });
    const res = await req('PUT', `${M}/articles/${a.id}`, tok.news, {
      title: 'Lịch tiêm chủng tháng 3',
      alias: 'lich-tiem-chung-thang-3-2026',
      version: a.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.oldAliases).toEqual(['lich-tiem-chung-thang-3']);
    const byOld = await req('GET', `${M}/by-alias/lich-tiem-chung-thang-3`);
    expect(byOld.json().data).toMatchObject({ id: a.id, alias: 'lich-tiem-chung-thang-3-2026', requestedAlias: 'lich-tiem-chung-thang-3' });
    const pubOld = await req('GET', `${PUB}/articles/lich-tiem-chung-thang-3?hospitalId=${fid}`, null);
    expect(pubOld.statusCode).toBe(200);
    expect(pubOld.json().data).toMatchObject({ canonicalAlias: 'lich-tiem-chung-thang-3-2026', redirect: true });
    const pubNew = await req('GET', `${PUB}/articles/lich-tiem-chung-thang-3-2026?hospitalId=${fid}`, null);
    expect(pubNew.json().data).toMatchObject({ canonicalAlias: 'lich-tiem-chung-thang-3-2026', redirect: false });
    // the old alias is taken: another article cannot have it
    const clash = await req('POST', `${M}/articles`, tok.news, { title: 'Khác', alias: 'lich-tiem-chung-thang-3' });
    expect(clash.statusCode).toBe(409);
    // a stale version is refused
    const stale = await req('PUT', `${M}/articles/${a.id}`, tok.news, { title: 'Sửa cũ', version: a.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(NEWS_MESSAGES.stale);
    // the history says who changed what
    const hist = await req('GET', `${M}/articles/${a.id}/revisions`);
    expect(hist.json().data.map((r: { action: string }) => r.action)).toEqual(['UPDATE', 'CREATE']);
    expect(hist.json().data[0].changes.alias).toEqual({ before: 'lich-tiem-chung-thang-3', after: 'lich-tiem-chung-thang-3-2026' });
    expect(hist.json().data[0].by).toMatch(/^news_/);
  });
});

describe('lifecycle', () => {
  it('schedules, is published by the job at its time, hides and shows again; the public list follows', async () => {
    const at = new Date(Date.now() + 1500);
    const a = await create({
      title: 'Ngày hội hiến máu nhân đạo',
      summary: 'Mời cán bộ và người dân tham gia',
      publish: 'SCHEDULE',
      publishAt: at.toISOString(),
    });
    expect(a.status).toBe('SCHEDULED');
    expect(a.publishAt).toBe(at.toISOString());
    expect((await publicList('q=hien mau')).totalElements).toBe(0);
    const jobs = await sqlRows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM background_jobs WHERE facility_id = ${fid} AND name = 'news.publish' AND key LIKE ${`article:${a.id}:%`}`,
    );
    expect(jobs[0]!.n).toBe(1);

    const live = await openLiveHub(t.database, t.app.log);
    const ctx: AppContext = { config: t.config, database: t.database, live };
    const runner = await startJobRunner(ctx, { pollMs: 50, scheduleEveryMs: 600_000 });
    try {
      const list = await until(
        () => publicList('q=hien mau'),
        (l) => l.totalElements === 1,
      );
      expect(list.data[0]).toMatchObject({ alias: 'ngay-hoi-hien-mau-nhan-dao', title: 'Ngày hội hiến máu nhân đạo' });
    } finally {
      await runner.stop();
      await live.close();
    }
    const got = await req('GET', `${M}/articles/${a.id}`);
    expect(got.json().data.status).toBe('PUBLISHED');
    const hist = await req('GET', `${M}/articles/${a.id}/revisions`);
    expect(hist.json().data[0]).toMatchObject({ action: 'AUTO_PUBLISH', by: null });

    // a second run (the sweep, or the job again) changes nothing
    expect(
      await t.database.transaction((tx) => publishDueArticles({ live: { publish: async () => undefined } as never }, tx, new Date(Date.now() + 60_000))),
    ).toEqual([]);

    const hidden = await req('POST', `${M}/articles/${a.id}/hide`);
    expect(hidden.json().data.status).toBe('HIDDEN');
    expect((await publicList('q=hien mau')).totalElements).toBe(0);
    expect((await req('GET', `${PUB}/articles/ngay-hoi-hien-mau-nhan-dao?hospitalId=${fid}`, null)).statusCode).toBe(404);
    const shown = await req('POST', `${M}/articles/${a.id}/unhide`);
    expect(shown.json().data).toMatchObject({ status: 'PUBLISHED', publishAt: at.toISOString() });
    expect((await publicList('q=hien mau')).totalElements).toBe(1);

    // a published article is hidden before it is deleted
    expect((await req('DELETE', `${M}/articles/${a.id}`)).statusCode).toBe(409);
    await req('POST', `${M}/articles/${a.id}/hide`);
    expect((await req('DELETE', `${M}/articles/${a.id}`)).statusCode).toBe(200);
    expect((await req('GET', `${M}/articles/${a.id}`)).statusCode).toBe(404);
  });

  it('the per-minute sweep publishes what is due even without its job', async () => {
    const a = await create({ title: 'Thông báo nghỉ lễ', publish: 'SCHEDULE', publishAt: new Date(Date.now() + 60_000).toISOString() });
    await t.database.db.execute(sql`DELETE FROM background_jobs WHERE facility_id = ${fid} AND key LIKE ${`article:${a.id}:%`}`);
    const done = await t.database.transaction((tx) =>
      publishDueArticles({ live: { publish: async () => undefined } as never }, tx, new Date(Date.now() + 61_000)),
    );
    expect(done.map((d) => d.id)).toContain(a.id);
    expect((await req('GET', `${M}/articles/${a.id}`)).json().data.status).toBe('PUBLISHED');
  });

  it('refuses a time in the past and a transition that does not apply', async () => {
    const past = await req('POST', `${M}/articles`, tok.news, { title: 'Quá khứ', publish: 'SCHEDULE', publishAt: '2020-01-01T00:00:00+07:00' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(NEWS_MESSAGES.past);
    const d = await create({ title: 'Nháp để thử' });
    const res = await req('POST', `${M}/articles/${d.id}/unhide`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Nháp');
  });
});

describe('content', () => {
  it('stores the body sanitised: no script, no onerror; an image of the store is kept', async () => {
    const png = coverPng([10, 120, 200], [0, 160, 120], 1, 64, 36);
    const up = await t.app.inject({ method: 'POST', url: CONTENT_IMAGE_PATH, headers: { ...bearer(tok.shp!), 'content-type': 'image/png' }, payload: png });
    expect(up.statusCode, up.body).toBe(200);
    const url = up.json().data.url as string;
    const a = await create(
      {
        title: 'Bài có mã độc',
        coverUrl: url,
        bodyHtml: `<p><strong>Đậm</strong><script>alert(1)</script></p><img src="${url}" onerror="alert(2)"><img src="x" onerror="alert(3)">`,
      },
      S,
      tok.shp,
    );
    expect(a.bodyHtml).toContain('<strong>Đậm</strong>');
    expect(a.bodyHtml).toContain(`<img src="${url}"`);
    expect(a.bodyHtml).not.toMatch(/script|onerror|alert/);
  });

  it('refuses an upload that is not an image, or a cover that is not a stored image', async () => {
    const up = await t.app.inject({
      method: 'POST',
      url: CONTENT_IMAGE_PATH,
      headers: { ...bearer(tok.news!), 'content-type': 'image/png' },
      payload: Buffer.from('<svg onload=alert(1)>'),
    });
    expect(up.statusCode).toBe(415);
    expect(up.json().message).toMatch(/ảnh/i);
    const big = await t.app.inject({
      method: 'POST',
      url: CONTENT_IMAGE_PATH,
      headers: { ...bearer(tok.news!), 'content-type': 'image/png' },
      payload: Buffer.concat([coverPng([0, 0, 0], [1, 1, 1], 1, 8, 8), Buffer.alloc(6 * 1024 * 1024)]),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/5 MB/);
    const before = await count();
    const cover = await req('POST', `${M}/articles`, tok.news, { title: 'Ảnh ngoài', coverUrl: 'https://evil.example/x.png' });
    expect(cover.statusCode).toBe(400);
    expect(cover.json().message).toContain('Ảnh bìa không hợp lệ');
    const noTitle = await req('POST', `${M}/articles`, tok.news, { title: '  ' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe('Vui lòng nhập tiêu đề');
    expect(await count()).toBe(before);
  });
});

describe('scopes, facilities and authorities', () => {
  it('keeps MAIN and SHP apart, and each facility to itself', async () => {
    const main = await create({ title: 'Tin chung của bệnh viện', publish: 'NOW' });
    const shp = await create({ title: 'Tin riêng phòng khám', publish: 'NOW' }, S, tok.shp);
    await create({ title: 'Tin của bệnh viện khác', publish: 'NOW' }, M, tok.other);
    const pubMain = await publicList('scope=MAIN&size=50');
    const pubShp = await publicList('scope=SHP&size=50');
    expect(pubMain.data.map((r) => r.title)).toContain('Tin chung của bệnh viện');
    expect(pubMain.data.map((r) => r.title)).not.toContain('Tin riêng phòng khám');
    expect(pubMain.data.map((r) => r.title)).not.toContain('Tin của bệnh viện khác');
    expect(pubShp.data.map((r) => r.title)).toEqual(['Tin riêng phòng khám']);
    const otherPub = (await req('GET', `${PUB}/articles?hospitalId=${otherFid}&size=50`, null)).json() as { data: { title: string }[] };
    expect(otherPub.data.map((r) => r.title)).toEqual(['Tin của bệnh viện khác']);
    // only published: drafts are not in the public list
    expect(pubMain.data.map((r) => r.title)).not.toContain('Nháp để thử');
    // the admin API of one scope does not see the other's
    expect((await req('GET', `${M}/articles/${shp.id}`)).statusCode).toBe(404);
    expect((await req('GET', `${S}/articles/${main.id}`, tok.shp)).statusCode).toBe(404);
    expect((await req('GET', `${M}/articles/${main.id}`, tok.other)).statusCode).toBe(404);
    const list = await req('GET', `${S}/articles`, tok.shp);
    expect(list.json().data.every((r: { scope: string }) => r.scope === 'SHP')).toBe(true);
  });

  it('401 without a token, 403 without the scope’s authority; public routes never', async () => {
    expect((await req('GET', `${M}/articles`, null)).statusCode).toBe(401);
    expect((await req('GET', `${M}/articles`, tok.shp)).statusCode).toBe(403);
    expect((await req('GET', `${S}/articles`, tok.news)).statusCode).toBe(403);
    expect((await req('POST', `${M}/articles`, tok.desk, { title: 'x' })).statusCode).toBe(403);
    expect((await req('GET', `${S}/categories`, tok.desk)).statusCode).toBe(403);
    for (const url of [`${PUB}/articles`, `${PUB}/categories?scope=SHP`, `${PUB}/articles/khong-co`]) {
      const res = await req('GET', url, tok.desk);
      expect([200, 404]).toContain(res.statusCode);
    }
    expect((await req('GET', `${PUB}/articles?hospitalId=999999`, null)).statusCode).toBe(404);
    expect((await req('GET', `${PUB}/articles?size=500`, null)).statusCode).toBe(400);
  });

  it('serves public answers with Cache-Control and drops them at each write', async () => {
    const first = await req('GET', `${PUB}/articles?hospitalId=${fid}&q=dinh duong`, null);
    expect(first.headers['cache-control']).toContain('public');
    expect(first.json().totalElements).toBe(0);
    await create({ title: 'Dinh dưỡng cho người cao tuổi', publish: 'NOW' });
    expect((await publicList('q=dinh duong')).totalElements).toBe(1);
  });
});

describe('the public cache across instances', () => {
  it('drops a facility’s answers when another instance’s news write arrives through the live hub', async () => {
    expect((await publicList('q=cap cuu')).totalElements).toBe(0);
    // another instance's write: the row, and its NOTIFY through a hub of its own (not this app's cache drop)
    await t.database.db.execute(
      sql`INSERT INTO news_articles (facility_id, scope, title, alias, search_text, status, publish_at)
          VALUES (${fid}, 'MAIN', 'Quy trình cấp cứu', 'quy-trinh-cap-cuu', 'quy trinh cap cuu', 'PUBLISHED', now())`,
    );
    // still the cached answer
    expect((await publicList('q=cap cuu')).totalElements).toBe(0);
    const other = await openLiveHub(t.database, t.app.log);
    try {
      await t.database.transaction((tx) => other.publish(tx, { facilityId: fid, topic: NEWS_LIVE_TOPIC, type: 'created' }));
      const list = await until(
        () => publicList('q=cap cuu'),
        (l) => l.totalElements === 1,
      );
      expect(list.totalElements).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe('categories', () => {
  it('creates, renames, refuses a duplicate and a category in use; filters the lists', async () => {
    const c = await req('POST', `${M}/categories`, tok.news, { name: 'Sức khoẻ cộng đồng' });
    expect(c.statusCode, c.body).toBe(200);
    const id = c.json().data.id as number;
    const dup = await req('POST', `${M}/categories`, tok.news, { name: 'sức khỏe  cộng đồng' });
    expect(dup.statusCode).toBe(409);
    // a SHP category of the same name is another one
    const shpCat = await req('POST', `${S}/categories`, tok.shp, { name: 'Sức khoẻ cộng đồng' });
    expect(shpCat.statusCode).toBe(200);
    // a category of the other scope cannot be used
    const wrong = await req('POST', `${M}/articles`, tok.news, { title: 'Sai chuyên mục', categoryIds: [shpCat.json().data.id] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(NEWS_MESSAGES.categoryUnknown);
    const a = await create({ title: 'Phòng bệnh sốt xuất huyết', categoryIds: [id], tags: ['sốt xuất huyết', 'mùa mưa'], publish: 'NOW' });
    const filtered = await req('GET', `${M}/articles?categoryId=${id}`);
    expect(filtered.json().data.map((r: { id: number }) => r.id)).toEqual([a.id]);
    expect((await publicList(`categoryId=${id}`)).data.map((r) => r.alias)).toEqual(['phong-benh-sot-xuat-huyet']);
    expect((await publicList(`tag=${encodeURIComponent('mùa mưa')}`)).totalElements).toBe(1);
    const pubCats = await req('GET', `${PUB}/categories?hospitalId=${fid}`, null);
    expect(pubCats.json().data).toEqual([{ id, name: 'Sức khoẻ cộng đồng' }]);
    expect((await req('PUT', `${M}/categories/${id}`, tok.news, { name: 'Y tế cộng đồng' })).json().data.name).toBe('Y tế cộng đồng');
    const inUse = await req('DELETE', `${M}/categories/${id}`);
    expect(inUse.statusCode).toBe(409);
    expect((await req('DELETE', `${M}/categories/999999`)).statusCode).toBe(404);
    expect((await req('DELETE', `${S}/categories/${shpCat.json().data.id}`, tok.shp)).statusCode).toBe(200);
  });

  it('searches titles without diacritics and filters by status and period', async () => {
    const res = await req('GET', `${M}/articles?q=KHAM SUC KHOE&status=DRAFT`);
    expect(
      res
        .json()
        .data.map((r: { alias: string }) => r.alias)
        .sort(),
    ).toEqual(['kham-suc-khoe-dinh-ky-2026', 'kham-suc-khoe-dinh-ky-2026-2']);
    const today = new Date().toISOString().slice(0, 10);
    const period = await req('GET', `${M}/articles?from=2000-01-01&to=2000-01-02`);
    expect(period.json().totalElements).toBe(0);
    expect((await req('GET', `${M}/articles?from=${today}&to=2000-01-01`)).statusCode).toBe(400);
    expect((await req('GET', `${M}/articles?status=XYZ`)).statusCode).toBe(400);
  });
});

describe('demo data', () => {
  it('seeds a dozen main articles and some of the private clinic, in every status, with stored PNG covers', async () => {
    const f = await makeFacility(t, [{ key: 'admin', authorities: ['ADMIN_FACILITY'] }]);
    const saved = new Map<string, Buffer>();
    const images = {
      save: async (bytes: Buffer, ext: string) => {
        const name = `${String(saved.size).padStart(32, '0')}.${ext}`;
        saved.set(name, bytes);
        return name;
      },
    };
    await t.database.transaction((tx) => seedDemoNews(tx, f.facilityId, new Date(), images));
    const byStatus = await sqlRows<{ scope: string; status: string; n: number }>(
      t,
      sql`SELECT scope, status, count(*)::int AS n FROM news_articles WHERE facility_id = ${f.facilityId} GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    const n = (scope: string, status?: string) => byStatus.filter((r) => r.scope === scope && (!status || r.status === status)).reduce((s, r) => s + r.n, 0);
    expect(n('MAIN')).toBeGreaterThanOrEqual(12);
    expect(n('SHP')).toBeGreaterThanOrEqual(3);
    for (const s of ['DRAFT', 'SCHEDULED', 'PUBLISHED', 'HIDDEN']) expect(n('MAIN', s), s).toBeGreaterThan(0);
    expect(n('SHP', 'SCHEDULED')).toBe(1);
    expect([...saved.values()].every((b) => b.subarray(1, 4).toString() === 'PNG')).toBe(true);
    const jobs = await sqlRows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM background_jobs WHERE facility_id = ${f.facilityId} AND name = 'news.publish'`,
    );
    expect(jobs[0]!.n).toBe(2);
    const pub = await req('GET', `${PUB}/articles/kham-suc-khoe-dinh-ky-2026?hospitalId=${f.facilityId}`, null);
    expect(pub.json().data).toMatchObject({ redirect: true, canonicalAlias: 'kham-suc-khoe-dinh-ky-2026-dat-lich-truoc-tren-ung-dung' });
  });
});
