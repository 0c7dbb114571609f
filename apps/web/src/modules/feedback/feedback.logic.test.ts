import { describe, expect, it } from 'vitest';
import { presetPeriod } from '@portal/shared/rules/period';
import { listParams, listQuery, parseListState, parseReportState, reportParams, reportQuery, starFill } from './feedback.logic';

const now = new Date('2026-03-15T03:00:00Z');
const last30 = presetPeriod('last30', now);

describe('the list state in the URL', () => {
  it('falls back to the last 30 days and the first page', () => {
    expect(parseListState(new URLSearchParams(), now)).toEqual({ ...last30, q: '', page: 0, size: 20 });
  });

  it('reads a period, filters, search and paging; drops what is not valid', () => {
    const s = parseListState(
      new URLSearchParams('from=2026-03-01&to=2026-03-10&departmentId=4&doctorId=x&stars=LOW&kind=NEW&q=%20cho%20lau%20&page=2&size=50'),
      now,
    );
    expect(s).toEqual({
      from: '2026-03-01',
      to: '2026-03-10',
      departmentId: 4,
      doctorId: undefined,
      stars: 'LOW',
      kind: 'NEW',
      q: 'cho lau',
      page: 2,
      size: 50,
    });
    expect(parseListState(new URLSearchParams('stars=7&kind=OPEN&size=33'), now)).toMatchObject({ stars: undefined, kind: undefined, size: 20 });
    // a period longer than 366 days, or reversed, is refused as the server would
    expect(parseListState(new URLSearchParams('from=2024-01-01&to=2026-03-01'), now)).toMatchObject(last30);
    expect(parseListState(new URLSearchParams('from=2026-03-10&to=2026-03-01'), now)).toMatchObject(last30);
  });

  it('writes the API query and the URL, keeping the tab and the open drawer', () => {
    const s = parseListState(new URLSearchParams('from=2026-03-01&to=2026-03-10&stars=5&q=binh&page=1'), now);
    expect(listQuery(s)).toEqual({ from: '2026-03-01', to: '2026-03-10', stars: '5', q: 'binh', page: '1', size: '20' });
    expect(listQuery(s, false)).toEqual({ from: '2026-03-01', to: '2026-03-10', stars: '5', q: 'binh' });
    const url = listParams(s, new URLSearchParams('tab=users&feedback=12&other=1'));
    expect(Object.fromEntries(url)).toEqual({ from: '2026-03-01', to: '2026-03-10', stars: '5', q: 'binh', page: '1', tab: 'users', feedback: '12' });
  });
});

describe('the rate report state', () => {
  it('reads the period, filters and criterion (overall by default)', () => {
    expect(parseReportState(new URLSearchParams('tab=report'), now)).toEqual({ ...last30, departmentId: undefined, doctorId: undefined, criterion: 'overall' });
    const s = parseReportState(new URLSearchParams('from=2026-01-01&to=2026-03-31&doctorId=9&criterion=waiting'), now);
    expect(s).toMatchObject({ doctorId: 9, criterion: 'waiting' });
    expect(reportQuery(s)).toEqual({ from: '2026-01-01', to: '2026-03-31', doctorId: '9' });
    expect(reportQuery(s, true)).toMatchObject({ criterion: 'waiting' });
    expect(Object.fromEntries(reportParams(s))).toEqual({ tab: 'report', from: '2026-01-01', to: '2026-03-31', doctorId: '9', criterion: 'waiting' });
    expect(parseReportState(new URLSearchParams('criterion=price'), now).criterion).toBe('overall');
  });
});

it('fills the stars of a rating', () => {
  expect(starFill(3)).toEqual([true, true, true, false, false]);
  expect(starFill(5).every(Boolean)).toBe(true);
});
