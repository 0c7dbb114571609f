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
