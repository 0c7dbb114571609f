import { describe, expect, it } from 'vitest';
import { cleanReportUsers, parseReportState, reportFilterQuery, reportUrlQuery, sizeText, toggleReportUser } from './reports.logic';

const now = new Date('2026-11-26T03:00:00Z');

describe('parseReportState', () => {
  it('defaults to this month, the quick statistic by department', () => {
    expect(parseReportState(new URLSearchParams(''), now)).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      tab: 'quick',
      group: 'byDepartment',
      departmentId: undefined,
      doctorId: undefined,
      source: undefined,
      followed: false,
    });
  });
  it.each([
    ['from=2026-11-10&to=2026-11-01', '2026-11-01'],
    ['from=2025-01-01&to=2026-01-02', '2026-11-01'],
    ['from=2026-10-01&to=2026-10-31', '2026-10-01'],
  ])('%s starts on %s (a refused period falls back)', (q, from) => expect(parseReportState(new URLSearchParams(q), now).from).toBe(from));
  it('keeps known values only', () => {
    const s = parseReportState(new URLSearchParams('tab=staff&group=bySource&departmentId=7&doctorId=x&source=FAX&followed=1'), now);
    expect(s).toMatchObject({ tab: 'staff', group: 'bySource', departmentId: 7, doctorId: undefined, source: undefined, followed: true });
    expect(parseReportState(new URLSearchParams('tab=nope&group=nope'), now)).toMatchObject({ tab: 'quick', group: 'byDepartment' });
  });
  it('round-trips through the URL; the API query has the period and filters only', () => {
    const s = parseReportState(new URLSearchParams('from=2026-10-01&to=2026-10-31&tab=complete&source=APP&followed=1'), now);
    expect(parseReportState(new URLSearchParams(reportUrlQuery(s)), now)).toEqual(s);
    expect(reportFilterQuery(s)).toEqual({ from: '2026-10-01', to: '2026-10-31', source: 'APP' });
  });
});

describe('report users', () => {
  const a = { id: 1, username: 'letan', name: 'Lễ tân' };
  it('follows and unfollows', () => {
    expect(toggleReportUser([], a)).toEqual([a]);
    expect(toggleReportUser([a], a)).toEqual([]);
  });
  it('drops what is malformed', () => {
    expect(cleanReportUsers([a, { id: 'x' }, null, 3])).toEqual([a]);
    expect(cleanReportUsers('oops')).toEqual([]);
  });
});

describe('sizeText', () => {
  it.each([
    [10, '1 KB'],
    [200 * 1024, '200 KB'],
    [1.25 * 1024 * 1024, '1,3 MB'],
  ])('%s → %s', (n, text) => expect(sizeText(n)).toBe(text));
});
