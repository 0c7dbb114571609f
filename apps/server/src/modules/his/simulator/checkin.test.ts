import type { Appointment } from '@medplum/fhirtypes';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FHIR_EXTENSIONS, portalSystem } from '@portal/shared/rules/fhir-systems';
import { fhirIssues } from '../fhir/validate';
import { createHisSimulator, type HisSimulator } from './index';

const PREFIX = '/his-simulator/fhir/R4';
const BOOKING = portalSystem('BVDK-AP', 'booking');
let sim: HisSimulator;
let app: FastifyInstance;

beforeAll(async () => {
  sim = createHisSimulator({ patients: 50, now: new Date('2025-11-20T03:00:00Z') });
  app = Fastify();
  await sim.register(app, PREFIX);
  await app.ready();
});
afterAll(() => app.close());

function appointment(code: string, room: string, start: string, status: Appointment['status'] = 'arrived'): Appointment {
  return {
    resourceType: 'Appointment',
    identifier: [{ system: BOOKING, value: code }],
    status,
    start,
    end: new Date(Date.parse(start) + 15 * 60_000).toISOString(),
    participant: [
      { actor: { reference: 'Patient/bn-1' }, status: 'accepted' },
      { actor: { reference: 'Practitioner/bs-001' }, status: 'accepted' },
      { actor: { reference: `Location/${room}` }, status: 'accepted' },
    ],
  };
}

const put = (code: string, body: unknown) =>
  app.inject({
    method: 'PUT',
    url: `${PREFIX}/Appointment?identifier=${encodeURIComponent(`${BOOKING}|${code}`)}`,
    headers: { 'content-type': 'application/fhir+json' },
    payload: JSON.stringify(body),
  });
const queueOf = (a: Appointment) => a.extension?.find((e) => e.url === FHIR_EXTENSIONS.queueNumber)?.valueInteger;

describe('check-in: PUT Appointment?identifier=… (conditional update)', () => {
  it('creates (201) then updates (200) the same appointment, valid R4 with its queue number', async () => {
    const first = await put('DK001', appointment('DK001', 'phong-p101', '2025-11-21T08:00:00+07:00', 'booked'));
    expect(first.statusCode).toBe(201);
    const created = first.json() as Appointment;
    expect(first.headers.location).toContain(`/Appointment/${created.id}/_history/1`);
    expect(queueOf(created)).toBeUndefined();
    const second = await put('DK001', appointment('DK001', 'phong-p101', '2025-11-21T08:00:00+07:00'));
    expect(second.statusCode).toBe(200);
    const arrived = second.json() as Appointment;
    expect(arrived.id).toBe(created.id);
    expect(arrived.meta?.versionId).toBe('2');
    expect(queueOf(arrived)).toBe(1);
    expect(fhirIssues(arrived)).toEqual([]);
    const read = await app.inject({ method: 'GET', url: `${PREFIX}/Appointment/${created.id}` });
    expect(queueOf(read.json())).toBe(1);
    const search = await app.inject({ method: 'GET', url: `${PREFIX}/Appointment?identifier=${encodeURIComponent(`${BOOKING}|DK001`)}` });
    expect(search.json().total).toBe(1);
    expect(sim.state.received.filter((r) => r.identifier === `${BOOKING}|DK001`).map((r) => r.created)).toEqual([true, false]);
  });

  it('numbers per room and +07:00 day from 1, and keeps the number when the same appointment arrives again', async () => {
    const q = async (code: string, room: string, start: string) => queueOf((await put(code, appointment(code, room, start))).json());
    expect(await q('DK101', 'phong-p103', '2025-11-22T07:30:00+07:00')).toBe(1);
    expect(await q('DK102', 'phong-p103', '2025-11-22T09:00:00+07:00')).toBe(2);
    expect(await q('DK103', 'phong-p104', '2025-11-22T09:00:00+07:00')).toBe(1);
    // 23:30 UTC of the 22nd is the 23rd in +07:00: a new day
    expect(await q('DK104', 'phong-p103', '2025-11-22T23:30:00Z')).toBe(1);
    expect(await q('DK102', 'phong-p103', '2025-11-22T09:00:00+07:00')).toBe(2);
    expect(await q('DK105', 'phong-p103', '2025-11-22T10:00:00+07:00')).toBe(3);
  });

  it('400 OperationOutcome for an invalid body or a missing identifier, 412 when several match', async () => {
    const bad = await put('DK201', { ...appointment('DK201', 'phong-p101', '2025-11-21T08:00:00+07:00'), start: undefined, end: undefined });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().resourceType).toBe('OperationOutcome');
    expect(JSON.stringify(bad.json())).toContain('app-3');
    expect((await put('DK202', { resourceType: 'Patient' })).statusCode).toBe(400);
    const noIdentifier = await app.inject({ method: 'PUT', url: `${PREFIX}/Appointment`, headers: { 'content-type': 'application/fhir+json' }, payload: '{}' });
    expect(noIdentifier.statusCode).toBe(400);
    const a = appointment('DK301', 'phong-p101', '2025-11-21T08:00:00+07:00');
    sim.state.put({ ...a, id: 'x1' });
    sim.state.put({ ...a, id: 'x2' });
    const many = await put('DK301', a);
    expect(many.statusCode).toBe(412);
  });
});
