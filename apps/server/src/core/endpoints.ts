import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Endpoint, EndpointBody, EndpointParams, EndpointQuery, EndpointResponse } from '@portal/shared/core/endpoint';
import type { FileAnswer } from '@portal/shared/core/resource-endpoints';
import { errorResponses } from './openapi';

/** The request a handler of `E` receives: its params, query and body already parsed by E's schemas. */
export type EndpointRequest<E> = FastifyRequest<{ Params: EndpointParams<E>; Querystring: EndpointQuery<E>; Body: EndpointBody<E> }>;

export interface EndpointRoute<E> {
  /** Route config: `access` (authority), `tokenInQuery`, `beforePasswordChange` … (core/access.ts). */
  config?: RouteShorthandOptions['config'];
  /** OpenAPI tags (the module's group, in Vietnamese). */
  tags: string[];
  bodyLimit?: number;
  handler: (req: EndpointRequest<E>, reply: FastifyReply) => Promise<EndpointResponse<E>>;
}

/** The OpenAPI of a file answer: bytes of the file's type (Fastify sends a Buffer without serialising it). */
const fileResponse = (file: FileAnswer) => ({
  description: file.name ? `Tệp ${file.name}` : 'Tệp',
  content: { [file.type]: { schema: z.string().meta({ format: 'binary' }) } },
});

/**
 * Registers one endpoint of packages/shared: its method and path, its zod schemas for validation,
 * serialisation and OpenAPI, the 200 response and the documented error statuses. The web calls the
 * same object (core/api/endpoint-client.ts), so a path or a response type is written once.
 * An endpoint with a `file` answer (fileEndpoint: the Excel export) sends the handler's bytes with
 * the file's type and, when it has a name, as that attachment; a handler may set a more precise type.
 */
export function route<E extends Endpoint>(app: FastifyInstance, e: E, r: EndpointRoute<E>): void {
  const file = (e as { file?: FileAnswer }).file;
  const handler = file
    ? async (req: EndpointRequest<E>, reply: FastifyReply) => {
        const bytes = await r.handler(req, reply);
        if (!reply.hasHeader('content-type')) reply.type(file.type);
        if (file.name) reply.header('Content-Disposition', `attachment; filename="${file.name}"`);
        return reply.send(bytes);
      }
    : r.handler;
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
      response: { 200: file ? fileResponse(file) : e.response, ...errorResponses(...e.errors) },
    },
    handler: handler as never,
  });
}
