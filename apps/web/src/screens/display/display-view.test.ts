import { describe, expect, it } from 'vitest';
import type { DisplayRoom, DisplayState } from '@portal/shared/contracts/queue.contract';
import { applyRoom, clockOffset, clockParts, gridFor } from './display-view';

const room = (id: number, number: number | null = null): DisplayRoom => ({
  id,
  code: `P${id}`,
  name: `Phòng ${id}`,
  current: number === null ? null : { number, name: null, priority: false, callId: `c${number}`, at: '2026-11-27T08:00:00+07:00' },
  waiting: [],
  waitingCount: 0,
});
const state = (rooms: DisplayRoom[]): DisplayState => ({
  facility: { name: 'Bệnh viện' },
  screen: { id: 1, name: 'Sảnh A', volume: 80, chime: true },
  nameMode: 'MASKED',
  date: '2026-11-27',
  rooms,
  serverTime: '2026-11-27T01:00:00Z',
});

describe('a room update', () => {
  it('replaces the room of the same id and keeps the order', () => {
    const next = applyRoom(state([room(1), room(2), room(3)]), room(2, 12));
    expect(next.rooms.map((r) => [r.id, r.current?.number ?? null])).toEqual([
      [1, null],
      [2, 12],
      [3, null],
    ]);
  });
  it('ignores a room the screen does not show', () => {
    const s = state([room(1)]);
    expect(applyRoom(s, room(9, 4))).toBe(s);
  });
});

describe('the grid', () => {
  it.each([
    [0, 1, 1],
    [1, 1, 1],
    [2, 2, 1],
    [3, 3, 1],
    [4, 2, 2],
    [5, 3, 2],
    [6, 3, 2],
    [7, 4, 2],
    [8, 4, 2],
    [9, 3, 3],
    [10, 4, 3],
    [12, 4, 3],
  ])('%i rooms: %i × %i', (n, cols, rows) => {
    expect(gridFor(n)).toEqual({ cols, rows });
    expect(cols * rows).toBeGreaterThanOrEqual(n);
  });
});

describe('the clock', () => {
  it('reads Vietnam time whatever the machine zone', () => {
    expect(clockParts(Date.parse('2026-11-27T01:05:00Z'))).toEqual({ time: '08:05', date: '27/11/2026', weekday: 'Thứ Sáu' });
    expect(clockParts(Date.parse('2026-11-28T17:30:00Z'))).toEqual({ time: '00:30', date: '29/11/2026', weekday: 'Chủ nhật' });
  });
  it('takes its offset from the server time', () => {
    expect(clockOffset('2026-11-27T01:00:10Z', Date.parse('2026-11-27T01:00:00Z'))).toBe(10_000);
    expect(clockOffset('garbage', 5)).toBe(0);
  });
});
