import { trimTrailingSlashes } from '@portal/shared/rules/paths';
import type { Appointment, Extension, OperationOutcome, Resource } from '@medplum/fhirtypes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FHIR_EXTENSIONS } from '@portal/shared/rules/fhir-systems';
import { fhirIssues } from '../fhir/validate';
import type { AuthGate } from './auth';
import { capabilityStatement } from './capability';
import { type FaultMode, type Faults, spoil } from './faults';
import { localDateTime } from './records';
import { included, runSearch, SEARCH_PARAMS, SearchError, searchsetBundle } from './search';
import type { SimulatorState } from './state';

export const FHIR_JSON = 'application/fhir+json; charset=utf-8';
/** The fault control path under the FHIR base: `$` starts no resource type, so it cannot clash with one. */
export const FAULTS_PATH = '$sim-faults';
/** A held (`timeout`) request is dropped after this long, unless the client gave up first. */
export const HOLD_MS = 60_000;

export interface RouteContext {
  state: SimulatorState;
  faults: Faults;
  gate: AuthGate;
  pageSize: number;
}

/** `/his-simulator/fhir/R4` → `/his-simulator/oauth/token`; a prefix not ending in /fhir/R4 → its parent's `/oauth/token`. */
export function tokenPathOf(prefix: string): string {
  const p = trimTrailingSlashes(prefix);
  const root = p.endsWith('/fhir/R4') ? p.slice(0, -'/fhir/R4'.length) : p.slice(0, p.lastIndexOf('/'));
  return `${root}/oauth/token`;
}

export function outcome(code: string, text: string, severity: 'error' | 'fatal' | 'information' = 'error'): OperationOutcome {
  return { resourceType: 'OperationOutcome', issue: [{ severity, code: code as 'invalid', diagnostics: text }] };
}

const fail = (reply: FastifyReply, status: number, code: string, text: string) => reply.code(status).type(FHIR_JSON).send(outcome(code, text));

