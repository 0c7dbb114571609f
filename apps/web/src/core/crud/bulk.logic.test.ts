import { describe, expect, it } from 'vitest';
import { runBulk } from './bulk.logic';

describe('runBulk', () => {
  it('calls the action once per item, a few at a time, and counts the failures', async () => {
    let running = 0;
    let peak = 0;
    const seen: number[] = [];
    const result = await runBulk(
      [1, 2, 3, 4, 5, 6, 7],
      async (n) => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 5));
        running -= 1;
        seen.push(n);
        if (n % 3 === 0) throw new Error(`refused ${n}`);
      },
      3,
    );
    expect(result).toEqual({ total: 7, succeeded: 5, failed: 2, errors: [new Error('refused 3'), new Error('refused 6')] });
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(3);
  });
  it('does nothing for no items', async () => {
    expect(await runBulk([], async () => undefined)).toEqual({ total: 0, succeeded: 0, failed: 0, errors: [] });
  });
});
