/**
 * The booking list's state ⇄ the URL (like the other list screens, STYLE §7): the day, the
 * status tab, the filters, the search and the page. Defaults (today, all statuses, page 0, 50
 * rows) are left out of the URL; a hand-edited link falls back to them.
 */
import { BOOKING_PAGE_SIZE, BOOKING_SOURCES, type BookingRow, type BookingSource } from '@portal/shared/contracts/appointments.contract';
import { BOOKING_STATUSES, type BookingStatus } from '@portal/shared/rules/booking-status';
import { todayVn } from '@portal/shared/rules/time';

export { todayVn };

export const BOOKING_PAGE_SIZES = [50, 100] as const;

export interface BookingListState {
  date: string;
  status: BookingStatus | null;
  departmentId: number | null;
  doctorId: number | null;
  roomId: number | null;
  source: BookingSource | null;
  q: string;
  page: number;
  size: number;
}

const isIsoDate = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
const idOf = (v: string | null) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);

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
    roomId: idOf(params.get('roomId')),
    source: (BOOKING_SOURCES as readonly string[]).includes(source ?? '') ? (source as BookingSource) : null,
    q: (params.get('q') ?? '').trim().slice(0, 100),
    page: /^\d{1,6}$/.test(page) ? Number(page) : 0,
    size: (BOOKING_PAGE_SIZES as readonly number[]).includes(size) ? size : BOOKING_PAGE_SIZE,
  };
}

/** The query of GET /api/appointment/v1 for this state; `withPaging: false` for the URL (defaults left out). */
export function bookingListQuery(s: BookingListState, today: string, opts: { forUrl?: boolean } = {}): Record<string, string> {
  const out: Record<string, string> = {};
  if (!opts.forUrl || s.date !== today) out.date = s.date;
  if (s.status) out.status = s.status;
  if (s.departmentId) out.departmentId = String(s.departmentId);
  if (s.doctorId) out.doctorId = String(s.doctorId);
  if (s.roomId) out.roomId = String(s.roomId);
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
 * A room's queue as the desk shows it: who is in (called, the latest call first) and who waits
 * (checked in, in the order the server calls them: priority first, then by number).
 */
export function queueSummary<T extends Pick<BookingRow, 'status' | 'updatedAt'>>(rows: readonly T[]): { called: T[]; waiting: T[] } {
  return {
    called: rows.filter((r) => r.status === 'CALLED').sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
    waiting: rows.filter((r) => r.status === 'CHECKED_IN'),
  };
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
