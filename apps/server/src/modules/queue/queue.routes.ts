import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  DISPLAY_LIVE_PATH,
  DISPLAY_SOCKET_CLOSE,
  QUEUE_MESSAGES,
  SCREEN_TOKEN_HEADER,
  queueEndpoints as E,
  type DisplayClientMessage,
  type DisplayServerMessage,
  type ConsoleState,
  type ScreenKind,
} from '@portal/shared/contracts/queue.contract';
import { fmt } from '@portal/shared/messages.vi';
import { caller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { route } from '../../core/endpoints';
import { bookingRow } from '../appointments/appointments.queries';
import { consoleCall, consoleCallNext, consoleComplete, consoleRecall, consoleRooms, consoleSkip, consoleState } from './console.operation';
import type { DisplayHub } from './display.hub';
import { displayState } from './display.service';
import { kioskCheckin, kioskInfo } from './kiosk.service';
import { createScreen, isAuthError, listScreens, revokeScreen, screenByToken, updateScreen, type ScreenAuth } from './screens.service';
import { createWalkIn, walkInRooms } from './walk-in.operation';

const tags = ['Phòng chờ: màn hình gọi số, ki-ốt, bàn gọi bệnh nhân'];
const screensConfig = { access: 'MANAGER_SETTING' as const };
const consoleConfig = { access: 'MANAGER_ROOM_QUEUE' as const };
const publicConfig = { access: 'public' as const };
/** The display's and kiosk's routes: the link's token in X-Screen-Token (401 without a valid one). */
const screenConfig = { access: 'screen' as const };

const tokenOf = (req: FastifyRequest) => {
  const v = req.headers[SCREEN_TOKEN_HEADER];
  return typeof v === 'string' ? v.trim() : undefined;
};

/** The waiting room's API (issue 22; packages/shared contracts/queue.contract.ts says every route). */
export async function queueRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const S = E.screens;
  route(app, S.list, { config: screensConfig, tags, handler: async (req) => ({ code: 0 as const, data: await listScreens(ctx, caller(req), req.query) }) });
  route(app, S.create, {
    config: screensConfig,
    tags,
    handler: async (req) => {
      const origin = ctx.config.PUBLIC_URL ?? `${req.protocol}://${req.host}`;
      return { code: 0 as const, message: QUEUE_MESSAGES.created, data: await createScreen(ctx, caller(req), req.body, origin) };
    },
  });
  route(app, S.update, {
    config: screensConfig,
    tags,
    handler: async (req) => ({ code: 0 as const, message: QUEUE_MESSAGES.updated, data: await updateScreen(ctx, caller(req), req.params.id, req.body) }),
  });
  route(app, S.revoke, {
    config: screensConfig,
    tags,
    handler: async (req) => ({ code: 0 as const, message: QUEUE_MESSAGES.revoked, data: await revokeScreen(ctx, caller(req), req.params.id) }),
  });

  const P = E.public;
  // the link is checked before the body is read (like a staff route's authority): no valid link, nothing else said
  const screens = new WeakMap<FastifyRequest, ScreenAuth>();
  const screenCheck = (kind: ScreenKind) => async (req: FastifyRequest) => {
    screens.set(req, await screenByToken(ctx, tokenOf(req), kind));
  };
  const screenOf = (req: FastifyRequest) => screens.get(req)!;
  route(app, P.display, {
    config: screenConfig,
    tags,
    onRequest: screenCheck('DISPLAY'),
    handler: async (req) => ({ code: 0 as const, data: await displayState(ctx, screenOf(req)) }),
  });
  route(app, P.kiosk, {
    config: screenConfig,
    tags,
    onRequest: screenCheck('KIOSK'),
    handler: async (req) => ({ code: 0 as const, data: await kioskInfo(ctx, screenOf(req)) }),
  });
  route(app, P.kioskCheckin, {
    config: screenConfig,
    tags,
    onRequest: screenCheck('KIOSK'),
    handler: async (req) => {
      const { ticket, message } = await kioskCheckin(ctx, screenOf(req), req.body, req.ip);
      return { code: 0 as const, message, data: ticket };
    },
  });

  const C = E.console;
  route(app, C.rooms, { config: consoleConfig, tags, handler: async (req) => ({ code: 0 as const, data: await consoleRooms(ctx, caller(req)) }) });
  route(app, C.state, {
    config: consoleConfig,
    tags,
    handler: async (req) => ({ code: 0 as const, data: await consoleState(ctx, caller(req), req.params.roomId) }),
  });
  route(app, C.callNext, {
    config: consoleConfig,
    tags,
    handler: async (req) => {
      const r = await consoleCallNext(ctx, caller(req), req.params.roomId);
      return { code: 0 as const, message: fmt(QUEUE_MESSAGES.called, { number: r.number }), data: r.state };
    },
  });
  // the actions on one booking of the room: each answers the room's new state and says what it did
  const onBooking = [
    [C.call, consoleCall, QUEUE_MESSAGES.called],
    [C.recall, consoleRecall, QUEUE_MESSAGES.recalled],
    [C.skip, consoleSkip, QUEUE_MESSAGES.skipped],
    [C.complete, consoleComplete, QUEUE_MESSAGES.completed],
  ] as const;
  for (const [e, act, said] of onBooking) {
    route(app, e, {
      config: consoleConfig,
      tags,
      handler: async (req) => {
        const r: { number: number; state: ConsoleState; places?: number } = await act(ctx, caller(req), req.params.roomId, req.body.bookingId);
        return { code: 0 as const, message: fmt(said, { number: r.number, places: r.places ?? '' }), data: r.state };
      },
    });
  }

  const W = E.walkIn;
  const desk = { access: 'MANAGER_APPOINTMENT' as const };
  route(app, W.rooms, { config: desk, tags, handler: async (req) => ({ code: 0 as const, data: await walkInRooms(ctx, caller(req)) }) });
  route(app, W.create, {
    config: desk,
    tags,
    handler: async (req) => {
      const made = await createWalkIn(ctx, caller(req), req.body);
      return {
        code: 0 as const,
        message: fmt(QUEUE_MESSAGES.walkInCreated, { number: made.number, room: made.roomName }),
        data: await bookingRow(ctx.database.db, caller(req).facilityId, made.id),
      };
    },
  });
}

