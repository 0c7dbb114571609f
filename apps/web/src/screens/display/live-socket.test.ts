import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DisplayServerMessage, DisplayState } from '@portal/shared/contracts/queue.contract';
import { BACKOFF_MAX_MS, backoffDelay, connectLive, type LiveStatus, liveUrl, type SocketLike } from './live-socket';

class FakeSocket implements SocketLike {
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  sent: string[] = [];
  closedWith: number | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code ?? 1005;
  }
  // what the server does
  serverOpens() {
    this.onopen?.({});
  }
  serverSends(m: unknown) {
    this.onmessage?.({ data: typeof m === 'string' ? m : JSON.stringify(m) });
  }
  serverCloses(code: number) {
    this.onclose?.({ code });
  }
}

const state = { facility: { name: 'BV' }, rooms: [] } as unknown as DisplayState;

function setup(random = 0.5, quietMs?: number) {
  const sockets: FakeSocket[] = [];
  const statuses: LiveStatus[] = [];
  const messages: DisplayServerMessage[] = [];
  const live = connectLive({
    url: 'ws://h/api/queue/v1/display/live',
    token: 'tok',
    onMessage: (m) => messages.push(m),
    onStatus: (s) => statuses.push(s),
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    random: () => random,
    quietMs,
  });
  const last = () => sockets.at(-1)!;
  return { sockets, statuses, messages, live, last };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('backoff', () => {
  it('doubles from 1 s and stops at 30 s, jittered within the upper half, never under 1 s', () => {
    expect(backoffDelay(0, 0)).toBe(1000);
    expect(backoffDelay(0, 1)).toBe(1000);
    expect(backoffDelay(1, 0)).toBe(1000);
    expect(backoffDelay(1, 1)).toBe(2000);
    expect(backoffDelay(3, 0.5)).toBe(6000);
    expect(backoffDelay(5, 1)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(5, 0)).toBe(15_000);
    expect(backoffDelay(500, 1)).toBe(BACKOFF_MAX_MS);
    for (let a = 0; a < 40; a++) for (const r of [0, 0.3, 0.99]) expect(backoffDelay(a, r)).toBeGreaterThanOrEqual(1000);
  });
  it('uses ws or wss like the page', () => {
    expect(liveUrl({ protocol: 'https:', host: 'bv.vn' })).toBe('wss://bv.vn/api/queue/v1/display/live');
    expect(liveUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/api/queue/v1/display/live');
  });
});

describe('the live connection', () => {
  it('says hello with the token first, then hands on the messages; live once the state has come', () => {
    const t = setup();
    expect(t.statuses).toEqual(['connecting']);
    t.last().serverOpens();
    expect(t.last().sent).toEqual([JSON.stringify({ type: 'hello', token: 'tok' })]);
    t.last().serverSends({ type: 'state', state });
    t.last().serverSends('not json');
    t.last().serverSends({ type: 'announce', announcement: { callId: 'c1' } });
    expect(t.messages.map((m) => m.type)).toEqual(['state', 'announce']);
    expect(t.statuses).toEqual(['connecting', 'live']);
  });

  it('reconnects after a loss with growing waits, and the state resets the backoff', () => {
    const t = setup(1);
    t.last().serverOpens();
    t.last().serverSends({ type: 'state', state });
    t.last().serverCloses(1006);
    expect(t.statuses.at(-1)).toBe('lost');
    expect(t.sockets).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(t.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(t.sockets).toHaveLength(2);
    // fails again at once: 2 s, then 4 s
    t.last().serverCloses(1006);
    vi.advanceTimersByTime(1999);
    expect(t.sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(t.sockets).toHaveLength(3);
    t.last().serverCloses(1011);
    vi.advanceTimersByTime(4000);
    expect(t.sockets).toHaveLength(4);
    // back: the state arrives, and the next loss waits 1 s again
    t.last().serverOpens();
    expect(t.statuses.at(-1)).toBe('lost');
    t.last().serverSends({ type: 'state', state });
    expect(t.statuses.at(-1)).toBe('live');
    t.last().serverCloses(1006);
    vi.advanceTimersByTime(1000);
    expect(t.sockets).toHaveLength(5);
    expect(t.sockets[4]!.url).toBe('ws://h/api/queue/v1/display/live');
  });

  it('never waits more than 30 s', () => {
    const t = setup(1);
    for (let i = 0; i < 12; i++) {
      const before = t.sockets.length;
      t.last().serverCloses(1006);
      vi.advanceTimersByTime(BACKOFF_MAX_MS);
      expect(t.sockets).toHaveLength(before + 1);
    }
  });

  it('stops for good on 4403 (the link is revoked)', () => {
    const t = setup();
    t.last().serverOpens();
    t.last().serverCloses(4403);
    expect(t.statuses.at(-1)).toBe('invalid');
    vi.advanceTimersByTime(10 * 60_000);
    expect(t.sockets).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a quiet connection is replaced by a new one, the old one closed and detached', () => {
    const t = setup(0.5, 60_000);
    t.last().serverOpens();
    t.last().serverSends({ type: 'state', state });
    vi.advanceTimersByTime(59_000);
    t.last().serverSends({ type: 'room', room: {} });
    vi.advanceTimersByTime(59_000);
    expect(t.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(t.sockets).toHaveLength(2);
    const old = t.sockets[0]!;
    expect(old.closedWith).toBe(1000);
    expect([old.onopen, old.onmessage, old.onclose, old.onerror]).toEqual([null, null, null, null]);
    expect(t.statuses).toEqual(['connecting', 'live']);
  });

  it('close() closes the socket, cancels the pending retry and leaves no timer', () => {
    const t = setup();
    t.last().serverOpens();
    t.last().serverCloses(1006);
    t.live.close();
    vi.advanceTimersByTime(60_000);
    expect(t.sockets).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
    const u = setup();
    u.last().serverOpens();
    u.live.close();
    expect(u.last().closedWith).toBe(1000);
    expect(u.last().onmessage).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });
});
