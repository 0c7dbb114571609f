import { describe, expect, it } from 'vitest';
import { ApiError } from '../../core/api/api-error';
import { lateConfirmation, overdueHint } from './booking-desk.logic';

describe('lateConfirmation: the server asks to confirm a late check-in', () => {
  const asked = 'Lịch hẹn 07:00–07:30 đã qua 12 giờ 30 phút, quá 1 giờ sau giờ hẹn: vui lòng xác nhận tiếp đón muộn';
  it.each([
    ['the 400 naming confirmLate', new ApiError(400, 400, asked, [{ field: 'confirmLate', message: asked }]), asked],
    ['another 400', new ApiError(400, 400, 'Mã không hợp lệ', [{ field: 'id', message: 'Mã không hợp lệ' }]), null],
    ['a 409 (not today, wrong state)', new ApiError(409, 409, 'Chỉ tiếp đón lịch khám của hôm nay', []), null],
    ['the network', new ApiError(0, 0, null), null],
    ['not an API error', new Error('x'), null],
  ])('%s', (_name, e, expected) => {
    expect(lateConfirmation(e)).toBe(expected);
  });
});

describe('overdueHint: the desk rules of this server', () => {
  it.each([
    [
      { lateCheckinMinutes: 60, noShowAt: '24:00' },
      'Giờ hẹn đã qua. Tiếp đón quá 1 giờ sau giờ hẹn cần xác nhận tiếp đón muộn; lịch đã xác nhận mà chưa tiếp đón chuyển sang "Không đến khám" khi hết ngày hẹn.',
    ],
    [
      { lateCheckinMinutes: 90, noShowAt: '20:00' },
      'Giờ hẹn đã qua. Tiếp đón quá 1 giờ 30 phút sau giờ hẹn cần xác nhận tiếp đón muộn; lịch đã xác nhận mà chưa tiếp đón chuyển sang "Không đến khám" lúc 20:00 ngày hẹn.',
    ],
  ])('%o', (desk, text) => {
    expect(overdueHint(desk)).toBe(text);
  });
});
