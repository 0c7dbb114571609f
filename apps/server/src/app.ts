import websocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MSG, installVietnameseZodErrors } from '@portal/shared';
import { findUnsafeText } from '@portal/shared/rules/text-safety';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import { installAccessControl } from './core/access';
import type { AppContext } from './core/context';
import type { Database } from './core/db';
import { badRequest, installErrorHandling } from './core/errors';
import { installJobRunner } from './core/jobs';
import { openLiveHub } from './core/live';
import { installOpenApi } from './core/openapi';
import { installSecurityHeaders } from './core/security-headers';
import { defaultWebDist } from './core/paths';
import { installStatic } from './core/static';
import { adminRoutes } from './modules/admin/admin.routes';
import { appConfigRoutes } from './modules/app-config/app-config.routes';
import { appointmentRoutes } from './modules/appointments/appointments.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { catalogPublicRoutes, catalogRoutes } from './modules/catalog/catalog.routes';
import { contentRoutes } from './modules/content/content.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { doctorRoutes } from './modules/doctors/doctors.routes';
import { healthRoutes } from './modules/health/health.routes';
import { jobRoutes } from './modules/jobs/jobs.routes';
import { smartSearchRoutes } from './modules/search/smart-search.routes';
import { logRoutes } from './modules/logs/logs.routes';
import { reportRoutes } from './modules/reports/reports.routes';
import { defineDeliveryJob } from './modules/notifications/delivery';
import { smsRoutes } from './modules/sms/sms.routes';
import { notificationGroupRoutes } from './modules/notifications/groups.routes';
import { patientAppRoutes } from './modules/patient-app/patient-app.routes';
import { notifyChannelRoutes } from './modules/notifications/notify-channels.routes';
import { notificationMessageRoutes } from './modules/notifications/messages.routes';
import { liveRoutes } from './modules/live/live.routes';
import { patientsRoutes } from './modules/patients/patients.routes';
import { scheduleRoutes } from './modules/schedules/schedules.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { fixtureRoutes } from './modules/test-fixtures/fixtures.routes';
import { newsRoutes } from './modules/news/news.routes';
import { questionRoutes } from './modules/questions/questions.routes';
import { clinicRoutes } from './modules/clinic/clinic.routes';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { clinicDrugRoutes } from './modules/clinic/clinic-drugs.routes';
import { hisRoutes } from './modules/his/his.routes';
import { DisplayHub } from './modules/queue/display.hub';
import { displaySocketRoutes, queueRoutes } from './modules/queue/queue.routes';
import { fhirFacadeRoutes } from './modules/his/facade/facade.routes';
import { outcome } from './modules/his/facade/outcome';
import { FHIR_CONTENT_TYPE } from '@portal/shared/contracts/fhir.contract';
import { createHisSimulator, HIS_SIMULATOR_PREFIX } from './modules/his/simulator';

/** The default body limit: JSON forms are a few KB; file uploads declare their own limit. */
export const JSON_BODY_LIMIT = 64 * 1024;

/**
 * One guard for every route, before its schema: no NUL and no lone UTF-16 surrogate in any text of the
 * path, the query or a JSON body (keys included). PostgreSQL refuses the first in `text`, and the second
 * cannot be written to the audit's `jsonb`: both were 500s. A file's bytes (a Buffer body) are not text.
 */
function installTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    for (const [where, value] of [
      ['params', req.params],
      ['query', req.query],
      ['body', req.body],
    ] as const) {
      const field = findUnsafeText(value);
      if (field !== null) {
        const name = field === '_' ? where : field;
        // thrown, not sent: the route's error handler answers (the API's body; an OperationOutcome on the FHIR façade)
        throw badRequest(MSG.unsafeText, [{ field: name, message: MSG.unsafeText }]);
      }
    }
  });
}

function answerFrameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  // refused by the router before any hook runs: this is the request's only log line (never its URL)
  req.log.info({ method: req.method, route: 'router', code: err.code }, 'request refused by the router');
  if (err.code === 'FST_ERR_BAD_URL' || err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    // the FHIR façade answers in FHIR's own format (an OperationOutcome), the API in its envelope
    if (req.url.startsWith('/fhir/')) void reply.code(400).type(FHIR_CONTENT_TYPE).send(outcome(400, MSG.badUrl));
    else void reply.code(400).send({ code: 400, message: MSG.badUrl });
  } else {
    void reply.code(500).send({ code: 500, message: MSG.internalError });
  }
}