const HELLO_MS = 10_000;

/**
 * WebSocket GET /api/queue/v1/display/live: a calling screen says hello with its link's token (never in the URL),
 * then gets its whole state and every change of its rooms (display.hub). An unknown or revoked link is closed with
 * 4403 (the screen says it is no longer valid and stops trying); a screen that says nothing is closed after 10 s.
 */
export async function displaySocketRoutes(app: FastifyInstance, ctx: AppContext, hub: DisplayHub): Promise<void> {
  app.get(
    DISPLAY_LIVE_PATH,
    { websocket: true, config: publicConfig, schema: { tags, summary: 'WebSocket: màn hình gọi số (tin đầu tiên { type: "hello", token })' } },
    (socket: WebSocket) => {
      const send = (m: DisplayServerMessage) => socket.readyState === socket.OPEN && socket.send(JSON.stringify(m));
      let hello = false;
      const silent = setTimeout(() => socket.close(DISPLAY_SOCKET_CLOSE.invalid, 'no hello'), HELLO_MS);
      socket.on('close', () => clearTimeout(silent));
      socket.on('message', (raw) => {
        if (hello) return;
        hello = true;
        clearTimeout(silent);
        let msg: DisplayClientMessage | null = null;
        try {
          msg = JSON.parse(String(raw)) as DisplayClientMessage;
        } catch {
          msg = null;
        }
        const token = msg?.type === 'hello' && typeof msg.token === 'string' ? msg.token : undefined;
        screenByToken(ctx, token, 'DISPLAY')
          .then((screen) => hub.add(socket, screen))
          .catch((err: unknown) => {
            if (!isAuthError(err)) return socket.close(1011, 'unavailable'); // the screen tries again
            send({ type: 'error', message: (err as Error).message });
            socket.close(DISPLAY_SOCKET_CLOSE.invalid, 'invalid');
          });
      });
    },
  );
}
