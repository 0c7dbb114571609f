import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_PATH } from '@portal/shared/contracts/sms.contract';
import type { AppContext } from '../../core/context';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { type FakeProviders, startFakeProviders } from '../notify/channels/fake-providers';
import { makePatients } from '../patients/patients.fixtures';
import { SMS_OPTED_OUT, sendBatch } from './sms.job';

/**
 * SMS management through the API (issue 17): composing a batch (numbers read as pasted, the text counted
 * in parts, an advertising text labelled and held to 07:00–22:00), the job that sends it through the
 * recording channel and through eSMS (the fake provider, with its failures), the log of each recipient.
 */
let t: TestApp;
let esms: TestApp;
let fake: FakeProviders;
const tok: Record<string, string> = {};

const post = (app: TestApp, token: string | null, payload: unknown) =>
  app.app.inject({ method: 'POST', url: `${SMS_PATH}/batches`, headers: token ? bearer(token) : {}, payload: payload as never });
const get = (app: TestApp, token: string | null, url: string) => app.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const ctxOf = (app: TestApp) => ({ config: app.config, database: app.database }) as unknown as AppContext;
const countRows = async (app: TestApp, fid: number) =>
  (
    await sqlRows<{ b: number; m: number }>(
      app,
      sql`SELECT (SELECT count(*) FROM sms_batches WHERE facility_id = ${fid})::int AS b, (SELECT count(*) FROM sms_messages WHERE facility_id = ${fid})::int AS m`,
    )
  )[0]!;

const TOKEN = 'k3y-0f-the-callback-0123456789';
let fid: number;
let esmsFid: number;
beforeAll(async () => {
  t = await createTestApp();
  const f = await makeFacility(t, [
    { key: 'sms', authorities: ['MANAGER_SMS'] },
    { key: 'desk', authorities: ['MANAGER_APPOINTMENT'] },
  ]);
  const other = await makeFacility(t, [{ key: 'sms', authorities: ['MANAGER_SMS'] }]);
  fid = f.facilityId;
  tok.sms = (await login(t, f.accounts.sms!)).loginToken;
  tok.desk = (await login(t, f.accounts.desk!)).loginToken;
  tok.other = (await login(t, other.accounts.sms!)).loginToken;

  fake = await startFakeProviders({ esms: { apiKey: 'KEY', secretKey: 'SECRET', balance: 1_234_000 } });
  esms = await createTestApp({
    SMS_PROVIDER: 'ESMS',
    ESMS_API_KEY: 'KEY',
    ESMS_SECRET_KEY: 'SECRET',
    SMS_BRANDNAME: 'BV_ANPHUC',
    ESMS_BASE_URL: `${fake.url}/esms`,
    PUBLIC_URL: 'https://portal.benhvien.test',
    SMS_CALLBACK_TOKEN: TOKEN,
  });
  const e = await makeFacility(esms, [{ key: 'sms', authorities: ['MANAGER_SMS'] }]);
  esmsFid = e.facilityId;
  tok.esms = (await login(esms, e.accounts.sms!)).loginToken;
});
afterAll(async () => {
  await t.close();
  await esms.close();
  await fake.close();
});

