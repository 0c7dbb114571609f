import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { hasAuthority, MSG } from '@portal/shared';
import { LIVE_PATH, LIVE_SOCKET_CLOSE, type LiveClientMessage, type LiveServerMessage } from '@portal/shared/contracts/live.contract';
import { caller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { LIVE_TOPICS } from '../../core/live';
import { sessionAuthorities } from '../../core/sessions';

const PING_MS = 25_000;
const RECHECK_MS = 60_000;

/**
 * GET /api/live/v1 (WebSocket; the login token as `?loginToken=`, spec §7): a signed-in screen
 * subscribes to topics it has the authority for and receives its facility's changes as they
 * commit, from any server instance. The session is re-checked every minute: logout, lock or
 * idle timeout closes the socket with 4401, a lost authority drops the topic.
 * Not a shared `endpoint()`/`route()`: those describe a request answered with JSON (a zod 200 schema, the web's
 * `call()`); this answers 101 Switching Protocols, its handler gets the socket, and its messages are the
 * types of live.contract.ts, which the web's socket (core/live) uses with the same LIVE_PATH.
 */
export async function liveRoutes(app: FastifyInstance, ctx: AppContext, opts: { recheckMs?: number } = {}): Promise<void> {
  app.get(
    LIVE_PATH,
    {
      websocket: true,
      config: { access: 'signed-in', tokenInQuery: true },
      schema: { tags: ['Cập nhật trực tiếp'], summary: 'WebSocket: thay đổi theo thời gian thực của cơ sở' },
    },
    (socket: WebSocket, req) => {
      const auth = caller(req);
      let authorities = auth.authorities;
      const topics = new Set<string>();
      const send = (m: LiveServerMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
      };
      const allowed = (topic: string) => LIVE_TOPICS.get(topic)!.some((a) => hasAuthority(authorities, a));

      const off = ctx.live.subscribe((e) => {
        if (e.facilityId !== auth.facilityId || !topics.has(e.topic)) return;
        send({ type: 'event', topic: e.topic, event: e.type, id: e.id, data: e.data });
      });

      socket.on('message', (raw) => {
        let msg: LiveClientMessage;
        try {
          msg = JSON.parse(String(raw)) as LiveClientMessage;
        } catch {
          return send({ type: 'error', message: MSG.liveBadMessage });
        }
        if (msg?.type !== 'subscribe' || !Array.isArray(msg.topics)) return send({ type: 'error', message: MSG.liveBadMessage });
        for (const topic of msg.topics.slice(0, 20)) {
          if (typeof topic !== 'string' || !LIVE_TOPICS.has(topic)) send({ type: 'error', topic: String(topic), message: MSG.liveBadMessage });
          else if (!allowed(topic)) send({ type: 'forbidden', topic, message: MSG.forbidden });
          else topics.add(topic);
        }
        send({ type: 'subscribed', topics: [...topics] });
      });

      const ping = setInterval(() => socket.ping(), PING_MS);
      const recheck = setInterval(() => {
        void sessionAuthorities(ctx.database, auth.sessionId, ctx.config.SESSION_IDLE_MINUTES).then(
          (now) => {
            if (!now) return socket.close(LIVE_SOCKET_CLOSE.sessionEnded, 'session ended');
            authorities = now;
            for (const t of [...topics]) {
              if (!allowed(t)) {
                topics.delete(t);
                send({ type: 'forbidden', topic: t, message: MSG.forbidden });
              }
            }
          },
          () => undefined,
        );
      }, opts.recheckMs ?? RECHECK_MS);
      socket.on('close', () => {
        off();
        clearInterval(ping);
        clearInterval(recheck);
      });
      send({ type: 'ready' });
    },
  );
}