export async function registerRoutes(scope: FastifyInstance, prefixIn: string, ctx: RouteContext): Promise<void> {
  const prefix = trimTrailingSlashes(prefixIn);
  const tokenPath = tokenPathOf(prefix);
  const { state, faults, gate } = ctx;
  const held = new Set<{ timer: NodeJS.Timeout; reply: FastifyReply }>();
  const release = (e: { timer: NodeJS.Timeout; reply: FastifyReply }) => {
    clearTimeout(e.timer);
    if (held.delete(e)) e.reply.raw.destroy();
  };

  await scope.register(async (app) => {
    // this plugin's own parsers: FHIR JSON, and the token endpoint's form
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(['application/json', 'application/fhir+json'], { parseAs: 'string' }, (_req, body, done) => {
      try {
        done(null, body === '' ? undefined : JSON.parse(body as string));
      } catch {
        done(Object.assign(new Error('JSON không hợp lệ'), { statusCode: 400 }));
      }
    });
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      return fail(reply, status, status === 500 ? 'exception' : 'invalid', error.message);
    });
    app.addHook('onClose', async () => {
      for (const e of [...held]) release(e);
    });

    const base = (request: FastifyRequest) => `${request.protocol}://${request.host}${prefix}`;

    /** Auth, then the fault in force: true when the handler may go on. */
    const admit = (request: FastifyRequest, reply: FastifyReply, type: string): { mode: FaultMode | null } | null => {
      const challenge = gate.check(request.headers.authorization);
      if (challenge) {
        reply.header('WWW-Authenticate', challenge);
        fail(reply, 401, 'login', 'Chưa xác thực hoặc thông tin xác thực không đúng');
        return null;
      }
      const mode = faults.take(type);
      switch (mode) {
        case 'badAuth':
          reply.header('WWW-Authenticate', gate.challenge());
          fail(reply, 401, 'login', 'Thông tin xác thực bị từ chối');
          return null;
        case 'http500':
          fail(reply, 500, 'exception', 'Lỗi máy chủ HIS (mô phỏng)');
          return null;
        case 'rateLimit':
          reply.header('Retry-After', '1');
          fail(reply, 429, 'throttled', 'Quá nhiều yêu cầu, thử lại sau');
          return null;
        case 'timeout': {
          reply.hijack();
          const e = { timer: setTimeout(() => release(e), HOLD_MS), reply };
          held.add(e);
          request.raw.once('close', () => release(e));
          return null;
        }
        default:
          return { mode };
      }
    };

    const send = (reply: FastifyReply, status: number, resource: Resource) => reply.code(status).type(FHIR_JSON).send(resource);
    const served = (mode: FaultMode | null, resources: Resource[]) =>
      mode === 'invalid' || mode === 'foreign' || mode === 'noCurrency' || mode === 'duplicates' ? spoil(mode, resources) : resources;

    app.get(`${prefix}/metadata`, async (request, reply) => {
      if (!admit(request, reply, 'CapabilityStatement')) return reply;
      return send(reply, 200, capabilityStatement(base(request), gate.auth, `${request.protocol}://${request.host}${tokenPath}`));
    });

    app.get(`${prefix}/${FAULTS_PATH}`, async () => ({ fault: faults.current, hits: faults.hits }));
    app.post(`${prefix}/${FAULTS_PATH}`, async (request, reply) => {
      try {
        faults.set((request.body ?? {}) as Parameters<Faults['set']>[0]);
      } catch (e) {
        return fail(reply, 400, 'invalid', (e as Error).message);
      }
      return { fault: faults.current };
    });
    app.delete(`${prefix}/${FAULTS_PATH}`, async () => {
      faults.clear();
      return { fault: null };
    });

    app.post(tokenPath, async (request, reply) => {
      const [status, body] = gate.issue((request.body ?? {}) as Record<string, string>, request.headers.authorization);
      if (status === 401) reply.header('WWW-Authenticate', 'Basic realm="his-simulator"');
      return reply.code(status).header('Cache-Control', 'no-store').send(body);
    });

    app.get<{ Params: { type: string } }>(`${prefix}/:type`, async (request, reply) => {
      const { type } = request.params;
      if (!SEARCH_PARAMS[type]) return fail(reply, 404, 'not-supported', `Không hỗ trợ loại tài nguyên ${type}`);
      const admitted = admit(request, reply, type);
      if (!admitted) return reply;
      const url = new URL(request.raw.url ?? '', 'http://x');
      let search: ReturnType<typeof runSearch>;
      try {
        search = runSearch(state, type, url.searchParams, ctx.pageSize);
      } catch (e) {
        if (e instanceof SearchError) return fail(reply, 400, 'invalid', e.message);
        throw e;
      }
      const total = search.all.length;
      const endless = admitted.mode === 'endless';
      // an endless answer goes round the list again and again, always with a next page
      const from = endless && total > 0 ? search.offset % total : search.offset;
      const matches = search.all.slice(from, from + search.count);
      const more = search.count > 0 && search.offset + search.count < total;
      const next = endless ? search.offset + Math.max(1, search.count) : more ? search.offset + search.count : null;
      const bundle = searchsetBundle({
        base: base(request),
        type,
        selfUrl: `${request.protocol}://${request.host}${request.raw.url}`,
        total,
        matches: served(admitted.mode, matches),
        included: served(admitted.mode, included(state, matches, search.includes)),
        search,
        next,
      });
      return send(reply, 200, bundle);
    });

    app.get<{ Params: { type: string; id: string } }>(`${prefix}/:type/:id`, async (request, reply) => {
      const { type, id } = request.params;
      if (type === 'Binary') {
        if (!admit(request, reply, type)) return reply;
        const b = state.binaries.get(id);
        if (!b) return fail(reply, 404, 'not-found', `Không có Binary/${id}`);
        const accept = request.headers.accept ?? '';
        if (/application\/(fhir\+)?json/.test(accept)) {
          return send(reply, 200, { resourceType: 'Binary', id, contentType: b.contentType, data: b.data.toString('base64') });
        }
        return reply.code(200).type(b.contentType).header('Content-Length', b.data.length).send(b.data);
      }
      if (!SEARCH_PARAMS[type]) return fail(reply, 404, 'not-supported', `Không hỗ trợ loại tài nguyên ${type}`);
      const admitted = admit(request, reply, type);
      if (!admitted) return reply;
      const found = state.get(type as Resource['resourceType'], id);
      if (!found) return fail(reply, 404, 'not-found', `Không có ${type}/${id}`);
      return send(reply, 200, served(admitted.mode, [found])[0]!);
    });

    app.put(`${prefix}/Appointment`, async (request, reply) => {
      if (!admit(request, reply, 'Appointment')) return reply;
      const url = new URL(request.raw.url ?? '', 'http://x');
      const wanted = url.searchParams.getAll('identifier');
      const [system, value] = (wanted[0] ?? '').split('|');
      if (wanted.length !== 1 || [...url.searchParams.keys()].length !== 1 || !system || !value) {
        return fail(reply, 400, 'invalid', 'Cập nhật có điều kiện cần đúng một tham số identifier=<system>|<value>');
      }
      const body = request.body as Appointment | undefined;
      if (body?.resourceType !== 'Appointment') return fail(reply, 400, 'invalid', 'Nội dung phải là một Appointment');
      const issues = fhirIssues(body);
      if (issues.length) {
        return reply
          .code(400)
          .type(FHIR_JSON)
          .send({
            resourceType: 'OperationOutcome',
            issue: issues.map((i) => ({ severity: 'error', code: 'invalid', diagnostics: i.message, ...(i.expression ? { expression: [i.expression] } : {}) })),
          } satisfies OperationOutcome);
      }
      const matches = state.list('Appointment').filter((a) => a.identifier?.some((i) => i.system === system && i.value === value));
      if (matches.length > 1) return fail(reply, 412, 'multiple-matches', `Có ${matches.length} lịch hẹn cùng mã ${value}`);
      const previous = matches[0];
      if (previous && body.id && body.id !== previous.id) return fail(reply, 400, 'invalid', `id ${body.id} khác lịch hẹn đã có (${previous.id})`);
      const id = previous?.id ?? (body.id && !state.get('Appointment', body.id) ? body.id : `lh-${++state.appointmentCount}`);
      const stored: Appointment = structuredClone(body);
      stored.id = id;
      if (!stored.identifier?.some((i) => i.system === system && i.value === value)) stored.identifier = [...(stored.identifier ?? []), { system, value }];
      stored.extension = (stored.extension ?? []).filter((e) => e.url !== FHIR_EXTENSIONS.queueNumber);
      const queue = queueNumber(state, stored, previous);
      if (queue !== null) stored.extension.push({ url: FHIR_EXTENSIONS.queueNumber, valueInteger: queue } satisfies Extension);
      if (!stored.extension.length) delete stored.extension;
      const version = Number(previous?.meta?.versionId ?? 0) + 1;
      stored.meta = { versionId: String(version), lastUpdated: new Date().toISOString() };
      state.put(stored);
      state.received.push({ at: new Date(), identifier: `${system}|${value}`, created: !previous, appointment: stored });
      reply.header('ETag', `W/"${version}"`);
      if (!previous) reply.header('Location', `${base(request)}/Appointment/${id}/_history/${version}`);
      return send(reply, previous ? 200 : 201, stored);
    });
  });
}

