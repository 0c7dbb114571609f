import { describe, expect, it } from 'vitest';
import { DISPLAY_MAX_ROOMS, QUEUE_MESSAGES, type ConsoleTicket, type QueueTicket, type ScreenRow } from '@portal/shared/contracts/queue.contract';
import {
  canRun,
  checkinQrOf,
  chooseRoom,
  clockTime,
  confirmationLines,
  consoleActionOfKey,
  rememberedRoom,
  roomsError,
  screenBody,
  screenFormValues,
  screenLink,
  soundText,
  sortScreens,
  ticketOfBooking,
  ticketOfQueueTicket,
  withKey,
  withRememberedRoom,
} from './queue.logic';

const key = (k: string, more: Partial<KeyboardEvent> = {}) => ({
  key: k,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  shiftKey: false,
  repeat: false,
  ...more,
});

const ticket = (bookingId: number, number: number): ConsoleTicket => ({
  bookingId,
  code: `DK26112700000${bookingId}`,
  number,
  name: 'Nguyễn Văn An',
  priority: false,
  skips: 0,
  symptom: null,
  checkedInAt: '2026-11-27T01:00:00Z',
  calledAt: null,
  source: 'APP',
});

describe('the console keyboard', () => {
  it.each([
    ['F2', 'callNext'],
    ['F3', 'recall'],
    ['F4', 'skip'],
    ['F8', 'complete'],
  ])('%s → %s', (k, action) => {
    expect(consoleActionOfKey(key(k))).toBe(action);
  });

  it('ignores other keys, modified keys and a key held down', () => {
    expect(consoleActionOfKey(key('F5'))).toBeNull();
    expect(consoleActionOfKey(key('Enter'))).toBeNull();
    expect(consoleActionOfKey(key('2'))).toBeNull();
    expect(consoleActionOfKey(key('F2', { ctrlKey: true }))).toBeNull();
    expect(consoleActionOfKey(key('F4', { altKey: true }))).toBeNull();
    expect(consoleActionOfKey(key('F8', { shiftKey: true }))).toBeNull();
    expect(consoleActionOfKey(key('F2', { repeat: true }))).toBeNull();
  });

  it('names the shortcut on the button', () => {
    expect(withKey('Gọi tiếp', 'callNext')).toBe('Gọi tiếp (F2)');
    expect(withKey('Hoàn thành khám', 'complete')).toBe('Hoàn thành khám (F8)');
  });
});

describe('canRun', () => {
  it('calls next only while someone waits', () => {
    expect(canRun('callNext', { current: null, waiting: [] })).toBe(false);
    expect(canRun('callNext', { current: null, waiting: [ticket(1, 1)] })).toBe(true);
  });
  it('recalls, skips and completes only the call of the moment', () => {
    for (const a of ['recall', 'skip', 'complete'] as const) {
      expect(canRun(a, { current: null, waiting: [ticket(1, 1)] })).toBe(false);
      expect(canRun(a, { current: ticket(2, 2), waiting: [] })).toBe(true);
    }
  });
  it('runs nothing before the state is loaded', () => {
    expect(canRun('callNext', undefined)).toBe(false);
  });
});

describe('the remembered room', () => {
  const rooms = [{ id: 3 }, { id: 7 }];
  it('opens on the room used last when the account still has it', () => {
    expect(chooseRoom(rooms, 7)).toBe(7);
  });
  it('else on the first room; none without rooms', () => {
    expect(chooseRoom(rooms, 9)).toBe(3);
    expect(chooseRoom(rooms, null)).toBe(3);
    expect(chooseRoom([], 3)).toBeNull();
  });
  it('keeps one room per account of the browser', () => {
    const store = withRememberedRoom(withRememberedRoom(null, 1, 3), 2, 7);
    expect(store).toEqual({ '1': 3, '2': 7 });
    expect(rememberedRoom(store, 1)).toBe(3);
    expect(rememberedRoom(withRememberedRoom(store, 1, 9), 1)).toBe(9);
    expect(rememberedRoom(store, 5)).toBeNull();
  });
  it('reads a damaged store as nothing remembered', () => {
    expect(rememberedRoom('x', 1)).toBeNull();
    expect(rememberedRoom({ '1': 'abc' }, 1)).toBeNull();
    expect(rememberedRoom({ '1': -2 }, 1)).toBeNull();
    expect(withRememberedRoom([1, 2], 1, 3)).toEqual({ '1': 3 });
  });
});

describe('clockTime', () => {
  it('reads an instant as the Vietnamese wall clock', () => {
    expect(clockTime('2026-11-27T01:05:00Z')).toBe('08:05');
    expect(clockTime('2026-11-27T16:30:00Z')).toBe('23:30');
    expect(clockTime(null)).toBe('');
  });
});

describe('screenLink', () => {
  it('keeps an absolute link and its token after #', () => {
    expect(screenLink('https://datkham.benhvien.vn/display#abc123', 'http://localhost:3000')).toBe('https://datkham.benhvien.vn/display#abc123');
  });
  it('puts a relative link on this site', () => {
    expect(screenLink('/kiosk#tok', 'https://datkham.benhvien.vn')).toBe('https://datkham.benhvien.vn/kiosk#tok');
  });
});

const row = (over: Partial<ScreenRow> = {}): ScreenRow => ({
  id: 1,
  kind: 'DISPLAY',
  name: 'Tivi sảnh',
  rooms: [{ id: 4, code: 'P101', name: 'Phòng khám Nội 101' }],
  volume: 70,
  chime: false,
  tokenHint: 'ab12',
  state: 'ACTIVE',
  createdAt: '2026-11-27T01:00:00Z',
  createdBy: 'admin',
  lastSeenAt: null,
  revokedAt: null,
  revokedBy: null,
  ...over,
});

