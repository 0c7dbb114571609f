import type { WebSocket } from 'ws';
import { BOOKING_LIVE_TOPIC } from '@portal/shared/contracts/live.contract';
import {
  DISPLAY_SOCKET_CLOSE,
  QUEUE_MESSAGES,
  type DisplayAnnouncement,
  type DisplayServerMessage,
  type DisplayState,
} from '@portal/shared/contracts/queue.contract';
import { todayVn } from '@portal/shared/rules/time';
import type { AppContext } from '../../core/context';
import type { LiveEvent } from '../../core/live';
import { displayRooms, displayState, nameModeOf } from './display.service';
import { findRooms } from './queue.repository';
import { activeScreen, SCREEN_LIVE_TOPIC, type ScreenAuth } from './screens.service';

/** A room changed: its new state goes out; the bookings called (false) or recalled (true) meanwhile are announced. */
interface Change {
  facilityId: number;
  roomId: number;
  announce: Map<number, boolean>;
}

/** A calling screen connected to this instance. */
interface Conn {
  socket: WebSocket;
  screen: ScreenAuth;
  rooms: Set<number>;
  /** The last whole state sent, without its time: the minute check sends it again only when it changed. */
  last: string;
  /** Answered the last protocol ping: a screen that did not for a minute is gone (its socket is ended). */
  alive: boolean;
}

const CHECK_MS = 60_000;
/** A screen that cannot take its messages (a dead link the TCP stack still buffers) is not written to. */
const MAX_BUFFERED = 1 << 20;

const stateKey = (s: DisplayState) => JSON.stringify({ ...s, serverTime: '' });
const PING = JSON.stringify({ type: 'ping' } satisfies DisplayServerMessage);

/**
 * The calling screens' fan-out (issue 22, docs/waiting-room.md "Calling screen"). Each instance keeps its own
 * sockets and hears every booking change of every instance (core/live, PostgreSQL NOTIFY). A change of a room
 * some screen shows is read once — one query for all the rooms changed meanwhile — and the same message goes to
 * every screen of that room; a call or recall also goes out as an announcement, once per call. A revoked link
 * closes its screens at once; once a minute every screen's link is checked again and its whole state resent if it
 * changed (a setting, the day, an event this instance missed) — else a `ping`, so the screen knows it is connected —
 * and a screen that did not answer the last protocol ping is ended.
 */
export class DisplayHub {
  private readonly conns = new Map<number, Set<Conn>>();
  private pending = new Map<string, Change>();
  private flushing: Promise<void> | null = null;
  private readonly announced = new Map<string, string>();
  private readonly off: () => void;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {
    this.off = ctx.live.subscribe((e) => this.onEvent(e));
    this.timer = setInterval(() => void this.check().catch(() => undefined), CHECK_MS);
    this.timer.unref();
  }

  get size(): number {
    let n = 0;
    for (const set of this.conns.values()) n += set.size;
    return n;
  }

  /** A screen said hello with a valid link: it gets its whole state and then the changes. */
  async add(socket: WebSocket, screen: ScreenAuth): Promise<void> {
    const conn: Conn = { socket, screen, rooms: new Set(screen.roomIds), last: '', alive: true };
    socket.on('pong', () => {
      conn.alive = true;
    });
    const set = this.conns.get(screen.facilityId) ?? new Set<Conn>();
    this.conns.set(screen.facilityId, set);
    set.add(conn);
    socket.on('close', () => {
      set.delete(conn);
      if (!set.size) this.conns.delete(screen.facilityId);
    });
    await this.sendState(conn, await displayState(this.ctx, screen));
  }

  close(): void {
    this.off();
    clearInterval(this.timer);
  }

  private send(conn: Conn, text: string): void {
    const s = conn.socket;
    if (s.readyState === s.OPEN && s.bufferedAmount < MAX_BUFFERED) s.send(text);
  }

  private async sendState(conn: Conn, state: DisplayState, pingWhenSame = false): Promise<void> {
    const key = stateKey(state);
    if (key === conn.last) {
      if (pingWhenSame) this.send(conn, PING);
      return;
    }
    conn.last = key;
    this.send(conn, JSON.stringify({ type: 'state', state } satisfies DisplayServerMessage));
  }

  private invalid(conn: Conn): void {
    this.send(conn, JSON.stringify({ type: 'error', message: QUEUE_MESSAGES.screenInvalid } satisfies DisplayServerMessage));
    conn.socket.close(DISPLAY_SOCKET_CLOSE.invalid, 'revoked');
  }

