/**
 * The calling screen's live connection (WebSocket /api/queue/v1/display/live): says hello with the
 * link's token, hands every server message on, and reconnects after any loss with a capped,
 * jittered exponential backoff (1 s → 30 s), until the server closes with 4403 (the link is revoked
 * or unknown). One socket at a time: an old one is closed and its handlers detached before the next.
 */
import { DISPLAY_LIVE_PATH, DISPLAY_SOCKET_CLOSE, type DisplayClientMessage, type DisplayServerMessage } from '@portal/shared/contracts/queue.contract';

/** connecting: the first connection; live: the state has arrived; lost: reconnecting; invalid: stopped for good. */
export type LiveStatus = 'connecting' | 'live' | 'lost' | 'invalid';

/** The part of a WebSocket this module uses (a fake in the tests). */
export interface SocketLike {
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

export interface LiveOptions {
  url: string;
  token: string;
  onMessage(message: DisplayServerMessage): void;
  onStatus(status: LiveStatus): void;
  createSocket?: (url: string) => SocketLike;
  random?: () => number;
  /** No message for this long: the connection may be dead without a close (a sleeping NAT); open a new one. */
  quietMs?: number;
}

export const BACKOFF_MIN_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;
export const QUIET_MS = 3 * 60_000;

/** Wait before reconnection `attempt` (0 first): doubling from 1 s, capped at 30 s, with jitter in its upper half. */
export function backoffDelay(attempt: number, random: number): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** Math.min(attempt, 20));
  return Math.round(Math.max(BACKOFF_MIN_MS, ceiling * (0.5 + random * 0.5)));
}

/** ws:// or wss:// on the page's own host. */
export function liveUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${DISPLAY_LIVE_PATH}`;
}

function parse(data: unknown): DisplayServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const m = JSON.parse(data) as { type?: unknown } | null;
    return m && typeof m === 'object' && typeof m.type === 'string' ? (m as DisplayServerMessage) : null;
  } catch {
    return null;
  }
}

export function connectLive(opts: LiveOptions): { close(): void } {
  const create = opts.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const random = opts.random ?? Math.random;
  const quietMs = opts.quietMs ?? QUIET_MS;
  let socket: SocketLike | null = null;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let status: LiveStatus | null = null;
  const setStatus = (s: LiveStatus) => {
    if (s === status) return;
    status = s;
    opts.onStatus(s);
  };

  function drop() {
    clearTimeout(quiet);
    if (!socket) return;
    const old = socket;
    socket = null;
    old.onopen = old.onmessage = old.onclose = old.onerror = null;
    try {
      old.close(1000);
    } catch {
      // already closed
    }
  }

  function watch() {
    clearTimeout(quiet);
    quiet = setTimeout(() => {
      drop();
      open();
    }, quietMs);
  }

  function open() {
    if (stopped) return;
    if (status === null) setStatus('connecting');
    const s = create(opts.url);
    socket = s;
    s.onopen = () => {
      const hello: DisplayClientMessage = { type: 'hello', token: opts.token };
      s.send(JSON.stringify(hello));
      watch();
    };
    s.onmessage = (ev) => {
      watch();
      const message = parse(ev.data);
      if (!message) return;
      if (message.type === 'state') {
        attempt = 0;
        setStatus('live');
      }
      opts.onMessage(message);
    };
    s.onerror = () => {
      // a close follows
    };
    s.onclose = (ev) => {
      drop();
      if (ev.code === DISPLAY_SOCKET_CLOSE.invalid) {
        stop();
        setStatus('invalid');
        return;
      }
      setStatus('lost');
      retry = setTimeout(open, backoffDelay(attempt++, random()));
    };
  }

  function stop() {
    stopped = true;
    clearTimeout(retry);
    drop();
  }

  open();
  return { close: stop };
}