describe('the screen form', () => {
  it('starts a new link as a display with sound', () => {
    expect(screenFormValues(null)).toEqual({ kind: 'DISPLAY', name: '', roomIds: [], volume: 80, chime: true });
  });
  it('edits a link from its row and sends the trimmed name', () => {
    const v = screenFormValues(row());
    expect(v).toEqual({ kind: 'DISPLAY', name: 'Tivi sảnh', roomIds: [4], volume: 70, chime: false });
    expect(screenBody({ ...v, name: '  Tivi tầng 2 ', volume: 55.4 })).toEqual({
      kind: 'DISPLAY',
      name: 'Tivi tầng 2',
      roomIds: [4],
      volume: 55,
      chime: false,
    });
  });
  it('asks a display for 1 to 12 rooms, a kiosk for any', () => {
    expect(roomsError('DISPLAY', [])).toBe(QUEUE_MESSAGES.roomsRequired);
    expect(roomsError('DISPLAY', [1])).toBeNull();
    expect(
      roomsError(
        'DISPLAY',
        Array.from({ length: DISPLAY_MAX_ROOMS }, (_, i) => i + 1),
      ),
    ).toBeNull();
    expect(
      roomsError(
        'DISPLAY',
        Array.from({ length: DISPLAY_MAX_ROOMS + 1 }, (_, i) => i + 1),
      ),
    ).toBe(QUEUE_MESSAGES.tooManyRooms);
    expect(roomsError('KIOSK', [])).toBeNull();
  });
  it('lists links in use first, by name', () => {
    const rows = [row({ id: 1, name: 'B', state: 'REVOKED' }), row({ id: 2, name: 'C' }), row({ id: 3, name: 'A' })];
    expect(sortScreens(rows).map((r) => r.id)).toEqual([3, 2, 1]);
  });
  it('says the sound of a display, nothing for a kiosk', () => {
    expect(soundText(row())).toBe('Âm lượng 70 · Không chuông');
    expect(soundText(row({ chime: true, volume: 100 }))).toBe('Âm lượng 100 · Có chuông báo');
    expect(soundText(row({ kind: 'KIOSK' }))).toBeNull();
  });
});

describe('the queue ticket', () => {
  it('prints a walk-in booking', () => {
    const t = ticketOfBooking(
      {
        queueNumber: 7,
        room: { id: 4, code: 'P101', name: 'Phòng khám Nội 101' },
        code: 'DK2611270000123',
        priority: 1,
        patient: { userId: null, profileId: 5, patientCode: null, name: 'Trần Thị Bình', gender: null, dateOfBirth: null, phone: null },
        doctor: { id: 2, name: 'BS. An' },
        createdAt: '2026-11-27T02:15:00Z',
      },
      'Bệnh viện Đa khoa Hà Nội',
    );
    expect(t).toEqual({
      facility: 'Bệnh viện Đa khoa Hà Nội',
      number: 7,
      roomName: 'Phòng khám Nội 101',
      at: '27/11/2026 09:15',
      code: 'DK2611270000123',
      priority: true,
      patientName: 'Trần Thị Bình',
      doctorName: 'BS. An',
    });
  });
  it('prints a kiosk check-in with who is ahead', () => {
    const q: QueueTicket = {
      bookingCode: 'DK2611270000124',
      number: 12,
      room: { id: 4, code: 'P101', name: 'Phòng khám Nội 101' },
      doctorName: 'BS. An',
      departmentName: 'Nội',
      date: '2026-11-27',
      startTime: '08:00',
      endTime: '08:30',
      patientName: 'N*** V** A*',
      priority: false,
      waitingAhead: 4,
      checkedInAt: '2026-11-27T00:55:00Z',
      alreadyCheckedIn: false,
    };
    expect(ticketOfQueueTicket(q, 'BV')).toMatchObject({ number: 12, at: '27/11/2026 07:55', code: 'DK2611270000124', waitingAhead: 4, priority: false });
  });
});

describe('the booking check-in QR', () => {
  it('shows a QR the kiosk reads', () => {
    expect(checkinQrOf({ checkinQr: 'DK2611270001234.3f9a0b1c2d3e4f50' })).toBe('DK2611270001234.3f9a0b1c2d3e4f50');
  });
  it('shows none without one or with one the kiosk would refuse', () => {
    expect(checkinQrOf({})).toBeNull();
    expect(checkinQrOf({ checkinQr: null })).toBeNull();
    expect(checkinQrOf({ checkinQr: '' })).toBeNull();
    expect(checkinQrOf({ checkinQr: 'DK2611270001234' })).toBeNull();
    expect(checkinQrOf({ checkinQr: 'https://evil.example/x' })).toBeNull();
  });
  it('prints the confirmation lines in order', () => {
    const lines = confirmationLines({
      code: 'DK1',
      date: '2026-11-28',
      startTime: '08:00',
      endTime: '08:30',
      patient: { userId: 1, profileId: 2, patientCode: null, name: 'An', gender: null, dateOfBirth: null, phone: null },
      room: { id: 1, code: 'P1', name: 'Phòng 1' },
      doctor: { id: 1, name: 'BS. B' },
      department: { id: 1, name: 'Nội' },
    });
    expect(lines).toEqual([
      ['Mã lịch khám', 'DK1'],
      ['Bệnh nhân', 'An'],
      ['Ngày khám', '28/11/2026'],
      ['Giờ khám', '08:00–08:30'],
      ['Phòng khám', 'Phòng 1'],
      ['Bác sĩ', 'BS. B'],
      ['Khoa', 'Nội'],
    ]);
  });
});
