import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web writes no API path: each comes from an endpoint of packages/shared (`call(endpoint)`, `upload`,
 * `fillPath(endpoint.path)`), or, on the zod-free first loads, from auth.paths.ts / catalog.paths.ts. The
 * web's tests are left out: they assert the URLs those declarations produce.
 */
const SRC = path.resolve(__dirname, '../..');
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
  return text.split('\n').flatMap((line, i) => (API_LITERAL.test(line) ? [`${path.relative(SRC, file)}:${i + 1}: ${line.trim()}`] : []));
}

describe('the web writes no API path', () => {
  it('finds a hand-written path (the check can fail)', () => {
    expect(apiPathLines(path.join(SRC, 'x.ts'), "const a = 1;\nfetch('/api/his/v1/user/me');\nget(`/api/x/${id}`);")).toEqual([
      "x.ts:2: fetch('/api/his/v1/user/me');",
      'x.ts:3: get(`/api/x/${id}`);',
    ]);
  });

  it('has no /api/ string literal in apps/web/src outside the tests', () => {
    const files = sources(SRC);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((f) => apiPathLines(f, fs.readFileSync(f, 'utf8')));
    expect(found, 'take the path from the endpoint in packages/shared instead').toEqual([]);
  });
});
