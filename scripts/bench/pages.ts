import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { root, startServer } from './server';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * First contentful paint of /login and /list-service in headless Chromium (Debian's), each from
 * an empty HTTP cache, 7 visits, on the built server with embedded PGlite; plus the gzipped
 * JavaScript each first visit downloads, from Vite's manifest (apps/web/scripts/bundle-budget.mjs,
 * which checks the budgets: /login and /admin under 300 KB, /list-service under 200 KB), and,
 * as a check of that static count, the JavaScript the browser really fetched for a signed-in
 * visit to /admin until its home screen shows. A budget that fails sets the exit code to 1.
 */
export async function pagesBench(port: number): Promise<string> {
  const budget = spawnSync(process.execPath, [path.join(root, 'apps/web/scripts/bundle-budget.mjs')], { encoding: 'utf8' });
  if (budget.status !== 0 && !budget.stdout) throw new Error(`bundle-budget.mjs failed: ${budget.stderr}`);
  const bundle = budget.stdout
    .split('\n')
    .filter((l) => l.startsWith('/'))
    .map((l) => `  ${l}`);
  if (budget.status !== 0) {
    bundle.push(
      ...budget.stderr
        .trim()
        .split('\n')
        .map((l) => `  ${l}`),
    );
    process.exitCode = 1;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pages-'));
  const server = await startServer({ DATA_DIR: dir, DATABASE_URL: '' }, port);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const lines: string[] = [];
  try {
    for (const [route, ready] of [
      ['/login', 'form'],
      ['/list-service', '[data-testid="service-row"]'],
    ] as const) {
      const fcps: number[] = [];
      const readies: number[] = [];
      for (let i = 0; i < 8; i++) {
        const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
        const page = await context.newPage();
        await page.goto(`${server.url}${route}`);
        await page.locator(ready).first().waitFor();
        const t = await page.evaluate(() => ({
          fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
          now: performance.now(),
        }));
        await context.close();
        if (i === 0) continue; // the first visit warms the server, as any earlier visitor would
        fcps.push(t.fcp);
        readies.push(t.now);
      }
      lines.push(
        `  ${route}: FCP median ${median(fcps).toFixed(0)} ms (max ${Math.max(...fcps).toFixed(0)} ms), content ready median ${median(readies).toFixed(0)} ms — 7 visits, empty cache`,
      );
    }
    lines.push(await signedInAdminVisits(browser, server.url));
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return `\n${bundle.join('\n')}\n${lines.join('\n')}`;
}

/** JavaScript responses of a page, until `stop()`: bytes as served and gzipped (level 9, as bundle-budget.mjs counts). */
function countScripts(page: import('@playwright/test').Page) {
  const bodies: Promise<Buffer>[] = [];
  let counting = true;
  page.on('response', (res) => {
    if (counting && res.request().resourceType() === 'script') bodies.push(res.body());
  });
  return async () => {
    counting = false;
    const all = await Promise.all(bodies);
    return { files: all.length, raw: all.reduce((n, b) => n + b.length, 0), gz: all.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0) };
  };
}

/**
 * A signed-in user opens /admin with an empty HTTP cache (the session is in local storage, as after
 * a sign-in): time until the home screen's greeting shows, and the JavaScript fetched until then.
 */
async function signedInAdminVisits(browser: Browser, url: string): Promise<string> {
  const signIn = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  const login = await signIn.newPage();
  await login.goto(`${url}/login`);
  await login.getByLabel('Tên đăng nhập').fill('admin');
  await login.getByLabel('Mật khẩu').fill('Admin@123');
  await login.getByRole('button', { name: 'Đăng nhập' }).click();
  await login.getByRole('heading', { name: /^Xin chào/ }).waitFor();
  const storageState = await signIn.storageState();
  await signIn.close();

  const readies: number[] = [];
  let js = { files: 0, raw: 0, gz: 0 };
  for (let i = 0; i < 8; i++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, storageState });
    const page = await context.newPage();
    const stop = countScripts(page);
    await page.goto(`${url}/admin`);
    await page.getByRole('heading', { name: /^Xin chào/ }).waitFor();
    const now = await page.evaluate(() => performance.now());
    js = await stop();
    await context.close();
    if (i === 0) continue;
    readies.push(now);
  }
  const kb = js.gz / 1024;
  if (kb > 300) process.exitCode = 1;
  return (
    `  /admin signed in: home screen ready median ${median(readies).toFixed(0)} ms — 7 visits, empty cache; ` +
    `the browser fetched ${js.files} scripts, ${(js.raw / 1024).toFixed(1)} KB as served, ${kb.toFixed(1)} KB gzipped; budget 300 KB: ${kb <= 300 ? 'pass' : 'FAIL'}`
  );
}
