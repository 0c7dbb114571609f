import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasAuthority, isAuthority, MSG, type Authority } from '@portal/shared';
import type { Config } from '../config';
import { audit } from './audit';
import type { Database } from './db';
import { forbidden, unauthorized } from './errors';
import { findSessionByTokenHash, type AuthContext } from './sessions';
import { sha256 } from './tokens';

/** What a route needs: no sign-in, any signed-in staff, or one authority (ADMIN_FACILITY passes all). */
export type Access = 'public' | 'signed-in' | Authority;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The login token: `Authorization: Bearer <t>` (or the bare token), else the `loginToken` query value (spec §7). */
export function readToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (header) {
    const t = header.startsWith('Bearer ') ? header.slice(7) : header;
    return t.trim() || null;
  }
  const q = (req.query as Record<string, unknown> | undefined)?.loginToken;
  return typeof q === 'string' && q ? q : null;
}

/** Signed-in caller of a route that requires one. */
export function caller(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

export function installAccessControl(app: FastifyInstance, database: Database, config: Config): void {
  app.decorateRequest('auth', null);

  // Every API route must say who may call it: a route without `config.access` fails at start.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = (route.config as { access?: string } | undefined)?.access;
    if (!access || !(access === 'public' || access === 'signed-in' || isAuthority(access))) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    }
  });

  app.addHook('preHandler', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const token = readToken(req);
    if (!token || token.length > 200) throw unauthorized();
    const ctx = await findSessionByTokenHash(database, sha256(token), config.SESSION_IDLE_MINUTES);
    if (!ctx) throw unauthorized();
    req.auth = ctx;
    if (access !== 'signed-in' && !hasAuthority(ctx.authorities, access)) {
      await audit(database.db, req, {
        action: 'FORBIDDEN',
        entity: 'route',
        entityId: `${req.method} ${req.routeOptions.url}`,
        after: { required: access },
      });
      throw forbidden(MSG.forbidden);
    }
  });
}
