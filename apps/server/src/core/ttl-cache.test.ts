import { afterEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache';

afterEach(() => vi.useRealTimers());

describe('TtlCache', () => {
  it('returns a value until its time runs out', () => {
    vi.useFakeTimers({ now: 0 });
    const c = new TtlCache<number>(1000, 10);
    c.set('a', 1);
    vi.setSystemTime(999);
    expect(c.get('a')).toBe(1);
    vi.setSystemTime(1000);
    expect(c.get('a')).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const c = new TtlCache<number>(60_000, 2);
    c.set('a', 1);
    c.set('b', 2);
    c.set('c', 3);
    expect([c.get('a'), c.get('b'), c.get('c')]).toEqual([undefined, 2, 3]);
  });

  it('stores nothing when disabled (ttl 0)', () => {
    const c = new TtlCache<number>(0, 10);
    c.set('a', 1);
    expect(c.enabled).toBe(false);
    expect(c.get('a')).toBeUndefined();
  });
});

/** As the signed-in sessions use it (core/access.ts): the session's own end and the generation. */
describe('TtlCache for sessions', () => {
  const ctx = { sessionId: 1, accountId: 2, facilityId: 3, authorities: ['MANAGER_APPOINTMENT'] };
  const T0 = 1_000_000;

  it.each([
    { case: 'within the time-to-live', ttl: 5000, validUntil: T0 + 60_000, at: T0 + 4999, kept: true },
    { case: 'after the time-to-live', ttl: 5000, validUntil: T0 + 60_000, at: T0 + 5000, kept: false },
    { case: 'after the session itself ends, before the time-to-live', ttl: 5000, validUntil: T0 + 1000, at: T0 + 1000, kept: false },
    { case: 'just before the session ends', ttl: 5000, validUntil: T0 + 1000, at: T0 + 999, kept: true },
    { case: 'a session already over is not kept', ttl: 5000, validUntil: T0, at: T0, kept: false },
    { case: 'turned off (0 s)', ttl: 0, validUntil: T0 + 60_000, at: T0, kept: false },
  ])('$case', ({ ttl, validUntil, at, kept }) => {
    const c = new TtlCache<typeof ctx>(ttl, 10_000);
    c.set('h', ctx, { until: validUntil, generation: c.generation, now: T0 });
    expect(c.get('h', at)).toBe(kept ? ctx : undefined);
  });

  it('forgets everything on clear, and a lookup begun before a clear stores nothing', () => {
    const c = new TtlCache<typeof ctx>(5000, 10_000);
    c.set('a', ctx, { until: T0 + 60_000, generation: c.generation, now: T0 });
    const before = c.generation; // a request starts looking its session up
    c.clear(); // a logout answers meanwhile
    expect(c.get('a', T0)).toBeUndefined();
    c.set('b', ctx, { until: T0 + 60_000, generation: before, now: T0 });
    expect(c.get('b', T0)).toBeUndefined();
    c.set('b', ctx, { until: T0 + 60_000, generation: c.generation, now: T0 });
    expect(c.get('b', T0)).toBe(ctx);
  });

  it('holds at most maxEntries, the oldest out first', () => {
    const c = new TtlCache<typeof ctx>(5000, 2);
    for (const h of ['a', 'b', 'c']) c.set(h, ctx, { until: T0 + 60_000, generation: c.generation, now: T0 });
    expect([c.get('a', T0), c.get('b', T0), c.get('c', T0)]).toEqual([undefined, ctx, ctx]);
    expect(c.size).toBe(2);
  });
});
