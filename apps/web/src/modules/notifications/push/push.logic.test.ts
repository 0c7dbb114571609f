import { describe, expect, it } from 'vitest';
import { insertVariable, messageFiltersToParams, moveChannel, parseMessageFilters, withFilter } from './push.logic';

describe('the messages filters in the URL', () => {
  it.each([
    ['', {}],
    ['status=FAILED&channel=SMS', { status: 'FAILED', channel: 'SMS' }],
    ['status=LOST&source=EVENT', { source: 'EVENT' }],
    ['groupId=12&page=2&size=50', { groupId: '12', page: 2, size: 50 }],
    ['groupId=x&size=7&page=0', {}],
    ['patient=%20lan%20', { patient: 'lan' }],
  ])('%s', (query, expected) => {
    expect(parseMessageFilters(new URLSearchParams(query))).toEqual(expected);
  });

  it('round-trips and a change of filter goes back to the first page', () => {
    const f = { status: 'SENT', page: 3 };
    expect(parseMessageFilters(messageFiltersToParams(f))).toEqual(f);
    expect(withFilter(f, { channel: 'PUSH' })).toEqual({ status: 'SENT', channel: 'PUSH' });
    expect(withFilter(f, { status: undefined })).toEqual({});
  });
});

describe('inserting a variable', () => {
  it.each([
    ['Chào ', 5, 5, 'ho_ten', 'Chào {{ho_ten}}', 15],
    ['Chào XYZ!', 5, 8, 'ho_ten', 'Chào {{ho_ten}}!', 15],
    ['', 0, 0, 'ma_lich', '{{ma_lich}}', 11],
    ['ab', 9, 9, 'khoa', 'ab{{khoa}}', 10],
  ])('%s [%i, %i) + %s', (text, start, end, name, out, caret) => {
    expect(insertVariable(text, start, end, name)).toEqual({ text: out, caret });
  });
});

describe('moving a channel', () => {
  it.each([
    [['PUSH', 'ZALO', 'SMS'], 1, -1, ['ZALO', 'PUSH', 'SMS']],
    [['PUSH', 'ZALO', 'SMS'], 1, 1, ['PUSH', 'SMS', 'ZALO']],
    [['PUSH', 'ZALO'], 0, -1, ['PUSH', 'ZALO']],
    [['PUSH', 'ZALO'], 1, 1, ['PUSH', 'ZALO']],
  ] as const)('%j at %i by %i', (list, i, by, out) => {
    expect(moveChannel(list, i, by)).toEqual(out);
  });
});
