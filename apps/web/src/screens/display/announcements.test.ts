import { describe, expect, it } from 'vitest';
import type { DisplayAnnouncement } from '@portal/shared/contracts/queue.contract';
import { createAnnouncementQueue } from './announcements';

const call = (callId: string, roomId: number, number = 1): DisplayAnnouncement => ({
  callId,
  roomId,
  roomName: `Phòng ${roomId}`,
  number,
  name: null,
  priority: false,
  recall: false,
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A player whose calls end when the test says so. */
function manualPlayer() {
  const played: string[] = [];
  const ends: (() => void)[] = [];
  let active = 0;
  let maxActive = 0;
  const play = (a: DisplayAnnouncement) => {
    played.push(a.callId);
    active++;
    maxActive = Math.max(maxActive, active);
    return new Promise<void>((resolve) =>
      ends.push(() => {
        active--;
        resolve();
      }),
    );
  };
  const finishAll = async () => {
    for (let i = 0; i < 50 && ends.length > 0; i++) {
      ends.shift()!();
      await settle();
    }
  };
  return { play, played, finishAll, maxActive: () => maxActive };
}

describe('the announcement queue', () => {
  it('announces each callId once, one at a time, in order', async () => {
    const p = manualPlayer();
    const q = createAnnouncementQueue(p.play);
    expect(q.push(call('a', 1))).toBe(true);
    expect(q.push(call('b', 2))).toBe(true);
    expect(q.push(call('a', 1))).toBe(false);
    expect(q.push(call('c', 3))).toBe(true);
    expect(p.played).toEqual(['a']);
    await p.finishAll();
    expect(p.played).toEqual(['a', 'b', 'c']);
    expect(p.maxActive()).toBe(1);
    // a repeat after it was spoken is still a repeat; a recall has a new callId
    expect(q.push(call('b', 2))).toBe(false);
    expect(q.push(call('b2', 2))).toBe(true);
  });

  it('a newer call of a room replaces its call still waiting', async () => {
    const p = manualPlayer();
    const q = createAnnouncementQueue(p.play);
    q.push(call('r1-a', 1));
    q.push(call('r2-a', 2, 7));
    q.push(call('r3-a', 3));
    q.push(call('r2-b', 2, 8));
    expect(q.pending()).toBe(2);
    await p.finishAll();
    expect(p.played).toEqual(['r1-a', 'r3-a', 'r2-b']);
  });

  it('keeps at most 10 waiting, dropping the oldest', async () => {
    const p = manualPlayer();
    const q = createAnnouncementQueue(p.play);
    for (let i = 0; i < 25; i++) q.push(call(`c${i}`, 100 + i));
    expect(q.pending()).toBe(10);
    await p.finishAll();
    expect(p.played).toEqual(['c0', ...Array.from({ length: 10 }, (_, i) => `c${15 + i}`)]);
  });

  it('remembers a bounded number of callIds', async () => {
    const p = manualPlayer();
    const q = createAnnouncementQueue(p.play, 10, 3);
    for (const id of ['a', 'b', 'c', 'd']) q.push(call(id, 1));
    await p.finishAll();
    expect(q.push(call('d', 1))).toBe(false);
    expect(q.push(call('a', 1))).toBe(true);
  });

  it('goes on after a call that fails to play, and stops after dispose', async () => {
    const played: string[] = [];
    const q = createAnnouncementQueue(async (a) => {
      played.push(a.callId);
      if (a.callId === 'x') throw new Error('audio');
    });
    q.push(call('x', 1));
    q.push(call('y', 2));
    await settle();
    expect(played).toEqual(['x', 'y']);
    q.dispose();
    expect(q.push(call('z', 3))).toBe(false);
    await settle();
    expect(played).toEqual(['x', 'y']);
  });
});
