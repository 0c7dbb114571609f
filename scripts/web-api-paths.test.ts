/**
 * The web writes no API path (issue 13): each comes from an endpoint of packages/shared (`call(endpoint)`,
 * `upload`, `fillPath(endpoint.path)`), or, on the zod-free first loads, from contracts/auth.paths.ts and
 * contracts/catalog.paths.ts. The web's own tests are left out: they assert the URLs those declarations
 * produce. Here rather than in apps/web/src, whose type-check has no Node types.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB_SRC = path.resolve(import.meta.dirname, '../apps/web/src');
/** A string or template literal that starts an API path. */
const API_LITERAL = /['"`]\/api\//;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return sources(p);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [p] : [];
  });
}

/** The lines of `text` that write an API path, as `file:line: text`. */
function apiPathLines(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => (API_LITERAL.test(line) ? [`${path.relative(WEB_SRC, file)}:${i + 1}: ${line.trim()}`] : []));
}

describe('the web writes no API path', () => {
  it('finds a hand-written path, quoted or in a template (the check can fail)', () => {
    const tick = '`';
    const text = ['const a = 1;', "fetch('/api/his/v1/user/me');", `get(${tick}/api/x/1${tick});`, "call(E.list, { query: { path: 'api/x' } });"].join('\n');
    expect(apiPathLines(path.join(WEB_SRC, 'x.ts'), text)).toEqual(["x.ts:2: fetch('/api/his/v1/user/me');", `x.ts:3: get(${tick}/api/x/1${tick});`]);
  });

  it('has no /api/ string literal in apps/web/src outside the tests', () => {
    const files = sources(WEB_SRC);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((f) => apiPathLines(f, fs.readFileSync(f, 'utf8')));
    expect(found, 'take the path from the endpoint in packages/shared instead').toEqual([]);
  });
});
