import type { Bundle, ChargeItemDefinition, Patient, Resource } from '@medplum/fhirtypes';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FHIR_EXTENSIONS, FHIR_SYSTEMS, HIS_CODE_SYSTEMS } from '@portal/shared/rules/fhir-systems';
import { validateBhyt, validateCccd } from '@portal/shared/rules/identifiers';
import { DEMO_DEPARTMENTS, DEMO_ROOMS } from '../../../db/seed/demo-catalog';
import { DEMO_DOCTORS } from '../../../db/seed/demo-doctors';
import { demoServices } from '../../../db/seed/services-data';
import { fhirIssues } from '../fhir/validate';
import { createHisSimulator, type HisSimulator } from './index';

// biome-ignore lint/suspicious/noExplicitAny: the tests read fields of resources of any type
type Any = any;

const NOW = new Date('2025-11-20T03:00:00Z');
const PREFIX = '/his-simulator/fhir/R4';
let sim: HisSimulator;
let app: FastifyInstance;

beforeAll(async () => {
  sim = createHisSimulator({ now: NOW });
  app = Fastify();
  await sim.register(app, PREFIX);
  await app.ready();
});
afterAll(() => app.close());

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url: `${PREFIX}/${path}`, headers });
  return { status: res.statusCode, headers: res.headers, body: res.headers['content-type']?.includes('json') ? res.json() : res.rawPayload };
}

/** Follows the next links; the resources of every page, in order. */
async function all(path: string): Promise<{ resources: Resource[]; pages: number; total: number }> {
  const resources: Resource[] = [];
  let url: string | undefined = `${PREFIX}/${path}`;
  let pages = 0;
  let total = 0;
  while (url) {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const b = res.json() as Bundle;
    total = b.total!;
    resources.push(...(b.entry ?? []).filter((e) => e.search?.mode === 'match').map((e) => e.resource!));
    const next = b.link?.find((l) => l.relation === 'next')?.url;
    url = next ? new URL(next).pathname + new URL(next).search : undefined;
    if (++pages > 1000) throw new Error('endless');
  }
  return { resources, pages, total };
}

const TYPES = [
  'Organization',
  'Location',
  'Practitioner',
  'PractitionerRole',
  'ChargeItemDefinition',
  'Patient',
  'Encounter',
  'Condition',
  'MedicationRequest',
  'DiagnosticReport',
  'Observation',
];

describe('every resource served is valid R4', () => {
  it.each(TYPES)('%s', (type) => {
    const list = sim.state.list(type as Resource['resourceType']);
    expect(list.length).toBeGreaterThan(0);
    const bad = list.map((r) => [r.id, fhirIssues(r)] as const).filter(([, issues]) => issues.length);
    expect(bad.slice(0, 3)).toEqual([]);
  });

  it('the capability statement, a searchset with includes and a Binary', async () => {
    const meta = await get('metadata');
    expect(meta.status).toBe(200);
    expect(meta.headers['content-type']).toContain('application/fhir+json');
    expect(fhirIssues(meta.body)).toEqual([]);
    const bundle = await get('DiagnosticReport?subject=Patient/bn-1&_include=DiagnosticReport:result');
    expect(fhirIssues(bundle.body)).toEqual([]);
    const binary = await get('Binary/pdf-1', { accept: 'application/fhir+json' });
    expect(binary.body.resourceType).toBe('Binary');
    expect(fhirIssues(binary.body)).toEqual([]);
  });
});

