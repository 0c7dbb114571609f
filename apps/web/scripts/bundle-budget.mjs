// Measures the JavaScript a first visit to a route downloads: the entry chunk, its static
// imports, and the route's lazy chunks with their static imports. Budgets (issues 2, 3, 13):
// /login and /admin (the first load after sign-in: entry, admin shell and the home screen it
// lands on) under 300 KB gzipped, /list-service under 200 KB and without the admin app.
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
// The public price page is its own entry: under 200 KB gzipped, and none of the admin app.
const publicEntry = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('list-service.html'));
if (publicEntry) {
  const keys = closure([publicEntry]);
  const { raw, gz, files } = measure(keys);
  const kb = gz / 1024;
  console.log(`/list-service: ${(raw / 1024).toFixed(1)} KB raw, ${kb.toFixed(1)} KB gzipped JS in ${files.length} files; ${verdict(kb, 200)}`);
  for (const f of files) console.log(`  ${f}`);
  if (kb > 200) {
    console.error(`/list-service ${kb.toFixed(1)} KB exceeds 200 KB`);
    failed = true;
  }
  if (keys.has(entry) || keys.has('src/app/shell/admin-shell.tsx')) {
    console.error('/list-service loads the admin app');
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
