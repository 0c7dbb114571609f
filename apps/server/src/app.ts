import websocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { installVietnameseZodErrors } from '@portal/shared';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import { installAccessControl } from './core/access';
import type { AppContext } from './core/context';
import type { Database } from './core/db';
import { installErrorHandling } from './core/errors';
import { openLiveHub } from './core/live';
import { installOpenApi } from './core/openapi';
import { installSecurityHeaders } from './core/security-headers';
import { defaultWebDist } from './core/paths';
import { installStatic } from './core/static';
import { adminRoutes } from './modules/admin/admin.routes';
import { appointmentRoutes } from './modules/appointments/appointments.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { catalogPublicRoutes, catalogRoutes } from './modules/catalog/catalog.routes';
import { doctorRoutes } from './modules/doctors/doctors.routes';
import { healthRoutes } from './modules/health/health.routes';
import { liveRoutes } from './modules/live/live.routes';
import { patientsRoutes } from './modules/patients/patients.routes';
import { scheduleRoutes } from './modules/schedules/schedules.routes';
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
  // Live updates: a WebSocket per open screen, fed by PostgreSQL LISTEN/NOTIFY (any instance's writes).
  const live = await openLiveHub(database, app.log);
  app.addHook('onClose', () => live.close());
  installAccessControl(app, database, config, live);
  await installOpenApi(app);

  const ctx: AppContext = { config, database, live };
  await app.register(async (scope) => {
    await healthRoutes(scope, ctx);
    // The WebSocket plugin's hooks stay in this child context: other routes do not pay for them.
    await scope.register(async (ws) => {
      await ws.register(websocket, { options: { maxPayload: 4096 } });
      await liveRoutes(ws, ctx, { recheckMs: config.LIVE_SESSION_CHECK_SECONDS * 1000 });
    });
    await authRoutes(scope, ctx);
    await catalogPublicRoutes(scope, ctx);
    await catalogRoutes(scope, ctx);
    await adminRoutes(scope, ctx);
    await patientsRoutes(scope, ctx);
    await doctorRoutes(scope, ctx);
    await scheduleRoutes(scope, ctx);
    await appointmentRoutes(scope, ctx);
    if (config.ENABLE_TEST_FIXTURES) await fixtureRoutes(scope, ctx);
  });
  await installStatic(app, config.WEB_DIST_DIR ?? defaultWebDist);
  return app;
}
