import { describe, expect, it } from 'vitest';
import { byCallOrder, displayName, skipPlace, type QueuePlace } from './queue';

describe('displayName', () => {
  it.each([
    ['Nguyễn Văn An', 'MASKED', 'Nguyễn V. An'],
    ['Trần Thị Ngọc Hân', 'MASKED', 'Trần T. N. Hân'],
    ['  Lê   Văn  Bình ', 'MASKED', 'Lê V. Bình'],
    ['Lê Na', 'MASKED', 'Lê Na'],
    ['An', 'MASKED', 'An'],
    ['nguyễn đức thắng', 'MASKED', 'nguyễn Đ. thắng'],
    ['Phạm Thị Ánh Nguyệt', 'MASKED', 'Phạm T. Á. Nguyệt'],
    ['Nguyễn Văn An', 'FULL', 'Nguyễn Văn An'],
    ['  Nguyễn  Văn An ', 'FULL', 'Nguyễn Văn An'],
    ['Nguyễn Văn An', 'HIDDEN', null],
    ['', 'MASKED', null],
    ['   ', 'FULL', null],
  ] as const)('%s (%s) → %s', (name, mode, shown) => {
    expect(displayName(name, mode)).toBe(shown);
  });
});

/** The call order after a skip: the skipped patient `S` put back among `waiting` (named by their letters). */
function orderAfterSkip(waiting: (QueuePlace & { name: string })[], places: number): string {
  const place = skipPlace(waiting, places);
  const all = [...waiting, { name: 'S', ...(place ?? { rank: 9, position: -1 }) }];
  return all
    .sort(byCallOrder)
    .map((p) => p.name)
    .join('');
}
const normal = (name: string, position: number) => ({ name, rank: 0, position });
const priority = (name: string, position: number) => ({ name, rank: 1, position });

describe('skipPlace: a patient who does not answer goes back a few places', () => {
  it.each([
    ['goes behind three of five', [normal('A', 4), normal('B', 5), normal('C', 6), normal('D', 7), normal('E', 8)], 3, 'ABCSDE'],
    ['goes behind one', [normal('A', 4), normal('B', 5)], 1, 'ASB'],
    ['behind all when fewer wait than the places', [normal('A', 4), normal('B', 5)], 3, 'ABS'],
    ['behind the only one', [normal('A', 9)], 3, 'AS'],
    ['first again when nobody waits', [], 3, 'S'],
    ['stays first with no places', [normal('A', 4)], 0, 'SA'],
    ['between two places already halved', [normal('A', 4), normal('B', 4.5), normal('C', 5)], 2, 'ABSC'],
    ['a priority patient among priority ones', [priority('P', 2), priority('Q', 8), normal('A', 3)], 1, 'PSQA'],
    ['a priority patient behind normal ones when few priority wait', [priority('P', 2), normal('A', 3), normal('B', 4), normal('C', 5)], 3, 'PABSC'],
    ['a normal patient behind priority ones is still ahead of later normal ones', [priority('P', 2), priority('Q', 3), normal('A', 4)], 2, 'PQSA'],
  ])('%s', (_what, waiting, places, order) => {
    expect(orderAfterSkip(waiting, places)).toBe(order);
  });

  it('stays ahead of a later check-in (whole numbers)', () => {
    const place = skipPlace([normal('A', 4), normal('B', 5)], 5)!;
    expect(place.position).toBeLessThan(6);
    expect(place.position).toBeGreaterThan(5);
  });

  it('skipping the same patient again and again keeps a strict order', () => {
    let waiting = [normal('A', 1), normal('B', 2), normal('C', 3)];
    for (let i = 0; i < 40; i++) {
      const p = skipPlace(waiting, 1)!;
      const first = waiting[0]!;
      waiting = [...waiting.slice(1), { ...first, ...p }].sort(byCallOrder);
    }
    expect(new Set(waiting.map((w) => w.position)).size).toBe(3);
  });
});