/**
 * JSON bodies, parsed by Fastify's own parser (prototype poisoning refused), except that an empty body is
 * no body: many clients send `Content-Type: application/json` on every call, the logout included (spec 7:
 * it has none). A route that needs a body still refuses the empty one through its schema.
 */
function installJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    parse(req, text, done);
  });
}

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
    // What an ordinary JSON form needs. The routes that take files set their own, larger limit
    // (Excel imports 5 MB, result files 10 MB, a doctor's photo 8 MB); a larger body is a 413.
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { maxParamLength: 200 },
    // A path that is not valid UTF-8 once decoded (`%C0%AF`) or whose parameter is over 200 characters:
    // the house's envelope, in Vietnamese, without echoing the URL (Fastify's own body quotes it).
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installJsonParser(app);

  app.addHook('onResponse', async (req, reply) => {
    req.log.info({ method: req.method, route: req.routeOptions.url ?? 'static', status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });
  // API answers carry personal data: never cached unless a route says otherwise (the public price list).
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });

  installSecurityHeaders(app);
  installErrorHandling(app);
  installTextGuard(app);
  // Live updates: a WebSocket per open screen, fed by PostgreSQL LISTEN/NOTIFY (any instance's writes).
  const live = await openLiveHub(database, app.log);
  app.addHook('onClose', () => live.close());
  installAccessControl(app, database, config, live);
  await installOpenApi(app);

  const ctx: AppContext = { config, database, live };
  // the waiting room's calling screens (issue 22): one fan-out per instance
  const displays = new DisplayHub(ctx, app.log);
  app.addHook('onClose', async () => displays.close());
  await app.register(async (scope) => {
    await healthRoutes(scope, ctx);
    // The WebSocket plugin's hooks stay in this child context: other routes do not pay for them.
    await scope.register(async (ws) => {
      await ws.register(websocket, { options: { maxPayload: 4096 } });
      await liveRoutes(ws, ctx, { recheckMs: config.LIVE_SESSION_CHECK_SECONDS * 1000 });
      await displaySocketRoutes(ws, ctx, displays);
    });
    await authRoutes(scope, ctx);
    await catalogPublicRoutes(scope, ctx);
    await catalogRoutes(scope, ctx);
    await adminRoutes(scope, ctx);
    await patientsRoutes(scope, ctx);
    await doctorRoutes(scope, ctx);
    await scheduleRoutes(scope, ctx);
    await appointmentRoutes(scope, ctx);
    await jobRoutes(scope, ctx);
    await smartSearchRoutes(scope, ctx);
    await logRoutes(scope, ctx);
    await dashboardRoutes(scope, ctx);
    await reportRoutes(scope, ctx);
    await smsRoutes(scope, ctx);
    await notificationGroupRoutes(scope, ctx);
    await patientAppRoutes(scope, ctx);
    await notifyChannelRoutes(scope, ctx);
    await notificationMessageRoutes(scope, ctx);
    defineDeliveryJob();
    await contentRoutes(scope, ctx);
    await appConfigRoutes(scope, ctx);
    await settingsRoutes(scope, ctx);
    await newsRoutes(scope, ctx);
    await questionRoutes(scope, ctx);
    await feedbackRoutes(scope, ctx);
    await clinicRoutes(scope, ctx);
    await clinicDrugRoutes(scope, ctx);
    await hisRoutes(scope, ctx);
    await queueRoutes(scope, ctx);
    await fhirFacadeRoutes(scope, ctx);
    // the demo's HIS (docs/his.md "The HIS simulator"): generated data only, never in production by default
    if (config.hisSimulator) await createHisSimulator().register(scope, HIS_SIMULATOR_PREFIX);
    if (config.ENABLE_TEST_FIXTURES) await fixtureRoutes(scope, ctx);
  });
  // durable jobs (core/jobs): the runner starts once every module has defined its jobs; tests start their own
  if (config.NODE_ENV !== 'test') installJobRunner(app, ctx);
  await installStatic(app, config.WEB_DIST_DIR ?? defaultWebDist);
  return app;
}
