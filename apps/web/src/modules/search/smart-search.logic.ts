import type { SmartGroupDto, SmartHit } from '@portal/shared/contracts/search.contract';
import { hasAuthority } from '@portal/shared/authorities';
import { matchRank, orderGroups, rankHits, SMART_GROUP_LABELS, SMART_SEARCH_LIMIT, type SmartGroup } from '@portal/shared/rules/smart-search';
import { visibleMenu, type MenuEntry } from '../../app/menu';

/** One line of the result list: its group, what it shows and the screen it opens. */
export interface SmartItem {
  key: string;
  group: SmartGroup;
  title: string;
  subtitle: string;
  path: string;
}
export interface SmartItemGroup {
  group: SmartGroup;
  label: string;
  items: SmartItem[];
}

/** The authorities whose groups the server searches (the web asks only when the user holds one). */
export const SERVER_GROUP_AUTHORITIES = ['MANAGER_USER', 'MANAGER_APPOINTMENT', 'MANAGER_DOCTOR', 'MANAGER_CATALOG'] as const;
export const searchesServer = (authorities: readonly string[]) => SERVER_GROUP_AUTHORITIES.some((a) => hasAuthority(authorities, a));

/** The screens of the menu the user may open whose name (or its group's) holds every typed word, ranked. */
export function screenHits(menu: readonly MenuEntry[], authorities: readonly string[], q: string): SmartHit[] {
  const hits: SmartHit[] = [];
  let i = 0;
  for (const entry of visibleMenu(menu, authorities)) {
    const leaves = entry.kind === 'link' ? [{ label: entry.label, path: entry.path }] : entry.children;
    for (const leaf of leaves) {
      i += 1;
      const subtitle = entry.kind === 'group' ? entry.label : '';
      const rank = matchRank(q, [leaf.label, `${subtitle} ${leaf.label}`]);
      if (rank < 4) hits.push({ id: i, title: leaf.label, subtitle, rank, code: leaf.path });
    }
  }
  return rankHits(hits).slice(0, SMART_SEARCH_LIMIT);
}

/** The screen a hit opens. */
export function hitPath(group: SmartGroup, hit: SmartHit): string {
  switch (group) {
    case 'screens':
      return hit.code ?? '/admin';
    case 'patients':
      return `/admin/chi-tiet-y-ba/${hit.userId}`;
    case 'bookings':
      return `/admin/quan-ly-dat-kham/${hit.id}`;
    case 'doctors':
      return `/admin/doctor?doctor=${hit.id}`;
    case 'services':
      return `/admin/service?q=${encodeURIComponent(hit.code ?? hit.title)}`;
  }
}

/** The server's groups and the screens, the group of the best hit first, as lines to show. */
export function resultGroups(screens: SmartHit[], server: readonly SmartGroupDto[]): SmartItemGroup[] {
  const all: { group: SmartGroup; hits: SmartHit[] }[] = [{ group: 'screens', hits: screens }, ...server];
  return orderGroups(all).map((g) => ({
    group: g.group,
    label: SMART_GROUP_LABELS[g.group],
    items: g.hits.map((h) => ({ key: `${g.group}-${h.id}`, group: g.group, title: h.title, subtitle: h.subtitle, path: hitPath(g.group, h) })),
  }));
}

/** The next highlighted line for an arrow key, wrapping round. */
export function moveActive(active: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return active < 0 || active >= count - 1 ? 0 : active + 1;
  return active <= 0 ? count - 1 : active - 1;
}
