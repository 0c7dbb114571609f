import { todayVn, vnWallClockToMs } from '@portal/shared/rules/time';
import { generateKeyPairSync } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../core/context';
import { createTestApp, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { EsmsChannel, FcmChannel, RecordChannel, ZaloZnsChannel } from '../notify/channels';
import { type FakeProviders, startFakeProviders } from '../notify/channels/fake-providers';
import { makePatients } from '../patients/patients.fixtures';
import type { FacilityChannels } from './channels';
import { deliverDue, NOTIFY_MAX_TRIES } from './delivery';
import { CAPPED_REASON, OPTED_OUT_REASON } from './delivery.route';
import { notifyEvent } from './events.notify';

/**
 * The `notify.send` job's body against the fake providers (issue 17): each message through the first channel of its
 * order that reaches the account, the fallbacks (a gone device, a phone without Zalo), the waits (a provider down,
 * an advertisement at night), the advertising choices and cap, campaigns finished, nothing sent twice.
 */
let t: TestApp;
let fake: FakeProviders;
let fid: number;
const TOKEN = 'k3y-0f-the-callback-0123456789';
const ZALO_APP = { appId: '1234567890', appSecret: 'app-secret', refreshToken: 'zalo-refresh-0' };
const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const ctx = () => ({ config: t.config, database: t.database }) as unknown as AppContext;

function providers(): FacilityChannels {
  return {
    push: new FcmChannel({
      serviceAccount: {
        project_id: 'bv-demo',
        client_email: 'fcm@bv-demo.iam.gserviceaccount.com',
        private_key: keys.privateKey,
        token_uri: `${fake.url}/google/token`,
      },
      baseUrl: `${fake.url}/fcm`,
      timeoutMs: 500,
    }),
    webpush: new RecordChannel('WEBPUSH'),
    zalo: new ZaloZnsChannel({
      ...ZALO_APP,
      oaSecretKey: 'oa-secret',
      tokens: { refreshToken: fake.zaloRefreshToken() },
      baseUrl: `${fake.url}/zalo`,
      oauthBaseUrl: `${fake.url}/zalo-oauth`,
      timeoutMs: 500,
    }),
    sms: new EsmsChannel({ apiKey: 'KEY', secretKey: 'SECRET', brandname: 'BV_DEMO', baseUrl: `${fake.url}/esms`, timeoutMs: 500 }),
    recording: { push: false, webpush: true, zalo: false, sms: false },
  };
}
const recording = (): FacilityChannels => ({
  push: new RecordChannel('FCM'),
  webpush: new RecordChannel('WEBPUSH'),
  zalo: new RecordChannel('ZALO_ZNS'),
  sms: new RecordChannel('SMS'),
  recording: { push: true, webpush: true, zalo: true, sms: true },
});

type Row = { id: number; userId: number; status: string; channel: string | null; error: string | null; errorCode: string | null; attempts: number };
const message = async (id: number) =>
  (
    await sqlRows<Row>(
      t,
      sql`SELECT id::int AS id, user_id AS "userId", status, channel, error, error_code AS "errorCode", attempts FROM notifications WHERE id = ${id}`,
    )
  )[0]!;
async function insert(userId: number, extra: { kind?: string; groupId?: number; event?: string; notBefore?: Date } = {}): Promise<number> {
  const [r] = await sqlRows<{ id: number }>(
    t,
    sql`INSERT INTO notifications (facility_id, user_id, group_id, event, event_ref, title, body, kind, not_before)
        VALUES (${fid}, ${userId}, ${extra.groupId ?? null}, ${extra.event ?? null}, ${extra.event ? `ref-${userId}-${Math.random()}` : null},
                'Khám sức khỏe', 'Bệnh viện mời bạn khám sức khỏe định kỳ', ${extra.kind ?? 'CARE'}, ${(extra.notBefore ?? new Date(Date.now() - 1000)).toISOString()}::timestamptz)
        RETURNING id::int AS id`,
  );
  return r!.id;
}
const addDevice = (userId: number, token: string, platform = 'ANDROID') =>
  t.database.db.execute(sql`INSERT INTO patient_devices (facility_id, user_id, platform, token) VALUES (${fid}, ${userId}, ${platform}, ${token})`);
const zaloEvent = (channels: string[], template: string | null = '2056446') =>
  t.database.db.execute(
    sql`INSERT INTO notification_events (facility_id, event, enabled, title, template, channels, zalo_template_id)
        VALUES (${fid}, 'BOOKING_ACCEPTED', true, 'Lịch khám được xác nhận', 'Lịch {{ma_lich}} đã xác nhận', ${sql.param(channels)}::text[], ${template})
        ON CONFLICT (facility_id, event) DO UPDATE SET channels = excluded.channels, zalo_template_id = excluded.zalo_template_id, enabled = true`,
  );

let users: number[];
beforeAll(async () => {
  t = await createTestApp({ SMS_CALLBACK_TOKEN: TOKEN });
  fake = await startFakeProviders({ googlePublicKey: keys.publicKey, esms: { apiKey: 'KEY', secretKey: 'SECRET' }, zalo: ZALO_APP, retryAfterSeconds: 60 });
  fid = (await makeFacility(t, [])).facilityId;
  const made = await makePatients(
    t.database.db,
    fid,
    Array.from({ length: 12 }, (_, i) => ({
      phone: `09123450${String(i).padStart(2, '0')}`,
      profiles: [{ fullName: `Bệnh nhân ${i}`, birthDate: '1990-01-01' }],
    })),
  );
  users = made.map((m) => m.userId);
});
afterAll(async () => {
  await fake.close();
  await t.close();
});
beforeEach(async () => {
  fake.reset();
  await t.database.db.execute(sql`DELETE FROM notifications WHERE facility_id = ${fid}`);
  await t.database.db.execute(sql`DELETE FROM patient_devices WHERE facility_id = ${fid}`);
  await t.database.db.execute(sql`DELETE FROM patient_notify_prefs WHERE facility_id = ${fid}`);
  await t.database.db.execute(sql`DELETE FROM notification_events WHERE facility_id = ${fid}`);
});

describe('notify.send: the route of each message', () => {
  it('pushes to the account’s devices; without a device, an event falls back to SMS and a campaign stays in the inbox', async () => {
    const [a, b, c] = users;
    await addDevice(a!, 'tok-a1');
    await addDevice(a!, 'tok-a2');
    const push = await insert(a!, { event: 'BOOKING_ACCEPTED' });
    const sms = await insert(b!, { event: 'BOOKING_ACCEPTED' });
    const inbox = await insert(c!);
    const totals = await deliverDue(ctx(), fid, { channels: providers() });
    expect(totals).toEqual({ sent: 3, waiting: 0, failed: 0, skipped: 0 });
    expect(await message(push)).toMatchObject({ status: 'SENT', channel: 'PUSH', attempts: 1 });
    expect(await message(sms)).toMatchObject({ status: 'SENT', channel: 'SMS' });
    expect(await message(inbox)).toMatchObject({ status: 'DELIVERED', channel: 'INBOX' });
    expect(fake.of('fcm').map((r) => r.recipient)).toEqual(expect.arrayContaining(['tok-a1', 'tok-a2']));
    // Zalo has no registered template by default: not tried
    expect(fake.of('zalo')).toHaveLength(0);
    expect(fake.of('esms').map((r) => r.recipient)).toEqual([`0912345001`]);
    // run again: nothing is sent twice
    await deliverDue(ctx(), fid, { channels: providers() });
    expect(fake.of('fcm')).toHaveLength(2);
    expect(fake.of('esms')).toHaveLength(1);
  });

  it('Zalo first when the event has a template; a phone without Zalo falls back to SMS', async () => {
    const [, b, c] = users;
    await zaloEvent(['ZALO', 'SMS']);
    fake.failRecipient('zalo', '84912345002', 'invalidRecipient');
    const viaZalo = await insert(b!, { event: 'BOOKING_ACCEPTED' });
    const fallback = await insert(c!, { event: 'BOOKING_ACCEPTED' });
    await deliverDue(ctx(), fid, { channels: providers() });
    expect(await message(viaZalo)).toMatchObject({ status: 'SENT', channel: 'ZALO' });
    expect(await message(fallback)).toMatchObject({ status: 'SENT', channel: 'SMS' });
    expect(fake.of('esms').map((r) => r.recipient)).toEqual(['0912345002']);
  });

  it('a device the provider says is gone is forgotten and the event goes on to the next channel', async () => {
    const [a] = users;
    await addDevice(a!, 'tok-gone');
    fake.failRecipient('fcm', 'tok-gone', 'invalidRecipient');
    const id = await insert(a!, { event: 'BOOKING_ACCEPTED' });
    await deliverDue(ctx(), fid, { channels: providers() });
    expect(await message(id)).toMatchObject({ status: 'SENT', channel: 'SMS' });
    expect(await sqlRows(t, sql`SELECT 1 FROM patient_devices WHERE facility_id = ${fid}`)).toHaveLength(0);
  });

  it('a campaign message whose only device is gone stays in the inbox, with the provider’s reason', async () => {
    const [a] = users;
    await addDevice(a!, 'tok-gone');
    fake.failRecipient('fcm', 'tok-gone', 'invalidRecipient');
    const id = await insert(a!);
    await deliverDue(ctx(), fid, { channels: providers() });
    expect(await message(id)).toMatchObject({ status: 'FAILED' });
    expect((await message(id)).error).toBeTruthy();
  });

  it('a provider that is down never loses a message: it waits queued, with the reason, and is tried again later', async () => {
    const [a] = users;
    await addDevice(a!, 'tok-a');
    fake.failNext('fcm', 1, 'http503');
    const id = await insert(a!);
    const totals = await deliverDue(ctx(), fid, { channels: providers() });
    expect(totals.waiting).toBe(1);
    const m = await message(id);
    expect(m).toMatchObject({ status: 'QUEUED', attempts: 1 });
    expect(m.error).toBeTruthy();
    // the next run is queued for when it waits
    const [job] = await sqlRows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM background_jobs WHERE name = 'notify.send' AND facility_id = ${fid} AND run_at > now()`,
    );
    expect(job!.n).toBeGreaterThan(0);
    // once due, it goes
    await t.database.db.execute(sql`UPDATE notifications SET not_before = now() - interval '1 second' WHERE id = ${id}`);
    await deliverDue(ctx(), fid, { channels: providers() });
    expect(await message(id)).toMatchObject({ status: 'SENT', attempts: 2 });
  });

  it('gives up after the last try', async () => {
    const [a] = users;
    await addDevice(a!, 'tok-a');
    const id = await insert(a!);
    await t.database.db.execute(sql`UPDATE notifications SET attempts = ${NOTIFY_MAX_TRIES - 1} WHERE id = ${id}`);
    fake.failNext('fcm', 5, 'http500');
    await deliverDue(ctx(), fid, { channels: providers() });
    const m = await message(id);
    expect(m.status).toBe('FAILED');
    expect(m.error).toContain(`đã thử ${NOTIFY_MAX_TRIES} lần`);
  });

  it('a message left SENDING by a job that died is taken again after the lease', async () => {
    const [a] = users;
    const id = await insert(a!);
    await t.database.db.execute(sql`UPDATE notifications SET status = 'SENDING', attempts = 1, sending_since = now() - interval '1 hour' WHERE id = ${id}`);
    await deliverDue(ctx(), fid, { channels: recording() });
    expect(await message(id)).toMatchObject({ status: 'DELIVERED', attempts: 2 });
  });
});

describe('delivery reports', () => {
  it('eSMS’s report of an event sent by SMS moves the notification to delivered or failed, never back', async () => {
    const [a, b] = users;
    const one = await insert(a!, { event: 'BOOKING_ACCEPTED' });
    const two = await insert(b!, { event: 'BOOKING_ACCEPTED' });
    await deliverDue(ctx(), fid, { channels: providers() });
    expect(fake.of('esms').map((r) => (r.body as { RequestId: string }).RequestId)).toEqual([`n${one}`, `n${two}`]);
    const hook = async (q: string) => (await t.app.inject({ method: 'GET', url: `/api/notify/v1/webhooks/esms?token=${TOKEN}&${q}` })).json().data;
    expect(await hook(`SMSID=x1&RequestId=n${one}&SendStatus=5&SendSuccess=1`)).toEqual({ updated: 1 });
    expect(await hook(`SMSID=x2&RequestId=n${two}&SendStatus=5&SendSuccess=0`)).toEqual({ updated: 1 });
    expect(await message(one)).toMatchObject({ status: 'DELIVERED', channel: 'SMS' });
    expect((await message(two)).status).toBe('FAILED');
    // a repeated report changes nothing
    expect(await hook(`SMSID=x1&RequestId=n${one}&SendStatus=5&SendSuccess=1`)).toEqual({ updated: 0 });
  });
});

describe('notify.send: advertising (Nghị định 91/2020)', () => {
  it('skips a patient who refused advertising on the channel, and one who got an advertisement in the last 24 hours', async () => {
    const [a, b, c] = users;
    await t.database.db.execute(sql`INSERT INTO patient_notify_prefs (facility_id, user_id, channel, advertising) VALUES (${fid}, ${a!}, 'PUSH', false)`);
    const refused = await insert(a!, { kind: 'ADVERTISING' });
    const earlier = await insert(b!, { kind: 'ADVERTISING' });
    await t.database.db.execute(sql`UPDATE notifications SET status = 'DELIVERED', sent_at = now() - interval '3 hours' WHERE id = ${earlier}`);
    const capped = await insert(b!, { kind: 'ADVERTISING' });
    const care = await insert(b!);
    const allowed = await insert(c!, { kind: 'ADVERTISING' });
    const twice = await insert(c!, { kind: 'ADVERTISING' });
    const noon = new Date('2026-11-26T05:00:00Z');
    await deliverDue(ctx(), fid, { channels: recording(), now: () => noon });
    expect(await message(refused)).toMatchObject({ status: 'SKIPPED', error: OPTED_OUT_REASON });
    expect(await message(capped)).toMatchObject({ status: 'SKIPPED', error: CAPPED_REASON });
    expect(await message(care)).toMatchObject({ status: 'DELIVERED' });
    expect(await message(allowed)).toMatchObject({ status: 'DELIVERED' });
    // two advertisements to one account in the same run: the second waits for tomorrow's cap, it is skipped
    expect(await message(twice)).toMatchObject({ status: 'SKIPPED', error: CAPPED_REASON });
  });

  it('an advertisement taken at night waits for 07:00 (+07:00)', async () => {
    const [a] = users;
    const id = await insert(a!, { kind: 'ADVERTISING' });
    // the coming night (23:30 in Vietnam, tomorrow's if tonight's is past): the wait it sets must lie ahead of the
    // real clock too, or the database (whose now() is real) would find the message due again at once
    const [y, m, d] = todayVn().split('-').map(Number) as [number, number, number];
    let nightMs = vnWallClockToMs(y, m, d, 23, 30);
    if (nightMs <= Date.now()) nightMs += 86_400_000;
    const night = new Date(nightMs);
    const totals = await deliverDue(ctx(), fid, { channels: recording(), now: () => night });
    expect(totals.waiting).toBe(1);
    const [r] = await sqlRows<{ status: string; nb: string }>(
      t,
      sql`SELECT status, to_char(not_before AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS nb FROM notifications WHERE id = ${id}`,
    );
    // 07:00 in Vietnam the next morning = 00:00 UTC of the day after the night's
    const morning = new Date(nightMs + 7.5 * 3_600_000).toISOString().slice(0, 16);
    expect(r).toEqual({ status: 'QUEUED', nb: morning });
    expect((await message(id)).attempts).toBe(0);
  });
});

describe('notify.send: campaigns', () => {
  async function group(status = 'SENDING'): Promise<number> {
    const [g] = await sqlRows<{ id: number }>(
      t,
      sql`INSERT INTO notification_groups (facility_id, title, content, audience, status, recipients) VALUES (${fid}, 'Tiêm chủng', 'Lịch tiêm chủng tháng 12', '{"all":true}'::jsonb, ${status}, 1) RETURNING id`,
    );
    return g!.id;
  }
  const groupStatus = async (id: number) =>
    (await sqlRows<{ status: string; error: string | null }>(t, sql`SELECT status, error FROM notification_groups WHERE id = ${id}`))[0];

  it('is SENT once nothing is left to send; FAILED when every message failed; stays SENDING while one waits', async () => {
    const [a, b, c] = users;
    const sentGroup = await group();
    await insert(a!, { groupId: sentGroup });
    await insert(b!, { groupId: sentGroup });
    const failedGroup = await group();
    await addDevice(c!, 'tok-gone');
    fake.failRecipient('fcm', 'tok-gone', 'invalidRecipient');
    await insert(c!, { groupId: failedGroup });
    const waitingGroup = await group();
    await insert(users[3]!, { groupId: waitingGroup, notBefore: new Date(Date.now() + 3_600_000) });
    await deliverDue(ctx(), fid, { channels: providers() });
    expect(await groupStatus(sentGroup)).toEqual({ status: 'SENT', error: null });
    expect(await groupStatus(failedGroup)).toEqual({ status: 'FAILED', error: 'Không gửi được tới bệnh nhân nào' });
    expect((await groupStatus(waitingGroup))!.status).toBe('SENDING');
  });
});

describe('notifyEvent', () => {
  const values = {
    ho_ten: 'Nguyễn Văn An',
    ma_lich: 'DK261127000001',
    ngay_kham: '27/11/2026',
    gio_kham: '08:30',
    khoa: 'Nội',
    phong: 'Phòng 204',
    goi_y: 'Vui lòng đến trước 08:15',
  };

  it('writes the rendered message once per ref, queued for sending', async () => {
    const [a] = users;
    expect(await notifyEvent(t.database.db, fid, 'BOOKING_ACCEPTED', { userId: a!, ref: '42', values })).toBe(true);
    expect(await notifyEvent(t.database.db, fid, 'BOOKING_ACCEPTED', { userId: a!, ref: '42', values })).toBe(false);
    const list = await sqlRows<{ body: string; status: string; title: string }>(
      t,
      sql`SELECT body, status, title FROM notifications WHERE facility_id = ${fid}`,
    );
    expect(list).toEqual([
      {
        title: 'Lịch khám được xác nhận',
        status: 'QUEUED',
        body: 'Đã xác nhận lịch khám DK261127000001 của Nguyễn Văn An: 08:30 ngày 27/11/2026, Nội, Phòng 204. Vui lòng đến trước 08:15.',
      },
    ]);
  });

  it('a transaction raising the event for many bookings (a bulk accept) queues the delivery job once', async () => {
    const jobs = async () =>
      (await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM background_jobs WHERE name = 'notify.send' AND facility_id = ${fid}`))[0]!.n;
    const before = await jobs();
    await t.database.transaction(async (tx) => {
      for (const [i, u] of users.slice(0, 5).entries())
        expect(await notifyEvent(tx, fid, 'BOOKING_ACCEPTED', { userId: u, ref: `bulk-${i}`, values })).toBe(true);
    });
    expect(await jobs()).toBe(before + 1);
    expect(await sqlRows(t, sql`SELECT 1 FROM notifications WHERE facility_id = ${fid} AND event_ref LIKE 'bulk-%'`)).toHaveLength(5);
    // outside a transaction nothing is remembered: each call queues
    await notifyEvent(t.database.db, fid, 'BOOKING_ACCEPTED', { userId: users[5]!, ref: 'solo-1', values });
    await notifyEvent(t.database.db, fid, 'BOOKING_ACCEPTED', { userId: users[6]!, ref: 'solo-2', values });
    expect(await jobs()).toBe(before + 3);
  });

  it('writes nothing when the event is off; keeps a FAILED message naming a missing value', async () => {
    const [a] = users;
    await zaloEvent(['PUSH']);
    await t.database.db.execute(sql`UPDATE notification_events SET enabled = false WHERE facility_id = ${fid}`);
    expect(await notifyEvent(t.database.db, fid, 'BOOKING_ACCEPTED', { userId: a!, ref: '1', values })).toBe(false);
    expect(await sqlRows(t, sql`SELECT 1 FROM notifications WHERE facility_id = ${fid}`)).toHaveLength(0);
    await t.database.db.execute(sql`UPDATE notification_events SET enabled = true WHERE facility_id = ${fid}`);
    expect(await notifyEvent(t.database.db, fid, 'BOOKING_ACCEPTED', { userId: a!, ref: '2', values: { ho_ten: 'An' } })).toBe(false);
    const [m] = await sqlRows<{ status: string; error: string }>(t, sql`SELECT status, error FROM notifications WHERE facility_id = ${fid}`);
    expect(m).toEqual({ status: 'FAILED', error: 'Thiếu giá trị cho biến {{ma_lich}}' });
  });
});
