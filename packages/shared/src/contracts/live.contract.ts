/** Messages of the live-updates WebSocket (GET /api/live/v1). */

/** Client → server: follow these topics (e.g. 'bookings'). */
export interface LiveClientMessage {
  type: 'subscribe';
  topics: string[];
}

/** Server → client. */
export type LiveServerMessage =
  | { type: 'ready' }
  | { type: 'subscribed'; topics: string[] }
  | { type: 'event'; topic: string; event: string; id?: number | string; data?: Record<string, unknown> }
  | { type: 'forbidden'; topic: string; message: string }
  | { type: 'error'; topic?: string; message: string };

/** Close codes: the session ended (log in again / renew the token, then reconnect). */
export const LIVE_SOCKET_CLOSE = { sessionEnded: 4401 } as const;

export const LIVE_PATH = '/api/live/v1';

/** Every change of a booking (appointments.contract.ts says what its events carry), for MANAGER_APPOINTMENT. */
export const BOOKING_LIVE_TOPIC = 'bookings';
