/**
 * Rules of the waiting room (issue 22, docs/waiting-room.md): how a calling screen shows a name, and where a
 * patient who did not answer a call goes back in the room's queue.
 */
import type { NameMode } from '../contracts/queue.contract';

/**
 * A name as a calling screen shows it. MASKED keeps the family name and the given name (the first and the last
 * word) and shortens the middle names to their initials: "Nguyễn Văn An" → "Nguyễn V. An",
 * "Trần Thị Ngọc Hân" → "Trần T. N. Hân"; a name of one or two words stays whole (nothing in the middle to hide).
 * FULL shows it as it is, HIDDEN shows none (null): the number alone.
 */
export function displayName(fullName: string, mode: NameMode): string | null {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (mode === 'HIDDEN' || words.length === 0) return null;
  if (mode === 'FULL' || words.length <= 2) return words.join(' ');
  const middle = words.slice(1, -1).map((w) => `${w.charAt(0).toLocaleUpperCase('vi')}.`);
  return [words[0], ...middle, words[words.length - 1]].join(' ');
}

/** A waiting patient's place in the call order: `rank` first (higher first: priority), then `position` (lower first). */
export interface QueuePlace {
  rank: number;
  position: number;
}

/**
 * Where a skipped patient goes: behind the next `places` patients waiting (`waiting`, in call order, without the
 * skipped one), as hospitals do for a patient who does not answer. Behind all of them when fewer wait, but still
 * ahead of whoever checks in later (queue numbers are whole: the place is half a step after the last one).
 * A priority patient who goes behind patients without priority takes their rank for this turn (the screen still
 * marks them as priority). Null when nobody waits: the patient stays where they were, first.
 */
export function skipPlace(waiting: readonly QueuePlace[], places: number): QueuePlace | null {
  if (waiting.length === 0 || places <= 0) return null;
  const behind = waiting[Math.min(places, waiting.length) - 1]!;
  const next = waiting[Math.min(places, waiting.length)];
  if (next && next.rank === behind.rank) return { rank: behind.rank, position: (behind.position + next.position) / 2 };
  return { rank: behind.rank, position: behind.position + 0.5 };
}

/** Sorts places into call order (the server's ORDER BY, for tests and the web). */
export const byCallOrder = (a: QueuePlace, b: QueuePlace) => b.rank - a.rank || a.position - b.position;
