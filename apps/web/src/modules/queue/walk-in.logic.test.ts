import { describe, expect, it } from 'vitest';
import { walkInRoomLabel } from './walk-in.logic';

describe('walk-ins', () => {
  it('names a room with its doctors and queue', () => {
    expect(walkInRoomLabel({ id: 1, code: 'P1', name: 'Phòng khám Nội 101', doctors: ['BS. An', 'BS. Bình'], waitingCount: 3, lastNumber: 9 })).toBe(
      'Phòng khám Nội 101 · BS. An, BS. Bình · đang chờ 3',
    );
    expect(walkInRoomLabel({ id: 1, code: 'P1', name: 'Phòng 2', doctors: [], waitingCount: 0, lastNumber: 0 })).toBe('Phòng 2 · chưa có bác sĩ · đang chờ 0');
  });
});
