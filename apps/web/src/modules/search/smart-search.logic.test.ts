import { describe, expect, it } from 'vitest';
import { MENU } from '../../app/menu';
import { hitPath, moveActive, resultGroups, screenHits, searchesServer } from './smart-search.logic';

describe('screens of the menu in the smart search', () => {
  const cases: [string, string[], string, string[]][] = [
    ['a catalogue screen for its authority', ['MANAGER_CATALOG'], 'tu viet tat', ['/admin/acronym']],
    ['not without the authority', ['MANAGER_USER'], 'tu viet tat', []],
    [
      'everything for ADMIN_FACILITY, the name starting with the words first',
      ['ADMIN_FACILITY'],
      'dat kham',
      ['/admin/dat-kham-moi', '/admin/quan-ly-dat-kham'],
    ],
    ['the group name counts (Danh mục · Khoa), the exact name first', ['MANAGER_CATALOG'], 'danh muc khoa', ['/admin/department', '/admin/specialty']],
    ['hidden detail screens are not offered', ['MANAGER_USER'], 'chi tiet', []],
    ['nothing typed', ['ADMIN_FACILITY'], '', []],
  ];
  it.each(cases)('%s', (_name, authorities, q, paths) => {
    expect(screenHits(MENU, authorities, q).map((h) => h.code)).toEqual(paths);
  });

  it('asks the server only for a user who may see one of its groups', () => {
    expect(searchesServer(['MANAGER_SCHEDULE'])).toBe(false);
    expect(searchesServer(['MANAGER_DOCTOR'])).toBe(true);
    expect(searchesServer(['ADMIN_FACILITY'])).toBe(true);
  });
});

describe('each hit opens its screen', () => {
  const hit = { id: 7, userId: 42, title: 'Siêu âm', subtitle: '', rank: 0, code: 'CDHA 01' };
  const paths: [Parameters<typeof hitPath>[0], string][] = [
    ['patients', '/admin/chi-tiet-y-ba/42'],
    ['bookings', '/admin/quan-ly-dat-kham/7'],
    ['doctors', '/admin/doctor?doctor=7'],
    ['services', '/admin/service?q=CDHA%2001'],
    ['screens', 'CDHA 01'],
  ];
  it.each(paths)('%s → %s', (group, path) => expect(hitPath(group, hit)).toBe(path));

  it('groups ordered by their best hit; the screens as one group', () => {
    const groups = resultGroups(
      [{ id: 1, title: 'Dịch vụ', subtitle: 'Danh mục', rank: 2, code: '/admin/service' }],
      [
        { group: 'patients', hits: [] },
        { group: 'services', hits: [{ id: 3, title: 'Siêu âm ổ bụng', subtitle: '', rank: 0, code: 'SA01' }] },
      ],
    );
    expect(groups.map((g) => [g.label, g.items.map((i) => i.path)])).toEqual([
      ['Dịch vụ', ['/admin/service?q=SA01']],
      ['Màn hình', ['/admin/service']],
    ]);
  });
});

describe('arrow keys move through the results, wrapping round', () => {
  const moves: [number, number, 'ArrowDown' | 'ArrowUp', number][] = [
    [0, 3, 'ArrowDown', 1],
    [2, 3, 'ArrowDown', 0],
    [0, 3, 'ArrowUp', 2],
    [1, 3, 'ArrowUp', 0],
    [-1, 3, 'ArrowDown', 0],
    [0, 0, 'ArrowDown', -1],
  ];
  it.each(moves)('from %i of %i, %s → %i', (from, count, key, to) => expect(moveActive(from, count, key)).toBe(to));
});
