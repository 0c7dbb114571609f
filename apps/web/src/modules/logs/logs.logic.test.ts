import { describe, expect, it } from 'vitest';
import { logQuery, parseLogState, rowChanges, showValue, withLogFilters } from './logs.logic';

const now = new Date('2026-11-26T03:00:00Z');

describe('parseLogState', () => {
  it.each([
    ['', { from: '2026-11-20', to: '2026-11-26' }],
    ['from=2026-11-01&to=2026-11-30', { from: '2026-11-01', to: '2026-11-30' }],
    // impossible or too long periods fall back to the last 7 days instead of a 400 on screen
    ['from=2026-11-30&to=2026-11-01', { from: '2026-11-20', to: '2026-11-26' }],
    ['from=2024-01-01&to=2026-11-01', { from: '2026-11-20', to: '2026-11-26' }],
    ['from=hôm-qua&to=2026-11-01', { from: '2026-11-20', to: '2026-11-26' }],
  ])('%s', (qs, period) => expect(parseLogState(new URLSearchParams(qs), now)).toMatchObject(period));

  it('reads the filters and the page mark, ignoring junk', () => {
    const s = parseLogState(new URLSearchParams('actorId=5&action=LOGIN&entity=booking&entityId=12&before=900&patientUserId=x'), now);
    expect(s).toMatchObject({ actorId: 5, action: 'LOGIN', entity: 'booking', entityId: '12', before: 900, patientUserId: undefined });
  });
});

describe('logQuery and withLogFilters', () => {
  const base = { from: '2026-11-20', to: '2026-11-26' };
  it('sends only what is set, and no object id without its kind', () => {
    expect(logQuery({ ...base, entityId: '5' })).toEqual(base);
    expect(logQuery({ ...base, entity: 'booking', entityId: '5', actorId: 3 })).toEqual({ ...base, entity: 'booking', entityId: '5', actorId: '3' });
  });
  it('a new filter goes back to the newest page; clearing the kind clears the id', () => {
    expect(withLogFilters({ ...base, before: 50 }, { action: 'LOGIN' })).toEqual({ ...base, action: 'LOGIN', before: undefined });
    expect(withLogFilters({ ...base, entity: 'booking', entityId: '5' }, { entity: undefined })).toMatchObject({ entity: undefined, entityId: undefined });
  });
});

describe('showValue and rowChanges', () => {
  it.each([
    [null, '(trống)'],
    ['', '(trống)'],
    [true, 'Có'],
    [false, 'Không'],
    [12, '12'],
    [[1, 2], '1, 2'],
    [{ a: 1 }, '{"a":1}'],
  ])('%o → %s', (v, want) => expect(showValue(v)).toBe(want));

  it('names a booking state in Vietnamese, only in the status field', () => {
    expect(showValue('ACCEPTED', 'status')).toBe('Đã xác nhận');
    expect(showValue('ACCEPTED', 'note')).toBe('ACCEPTED');
    expect(showValue('HOTLINE', 'source')).toBe('Tổng đài');
    expect(showValue(1250000, 'totalPrice')).toBe('1.250.000 ₫');
  });

  it('labels the changed fields in Vietnamese, unknown ones as stored', () => {
    expect(rowChanges({ fullName: 'A', x: 1 }, { fullName: 'B', x: 2 })).toEqual([
      { field: 'fullName', label: 'Họ và tên', before: 'A', after: 'B' },
      { field: 'x', label: 'x', before: 1, after: 2 },
    ]);
  });
});
