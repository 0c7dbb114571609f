import type { AuthContext } from './sessions';

/**
 * Who a service works for, built once by the route from the request (`caller(req)` in core/access):
 * the signed-in account, its facility and authorities, and the address it calls from. Services take
 * this instead of Fastify's request, so they can be called (and tested) without HTTP and cannot
 * reach into headers or the body behind the route's validation.
 */
export interface Caller extends AuthContext {
  /** The client's address as the server sees it (behind the proxy: `trustProxy`). */
  address: string;
}

/** The smallest log a service may write to (the request's logger fits). */
export interface CallLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Where a call comes from when it may not be signed in (sign-in, refresh, password change): the
 * address, the browser, the session when there is one, and the request's log.
 */
export interface Origin {
  address: string;
  userAgent: string | null;
  auth: AuthContext | null;
  log: CallLog;
}
