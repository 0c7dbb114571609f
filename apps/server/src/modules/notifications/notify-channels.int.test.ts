import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_CHANNELS_PATH, NOTIFY_KEY_MISSING } from '@portal/shared/contracts/notify-channels.contract';
import { SMS_PATH } from '@portal/shared/contracts/sms.contract';
import type { AppContext } from '../../core/context';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { type FakeProviders, startFakeProviders } from '../notify/channels/fake-providers';
import { sendBatch } from '../sms/sms.job';
import { facilityChannels } from './channels';

/**
 * The channels' providers (issue 17): listed per authority, saved per provider with their secrets sealed under
 * NOTIFY_SECRET_KEY (refused without it), never sent back; a test message through the channel; the SMS module and
 * the delivery's resolver sending through what the facility chose.
 */
let keyed: TestApp;
let keyless: TestApp;
let fake: FakeProviders;
const tok: Record<string, string> = {};
let fid: number;
let otherFid: number;

const call = (app: TestApp, method: 'GET' | 'PUT' | 'POST', url: string, token: string | null, payload?: unknown) =>
  app.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload !== undefined ? { payload: payload as never } : {}) });
const ctxOf = (app: TestApp) => ({ config: app.config, database: app.database }) as unknown as AppContext;
const ESMS = { provider: 'ESMS', settings: { brandname: 'BV_ANPHUC' }, secrets: { apiKey: 'KEY', secretKey: 'SECRET' } };

beforeAll(async () => {
  fake = await startFakeProviders({ esms: { apiKey: 'KEY', secretKey: 'SECRET', balance: 777_000 } });
  keyed = await createTestApp({ NOTIFY_SECRET_KEY: randomBytes(32).toString('base64'), ESMS_BASE_URL: `${fake.url}/esms` });
  keyless = await createTestApp();
  const f = await makeFacility(keyed, [
    { key: 'sms', authorities: ['MANAGER_SMS'] },
    { key: 'push', authorities: ['MANAGER_NOTIFICATION'] },
    { key: 'desk', authorities: ['MANAGER_APPOINTMENT'] },
  ]);
  fid = f.facilityId;
  const other = await makeFacility(keyed, [{ key: 'sms', authorities: ['MANAGER_SMS'] }]);
  otherFid = other.facilityId;
  const g = await makeFacility(keyless, [{ key: 'sms', authorities: ['MANAGER_SMS'] }]);
  tok.sms = (await login(keyed, f.accounts.sms!)).loginToken;
  tok.push = (await login(keyed, f.accounts.push!)).loginToken;
  tok.desk = (await login(keyed, f.accounts.desk!)).loginToken;
  tok.other = (await login(keyed, other.accounts.sms!)).loginToken;
  tok.keyless = (await login(keyless, g.accounts.sms!)).loginToken;
});
afterAll(async () => {
  await keyed?.close();
  await keyless?.close();
  await fake?.close();
});

describe('listing', () => {
  it('each authority sees its channels, RECORD by default; 401 without a token, 403 without either authority', async () => {
    const sms = (await call(keyed, 'GET', NOTIFY_CHANNELS_PATH, tok.sms!)).json().data;
    expect(sms.map((c: { channel: string; provider: string }) => [c.channel, c.provider])).toEqual([['SMS', 'RECORD']]);
    const push = (await call(keyed, 'GET', NOTIFY_CHANNELS_PATH, tok.push!)).json().data;
    expect(push.map((c: { channel: string }) => c.channel)).toEqual(['PUSH', 'WEBPUSH', 'ZALO']);
    expect(push[0]).toMatchObject({ provider: 'RECORD', secretsSet: [], keyConfigured: true, lastTest: null });
    expect((await call(keyed, 'GET', NOTIFY_CHANNELS_PATH, null)).statusCode).toBe(401);
    expect((await call(keyed, 'GET', NOTIFY_CHANNELS_PATH, tok.desk!)).statusCode).toBe(403);
  });
});

