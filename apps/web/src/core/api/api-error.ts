import type { FieldError } from '@portal/shared/core/api';

/**
 * Every failed call becomes an ApiError. `status` is the HTTP status (or the body code when
 * the server answered 200 with a non-zero code); 0 means the network failed. `serverMessage`
 * is the Vietnamese message of the body, which replaces any client message (spec §8).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: number;
  readonly serverMessage: string | null;
  readonly fieldErrors: FieldError[];

  constructor(status: number, code: number, serverMessage: string | null, fieldErrors: FieldError[] = []) {
    super(serverMessage ?? (status === 0 ? 'Network error' : `HTTP ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.fieldErrors = fieldErrors;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** The server's message when there is one, else the screen's own fallback. */
export function errorMessage(e: unknown, fallback: string): string {
  return isApiError(e) && e.serverMessage ? e.serverMessage : fallback;
}
