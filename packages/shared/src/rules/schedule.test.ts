import { describe, expect, it } from 'vitest';
import { addDays, copyWeek, cutSlots, findClash, isoWeekday, minutesOf, periodsOverlap, workDays } from './schedule';

describe('calendar helpers', () => {
  it.each([
    ['2026-11-23', 1], // Thứ Hai
    ['2026-11-28', 6],
    ['2026-11-29', 7],
    ['2024-02-29', 4],
  ])('%s is ISO weekday %i', (d, w) => expect(isoWeekday(d)).toBe(w));

  it.each([
    ['2026-11-23', 7, '2026-11-30'],
    ['2026-12-28', 7, '2027-01-04'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2026-03-02', -7, '2026-02-23'],
  ])('%s + %i days = %s', (d, n, r) => expect(addDays(d, n)).toBe(r));

  it.each([
    ['07:00', 420],
    ['00:00', 0],
    ['23:59', 1439],
    ['24:00', null],
    ['7:00', null],
    ['07:60', null],
    ['', null],
  ])('minutesOf(%j) = %j', (t, m) => expect(minutesOf(t)).toBe(m));
});

describe('workDays: the days of a range on the chosen weekdays', () => {
  it('Monday to Friday over two weeks', () => {
    const r = workDays('2026-11-23', '2026-12-06', [1, 2, 3, 4, 5]);
    expect(r).toEqual({
      ok: true,
      value: ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'],
    });
  });
  it('a one-day range on its own weekday, and on another weekday', () => {
    expect(workDays('2026-11-28', '2026-11-28', [6])).toEqual({ ok: true, value: ['2026-11-28'] });
    expect(workDays('2026-11-28', '2026-11-28', [1])).toEqual({ ok: true, value: [] });
  });
  it('across a month and a year end', () => {
    const r = workDays('2026-12-27', '2027-01-03', [7]);
    expect(r).toEqual({ ok: true, value: ['2026-12-27', '2027-01-03'] });
  });
  it.each([
    ['2026-11-30', '2026-11-23', [1], 'Ngày kết thúc phải sau hoặc bằng ngày bắt đầu'],
    ['2026-02-30', '2026-03-02', [1], 'Ngày bắt đầu không hợp lệ'],
    ['2026-11-23', '23/11/2026', [1], 'Ngày kết thúc không hợp lệ'],
    ['2026-11-23', '2026-11-30', [], 'Vui lòng chọn ít nhất một ngày trong tuần'],
    ['2026-11-23', '2026-11-30', [0, 8, 1.5], 'Vui lòng chọn ít nhất một ngày trong tuần'],
    ['2026-01-01', '2026-04-03', [1], 'Mỗi lần chỉ xếp lịch tối đa 92 ngày'],
  ] as const)('%s → %s on %j is refused: %s', (from, to, days, message) => {
    expect(workDays(from, to, days)).toEqual({ ok: false, message });
  });
  it('92 days is the longest range allowed', () => {
    expect(workDays('2026-01-01', '2026-04-02', [1]).ok).toBe(true);
  });
});

describe('cutSlots: a shift cut into slots', () => {
  it('the morning shift by 30 minutes, 5 patients each', () => {
    const r = cutSlots('07:00', '11:30', 30, 5);
    expect(r.ok && r.value.length).toBe(9);
    expect(r.ok && r.value[0]).toEqual({ start: '07:00', end: '07:30', capacity: 5 });
    expect(r.ok && r.value.at(-1)).toEqual({ start: '11:00', end: '11:30', capacity: 5 });
  });
  it('a remainder shorter than a slot is left unbooked', () => {
    const r = cutSlots('07:00', '11:30', 20, 3);
    expect(r.ok && r.value.length).toBe(13);
    expect(r.ok && r.value.at(-1)).toEqual({ start: '11:00', end: '11:20', capacity: 3 });
  });
  it('a period exactly one slot long', () => {
    expect(cutSlots('13:00', '13:15', 15, 1)).toEqual({ ok: true, value: [{ start: '13:00', end: '13:15', capacity: 1 }] });
  });
  it.each([
    ['7:00', '11:00', 30, 5, 'Giờ bắt đầu không hợp lệ (HH:mm)'],
    ['07:00', '25:00', 30, 5, 'Giờ kết thúc không hợp lệ (HH:mm)'],
    ['11:00', '07:00', 30, 5, 'Giờ kết thúc phải sau giờ bắt đầu'],
    ['07:00', '07:00', 30, 5, 'Giờ kết thúc phải sau giờ bắt đầu'],
    ['07:00', '11:00', 4, 5, 'Thời lượng mỗi khung giờ từ 5 đến 240 phút'],
    ['07:00', '11:00', 241, 5, 'Thời lượng mỗi khung giờ từ 5 đến 240 phút'],
    ['07:00', '11:00', 30, 0, 'Số lượt khám mỗi khung giờ từ 1 đến 200'],
    ['07:00', '11:00', 30, 201, 'Số lượt khám mỗi khung giờ từ 1 đến 200'],
    ['07:00', '11:00', 30, 2.5, 'Số lượt khám mỗi khung giờ từ 1 đến 200'],
    ['07:00', '07:20', 30, 5, 'Ca làm việc ngắn hơn một khung giờ'],
  ] as const)('%s–%s by %i, %i each → %s', (s, e, m, c, message) => {
    expect(cutSlots(s, e, m, c)).toEqual({ ok: false, message });
  });
});

describe('clashes between working periods of one doctor', () => {
  const p = (date: string, start: string, end: string, label?: string) => ({ date, start, end, label });
  it.each([
    [p('2026-11-23', '07:00', '11:30'), p('2026-11-23', '11:00', '12:00'), true],
    [p('2026-11-23', '07:00', '11:30'), p('2026-11-23', '11:30', '13:00'), false],
    [p('2026-11-23', '07:00', '11:30'), p('2026-11-24', '07:00', '11:30'), false],
    [p('2026-11-23', '08:00', '09:00'), p('2026-11-23', '07:00', '11:30'), true],
    [p('2026-11-23', '07:00', '11:30'), p('2026-11-23', '07:00', '11:30'), true],
  ])('%j vs %j → %s', (a, b, overlap) => {
    expect(periodsOverlap(a, b)).toBe(overlap);
    expect(periodsOverlap(b, a)).toBe(overlap);
  });
  it('names the day, the times and the room of the clash', () => {
    const existing = [p('2026-11-24', '07:00', '11:30', 'Phòng khám Nội 101')];
    expect(findClash(existing, [p('2026-11-23', '07:00', '11:30'), p('2026-11-24', '10:00', '12:00')])).toBe(
      'Trùng lịch ngày 24/11/2026: 10:00–12:00 chồng lên ca 07:00–11:30 tại Phòng khám Nội 101',
    );
  });
  it('finds clashes within the new periods too, and none when they only touch', () => {
    expect(findClash([], [p('2026-11-23', '07:00', '09:00'), p('2026-11-23', '08:30', '10:00')])).toMatch(/^Trùng lịch ngày 23\/11\/2026/);
    expect(findClash([p('2026-11-23', '07:00', '11:30')], [p('2026-11-23', '13:00', '16:30')])).toBeNull();
  });
  it('copies a week forward and back', () => {
    expect(copyWeek([p('2026-11-23', '07:00', '11:30'), p('2026-11-29', '13:00', '16:30')])).toEqual([
      p('2026-11-30', '07:00', '11:30'),
      p('2026-12-06', '13:00', '16:30'),
    ]);
    expect(copyWeek([p('2026-11-23', '07:00', '11:30')], -1)[0]!.date).toBe('2026-11-16');
  });
});
