import { describe, expect, it } from 'vitest';
import type { ChatMessageDto, ChatParticipantDto } from '@portal/shared/contracts/clinic-chat.contract';
import { changesList, lastId, mergeMessages, seenMarkers, seenNames, sendsOnKey, withReadMark } from './chat.logic';

const msg = (id: number, sender: ['STAFF' | 'MEMBER', number] = ['STAFF', 1], extra: Partial<ChatMessageDto> = {}): ChatMessageDto => ({
  id,
  groupId: 1,
  sender: { kind: sender[0], id: sender[1], name: `${sender[0]}${sender[1]}` },
  text: `tin ${id}`,
  imageUrl: null,
  hidden: false,
  hiddenBy: null,
  createdAt: '2026-11-26T01:00:00.000Z',
  ...extra,
});
const person = (kind: 'STAFF' | 'MEMBER', refId: number, lastReadMessageId: number, name = `${kind}${refId}`): ChatParticipantDto => ({
  id: refId,
  kind,
  refId,
  name,
  detail: null,
  lastReadMessageId,
  joinedAt: '2026-11-01T00:00:00.000Z',
});

describe('mergeMessages', () => {
  it.each([
    { name: 'appends a newer message', shown: [1, 2], incoming: [3], ids: [1, 2, 3] },
    { name: 'puts an older page first', shown: [5, 6], incoming: [3, 4], ids: [3, 4, 5, 6] },
    { name: 'keeps one copy of an overlap', shown: [1, 2, 3], incoming: [2, 3, 4], ids: [1, 2, 3, 4] },
    { name: 'sorts an out-of-order arrival', shown: [1, 3], incoming: [2], ids: [1, 2, 3] },
    { name: 'leaves the list as it is when nothing comes', shown: [1], incoming: [], ids: [1] },
    { name: 'starts from nothing', shown: [], incoming: [7, 8], ids: [7, 8] },
  ])('$name', ({ shown, incoming, ids }) => {
    expect(
      mergeMessages(
        shown.map((i) => msg(i)),
        incoming.map((i) => msg(i)),
      ).map((m) => m.id),
    ).toEqual(ids);
  });
  it('the newer copy of a message wins (hidden after it was shown)', () => {
    const merged = mergeMessages([msg(1), msg(2)], [msg(2, ['STAFF', 1], { hidden: true })]);
    expect(merged[1]!.hidden).toBe(true);
  });
  it('lastId is the last shown id, or 0', () => {
    expect(lastId([msg(4), msg(9)])).toBe(9);
    expect(lastId([])).toBe(0);
  });
});

describe('seenMarkers', () => {
  const shown = [msg(10, ['STAFF', 1]), msg(11, ['MEMBER', 5]), msg(12, ['STAFF', 1]), msg(15, ['MEMBER', 6])];
  const me = { kind: 'STAFF' as const, id: 1 };
  it.each([
    { name: 'a mark on a message', people: [person('MEMBER', 7, 12)], expected: { 12: ['MEMBER7'] } },
    { name: 'a mark between two shown ids sits on the earlier one', people: [person('MEMBER', 7, 14)], expected: { 12: ['MEMBER7'] } },
    { name: 'a mark past the last shows on the last', people: [person('MEMBER', 7, 99)], expected: { 15: ['MEMBER7'] } },
    { name: 'a mark before every shown message is not placed', people: [person('MEMBER', 7, 3)], expected: {} },
    { name: 'the viewer is left out', people: [person('STAFF', 1, 15)], expected: {} },
    { name: 'nobody is shown as having seen their own message', people: [person('MEMBER', 6, 15)], expected: {} },
    {
      name: 'several on one message, in the order given',
      people: [person('MEMBER', 7, 12, 'An'), person('STAFF', 2, 12, 'Bình')],
      expected: { 12: ['An', 'Bình'] },
    },
  ])('$name', ({ people, expected }) => {
    expect(Object.fromEntries(seenMarkers(shown, people, me))).toEqual(expected);
  });
});

describe('sendsOnKey', () => {
  it.each([
    [{ key: 'Enter', shiftKey: false }, true],
    [{ key: 'Enter', shiftKey: true }, false],
    [{ key: 'Enter', shiftKey: false, isComposing: true }, false],
    [{ key: 'a', shiftKey: false }, false],
  ])('%j → %s', (e, sends) => expect(sendsOnKey(e)).toBe(sends));
});

describe('seenNames', () => {
  it.each([
    [['An'], { shown: 'An', others: 0 }],
    [['An', 'Bình', 'Chi'], { shown: 'An, Bình, Chi', others: 0 }],
    [['An', 'Bình', 'Chi', 'Dũng', 'Em'], { shown: 'An, Bình, Chi', others: 2 }],
  ])('%j', (names, want) => expect(seenNames(names)).toEqual(want));
});

describe('withReadMark', () => {
  const group = {
    id: 1,
    kind: 'GROUP' as const,
    name: 'CLB',
    program: null,
    memberCount: 2,
    lastMessageAt: null,
    lastMessagePreview: null,
    joined: true,
    unread: 0,
    description: '',
    createdAt: '2026-11-01T00:00:00.000Z',
    createdBy: null,
    participants: [person('STAFF', 1, 10), person('MEMBER', 1, 12)],
  };
  it.each([
    ['a member’s mark moves forward', { userId: 1, messageId: 15 }, [10, 15]],
    ['a staff member’s mark moves forward (same id, other kind)', { accountId: 1, messageId: 14 }, [14, 12]],
    ['a mark never moves back', { userId: 1, messageId: 11 }, [10, 12]],
    ['someone not in it changes nothing', { userId: 9, messageId: 99 }, [10, 12]],
  ])('%s', (_n, mark, want) => expect(withReadMark(group, mark).participants.map((p) => p.lastReadMessageId)).toEqual(want));
  it('keeps the same object when nothing changes (no re-render)', () => expect(withReadMark(group, { userId: 1, messageId: 3 })).toBe(group));
});

describe('changesList', () => {
  it.each([
    ['MESSAGE', undefined, true],
    ['HIDDEN', undefined, true],
    ['GROUP', undefined, true],
    ['READ', { accountId: 7, messageId: 3 }, true],
    ['READ', { accountId: 8, messageId: 3 }, false],
    ['READ', { userId: 7, messageId: 3 }, false],
  ])('%s %j → %s', (event, data, want) => expect(changesList(event, data, 7)).toBe(want));
});
