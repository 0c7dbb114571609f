/**
 * `npm run bench -- live`: how long a booking change takes to show on another open browser.
 * On the 1,000,000-booking PostgreSQL database (BENCH_BOOKINGS_DATABASE_URL reuses one), a front
 * desk in headless Chromium shows today's "Chờ duyệt" tab; another member of staff accepts the
 * first row through the API, and the desk's page notes (MutationObserver, the page's own clock)
 * when that row leaves its list: socket event → refetch → render. Twice: the write made on the
 * desk's own server instance, then on a second instance (the event crosses PostgreSQL
 * LISTEN/NOTIFY). Budget: under 1 s.
 */
import { chromium, type Page } from '@playwright/test';
import { loginToken, md5, startServer } from './server';
import { seeded, type Seed } from './bookings';

const ROUNDS = 15;

/**
 * Resolves with the page's clock when the row of booking `id` has left the table. A string, not a
 * function: tsx would wrap a function's inner names in a helper the page does not have.
 */
function rowGone(page: Page, id: string): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    const gone = () => !document.querySelector('tr[data-row-key="${Number(id)}"]');
    if (gone()) return resolve(Date.now());
    const obs = new MutationObserver(() => {
      if (gone()) {
        obs.disconnect();
        resolve(Date.now());
      }
    });
    obs.observe(document.body, { subtree: true, childList: true });
  })`);
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

export async function liveBench(port: number, seed: Seed): Promise<string> {
  const db = await seeded(seed);
  const env = { DATABASE_URL: db.url, DATABASE_POOL_SIZE: '10' };
  const a = await startServer(env, port);
  const b = await startServer(env, port + 1);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 800 }, locale: 'vi-VN', timezoneId: 'Asia/Ho_Chi_Minh' });
    const res = await fetch(`${a.url}/api/his/v1/user/login`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrPhone: 'letan', password: md5('Letan@123') }),
    });
    const auth = ((await res.json()) as { data: unknown }).data;
    await page.goto(`${a.url}/login`);
    await page.evaluate((x) => localStorage.setItem('auth', JSON.stringify(x)), auth);
    const subscribed = page
      .waitForEvent('websocket')
      .then(async (ws) => (await ws.waitForEvent('framereceived', (f) => String(f.payload).includes('"subscribed"')), ws));
    await page.goto(`${a.url}/admin/quan-ly-dat-kham?status=PENDING`);
    const ws = await subscribed;
    let frameAt = 0;
    let listAt = 0;
    ws.on('framereceived', (f) => {
      if (!frameAt && String(f.payload).includes('"event"')) frameAt = Date.now();
    });
    page.on('response', (r) => {
      if (!listAt && r.url().includes('/api/appointment/v1?')) listAt = Date.now();
    });
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();

    const lines: string[] = [];
    for (const [label, server] of [
      ['write on the same server instance', a],
      ['write on a second instance (LISTEN/NOTIFY)', b],
    ] as const) {
      const token = await loginToken(server.url, 'admin', 'Admin@123');
      const times: number[] = [];
      const frames: number[] = [];
      const lists: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const id = await page.locator('.ant-table-tbody tr.ant-table-row').first().getAttribute('data-row-key');
        if (!id) throw new Error('no pending booking on the desk');
        const gone = rowGone(page, id);
        frameAt = 0;
        listAt = 0;
        const t0 = Date.now();
        const r = await fetch(`${server.url}/api/appointment/v1/${id}/accept`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
        if (!r.ok) throw new Error(`accept ${id}: ${r.status} ${await r.text()}`);
        times.push((await gone) - t0);
        frames.push(frameAt - t0);
        lists.push(listAt - t0);
        // the next round starts from a settled list
        await page.waitForTimeout(300);
      }
      lines.push(
        `  ${label}: on screen p50 ${pct(times, 50)} ms, max ${Math.max(...times)} ms; socket event p50 ${pct(frames, 50)} ms; list answered p50 ${pct(lists, 50)} ms (${ROUNDS} accepts, on screen: ${times.join(', ')})`,
      );
    }
    return `a change reaches another open browser (Chromium, today's pending tab, 1,000,000 bookings)\n${lines.join('\n')}`;
  } finally {
    await browser.close();
    await a.stop();
    await b.stop();
    await db.drop();
  }
}
