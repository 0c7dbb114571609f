import { describe, expect, it } from 'vitest';
import { matchRank, orderGroups, rankHits } from './smart-search';

describe('matchRank: how well the typed text matches a hit', () => {
  const cases: [string, string, (string | null)[], number][] = [
    ['a code typed exactly', 'CDHA.0101', ['Siêu âm ổ bụng', 'CDHA.0101'], 0],
    ['a name typed exactly, without diacritics', 'hoang thi mai', ['Hoàng Thị Mai'], 0],
    ['the start of a value', 'hoang thi', ['Hoàng Thị Mai'], 1],
    ['a phone prefix', '0987', ['Hoàng Thị Mai', '0987000111'], 1],
    ['the start of a word inside a value', 'mai', ['Hoàng Thị Mai'], 2],
    ['every word, in another order', 'mai hoang', ['Hoàng Thị Mai'], 3],
    ['parts of words', 'oang', ['Hoàng Thị Mai'], 3],
    ['found by the server otherwise (an acronym)', 'sa bung', ['Siêu âm ổ bụng'], 4],
    ['the best of the values counts', 'bn000', ['Lê Văn Bình', 'BN00012345', null], 1],
    ['nothing typed', '  ', ['Hoàng Thị Mai'], 4],
  ];
  it.each(cases)('%s', (_name, typed, values, rank) => {
    expect(matchRank(typed, values)).toBe(rank);
  });
});

describe('ranking hits and groups', () => {
  it('hits by rank, then by title in Vietnamese order, then by id', () => {
    const hits = [
      { id: 3, title: 'Đặng Văn B', rank: 2 },
      { id: 1, title: 'Dương Văn A', rank: 2 },
      { id: 2, title: 'Zô Văn C', rank: 0 },
      { id: 4, title: 'Dương Văn A', rank: 2 },
    ];
    expect(rankHits(hits).map((h) => h.id)).toEqual([2, 1, 4, 3]);
  });

  it('groups without hits left out; the group holding the best hit first; ties in the fixed order', () => {
    const g = (group: 'patients' | 'bookings' | 'doctors' | 'services', ...ranks: number[]) => ({ group, hits: ranks.map((rank) => ({ rank })) });
    expect(orderGroups([g('patients', 3, 4), g('bookings'), g('doctors', 2), g('services', 0)]).map((x) => x.group)).toEqual([
      'services',
      'doctors',
      'patients',
    ]);
    expect(orderGroups([g('services', 1), g('doctors', 1), g('patients', 1)]).map((x) => x.group)).toEqual(['patients', 'doctors', 'services']);
  });
});
