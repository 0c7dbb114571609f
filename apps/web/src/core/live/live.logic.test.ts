import { describe, expect, it } from 'vitest';
import { BACKOFF_MAX_MS, backoffDelay, isSessionEnded, liveUrl, pollInterval } from './live.logic';

describe('backoffDelay', () => {
  it('doubles from 500 ms and stays within half to all of the step', () => {
    expect([0, 1, 2, 3, 4].map((a) => backoffDelay(a, () => 1))).toEqual([500, 1000, 2000, 4000, 8000]);
    expect([0, 1, 2, 3, 4].map((a) => backoffDelay(a, () => 0))).toEqual([250, 500, 1000, 2000, 4000]);
  });
  it('never waits longer than the cap, however many tries failed', () => {
    expect(backoffDelay(5, () => 1)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(1000, () => 1)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(1000, () => 0)).toBe(BACKOFF_MAX_MS / 2);
  });
  it('treats a negative or fractional attempt as the first', () => {
    expect(backoffDelay(-3, () => 1)).toBe(500);
    expect(backoffDelay(0.7, () => 1)).toBe(500);
  });
});

describe('liveUrl', () => {
  it('uses wss on https and encodes the token', () => {
    expect(liveUrl({ protocol: 'https:', host: 'bv.vn' }, 'a b/c')).toBe('wss://bv.vn/api/live/v1?loginToken=a%20b%2Fc');
    expect(liveUrl({ protocol: 'http:', host: 'localhost:3140' }, 't')).toBe('ws://localhost:3140/api/live/v1?loginToken=t');
  });
});

describe('close and polling', () => {
  it('knows the session-ended close code only', () => {
    expect(isSessionEnded(4401)).toBe(true);
    expect(isSessionEnded(1006)).toBe(false);
  });
  it('polls every 10 s unless the socket is open', () => {
    expect(pollInterval('open')).toBe(false);
    expect(pollInterval('connecting')).toBe(10_000);
    expect(pollInterval('closed')).toBe(10_000);
  });
});
