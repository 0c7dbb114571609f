import { describe, expect, it } from 'vitest';
import { parseLogState } from '../logs/logs.logic';
import { parseBookingListState } from '../appointments/booking-list.logic';
import { parseReportState } from '../reports/reports.logic';
import { bookingsLink, DEAD_JOBS_LINK, reportLink, roomLink, signInLogLink, sumOf } from './dashboard.logic';

/** Each link, read back by the screen it opens, is the filter of the figure it came from. */
const params = (link: string) => new URL(link, 'http://x').searchParams;
const today = '2026-11-26';

describe('dashboard links', () => {
  it.each([
    ['CHECKED_IN', 'CHECKED_IN'],
    ['PENDING', 'PENDING'],
    [null, null],
  ] as const)('bookings of the day in state %s, every room the caller may see', (status, expected) => {
    const link = bookingsLink(today, status);
    expect(link.startsWith('/admin/quan-ly-dat-kham?')).toBe(true);
    const s = parseBookingListState(params(link), '2026-01-01');
    expect(s).toMatchObject({ date: today, status: expected, rooms: 'all', page: 0 });
  });

  it('the quick statistic opens the report on the day, its quick-statistic tab', () => {
    const link = reportLink(today);
    expect(link.startsWith('/admin/report/bookings?')).toBe(true);
    expect(parseReportState(params(link), new Date('2026-12-31T00:00:00Z'))).toMatchObject({ from: today, to: today, tab: 'quick' });
  });

  it('a room opens the list on that room (its queue card) for the day', () => {
    const s = parseBookingListState(params(roomLink(today, 42)), today);
    expect(s).toMatchObject({ date: today, status: null, rooms: [42] });
  });

  it.each(['LOGIN_FAILED', 'LOGIN_REFUSED_LOCKED', 'LOGIN_THROTTLED'] as const)('failed sign-ins %s: the logs of the day with that action', (action) => {
    const link = signInLogLink(today, action);
    expect(link.startsWith('/admin/logs?')).toBe(true);
    expect(parseLogState(params(link), new Date('2026-12-31T00:00:00Z'))).toEqual({ from: today, to: today, action });
  });

  it('dead jobs: the jobs tab of the logs screen', () => {
    expect(DEAD_JOBS_LINK).toBe('/admin/logs?tab=jobs');
  });

  it.each([
    [{}, 0],
    [{ A: 0, B: 0 }, 0],
    [{ A: 2, B: 1, C: 0 }, 3],
  ])('sum of %j is %i', (counts, total) => expect(sumOf(counts)).toBe(total));
});
