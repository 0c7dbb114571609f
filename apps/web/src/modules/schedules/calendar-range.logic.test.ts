import { describe, expect, it } from 'vitest';
import { fillColor, mondayOf, rangeOf } from './calendar-range.logic';

describe('calendar range', () => {
  it.each([
    ['2026-11-23', '2026-11-23'], // a Monday
    ['2026-11-29', '2026-11-23'], // a Sunday belongs to the week before
    ['2027-01-01', '2026-12-28'], // across the year
  ])('Monday of %s is %s', (d, m) => expect(mondayOf(d)).toBe(m));

  it('a week view reads Monday to Sunday', () => {
    expect(rangeOf('week', '2026-11-26')).toEqual({ from: '2026-11-23', to: '2026-11-29', monday: '2026-11-23' });
  });

  it("a month view reads antd's six weeks from the Monday on or before the 1st (≤ the server's 62 days)", () => {
    expect(rangeOf('month', '2026-12-15')).toEqual({ from: '2026-11-30', to: '2027-01-10', monday: '2026-12-14' });
    expect(rangeOf('month', '2027-02-01')).toEqual({ from: '2027-02-01', to: '2027-03-14', monday: '2027-02-01' });
  });

  it.each([
    [0, 27, 'green'],
    [21, 27, 'green'], // 78 %
    [22, 27, 'orange'], // 81 %
    [27, 27, 'red'],
    [0, 0, 'green'],
  ])('%i of %i booked is %s', (b, c, color) => expect(fillColor(b, c)).toBe(color));
});
