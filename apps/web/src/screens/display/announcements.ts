/**
 * The calls waiting to be spoken and flashed: once per callId, one at a time, in arrival order.
 * Bounded for a screen that runs all day: a newer call of a room replaces its call still waiting
 * (the room has moved on), at most `maxPending` wait (the oldest is dropped), and only the last
 * `remember` callIds are kept to recognise a repeat.
 */
import type { DisplayAnnouncement } from '@portal/shared/contracts/queue.contract';

export interface AnnouncementQueue {
  /** False when the call was already announced (or queued). */
  push(a: DisplayAnnouncement): boolean;
  pending(): number;
  /** Drops what waits; the call being spoken finishes. */
  dispose(): void;
}

export function createAnnouncementQueue(play: (a: DisplayAnnouncement) => Promise<void>, maxPending = 10, remember = 200): AnnouncementQueue {
  const seen = new Set<string>();
  const queue: DisplayAnnouncement[] = [];
  let busy = false;
  let disposed = false;

  async function pump() {
    if (busy) return;
    busy = true;
    while (queue.length > 0 && !disposed) {
      const next = queue.shift()!;
      try {
        await play(next);
      } catch {
        // one failed call does not stop the others
      }
    }
    busy = false;
  }

  return {
    push(a) {
      if (disposed || seen.has(a.callId)) return false;
      seen.add(a.callId);
      if (seen.size > remember) seen.delete(seen.values().next().value!);
      const sameRoom = queue.findIndex((q) => q.roomId === a.roomId);
      if (sameRoom >= 0) queue.splice(sameRoom, 1);
      if (queue.length >= maxPending) queue.shift();
      queue.push(a);
      void pump();
      return true;
    },
    pending: () => queue.length,
    dispose() {
      disposed = true;
      queue.length = 0;
    },
  };
}
