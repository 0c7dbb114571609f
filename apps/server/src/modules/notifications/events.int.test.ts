import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_EVENTS_PATH } from '@portal/shared/contracts/notification-events.contract';
import { addDays } from '@portal/shared/rules/period';
import { NOTIFICATION_EVENTS } from '@portal/shared/rules/message-template';
import { todayVn } from '@portal/shared/rules/time';
import type { AppContext } from '../../core/context';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { makeClinic, makePatient, makeProfiles, makeSlots, type SlotFixture } from '../appointments/appointments.fixtures';
import { arrivalHint, LATE_HINT } from './events.bookings';
import { sendVisitReminders } from './events.reminders';

/**
 * The notification events through the API (issue 17): the five events with the facility's settings or the
 * defaults, saving one (its template's variables, Zalo's template id, the SMS length), and the events the
 * booking desk raises: accept and reject write exactly one message per booking, the evening reminder takes
 * tomorrow's accepted bookings only, once.
 */
let t: TestApp;
const tok: Record<string, string> = {};
let fid: number;
let otherFid: number;
let slots: SlotFixture[];
let patient: Awaited<ReturnType<typeof makePatient>>;
let others: number[];

const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });
const ctx = () => ({ config: t.config, database: t.database }) as unknown as AppContext;
const eventRows = (bookingId: number) =>
  sqlRows<{ event: string; userId: number; status: string; body: string; title: string }>(
    t,
    sql`SELECT event, user_id AS "userId", status, body, title FROM notifications WHERE facility_id = ${fid} AND event_ref = ${`booking:${bookingId}`} ORDER BY id`,
  );

let nextProfile = 0;
async function bookId(slot = slots[0]!, profileId?: number) {
  const medicalProfileId = profileId ?? others[nextProfile++]!;
  const res = await call('POST', '/api/appointment/v1', tok.desk!, { medicalProfileId, timeSlotId: slot.id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; code: string };
}

beforeAll(async () => {
  t = await createTestApp();
  const f = await makeFacility(t, [
    { key: 'notify', authorities: ['MANAGER_NOTIFICATION'] },
    { key: 'desk', authorities: ['MANAGER_APPOINTMENT'] },
  ]);
  const g = await makeFacility(t, [{ key: 'notify', authorities: ['MANAGER_NOTIFICATION'] }]);
  fid = f.facilityId;
  otherFid = g.facilityId;
  tok.notify = (await login(t, f.accounts.notify!)).loginToken;
  tok.desk = (await login(t, f.accounts.desk!)).loginToken;
  tok.other = (await login(t, g.accounts.notify!)).loginToken;
  await t.database.transaction(async (tx) => {
    const clinic = await makeClinic(tx, fid, 'Tai Mũi Họng');
    slots = await makeSlots(tx, fid, clinic, addDays(todayVn(), 1), { capacity: 5 });
    patient = await makePatient(tx, fid, 'Phạm Thu Hà');
    others = await makeProfiles(tx, fid, 12);
  });
});
afterAll(() => t.close());

describe('the events list', () => {
  it('401 without a token, 403 without MANAGER_NOTIFICATION', async () => {
    expect((await call('GET', NOTIFICATION_EVENTS_PATH, null)).statusCode).toBe(401);
    expect((await call('GET', NOTIFICATION_EVENTS_PATH, tok.desk!)).statusCode).toBe(403);
    const body = { enabled: true, title: 'x', template: 'y', channels: ['PUSH'] };
    expect((await call('PUT', `${NOTIFICATION_EVENTS_PATH}/BOOKING_ACCEPTED`, null, body)).statusCode).toBe(401);
    expect((await call('PUT', `${NOTIFICATION_EVENTS_PATH}/BOOKING_ACCEPTED`, tok.desk!, body)).statusCode).toBe(403);
  });

  it('lists the five events with the defaults when nothing is stored', async () => {
    const res = await call('GET', NOTIFICATION_EVENTS_PATH, tok.notify!);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.map((e: { event: string }) => e.event)).toEqual(NOTIFICATION_EVENTS.map((e) => e.event));
    expect(data[0]).toMatchObject({
      event: 'BOOKING_ACCEPTED',
      label: 'Lịch khám được xác nhận',
      enabled: true,
      stored: false,
      template: NOTIFICATION_EVENTS[0]!.defaultTemplate,
      channels: ['PUSH', 'SMS'],
      zaloTemplateId: null,
    });
    expect(data[0].variables[0]).toEqual({ name: 'ho_ten', label: 'Họ tên bệnh nhân', example: 'Nguyễn Thị Minh Khai' });
  });
});

