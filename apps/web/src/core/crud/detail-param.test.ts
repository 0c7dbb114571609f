import { describe, expect, it } from 'vitest';
import { detailIdOf, withDetailId } from './detail-param';

describe('detail id in the URL', () => {
  it.each([
    ['doctor=12', 12],
    ['q=minh&doctor=7&page=2', 7],
    ['doctor=999999999', 999999999],
    ['', null],
    ['doctor=', null],
    ['doctor=0', null],
    ['doctor=012', null],
    ['doctor=-3', null],
    ['doctor=1.5', null],
    ['doctor=abc', null],
    ['doctor=1000000000', null], // more than 9 digits: not an id of ours
    ['detail=12', null], // another screen's parameter
  ])('reads %j as %j', (qs, id) => {
    expect(detailIdOf(new URLSearchParams(qs), 'doctor')).toBe(id);
  });

  it.each([
    ['opens a detail, keeping the list state', 'q=minh&page=2', 5, 'q=minh&page=2&doctor=5'],
    ['switches to another row', 'doctor=5&q=minh', 9, 'doctor=9&q=minh'],
    ['closes it, keeping the list state', 'q=minh&doctor=5&page=2', null, 'q=minh&page=2'],
    ['closing when closed changes nothing', 'q=minh', null, 'q=minh'],
  ] as const)('%s', (_name, qs, id, expected) => {
    const before = new URLSearchParams(qs);
    expect(withDetailId(before, 'doctor', id).toString()).toBe(expected);
    expect(before.toString()).toBe(qs); // a new object: the router's own is not changed
  });
});
