import { describe, expect, it } from 'vitest';
import { outsideWorkingHours, sampleWorkingHours, workingHoursProblems, type WorkingDay } from './working-hours';

const week = (over: Record<number, Partial<WorkingDay>> = {}): WorkingDay[] => sampleWorkingHours().map((d) => ({ ...d, ...over[d.weekday] }));

describe('workingHoursProblems', () => {
  it('accepts the sample week (Mon–Fri 07:00–17:00, Sat 07:00–12:00, Sun closed)', () => {
    expect(workingHoursProblems(sampleWorkingHours())).toEqual([]);
  });

  it.each<[string, WorkingDay[], string | null]>([
    [
      'two periods',
      week({
        1: {
          periods: [
            { from: '07:00', to: '11:30' },
            { from: '13:00', to: '17:00' },
          ],
        },
      }),
      null,
    ],
    ['a period to 24:00', week({ 2: { periods: [{ from: '00:00', to: '24:00' }] } }), null],
    [
      'touching periods',
      week({
        3: {
          periods: [
            { from: '07:00', to: '12:00' },
            { from: '12:00', to: '17:00' },
          ],
        },
      }),
      null,
    ],
    ['six days only', sampleWorkingHours().slice(0, 6), 'Giờ làm việc phải có đủ 7 ngày từ Thứ Hai đến Chủ nhật'],
    ['days out of order', [...sampleWorkingHours()].reverse(), 'Giờ làm việc phải có đủ 7 ngày từ Thứ Hai đến Chủ nhật'],
    ['an open day without hours', week({ 1: { periods: [] } }), 'Thứ Hai: vui lòng nhập giờ làm việc hoặc chọn nghỉ'],
    ['a closed day with hours', week({ 7: { open: false, periods: [{ from: '07:00', to: '11:00' }] } }), 'Chủ nhật nghỉ thì không có giờ làm việc'],
    ['from after to', week({ 2: { periods: [{ from: '17:00', to: '07:00' }] } }), 'Thứ Ba: giờ bắt đầu phải trước giờ kết thúc (17:00–07:00)'],
    ['from equal to', week({ 2: { periods: [{ from: '07:00', to: '07:00' }] } }), 'Thứ Ba: giờ bắt đầu phải trước giờ kết thúc (07:00–07:00)'],
    ['a bad time', week({ 4: { periods: [{ from: '7h', to: '17:00' }] } }), 'Thứ Năm: giờ phải dạng HH:mm'],
    ['starting at 24:00', week({ 4: { periods: [{ from: '24:00', to: '24:00' }] } }), 'Thứ Năm: giờ phải dạng HH:mm'],
    [
      'overlapping periods',
      week({
        5: {
          periods: [
            { from: '07:00', to: '12:00' },
            { from: '11:00', to: '17:00' },
          ],
        },
      }),
      'Thứ Sáu: buổi thứ hai phải bắt đầu sau khi buổi thứ nhất kết thúc (12:00)',
    ],
    [
      'three periods',
      week({
        6: {
          periods: [
            { from: '07:00', to: '09:00' },
            { from: '10:00', to: '11:00' },
            { from: '12:00', to: '13:00' },
          ],
        },
      }),
      'Thứ Bảy: tối đa 2 buổi',
    ],
  ])('%s', (_, w, message) => {
    const problems = workingHoursProblems(w);
    if (message === null) expect(problems).toEqual([]);
    else expect(problems.map((p) => p.message)).toContain(message);
  });
});

describe('outsideWorkingHours (a warning, never a refusal)', () => {
  const w = week({
    1: {
      periods: [
        { from: '07:00', to: '11:30' },
        { from: '13:00', to: '17:00' },
      ],
    },
  });
  it.each<[number, string, string, string | null]>([
    [1, '07:00', '11:30', null],
    [1, '13:00', '16:30', null],
    [1, '07:00', '17:00', 'Ca 07:00–17:00 Thứ Hai nằm ngoài giờ làm việc của cơ sở (07:00–11:30, 13:00–17:00)'],
    [1, '06:30', '11:00', 'Ca 06:30–11:00 Thứ Hai nằm ngoài giờ làm việc của cơ sở (07:00–11:30, 13:00–17:00)'],
    [2, '17:00', '20:00', 'Ca 17:00–20:00 Thứ Ba nằm ngoài giờ làm việc của cơ sở (07:00–17:00)'],
    [6, '07:00', '11:30', null],
    [6, '13:00', '16:30', 'Ca 13:00–16:30 Thứ Bảy nằm ngoài giờ làm việc của cơ sở (07:00–12:00)'],
    [7, '07:00', '11:30', 'Chủ nhật cơ sở nghỉ, ca 07:00–11:30 nằm ngoài giờ làm việc'],
  ])('weekday %d %s–%s', (weekday, start, end, warning) => expect(outsideWorkingHours(w, weekday, start, end)).toBe(warning));

  it('says nothing when the facility keeps no hours', () => {
    expect(outsideWorkingHours(null, 7, '07:00', '11:30')).toBeNull();
    expect(outsideWorkingHours([], 7, '07:00', '11:30')).toBeNull();
  });
});
