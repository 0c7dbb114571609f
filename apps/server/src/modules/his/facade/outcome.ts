import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { OperationOutcome } from '@medplum/fhirtypes';
import { FHIR_CONTENT_TYPE, FHIR_MESSAGES } from '@portal/shared/contracts/fhir.contract';
import { MSG } from '@portal/shared';
import { AppError, describeErrorForLog } from '../../../core/errors';

/** The OperationOutcome issue code of each HTTP status the façade answers with. */
const ISSUE_CODE: Record<number, NonNullable<OperationOutcome['issue']>[number]['code']> = {
  400: 'invalid',
  401: 'login',
  403: 'forbidden',
  404: 'not-found',
  413: 'too-costly',
  429: 'throttled',
  500: 'exception',
};

/** An OperationOutcome of one error issue, its Vietnamese text in `details.text`. */
export function outcome(status: number, text: string, expression?: string): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code: ISSUE_CODE[status] ?? 'processing', details: { text }, ...(expression ? { expression: [expression] } : {}) }],
  };
}

/** A refusal of the façade: the status and the Vietnamese text (a search parameter it names, when one is wrong). */
export class FhirError extends AppError {
  constructor(
    status: number,
    message: string,
    public readonly param?: string,
  ) {
    super(status, message);
  }
}

/**
 * The façade answers in FHIR's formats, errors included: every error of its routes — the access check's 401 and 403
 * (core/access.ts runs before the route and throws the house's AppError), a bad parameter, a missing resource — is an
 * OperationOutcome, never the API's `{ code, message }`.
 */
export function installFhirErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((err, req, reply) => {
    reply.type(FHIR_CONTENT_TYPE);
    if (err instanceof FhirError) return reply.code(err.status).send(outcome(err.status, err.message, err.param));
    if (err instanceof AppError) return reply.code(err.status).send(outcome(err.status, err.message));
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0] as { message?: string; params?: { issue?: { message?: string; path?: PropertyKey[] } } } | undefined;
      const path = first?.params?.issue?.path?.map(String).join('.');
      return reply.code(400).send(outcome(400, first?.params?.issue?.message ?? first?.message ?? MSG.validationFailed, path || undefined));
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) return reply.code(status).send(outcome(status, MSG.validationFailed));
    req.log.error({ err: describeErrorForLog(err), route: req.routeOptions?.url }, 'unhandled error');
    return reply.code(500).send(outcome(500, FHIR_MESSAGES.internal));
  });
}
