import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Endpoint, EndpointBody, EndpointParams, EndpointQuery, EndpointResponse } from '@portal/shared/core/endpoint';
import { errorResponses } from './openapi';

/** The request a handler of `E` receives: its params, query and body already parsed by E's schemas. */
export type EndpointRequest<E> = FastifyRequest<{ Params: EndpointParams<E>; Querystring: EndpointQuery<E>; Body: EndpointBody<E> }>;

export interface EndpointRoute<E> {
  /** Route config: `access` (authority), `tokenInQuery`, `beforePasswordChange` … (core/access.ts). */
  config?: RouteShorthandOptions['config'];
  /** OpenAPI tags (the module's group, in Vietnamese). */
  tags: string[];
  bodyLimit?: number;
  /**
   * Returns the 200 answer, serialised through the endpoint's response schema; or sends an answer of
   * its own (a JSON text built by hand for speed, a file) and returns the reply.
   */
  handler: (req: EndpointRequest<E>, reply: FastifyReply) => Promise<EndpointResponse<E> | FastifyReply>;
}

/**
 * Registers one endpoint of packages/shared: its method and path, its zod schemas for validation,
 * serialisation and OpenAPI, the 200 response and the documented error statuses. The web calls the
 * same object (core/api/endpoint-client.ts), so a path or a response type is written once.
 */
export function route<E extends Endpoint>(app: FastifyInstance, e: E, r: EndpointRoute<E>): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: e.method,
    url: e.path,
    config: r.config,
    bodyLimit: r.bodyLimit,
    schema: {
      tags: r.tags,
      summary: e.summary,
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      response: { 200: e.response, ...errorResponses(...e.errors) },
    },
    handler: r.handler as never,
  });
}
