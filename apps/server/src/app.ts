import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { installVietnameseZodErrors } from '@portal/shared';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import { installAccessControl } from './core/access';
import type { AppContext } from './core/context';
import type { Database } from './core/db';
import { installErrorHandling } from './core/errors';
import { installOpenApi } from './core/openapi';
import { installSecurityHeaders } from './core/security-headers';
import { defaultWebDist } from './core/paths';
import { installStatic } from './core/static';
import { authRoutes } from './modules/auth/auth.routes';
import { catalogPublicRoutes, catalogRoutes } from './modules/catalog/catalog.routes';
import { healthRoutes } from './modules/health/health.routes';
import { fixtureRoutes } from './modules/test-fixtures/fixtures.routes';

/** Builds the whole server without listening: main.ts listens, tests call app.inject. */
export async function buildApp(config: Config, database: Database, opts: { logStream?: DestinationStream } = {}): Promise<FastifyInstance> {
  installVietnameseZodErrors();
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      // No personal data in logs: requests are logged by route pattern, never by URL, body or headers.
      serializers: { req: () => ({}), res: () => ({}) },
      redact: ['req.headers.authorization', 'body.password', 'body.refreshToken'],
      ...(opts.logStream ? { stream: opts.logStream } : {}),
    },
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onResponse', async (req, reply) => {
    req.log.info(
      { method: req.method, route: req.routeOptions.url ?? 'static', status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });
  // API answers carry personal data: never cached unless a route says otherwise (the public price list).
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });

  installSecurityHeaders(app);
  installErrorHandling(app);
  installAccessControl(app, database, config);
  await installOpenApi(app);

  const ctx: AppContext = { config, database };
  await app.register(async (scope) => {
    await healthRoutes(scope, ctx);
    await authRoutes(scope, ctx);
    await catalogPublicRoutes(scope, ctx);
    await catalogRoutes(scope, ctx);
    if (config.ENABLE_TEST_FIXTURES) await fixtureRoutes(scope, ctx);
  });
  await installStatic(app, config.WEB_DIST_DIR ?? defaultWebDist);
  return app;
}
