import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@portal/shared/core/endpoint';
import { resourceEndpoints, resourceImportEndpoints } from '@portal/shared/core/resource-endpoints';
import { LIVE_PATH } from '@portal/shared/contracts/live.contract';
import { DISPLAY_LIVE_PATH } from '@portal/shared/contracts/queue.contract';
import { RESOURCES } from '@portal/shared/resources';
import { createTestApp, type TestApp } from '../test/test-app';

/** Every endpoint written in packages/shared/src/contracts is one the server serves, with its summary in the OpenAPI. */
const CONTRACTS = path.resolve(__dirname, '../../../../packages/shared/src/contracts');

const isEndpoint = (v: unknown): v is Endpoint => typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'response' in v && 'summary' in v;

async function sharedEndpoints(): Promise<[string, Endpoint][]> {
  const found: [string, Endpoint][] = [];
  for (const file of fs.readdirSync(CONTRACTS).filter((f) => f.endsWith('.contract.ts'))) {
    const mod = (await import(path.join(CONTRACTS, file))) as Record<string, unknown>;
    for (const [name, group] of Object.entries(mod)) {
      if (isEndpoint(group)) found.push([`${file} ${name}`, group]);
      if (typeof group !== 'object' || group === null) continue;
      for (const [op, e] of Object.entries(group)) if (isEndpoint(e)) found.push([`${file} ${name}.${op}`, e]);
    }
  }
  return found;
}

/** The generic routes of every resource of packages/shared/src/resources (and the import of the importable ones). */
function resourcesEndpoints(): [string, Endpoint][] {
  return RESOURCES.flatMap((r) => [
    ...Object.entries(resourceEndpoints(r)).map(([op, e]) => [`${r.name}.${op}`, e as Endpoint] as [string, Endpoint]),
    ...(r.importable ? Object.entries(resourceImportEndpoints(r)).map(([op, e]) => [`${r.name}.${op}`, e as Endpoint] as [string, Endpoint]) : []),
  ]);
}

/**
 * Routes under /api that are no shared endpoint, each for a reason: the fixtures only the tests and the e2e
 * suite call (served when ENABLE_TEST_FIXTURES is on, never in production), the OpenAPI document and its
 * viewer (@fastify/swagger-ui), and the live WebSocket (an upgrade, not a request and answer: live.contract.ts
 * declares its path and messages).
 */
const NOT_SHARED: [RegExp, string][] = [
  [/^\/api\/test\//, 'test fixtures'],
  [/^\/api\/docs(\/|$)/, 'OpenAPI'],
  [new RegExp(`^${LIVE_PATH}$`), 'live WebSocket'],
  [new RegExp(`^${DISPLAY_LIVE_PATH}$`), 'calling screens WebSocket (queue.contract.ts declares its path and messages)'],
];

/**
 * Every route the app serves, as `METHOD /path` (`:name` parameters), read from Fastify's route tree
 * (printRoutes: one node a line, its segment after the branch, its methods in brackets) — hidden routes too,
 * which the OpenAPI leaves out. HEAD, which Fastify adds beside each GET, is left out.
 */
function servedRoutes(app: TestApp['app']): string[] {
  const stack: string[] = [];
  const out: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    for (const method of (m[3] ?? '').split(', ').filter((x) => x && x !== 'HEAD')) out.push(`${method} ${stack.join('')}`);
  }
  return out;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ENABLE_TEST_FIXTURES: 'true' });
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

  it('are all the server serves under /api and /fhir: a route no contract or resource declares is listed here', async () => {
    const declared = new Set([...(await sharedEndpoints()), ...resourcesEndpoints()].map(([, e]) => `${e.method} ${e.path}`));
    const served = servedRoutes(t.app);
    expect(served).toContain(`GET ${LIVE_PATH}`); // the tree is read: its deepest routes too
    expect(served).toContain('POST /api/catalog/v1/medical-services/import');
    expect(served).toContain('GET /fhir/R4/Patient/:id');
    const undeclared = served.filter((r) => {
      const path = r.slice(r.indexOf(' ') + 1);
      return (path.startsWith('/api/') || path.startsWith('/fhir/')) && !declared.has(r) && !NOT_SHARED.some(([re]) => re.test(path));
    });
    expect(undeclared, 'served under /api or /fhir but declared in no packages/shared contract or resource').toEqual([]);
    // Each allow-listed kind is really served (the test app turns the fixtures on), so none is a dead entry.
    for (const [re, why] of NOT_SHARED)
      expect(
        served.some((r) => re.test(r.slice(r.indexOf(' ') + 1))),
        why,
      ).toBe(true);
  });
});
