import type { LightMyRequestResponse } from 'fastify';
import { MSG } from '@portal/shared';

/** The statuses the API may answer with (ARCHITECTURE.md, API conventions). */
export const ALLOWED_ERRORS = new Set([400, 401, 403, 404, 409, 413, 415, 429, 502]);

const VIETNAMESE_LETTER = /[àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđ]/i;
const KNOWN = new Set<string>(Object.values(MSG));
/** Framework or library text that must never reach the caller. */
const ENGLISH =
  /Route (GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS)|Bad Request|Not Found|Internal Server|Unsupported Media|Payload Too Large|must be|must have|must match|is required|Invalid input|Expected |Unexpected token|Body cannot|querystring\/|params\/|body\/|FST_|ERR_|SyntaxError|TypeError|undefined|\bnull\b|\[object Object\]|PGlite|postgres|violates|relation "|column "|syntax error/i;

/** A message of the house: Vietnamese (a letter with a diacritic, or a known message), no English framework text. */
export function vietnameseProblem(message: unknown): string | null {
  if (typeof message !== 'string' || message.trim() === '') return `message is not a non-empty string: ${JSON.stringify(message)}`;
  if (ENGLISH.test(message)) return `message carries framework/English text: ${message.slice(0, 200)}`;
  if (!KNOWN.has(message) && !VIETNAMESE_LETTER.test(message)) return `message is not Vietnamese: ${message.slice(0, 200)}`;
  return null;
}

export interface Verdict {
  problem: string | null;
  json: unknown;
}

/**
 * Checks one answer: no 5xx, a known status, the envelope (`code: 0` on success, `{code, message,
 * errors?}` in Vietnamese on error), and the operation's documented schema for that status
 * (`validate`: null for a file answer, undefined when the status is not documented).
 */
export function checkAnswer(res: LightMyRequestResponse, validate: ((v: unknown) => string | null) | null | undefined): Verdict {
  const status = res.statusCode;
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('application/fhir+json')) return checkFhirAnswer(res, validate);
  const isJson = type.includes('application/json');
  let json: unknown;
  if (isJson) {
    try {
      json = JSON.parse(res.body);
    } catch {
      return { problem: `${status} with a body that is not JSON`, json };
    }
  }
  if (status >= 500) return { problem: `server error ${status}`, json };
  if (status >= 200 && status < 300) {
    if (validate === null) return { problem: null, json }; // a file answer: exempt from the JSON checks
    if (!isJson) return { problem: `${status} answer is not JSON (${type || 'no content type'})`, json };
    const body = json as { code?: unknown };
    if (!body || typeof body !== 'object' || body.code !== 0) return { problem: `${status} answer outside the envelope`, json };
    if (validate === undefined) return { problem: `${status} is not a documented success status`, json };
    const schemaProblem = validate(json);
    return { problem: schemaProblem ? `${status} answer does not match its response schema: ${schemaProblem}` : null, json };
  }
  if (!ALLOWED_ERRORS.has(status)) return { problem: `unexpected status ${status}`, json };
  if (!isJson) return { problem: `${status} answer is not JSON (${type || 'no content type'}): ${res.body.slice(0, 120)}`, json };
  const body = json as { code?: unknown; message?: unknown; errors?: unknown };
  if (!body || typeof body !== 'object' || typeof body.code !== 'number') return { problem: `${status} answer without a numeric code`, json };
  if (validate) {
    // the operation documents this error's body (an import's row errors): it must match
    const schemaProblem = validate(json);
    if (schemaProblem) return { problem: `${status} error body does not match its documented schema: ${schemaProblem}`, json };
  } else {
    const extra = Object.keys(body).filter((k) => !['code', 'message', 'errors'].includes(k));
    if (extra.length) return { problem: `${status} error body has extra keys ${extra.join(',')}`, json };
  }
  const msgProblem = vietnameseProblem(body.message);
  if (msgProblem) return { problem: `${status} ${msgProblem}`, json };
  if (body.errors !== undefined) {
    if (!Array.isArray(body.errors)) return { problem: `${status} errors is not an array`, json };
    for (const e of body.errors as { field?: unknown; message?: unknown }[]) {
      if (!e || typeof e.field !== 'string') return { problem: `${status} field error without a field name`, json };
      const p = vietnameseProblem(e.message);
      if (p) return { problem: `${status} field error ${e.field}: ${p}`, json };
    }
  }
  return { problem: null, json };
}

/**
 * The FHIR façade's answers (/fhir/R4, issue 21) are FHIR's own format, not the envelope: a resource on success
 * (matching its documented schema), an OperationOutcome in Vietnamese on error.
 */
function checkFhirAnswer(res: LightMyRequestResponse, validate: ((v: unknown) => string | null) | null | undefined): Verdict {
  const status = res.statusCode;
  let json: { resourceType?: unknown; issue?: { details?: { text?: unknown } }[] };
  try {
    json = JSON.parse(res.body);
  } catch {
    return { problem: `${status} with a FHIR body that is not JSON`, json: undefined };
  }
  if (status >= 500) return { problem: `server error ${status}`, json };
  if (typeof json?.resourceType !== 'string') return { problem: `${status} FHIR answer without a resourceType`, json };
  if (status >= 200 && status < 300) {
    if (validate === undefined) return { problem: `${status} is not a documented success status`, json };
    const schemaProblem = validate?.(json);
    return { problem: schemaProblem ? `${status} answer does not match its response schema: ${schemaProblem}` : null, json };
  }
  if (!ALLOWED_ERRORS.has(status)) return { problem: `unexpected status ${status}`, json };
  if (json.resourceType !== 'OperationOutcome') return { problem: `${status} FHIR error that is not an OperationOutcome`, json };
  const msgProblem = vietnameseProblem(json.issue?.[0]?.details?.text);
  return { problem: msgProblem ? `${status} ${msgProblem}` : null, json };
}
