import { describe, expect, it } from 'vitest';
import { nextOccurrence } from './cron';
import { backoffDelay } from './registry';

describe('nextOccurrence reads cron in Asia/Ho_Chi_Minh (+07:00)', () => {
  const cases: [string, string, string][] = [
    // expression, after (UTC), expected (UTC)
    ['*/10 * * * *', '2026-03-15T00:05:00Z', '2026-03-15T00:10:00.000Z'],
    ['*/10 * * * *', '2026-03-15T00:10:00Z', '2026-03-15T00:20:00.000Z'], // strictly after
    ['0 2 * * *', '2026-03-15T00:00:00Z', '2026-03-15T19:00:00.000Z'], // 02:00 +07 is 19:00 UTC the day before
    ['0 2 * * *', '2026-03-14T18:59:59Z', '2026-03-14T19:00:00.000Z'],
    ['0 0 * * *', '2026-12-31T16:59:00Z', '2026-12-31T17:00:00.000Z'], // midnight of 01/01/2027 in Vietnam
    ['30 7 * * 1', '2026-03-15T00:00:00Z', '2026-03-16T00:30:00.000Z'], // Monday 07:30 +07 (15/03/2026 is a Sunday)
    ['0 8 1 * *', '2026-02-01T02:00:00Z', '2026-03-01T01:00:00.000Z'], // first of the month 08:00 +07
    ['0 23 * * *', '2026-03-15T15:30:00Z', '2026-03-15T16:00:00.000Z'], // 23:00 +07 the same Vietnamese day
    ['*/5 * * * * *', '2026-03-15T00:00:01Z', '2026-03-15T00:00:05.000Z'], // six fields: seconds first
  ];
  it.each(cases)('%s after %s is %s', (expr, after, expected) => {
    expect(nextOccurrence(expr, new Date(after))?.toISOString()).toBe(expected);
  });
  it('refuses an unreadable expression', () => {
    expect(() => nextOccurrence('every day', new Date())).toThrow();
  });
});

describe('backoffDelay: exponential, capped, half of it random', () => {
  const b = { baseMs: 1000, maxMs: 10_000 };
  it.each([
    [1, 0, 500],
    [1, 1, 1000],
    [2, 0, 1000],
    [3, 1, 4000],
    [4, 0.5, 6000],
    [5, 1, 10_000], // 16 s capped at 10 s
    [30, 0, 5000],
  ])('attempt %i, random %d: %i ms', (attempt, r, expected) => {
    expect(backoffDelay(b, attempt, () => r)).toBe(expected);
  });
});
