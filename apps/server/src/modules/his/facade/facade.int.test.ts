import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { MSG } from '@portal/shared';
import { FHIR_TYPES, type FhirType } from '@portal/shared/contracts/fhir.contract';
import { FHIR_SYSTEMS, portalSystem } from '@portal/shared/rules/fhir-systems';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../../test/test-app';
import { fhirIssues } from '../fhir/validate';
import { makeFacadeData, type FacadeFixture } from './facade.fixtures';

/**
 * The FHIR façade through HTTP: two facilities with the same kind of data; a HIS account (FHIR_READ) of the first,
 * a front-desk account without it. Every resource served is checked against the R4 definitions.
 */
let t: TestApp;
let his: string;
let desk: string;
let hisB: string;
let a: FacadeFixture;
let b: FacadeFixture;
let facilityA: number;
let codeA: string;
const DAY1 = '2026-05-04';
const DAY2 = '2026-05-05';
const BASE = '/fhir/R4';
/** The origin app.inject's requests carry (Host: localhost:80): the links and full URLs are absolute. */
const ORIGIN = 'http://localhost:80';

const get = (url: string, token: string | null = his) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

async function bundle(url: string, token = his): Promise<Bundle> {
  const res = await get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
  const body = res.json() as Bundle;
  expect(fhirIssues(body), url).toEqual([]);
  for (const e of body.entry ?? []) expect(fhirIssues(e.resource), `${url} ${e.fullUrl}`).toEqual([]);
  return body;
}
const resources = <T extends Resource>(bd: Bundle) => (bd.entry ?? []).map((e) => e.resource as T);
const ids = (bd: Bundle) => resources(bd).map((r) => r.id);
const outcomeText = (body: string) => (JSON.parse(body) as { issue: { details: { text: string } }[] }).issue[0]!.details.text;

beforeAll(async () => {
  t = await createTestApp();
  const fa = await makeFacility(t, [
    { key: 'his', authorities: ['FHIR_READ'] },
    { key: 'desk', authorities: ['MANAGER_APPOINTMENT', 'MANAGER_USER'] },
  ]);
  const fb = await makeFacility(t, [{ key: 'his', authorities: ['FHIR_READ'] }]);
  facilityA = fa.facilityId;
  [{ code: codeA }] = (await sqlRows<{ code: string }>(t, sql`SELECT code FROM facilities WHERE id = ${facilityA}`)) as [{ code: string }];
  a = await makeFacadeData(t.database.db, fa.facilityId, DAY1, DAY2);
  b = await makeFacadeData(t.database.db, fb.facilityId, DAY1, DAY2);
  his = (await login(t, fa.accounts.his!)).loginToken;
  desk = (await login(t, fa.accounts.desk!)).loginToken;
  hisB = (await login(t, fb.accounts.his!)).loginToken;
});
afterAll(() => t.close());

describe('metadata', () => {
  it('is a valid CapabilityStatement of the nine types, served without a token', async () => {
    const res = await get(`${BASE}/metadata`, null);
    expect(res.statusCode).toBe(200);
    const cs = res.json();
    expect(fhirIssues(cs)).toEqual([]);
    expect(cs.rest[0].resource.map((r: { type: string }) => r.type)).toEqual([...FHIR_TYPES]);
    expect(cs.rest[0].resource[8].searchParam.map((p: { name: string }) => p.name)).toContain('date');
  });
});

