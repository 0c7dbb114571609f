import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { root, startServer } from './server';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * First contentful paint of /login and /list-service in headless Chromium (Debian's), each from
 * an empty HTTP cache, 7 visits, on the built server with embedded PGlite; plus the gzipped
 * JavaScript each first visit downloads (apps/web/scripts/bundle-budget.mjs).
 */
export async function pagesBench(port: number): Promise<string> {
  const bundle = execFileSync(process.execPath, [path.join(root, 'apps/web/scripts/bundle-budget.mjs')], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.startsWith('/'))
    .map((l) => `  ${l}`);
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
      lines.push(`  ${route}: FCP median ${median(fcps).toFixed(0)} ms (max ${Math.max(...fcps).toFixed(0)} ms), content ready median ${median(readies).toFixed(0)} ms — 7 visits, empty cache`);
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return `\n${bundle.join('\n')}\n${lines.join('\n')}`;
}
