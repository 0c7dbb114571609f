import { describe, expect, it } from 'vitest';
import { clipItems } from './cells.logic';

describe('clipItems', () => {
  it.each([
    { items: [], max: 2, shown: [], hidden: [] },
    { items: ['a'], max: 2, shown: ['a'], hidden: [] },
    { items: ['a', 'b'], max: 2, shown: ['a', 'b'], hidden: [] },
    // "+1" would take the room of the tag it hides
    { items: ['a', 'b', 'c'], max: 2, shown: ['a', 'b', 'c'], hidden: [] },
    { items: ['a', 'b', 'c', 'd'], max: 2, shown: ['a', 'b'], hidden: ['c', 'd'] },
    { items: ['a', 'b', 'c', 'd', 'e', 'f', 'g'], max: 3, shown: ['a', 'b', 'c'], hidden: ['d', 'e', 'f', 'g'] },
    { items: ['a', 'b', 'c'], max: 1, shown: ['a'], hidden: ['b', 'c'] },
  ])('$items.length items, $max shown', ({ items, max, shown, hidden }) => {
    expect(clipItems(items, max)).toEqual({ shown, hidden });
  });
});
