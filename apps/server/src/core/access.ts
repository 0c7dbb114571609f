import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasAuthority, isAuthority, MSG, STRONG_PASSWORD_CUTOFF, type Authority } from '@portal/shared';
import type { Config } from '../config';
import { audit } from './audit';
import type { Caller, Origin } from './caller';
import type { Database } from './db';
import { forbidden, unauthorized } from './errors';
import type { LiveHub } from './live';
import { findPatientSession, findSessionByTokenHash, type AuthContext, type PatientAuth } from './sessions';
import { TtlCache } from './ttl-cache';
import { sha256 } from './tokens';

/**
 * What a route needs: no sign-in, any signed-in staff, one authority, or any one of several (the
 * front desk and the schedulers both read the calendar). ADMIN_FACILITY passes all. `patient`: a
 * signed-in patient of the app (/api/app/v1), whose token is never a staff token and the reverse. `screen`: a calling
 * screen or a kiosk opened by its link's token (header X-Screen-Token, checked by the route: 401 without a valid one).
 */
export type Access = 'public' | 'signed-in' | 'patient' | 'screen' | Authority | readonly Authority[];

/** The caller's authorities satisfy `access` (an authority, or any one of a list). */
export function grants(authorities: readonly string[], access: Authority | readonly Authority[]): boolean {
  return typeof access === 'string' ? hasAuthority(authorities, access) : access.some((a) => hasAuthority(authorities, a));
}

const validAccess = (a: unknown): a is Access =>
  a === 'public' ||
  a === 'signed-in' ||
  a === 'patient' ||
  a === 'screen' ||
  (typeof a === 'string' && isAuthority(a)) ||
  (Array.isArray(a) && a.length > 0 && a.every((x) => typeof x === 'string' && isAuthority(x)));

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Open to a session that must change its password first (me, the password changes, logout). */
    beforePasswordChange?: boolean;
    /** Takes the login token from `?loginToken=` as well (the WebSocket). */
    tokenInQuery?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    patient: PatientAuth | null;
  }
}

/**
 * The login token: `Authorization: Bearer <t>` (or the bare token). The `loginToken` query value of
 * spec §7 is read only by the routes that say `tokenInQuery` (the live-updates WebSocket, whose
 * browser API cannot set a header): a token in a REST URL ends up in proxies' logs and histories.
 */
export function readToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (header) {
    const t = header.startsWith('Bearer ') ? header.slice(7) : header;
    return t.trim() || null;
  }
  if (!req.routeOptions.config?.tokenInQuery) return null;
  const q = (req.query as Record<string, unknown> | undefined)?.loginToken;
  return typeof q === 'string' && q ? q : null;
}

/**
 * Why this session may, for now, only change its password, read `me` and log out (spec §4 and §5):
 * a one-time password, or a last password change before the strong-password rule (22/09/2024 +07:00).
 */
export function pendingPasswordChange(ctx: Pick<AuthContext, 'mustChangePassword' | 'lastPasswordReset'>): string | null {
  if (ctx.mustChangePassword) return MSG.mustChangePasswordFirst;
  if (ctx.lastPasswordReset.getTime() < STRONG_PASSWORD_CUTOFF_MS) return MSG.mustChangeToStrongPassword;
  return null;
}
const STRONG_PASSWORD_CUTOFF_MS = Date.parse(STRONG_PASSWORD_CUTOFF);

/** The signed-in caller of a route that requires one, as services take it (core/caller). */
export function caller(req: FastifyRequest): Caller {
  if (!req.auth) throw unauthorized();
  return { ...req.auth, address: req.ip };
}

/** The signed-in patient of an `access: 'patient'` route. */
export function patientCaller(req: FastifyRequest): PatientAuth & { address: string } {
  if (!req.patient) throw unauthorized();
  return { ...req.patient, address: req.ip };
}

/** Where a call that may not be signed in comes from (sign-in, refresh). */
export function origin(req: FastifyRequest): Origin {
  return { address: req.ip, userAgent: (req.headers['user-agent'] ?? '').slice(0, 300) || null, auth: req.auth, log: req.log };
}

/** One API route and what it needs, as registered. */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

/** The live topic of the database's "sessions or rights changed" NOTIFY (never sent to a socket). */
const AUTH_CHANGED_TOPIC = 'auth';

const tables = new WeakMap<FastifyInstance, RouteAccess[]>();

/** Every API route of the app with its declared access (the authorization matrix test walks it). */
export function accessTable(app: FastifyInstance): readonly RouteAccess[] {
  return tables.get(app) ?? [];
}

export function installAccessControl(app: FastifyInstance, database: Database, config: Config, live: LiveHub): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('patient', null);
  // Signed-in sessions by token hash, remembered SESSION_CACHE_SECONDS so that a desk's repeated reads do
  // not each ask the database who is calling (docs/decisions.md). Forgotten all at once whenever anything
  // that could end a session or change its rights is written: on every instance through the database's
  // NOTIFY (migration 0012, topic 'auth'), and by any writing request of this one before it answers.
  const sessions = new TtlCache<AuthContext>(config.SESSION_CACHE_SECONDS * 1000, 10_000);
  live.subscribe((e) => e.topic === AUTH_CHANGED_TOPIC && sessions.clear());
  app.addHook('onSend', async (req, _reply, payload) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') sessions.clear();
    return payload;
  });
  const table: RouteAccess[] = [];
  tables.set(app, table);

  // Every API route must say who may call it: a route without `config.access` fails at start. The FHIR
  // façade (/fhir/R4, modules/his/facade) is an API too, in FHIR's formats.
  app.addHook('onRoute', (route) => {
    if (!(route.url.startsWith('/api/') || route.url.startsWith('/fhir/')) || route.url.startsWith('/api/docs')) return;
    const access = (route.config as { access?: unknown } | undefined)?.access;
    if (!validAccess(access)) throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access });
  });

  // onRequest, before the body is read and validated: a caller without the authority learns
  // nothing about what the route accepts (403, never a 400 about its input).
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    // a calling screen's or kiosk's link: its route reads the token (X-Screen-Token) itself (modules/queue)
    if (!access || access === 'public' || access === 'screen') return;
    const token = readToken(req);
    if (!token || token.length > 200) throw unauthorized();
    const hash = sha256(token);
    if (access === 'patient') {
      // never cached: a logout or a password reset ends the session on the very next request
      req.patient = await findPatientSession(database, hash);
      if (!req.patient) throw unauthorized();
      return;
    }
    let ctx = sessions.get(hash);
    if (!ctx) {
      const generation = sessions.generation;
      const found = await findSessionByTokenHash(database, hash, config.SESSION_IDLE_MINUTES);
      if (!found) throw unauthorized();
      ctx = found.ctx;
      sessions.set(hash, ctx, { until: found.validUntil, generation });
    }
    req.auth = ctx;
    // A one-time password (new account, administrator's reset) or a password older than the strong
    // rule opens only me, the password changes and logout until it is changed: the web's mandatory
    // dialog is not the only thing standing in the way.
    const pending = pendingPasswordChange(ctx);
    if (pending && !req.routeOptions.config?.beforePasswordChange) throw forbidden(pending);
    if (access !== 'signed-in' && !grants(ctx.authorities, access)) {
      await audit(database.db, caller(req), {
        action: 'FORBIDDEN',
        entity: 'route',
        entityId: `${req.method} ${req.routeOptions.url}`,
        after: { required: access },
      });
      throw forbidden(MSG.forbidden);
    }
  });
}
