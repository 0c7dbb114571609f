import { describe, expect, it } from 'vitest';
import {
  courseEndDate,
  DOSE_SCHEDULE_MESSAGES as M,
  doseInstant,
  doseScheduleProblems,
  type DoseSchedule,
  dosesOfDays,
  expandDoses,
  isDoseDay,
  windowTimes,
} from './dose-schedule';

const at = (s: string) => new Date(s);
const iso = (d: { at: Date }) => d.at.toISOString();
const daily = (times: string[], startDate = '2026-11-01', endDate: string | null = null, everyDays = 1): DoseSchedule => ({
  times,
  everyDays,
  startDate,
  endDate,
});

describe('doseInstant (+07:00)', () => {
  it.each([
    ['2026-11-27', '00:00', '2026-11-26T17:00:00.000Z'],
    ['2026-11-27', '06:59', '2026-11-26T23:59:00.000Z'],
    ['2026-11-27', '07:00', '2026-11-27T00:00:00.000Z'],
    ['2026-11-27', '23:59', '2026-11-27T16:59:00.000Z'],
    ['2027-01-01', '00:00', '2026-12-31T17:00:00.000Z'],
  ])('%s %s is %s', (day, time, expected) => expect(doseInstant(day, time).toISOString()).toBe(expected));
});

describe('expandDoses: times a day', () => {
  it('gives three doses a day in time order, whatever order the times were entered', () => {
    const d = expandDoses(daily(['19:00', '07:00', '12:00']), at('2026-11-26T17:00:00Z'), at('2026-11-27T17:00:00Z'));
    expect(d.map((x) => `${x.day} ${x.time}`)).toEqual(['2026-11-27 07:00', '2026-11-27 12:00', '2026-11-27 19:00']);
    expect(d.map(iso)).toEqual(['2026-11-27T00:00:00.000Z', '2026-11-27T05:00:00.000Z', '2026-11-27T12:00:00.000Z']);
  });
  it('excludes the window start and includes its end (a sweep never repeats the minute before it)', () => {
    const s = daily(['07:00']);
    expect(expandDoses(s, at('2026-11-27T00:00:00Z'), at('2026-11-27T00:05:00Z'))).toEqual([]);
    expect(expandDoses(s, at('2026-11-26T23:59:00Z'), at('2026-11-27T00:00:00Z')).map(iso)).toEqual(['2026-11-27T00:00:00.000Z']);
  });
  it('gives nothing for an empty or reversed window', () => {
    expect(expandDoses(daily(['07:00']), at('2026-11-27T00:00:00Z'), at('2026-11-27T00:00:00Z'))).toEqual([]);
    expect(expandDoses(daily(['07:00']), at('2026-11-28T00:00:00Z'), at('2026-11-27T00:00:00Z'))).toEqual([]);
  });
});

describe('expandDoses: +07:00 midnight', () => {
  it('a 00:00 dose belongs to the Vietnamese day that starts at 17:00 UTC the day before', () => {
    const s = daily(['00:00'], '2026-11-27', '2026-11-27');
    const d = expandDoses(s, at('2026-11-26T00:00:00Z'), at('2026-11-28T00:00:00Z'));
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ day: '2026-11-27', time: '00:00' });
    expect(iso(d[0]!)).toBe('2026-11-26T17:00:00.000Z');
  });
  it('a window crossing midnight +07:00 gives 23:59 of one day and 00:00 of the next', () => {
    const d = expandDoses(daily(['23:59', '00:00']), at('2026-11-27T16:58:00Z'), at('2026-11-27T17:00:00Z'));
    expect(d.map((x) => `${x.day} ${x.time}`)).toEqual(['2026-11-27 23:59', '2026-11-28 00:00']);
  });
  it('a start day counts in +07:00, not UTC: no dose on the evening (UTC) before it', () => {
    const d = expandDoses(daily(['00:30'], '2026-11-27'), at('2026-11-25T00:00:00Z'), at('2026-11-27T00:00:00Z'));
    expect(d.map((x) => x.day)).toEqual(['2026-11-27']);
  });
});

