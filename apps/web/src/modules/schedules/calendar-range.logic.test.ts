import { describe, expect, it } from 'vitest';
import { cardLines, clipDay, dayLabel, fillColor, mondayOf, rangeOf, type Fixed } from './calendar-range.logic';

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

  it.each([
    ['2026-11-23', 'Thứ Hai 23/11/2026'],
    ['2026-11-26', 'Thứ Năm 26/11/2026'],
    ['2026-11-29', 'Chủ nhật 29/11/2026'],
    ['2027-01-01', 'Thứ Sáu 01/01/2027'],
  ])('%s is named %s', (d, label) => expect(dayLabel(d)).toBe(label));

  it('a month cell shows four periods and counts the rest for its "+n" button', () => {
    expect(clipDay([1, 2, 3])).toEqual({ shown: [1, 2, 3], hidden: 0 });
    expect(clipDay([1, 2, 3, 4])).toEqual({ shown: [1, 2, 3, 4], hidden: 0 });
    expect(clipDay([1, 2, 3, 4, 5, 6, 7])).toEqual({ shown: [1, 2, 3, 4], hidden: 3 });
    expect(clipDay([], 4)).toEqual({ shown: [], hidden: 0 });
  });
});

describe('a period card names what the calendar is not already about', () => {
  const s = { doctor: { name: 'BS. Nguyễn Văn An' }, room: { name: 'Phòng khám Nội 101' } };
  it.each<[Fixed, boolean, string[]]>([
    [undefined, false, ['BS. Nguyễn Văn An', 'Phòng khám Nội 101']], // every doctor, or a department: week
    [undefined, true, ['BS. Nguyễn Văn An']], // … month: the doctor, not the room
    ['doctor', false, ['Phòng khám Nội 101']], // one doctor: where
    ['doctor', true, ['Phòng khám Nội 101']],
    ['room', false, ['BS. Nguyễn Văn An']], // one room: who
    ['room', true, ['BS. Nguyễn Văn An']],
  ])('fixed %s, compact %s → %j', (fixed, compact, lines) => expect(cardLines(s, fixed, compact)).toEqual(lines));
});