describe('every type: search and read', () => {
  it.each(FHIR_TYPES.map((x) => [x]))('%s', async (type: FhirType) => {
    const all = await bundle(`${BASE}/${type}`);
    expect(all.total, type).toBeGreaterThan(0);
    expect(all.entry).toHaveLength(Math.min(all.total!, 50));
    const first = all.entry![0]!;
    expect(first.search).toEqual({ mode: 'match' });
    expect(first.fullUrl).toBe(`${ORIGIN}${BASE}/${type}/${first.resource!.id}`);
    const res = await get(`${BASE}/${type}/${first.resource!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(first.resource);
    expect((await get(`${BASE}/${type}/999999999`)).statusCode).toBe(404);
  });
});

describe('Patient', () => {
  it('is found by CCCD, BHYT and patient code, by name without diacritics, birth date and phone', async () => {
    for (const q of [
      `identifier=${FHIR_SYSTEMS.cccd}|${a.patients.cccd}`,
      `identifier=${FHIR_SYSTEMS.bhyt}|${a.patients.bhyt}`,
      `identifier=${portalSystem(codeA, 'patient-code')}|${a.patients.code}`,
      `identifier=${a.patients.cccd}`,
      'name=nguyen%20thi%20hong%20nhung&birthdate=1985-04-12',
      `phone=${a.patients.phone}`,
    ]) {
      expect(ids(await bundle(`${BASE}/Patient?${q}`)), q).toEqual([String(a.patients.id)]);
    }
    expect((await bundle(`${BASE}/Patient?identifier=${FHIR_SYSTEMS.bhyt}|${a.patients.cccd}`)).total).toBe(0);
    expect((await bundle(`${BASE}/Patient?birthdate=ge2019-01-01&_id=${a.patients.id},${a.patients.childId}`)).total).toBe(1);
  });

  it('carries its identifiers in their systems, and none for what the profile lacks', async () => {
    const [p] = resources<import('@medplum/fhirtypes').Patient>(await bundle(`${BASE}/Patient?_id=${a.patients.id}`));
    expect(p!.identifier!.map((i) => [i.system, i.value])).toEqual([
      [portalSystem(codeA, 'patient-code'), a.patients.code],
      [FHIR_SYSTEMS.cccd, a.patients.cccd],
      [FHIR_SYSTEMS.bhyt, a.patients.bhyt],
    ]);
    expect(p!.managingOrganization).toEqual({ reference: `Organization/f${facilityA}` });
    const [child] = resources<import('@medplum/fhirtypes').Patient>(await bundle(`${BASE}/Patient?_id=${a.patients.childId}`));
    expect(child!.identifier).toHaveLength(1);
    expect(child!.telecom).toBeUndefined();
    expect(child!.address).toBeUndefined();
  });

  it('writes one audit row per request, with the ids served', async () => {
    await bundle(`${BASE}/Patient?identifier=${a.patients.cccd}`);
    const [row] = await sqlRows<{ action: string; entity_id: string; after: { ids: string[]; params: string[] } }>(
      t,
      sql`SELECT action, entity_id, after FROM audit_log WHERE facility_id = ${facilityA} AND entity = 'fhir' ORDER BY id DESC LIMIT 1`,
    );
    expect(row).toMatchObject({ action: 'READ_RECORD', entity_id: 'Patient', after: { ids: [String(a.patients.id)], params: ['identifier'] } });
    expect(JSON.stringify(row)).not.toContain(a.patients.cccd);
    await get(`${BASE}/Patient/${a.patients.id}`);
    await bundle(`${BASE}/Appointment?date=${DAY1}`);
    const last = await sqlRows<{ entity_id: string }>(
      t,
      sql`SELECT entity_id FROM audit_log WHERE facility_id = ${facilityA} AND entity = 'fhir' ORDER BY id DESC LIMIT 2`,
    );
    expect(last.map((r) => r.entity_id)).toEqual(['Appointment', `Patient/${a.patients.id}`]);
  });
});

describe('Appointment', () => {
  it('is searched by day (+07:00), with prefixes, by status and by booking code', async () => {
    expect((await bundle(`${BASE}/Appointment?date=${DAY1}`)).total).toBe(4);
    expect((await bundle(`${BASE}/Appointment?date=eq${DAY2}`)).total).toBe(2);
    expect((await bundle(`${BASE}/Appointment?date=ge${DAY1}&date=le${DAY2}`)).total).toBe(6);
    expect((await bundle(`${BASE}/Appointment?date=gt${DAY1}`)).total).toBe(2);
    expect((await bundle(`${BASE}/Appointment?date=lt${DAY2}`)).total).toBe(4);
    expect((await bundle(`${BASE}/Appointment?date=ge${DAY1}T07:30:00%2B07:00&date=le${DAY1}`)).total).toBe(3);
    expect((await bundle(`${BASE}/Appointment?date=2026-05`)).total).toBe(6);
    expect((await bundle(`${BASE}/Appointment?status=cancelled,noshow`)).total).toBe(2);
    const code = a.bookings[0]!.code;
    expect(ids(await bundle(`${BASE}/Appointment?identifier=${portalSystem(codeA, 'booking')}|${code}`))).toEqual([String(a.bookings[0]!.id)]);
    expect((await bundle(`${BASE}/Appointment?patient=Patient/${a.patients.id}`)).total).toBe(3);
    expect((await bundle(`${BASE}/Appointment?practitioner=${a.clinic.doctorId}&location=Location/${a.clinic.roomId}`)).total).toBe(6);
  });

  it('says start and end in +07:00, the priority, the symptom and a cancellation reason', async () => {
    const list = resources<import('@medplum/fhirtypes').Appointment>(await bundle(`${BASE}/Appointment?date=${DAY1}`));
    const [first, arrived, cancelled, pending] = list;
    expect(first).toMatchObject({
      status: 'booked',
      start: `${DAY1}T07:00:00+07:00`,
      end: `${DAY1}T07:30:00+07:00`,
      priority: 1,
      comment: 'Đau đầu, chóng mặt buổi sáng',
      identifier: [{ system: portalSystem(codeA, 'booking'), value: a.bookings[0]!.code }],
    });
    expect(first!.serviceType).toHaveLength(1);
    expect(first!.participant.map((p) => p.actor?.reference)).toEqual([
      `Patient/${a.patients.id}`,
      `Practitioner/${a.clinic.doctorId}`,
      `Location/${a.clinic.roomId}`,
    ]);
    expect(arrived).toMatchObject({ status: 'arrived' });
    expect(arrived!.priority).toBeUndefined();
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelationReason: { text: 'Bận việc gia đình, xin đổi sang tuần sau' } });
    expect(pending).toMatchObject({ status: 'pending' });
  });

  it('pages with links that reach every entry once', async () => {
    const seen: string[] = [];
    let url: string | undefined = `${ORIGIN}${BASE}/Appointment?date=ge${DAY1}&_count=4`;
    let pages = 0;
    while (url) {
      expect(url.startsWith(ORIGIN)).toBe(true);
      const page: Bundle = await bundle(url.slice(ORIGIN.length));
      expect(page.total).toBe(6);
      seen.push(...ids(page).map(String));
      if (pages > 0) expect(page.link!.some((l) => l.relation === 'previous')).toBe(true);
      url = page.link!.find((l) => l.relation === 'next')?.url;
      pages += 1;
    }
    expect(pages).toBe(2);
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    const self = (await bundle(`${BASE}/Appointment?date=ge${DAY1}&_count=4`)).link!.find((l) => l.relation === 'self')!.url;
    expect(self).toBe(`${ORIGIN}${BASE}/Appointment?date=ge${DAY1}&_count=4&_offset=0`);
  });
});

describe('the other types', () => {
  it('Organization: the facility (prov) and its departments (dept, part of it)', async () => {
    const orgs = resources<import('@medplum/fhirtypes').Organization>(await bundle(`${BASE}/Organization`));
    expect(orgs[0]).toMatchObject({ id: `f${facilityA}`, type: [{ coding: [{ code: 'prov' }] }] });
    expect(orgs[1]).toMatchObject({ id: `d${a.clinic.departmentId}`, partOf: { reference: `Organization/f${facilityA}` } });
    expect(ids(await bundle(`${BASE}/Organization?type=dept&partof=Organization/f${facilityA}`))).toEqual([`d${a.clinic.departmentId}`]);
    expect(ids(await bundle(`${BASE}/Organization?type=prov`))).toEqual([`f${facilityA}`]);
  });

  it('Location, PractitionerRole, HealthcareService, Schedule and Slot by their parameters', async () => {
    const dep = `Organization/d${a.clinic.departmentId}`;
    expect(ids(await bundle(`${BASE}/Location?organization=${dep}`))).toEqual([String(a.clinic.roomId)]);
    expect(ids(await bundle(`${BASE}/PractitionerRole?organization=${dep}&location=Location/${a.clinic.roomId}`))).toEqual([String(a.clinic.doctorId)]);
    expect(ids(await bundle(`${BASE}/HealthcareService?location=${a.clinic.roomId}`))).toEqual([String(a.clinic.specialtyId)]);
    expect(ids(await bundle(`${BASE}/Schedule?actor=Practitioner/${a.clinic.doctorId}&date=${DAY2}`))).toEqual([String(a.day2[0]!.scheduleId)]);
    const slots = await bundle(`${BASE}/Slot?schedule=Schedule/${a.day1[0]!.scheduleId}&start=ge${DAY1}T07:30:00%2B07:00`);
    expect(slots.total).toBe(3);
    expect((await bundle(`${BASE}/Slot?start=${DAY1}&status=busy`)).total).toBe(0);
  });
});

describe('refusals', () => {
  it('401 without a token, 403 without FHIR_READ, as OperationOutcomes in Vietnamese', async () => {
    const anonymous = await get(`${BASE}/Patient`, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    expect(outcomeText(anonymous.body)).toBe(MSG.unauthorized);
    const refused = await get(`${BASE}/Appointment?date=${DAY1}`, desk);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'forbidden' }] });
    expect(outcomeText(refused.body)).toBe('Bạn không có quyền thao tác');
  });

  it('400 for a bad date or _count, 404 for an unknown id or type', async () => {
    const bad = await get(`${BASE}/Appointment?date=2026-02-30`);
    expect(bad.statusCode).toBe(400);
    expect(fhirIssues(bad.json())).toEqual([]);
    expect(outcomeText(bad.body)).toContain('không phải ngày hợp lệ');
    expect((await get(`${BASE}/Appointment?date=xx2026-05-04`)).statusCode).toBe(400);
    expect((await get(`${BASE}/Slot?start=ge-1`)).statusCode).toBe(400);
    expect((await get(`${BASE}/Patient?_count=ten`)).statusCode).toBe(400);
    const missing = await get(`${BASE}/Patient/abc`);
    expect(missing.statusCode).toBe(404);
    expect(outcomeText(missing.body)).toBe('Không tìm thấy Patient/abc');
    const route = await get(`${BASE}/Encounter`);
    expect(route.statusCode).toBe(404);
    expect(route.json().resourceType).toBe('OperationOutcome');
  });

  it('refuses a NUL in a parameter as a 400 OperationOutcome', async () => {
    const res = await get(`${BASE}/Patient?name=a%00b`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().resourceType).toBe('OperationOutcome');
  });

  it('ignores a parameter it does not know', async () => {
    expect((await bundle(`${BASE}/Appointment?date=${DAY1}&_sort=date&foo=bar`)).total).toBe(4);
  });

  it("never shows another facility's resources: 404 on read, absent from searches", async () => {
    expect((await get(`${BASE}/Patient/${b.patients.id}`)).statusCode).toBe(404);
    expect((await get(`${BASE}/Appointment/${b.bookings[0]!.id}`)).statusCode).toBe(404);
    expect((await get(`${BASE}/Organization/d${b.clinic.departmentId}`)).statusCode).toBe(404);
    expect((await bundle(`${BASE}/Patient?identifier=${b.patients.cccd}`)).total).toBe(0);
    expect((await bundle(`${BASE}/Appointment?patient=${b.patients.id}`)).total).toBe(0);
    expect(ids(await bundle(`${BASE}/Patient?identifier=${b.patients.cccd}`, hisB))).toEqual([String(b.patients.id)]);
  });
});
