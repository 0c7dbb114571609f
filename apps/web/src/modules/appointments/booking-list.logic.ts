/**
 * The booking list's state ⇄ the URL (like the other list screens, STYLE §7): the day, the
 * status tab, the filters, the search and the page. Defaults (today, all statuses, the account's
 * rooms, page 0, 50 rows) are left out of the URL; a hand-edited link falls back to them.
 */
import { BOOKING_PAGE_SIZE, BOOKING_SOURCES, type BookingRow, type BookingSource } from '@portal/shared/contracts/appointments.contract';
import { BOOKING_STATUSES, type BookingStatus } from '@portal/shared/rules/booking-status';
import { todayVn } from '@portal/shared/rules/time';

export { todayVn };

export const BOOKING_PAGE_SIZES = [50, 100] as const;

/**
 * Which rooms the list shows: 'mine' (the default, left out of the URL: the account's rooms, every room
 * for an account without any), 'all' (`roomId=all`), or the rooms chosen (`roomId=3,4`).
 */
export type RoomChoice = 'mine' | 'all' | number[];

export interface BookingListState {
  date: string;
  status: BookingStatus | null;
  departmentId: number | null;
  doctorId: number | null;
  rooms: RoomChoice;
  source: BookingSource | null;
  q: string;
  page: number;
  size: number;
}

const isIsoDate = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
const idOf = (v: string | null) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** `roomId` of the URL: absent → 'mine', 'all', or ids (a link with one bad id falls back to 'mine'). */
export function parseRoomChoice(v: string | null): RoomChoice {
  if (v === null || v === '') return 'mine';
  if (v === 'all') return 'all';
  const ids = v.split(',').map(idOf);
  return ids.length <= 50 && ids.every((id) => id !== null) ? [...new Set(ids as number[])] : 'mine';
}

function roomChoiceParam(c: RoomChoice): string | null {
  if (c === 'mine') return null;
  return c === 'all' ? 'all' : c.join(',');
}

export function parseBookingListState(params: URLSearchParams, today: string): BookingListState {
  const status = params.get('status');
  const source = params.get('source');
  const page = params.get('page') ?? '';
  const size = Number(params.get('size'));
  return {
    date: isIsoDate(params.get('date')) ? params.get('date')! : today,
    status: (BOOKING_STATUSES as readonly string[]).includes(status ?? '') ? (status as BookingStatus) : null,
    departmentId: idOf(params.get('departmentId')),
    doctorId: idOf(params.get('doctorId')),
    rooms: parseRoomChoice(params.get('roomId')),
    source: (BOOKING_SOURCES as readonly string[]).includes(source ?? '') ? (source as BookingSource) : null,
    q: (params.get('q') ?? '').trim().slice(0, 100),
    page: /^\d{1,6}$/.test(page) ? Number(page) : 0,
    size: (BOOKING_PAGE_SIZES as readonly number[]).includes(size) ? size : BOOKING_PAGE_SIZE,
  };
}

/**
 * The query of GET /api/appointment/v1 for this state, with the rooms it resolves to (`roomIds`, see
 * roomsToShow); `forUrl` for the URL instead (defaults left out, the room choice as chosen).
 */
export function bookingListQuery(s: BookingListState, today: string, opts: { forUrl?: boolean; roomIds?: readonly number[] } = {}): Record<string, string> {
  const out: Record<string, string> = {};
  if (!opts.forUrl || s.date !== today) out.date = s.date;
  if (s.status) out.status = s.status;
  if (s.departmentId) out.departmentId = String(s.departmentId);
  if (s.doctorId) out.doctorId = String(s.doctorId);
  const rooms = opts.forUrl ? roomChoiceParam(s.rooms) : opts.roomIds?.length ? opts.roomIds.join(',') : null;
  if (rooms) out.roomId = rooms;
  if (s.source) out.source = s.source;
  if (s.q) out.q = s.q;
  if (!opts.forUrl || s.page > 0) out.page = String(s.page);
  if (!opts.forUrl || s.size !== BOOKING_PAGE_SIZE) out.size = String(s.size);
  return out;
}

/** A change of what is listed starts again at the first page. */
export function withChange(s: BookingListState, patch: Partial<Omit<BookingListState, 'page' | 'size'>>): BookingListState {
  return { ...s, ...patch, page: 0 };
}

/** Rows that are new or changed between two loads of the same page (to highlight them). */
export function changedRowIds(
  before: readonly Pick<BookingRow, 'id' | 'updatedAt' | 'status'>[] | undefined,
  after: readonly Pick<BookingRow, 'id' | 'updatedAt' | 'status'>[],
): number[] {
  if (!before) return [];
  const seen = new Map(before.map((r) => [r.id, `${r.status}|${r.updatedAt}`]));
  return after.filter((r) => seen.get(r.id) !== `${r.status}|${r.updatedAt}`).map((r) => r.id);
}

/** The sum of the tab counts ('Tất cả'). */
export function totalCount(counts: Partial<Record<BookingStatus, number>> | undefined): number {
  return Object.values(counts ?? {}).reduce((a, b) => a + (b ?? 0), 0);
}

/**
 * A room's queue as the desk shows it: the call of the moment (one per room: a new call ends the
 * previous one's), the patients called before it (still in their visit, the latest first) and who waits
 * (checked in, in the order the server calls them: priority first, then by number).
 */
export function queueSummary<T extends Pick<BookingRow, 'status' | 'updatedAt' | 'calling'>>(
  rows: readonly T[],
): { calling: T | null; calledBefore: T[]; waiting: T[] } {
  return {
    calling: rows.find((r) => r.status === 'CALLED' && r.calling) ?? null,
    calledBefore: rows.filter((r) => r.status === 'CALLED' && !r.calling).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
    waiting: rows.filter((r) => r.status === 'CHECKED_IN'),
  };
}

/** What the desk knows of its rooms (GET /desk). */
export interface DeskRooms {
  rooms: readonly { id: number; code: string; name: string }[];
  onlyOwnRooms: boolean;
}

/**
 * The rooms the list asks for; undefined = every room. 'mine' is the account's rooms (every room for an
 * account without any); an account kept to its rooms has no 'all' beyond them (the server would refuse).
 */
export function roomsToShow(c: RoomChoice, desk: DeskRooms): number[] | undefined {
  const own = desk.rooms.map((r) => r.id);
  if (c === 'mine') return own.length ? own : undefined;
  if (c === 'all') return desk.onlyOwnRooms ? own : undefined;
  return c;
}

const LIST_URL_KEY = 'bookings.listUrl';
const LIST_PATH = '/admin/quan-ly-dat-kham';

/** The booking list remembers its last URL (date, tab, filters, search) for this browser tab... */
export function rememberListUrl(url: string, storage: Pick<Storage, 'setItem'> = sessionStorage): void {
  storage.setItem(LIST_URL_KEY, url);
}

/** ...so a detail's "Danh sách đặt khám" goes back to the same list, not an empty one. */
export function lastListUrl(storage: Pick<Storage, 'getItem'> = sessionStorage): string {
  const url = storage.getItem(LIST_URL_KEY);
  return url && (url === LIST_PATH || url.startsWith(`${LIST_PATH}?`)) ? url : LIST_PATH;
}
