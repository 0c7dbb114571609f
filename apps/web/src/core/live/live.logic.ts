/**
 * Pure rules of the live-updates socket (GET /api/live/v1): how long to wait before the next
 * reconnect, the socket's address, and what a close means. The socket itself is live-socket.ts.
 */
import { LIVE_PATH, LIVE_SOCKET_CLOSE } from '@portal/shared/contracts/live.contract';

export type LiveStatus = 'connecting' | 'open' | 'closed';

export const BACKOFF_BASE_MS = 500;
export const BACKOFF_MAX_MS = 15_000;
/** While the socket is down, screens poll at this pace (the indicator names it). */
export const LIVE_POLL_MS = 10_000;

/**
 * Exponential backoff with "full jitter" (0.5–1 × the step), so a server restart is not met by
 * every open screen at the same millisecond: 500 ms, 1 s, 2 s, 4 s, 8 s, then 15 s at most.
 * `attempt` counts failed tries since the last successful open (0 = first retry).
 */
export function backoffDelay(attempt: number, random: () => number = Math.random, base = BACKOFF_BASE_MS, max = BACKOFF_MAX_MS): number {
  const n = Math.max(0, Math.min(Math.floor(attempt), 30));
  const step = Math.min(max, base * 2 ** n);
  return Math.round(step / 2 + (step / 2) * random());
}

/** ws(s)://host/api/live/v1?loginToken=… — the browser cannot set headers on a WebSocket. */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'>, token: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${LIVE_PATH}?loginToken=${encodeURIComponent(token)}`;
}

/** The server ended the session (logout, lock, idle): renew the token before trying again. */
export function isSessionEnded(closeCode: number): boolean {
  return closeCode === LIVE_SOCKET_CLOSE.sessionEnded;
}

/** Screens poll while the socket is not open (and not while it is). */
export function pollInterval(status: LiveStatus): number | false {
  return status === 'open' ? false : LIVE_POLL_MS;
}
