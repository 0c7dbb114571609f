import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveConnection, type SocketLike } from './live-socket';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closed: number | null = null;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closed = code;
    this.readyState = 3;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.({});
  }
  serverSays(m: unknown) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
  drops(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function setup(renew = async () => true) {
  const sockets: FakeSocket[] = [];
  const renewSession = vi.fn(renew);
  const conn = new LiveConnection({
    url: () => 'ws://x/api/live/v1?loginToken=t',
    open: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    renewSession,
    random: () => 1,
  });
  const statuses: string[] = [];
  conn.onStatus((s) => statuses.push(s));
  return { conn, sockets, statuses, renewSession };
}

describe('LiveConnection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens on the first topic, subscribes, and is open once the server confirms', () => {
    const { conn, sockets, statuses } = setup();
    const events: unknown[] = [];
    conn.subscribe('bookings', (e) => events.push(e));
    expect(sockets).toHaveLength(1);
    sockets[0].serverOpens();
    expect(JSON.parse(sockets[0].sent[0])).toEqual({ type: 'subscribe', topics: ['bookings'] });
    expect(conn.status).toBe('connecting');
    sockets[0].serverSays({ type: 'subscribed', topics: ['bookings'] });
    expect(conn.status).toBe('open');
    sockets[0].serverSays({ type: 'event', topic: 'bookings', event: 'accept', id: 7, data: { date: '2026-11-23' } });
    sockets[0].serverSays({ type: 'event', topic: 'other', event: 'x' });
    expect(events).toEqual([{ topic: 'bookings', event: 'accept', id: 7, data: { date: '2026-11-23' } }]);
    expect(statuses).toEqual(['connecting', 'open']);
  });

  it('reconnects with growing delays after drops, and starts again from the shortest after a success', () => {
    const { conn, sockets } = setup();
    conn.subscribe('bookings', () => {});
    sockets[0].drops();
    expect(conn.status).toBe('closed');
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1].drops();
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    sockets[2].serverOpens();
    sockets[2].serverSays({ type: 'subscribed', topics: ['bookings'] });
    sockets[2].drops();
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(4);
  });

  it('renews the session after close 4401 before reconnecting, and stays down when that fails', async () => {
    const ok = setup(async () => true);
    ok.conn.subscribe('bookings', () => {});
    ok.sockets[0].drops(4401);
    await vi.runAllTimersAsync();
    expect(ok.renewSession).toHaveBeenCalledOnce();
    expect(ok.sockets).toHaveLength(2);

    const dead = setup(async () => false);
    dead.conn.subscribe('bookings', () => {});
    dead.sockets[0].drops(4401);
    await vi.runAllTimersAsync();
    expect(dead.sockets).toHaveLength(1);
    expect(dead.conn.status).toBe('closed');
  });

  it('closes when the last screen stops following and does not reconnect', () => {
    const { conn, sockets } = setup();
    const a = conn.subscribe('bookings', () => {});
    const b = conn.subscribe('bookings', () => {});
    expect(sockets).toHaveLength(1);
    a();
    expect(sockets[0].closed).toBeNull();
    b();
    expect(sockets[0].closed).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('subscribes a topic added while open', () => {
    const { conn, sockets } = setup();
    conn.subscribe('bookings', () => {});
    sockets[0].serverOpens();
    sockets[0].serverSays({ type: 'subscribed', topics: ['bookings'] });
    conn.subscribe('questions', () => {});
    expect(JSON.parse(sockets[0].sent[1])).toEqual({ type: 'subscribe', topics: ['questions'] });
  });
});

describe('LiveConnection status while retrying', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  it('stays closed (no flicker through connecting) until a retry is confirmed', () => {
    const { conn, sockets, statuses } = setup();
    conn.subscribe('bookings', () => {});
    sockets[0].serverOpens();
    sockets[0].serverSays({ type: 'subscribed', topics: ['bookings'] });
    sockets[0].drops();
    vi.advanceTimersByTime(500);
    expect(conn.status).toBe('closed');
    sockets[1].serverOpens();
    sockets[1].serverSays({ type: 'subscribed', topics: ['bookings'] });
    expect(statuses).toEqual(['connecting', 'open', 'closed', 'open']);
  });
});
