import type { Bundle, ChargeItemDefinition, Resource } from '@medplum/fhirtypes';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fhirIssues } from '../fhir/validate';
import { createHisSimulator, type HisSimulator, startHisSimulator } from './index';

// biome-ignore lint/suspicious/noExplicitAny: the tests read fields of resources of any type
type Any = any;

const PREFIX = '/his-simulator/fhir/R4';
let sim: HisSimulator;
let app: FastifyInstance;

beforeAll(async () => {
  sim = createHisSimulator({ patients: 50, now: new Date('2025-11-20T03:00:00Z') });
  app = Fastify();
  await sim.register(app, PREFIX);
  await app.ready();
});
afterEach(() => sim.faults.clear());
afterAll(() => app.close());

const get = (path: string) => app.inject({ method: 'GET', url: `${PREFIX}/${path}` });
const resources = (b: Bundle) => (b.entry ?? []).map((e) => e.resource!);
const CATALOGUE = 'ChargeItemDefinition?context=Organization/bv-an-phuc&_count=20';

describe('faults on demand', () => {
  it.each([
    ['http500', 500, undefined],
    ['rateLimit', 429, '1'],
    ['badAuth', 401, undefined],
  ] as const)('%s answers %i with an OperationOutcome, clear() ends it', async (mode, status, retryAfter) => {
    sim.faults.set({ mode });
    for (let i = 0; i < 3; i++) {
      const r = await get('Patient?_count=1');
      expect(r.statusCode).toBe(status);
      expect(r.json().resourceType).toBe('OperationOutcome');
      if (retryAfter) expect(r.headers['retry-after']).toBe(retryAfter);
      if (mode === 'badAuth') expect(r.headers['www-authenticate']).toBeDefined();
    }
    sim.faults.clear();
    expect((await get('Patient?_count=1')).statusCode).toBe(200);
  });

  it('times: the next n matching requests, types: only those types', async () => {
    sim.faults.set({ mode: 'http500', times: 2, types: ['Patient'] });
    expect((await get('Organization')).statusCode).toBe(200);
    expect((await get('Patient/bn-1')).statusCode).toBe(500);
    expect((await get('Patient/bn-1')).statusCode).toBe(500);
    expect((await get('Patient/bn-1')).statusCode).toBe(200);
    expect(sim.faults.current).toBeNull();
  });

  it('over HTTP: POST and DELETE <prefix>/$sim-faults; a bad mode is refused', async () => {
    const set = await app.inject({ method: 'POST', url: `${PREFIX}/$sim-faults`, payload: { mode: 'rateLimit', times: 1 } });
    expect(set.statusCode).toBe(200);
    expect((await get('metadata')).statusCode).toBe(429);
    expect((await get('metadata')).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: `${PREFIX}/$sim-faults`, payload: { mode: 'http500' } });
    expect((await get('metadata')).statusCode).toBe(500);
    expect((await app.inject({ method: 'DELETE', url: `${PREFIX}/$sim-faults` })).statusCode).toBe(200);
    expect((await get('metadata')).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: `${PREFIX}/$sim-faults`, payload: { mode: 'meteor' } })).statusCode).toBe(400);
  });

  it('invalid: some resources of the answer are not valid R4 (a status of 12, an unknown property)', async () => {
    sim.faults.set({ mode: 'invalid' });
    const cid = resources((await get(CATALOGUE)).json()) as ChargeItemDefinition[];
    expect(cid.filter((r) => fhirIssues(r).length).length).toBeGreaterThan(0);
    expect(cid.some((r) => (r.status as unknown) === 12)).toBe(true);
    const patient = (await get('Patient/bn-1')).json();
    expect(JSON.stringify(fhirIssues(patient))).toContain('ghiChuNoiBo');
    sim.faults.clear();
    expect(resources((await get(CATALOGUE)).json()).every((r) => fhirIssues(r).length === 0)).toBe(true);
    expect(sim.state.list('ChargeItemDefinition').every((c) => typeof c.status === 'string')).toBe(true);
  });

  it('endless: the next link never ends (going round the list), and clear() ends it', async () => {
    sim.faults.set({ mode: 'endless' });
    let url = `${PREFIX}/Location?_count=10`;
    const total = sim.state.list('Location').length;
    for (let page = 0; page < 12; page++) {
      const b = (await app.inject({ method: 'GET', url })).json() as Bundle;
      expect(b.entry!.length).toBeGreaterThan(0);
      const next = new URL(b.link!.find((l) => l.relation === 'next')!.url!);
      url = next.pathname + next.search;
    }
    expect(12 * 10).toBeGreaterThan(total);
    sim.faults.clear();
    const last = (await get(`Location?_count=10&_offset=${total - 5}`)).json() as Bundle;
    expect(last.link!.some((l) => l.relation === 'next')).toBe(false);
  });

  it.each<[string, string, (r: Resource) => boolean]>([
    ['Organization', 'Organization?type=dept&partof=Organization/bv-an-phuc', (r) => (r as Any).partOf.reference !== 'Organization/bv-an-phuc'],
    ['Location', 'Location', (r) => (r as Any).managingOrganization.reference === 'Organization/bv-hoa-binh-knoi'],
    ['ChargeItemDefinition', CATALOGUE, (r) => (r as Any).useContext[0].valueReference.reference === 'Organization/bv-hoa-binh'],
    ['PractitionerRole', 'PractitionerRole', (r) => (r as Any).organization.reference === 'Organization/bv-hoa-binh-knoi'],
  ])('foreign: some %s belong to another hospital, still valid R4', async (_type, path, foreign) => {
    sim.faults.set({ mode: 'foreign' });
    const list = resources((await get(path)).json());
    expect(list.filter(foreign).length).toBeGreaterThan(0);
    expect(list.filter(foreign).length).toBeLessThan(list.length);
    expect(list.every((r) => fhirIssues(r).length === 0)).toBe(true);
    sim.faults.clear();
    expect(resources((await get(path)).json()).filter(foreign)).toEqual([]);
  });

  it('duplicates: two catalogue entries with the same service code and different prices', async () => {
    sim.faults.set({ mode: 'duplicates' });
    const list = resources((await get(CATALOGUE)).json()) as ChargeItemDefinition[];
    const byCode = new Map<string, number[]>();
    for (const c of list)
      byCode.set(c.identifier![0]!.value!, [...(byCode.get(c.identifier![0]!.value!) ?? []), c.propertyGroup![0]!.priceComponent![0]!.amount!.value!]);
    const twice = [...byCode.values()].filter((prices) => prices.length === 2);
    expect(twice.length).toBeGreaterThan(0);
    for (const [a, b] of twice) expect(a).not.toBe(b);
  });

  it('noCurrency: some prices have no currency', async () => {
    sim.faults.set({ mode: 'noCurrency' });
    const list = resources((await get(CATALOGUE)).json()) as ChargeItemDefinition[];
    const amounts = list.flatMap((c) => c.propertyGroup![0]!.priceComponent!.map((p) => p.amount!));
    expect(amounts.filter((a) => a.currency === undefined).length).toBeGreaterThan(0);
    expect(amounts.filter((a) => a.currency === 'VND').length).toBeGreaterThan(0);
  });

  it('timeout: holds the request until the client gives up, and close() does not wait for it', async () => {
    const server = await startHisSimulator({ patients: 50, now: new Date('2025-11-20T03:00:00Z') });
    server.sim.faults.set({ mode: 'timeout', times: 1 });
    const t = performance.now();
    const err = await fetch(`${server.baseUrl}/metadata`, { signal: AbortSignal.timeout(300) }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect(performance.now() - t).toBeGreaterThanOrEqual(290);
    expect((await fetch(`${server.baseUrl}/metadata`)).status).toBe(200);
    server.sim.faults.set({ mode: 'timeout' });
    const held = fetch(`${server.baseUrl}/Patient`).then(
      (r) => r.status,
      () => 'dropped',
    );
    await new Promise((r) => setTimeout(r, 100));
    const t2 = performance.now();
    await server.close();
    expect(performance.now() - t2).toBeLessThan(2000);
    expect(await held).toBe('dropped');
  });
});
