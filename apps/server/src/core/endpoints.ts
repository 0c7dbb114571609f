import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Endpoint, EndpointBody, EndpointParams, EndpointQuery, EndpointResponse } from '@portal/shared/core/endpoint';
import { fileBody, type FileAnswer } from '@portal/shared/core/endpoint-files';
import { errorResponses } from './openapi';

/** The body a handler of `E` receives: parsed by E's schema, or the raw bytes of a file upload (`fileBody`; check it with Buffer.isBuffer). */
type RequestBody<E> = E extends { body: typeof fileBody } ? unknown : EndpointBody<E>;

/** The request a handler of `E` receives: its params, query and body already parsed by E's schemas. */
export type EndpointRequest<E> = FastifyRequest<{ Params: EndpointParams<E>; Querystring: EndpointQuery<E>; Body: RequestBody<E> }>;

/** What a handler of `E` answers: the endpoint's response (for a file endpoint its bytes), or the reply it sent its own answer with. */
type HandlerAnswer<E> = (E extends { file: FileAnswer } ? Uint8Array : EndpointResponse<E>) | FastifyReply;

export interface EndpointRoute<E> {
  /** Route config: `access` (authority), `tokenInQuery`, `beforePasswordChange` … (core/access.ts). */
  config?: RouteShorthandOptions['config'];
  /** OpenAPI tags (the module's group, in Vietnamese). */
  tags: string[];
  bodyLimit?: number;
  /** Runs before the body is read: an upload refuses an announced size here. */
  onRequest?: (req: FastifyRequest) => Promise<void>;
  /**
   * Returns the 200 answer, serialised through the endpoint's response schema (a file endpoint: the file's
   * bytes); or sends an answer of its own (a JSON text built by hand for speed, a streamed file) and returns the reply.
   */
  handler: (req: EndpointRequest<E>, reply: FastifyReply) => Promise<HandlerAnswer<E>>;
}

/** The OpenAPI of a file answer: bytes of the file's type (Fastify sends a Buffer without serialising it). */
const fileSchema = (file: FileAnswer) => ({
  description: file.name ? `Tệp ${file.name}` : 'Tệp',
  content: { [file.type]: { schema: z.string().meta({ format: 'binary' }) } },
});

/**
 * Registers one endpoint of packages/shared: its method and path, its zod schemas for validation,
 * serialisation and OpenAPI, the 200 response and the documented error statuses (each with errorBody, or the
 * endpoint's own `errorBodies` body for that status, which its handler sends itself). The web calls the
 * same object (core/api/endpoint-client.ts), so a path or a response type is written once.
 * Files (packages/shared core/endpoint-files.ts): an endpoint with `body: fileBody` reads the body as bytes
 * whatever its Content-Type, in a scope of its own; a `fileEndpoint` sends the handler's bytes with the
 * file's type and, when it has a name, as that attachment — unless the handler set them or sent the file itself.
 */
export function route<E extends Endpoint>(app: FastifyInstance, e: E, r: EndpointRoute<E>): void {
  const fileUpload = e.body === fileBody;
  const file = (e as { file?: FileAnswer }).file;
  const handler = file
    ? async (req: EndpointRequest<E>, reply: FastifyReply) => {
        const out = await r.handler(req, reply);
        if (out === reply || reply.sent) return reply;
        if (!reply.hasHeader('content-type')) reply.type(file.type);
        if (file.name && !reply.hasHeader('content-disposition')) reply.header('Content-Disposition', `attachment; filename="${file.name}"`);
        return reply.send(out);
      }
    : r.handler;
  const add = (scope: FastifyInstance) => {
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: e.method,
      url: e.path,
      config: r.config,
      bodyLimit: r.bodyLimit,
      ...(r.onRequest ? { onRequest: r.onRequest } : {}),
      schema: {
        tags: r.tags,
        summary: e.summary,
        ...(e.params ? { params: e.params } : {}),
        ...(e.query ? { querystring: e.query } : {}),
        ...(e.body && !fileUpload ? { body: e.body } : {}),
        response: { 200: file ? fileSchema(file) : e.response, ...errorResponses(...e.errors), ...e.errorBodies },
      },
      handler: handler as never,
    });
  };
  if (!fileUpload) {
    add(app);
    return;
  }
  // One file, no form fields: the body is the file's bytes whatever Content-Type the client declares.
  void app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    add(scope);
  });
}