describe('composing a batch', () => {
  it('401 without a token, 403 without MANAGER_SMS', async () => {
    const body = { content: 'Nhắc lịch', kind: 'CARE', phones: '0912345678' };
    expect((await post(t, null, body)).statusCode).toBe(401);
    expect((await post(t, tok.desk!, body)).statusCode).toBe(403);
    expect((await get(t, tok.desk!, `${SMS_PATH}/batches`)).statusCode).toBe(403);
  });

  it('names each invalid number with its line and queues nothing', async () => {
    const before = await countRows(t, fid);
    const res = await post(t, tok.sms!, { content: 'Nhắc lịch khám', kind: 'CARE', phones: '0912345678\n0212345678\n\nabc, 0987654321' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toContain('2 số điện thoại không hợp lệ');
    expect(body.errors.map((e: { message: string }) => e.message)).toEqual([
      expect.stringMatching(/^Dòng 2: "0212345678"/),
      expect.stringMatching(/^Dòng 4: "abc"/),
    ]);
    expect(await countRows(t, fid)).toEqual(before);
  });

  it.each([
    ['no number', { content: 'Nhắc lịch', kind: 'CARE', phones: '  ' }, 'ít nhất một số'],
    ['an empty text', { content: '   ', kind: 'CARE', phones: '0912345678' }, 'nội dung'],
    ['an unknown kind', { content: 'Nhắc lịch', kind: 'SPAM', phones: '0912345678' }, 'Loại tin nhắn'],
    ['a text past 6 parts (with diacritics: 67 a part)', { content: 'ệ'.repeat(67 * 6 + 1), kind: 'CARE', phones: '0912345678' }, '7 phần'],
  ])('400 for %s', async (_name, payload, text) => {
    const before = await countRows(t, fid);
    const res = await post(t, tok.sms!, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json())).toContain(text);
    expect(await countRows(t, fid)).toEqual(before);
  });

  it('queues a care batch once per number, counts its parts and cost, and the recording channel delivers it', async () => {
    const res = await post(t, tok.sms!, {
      content: 'Bệnh viện nhắc lịch khám ngày mai lúc 07:30',
      kind: 'CARE',
      phones: '+84 912 345 678\n0912345678; 84987654321',
      removeDiacritics: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json().data;
    expect(b).toMatchObject({
      content: 'Benh vien nhac lich kham ngay mai luc 07:30',
      kind: 'CARE',
      encoding: 'GSM-7',
      parts: 1,
      recipients: 2,
      cost: 2 * 800,
      provider: 'RECORD',
      status: 'SENDING',
      counts: { queued: 2, sent: 0, delivered: 0, failed: 0, skipped: 0 },
    });
    const [job] = await sqlRows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM background_jobs WHERE name = 'sms.send' AND payload->>'batchId' = ${String(b.id)}`,
    );
    expect(job!.n).toBe(1);
    const [audit] = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'SMS_SEND' AND entity_id = ${String(b.id)}`);
    expect(audit!.n).toBe(1);

    expect(await sendBatch(ctxOf(t), b.id)).toEqual({ sent: 2, waiting: 0 });
    // a second run (a retried job) sends nothing again
    expect(await sendBatch(ctxOf(t), b.id)).toEqual({ sent: 0, waiting: 0 });
    const after = (await get(t, tok.sms!, `${SMS_PATH}/batches/${b.id}`)).json().data;
    expect(after).toMatchObject({ status: 'DONE', counts: { queued: 0, delivered: 2 } });
    const msgs = (await get(t, tok.sms!, `${SMS_PATH}/batches/${b.id}/messages?status=DELIVERED`)).json();
    expect(msgs.totalElements).toBe(2);
    expect(msgs.data.map((m: { phone: string }) => m.phone)).toEqual(['0912345678', '0987654321']);
    expect(msgs.data[0]).toMatchObject({ status: 'DELIVERED', attempts: 1, error: null });
  });

  it('an advertising text gets "[QC]", waits for 07:00–22:00, and a number gets one in 24 hours', async () => {
    const res = await post(t, tok.sms!, { content: 'Ưu đãi khám sức khoẻ tháng 12', kind: 'ADVERTISING', phones: '0911111111\n0922222222' });
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json().data;
    expect(first.content.startsWith('[QC] ')).toBe(true);
    expect(first.encoding).toBe('UCS-2');
    // sent inside the window: both go
    const noon = () => new Date('2026-11-26T05:00:00Z'); // 12:00 +07:00
    await sendBatch(ctxOf(t), first.id, noon);
    const second = (await post(t, tok.sms!, { content: 'Ưu đãi khác', kind: 'ADVERTISING', phones: '0911111111\n0933333333' })).json().data;
    // at 23:00 +07:00 nothing goes: the job waits for 07:00
    await sendBatch(ctxOf(t), second.id, () => new Date('2026-11-26T16:00:00Z'));
    expect((await get(t, tok.sms!, `${SMS_PATH}/batches/${second.id}`)).json().data.counts.queued).toBe(2);
    // the batch's jobs: the one its creation queued (at the real now) and the one for 07:00 of the next morning
    const jobs = await sqlRows<{ run_at: Date }>(
      t,
      sql`SELECT run_at FROM background_jobs WHERE name = 'sms.send' AND payload->>'batchId' = ${String(second.id)} ORDER BY run_at`,
    );
    expect(jobs.map((j) => new Date(j.run_at).toISOString())).toContain('2026-11-27T00:00:00.000Z');
    // in the window: 0911111111 had one within 24 hours and is skipped
    await sendBatch(ctxOf(t), second.id, noon);
    const msgs = (await get(t, tok.sms!, `${SMS_PATH}/batches/${second.id}/messages`)).json().data;
    expect(msgs.map((m: { phone: string; status: string }) => [m.phone, m.status])).toEqual([
      ['0911111111', 'SKIPPED'],
      ['0933333333', 'DELIVERED'],
    ]);
  });

  it('skips the numbers of patients who refused advertising by SMS, not their care messages', async () => {
    const [u] = await sqlRows<{ id: number }>(
      t,
      sql`INSERT INTO patient_users (facility_id, name, phone) VALUES (${fid}, 'Trần Văn Từ Chối', '0944444444') RETURNING id`,
    );
    await t.database.db.execute(sql`INSERT INTO patient_notify_prefs (facility_id, user_id, channel, advertising) VALUES (${fid}, ${u!.id}, 'SMS', false)`);
    // a refusal of Zalo advertising changes nothing for SMS
    await t.database.db.execute(sql`INSERT INTO patient_notify_prefs (facility_id, user_id, channel, advertising) VALUES (${fid}, ${u!.id}, 'ZALO', false)`);
    const noon = () => new Date('2026-11-26T05:00:00Z');
    const ad = (await post(t, tok.sms!, { content: 'Ưu đãi tầm soát', kind: 'ADVERTISING', phones: '0944444444\n0955555555' })).json().data;
    await sendBatch(ctxOf(t), ad.id, noon);
    const msgs = (await get(t, tok.sms!, `${SMS_PATH}/batches/${ad.id}/messages`)).json().data;
    expect(msgs.map((m: { phone: string; status: string; error: string | null }) => [m.phone, m.status, m.error])).toEqual([
      ['0944444444', 'SKIPPED', SMS_OPTED_OUT],
      ['0955555555', 'DELIVERED', null],
    ]);
    const care = (await post(t, tok.sms!, { content: 'Nhắc lịch khám', kind: 'CARE', phones: '0944444444' })).json().data;
    await sendBatch(ctxOf(t), care.id, noon);
    expect((await get(t, tok.sms!, `${SMS_PATH}/batches/${care.id}/messages`)).json().data[0].status).toBe('DELIVERED');
  });

  it('takes a pasted list of 10,000 numbers (past the default body limit), not 10,001', async () => {
    const list = (k: number) => Array.from({ length: k }, (_, i) => `09${String(10_000_000 + i).slice(-8)}`).join('\n');
    const ok = await post(t, tok.sms!, { content: 'Nhac lich', kind: 'CARE', phones: list(10_000) });
    expect(ok.statusCode, ok.body.slice(0, 200)).toBe(200);
    expect(ok.json().data.recipients).toBe(10_000);
    const over = await post(t, tok.sms!, { content: 'Nhac lich', kind: 'CARE', phones: list(10_001) });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toContain('tối đa 10.000');
  });

  it('lists the facility’s batches newest first; another facility’s batch is a 404', async () => {
    const page = (await get(t, tok.sms!, `${SMS_PATH}/batches?page=0&size=2`)).json();
    expect(page.totalElements).toBeGreaterThanOrEqual(3);
    expect(page.data).toHaveLength(2);
    expect(page.data[0].id).toBeGreaterThan(page.data[1].id);
    expect((await get(t, tok.other!, `${SMS_PATH}/batches/${page.data[0].id}`)).statusCode).toBe(404);
    expect((await get(t, tok.other!, `${SMS_PATH}/batches/${page.data[0].id}/messages`)).statusCode).toBe(404);
    expect((await get(t, tok.sms!, `${SMS_PATH}/batches/abc`)).statusCode).toBe(400);
    expect((await get(t, tok.sms!, `${SMS_PATH}/batches/999999999`)).statusCode).toBe(404);
  });

  it('the balance names the provider (none for the recording channel)', async () => {
    const res = await get(t, tok.sms!, `${SMS_PATH}/balance`);
    expect(res.json().data).toMatchObject({ provider: 'RECORD', balance: null, pricePerPart: 800 });
    expect((await get(t, null, `${SMS_PATH}/balance`)).statusCode).toBe(401);
  });
});

describe('numbers of a notification group', () => {
  it('lists the facility’s groups and reads the numbers of a group’s audience now; 401, 403, 404 across facilities', async () => {
    const made = await makePatients(t.database.db, fid, [
      { phone: '0915000001', profiles: [{ fullName: 'Lê Thị Mai', birthDate: '1990-05-01', gender: 'FEMALE' }] },
      { phone: '0915000002', profiles: [{ fullName: 'Phạm Văn Nam', birthDate: '1988-02-11', gender: 'MALE' }] },
      { phone: null, profiles: [{ fullName: 'Đỗ Thị Hà', birthDate: '1992-09-09', gender: 'FEMALE' }] },
    ]);
    expect(made).toHaveLength(3);
    const [g] = await sqlRows<{ id: number }>(
      t,
      sql`INSERT INTO notification_groups (facility_id, title, content, audience) VALUES (${fid}, 'Khám phụ khoa', 'Mời chị khám', '{"gender":"FEMALE"}'::jsonb) RETURNING id`,
    );
    const list = await get(t, tok.sms!, `${SMS_PATH}/groups`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toMatchObject({ id: g!.id, title: 'Khám phụ khoa', status: 'DRAFT' });
    const phones = await get(t, tok.sms!, `${SMS_PATH}/groups/${g!.id}/phones`);
    expect(phones.statusCode).toBe(200);
    // women of the facility: one with a phone (besides other tests' patients, none of them women with phones)
    expect(phones.json().data.phones).toContain('0915000001');
    expect(phones.json().data.phones).not.toContain('0915000002');
    expect(phones.json().data.withoutPhone).toBeGreaterThanOrEqual(1);
    expect((await get(t, null, `${SMS_PATH}/groups`)).statusCode).toBe(401);
    expect((await get(t, tok.desk!, `${SMS_PATH}/groups/${g!.id}/phones`)).statusCode).toBe(403);
    expect((await get(t, tok.other!, `${SMS_PATH}/groups/${g!.id}/phones`)).statusCode).toBe(404);
    expect((await get(t, tok.sms!, `${SMS_PATH}/groups/abc/phones`)).statusCode).toBe(400);
    expect((await get(t, tok.other!, `${SMS_PATH}/groups`)).json().data).toEqual([]);
  });
});

describe('SMS templates (/api/his/v1/sms/templates)', () => {
  const P = `${SMS_PATH}/templates`;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });
  it('creates, lists and edits a template; a {{variable}} is refused; 401, 403, 404 across facilities', async () => {
    const body = { code: 'NHAC_LICH', name: 'Nhắc lịch khám', kind: 'CARE', content: 'Benh vien nhac ban co lich kham sang mai' };
    expect((await call('POST', P, null, body)).statusCode).toBe(401);
    expect((await call('POST', P, tok.desk!, body)).statusCode).toBe(403);
    const bad = await call('POST', P, tok.sms!, { ...body, content: 'Chao {{ho_ten}}, ban co lich kham' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('bỏ {{ho_ten}}');
    const created = await call('POST', P, tok.sms!, body);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    expect((await call('POST', P, tok.sms!, { ...body, code: 'nhac_lich' })).statusCode).toBe(409);
    const list = (await call('GET', `${P}?page=0&size=20&q=nhac`, tok.sms!)).json();
    expect(list.data.map((r: { code: string }) => r.code)).toEqual(['NHAC_LICH']);
    expect((await call('PUT', `${P}/${id}`, tok.sms!, { ...body, kind: 'ADVERTISING' })).json().data.kind).toBe('ADVERTISING');
    expect((await call('GET', `${P}/${id}`, tok.other!)).statusCode).toBe(404);
  });
});

describe('through eSMS (the fake provider)', () => {
  it('sends each number once; an invalid number fails alone; a provider that refuses for now keeps the rest queued', async () => {
    fake.reset();
    fake.failRecipient('esms', '0999999999', 'invalidRecipient');
    fake.failRecipient('esms', '0988888888', 'rateLimit');
    const b = (await post(esms, tok.esms!, { content: 'Nhac lich kham', kind: 'CARE', phones: '0912345678\n0999999999\n0988888888' })).json().data;
    expect(b.provider).toBe('ESMS');
    await expect(sendBatch(ctxOf(esms), b.id)).rejects.toThrow('chưa nhận 1 tin');
    let msgs = (await get(esms, tok.esms!, `${SMS_PATH}/batches/${b.id}/messages`)).json().data;
    expect(msgs.map((m: { phone: string; status: string }) => [m.phone, m.status])).toEqual([
      ['0912345678', 'SENT'],
      ['0999999999', 'FAILED'],
      ['0988888888', 'QUEUED'],
    ]);
    expect(msgs[1].error).toBeTruthy();
    // the provider takes it at the job's retry; the others are not sent again
    fake.reset();
    expect(await sendBatch(ctxOf(esms), b.id)).toEqual({ sent: 1, waiting: 0 });
    expect(fake.of('esms').map((r) => r.recipient)).toEqual(['0988888888']);
    msgs = (await get(esms, tok.esms!, `${SMS_PATH}/batches/${b.id}/messages?status=SENT`)).json().data;
    expect(msgs.map((m: { phone: string; attempts: number }) => [m.phone, m.attempts])).toEqual([
      ['0912345678', 1],
      ['0988888888', 2],
    ]);
    expect(esmsFid).toBeGreaterThan(0);
  });

  it('delivery reports: our token in the address given to eSMS; a wrong token is a 404; a final status moves the message', async () => {
    fake.reset();
    const b = (await post(esms, tok.esms!, { content: 'Nhac lich kham', kind: 'CARE', phones: '0912000001\n0912000002' })).json().data;
    await sendBatch(ctxOf(esms), b.id);
    expect((fake.of('esms')[0]!.body as { CallbackUrl: string }).CallbackUrl).toBe(
      `https://portal.benhvien.test/api/notify/v1/webhooks/esms?token=${encodeURIComponent(TOKEN)}`,
    );
    const sentRows = await sqlRows<{ id: number; provider_message_id: string }>(
      esms,
      sql`SELECT id::int AS id, provider_message_id FROM sms_messages WHERE batch_id = ${b.id} ORDER BY id`,
    );
    const hook = (q: string) => esms.app.inject({ method: 'GET', url: `/api/notify/v1/webhooks/esms?${q}` });
    const [one, two] = sentRows as [(typeof sentRows)[0], (typeof sentRows)[0]];
    expect((await hook(`token=wrong&SMSID=${one.provider_message_id}&SendStatus=5&SendSuccess=1`)).statusCode).toBe(404);
    expect((await hook(`SMSID=${one.provider_message_id}&SendStatus=5&SendSuccess=1`)).statusCode).toBe(404);
    // waiting at the telco: nothing changes
    expect((await hook(`token=${TOKEN}&SMSID=${one.provider_message_id}&SendStatus=7`)).json().data).toEqual({ updated: 0 });
    expect((await hook(`token=${TOKEN}&SMSID=${one.provider_message_id}&RequestId=${one.id}&SendStatus=5&SendSuccess=1`)).json().data).toEqual({ updated: 1 });
    expect((await hook(`token=${TOKEN}&SMSID=${two.provider_message_id}&RequestId=${two.id}&SendStatus=5&SendSuccess=0`)).json().data).toEqual({ updated: 1 });
    const msgs = (await get(esms, tok.esms!, `${SMS_PATH}/batches/${b.id}/messages`)).json().data;
    expect(msgs.map((m: { status: string }) => m.status)).toEqual(['DELIVERED', 'FAILED']);
    expect(msgs[1].error).toContain('Nhà mạng');
  });

  it('reports the balance eSMS gives', async () => {
    const res = await get(esms, tok.esms!, `${SMS_PATH}/balance`);
    expect(res.json().data).toMatchObject({ provider: 'ESMS', providerName: 'eSMS.vn', brandname: 'BV_ANPHUC', balance: 1_234_000 });
  });
});
