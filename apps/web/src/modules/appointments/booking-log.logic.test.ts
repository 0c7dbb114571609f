import { describe, expect, it } from 'vitest';
import { logChanges } from './booking-log.logic';

describe('logChanges', () => {
  it.each([
    ['no detail', 'accept', null, []],
    ['a transition carries only the revert target', 'accept', { previous: 'PENDING' }, []],
    ['check-in gives the number', 'checkin', { previous: 'ACCEPTED', queueNumber: 7 }, ['Số thứ tự: 7']],
    ['a revert keeps the number: not said again', 'revert', { previous: 'ACCEPTED', queueNumber: 7 }, []],
    [
      'a late check-in says how late',
      'checkin',
      { previous: 'ACCEPTED', queueNumber: 49, lateMinutes: 750 },
      ['Số thứ tự: 49', 'Tiếp đón muộn: 12 giờ 30 phút sau giờ hẹn'],
    ],
    [
      'a move says from where to where',
      'reschedule',
      {
        before: { timeSlotId: 1, slot: '09:00–09:30 26/11/2026 · Phòng khám Nội 101 · BS An' },
        after: { timeSlotId: 2, slot: '14:00–14:30 26/11/2026 · Phòng khám Hô hấp 105 · BS An' },
      },
      ['Giờ khám: 09:00–09:30 26/11/2026 · Phòng khám Nội 101 · BS An → 14:00–14:30 26/11/2026 · Phòng khám Hô hấp 105 · BS An'],
    ],
    [
      'services, priority and reason',
      'update',
      { before: { totalPrice: 150000, priority: 0, symptom: null }, after: { totalPrice: 270000, priority: 1, symptom: 'Đau đầu' } },
      ['Tổng chi phí: 150.000 ₫ → 270.000 ₫', 'Mức ưu tiên: Thường → Ưu tiên', 'Lý do khám: — → Đau đầu'],
    ],
    [
      'values sent again unchanged say nothing',
      'update',
      { before: { totalPrice: 150000, priority: 0, symptom: 'Ho' }, after: { totalPrice: 150000, priority: 0, symptom: 'Ho' } },
      [],
    ],
  ] as const)('%s', (_name, action, detail, expected) => {
    expect(logChanges(action, detail as Record<string, unknown> | null)).toEqual(expected);
  });
});
