import { roomEndpoints } from '@portal/shared/contracts/catalog.contract';
import { type CreateScreenBody, queueEndpoints, type ScreenKind, type UpdateScreenBody, type WalkInBody } from '@portal/shared/contracts/queue.contract';
import { call } from '../../core/api/endpoint-client';
import type { SelectBoxLoader } from '../../core/blocks/select-box';

const S = queueEndpoints.screens;
const C = queueEndpoints.console;
const W = queueEndpoints.walkIn;

export interface ScreenFilter {
  kind?: ScreenKind;
  state?: 'ACTIVE' | 'REVOKED';
}

export const queueKeys = {
  all: ['queue'] as const,
  screens: ['queue', 'screens'] as const,
  screenList: (f: ScreenFilter) => ['queue', 'screens', 'list', f] as const,
  consoleRooms: ['queue', 'console', 'rooms'] as const,
  console: (roomId: number) => ['queue', 'console', 'room', roomId] as const,
  walkInRooms: ['queue', 'walk-in', 'rooms'] as const,
};

/** The console's actions on one patient (the call of the moment, or a waiting one for `call`). */
export type BookingAction = 'call' | 'recall' | 'skip' | 'complete';

/** The waiting room's staff calls (queue.contract.ts: queueEndpoints.screens, .console, .walkIn). */
export const queueApi = {
  screens: async (f: ScreenFilter, signal?: AbortSignal) => (await call(S.list, { query: { kind: f.kind, state: f.state } }, { signal })).data,
  createScreen: (body: CreateScreenBody) => call(S.create, { body }),
  updateScreen: (id: number, body: UpdateScreenBody) => call(S.update, { params: { id }, body }),
  revokeScreen: (id: number) => call(S.revoke, { params: { id } }),

  /** The account's rooms: its console's choices. */
  consoleRooms: async (signal?: AbortSignal) => (await call(C.rooms, {}, { signal })).data,
  consoleState: async (roomId: number, signal?: AbortSignal) => (await call(C.state, { params: { roomId } }, { signal })).data,
  callNext: (roomId: number) => call(C.callNext, { params: { roomId } }),
  act: (roomId: number, action: BookingAction, bookingId: number) => call(C[action], { params: { roomId }, body: { bookingId } }),

  walkInRooms: async (signal?: AbortSignal) => (await call(W.rooms, {}, { signal })).data,
  walkIn: (body: WalkInBody) => call(W.create, { body }),
};

/** The facility's active rooms, paged, for a screen's rooms (the catalogue's dropdown route, any signed-in staff). */
export const roomLoader: SelectBoxLoader = async ({ page, size, search }) => {
  const options = roomEndpoints.options;
  if (!options) throw new Error('rooms: no options endpoint');
  const res = await call(options, { query: { page, size, q: search || undefined } });
  return { data: res.data.map((r) => ({ id: r.id, name: r.name })), totalPage: res.totalPage };
};