describe('expandDoses: every other day and every N days', () => {
  it('every other day from the first day', () => {
    const s = daily(['08:00'], '2026-11-01', null, 2);
    const days = dosesOfDays(s, '2026-11-01', '2026-11-08').map((x) => x.day);
    expect(days).toEqual(['2026-11-01', '2026-11-03', '2026-11-05', '2026-11-07']);
  });
  it('counts from the first day even when the window starts on an off day', () => {
    const s = daily(['08:00'], '2026-11-01', null, 3);
    expect(dosesOfDays(s, '2026-11-02', '2026-11-11').map((x) => x.day)).toEqual(['2026-11-04', '2026-11-07', '2026-11-10']);
  });
  it.each([
    ['2026-11-01', true],
    ['2026-11-02', false],
    ['2026-11-03', true],
    ['2026-12-01', true], // 30 days later
    ['2026-10-31', false], // before the start
  ])('isDoseDay every 2 days from 01/11: %s → %s', (day, expected) => expect(isDoseDay(daily(['08:00'], '2026-11-01', null, 2), day)).toBe(expected));
});

describe('expandDoses: a course of N days', () => {
  it('a 7-day course ends on the 7th day (both ends included): 14 doses twice a day', () => {
    const s = daily(['08:00', '20:00'], '2026-11-01', courseEndDate('2026-11-01', 7));
    expect(s.endDate).toBe('2026-11-07');
    const d = dosesOfDays(s, '2026-10-01', '2026-12-31');
    expect(d).toHaveLength(14);
    expect(d.at(-1)).toMatchObject({ day: '2026-11-07', time: '20:00' });
  });
  it('a course of one day is that day', () => {
    expect(courseEndDate('2026-11-30', 1)).toBe('2026-11-30');
    expect(courseEndDate('2026-12-31', 2)).toBe('2027-01-01');
    expect(() => courseEndDate('2026-11-30', 0)).toThrow(RangeError);
  });
  it('an every-other-day course of 5 days has 3 dose days', () => {
    const s = daily(['08:00'], '2026-11-01', courseEndDate('2026-11-01', 5), 2);
    expect(dosesOfDays(s, '2026-11-01', '2026-11-30').map((x) => x.day)).toEqual(['2026-11-01', '2026-11-03', '2026-11-05']);
  });
  it('a long window over a short course reads only the course', () => {
    const s = daily(['08:00'], '2026-11-10', '2026-11-11');
    expect(expandDoses(s, at('2020-01-01T00:00:00Z'), at('2030-01-01T00:00:00Z'))).toHaveLength(2);
  });
});

describe('doseScheduleProblems', () => {
  it.each([
    [{ times: ['24:00'] }, 'times', M.time],
    [{ times: ['7:00'] }, 'times', M.time],
    [{ times: ['07:60'] }, 'times', M.time],
    [{ times: ['-1:00'] }, 'times', M.time],
    [{ times: [] }, 'times', M.timesRequired],
    [{ times: ['07:00', '07:00'] }, 'times', M.timesRepeat],
    [{ times: ['00:00', '01:00', '02:00', '03:00', '04:00', '05:00', '06:00', '07:00', '08:00'] }, 'times', M.timesMax],
    [{ everyDays: 0 }, 'everyDays', M.everyDays],
    [{ everyDays: 31 }, 'everyDays', M.everyDays],
    [{ everyDays: 1.5 }, 'everyDays', M.everyDays],
    [{ endDate: '2026-10-31' }, 'endDate', M.endBeforeStart],
    [{ endDate: '2027-11-02' }, 'endDate', M.courseMax],
  ])('%o → %s: %s', (change, field, message) => {
    expect(doseScheduleProblems({ ...daily(['07:00']), ...change } as DoseSchedule)).toEqual([{ field, message }]);
  });
  it.each([[['00:00', '23:59']], [['12:30']]])('accepts %o, a one-day course and a year-long one', (times) => {
    expect(doseScheduleProblems(daily(times, '2026-11-01', '2026-11-01'))).toEqual([]);
    expect(doseScheduleProblems(daily(times, '2026-11-01', '2027-11-01'))).toEqual([]);
    expect(doseScheduleProblems(daily(times, '2026-11-01', null, 30))).toEqual([]);
  });
});

describe('windowTimes', () => {
  it('lists the +07:00 minutes after the start up to the end', () => {
    expect(windowTimes(at('2026-11-26T23:58:30Z'), at('2026-11-27T00:00:10Z'))).toEqual(['06:59', '07:00']);
    expect(windowTimes(at('2026-11-27T16:59:00Z'), at('2026-11-27T17:00:00Z'))).toEqual(['00:00']);
    expect(windowTimes(at('2026-11-27T00:00:00Z'), at('2026-11-27T00:00:00Z'))).toEqual([]);
  });
  it('is null (every time) once the window spans a day', () => {
    expect(windowTimes(at('2026-11-26T00:00:00Z'), at('2026-11-27T00:00:00Z'))).toBeNull();
    expect(windowTimes(at('2026-11-26T00:01:00Z'), at('2026-11-27T00:00:00Z'))).toHaveLength(1439);
  });
});
