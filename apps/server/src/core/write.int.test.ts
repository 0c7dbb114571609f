import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema';
import { createTestApp, makeFacility, sqlRows, type TestApp } from '../test/test-app';
import type { Caller } from './caller';
import { openLiveHub, type LiveEvent, type LiveHub } from './live';
import { recordWrite, type WriteRecord } from './write';

describe('recordWrite: the audit row, the domain log and the live event of a write, in its transaction', () => {
  let t: TestApp;
  let live: LiveHub;
  let who: Caller;
  const seen: LiveEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const f = await makeFacility(t, [{ key: 'writer', authorities: ['MANAGER_ADMIN'] }]);
    const a = f.accounts.writer!;
    who = {
      sessionId: 0,
      accountId: a.id,
      facilityId: f.facilityId,
      username: a.username,
      name: 'Nhân viên writer',
      authorities: ['MANAGER_ADMIN'],
      lastPasswordReset: new Date(),
      mustChangePassword: false,
      facilityName: '',
      facilityAvatar: null,
      address: '10.9.8.7',
    };
    live = await openLiveHub(t.database, pino({ level: 'silent' }));
    live.subscribe((e) => e.topic === 'write-test' && seen.push(e));
    await t.database.db.execute(sql`CREATE TABLE write_test_log (tag text NOT NULL)`);
  });
  afterAll(async () => {
    await live?.close();
    await t?.close();
  });

  const record = (tag: string): WriteRecord => ({
    log: (tx) => tx.execute(sql`INSERT INTO write_test_log (tag) VALUES (${tag})`),
    audit: { action: 'TEST_WRITE', entity: 'write_test', entityId: tag, after: { tag } },
    live: { facilityId: who.facilityId, topic: 'write-test', type: tag },
  });

  it('commits all three with the write, and none of them when the write is rolled back', async () => {
    await t.database.transaction((tx) => recordWrite({ live }, tx, who, record('committed')));
    await expect(
      t.database.transaction(async (tx) => {
        await recordWrite({ live }, tx, who, record('rolled-back'));
        throw new Error('refused after recording');
      }),
    ).rejects.toThrow('refused after recording');

    for (let i = 0; i < 100 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300)); // time for a wrongly delivered event to arrive

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'write_test'));
    expect(
      audits.map((a) => ({ entityId: a.entityId, facilityId: a.facilityId, actorId: a.actorId, actorUsername: a.actorUsername, ip: a.ip, action: a.action })),
    ).toEqual([
      { entityId: 'committed', facilityId: who.facilityId, actorId: who.accountId, actorUsername: who.username, ip: '10.9.8.7', action: 'TEST_WRITE' },
    ]);
    expect(await sqlRows<{ tag: string }>(t, sql`SELECT tag FROM write_test_log`)).toEqual([{ tag: 'committed' }]);
    expect(seen.map((e) => [e.facilityId, e.type])).toEqual([[who.facilityId, 'committed']]);
  });

  it('writes only the audit row when the write has no log and no live event', async () => {
    await t.database.transaction((tx) => recordWrite({ live }, tx, who, { audit: { action: 'TEST_AUDIT_ONLY', entity: 'write_test_2' } }));
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'write_test_2'));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorId).toBe(who.accountId);
  });
});