describe('saving', () => {
  it('refuses a real provider without the server key (Vietnamese 400), but RECORD needs none', async () => {
    const res = await call(keyless, 'PUT', `${NOTIFY_CHANNELS_PATH}/SMS`, tok.keyless!, ESMS);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: NOTIFY_KEY_MISSING, errors: [{ field: 'provider', message: NOTIFY_KEY_MISSING }] });
    const rec = await call(keyless, 'PUT', `${NOTIFY_CHANNELS_PATH}/SMS`, tok.keyless!, { provider: 'RECORD' });
    expect(rec.statusCode).toBe(200);
    expect(rec.json().data).toMatchObject({ provider: 'RECORD', keyConfigured: false });
  });

  it('validates per provider, names the fields, refuses a provider of another channel', async () => {
    const bad = await call(keyed, 'PUT', `${NOTIFY_CHANNELS_PATH}/SMS`, tok.sms!, {
      provider: 'ESMS',
      settings: { brandname: 'Bệnh viện An Phúc' },
      secrets: {},
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(['settings.brandname', 'secrets.apiKey', 'secrets.secretKey']);
    const wrong = await call(keyed, 'PUT', `${NOTIFY_CHANNELS_PATH}/SMS`, tok.sms!, { provider: 'FCM' });
    expect(wrong.json().errors[0].field).toBe('provider');
    const web = await call(keyed, 'PUT', `${NOTIFY_CHANNELS_PATH}/WEBPUSH`, tok.push!, {
      provider: 'WEBPUSH',
      settings: { publicKey: 'abc', subject: 'ftp://x' },
      secrets: { privateKey: 'x' },
    });
    expect(web.json().errors.map((e: { field: string }) => e.field)).toEqual(['settings.publicKey', 'settings.subject', 'secrets.privateKey']);
    const fcm = await call(keyed, 'PUT', `${NOTIFY_CHANNELS_PATH}/PUSH`, tok.push!, { provider: 'FCM', secrets: { serviceAccount: '{"project_id":"x"}' } });
    expect(fcm.json().errors[0]).toEqual({ field: 'secrets.serviceAccount', message: 'Tệp khóa cần có project_id, client_email và private_key' });
    expect((await call(keyed, 'PUT', `${NOTIFY_CHANNELS_PATH}/FAX`, tok.sms!, { provider: 'RECORD' })).statusCode).toBe(400);
  });

  it('needs MANAGER_SMS for SMS and MANAGER_NOTIFICATION for the others', async () => {
    expect((await call(keyed, 'PUT', `${NOTIFY_CHANNELS_PATH}/SMS`, tok.push!, ESMS)).statusCode).toBe(403);
    expect((await call(keyed, 'PUT', `${NOTIFY_CHANNELS_PATH}/ZALO`, tok.sms!, { provider: 'RECORD' })).statusCode).toBe(403);
    expect((await call(keyed, 'POST', `${NOTIFY_CHANNELS_PATH}/PUSH/test`, tok.sms!, { to: 'x' })).statusCode).toBe(403);
    expect((await call(keyed, 'PUT', `${NOTIFY_CHANNELS_PATH}/SMS`, null, ESMS)).statusCode).toBe(401);
  });

  it('seals the secrets, shows only which are set, keeps them when left empty, audits without them', async () => {
    const saved = await call(keyed, 'PUT', `${NOTIFY_CHANNELS_PATH}/SMS`, tok.sms!, ESMS);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ provider: 'ESMS', settings: { brandname: 'BV_ANPHUC' }, secretsSet: ['apiKey', 'secretKey'] });
    expect(saved.body).not.toContain('SECRET');
    const [row] = await sqlRows<{ secrets: string }>(keyed, sql`SELECT secrets FROM notify_channel_settings WHERE facility_id = ${fid} AND channel = 'SMS'`);
    expect(row!.secrets).not.toContain('SECRET');
    // the brandname changes, the secrets are not typed again
    const again = await call(keyed, 'PUT', `${NOTIFY_CHANNELS_PATH}/SMS`, tok.sms!, {
      provider: 'ESMS',
      settings: { brandname: 'BV_AP' },
      secrets: { apiKey: '' },
    });
    expect(again.json().data).toMatchObject({ settings: { brandname: 'BV_AP' }, secretsSet: ['apiKey', 'secretKey'] });
    const audits = await sqlRows<{ after: unknown }>(
      keyed,
      sql`SELECT after FROM audit_log WHERE facility_id = ${fid} AND action = 'NOTIFY_CHANNEL_SAVED' ORDER BY id`,
    );
    expect(audits).toHaveLength(2);
    expect(JSON.stringify(audits)).not.toContain('SECRET');
    expect(audits[1]!.after).toMatchObject({ provider: 'ESMS', secretsChanged: [] });
    // another facility still records
    const other = (await call(keyed, 'GET', NOTIFY_CHANNELS_PATH, tok.other!)).json().data;
    expect(other[0].provider).toBe('RECORD');
    expect((await facilityChannels(ctxOf(keyed), otherFid)).recording.sms).toBe(true);
  });

  it('the SMS module and the resolver send through the facility’s eSMS; the balance is its account’s; back to RECORD records', async () => {
    fake.reset();
    const chans = await facilityChannels(ctxOf(keyed), fid);
    expect(chans.recording).toEqual({ push: true, webpush: true, zalo: true, sms: false });
    const b = (await call(keyed, 'POST', `${SMS_PATH}/batches`, tok.sms!, { content: 'Nhac lich kham', kind: 'CARE', phones: '0912345678' })).json().data;
    expect(b.provider).toBe('ESMS');
    await sendBatch(ctxOf(keyed), b.id);
    expect(fake.esmsSentTo().get('0912345678')).toBe(1);
    const bal = (await call(keyed, 'GET', `${SMS_PATH}/balance`, tok.sms!)).json().data;
    expect(bal).toMatchObject({ provider: 'ESMS', brandname: 'BV_AP', balance: 777_000 });
    await call(keyed, 'PUT', `${NOTIFY_CHANNELS_PATH}/SMS`, tok.sms!, { provider: 'RECORD' });
    expect((await facilityChannels(ctxOf(keyed), fid)).recording.sms).toBe(true);
  });
});

