import type { Resource } from '@medplum/fhirtypes';
import { FOREIGN_DEPARTMENT_ID, FOREIGN_HOSPITAL_ID } from './hospital';

export const FAULT_MODES = ['http500', 'timeout', 'rateLimit', 'invalid', 'endless', 'foreign', 'duplicates', 'noCurrency', 'badAuth'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export interface FaultSpec {
  mode: FaultMode;
  /** How many matching requests it hits; default: until cleared. */
  times?: number;
  /** Only requests about these resource types (the path's type; `metadata` is CapabilityStatement). */
  types?: string[];
}

export interface FaultControl {
  /** Replaces the current fault. */
  set(spec: FaultSpec): void;
  clear(): void;
  /** The fault in force, with `times` counting down. */
  readonly current: FaultSpec | null;
  /** How many requests a fault has hit since the last set. */
  readonly hits: number;
}

export class Faults implements FaultControl {
  current: FaultSpec | null = null;
  hits = 0;

  set(spec: FaultSpec): void {
    if (!FAULT_MODES.includes(spec.mode)) throw new Error(`Chế độ lỗi không có: ${String(spec.mode)}`);
    if (spec.times !== undefined && !(Number.isInteger(spec.times) && spec.times > 0)) throw new Error('times phải là số nguyên dương');
    this.current = { mode: spec.mode, times: spec.times, types: spec.types?.length ? [...spec.types] : undefined };
    this.hits = 0;
  }

  clear(): void {
    this.current = null;
    this.hits = 0;
  }

  /** The fault this request takes (counted), or null. */
  take(type: string): FaultMode | null {
    const f = this.current;
    if (!f || (f.types && !f.types.includes(type))) return null;
    this.hits++;
    if (f.times !== undefined) {
      f.times--;
      if (f.times <= 0) this.current = null;
    }
    return f.mode;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: reads fields of resources of any type by name
type Any = Record<string, any>;

/**
 * What the data faults do to the resources of an answer (copies; the state stays as it is). Every fifth
 * resource, the first included, is hit, so an answer of one resource is hit too.
 */
export function spoil(mode: FaultMode, resources: Resource[]): Resource[] {
  if (mode === 'duplicates') return duplicated(resources);
  return resources.map((r, i) => {
    if (i % 5 !== 0) return r;
    const x = structuredClone(r) as Any;
    if (mode === 'invalid') {
      if (x.resourceType === 'ChargeItemDefinition') x.status = 12;
      else x.ghiChuNoiBo = 'trường không có trong FHIR R4';
    } else if (mode === 'foreign') {
      makeForeign(x);
    } else if (mode === 'noCurrency') {
      for (const g of x.propertyGroup ?? []) for (const c of g.priceComponent ?? []) if (c.amount) delete c.amount.currency;
    }
    return x as Resource;
  });
}

function makeForeign(x: Any): void {
  const hospital = { reference: `Organization/${FOREIGN_HOSPITAL_ID}` };
  const department = { reference: `Organization/${FOREIGN_DEPARTMENT_ID}` };
  switch (x.resourceType) {
    case 'Organization':
      if (x.partOf) x.partOf = hospital;
      break;
    case 'Location':
      x.managingOrganization = department;
      break;
    case 'PractitionerRole':
      x.organization = department;
      break;
    case 'ChargeItemDefinition':
      for (const u of x.useContext ?? []) if (u.code?.code === 'venue') u.valueReference = hospital;
      break;
    case 'Patient':
      x.managingOrganization = hospital;
      break;
    case 'Encounter':
      x.serviceProvider = department;
      break;
  }
}

/** After each catalogue entry hit, a second entry with the same service code at another price. */
function duplicated(resources: Resource[]): Resource[] {
  const out: Resource[] = [];
  resources.forEach((r, i) => {
    out.push(r);
    if (r.resourceType !== 'ChargeItemDefinition' || i % 5 !== 0) return;
    const x = structuredClone(r) as Any;
    x.id = `${r.id}-trung`;
    const standard = x.propertyGroup?.[0]?.priceComponent?.[0];
    if (standard?.amount?.value !== undefined) standard.amount.value += 10_000;
    out.push(x as Resource);
  });
  return out;
}
