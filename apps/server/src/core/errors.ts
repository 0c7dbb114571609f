import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG, type FieldError } from '@portal/shared';

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

export const badRequest = (message: string, errors?: FieldError[], code?: number) =>
  new AppError(400, message, { errors, code });
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
    const field = path && path.length ? path.map(String).join('.') : (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    return { field: field || '_', message: v.params?.issue?.message ?? v.message ?? MSG.validationFailed };
  });
}

const PG_UNIQUE_VIOLATION = '23505';
const PG_FK_VIOLATION = '23503';

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError & { code?: string }, req, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.status).send({ code: err.extra.code ?? err.status, message: err.message, errors: err.extra.errors });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = fieldErrors(err.validation as ZodValidationItem[]);
      return reply.code(400).send({ code: 400, message: errors[0]?.message ?? MSG.validationFailed, errors });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err: err.message, route: req.routeOptions.url }, 'response does not match its schema');
      return reply.code(500).send({ code: 500, message: MSG.internalError });
    }
    const pgCode = (err as { code?: string }).code;
    if (pgCode === PG_UNIQUE_VIOLATION) return reply.code(409).send({ code: 409, message: MSG.conflict });
    if (pgCode === PG_FK_VIOLATION) return reply.code(409).send({ code: 409, message: 'Dữ liệu đang được sử dụng hoặc tham chiếu không tồn tại' });
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ code: 413, message: MSG.payloadTooLarge });
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ code: 415, message: 'Định dạng dữ liệu gửi lên không được hỗ trợ' });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const message = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
        ? 'Dữ liệu gửi lên không đúng định dạng JSON'
        : err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'Thiếu dữ liệu gửi lên' : MSG.validationFailed;
      return reply.code(err.statusCode).send({ code: err.statusCode, message });
    }
    req.log.error({ err: { message: err.message, stack: err.stack, code: err.code }, route: req.routeOptions?.url }, 'unhandled error');
    return reply.code(500).send({ code: 500, message: MSG.internalError });
  });
}
