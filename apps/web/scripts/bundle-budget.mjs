// Measures the JavaScript a first visit to a route downloads: the entry chunk, its static
// imports, and the route's lazy chunk with its static imports. Usage:
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

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
const routes = {
  '/login': 'src/modules/auth/login-page.tsx',
  '/admin': 'src/app/shell/admin-shell.tsx',
};
let failed = false;
for (const [route, lazyKey] of Object.entries(routes)) {
  const keys = closure([entry, lazyKey]);
  if (route === '/admin') closure(['src/modules/home/home-page.tsx'], keys);
  const { raw, gz, files } = measure(keys);
  const kb = gz / 1024;
  console.log(`${route}: ${(raw / 1024).toFixed(1)} KB raw, ${kb.toFixed(1)} KB gzipped JS`);
  for (const f of files) console.log(`  ${f}`);
  if (route === '/login' && kb > limitKb) {
    console.error(`/login first load ${kb.toFixed(1)} KB exceeds ${limitKb} KB`);
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
  console.log(`/list-service: ${(raw / 1024).toFixed(1)} KB raw, ${kb.toFixed(1)} KB gzipped JS`);
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
