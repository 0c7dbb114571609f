import { describe, expect, it } from 'vitest';
import { dayTone, filtersFromParams, normalizeTime, paramsOf, periodOf, scheduleLine } from './drugs.logic';

describe('the list filters in the URL', () => {
  it('round-trips and drops defaults', () => {
    const f = filtersFromParams(new URLSearchParams('q=lan&program=DIABETES&below=true&from=2026-11-01&to=2026-11-27&page=2&size=50'));
    expect(f).toEqual({ q: 'lan', program: 'DIABETES', below: true, from: '2026-11-01', to: '2026-11-27', page: 2, size: 50 });
    expect(paramsOf(f)).toEqual({ q: 'lan', program: 'DIABETES', below: 'true', from: '2026-11-01', to: '2026-11-27', page: '2', size: '50' });
    expect(paramsOf(filtersFromParams(new URLSearchParams('program=X&from=01/11/2026&page=-1&size=7')))).toEqual({});
  });
  it('defaults the period to the last 30 days (+07:00)', () => {
    expect(periodOf({}, new Date('2026-11-26T18:00:00Z'))).toEqual({ from: '2026-10-29', to: '2026-11-27' });
    expect(periodOf({ from: '2026-11-01', to: '2026-11-02' })).toEqual({ from: '2026-11-01', to: '2026-11-02' });
  });
});

describe('scheduleLine', () => {
  it.each([
    [{ everyDays: 1, startDate: '2026-11-01', endDate: '2026-11-07' }, 'Hằng ngày; 01/11/2026 – 07/11/2026'],
    [{ everyDays: 2, startDate: '2026-11-01', endDate: null }, 'Cách 2 ngày một lần; Từ 01/11/2026, dài hạn'],
  ])('%o → %s', (m, s) => expect(scheduleLine(m)).toBe(s));
});

describe('dayTone', () => {
  it.each([
    [{ taken: 0, missed: 0 }, 'none'],
    [{ taken: 3, missed: 0 }, 'good'],
    [{ taken: 4, missed: 1 }, 'partial'],
    [{ taken: 1, missed: 2 }, 'bad'],
    [{ taken: 0, missed: 1 }, 'bad'],
  ] as const)('%o → %s at 80 %', (d, tone) => expect(dayTone(d, 80)).toBe(tone));
});

describe('normalizeTime', () => {
  it.each([
    ['7:00', '07:00'],
    ['19h', '19:00'],
    ['19h30', '19:30'],
    ['07:00', '07:00'],
    ['25:00', '25:00'],
    ['abc', 'abc'],
  ])('%s → %s', (raw, t) => expect(normalizeTime(raw)).toBe(t));
});
