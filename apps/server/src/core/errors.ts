import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG, type FieldError } from '@portal/shared';
import { pgErrorAnswer, pgErrorOf } from './pg-errors';

/** An error the API reports to the caller: status + Vietnamese message (+ field errors). */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly extra: { code?: number; errors?: FieldError[] } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldError[], code?: number) => new AppError(400, message, { errors, code });
export const unauthorized = (message: string = MSG.unauthorized) => new AppError(401, message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, message);
export const conflict = (message: string, errors?: FieldError[]) => new AppError(409, message, { errors });
export const tooMany = (message: string) => new AppError(429, message);

interface ZodValidationItem {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

function fieldErrors(items: ZodValidationItem[]): FieldError[] {
  return items.map((v) => {
    const path = v.params?.issue?.path;
    const field = path?.length ? path.map(String).join('.') : (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    return { field: field || '_', message: v.params?.issue?.message ?? v.message ?? MSG.validationFailed };
  });
}

export { pgErrorOf } from './pg-errors';

interface DbErrorLike {
  query?: unknown;
}

const QUERY_LOG_MAX = 300;

/**
 * What the log may say about an error, and nothing more: no personal data (ARCHITECTURE.md §Security).
 * A database error is described by its SQLSTATE, constraint, table, column and the query's text with its
 * $n placeholders (truncated) — never its message, stack, `params` or `detail`: Drizzle's message and
 * stack list every parameter, PostgreSQL's message and detail quote values (`Key (phone)=(09…)`).
 * Other errors keep their name, code and stack (raised by our code, not made of the caller's input).
 */
export function describeErrorForLog(err: unknown): Record<string, unknown> {
  const db = pgErrorOf(err);
  if (db || isDrizzleQueryError(err)) {
    const query = db?.query ?? (err as DbErrorLike).query;
    return {
      kind: 'database',
      pgCode: db?.code,
      constraint: db?.constraint,
      table: db?.table,
      column: db?.column,
      query: typeof query === 'string' ? (query.length > QUERY_LOG_MAX ? `${query.slice(0, QUERY_LOG_MAX)}…` : query) : undefined,
    };
  }
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return { kind: err.name, code: typeof code === 'string' ? code : undefined, message: err.message, stack: err.stack };
  }
  return { kind: typeof err };
}

/** Drizzle's wrapper, by class or (another copy of drizzle-orm) by its shape: a query with its params. */
function isDrizzleQueryError(err: unknown): boolean {
  return err instanceof DrizzleQueryError || (err instanceof Error && 'query' in err && 'params' in err);
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError & { code?: string }, req, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.status).send({ code: err.extra.code ?? err.status, message: err.message, errors: err.extra.errors });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = fieldErrors(err.validation as ZodValidationItem[]);
      return reply.code(400).send({ code: 400, message: errors[0]?.message ?? MSG.validationFailed, errors });
    }
    const route = req.routeOptions?.url;
    if (isResponseSerializationError(err)) {
      // the issues' paths and codes only: their `input` would be the answer's (personal) data
      const issues = ((err.cause as { issues?: { path?: PropertyKey[]; code?: string }[] } | undefined)?.issues ?? [])
        .slice(0, 10)
        .map((i) => ({ path: (i.path ?? []).map(String).join('.'), code: i.code }));
      req.log.error({ err: { kind: 'response-schema', issues }, route }, 'response does not match its schema');
      return reply.code(500).send({ code: 500, message: MSG.internalError });
    }
    const db = pgErrorOf(err);
    const refused = pgErrorAnswer(err);
    if (refused) {
      req.log.info({ err: describeErrorForLog(err), route }, refused.status === 409 ? 'database refused a write' : 'database refused the input');
      return reply.code(refused.status).send({ code: refused.status, message: refused.message });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ code: 413, message: MSG.payloadTooLarge });
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ code: 415, message: 'Định dạng dữ liệu gửi lên không được hỗ trợ' });
    }
    if (!db && err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? 'Dữ liệu gửi lên không đúng định dạng JSON'
          : err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'Thiếu dữ liệu gửi lên'
            : MSG.validationFailed;
      return reply.code(err.statusCode).send({ code: err.statusCode, message });
    }
    req.log.error({ err: describeErrorForLog(err), route }, 'unhandled error');
    return reply.code(500).send({ code: 500, message: MSG.internalError });
  });
}