/** The room: a Location reference, or a logical reference by a room identifier (a portal whose rooms are not mapped). */
const roomOf = (a: Appointment) =>
  a.participant
    ?.map(
      (p) => p.actor?.reference ?? (p.actor?.identifier?.system?.endsWith(':room') ? `${p.actor.identifier.system}|${p.actor.identifier.value}` : undefined),
    )
    .find((r) => r?.startsWith('Location/') || r?.includes(':room|'));
const dayOf = (a: Appointment) => (a.start ? localDateTime(Date.parse(a.start)).slice(0, 10) : '');
const queueOf = (a: Appointment | undefined) => a?.extension?.find((e) => e.url === FHIR_EXTENSIONS.queueNumber)?.valueInteger;

/**
 * The queue number (số thứ tự) of an appointment: given at arrival, per room and +07:00 day, from 1; the same
 * appointment arriving again in the same room and day keeps its number. Null before arrival.
 */
function queueNumber(state: SimulatorState, a: Appointment, previous: Appointment | undefined): number | null {
  const kept = queueOf(previous);
  if (a.status !== 'arrived') return kept ?? null;
  const key = `${roomOf(a) ?? '-'}|${dayOf(a)}`;
  if (previous && kept !== undefined && `${roomOf(previous) ?? '-'}|${dayOf(previous)}` === key) return kept;
  const n = (state.queues.get(key) ?? 0) + 1;
  state.queues.set(key, n);
  return n;
}
