/** Pure helpers of the calling screen: a room's update, the grid of rooms, the clock. */
import type { DisplayRoom, DisplayState } from '@portal/shared/contracts/queue.contract';
import { pad2, pad4, VN_OFFSET_MS } from '@portal/shared/rules/time';
import { T } from './messages';

/** The state with one room replaced (a room the screen does not show is ignored). */
export function applyRoom(state: DisplayState, room: DisplayRoom): DisplayState {
  if (!state.rooms.some((r) => r.id === room.id)) return state;
  return { ...state, rooms: state.rooms.map((r) => (r.id === room.id ? room : r)) };
}

/** Columns and rows for `count` room panels (up to 12 on one 16:9 screen, no scrolling). */
export function gridFor(count: number): { cols: number; rows: number } {
  const n = Math.max(1, count);
  const cols = n <= 3 ? n : n === 4 ? 2 : n <= 6 ? 3 : n <= 8 ? 4 : n === 9 ? 3 : 4;
  return { cols, rows: Math.ceil(n / cols) };
}

/** The clock in Vietnam: "08:05", "27/11/2026", "Thứ Sáu". */
export function clockParts(nowMs: number): { time: string; date: string; weekday: string } {
  const d = new Date(nowMs + VN_OFFSET_MS);
  return {
    time: `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`,
    date: `${pad2(d.getUTCDate())}/${pad2(d.getUTCMonth() + 1)}/${pad4(d.getUTCFullYear())}`,
    weekday: T.weekdays[d.getUTCDay()]!,
  };
}

/** How far the screen's clock is behind the server's (a TV's clock is often wrong); 0 when unknown. */
export function clockOffset(serverTime: string, receivedAtMs: number): number {
  const server = Date.parse(serverTime);
  return Number.isNaN(server) ? 0 : server - receivedAtMs;
}
