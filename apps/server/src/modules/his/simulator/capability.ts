import type { CapabilityStatement, CapabilityStatementRestResource } from '@medplum/fhirtypes';
import type { HisSimulatorAuth } from './auth';
import { HOSPITAL_NAME } from './hospital';
import { SEARCH_PARAMS } from './search';

const PARAM_TYPE: Record<string, 'token' | 'reference' | 'string' | 'date'> = {
  type: 'token',
  identifier: 'token',
  status: 'token',
  active: 'token',
  gender: 'token',
  code: 'token',
  category: 'token',
  name: 'string',
  title: 'string',
  birthdate: 'date',
};

/** What the simulated HIS serves: read and search of every type, conditional update of Appointment, Binary read. */
export function capabilityStatement(base: string, auth: HisSimulatorAuth, tokenUrl: string): CapabilityStatement {
  const resources: CapabilityStatementRestResource[] = Object.entries(SEARCH_PARAMS).map(([type, params]) => ({
    type: type as CapabilityStatementRestResource['type'],
    interaction: [{ code: 'read' }, { code: 'search-type' }, ...(type === 'Appointment' ? [{ code: 'update' as const }, { code: 'create' as const }] : [])],
    ...(type === 'Appointment' ? { conditionalUpdate: true, conditionalCreate: false } : {}),
    ...(type === 'DiagnosticReport' ? { searchInclude: ['DiagnosticReport:result'] } : {}),
    searchParam: [{ name: '_id', type: 'token' as const }, ...Object.keys(params).map((name) => ({ name, type: PARAM_TYPE[name] ?? ('reference' as const) }))],
  }));
  resources.push({ type: 'Binary', interaction: [{ code: 'read' }] });
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: '2025-07-01',
    publisher: HOSPITAL_NAME,
    kind: 'instance',
    software: { name: 'HIS mô phỏng (cổng đặt khám)', version: '1.0' },
    implementation: { description: `HIS mô phỏng – ${HOSPITAL_NAME}`, url: base },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    rest: [
      {
        mode: 'server',
        ...(auth.type === 'none'
          ? {}
          : {
              security: {
                service: [
                  {
                    coding: [
                      {
                        system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                        code: auth.type === 'basic' ? 'Basic' : 'OAuth',
                      },
                    ],
                  },
                ],
                description: auth.type === 'oauth2' ? `OAuth2 client credentials, token: ${tokenUrl}` : `HTTP ${auth.type === 'basic' ? 'Basic' : 'Bearer'}`,
              },
            }),
        resource: resources,
      },
    ],
  };
}