describe('saving an event', () => {
  const url = `${NOTIFICATION_EVENTS_PATH}/BOOKING_REJECTED`;
  const ok = { enabled: true, title: 'Lịch khám bị từ chối', template: 'Lịch {{ma_lich}} không được tiếp nhận: {{ly_do}}.', channels: ['SMS', 'PUSH'] };

  it('400 naming an unknown variable, nothing stored', async () => {
    const res = await call('PUT', url, tok.notify!, { ...ok, template: 'Xin chào {{ten_benh_nhan}}' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Biến không tồn tại: {{ten_benh_nhan}}');
    expect(res.json().errors[0].field).toBe('template');
    expect(await sqlRows(t, sql`SELECT 1 FROM notification_events WHERE facility_id = ${fid}`)).toHaveLength(0);
  });

  it('400 for Zalo without its template id, an empty channel list, a repeated channel, a long title, an unknown event', async () => {
    const zalo = await call('PUT', url, tok.notify!, { ...ok, channels: ['ZALO', 'SMS'] });
    expect(zalo.statusCode).toBe(400);
    expect(zalo.json().errors).toContainEqual({ field: 'zaloTemplateId', message: 'Kênh Zalo cần mã mẫu tin (template id) đã đăng ký với Zalo' });
    expect((await call('PUT', url, tok.notify!, { ...ok, channels: [] })).json().errors[0].field).toBe('channels');
    expect((await call('PUT', url, tok.notify!, { ...ok, channels: ['SMS', 'SMS'] })).statusCode).toBe(400);
    expect((await call('PUT', url, tok.notify!, { ...ok, title: 'T'.repeat(101) })).statusCode).toBe(400);
    expect((await call('PUT', `${NOTIFICATION_EVENTS_PATH}/NO_SUCH`, tok.notify!, ok)).statusCode).toBe(400);
  });

  it('400 for a text over 6 SMS parts when SMS is a channel; the same text is fine on the app alone', async () => {
    const long = `{{ho_ten}} ${'Thông tin chi tiết về lịch khám. '.repeat(28)}`;
    const sms = await call('PUT', url, tok.notify!, { ...ok, template: long, channels: ['PUSH', 'SMS'] });
    expect(sms.statusCode).toBe(400);
    expect(sms.json().message).toContain('SMS tối đa 6 phần');
    expect((await call('PUT', url, tok.notify!, { ...ok, template: long, channels: ['PUSH'] })).statusCode).toBe(200);
  });

  it('stores the settings with an audit row; the list shows them; another facility keeps its defaults', async () => {
    const res = await call('PUT', url, tok.notify!, { ...ok, channels: ['ZALO', 'SMS'], zaloTemplateId: ' 231456 ', enabled: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ event: 'BOOKING_REJECTED', enabled: false, channels: ['ZALO', 'SMS'], zaloTemplateId: '231456', stored: true });
    const list = (await call('GET', NOTIFICATION_EVENTS_PATH, tok.notify!)).json().data;
    expect(list.find((e: { event: string }) => e.event === 'BOOKING_REJECTED').template).toBe(ok.template);
    const audits = await sqlRows<{ action: string }>(
      t,
      sql`SELECT action FROM audit_log WHERE facility_id = ${fid} AND entity = 'notification_event' AND entity_id = 'BOOKING_REJECTED' ORDER BY id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['CREATE', 'UPDATE']);
    const theirs = (await call('GET', NOTIFICATION_EVENTS_PATH, tok.other!)).json().data;
    expect(theirs.find((e: { event: string }) => e.event === 'BOOKING_REJECTED')).toMatchObject({ stored: false, enabled: true });
    expect(await sqlRows(t, sql`SELECT 1 FROM notification_events WHERE facility_id = ${otherFid}`)).toHaveLength(0);
    // switched on again for the stories below
    expect((await call('PUT', url, tok.notify!, ok)).statusCode).toBe(200);
  });
});

describe('the booking events', () => {
  it('the hint: 15 minutes before the slot, or the queue number', () => {
    expect(arrivalHint('08:30', null)).toBe('Vui lòng đến trước 08:15');
    expect(arrivalHint('07:05', null)).toBe('Vui lòng đến trước 06:50');
    expect(arrivalHint('00:10', null)).toBe('Vui lòng đến trước 00:00');
    expect(arrivalHint('08:30', 12)).toBe('Số thứ tự của bạn: 12');
  });

  it.each([
    // 26/11/2026 at 07:00, 08:20, 17:51 in Vietnam (00:00, 01:20, 10:51 UTC)
    ['a slot later today, in time', '08:30', '2026-11-26', '2026-11-26T00:00:00Z', 'Vui lòng đến trước 08:15'],
    ['the time to come has just passed', '08:30', '2026-11-26', '2026-11-26T01:20:00Z', LATE_HINT],
    ['a morning slot accepted in the evening', '08:00', '2026-11-26', '2026-11-26T10:51:00Z', LATE_HINT],
    ['a day already past', '08:00', '2026-11-25', '2026-11-26T00:00:00Z', LATE_HINT],
    ['tomorrow (the evening reminder)', '08:00', '2026-11-27', '2026-11-26T12:00:00Z', 'Vui lòng đến trước 07:45'],
  ])('the hint of a booking accepted late: %s', (_n, start, date, now, expected) => {
    expect(arrivalHint(start, null, date, new Date(now))).toBe(expected);
  });

  it('accepting a booking writes exactly one message to the patient account, even when accepted twice', async () => {
    const b = await bookId(slots[0], patient.profiles[0]!.id);
    expect((await call('POST', `/api/appointment/v1/${b.id}/accept`, tok.desk!)).statusCode).toBe(200);
    expect((await call('POST', `/api/appointment/v1/${b.id}/revert`, tok.desk!)).statusCode).toBe(200);
    expect((await call('POST', `/api/appointment/v1/${b.id}/accept`, tok.desk!)).statusCode).toBe(200);
    const rows = await eventRows(b.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event: 'BOOKING_ACCEPTED', userId: patient.userId, status: 'QUEUED', title: 'Lịch khám được xác nhận' });
    const start = slots[0]!.startTime;
    expect(rows[0]!.body).toContain(`Đã xác nhận lịch khám ${b.code} của Phạm Thu Hà: ${start}`);
    expect(rows[0]!.body).toContain(arrivalHint(start, null, slots[0]!.date));
    expect(rows[0]!.body).toContain('Tai Mũi Họng');
    const jobs = await sqlRows(t, sql`SELECT 1 FROM background_jobs WHERE name = 'notify.send' AND facility_id = ${fid}`);
    expect(jobs.length).toBeGreaterThan(0);
  });

  it('bulk accept writes one message per booking', async () => {
    const a = await bookId(slots[1]);
    const c = await bookId(slots[1]);
    const res = await call('POST', '/api/appointment/v1/accept', tok.desk!, { ids: [a.id, c.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await eventRows(a.id)).toHaveLength(1);
    expect(await eventRows(c.id)).toHaveLength(1);
  });

  it('rejecting writes the reason; a booking without a patient account gets nothing', async () => {
    const b = await bookId(slots[2]);
    expect((await call('POST', `/api/appointment/v1/${b.id}/reject`, tok.desk!, { reason: 'Bác sĩ nghỉ đột xuất' })).statusCode).toBe(200);
    const rows = await eventRows(b.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event: 'BOOKING_REJECTED', status: 'QUEUED', body: `Lịch ${b.code} không được tiếp nhận: Bác sĩ nghỉ đột xuất.` });

    const lone = await bookId(slots[2]);
    await t.database.db.execute(sql`UPDATE bookings SET patient_user_id = NULL WHERE id = ${lone.id}`);
    expect((await call('POST', `/api/appointment/v1/${lone.id}/accept`, tok.desk!)).statusCode).toBe(200);
    expect(await eventRows(lone.id)).toHaveLength(0);
  });

  it('an event switched off sends nothing', async () => {
    const url = `${NOTIFICATION_EVENTS_PATH}/BOOKING_ACCEPTED`;
    const def = NOTIFICATION_EVENTS[0]!;
    expect((await call('PUT', url, tok.notify!, { enabled: false, title: def.label, template: def.defaultTemplate, channels: ['PUSH'] })).statusCode).toBe(200);
    const b = await bookId(slots[3]);
    expect((await call('POST', `/api/appointment/v1/${b.id}/accept`, tok.desk!)).statusCode).toBe(200);
    expect(await eventRows(b.id)).toHaveLength(0);
    expect((await call('PUT', url, tok.notify!, { enabled: true, title: def.label, template: def.defaultTemplate, channels: ['PUSH'] })).statusCode).toBe(200);
  });
});

describe('the evening reminder', () => {
  it("reminds tomorrow's accepted bookings only, once each", async () => {
    const accepted = await bookId(slots[4]);
    const pending = await bookId(slots[4]);
    expect((await call('POST', `/api/appointment/v1/${accepted.id}/accept`, tok.desk!)).statusCode).toBe(200);
    // an accepted booking of the day after tomorrow is not reminded tonight
    const later = await bookId(slots[4]);
    expect((await call('POST', `/api/appointment/v1/${later.id}/accept`, tok.desk!)).statusCode).toBe(200);
    await t.database.db.execute(sql`UPDATE bookings SET date = ${addDays(todayVn(), 2)}::date WHERE id = ${later.id}`);

    await sendVisitReminders(ctx());
    const reminded = (id: number) =>
      sqlRows(t, sql`SELECT 1 FROM notifications WHERE facility_id = ${fid} AND event = 'VISIT_REMINDER' AND event_ref = ${`booking:${id}`}`);
    expect(await reminded(accepted.id)).toHaveLength(1);
    expect(await reminded(pending.id)).toHaveLength(0);
    expect(await reminded(later.id)).toHaveLength(0);
    const before = (await sqlRows(t, sql`SELECT 1 FROM notifications WHERE facility_id = ${fid} AND event = 'VISIT_REMINDER'`)).length;
    expect(await sendVisitReminders(ctx())).toBe(0);
    const after = (await sqlRows(t, sql`SELECT 1 FROM notifications WHERE facility_id = ${fid} AND event = 'VISIT_REMINDER'`)).length;
    expect(after).toBe(before);
  });
});