  private onEvent(e: LiveEvent): void {
    const set = this.conns.get(e.facilityId);
    if (!set) return;
    if (e.topic === SCREEN_LIVE_TOPIC) {
      for (const conn of set) if (conn.screen.id === e.id) void this.recheck(conn).catch(() => undefined);
      return;
    }
    if (e.topic !== BOOKING_LIVE_TOPIC) return;
    const roomId = Number(e.data?.roomId);
    if (e.data?.date !== todayVn() || ![...set].some((c) => c.rooms.has(roomId))) return;
    const key = `${e.facilityId}:${roomId}`;
    const p = this.pending.get(key) ?? { facilityId: e.facilityId, roomId, announce: new Map<number, boolean>() };
    this.pending.set(key, p);
    if (e.type === 'call' || e.type === 'recall') p.announce.set(Number(e.id), e.type === 'recall');
    this.schedule();
  }

  /** One read at a time; changes that arrive meanwhile are read together right after it. */
  private schedule(): void {
    if (this.flushing) return;
    this.flushing = (async () => {
      while (this.pending.size) {
        const batch = this.pending;
        this.pending = new Map();
        await this.flush([...batch.values()]).catch((err) => this.log.warn({ err: (err as Error).message }, 'display: cannot read the rooms'));
      }
    })().finally(() => {
      this.flushing = null;
    });
  }

  private async flush(batch: Change[]): Promise<void> {
    const db = this.ctx.database.db;
    const byFacility = new Map<number, typeof batch>();
    for (const p of batch) byFacility.set(p.facilityId, [...(byFacility.get(p.facilityId) ?? []), p]);
    for (const [facilityId, changes] of byFacility) {
      const set = this.conns.get(facilityId);
      if (!set) continue;
      const [rooms, mode] = await Promise.all([
        findRooms(
          db,
          facilityId,
          changes.map((c) => c.roomId),
        ),
        nameModeOf(this.ctx, facilityId),
      ]);
      for (const room of await displayRooms(db, facilityId, rooms, mode)) {
        const watching = [...set].filter((c) => c.rooms.has(room.id));
        const text = JSON.stringify({ type: 'room', room } satisfies DisplayServerMessage);
        for (const conn of watching) {
          this.send(conn, text);
          conn.last = '';
        }
        const cur = room.current;
        const wanted = changes.find((c) => c.roomId === room.id)?.announce;
        const roomKey = `${facilityId}:${room.id}`;
        const bookingId = cur ? Number(cur.callId.split('-')[0]) : 0;
        if (!cur || !wanted?.has(bookingId) || this.announced.get(roomKey) === cur.callId) continue;
        this.announced.set(roomKey, cur.callId);
        const announcement: DisplayAnnouncement = {
          callId: cur.callId,
          roomId: room.id,
          roomName: room.name,
          number: cur.number,
          name: cur.name,
          priority: cur.priority,
          recall: wanted.get(bookingId) === true,
        };
        const ann = JSON.stringify({ type: 'announce', announcement } satisfies DisplayServerMessage);
        for (const conn of watching) this.send(conn, ann);
      }
    }
  }

  /** A screen's link again: closed when revoked, its whole state when it changed. */
  private async recheck(conn: Conn): Promise<void> {
    const screen = await activeScreen(this.ctx, conn.screen.id);
    if (!screen) return this.invalid(conn);
    conn.screen = screen;
    conn.rooms = new Set(screen.roomIds);
    await this.sendState(conn, await displayState(this.ctx, screen));
  }

  /** The minute check: each link read once, whatever the number of its screens. */
  private async check(): Promise<void> {
    const byScreen = new Map<number, Conn[]>();
    for (const set of this.conns.values()) for (const conn of set) byScreen.set(conn.screen.id, [...(byScreen.get(conn.screen.id) ?? []), conn]);
    for (const [id, conns] of byScreen) {
      const screen = await activeScreen(this.ctx, id).catch(() => undefined);
      if (screen === undefined) continue;
      if (!screen) {
        for (const conn of conns) this.invalid(conn);
        continue;
      }
      const state = await displayState(this.ctx, screen).catch(() => null);
      for (const conn of conns) {
        if (!conn.alive) {
          conn.socket.terminate();
          continue;
        }
        conn.alive = false;
        conn.socket.ping();
        conn.screen = screen;
        conn.rooms = new Set(screen.roomIds);
        if (state) await this.sendState(conn, state, true);
      }
    }
  }
}
