/**
 * The public news (issue 18): the demo hospital on a fresh PostgreSQL database plus 2,000 published articles of its
 * main news and 200 of its private clinic's (BENCH_NEWS_N changes the first), then the public API as the patient app
 * and the website call it — the first page of the list, a search without diacritics, a category, and an article by its
 * alias (and by an old alias) — one client and 50 connections. Budget: p50 < 10 ms and ≥ 1,000 req/s at 50 connections.
 * Also: the first answer after a news write (the cache of the facility dropped), which a reader pays once.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { freshPgDatabase, loginToken, startServer } from './server';

const PUB = '/api/news/v1/public';

async function addArticles(url: string, n: number): Promise<{ fid: number; category: number; alias: string; oldAlias: string }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ id: number }>(`SELECT facility_id AS id FROM accounts WHERE username = 'admin'`);
    const fid = rows[0]!.id;
    const body = `<p>${'Bệnh viện hướng dẫn người bệnh chuẩn bị trước khi khám, mang theo giấy tờ và đặt lịch trên ứng dụng. '.repeat(20)}</p>`;
    for (const [scope, count] of [
      ['MAIN', n],
      ['SHP', Math.round(n / 10)],
    ] as const) {
      await c.query(
        `INSERT INTO news_articles (facility_id, scope, title, alias, summary, body_html, body_text, search_text, tags, status, publish_at)
         SELECT $1, $2, 'Tin sức khoẻ số ' || i, 'tin-suc-khoe-so-' || i, 'Tóm tắt bài viết số ' || i, $3, 'x', 'tin suc khoe so ' || i || ' tom tat',
           '["sức khoẻ"]'::jsonb, 'PUBLISHED', now() - i * interval '1 hour'
         FROM generate_series(1, $4::int) i`,
        [fid, scope, body, count],
      );
    }
    const { rows: cats } = await c.query<{ id: number }>(`SELECT id FROM news_categories WHERE facility_id = $1 AND scope = 'MAIN' ORDER BY position LIMIT 1`, [
      fid,
    ]);
    await c.query(
      `INSERT INTO news_article_categories (facility_id, article_id, category_id)
       SELECT facility_id, id, $2 FROM news_articles WHERE facility_id = $1 AND scope = 'MAIN' AND id % 3 = 0 ON CONFLICT DO NOTHING`,
      [fid, cats[0]!.id],
    );
    await c.query(
      `INSERT INTO news_aliases (facility_id, scope, alias, article_id)
      SELECT facility_id, scope, 'ban-cu-' || alias, id FROM news_articles WHERE facility_id = $1 AND alias = 'tin-suc-khoe-so-42'`,
      [fid],
    );
    await c.query('ANALYZE news_articles; ANALYZE news_article_categories; ANALYZE news_aliases');
    return { fid, category: cats[0]!.id, alias: 'tin-suc-khoe-so-42', oldAlias: 'ban-cu-tin-suc-khoe-so-42' };
  } finally {
    await c.end();
  }
}

export async function newsBench(port: number): Promise<string> {
  const n = Number(process.env.BENCH_NEWS_N ?? 2000);
  const db = await freshPgDatabase('news');
  let s: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const first = await startServer({ DATABASE_URL: db.url }, port);
    await first.stop();
    const a = await addArticles(db.url, n);
    s = await startServer({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: process.env.BENCH_POOL ?? '10' }, port);
    const q = `hospitalId=${a.fid}`;
    const cases: [string, string][] = [
      ['list, first page of 10', `${PUB}/articles?${q}`],
      ['list, search "suc khoe so 4"', `${PUB}/articles?${q}&q=suc%20khoe%20so%204`],
      ['list, a category, page 3 of 20', `${PUB}/articles?${q}&categoryId=${a.category}&page=2&size=20`],
      ['list, private clinic', `${PUB}/articles?${q}&scope=SHP`],
      ['article by alias', `${PUB}/articles/${a.alias}?${q}`],
      ['article by an old alias', `${PUB}/articles/${a.oldAlias}?${q}`],
    ];
    const lines = [
      `${n.toLocaleString('en')} published main articles and ${Math.round(n / 10)} of the private clinic, PostgreSQL 15, pool ${process.env.BENCH_POOL ?? 10}`,
    ];
    for (const [label, path] of cases) {
      const url = `${s.url}${path}`;
      const one = await fetch(url);
      if (!one.ok) throw new Error(`${url}: ${one.status} ${await one.text()}`);
      await autocannon({ url, connections: 10, duration: 2 }); // warm-up
      const r1 = await autocannon({ url, connections: 1, duration: 5 });
      const r50 = await autocannon({ url, connections: 50, duration: 5 });
      if (r1.non2xx || r50.non2xx) throw new Error(`non-2xx answers from ${url}`);
      lines.push(
        `  ${label}: one client p50 ${r1.latency.p50} ms, p99 ${r1.latency.p99} ms; 50 connections ${r50.requests.average.toFixed(0)} req/s, p50 ${r50.latency.p50} ms, p99 ${r50.latency.p99} ms`,
      );
    }
    // after a write: the facility's answers are dropped; the next reader builds them again (a miss), then all hit
    const headers = { authorization: `Bearer ${await loginToken(s.url, 'admin', 'Admin@123')}`, 'content-type': 'application/json' };
    const misses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const w = await fetch(`${s.url}/api/news/v1/categories`, { method: 'POST', headers, body: JSON.stringify({ name: `Chuyên mục đo ${i}` }) });
      if (!w.ok) throw new Error(`write: ${w.status} ${await w.text()}`);
      await new Promise((r) => setTimeout(r, 50)); // the NOTIFY reaches the instance
      const t0 = performance.now();
      const r = await fetch(`${s.url}${PUB}/articles?${q}`);
      await r.text();
      misses.push(performance.now() - t0);
    }
    misses.sort((x, y) => x - y);
    lines.push(`  list, first answer after a news write (cache dropped): p50 ${misses[10]!.toFixed(1)} ms, max ${misses[19]!.toFixed(1)} ms`);
    return lines.join('\n');
  } finally {
    if (s && s.proc.exitCode === null) await s.stop();
    await db.drop();
  }
}
