import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { LiveServerMessage } from '@portal/shared/contracts/live.contract';
import { defineLiveTopic, openLiveHub, type LiveHub } from '../../core/live';
import { createTestApp, login, makeFacility, type TestApp } from '../../test/test-app';

/**
 * The live-updates socket on a real listening server with real WebSockets: events reach only
 * subscribed screens of the same facility with the topic's authority, only after commit; the
 * socket closes when the session ends.
 */
let t: TestApp;
let base: string;
let f: Awaited<ReturnType<typeof makeFacility>>;
let other: Awaited<ReturnType<typeof makeFacility>>;
let hub: LiveHub;

defineLiveTopic('test-bookings', 'MANAGER_APPOINTMENT');

beforeAll(async () => {
  t = await createTestApp({ LIVE_SESSION_CHECK_SECONDS: '0.2' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/live/v1`;
  f = await makeFacility(t, [
    { key: 'desk', authorities: ['MANAGER_APPOINTMENT'] },
    { key: 'catalog', authorities: ['MANAGER_CATALOG'] },
  ]);
  other = await makeFacility(t, [{ key: 'desk', authorities: ['MANAGER_APPOINTMENT'] }]);
  // a second hub on the same database stands for another server instance behind the load balancer
  hub = await openLiveHub(t.database, t.app.log);
});
afterAll(async () => {
  await hub.close();
  await t.close();
});

/** Opens a socket and collects what the server sends. */
async function connect(token: string | null) {
  const ws = new WebSocket(token ? `${base}?loginToken=${token}` : base);
  const got: LiveServerMessage[] = [];
  const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
  ws.on('message', (raw) => got.push(JSON.parse(String(raw)) as LiveServerMessage));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (req, res) => {
      req.destroy(); // a browser drops a refused upgrade; so does this client
      reject(new Error(`HTTP ${res.statusCode}`));
    });
    ws.once('error', reject);
  });
  const until = async (pred: (m: LiveServerMessage) => boolean, ms = 3000) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      const m = got.find(pred);
      if (m) return m;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no such message; got ${JSON.stringify(got)}`);
  };
  return { ws, got, closed, until };
}

const subscribe = (ws: WebSocket, topics: unknown[]) => ws.send(JSON.stringify({ type: 'subscribe', topics }));

describe('GET /api/live/v1 (WebSocket)', () => {
  it('refuses a caller without a valid token (401)', async () => {
    for (const url of ['/api/live/v1', '/api/live/v1?loginToken=khong-hop-le']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { connection: 'upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' },
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('delivers a committed event to the subscribed screens of its facility only', async () => {
    const desk = await connect((await login(t, f.accounts.desk!)).loginToken);
    const stranger = await connect((await login(t, other.accounts.desk!)).loginToken);
    await desk.until((m) => m.type === 'ready');
    subscribe(desk.ws, ['test-bookings']);
    subscribe(stranger.ws, ['test-bookings']);
    await desk.until((m) => m.type === 'subscribed');
    await stranger.until((m) => m.type === 'subscribed');

    await t.database.transaction((tx) =>
      hub.publish(tx, { facilityId: f.facilityId, topic: 'test-bookings', type: 'created', id: 42, data: { status: 'PENDING' } }),
    );
    expect(await desk.until((m) => m.type === 'event')).toEqual({
      type: 'event',
      topic: 'test-bookings',
      event: 'created',
      id: 42,
      data: { status: 'PENDING' },
    });

    // a rolled-back write publishes nothing
    await t.database
      .transaction(async (tx) => {
        await hub.publish(tx, { facilityId: f.facilityId, topic: 'test-bookings', type: 'created', id: 43 });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await t.database.transaction((tx) => hub.publish(tx, { facilityId: f.facilityId, topic: 'test-bookings', type: 'created', id: 44 }));
    await desk.until((m) => m.type === 'event' && m.id === 44);
    const ids = desk.got.filter((m) => m.type === 'event').map((m) => (m as { id: number }).id);
    expect(ids).toEqual([42, 44]);
    expect(stranger.got.filter((m) => m.type === 'event')).toEqual([]);
    desk.ws.close();
    stranger.ws.close();
  });

  it('refuses a topic without its authority, and an unknown topic or a malformed message', async () => {
    const s = await connect((await login(t, f.accounts.catalog!)).loginToken);
    subscribe(s.ws, ['test-bookings', 'khong-co']);
    expect(await s.until((m) => m.type === 'forbidden')).toEqual({ type: 'forbidden', topic: 'test-bookings', message: 'Bạn không có quyền thao tác' });
    expect(await s.until((m) => m.type === 'error')).toMatchObject({ topic: 'khong-co', message: 'Yêu cầu theo dõi không hợp lệ' });
    expect(await s.until((m) => m.type === 'subscribed')).toEqual({ type: 'subscribed', topics: [] });
    s.ws.send('{not json');
    await s.until((m) => m.type === 'error' && m.topic === undefined);
    await t.database.transaction((tx) => hub.publish(tx, { facilityId: f.facilityId, topic: 'test-bookings', type: 'created', id: 1 }));
    await new Promise((r) => setTimeout(r, 300));
    expect(s.got.filter((m) => m.type === 'event')).toEqual([]);
    s.ws.close();
  });

  it('closes with 4401 once the session ends (logout)', async () => {
    const session = await login(t, f.accounts.desk!);
    const s = await connect(session.loginToken);
    await s.until((m) => m.type === 'ready');
    const out = await t.app.inject({ method: 'PUT', url: '/api/his/v1/user/logout', headers: { authorization: `Bearer ${session.loginToken}` } });
    expect(out.statusCode).toBe(200);
    expect(await s.closed).toBe(4401);
  });
});
