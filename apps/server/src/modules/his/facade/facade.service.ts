import type { Bundle, Resource } from '@medplum/fhirtypes';
import { FHIR_MESSAGES, type FhirType } from '@portal/shared/contracts/fhir.contract';
import { fmt } from '@portal/shared';
import { audit } from '../../../core/audit';
import type { Caller } from '../../../core/caller';
import type { AppContext } from '../../../core/context';
import { searchset } from './bundle';
import { FACADE_TYPES } from './facade-types';
import { FhirError } from './outcome';
import { paging, type SearchQuery } from './params';
import { findHospital } from './places.repository';
import type { HospitalRow } from './to-fhir/organization';

/** The caller's facility: every read and search is of it alone (another facility's ids are simply not found). */
async function hospitalOf(ctx: AppContext, caller: Caller): Promise<HospitalRow> {
  const hospital = await findHospital(ctx.database.db, caller.facilityId);
  if (!hospital) throw new FhirError(404, fmt(FHIR_MESSAGES.notFound, { type: 'Organization', id: `f${caller.facilityId}` }));
  return hospital;
}

/**
 * One audit row per request that reads patient data (Patient, Appointment), never one per resource: who, which
 * type, the parameters used (their names: the values may be a CCCD) and the ids served.
 */
function auditRead(ctx: AppContext, caller: Caller, type: FhirType, entityId: string, after: Record<string, unknown>) {
  return audit(ctx.database.db, caller, { action: 'READ_RECORD', entity: 'fhir', entityId, after: { what: `FHIR ${type}`, ...after } });
}

/** `GET /fhir/R4/<type>/<id>`: the resource, or a 404 (unknown, or of another facility). */
export async function readResource(ctx: AppContext, caller: Caller, type: FhirType, id: string): Promise<Resource> {
  const hospital = await hospitalOf(ctx, caller);
  const def = FACADE_TYPES[type];
  const found = await def.search(ctx.database.db, hospital, { _id: id }, { count: 1, offset: 0 });
  const resource = found.rows[0];
  if (!resource || resource.id !== id) throw new FhirError(404, fmt(FHIR_MESSAGES.notFound, { type, id }));
  if (def.audited) await auditRead(ctx, caller, type, `${type}/${id}`, { interaction: 'read' });
  return resource;
}

/** `GET /fhir/R4/<type>?…`: one page of the matches as a searchset Bundle (`base`: the façade's absolute URL). */
export async function searchResources(ctx: AppContext, caller: Caller, type: FhirType, q: SearchQuery, base: string): Promise<Bundle> {
  const page = paging(q);
  const hospital = await hospitalOf(ctx, caller);
  const def = FACADE_TYPES[type];
  const found = await def.search(ctx.database.db, hospital, q, page);
  if (def.audited) {
    await auditRead(ctx, caller, type, type, {
      interaction: 'search-type',
      params: Object.keys(q).filter((k) => q[k] !== undefined),
      total: found.total,
      ids: found.rows.map((r) => r.id),
    });
  }
  return searchset({ base, type, query: q, ...page, total: found.total, resources: found.rows });
}
