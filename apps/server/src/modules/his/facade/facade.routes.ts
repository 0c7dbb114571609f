import type { Resource } from '@medplum/fhirtypes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FHIR_BASE, FHIR_CONTENT_TYPE, FHIR_MESSAGES, FHIR_TYPES, fhirMetadataEndpoint, fhirRead, fhirSearch } from '@portal/shared/contracts/fhir.contract';
import { caller } from '../../../core/access';
import type { AppContext } from '../../../core/context';
import { route } from '../../../core/endpoints';
import { capabilityStatement } from './capability';
import * as service from './facade.service';
import { installFhirErrors, outcome } from './outcome';
import type { SearchQuery } from './params';

const tags = ['FHIR R4 (HIS)'];

/** The façade's absolute base as the caller reached it (behind the proxy: trustProxy), for `fullUrl` and the links. */
const baseOf = (req: FastifyRequest) => `${req.protocol}://${req.host}${FHIR_BASE}`;

/** FHIR's media type, and never cached: the answers carry personal data. */
function fhirReply(reply: FastifyReply): void {
  reply.type(FHIR_CONTENT_TYPE).header('Cache-Control', 'no-store');
}

/** A resource as the route's loose response schema takes it (@medplum/fhirtypes' interfaces have no index signature). */
const body = (r: Resource) => r as never;

/**
 * The FHIR R4 façade (issue 21; docs/his-facade.md): `metadata`, then read and search of nine types, for a HIS
 * holding FHIR_READ. In a scope of its own: its errors are OperationOutcomes, not the API's envelope.
 */
export async function fhirFacadeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    installFhirErrors(scope);
    route(scope, fhirMetadataEndpoint, {
      config: { access: 'public' },
      tags,
      handler: async (req, reply) => {
        fhirReply(reply);
        return body(capabilityStatement(baseOf(req)));
      },
    });
    const config = { access: 'FHIR_READ' as const };
    for (const type of FHIR_TYPES) {
      route(scope, fhirRead(type), {
        config,
        tags,
        handler: async (req, reply) => {
          fhirReply(reply);
          return body(await service.readResource(ctx, caller(req), type, req.params.id));
        },
      });
      route(scope, fhirSearch(type), {
        config,
        tags,
        handler: async (req, reply) => {
          fhirReply(reply);
          return body(await service.searchResources(ctx, caller(req), type, req.query as SearchQuery, baseOf(req)));
        },
      });
    }
  });
  // an unknown type or interaction under /fhir: an OperationOutcome too, not the web app's page
  await app.register(
    async (scope) => {
      scope.setNotFoundHandler((_req, reply) => {
        fhirReply(reply);
        return reply.code(404).send(outcome(404, FHIR_MESSAGES.routeNotFound));
      });
    },
    { prefix: '/fhir' },
  );
}
