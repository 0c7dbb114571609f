import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebouncer } from './debounce';

describe('createDebouncer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports the last value once, 300 ms after the last change', () => {
    const fn = vi.fn();
    const d = createDebouncer(fn, 300);
    d.schedule('n');
    vi.advanceTimersByTime(200);
    d.schedule('ng');
    vi.advanceTimersByTime(299);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledExactlyOnceWith('ng');
  });

  it('reports at once on flush (Enter) and drops the pending call', () => {
    const fn = vi.fn();
    const d = createDebouncer(fn, 300);
    d.schedule('ngu');
    d.flush('nguyen');
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledExactlyOnceWith('nguyen');
    expect(d.pending()).toBe(false);
  });

  it('cancel drops the pending call', () => {
    const fn = vi.fn();
    const d = createDebouncer(fn, 300);
    d.schedule('x');
    expect(d.pending()).toBe(true);
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
  });
});
