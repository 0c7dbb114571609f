import type { Appointment, ChargeItemDefinition, Patient, Resource } from '@medplum/fhirtypes';
import { HIS_CODE_SYSTEMS } from '@portal/shared/rules/fhir-systems';
import { buildHospital, type Hospital } from './hospital';
import { demoPortalPatients, hisOnlyPatients, type PatientInput, patientResource } from './patients';
import { seededRng } from './random';
import { dayStart, newCounters, type PatientRecords, type RecordContext, recordsFor } from './records';

export interface StateOptions {
  seed: number;
  services?: number;
  patients: number;
  hospitalId: string;
  now: Date;
}

/** One check-in the HIS received (PUT Appointment?identifier=...). */
export interface ReceivedAppointment {
  at: Date;
  identifier: string;
  created: boolean;
  appointment: Appointment;
}

/**
 * The HIS's data, in memory: resources by type and id (a search lists them in insertion order), the PDFs,
 * the check-ins received and the queue counters. Tests may read and change any of it.
 */
export class SimulatorState {
  readonly hospitalId: string;
  readonly resources = new Map<string, Map<string, Resource>>();
  readonly binaries = new Map<string, { contentType: string; data: Buffer }>();
  readonly received: ReceivedAppointment[] = [];
  /** Last queue number given, by `Location/<id>|YYYY-MM-DD` (+07:00 day of the appointment's start). */
  readonly queues = new Map<string, number>();
  /** How many demo portal patients (BN00000001...) the HIS holds. */
  readonly demoPatients: number;
  private readonly context: RecordContext;
  private readonly seed: number;
  private patientCount = 0;
  appointmentCount = 0;

  constructor(o: StateOptions) {
    this.hospitalId = o.hospitalId;
    this.seed = o.seed;
    const rng = seededRng(o.seed);
    const hospital: Hospital = buildHospital(rng, o.hospitalId, o.services);
    for (const list of [hospital.organizations, hospital.locations, hospital.practitioners, hospital.roles, hospital.services]) {
      for (const r of list) this.put(r);
    }
    this.context = { hospital, counters: newCounters(), today: dayStart(o.now) };
    this.demoPatients = Math.min(o.patients, Math.max(50, Math.ceil(o.patients / 3)));
    const demo = demoPortalPatients(this.demoPatients, o.now);
    const own = hisOnlyPatients(o.patients - demo.length, o.now, o.seed, demo);
    const recordsRng = seededRng(o.seed + 1);
    for (const p of [...demo, ...own]) this.addPatient(p, { rng: recordsRng });
  }

  list<K extends Resource['resourceType']>(type: K): Extract<Resource, { resourceType: K }>[] {
    return [...(this.resources.get(type)?.values() ?? [])] as Extract<Resource, { resourceType: K }>[];
  }

  get<K extends Resource['resourceType']>(type: K, id: string): Extract<Resource, { resourceType: K }> | undefined {
    return this.resources.get(type)?.get(id) as Extract<Resource, { resourceType: K }> | undefined;
  }

  /** Adds or replaces a resource (by type and id). */
  put<T extends Resource>(resource: T): T {
    let m = this.resources.get(resource.resourceType);
    if (!m) {
      m = new Map();
      this.resources.set(resource.resourceType, m);
    }
    m.set(resource.id!, resource);
    return resource;
  }

  remove(type: string, id: string): boolean {
    return this.resources.get(type)?.delete(id) ?? false;
  }

  /** The catalogue entry of a service code (e.g. to change its price in a test). */
  chargeItem(code: string): ChargeItemDefinition | undefined {
    return this.list('ChargeItemDefinition').find((c) => c.identifier?.some((i) => i.system === HIS_CODE_SYSTEMS.service && i.value === code));
  }

  /**
   * Registers a patient (e.g. the portal's own, from the demo seed), with `visits` outpatient visits
   * (default 1–6, 0 for none) and their records.
   */
  addPatient(input: PatientInput, options: { visits?: number; rng?: () => number } = {}): Patient {
    const id = input.id ?? `bn-${++this.patientCount}`;
    const patient = this.put(patientResource(input, id, this.hospitalId));
    const rng = options.rng ?? seededRng(this.seed ^ hashCode(input.patientCode));
    if (options.visits !== 0) {
      const r = recordsFor(rng, this.context, { id, patientCode: input.patientCode, fullName: input.fullName, birthDate: input.birthDate }, options.visits);
      this.addRecords(r);
    }
    return patient;
  }

  private addRecords(r: PatientRecords): void {
    for (const list of [r.encounters, r.conditions, r.medications, r.reports, r.observations]) for (const x of list) this.put(x);
    for (const b of r.binaries) this.binaries.set(b.id, { contentType: b.contentType, data: b.data });
  }
}

function hashCode(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
