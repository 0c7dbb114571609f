import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));
/** E2E_PORT lets two checkouts on one machine run their end-to-end suites side by side. */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${port}`;

/**
 * End-to-end specs in Debian's Chromium against the built server (which serves the built web
 * app). Each spec that changes data makes its own facility and accounts through the test-only
 * fixtures route; the demo accounts are only read.
 */
export default defineConfig({
  testDir: '.', // this folder: e2e/
  testMatch: '*.e2e.ts',
  workers: 2,
  retries: 0,
  fullyParallel: false,
  // generous: a loaded CI machine (2 cores, two browsers and the server) can double a long story's time
  // (and other engineers' builds and tests on it: a load of 20+ on 2 cores made a lazy screen take 15 s
  // to show; a timeout only bounds waiting, nothing is retried)
  timeout: 240_000,
  expect: { timeout: 30_000 },
  outputDir: `${root}.tmp/e2e-results`,
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    viewport: { width: 1366, height: 800 },
    // the app switches antd's motion and every CSS transition off for it (core/motion): no test waits for an animation
    reducedMotion: 'reduce',
    video: 'off',
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        // A fresh embedded database for every run.
        command: `rm -rf .tmp/e2e-data-${port} && node apps/server/dist/main.js`,
        cwd: root,
        url: `http://localhost:${port}/api/health`,
        env: {
          PORT: String(port),
          // the product's default: embedded PGlite, even when CI exports DATABASE_URL for the API tests
          DATABASE_URL: '',
          DATA_DIR: `.tmp/e2e-data-${port}`,
          ENABLE_TEST_FIXTURES: '1',
          LOG_LEVEL: 'warn',
        },
        reuseExistingServer: false,
        // a fresh embedded database migrates and seeds the demo facility first: on the shared 2-core
        // machine under a load of 14 that took more than two minutes
        timeout: 300_000,
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
