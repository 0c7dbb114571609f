import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@portal/shared/core/endpoint';
import { createTestApp, type TestApp } from '../test/test-app';

/** Every endpoint written in packages/shared/src/contracts is one the server serves, with its summary in the OpenAPI. */
const CONTRACTS = path.resolve(__dirname, '../../../../packages/shared/src/contracts');

const isEndpoint = (v: unknown): v is Endpoint => typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'response' in v && 'summary' in v;

async function sharedEndpoints(): Promise<[string, Endpoint][]> {
  const found: [string, Endpoint][] = [];
  for (const file of fs.readdirSync(CONTRACTS).filter((f) => f.endsWith('.contract.ts'))) {
    const mod = (await import(path.join(CONTRACTS, file))) as Record<string, unknown>;
    for (const [name, group] of Object.entries(mod)) {
      if (typeof group !== 'object' || group === null) continue;
      for (const [op, e] of Object.entries(group)) if (isEndpoint(e)) found.push([`${file} ${name}.${op}`, e]);
    }
  }
  return found;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

describe('shared endpoints', () => {
  it('are all registered by the server, with their summary in the OpenAPI', async () => {
    const endpoints = await sharedEndpoints();
    expect(endpoints.length).toBeGreaterThan(0);
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { summary?: string }>> };
    for (const [where, e] of endpoints) {
      expect(t.app.hasRoute({ method: e.method, url: e.path }), `${where}: ${e.method} ${e.path}`).toBe(true);
      const openApiPath = e.path.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[openApiPath]?.[e.method.toLowerCase()]?.summary, where).toBe(e.summary);
    }
  });
});
