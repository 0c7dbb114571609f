// Measures the JavaScript a first visit to a route downloads: the entry chunk, its static
// imports, and the route's lazy chunks with their static imports. Budgets (issues 2, 3, 13, 22):
// /login and /admin (the first load after sign-in: entry, admin shell and the home screen it
// lands on) under 300 KB gzipped, /list-service under 200 KB, /display and /kiosk under 150 KB,
// the public pages without the admin app.
// Each summary line ends in "pass" or "FAIL"; the exit code is 1 when any budget fails. Usage:
//   node apps/web/scripts/bundle-budget.mjs [limitKB=300]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const limitKb = Number(process.argv[2] ?? 300);

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

function measure(keys) {
  let raw = 0;
  let gz = 0;
  const files = [];
  for (const key of keys) {
    const file = manifest[key].file;
    if (!file.endsWith('.js')) continue;
    const buf = readFileSync(path.join(dist, file));
    const g = gzipSync(buf, { level: 9 }).length;
    raw += buf.length;
    gz += g;
    files.push(`${file} ${(g / 1024).toFixed(1)} KB`);
  }
  return { raw, gz, files };
}

const verdict = (kb, limit) => `budget ${limit} KB: ${kb <= limit ? 'pass' : 'FAIL'}`;

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
// The lazy route modules a first visit renders before its screen is usable (app/router.tsx, app/menu.ts).
const routes = {
  '/login': ['src/modules/auth/login-page.tsx'],
  // '/' redirects to /admin, the home screen, inside the admin shell: where sign-in lands.
  '/admin': ['src/app/shell/admin-shell.tsx', 'src/modules/home/home-page.tsx'],
};
let failed = false;
for (const [route, lazyKeys] of Object.entries(routes)) {
  for (const key of lazyKeys) if (!manifest[key]) throw new Error(`${key} is not a chunk of the build: update routes in bundle-budget.mjs`);
  const keys = closure([entry, ...lazyKeys]);
  const { raw, gz, files } = measure(keys);
  const kb = gz / 1024;
  const what = route === '/admin' ? ' (first load after sign-in: entry, admin shell, home screen)' : '';
  console.log(`${route}${what}: ${(raw / 1024).toFixed(1)} KB raw, ${kb.toFixed(1)} KB gzipped JS in ${files.length} files; ${verdict(kb, limitKb)}`);
  for (const f of files) console.log(`  ${f}`);
  if (kb > limitKb) {
    console.error(`${route} first load ${kb.toFixed(1)} KB exceeds ${limitKb} KB`);
    failed = true;
  }
  if (route === '/login') {
    const shell = manifest['src/app/shell/admin-shell.tsx']?.file;
    if (files.some((f) => f.startsWith(shell))) {
      console.error('/login loads the admin shell chunk');
      failed = true;
    }
  }
}
// The public pages are their own entries, without the admin app: the price page under 200 KB
// gzipped; the waiting room's calling screen and kiosk (issue 22, no antd) under 150 KB each.
const publicPages = [
  ['/list-service', 'list-service.html', 200],
  ['/display', 'display.html', 150],
  ['/kiosk', 'kiosk.html', 150],
];
for (const [route, html, limit] of publicPages) {
  const publicEntry = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith(html));
  if (!publicEntry) {
    // the price page predates its entry; the waiting room's pages must be built
    if (route === '/list-service') continue;
    console.error(`${route}: ${html} is not an entry of the build (vite.config.ts input)`);
    failed = true;
    continue;
  }
  const keys = closure([publicEntry]);
  const { raw, gz, files } = measure(keys);
  const kb = gz / 1024;
  console.log(`${route}: ${(raw / 1024).toFixed(1)} KB raw, ${kb.toFixed(1)} KB gzipped JS in ${files.length} files; ${verdict(kb, limit)}`);
  for (const f of files) console.log(`  ${f}`);
  if (kb > limit) {
    console.error(`${route} ${kb.toFixed(1)} KB exceeds ${limit} KB`);
    failed = true;
  }
  if (keys.has(entry) || keys.has('src/app/shell/admin-shell.tsx')) {
    console.error(`${route} loads the admin app`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
