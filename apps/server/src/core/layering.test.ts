import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = path.join(import.meta.dirname, '..', 'modules');
/** Services, operations, queries, guards and repositories: what routes call, given a Caller (core/caller). */
const SERVICE_FILE = /\.(service|operation|queries|repository|guards)\.ts$/;

function serviceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? serviceFiles(p) : SERVICE_FILE.test(e.name) ? [p] : [];
  });
}

describe('services take a caller, not the HTTP request', () => {
  const files = serviceFiles(MODULES);
  it('finds the services', () => {
    expect(files.length).toBeGreaterThan(15);
  });
  it.each(files.map((f) => [path.relative(MODULES, f), f]))('%s does not import fastify', (_name, file) => {
    const text = fs.readFileSync(file, 'utf8');
    expect(text).not.toMatch(/from ['"]fastify['"]/);
    expect(text).not.toMatch(/\bFastifyRequest\b/);
  });
});
