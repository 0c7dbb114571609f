import { NOTIFICATION_EVENTS } from '@portal/shared/rules/message-template';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_PATH } from '@portal/shared/contracts/notification-messages.contract';
import { todayVn } from '@portal/shared/rules/time';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { makePatient } from '../appointments/appointments.fixtures';
import { notifyEvent } from './events.notify';

/**
 * The messages sent to patients through the API (issue 17, /admin/thong-bao-day): the list with its filters, newest
 * first, each with its delivery; the totals per campaign and per event; one message pushed to one patient.
 */
let t: TestApp;
const tok: Record<string, string> = {};
let fid: number;
let otherFid: number;
let patient: Awaited<ReturnType<typeof makePatient>>;
let second: Awaited<ReturnType<typeof makePatient>>;
let foreign: Awaited<ReturnType<typeof makePatient>>;
let groupId: number;

const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });

beforeAll(async () => {
  t = await createTestApp();
  const f = await makeFacility(t, [
    { key: 'notify', authorities: ['MANAGER_NOTIFICATION'] },
    { key: 'sms', authorities: ['MANAGER_SMS'] },
    { key: 'users', authorities: ['MANAGER_NOTIFICATION', 'MANAGER_USER'] },
  ]);
  const g = await makeFacility(t, [{ key: 'notify', authorities: ['MANAGER_NOTIFICATION'] }]);
  fid = f.facilityId;
  otherFid = g.facilityId;
  tok.notify = (await login(t, f.accounts.notify!)).loginToken;
  tok.sms = (await login(t, f.accounts.sms!)).loginToken;
  tok.users = (await login(t, f.accounts.users!)).loginToken;
  tok.other = (await login(t, g.accounts.notify!)).loginToken;
  await t.database.transaction(async (tx) => {
    patient = await makePatient(tx, fid, 'Đặng Văn Lâm');
    second = await makePatient(tx, fid, 'Ngô Thị Hoa');
    foreign = await makePatient(tx, otherFid, 'Vũ Đức Anh');
    const [grp] = (
      (await tx.execute(
        sql`INSERT INTO notification_groups (facility_id, title, content, audience, status, recipients)
            VALUES (${fid}, 'Khám sức khoẻ miễn phí tháng 12', 'Nội dung', '{}'::jsonb, 'SENT', 2) RETURNING id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    groupId = grp!.id;
    await tx.execute(
      sql`INSERT INTO notifications (facility_id, user_id, group_id, title, body, status, channel, sent_at, delivered_at, read_at) VALUES
          (${fid}, ${patient.userId}, ${groupId}, 'Khám sức khoẻ miễn phí tháng 12', 'Nội dung', 'DELIVERED', 'PUSH', now(), now(), now()),
          (${fid}, ${second.userId}, ${groupId}, 'Khám sức khoẻ miễn phí tháng 12', 'Nội dung', 'FAILED', 'PUSH', now(), NULL, NULL)`,
    );
    await tx.execute(
      sql`UPDATE notifications SET error = 'Mã thiết bị không còn hiệu lực (UNREGISTERED)', error_code = 'UNREGISTERED' WHERE status = 'FAILED' AND facility_id = ${fid}`,
    );
    await tx.execute(
      sql`INSERT INTO notifications (facility_id, user_id, event, event_ref, title, body, status, channel, sent_at) VALUES
          (${fid}, ${second.userId}, 'BOOKING_ACCEPTED', 'booking:1', 'Lịch khám được xác nhận', 'Đã xác nhận', 'SENT', 'SMS', now()),
          (${otherFid}, ${foreign.userId}, 'BOOKING_ACCEPTED', 'booking:2', 'Lịch khám được xác nhận', 'Của cơ sở khác', 'SENT', 'SMS', now())`,
    );
  });
});
afterAll(() => t.close());

describe('the messages sent', () => {
  it('401 without a token, 403 without MANAGER_NOTIFICATION', async () => {
    for (const url of [NOTIFICATIONS_PATH, `${NOTIFICATIONS_PATH}/totals`, `${NOTIFICATIONS_PATH}/totals/events`]) {
      expect((await call('GET', url, null)).statusCode).toBe(401);
      expect((await call('GET', url, tok.sms!)).statusCode).toBe(403);
    }
    const body = { userId: patient.userId, title: 'A', body: 'B' };
    expect((await call('POST', `${NOTIFICATIONS_PATH}/push`, null, body)).statusCode).toBe(401);
    expect((await call('POST', `${NOTIFICATIONS_PATH}/push`, tok.sms!, body)).statusCode).toBe(403);
  });

  it("lists the facility's messages newest first, the phone masked, the provider's reason and the source", async () => {
    const res = await call('GET', NOTIFICATIONS_PATH, tok.notify!);
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json();
    expect(b.totalElements).toBe(3);
    expect(b.data.map((r: { body: string }) => r.body)).not.toContain('Của cơ sở khác');
    expect(b.data[0]).toMatchObject({ source: 'EVENT', sourceLabel: 'Lịch khám được xác nhận', channel: 'SMS', status: 'SENT', patientName: 'Ngô Thị Hoa' });
    expect(b.data[0].phone).toMatch(/^0\d•••\d\d$/);
    // whole for who manages patient accounts, as on the campaign's report
    const whole = (await call('GET', NOTIFICATIONS_PATH, tok.users!)).json().data[0].phone;
    expect(whole).toMatch(/^0\d{9}$/);
    expect(whole.slice(-2)).toBe(b.data[0].phone.slice(-2));
    const failed = b.data.find((r: { status: string }) => r.status === 'FAILED');
    expect(failed).toMatchObject({
      source: 'GROUP',
      groupId,
      sourceLabel: 'Khám sức khoẻ miễn phí tháng 12',
      error: 'Mã thiết bị không còn hiệu lực (UNREGISTERED)',
    });
  });

  it('filters by status, channel, source, campaign, event, patient (any case, no diacritics) and period', async () => {
    const q = async (query: string) => (await call('GET', `${NOTIFICATIONS_PATH}?${query}`, tok.notify!)).json().totalElements as number;
    expect(await q('status=FAILED')).toBe(1);
    expect(await q('status=OPENED')).toBe(1);
    expect(await q('channel=PUSH')).toBe(2);
    expect(await q('source=EVENT')).toBe(1);
    expect(await q('source=SINGLE')).toBe(0);
    expect(await q(`groupId=${groupId}`)).toBe(2);
    expect(await q('event=BOOKING_ACCEPTED')).toBe(1);
    expect(await q(`patient=${encodeURIComponent('dang van lam')}`)).toBe(1);
    expect(await q(`from=${todayVn()}&to=${todayVn()}`)).toBe(3);
    expect(await q('from=2020-01-01&to=2020-01-02')).toBe(0);
  });

  it('400 for a bad filter', async () => {
    expect((await call('GET', `${NOTIFICATIONS_PATH}?status=LOST`, tok.notify!)).statusCode).toBe(400);
    expect((await call('GET', `${NOTIFICATIONS_PATH}?from=2026-02-30&to=2026-03-01`, tok.notify!)).statusCode).toBe(400);
    expect((await call('GET', `${NOTIFICATIONS_PATH}?from=2026-03-02&to=2026-03-01`, tok.notify!)).statusCode).toBe(400);
  });

  it('totals per campaign and per event, of the facility only', async () => {
    const res = await call('GET', `${NOTIFICATIONS_PATH}/totals`, tok.notify!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        groupId,
        name: 'Khám sức khoẻ miễn phí tháng 12',
        counts: { total: 2, queued: 0, sent: 0, delivered: 0, opened: 1, failed: 1, skipped: 0 },
      }),
    ]);
    expect((await call('GET', `${NOTIFICATIONS_PATH}/totals`, tok.other!)).json().data).toEqual([]);
    const ev = (await call('GET', `${NOTIFICATIONS_PATH}/totals/events`, tok.notify!)).json().data;
    // every event of the catalogue (five of issue 17, three of issue 19), then the single messages
    expect(ev).toHaveLength(NOTIFICATION_EVENTS.length + 1);
    expect(ev[0]).toMatchObject({ event: 'BOOKING_ACCEPTED', counts: { total: 1, sent: 1 } });
    expect(ev.at(-1)).toMatchObject({ event: 'SINGLE', label: 'Gửi riêng', counts: { total: 0 } });
  });
});

describe('secrets', () => {
  it('a password reset code in a message is never shown to staff (the patient’s own inbox has it)', async () => {
    const values = { ho_ten: 'Đặng Văn Lâm', ma_xac_nhan: '482913', thoi_han: '10', duong_dan: 'https://bv.vn/r/x7Kp2' };
    expect(await notifyEvent(t.database.db, fid, 'PASSWORD_RESET', { userId: patient.userId, ref: 'reset-1', values })).toBe(true);
    const list = await call('GET', `${NOTIFICATIONS_PATH}?event=PASSWORD_RESET`, tok.notify!);
    expect(list.statusCode, list.body).toBe(200);
    const [row] = list.json().data;
    expect(row.body).toBe('Mã xác nhận đặt lại mật khẩu của bạn là ••••••, có hiệu lực 10 phút. Không chia sẻ mã này cho bất kỳ ai.');
    expect(list.body).not.toContain('482913');
    await t.database.db.execute(sql`DELETE FROM notifications WHERE facility_id = ${fid} AND event = 'PASSWORD_RESET'`);
  });
});

describe('finding the patient to push to', () => {
  it("finds the facility's profiles by name without diacritics, with their account; 401, 403, 400", async () => {
    const url = `${NOTIFICATIONS_PATH}/patients?q=${encodeURIComponent('dang van')}`;
    const res = await call('GET', url, tok.notify!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([expect.objectContaining({ userId: patient.userId, fullName: 'Đặng Văn Lâm' })]);
    expect((await call('GET', `${NOTIFICATIONS_PATH}/patients?q=${encodeURIComponent('vu duc')}`, tok.notify!)).json().data).toEqual([]);
    expect((await call('GET', url, null)).statusCode).toBe(401);
    expect((await call('GET', url, tok.sms!)).statusCode).toBe(403);
    expect((await call('GET', `${NOTIFICATIONS_PATH}/patients?q=`, tok.notify!)).statusCode).toBe(400);
  });
});

describe('pushing one message', () => {
  it('queues it at once for the patient, with who sent it, the delivery job and an audit row', async () => {
    const res = await call('POST', `${NOTIFICATIONS_PATH}/push`, tok.notify!, {
      userId: patient.userId,
      title: ' Kết quả xét nghiệm ',
      body: 'Mời anh Lâm đến nhận kết quả xét nghiệm máu tại quầy số 3.',
      link: '/ket-qua',
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(res.json().message).toBe('Đã gửi thông báo');
    expect(d).toMatchObject({ source: 'SINGLE', status: 'QUEUED', title: 'Kết quả xét nghiệm', link: '/ket-qua', userId: patient.userId, kind: 'CARE' });
    expect(d.sourceLabel).toMatch(/^Gửi riêng \(/);
    const [row] = await sqlRows<{ createdBy: number | null }>(t, sql`SELECT created_by AS "createdBy" FROM notifications WHERE id = ${d.id}`);
    expect(row!.createdBy).not.toBeNull();
    expect(await sqlRows(t, sql`SELECT 1 FROM background_jobs WHERE name = 'notify.send' AND facility_id = ${fid}`)).not.toHaveLength(0);
    expect(await sqlRows(t, sql`SELECT 1 FROM audit_log WHERE action = 'NOTIFY_PUSH' AND entity_id = ${String(d.id)}`)).toHaveLength(1);
    const list = (await call('GET', `${NOTIFICATIONS_PATH}?source=SINGLE`, tok.notify!)).json();
    expect(list.data[0].id).toBe(d.id);
  });

  it('400 for an empty or too long text, a bad link, no patient; nothing written', async () => {
    const count = async () => (await sqlRows(t, sql`SELECT 1 FROM notifications WHERE facility_id = ${fid}`)).length;
    const before = await count();
    const push = (body: unknown) => call('POST', `${NOTIFICATIONS_PATH}/push`, tok.notify!, body);
    const empty = await push({ userId: patient.userId, title: '  ', body: 'Nội dung' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toEqual({ field: 'title', message: 'Vui lòng nhập tiêu đề' });
    expect((await push({ userId: patient.userId, title: 'A', body: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await push({ userId: patient.userId, title: 'A'.repeat(101), body: 'B' })).statusCode).toBe(400);
    expect((await push({ userId: patient.userId, title: 'A', body: 'B', link: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await push({ title: 'A', body: 'B' })).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('404 for a patient of another facility (or none), nothing written there', async () => {
    const res = await call('POST', `${NOTIFICATIONS_PATH}/push`, tok.notify!, { userId: foreign.userId, title: 'A', body: 'B' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Không tìm thấy tài khoản bệnh nhân');
    expect((await call('POST', `${NOTIFICATIONS_PATH}/push`, tok.notify!, { userId: 99_999_999, title: 'A', body: 'B' })).statusCode).toBe(404);
    expect(await sqlRows(t, sql`SELECT 1 FROM notifications WHERE facility_id = ${otherFid}`)).toHaveLength(1);
  });
});
