import { describe, expect, it } from 'vitest';
import type { StatusCounts } from '@portal/shared/contracts/appointments.contract';
import type { AppContext } from '../../core/context';
import type { LiveListener } from '../../core/live';
import { dayListCache } from './day-list.cache';

function context(seconds: number) {
  const listeners: LiveListener[] = [];
  const ctx = {
    config: { BOOKING_LIST_CACHE_SECONDS: seconds },
    live: { subscribe: (l: LiveListener) => (listeners.push(l), () => undefined) },
  } as unknown as AppContext;
  const event = (facilityId: number, topic = 'bookings') => listeners.forEach((l) => l({ facilityId, topic, type: 'accept' }));
  return { cache: dayListCache(ctx), event };
}
const counts = { PENDING: 1 } as StatusCounts;

describe('day list cache', () => {
  it('keeps a page and counts per facility until a drop', () => {
    const { cache } = context(5);
    const g = cache.generation(1);
    cache.setPage(1, g, 'k', '{"a":1}');
    cache.setCounts(1, g, 'c', counts);
    expect(cache.page(1, 'k')).toBe('{"a":1}');
    expect(cache.counts(1, 'c')).toBe(counts);
    expect(cache.page(2, 'k')).toBeUndefined();
    cache.drop(1);
    expect(cache.page(1, 'k')).toBeUndefined();
    expect(cache.counts(1, 'c')).toBeUndefined();
  });

  it('does not store an answer read before a drop (a read under way while a write committed)', () => {
    const { cache } = context(5);
    const before = cache.generation(7); // the read starts: nothing cached for facility 7 yet
    cache.drop(7); // a write's live event arrives
    cache.setPage(7, before, 'k', 'stale');
    cache.setCounts(7, before, 'c', counts);
    expect(cache.page(7, 'k')).toBeUndefined();
    expect(cache.counts(7, 'c')).toBeUndefined();
    cache.setPage(7, cache.generation(7), 'k', 'fresh');
    expect(cache.page(7, 'k')).toBe('fresh');
  });

  it('drops a facility when a booking event of any instance arrives, and only that facility', () => {
    const { cache, event } = context(5);
    cache.setPage(1, cache.generation(1), 'k', 'one');
    cache.setPage(2, cache.generation(2), 'k', 'two');
    event(1, 'schedules');
    expect(cache.page(1, 'k')).toBe('one');
    event(1);
    expect(cache.page(1, 'k')).toBeUndefined();
    expect(cache.page(2, 'k')).toBe('two');
  });

  it('builds a missed page once for the requests that miss it together, and anew after a drop', async () => {
    const { cache } = context(5);
    const builds: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const build = async (generation: number) => {
      const page = `page ${builds.push(generation)}`;
      await gate;
      return page;
    };
    const together = [cache.pageOnce(1, 'k', build), cache.pageOnce(1, 'k', build), cache.pageOnce(1, 'k', build)];
    cache.drop(1); // a write lands while the first build runs: later requests must not join it
    const after = cache.pageOnce(1, 'k', build);
    release();
    expect(await Promise.all(together)).toEqual(['page 1', 'page 1', 'page 1']);
    expect(await after).toBe('page 2');
    expect(builds).toEqual([0, 1]);
    // only the build of the current generation was kept: the next request is a hit
    expect(await cache.pageOnce(1, 'k', build)).toBe('page 2');
    expect(builds).toHaveLength(2);
  });

  it('a failed build answers its waiting requests with the error and is not kept', async () => {
    const { cache } = context(5);
    const failing = () => Promise.reject(new Error('database down'));
    await expect(Promise.all([cache.pageOnce(1, 'k', failing), cache.pageOnce(1, 'k', failing)])).rejects.toThrow('database down');
    expect(await cache.pageOnce(1, 'k', async () => 'ok')).toBe('ok');
  });

  it('stores nothing when turned off (0 seconds)', () => {
    const { cache } = context(0);
    cache.setPage(1, cache.generation(1), 'k', 'x');
    cache.drop(1);
    expect(cache.page(1, 'k')).toBeUndefined();
  });
});
