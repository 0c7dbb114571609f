import { normalizeText } from './diacritics';

/**
 * Smart search (issue 15, item 3): one box in the admin header across what the user may see. The
 * groups, their order, and how a hit is ranked — the same on the server (patients, bookings,
 * doctors, services) and on the web (the screens of the menu).
 */
export const SMART_GROUPS = ['screens', 'patients', 'bookings', 'doctors', 'services'] as const;
export type SmartGroup = (typeof SMART_GROUPS)[number];

export const SMART_GROUP_LABELS: Record<SmartGroup, string> = {
  screens: 'Màn hình',
  patients: 'Bệnh nhân',
  bookings: 'Đặt khám',
  doctors: 'Bác sĩ',
  services: 'Dịch vụ',
};

/** Most hits of one group in an answer (the default, and the largest a caller may ask). */
export const SMART_SEARCH_LIMIT = 5;
export const SMART_SEARCH_LIMIT_MAX = 10;
export const SMART_SEARCH_QUERY_MAX = 100;

/**
 * How well the typed text matches a hit, best first:
 * 0 one of its values is exactly what was typed (a code, a phone, a name);
 * 1 a value starts with it; 2 a word of a value starts with it; 3 every typed word is in one value;
 * 4 anything else the server found (an acronym's expansion, words spread over several values).
 * Compared without case and diacritics.
 */
export function matchRank(typed: string, values: readonly (string | null | undefined)[]): number {
  const q = normalizeText(typed);
  if (!q) return 4;
  const words = q.split(' ');
  let best = 4;
  for (const raw of values) {
    const v = normalizeText(raw);
    if (!v) continue;
    if (v === q) return 0;
    if (v.startsWith(q)) best = Math.min(best, 1);
    else if (v.includes(` ${q}`)) best = Math.min(best, 2);
    else if (words.every((w) => v.includes(w))) best = Math.min(best, 3);
  }
  return best;
}

/** Hits best first: by rank, then by title in Vietnamese order, then by id. */
export function rankHits<T extends { rank: number; title: string; id: number | string }>(hits: readonly T[]): T[] {
  return [...hits].sort((a, b) => a.rank - b.rank || a.title.localeCompare(b.title, 'vi') || String(a.id).localeCompare(String(b.id)));
}

/** Groups with hits, the group holding the best hit first; equal ones in SMART_GROUPS order. */
export function orderGroups<G extends { group: SmartGroup; hits: readonly { rank: number }[] }>(groups: readonly G[]): G[] {
  const best = (g: G) => Math.min(...g.hits.map((h) => h.rank));
  return groups.filter((g) => g.hits.length > 0).sort((a, b) => best(a) - best(b) || SMART_GROUPS.indexOf(a.group) - SMART_GROUPS.indexOf(b.group));
}