describe('the hospital is the demo facility (BVDK-AP) as its HIS knows it', () => {
  const codes = (type: string, system: string) =>
    sim.state.list(type as Resource['resourceType']).flatMap((r) => ((r as Patient).identifier ?? []).filter((i) => i.system === system).map((i) => i.value!));

  it('the demo departments and rooms with the same codes, and two departments only the HIS has', () => {
    const depts = codes('Organization', HIS_CODE_SYSTEMS.department);
    for (const [code] of DEMO_DEPARTMENTS) expect(depts).toContain(code);
    expect(sim.state.list('Organization').filter((o) => o.partOf?.reference === 'Organization/bv-an-phuc')).toHaveLength(DEMO_DEPARTMENTS.length + 2);
    const rooms = codes('Location', HIS_CODE_SYSTEMS.room);
    for (const [code] of DEMO_ROOMS) expect(rooms).toContain(code);
  });

  it('the demo doctors: most with the same code, three under another code with the same name, four only in the HIS', () => {
    const his = sim.state.list('Practitioner');
    const byCode = new Map(his.map((p) => [p.identifier![0]!.value!, p]));
    const same = DEMO_DOCTORS.filter((d) => byCode.get(d.code)?.name?.[0]?.text === d.name);
    const renamed = DEMO_DOCTORS.filter((d) => !byCode.has(d.code) && his.some((p) => p.name?.[0]?.text === d.name));
    expect(same.length).toBe(DEMO_DOCTORS.length - 3);
    expect(renamed.map((d) => d.code)).toEqual(['BS012', 'BS019', 'BS024']);
    expect(his.length).toBe(DEMO_DOCTORS.length + 4);
    expect(his.filter((p) => p.identifier!.some((i) => i.system === FHIR_SYSTEMS.cchn)).length).toBeGreaterThan(his.length / 2);
    expect(byCode.get('BS001')!.name![0]!.prefix).toEqual(['PGS.TS.BS.']);
  });

  it('every demo service with its code, about 5% at another price, plus the HIS’s own', () => {
    const portal = demoServices();
    const his = new Map(sim.state.list('ChargeItemDefinition').map((c) => [c.identifier![0]!.value!, c]));
    expect(his.size).toBe(portal.length + 20);
    const standard = (c: ChargeItemDefinition) => c.propertyGroup![0]!.priceComponent![0]!.amount!.value!;
    const changed = portal.filter((s) => standard(his.get(s.code)!) !== s.price).length;
    expect(changed / portal.length).toBeGreaterThan(0.03);
    expect(changed / portal.length).toBeLessThan(0.07);
    const components = [...his.values()].flatMap((c) => c.propertyGroup![0]!.priceComponent!);
    expect(components.some((p) => p.code?.coding?.[0]?.code === 'insurance')).toBe(true);
    const dept = components.filter((p) => p.code?.coding?.[0]?.code === 'department');
    expect(dept.length).toBeGreaterThan(100);
    // a department price names its department (or is the whole facility's: no extension, or one without 'department')
    expect(dept.every((p) => !p.extension || p.extension[0]?.url === FHIR_EXTENSIONS.departmentPrice)).toBe(true);
    expect(dept.some((p) => p.extension?.[0]?.extension?.some((e) => e.url === 'department' && e.valueIdentifier?.value === '1000102'))).toBe(true);
    expect(components.every((p) => p.amount?.currency === 'VND' && Number.isInteger(p.amount.value))).toBe(true);
  });

  it('patients: a third are the demo portal’s (BN00000001…), identifiers pass the validators', () => {
    const patients = sim.state.list('Patient');
    expect(patients).toHaveLength(300);
    const code = (p: Patient) => p.identifier!.find((i) => i.system === HIS_CODE_SYSTEMS.patientCode)!.value;
    expect(patients.slice(0, 100).map(code)).toEqual(Array.from({ length: 100 }, (_, i) => `BN${String(i + 1).padStart(8, '0')}`));
    expect(new Set(patients.map(code)).size).toBe(300);
    for (const p of patients) {
      for (const i of p.identifier!) {
        if (i.system === FHIR_SYSTEMS.cccd) expect(validateCccd(i.value!, NOW)).toBeNull();
        if (i.system === FHIR_SYSTEMS.bhyt) expect(validateBhyt(i.value!)).toBeNull();
      }
    }
  });

  it('each patient has 1–6 visits with diagnoses, and the records point to each other', () => {
    const visits = new Map<string, number>();
    for (const e of sim.state.list('Encounter')) visits.set(e.subject!.reference!, (visits.get(e.subject!.reference!) ?? 0) + 1);
    expect(visits.size).toBe(300);
    expect(Math.min(...visits.values())).toBeGreaterThanOrEqual(1);
    expect(Math.max(...visits.values())).toBeLessThanOrEqual(6);
    for (const r of sim.state.list('DiagnosticReport')) {
      for (const x of r.result ?? []) expect(sim.state.get('Observation', x.reference!.split('/')[1]!)).toBeDefined();
      expect(sim.state.binaries.has(r.presentedForm![0]!.url!.split('/')[1]!)).toBe(true);
    }
    const icd = sim.state.list('Condition').map((c) => c.code!.coding![0]!);
    expect(icd.some((c) => c.code === 'I10' && c.display!.startsWith('Tăng huyết áp'))).toBe(true);
  });
});

