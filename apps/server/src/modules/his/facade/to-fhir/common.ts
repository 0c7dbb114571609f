import type { CodeableConcept, ExtractResource, Identifier, Reference, ResourceType } from '@medplum/fhirtypes';
import { portalSystem, type PortalCodeKind } from '@portal/shared/rules/fhir-systems';
import { pad2, vnParts } from '@portal/shared/rules/time';

/** The facility a resource belongs to, as the conversions need it: its id (references) and code (identifier systems). */
export interface FacilityRef {
  id: number;
  code: string;
}

/**
 * Ids of the façade (docs/his-facade.md): a row's own id, except for Organization, which holds two kinds of row —
 * the facility (`f<facility id>`) and its departments (`d<department id>`). Ids never change while the row lives.
 */
export const hospitalOrgId = (facilityId: number) => `f${facilityId}`;
export const departmentOrgId = (departmentId: number) => `d${departmentId}`;

export function ref<K extends ResourceType>(type: K, id: string | number, display?: string | null): Reference<ExtractResource<K>> {
  return display ? { reference: `${type}/${id}`, display } : { reference: `${type}/${id}` };
}

/** An identifier in the portal's own system of the facility (`urn:portal:<facility code>:<kind>`). */
export function portalIdentifier(f: FacilityRef, kind: PortalCodeKind, value: string | number): Identifier {
  return { use: 'usual', system: portalSystem(f.code, kind), value: String(value) };
}

/** A portal code as a CodeableConcept (a specialty, a service): its system, code and Vietnamese name. */
export function portalConcept(f: FacilityRef, kind: PortalCodeKind, code: string, name: string): CodeableConcept {
  return { coding: [{ system: portalSystem(f.code, kind), code, display: name }], text: name };
}

/** A calendar date and an 'HH:mm' wall-clock time in Vietnam as a FHIR dateTime with its +07:00 offset. */
export function vnDateTime(date: string, time: string): string {
  return `${date}T${time.length === 5 ? `${time}:00` : time}+07:00`;
}

/** An instant as a FHIR dateTime in +07:00 (`2026-05-04T08:15:30+07:00`), whatever the server's zone. */
export function vnInstant(value: Date | string): string {
  const p = vnParts(value instanceof Date ? value : new Date(value));
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)}T${pad2(p.hour)}:${pad2(p.minute)}:${pad2(p.second)}+07:00`;
}

/** MALE / FEMALE of the portal; anything else is `unknown` (R4 administrative-gender). */
export function fhirGender(g: string | null | undefined): 'male' | 'female' | 'unknown' {
  return g === 'MALE' ? 'male' : g === 'FEMALE' ? 'female' : 'unknown';
}

/** A Vietnamese full name: the family name first ("Nguyễn"), the given names after ("Văn", "An"). */
export function vietnameseName(full: string): { text: string; family?: string; given?: string[] } {
  const words = full.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { text: full };
  return words.length === 1 ? { text: full.trim(), family: words[0] } : { text: words.join(' '), family: words[0], given: words.slice(1) };
}

/** Minutes between two 'HH:mm' of one day. */
export function minutesBetween(start: string, end: string): number {
  const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  return m(end) - m(start);
}