describe('test message', () => {
  it('records through RECORD; sends through eSMS and says what the provider answered; 400 on a bad recipient', async () => {
    const rec = await call(keyed, 'POST', `${NOTIFY_CHANNELS_PATH}/SMS/test`, tok.sms!, { to: '0912 345 678' });
    expect(rec.statusCode).toBe(200);
    expect(rec.json().data).toMatchObject({ ok: true, message: expect.stringContaining('Đã lưu tin thử trong hệ thống') });
    await call(keyed, 'PUT', `${NOTIFY_CHANNELS_PATH}/SMS`, tok.sms!, ESMS);
    fake.reset();
    const sent = await call(keyed, 'POST', `${NOTIFY_CHANNELS_PATH}/SMS/test`, tok.sms!, { to: '0987654321' });
    expect(sent.json().data).toMatchObject({ ok: true, message: 'Nhà cung cấp đã nhận tin thử' });
    expect(fake.esmsSentTo().get('0987654321')).toBe(1);
    const list = (await call(keyed, 'GET', NOTIFY_CHANNELS_PATH, tok.sms!)).json().data;
    expect(list[0].lastTest).toMatchObject({ ok: true, message: 'Nhà cung cấp đã nhận tin thử' });
    const bad = await call(keyed, 'POST', `${NOTIFY_CHANNELS_PATH}/SMS/test`, tok.sms!, { to: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('to');
    const web = await call(keyed, 'POST', `${NOTIFY_CHANNELS_PATH}/WEBPUSH/test`, tok.push!, { to: 'không phải JSON' });
    expect(web.statusCode).toBe(400);
    const push = await call(keyed, 'POST', `${NOTIFY_CHANNELS_PATH}/PUSH/test`, tok.push!, { to: 'fcm-token-1' });
    expect(push.json().data.ok).toBe(true);
    await call(keyed, 'PUT', `${NOTIFY_CHANNELS_PATH}/SMS`, tok.sms!, { provider: 'RECORD' });
  });
});
