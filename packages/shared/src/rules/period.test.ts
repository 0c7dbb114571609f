import { describe, expect, it } from 'vitest';
import { addDays, periodDayList, periodDays, periodInstants, periodProblem, presetPeriod } from './period';

const at = (iso: string) => new Date(iso);

describe('periodDays and periodProblem', () => {
  it.each([
    [{ from: '2026-11-26', to: '2026-11-26' }, 1, null],
    [{ from: '2026-02-01', to: '2026-02-28' }, 28, null],
    [{ from: '2024-02-01', to: '2024-02-29' }, 29, null],
    [{ from: '2024-01-01', to: '2024-12-31' }, 366, null],
    [{ from: '2025-01-01', to: '2026-01-01' }, 366, null],
    [{ from: '2025-01-01', to: '2026-01-02' }, 367, 'Khoảng thời gian tối đa 366 ngày'],
    [{ from: '2026-11-26', to: '2026-11-25' }, 0, 'Ngày kết thúc phải từ ngày bắt đầu trở đi'],
  ])('%o is %i days', (p, days, problem) => {
    expect(periodDays(p)).toBe(days);
    expect(periodProblem(p)).toBe(problem);
  });
});

describe('periodInstants', () => {
  it('covers whole days in +07:00', () => {
    const { start, end } = periodInstants({ from: '2026-11-01', to: '2026-11-30' });
    expect(start.toISOString()).toBe('2026-10-31T17:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-30T17:00:00.000Z');
  });
  it('a day on which Europe changes its clocks is still 24 h here', () => {
    const { start, end } = periodInstants({ from: '2026-10-25', to: '2026-10-25' });
    expect(end.getTime() - start.getTime()).toBe(24 * 3600_000);
  });
});

describe('addDays', () => {
  it.each([
    ['2026-12-31', 1, '2027-01-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2026-03-01', -1, '2026-02-28'],
  ])('%s + %i = %s', (iso, n, want) => expect(addDays(iso, n)).toBe(want));
});

describe('presetPeriod', () => {
  // 23:30 UTC on 30/11 is already 01/12 in Vietnam
  const lateNight = at('2026-11-30T23:30:00Z');
  it.each([
    ['today', at('2026-11-26T03:00:00Z'), { from: '2026-11-26', to: '2026-11-26' }],
    ['today', lateNight, { from: '2026-12-01', to: '2026-12-01' }],
    ['last7', at('2026-11-26T03:00:00Z'), { from: '2026-11-20', to: '2026-11-26' }],
    ['last30', at('2026-11-26T03:00:00Z'), { from: '2026-10-28', to: '2026-11-26' }],
    // Thursday 26/11/2026: Monday 23 to Sunday 29
    ['thisWeek', at('2026-11-26T03:00:00Z'), { from: '2026-11-23', to: '2026-11-29' }],
    // a Sunday belongs to the week that began on the Monday before
    ['thisWeek', at('2026-11-29T10:00:00Z'), { from: '2026-11-23', to: '2026-11-29' }],
    ['thisMonth', at('2026-02-10T03:00:00Z'), { from: '2026-02-01', to: '2026-02-28' }],
    ['thisMonth', at('2028-02-10T03:00:00Z'), { from: '2028-02-01', to: '2028-02-29' }],
    ['thisMonth', at('2026-12-10T03:00:00Z'), { from: '2026-12-01', to: '2026-12-31' }],
    ['lastMonth', at('2026-01-10T03:00:00Z'), { from: '2025-12-01', to: '2025-12-31' }],
    ['lastMonth', at('2026-03-31T03:00:00Z'), { from: '2026-02-01', to: '2026-02-28' }],
    ['lastMonth', lateNight, { from: '2026-11-01', to: '2026-11-30' }],
  ] as const)('%s on %s', (preset, now, want) => expect(presetPeriod(preset, now)).toEqual(want));
});

describe('periodDayList', () => {
  it.each([
    [{ from: '2026-11-30', to: '2026-12-02' }, ['2026-11-30', '2026-12-01', '2026-12-02']],
    [{ from: '2024-02-28', to: '2024-03-01' }, ['2024-02-28', '2024-02-29', '2024-03-01']],
    [{ from: '2026-12-31', to: '2027-01-01' }, ['2026-12-31', '2027-01-01']],
    [{ from: '2026-10-24', to: '2026-10-26' }, ['2026-10-24', '2026-10-25', '2026-10-26']],
    [{ from: '2026-11-26', to: '2026-11-25' }, []],
  ])('%o', (p, days) => expect(periodDayList(p)).toEqual(days));
  it('a leap year is 366 days, the last one the 31st of December', () => {
    const days = periodDayList({ from: '2024-01-01', to: '2024-12-31' });
    expect(days).toHaveLength(366);
    expect(days.at(-1)).toBe('2024-12-31');
  });
});