describe('read and search', () => {
  it('reads by id, 404 OperationOutcome for an unknown id or type', async () => {
    expect((await get('Patient/bn-1')).body.id).toBe('bn-1');
    const missing = await get('Patient/khong-co');
    expect(missing.status).toBe(404);
    expect(missing.body.resourceType).toBe('OperationOutcome');
    expect((await get('Foo?x=1')).status).toBe(404);
  });

  it.each([
    ['an unknown parameter', 'Patient?foo=1'],
    ['a bad _count', 'Patient?_count=abc'],
    ['a bad _offset', 'Patient?_offset=-1'],
    ['a bad boolean', 'Organization?active=maybe'],
    ['an unsupported include', 'Encounter?_include=Encounter:subject'],
    ['an empty value', 'Patient?identifier='],
  ])('400 for %s', async (_name, path) => {
    const r = await get(path);
    expect(r.status).toBe(400);
    expect(r.body.resourceType).toBe('OperationOutcome');
  });

  const p1 = () => sim.state.get('Patient', 'bn-1')!;
  const idOf = (p: Patient, system: string) => p.identifier!.find((i) => i.system === system)!.value!;
  const cases: [string, () => string, (r: Resource) => boolean][] = [
    ['Organization by type', () => 'Organization?type=dept', (r) => (r as Any).type[0].coding[0].code === 'dept'],
    ['Organization by partof', () => 'Organization?partof=Organization/bv-an-phuc', (r) => (r as Any).partOf.reference === 'Organization/bv-an-phuc'],
    ['Organization by identifier', () => `Organization?identifier=${HIS_CODE_SYSTEMS.department}|KTM`, (r) => r.id === 'khoa-ktm'],
    ['Organization by _id', () => 'Organization?_id=bv-an-phuc', (r) => r.id === 'bv-an-phuc'],
    [
      'Location by organization',
      () => 'Location?organization=Organization/khoa-kcdha',
      (r) => (r as Any).managingOrganization.reference === 'Organization/khoa-kcdha',
    ],
    ['Location by identifier', () => 'Location?identifier=P101', (r) => r.id === 'phong-p101'],
    ['Practitioner by identifier', () => `Practitioner?identifier=${HIS_CODE_SYSTEMS.doctor}|BS001`, (r) => (r as Any).name[0].text === 'Trần Văn Minh'],
    ['Practitioner by name without diacritics', () => 'Practitioner?name=tran van minh', (r) => (r as Any).name[0].text === 'Trần Văn Minh'],
    [
      'PractitionerRole by practitioner',
      () => 'PractitionerRole?practitioner=Practitioner/bs-001',
      (r) => (r as Any).practitioner.reference === 'Practitioner/bs-001',
    ],
    [
      'PractitionerRole by organization',
      () => 'PractitionerRole?organization=khoa-knoi',
      (r) => (r as Any).organization.reference === 'Organization/khoa-knoi',
    ],
    ['ChargeItemDefinition by context', () => 'ChargeItemDefinition?context=Organization/bv-an-phuc&_count=3', () => true],
    ['ChargeItemDefinition by status', () => 'ChargeItemDefinition?status=retired', (r) => (r as Any).status === 'retired'],
    [
      'ChargeItemDefinition by identifier',
      () => `ChargeItemDefinition?identifier=${HIS_CODE_SYSTEMS.service}|XN.0001`,
      (r) => (r as Any).identifier[0].value === 'XN.0001',
    ],
    ['Patient by patient code', () => `Patient?identifier=${HIS_CODE_SYSTEMS.patientCode}|BN00000001`, (r) => r.id === 'bn-1'],
    ['Patient by CCCD', () => `Patient?identifier=${FHIR_SYSTEMS.cccd}|${idOf(p1(), FHIR_SYSTEMS.cccd)}`, (r) => r.id === 'bn-1'],
    ['Patient by BHYT', () => `Patient?identifier=${FHIR_SYSTEMS.bhyt}|${idOf(p1(), FHIR_SYSTEMS.bhyt)}`, (r) => r.id === 'bn-1'],
    [
      'Patient by name',
      () =>
        `Patient?name=${encodeURIComponent(
          p1()
            .name![0]!.text!.normalize('NFD')
            .replace(/[\u0300-\u036f]/g, ''),
        )}`,
      (r) => (r as Patient).name![0]!.text === p1().name![0]!.text,
    ],
    ['Patient by _id', () => 'Patient?_id=bn-2', (r) => r.id === 'bn-2'],
    ['Encounter by subject', () => 'Encounter?subject=Patient/bn-1', (r) => (r as Any).subject.reference === 'Patient/bn-1'],
    ['Condition by patient', () => 'Condition?patient=bn-1', (r) => (r as Any).subject.reference === 'Patient/bn-1'],
    ['MedicationRequest by subject', () => 'MedicationRequest?subject=Patient/bn-2', (r) => (r as Any).subject.reference === 'Patient/bn-2'],
    ['DiagnosticReport by subject', () => 'DiagnosticReport?subject=Patient/bn-3', (r) => (r as Any).subject.reference === 'Patient/bn-3'],
    ['Observation by patient', () => 'Observation?patient=Patient/bn-3', (r) => (r as Any).subject.reference === 'Patient/bn-3'],
  ];
  it.each(cases)('%s', async (_name, path, holds) => {
    const r = await get(path());
    expect(r.status).toBe(200);
    const entries = (r.body as Bundle).entry ?? [];
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) {
      expect(holds(e.resource!)).toBe(true);
      expect(e.search?.mode).toBe('match');
      expect(e.fullUrl).toBe(`http://localhost:80${PREFIX}/${e.resource!.resourceType}/${e.resource!.id}`);
    }
  });

  it('a search by a value nobody has finds nothing, the filters AND', async () => {
    expect((await get(`Patient?identifier=${FHIR_SYSTEMS.cccd}|000000000000`)).body.total).toBe(0);
    expect((await get('Encounter?subject=Patient/bn-1&subject=Patient/bn-2')).body.total).toBe(0);
  });

  it('_include puts each result Observation in the Bundle once, as include', async () => {
    const r = (await get('DiagnosticReport?subject=Patient/bn-1&_include=DiagnosticReport:result')).body as Bundle;
    const reports = r.entry!.filter((e) => e.search!.mode === 'match').map((e) => e.resource as Any);
    const wanted = new Set(reports.flatMap((d) => d.result.map((x: Any) => x.reference)));
    const got = r.entry!.filter((e) => e.search!.mode === 'include').map((e) => `Observation/${e.resource!.id}`);
    expect(new Set(got)).toEqual(wanted);
    expect(got).toHaveLength(wanted.size);
  });

  it('_sort=-date lists the latest visit first', async () => {
    const r = (await get('Encounter?subject=Patient/bn-5&_sort=-date')).body as Bundle;
    const starts = r.entry!.map((e) => (e.resource as Any).period.start);
    expect(starts).toEqual([...starts].sort().reverse());
  });

  it('Binary: the PDF bytes unless FHIR JSON is asked, a well-formed PDF with its cross-reference table', async () => {
    const report = sim.state.get('DiagnosticReport', 'kq-1')!;
    const r = await get(report.presentedForm![0]!.url!);
    expect(r.headers['content-type']).toBe('application/pdf');
    const pdf = (r.body as Buffer).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((o, i) => expect(pdf.slice(o, o + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    expect(pdf).toContain('Ma benh nhan: BN00000001');
  });
});

describe('paging', () => {
  it.each([
    ['Organization', 7],
    ['ChargeItemDefinition', 500],
    ['Observation', 333],
  ])('%s pages (_count=%i) reach every entry exactly once', async (type, count) => {
    const { resources, pages, total } = await all(`${type}?_count=${count}`);
    const ids = resources.map((r) => r.id);
    expect(total).toBe(sim.state.list(type as Resource['resourceType']).length);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    expect(pages).toBe(Math.ceil(total / count));
  });

  it('the default page size is 50, _count above 500 is 500, the next link keeps the filters', async () => {
    const b = (await get('ChargeItemDefinition?status=active')).body as Bundle;
    expect(b.entry).toHaveLength(50);
    const next = new URL(b.link!.find((l) => l.relation === 'next')!.url!);
    expect(next.pathname).toBe(`${PREFIX}/ChargeItemDefinition`);
    expect(next.searchParams.get('status')).toBe('active');
    expect(next.searchParams.get('_offset')).toBe('50');
    expect(((await get('ChargeItemDefinition?_count=9000')).body as Bundle).entry).toHaveLength(500);
  });

  it('_count=0 answers the total alone', async () => {
    const b = (await get('Patient?_count=0')).body as Bundle;
    expect(b.total).toBe(300);
    expect(b.entry).toEqual([]);
    expect(b.link!.some((l) => l.relation === 'next')).toBe(false);
  });
});

describe('determinism and size', () => {
  it('two simulators of the same options serve the same data; another seed does not', () => {
    const a = createHisSimulator({ now: NOW, patients: 60, seed: 7 });
    const b = createHisSimulator({ now: NOW, patients: 60, seed: 7 });
    const c = createHisSimulator({ now: NOW, patients: 60, seed: 8 });
    const dump = (s: HisSimulator) => JSON.stringify([...s.state.resources].map(([t, m]) => [t, [...m.values()]]));
    expect(dump(a)).toBe(dump(b));
    expect(dump(a)).not.toBe(dump(c));
    expect(Buffer.compare(a.state.binaries.get('pdf-1')!.data, b.state.binaries.get('pdf-1')!.data)).toBe(0);
  });

  it('services: 10,000 builds in well under two seconds and pages out fully', async () => {
    const t = performance.now();
    const big = createHisSimulator({ services: 10_000, patients: 50, now: NOW });
    const built = performance.now() - t;
    expect(built).toBeLessThan(1500);
    const server = Fastify();
    await big.register(server, '/fhir/R4');
    const codes = new Set<string>();
    let url: string | undefined = '/fhir/R4/ChargeItemDefinition?context=Organization/bv-an-phuc&_count=500';
    const t2 = performance.now();
    let pages = 0;
    while (url) {
      const b = (await server.inject({ method: 'GET', url })).json() as Bundle;
      for (const e of b.entry!) codes.add((e.resource as ChargeItemDefinition).identifier![0]!.value!);
      const next = b.link!.find((l) => l.relation === 'next')?.url;
      url = next ? new URL(next).pathname + new URL(next).search : undefined;
      pages++;
    }
    const paged = performance.now() - t2;
    await server.close();
    expect(codes.size).toBe(10_000);
    expect(pages).toBe(20);
    console.info(`10,000 services: built in ${built.toFixed(0)} ms, 20 pages of 500 in ${paged.toFixed(0)} ms`);
  });
});
