import { describe, expect, it } from 'vitest';
import {
  bookingListQuery,
  changedRowIds,
  lastListUrl,
  parseBookingListState,
  queueSummary,
  parseRoomChoice,
  rememberListUrl,
  roomsToShow,
  todayVn,
  totalCount,
  withChange,
} from './booking-list.logic';

const TODAY = '2026-11-23';

describe('todayVn', () => {
  it('is the Vietnamese date across the UTC day boundary', () => {
    expect(todayVn(new Date('2026-11-23T16:59:59Z'))).toBe('2026-11-23');
    expect(todayVn(new Date('2026-11-23T17:00:00Z'))).toBe('2026-11-24');
  });
});

describe('booking list URL state', () => {
  it('defaults to today, every status, page 0 of 50', () => {
    const s = parseBookingListState(new URLSearchParams(''), TODAY);
    expect(s).toEqual({ date: TODAY, status: null, departmentId: null, doctorId: null, rooms: 'mine', source: null, q: '', page: 0, size: 50 });
    expect(bookingListQuery(s, TODAY, { forUrl: true })).toEqual({});
    expect(bookingListQuery(s, TODAY)).toEqual({ date: TODAY, page: '0', size: '50' });
  });
  it('reads and writes back a full link', () => {
    const p = new URLSearchParams('date=2026-11-25&status=PENDING&departmentId=3&doctorId=4&roomId=5&source=HOTLINE&q=lan&page=2&size=100');
    const s = parseBookingListState(p, TODAY);
    expect(new URLSearchParams(bookingListQuery(s, TODAY, { forUrl: true })).toString()).toBe(p.toString());
  });
  it.each([
    ['roomId=5', [5]],
    ['roomId=5,7', [5, 7]],
    ['roomId=all', [] as number[]],
  ])('writes the room choice %s back to the link, and asks the server for the rooms it resolves to', (link, asked) => {
    const s = parseBookingListState(new URLSearchParams(link), TODAY);
    expect(new URLSearchParams(bookingListQuery(s, TODAY, { forUrl: true })).toString()).toBe(link.replace(',', '%2C'));
    expect(bookingListQuery(s, TODAY, { roomIds: asked }).roomId).toBe(asked.length ? asked.join(',') : undefined);
  });
  it('ignores what a hand-edited link gets wrong', () => {
    const s = parseBookingListState(new URLSearchParams('date=23/11/2026&status=NOPE&departmentId=-1&doctorId=abc&source=FAX&page=x&size=7'), TODAY);
    expect(s).toMatchObject({ date: TODAY, status: null, departmentId: null, doctorId: null, source: null, page: 0, size: 50 });
  });
  it('goes back to the first page when the filters change', () => {
    const s = parseBookingListState(new URLSearchParams('page=3'), TODAY);
    expect(withChange(s, { status: 'ACCEPTED' })).toMatchObject({ page: 0, status: 'ACCEPTED' });
  });
});

describe('changes and counts', () => {
  it('finds new and changed rows, none on the first load', () => {
    const a = [
      { id: 1, status: 'PENDING' as const, updatedAt: 't1' },
      { id: 2, status: 'PENDING' as const, updatedAt: 't1' },
    ];
    const b = [
      { id: 1, status: 'ACCEPTED' as const, updatedAt: 't2' },
      { id: 2, status: 'PENDING' as const, updatedAt: 't1' },
      { id: 3, status: 'PENDING' as const, updatedAt: 't3' },
    ];
    expect(changedRowIds(undefined, b)).toEqual([]);
    expect(changedRowIds(a, b)).toEqual([1, 3]);
  });
  it('sums the tabs', () => {
    expect(totalCount({ PENDING: 2, ACCEPTED: 3 })).toBe(5);
    expect(totalCount(undefined)).toBe(0);
  });
});

describe('queueSummary: one call of the moment per room', () => {
  const r = (id: number, status: 'CHECKED_IN' | 'CALLED', updatedAt: string, calling = false) => ({ id, status, updatedAt, calling });
  it.each([
    ['nobody', [], null, [], []],
    ['waiting keep the server order (priority first)', [r(3, 'CHECKED_IN', 'a'), r(1, 'CHECKED_IN', 'c'), r(2, 'CHECKED_IN', 'b')], null, [], [3, 1, 2]],
    // issue 14: three called patients showed under "Đang gọi khám" at once; only the call of the moment does
    [
      'the call of the moment apart, those called before it latest first',
      [r(1, 'CALLED', '2026-11-25T01:00:00Z'), r(2, 'CALLED', '2026-11-25T02:00:00Z'), r(5, 'CALLED', '2026-11-25T03:00:00Z', true), r(4, 'CHECKED_IN', 'x')],
      5,
      [2, 1],
      [4],
    ],
    ['called before, nobody called now (the visit of the last one ended)', [r(1, 'CALLED', 'a'), r(4, 'CHECKED_IN', 'x')], null, [1], [4]],
  ] as const)('%s', (_name, rows, calling, before, waiting) => {
    const s = queueSummary([...rows]);
    expect(s.calling?.id ?? null).toBe(calling);
    expect(s.calledBefore.map((x) => x.id)).toEqual(before);
    expect(s.waiting.map((x) => x.id)).toEqual(waiting);
  });
});

describe('rooms of an account: what the list shows', () => {
  const rooms = [
    { id: 1, code: 'P101', name: 'Phòng 101' },
    { id: 2, code: 'P102', name: 'Phòng 102' },
  ];
  it.each([
    ['no link: the account rooms', null, { rooms, onlyOwnRooms: false }, [1, 2]],
    ['no link, no rooms: every room', null, { rooms: [], onlyOwnRooms: false }, undefined],
    ['all rooms, widened by the user', 'all', { rooms, onlyOwnRooms: false }, undefined],
    ['all rooms of an account kept to its rooms: its rooms', 'all', { rooms, onlyOwnRooms: true }, [1, 2]],
    ['rooms chosen', '2,7', { rooms, onlyOwnRooms: false }, [2, 7]],
    ['a hand-edited link with a bad id: the default', '2,x', { rooms, onlyOwnRooms: false }, [1, 2]],
    ['the same room twice', '7,7', { rooms: [], onlyOwnRooms: false }, [7]],
  ])('%s', (_name, link, desk, shown) => {
    expect(roomsToShow(parseRoomChoice(link), desk)).toEqual(shown);
  });
});

describe('the list URL a detail goes back to', () => {
  const store = () => {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
  };
  it.each([
    ['nothing remembered', null, '/admin/quan-ly-dat-kham'],
    ['the filtered list', '/admin/quan-ly-dat-kham?date=2026-11-26&status=PENDING&q=nguyen', '/admin/quan-ly-dat-kham?date=2026-11-26&status=PENDING&q=nguyen'],
    ['the plain list', '/admin/quan-ly-dat-kham', '/admin/quan-ly-dat-kham'],
    ['anything else (never another screen)', '/admin/user?q=x', '/admin/quan-ly-dat-kham'],
    ['a detail', '/admin/quan-ly-dat-kham/12', '/admin/quan-ly-dat-kham'],
  ])('%s', (_name, saved, expected) => {
    const s = store();
    if (saved !== null) rememberListUrl(saved, s);
    expect(lastListUrl(s)).toBe(expected);
  });
});
