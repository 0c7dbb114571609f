import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MESSAGES, NOTIFICATION_GROUPS_PATH as P } from '@portal/shared/contracts/notification-groups.contract';
import { latestBirthForAge } from '@portal/shared/rules/audience';
import { addDays } from '@portal/shared/rules/period';
import { todayVn } from '@portal/shared/rules/time';
import type { Executor } from '../../core/db';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { type ClinicFixture, makeClinic, makeSlots } from '../appointments/appointments.fixtures';
import { makePatients } from '../patients/patients.fixtures';
import type { AppContext } from '../../core/context';
import { deliverDue } from './delivery';
import { queueCampaign, runCampaignJob } from './groups.job';

/**
 * Notification groups through the API (issue 17): audience counts against a hand-made fixture of accounts,
 * profiles and bookings with known answers; the lifecycle draft → scheduled → cancelled, draft → sending →
 * queued; the campaign job inserting each recipient once however often it runs; 400/401/403/404/409 and
 * another facility's groups.
 */
let t: TestApp;
const tok: Record<string, string> = {};
let fid: number;
let otherFid: number;
const today = todayVn();
/** A birth date of someone exactly `years` old today. */
const bornAged = (years: number) => addDays(latestBirthForAge(today, years), -10);
const user: Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F', number> = {} as never;
let clinic: ClinicFixture;
let otherClinic: ClinicFixture;
const visitDay = addDays(today, -20);

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null = tok.manager!, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });
const count = async (audience: unknown, token = tok.manager!) => {
  const res = await req('POST', `${P}/audience/count`, token, { audience });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.count as number;
};
const messages = async (groupId: number) =>
  (await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM notifications WHERE facility_id = ${fid} AND group_id = ${groupId}`))[0]!.n;
const runCampaign = (groupId: number, now?: Date, facilityId = fid) => t.database.transaction((tx) => queueCampaign(tx, facilityId, groupId, now));

async function book(ex: Executor, c: ClinicFixture, who: { userId: number; profiles: { id: number }[] }, status: string, date: string) {
  const [slot] = await makeSlots(ex, fid, c, date, { start: '07:00', end: '07:30', capacity: 10 });
  const code = `DK${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`;
  await ex.execute(sql`INSERT INTO bookings (facility_id, code, patient_user_id, medical_profile_id, time_slot_id, schedule_id, doctor_id, room_id, department_id, specialty_id,
      date, start_time, end_time, status, fhir_status, source)
    VALUES (${fid}, ${code}, ${who.userId}, ${who.profiles[0]!.id}, ${slot!.id}, ${slot!.scheduleId}, ${c.doctorId}, ${c.roomId}, ${c.departmentId}, ${c.specialtyId}, ${date},
      '07:00', '07:30', ${status}, 'x', 'COUNTER')`);
  return code;
}
let bookingCode: string;

const draft = (over: Record<string, unknown> = {}) => ({
  title: 'Khám sức khoẻ miễn phí',
  content: 'Bệnh viện mời bạn khám sức khoẻ tổng quát miễn phí vào Chủ nhật này.',
  kind: 'CARE',
  audience: { all: true },
  ...over,
});
const create = async (over: Record<string, unknown> = {}, token = tok.manager!) => {
  const res = await req('POST', P, token, draft(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; status: string };
};

beforeAll(async () => {
  t = await createTestApp();
  const f = await makeFacility(t, [
    { key: 'manager', authorities: ['MANAGER_NOTIFICATION'] },
    { key: 'users', authorities: ['MANAGER_NOTIFICATION', 'MANAGER_USER'] },
    { key: 'desk', authorities: ['MANAGER_APPOINTMENT', 'MANAGER_SMS'] },
  ]);
  const other = await makeFacility(t, [{ key: 'manager', authorities: ['MANAGER_NOTIFICATION'] }]);
  fid = f.facilityId;
  otherFid = other.facilityId;
  tok.manager = (await login(t, f.accounts.manager!)).loginToken;
  tok.users = (await login(t, f.accounts.users!)).loginToken;
  tok.desk = (await login(t, f.accounts.desk!)).loginToken;
  tok.other = (await login(t, other.accounts.manager!)).loginToken;

  await t.database.transaction(async (tx) => {
    const phone = (n: number) => `09${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}${n}${n}`;
    const [a, b, c, d, e, fAcc] = await makePatients(tx, fid, [
      // A: a woman of 36 in ward 00082 of Hà Nội, with her son of 8
      {
        phone: phone(1),
        profiles: [
          { fullName: 'Trần Thị An', birthDate: bornAged(36), gender: 'FEMALE', provinceCode: '01', wardCode: '00082' },
          { fullName: 'Lê Minh Khôi', birthDate: bornAged(8), gender: 'MALE', provinceCode: '01', wardCode: '00082' },
        ],
      },
      // B: a man of 66 in TP. Hồ Chí Minh, a cancelled booking
      { phone: phone(2), profiles: [{ fullName: 'Nguyễn Văn Bình', birthDate: bornAged(66), gender: 'MALE', provinceCode: '79', wardCode: '26734' }] },
      // C: a woman of 26 in TP. Hồ Chí Minh, a pending booking
      { phone: phone(3), profiles: [{ fullName: 'Phạm Thu Cúc', birthDate: bornAged(26), gender: 'FEMALE', provinceCode: '79', wardCode: '26734' }] },
      // D: locked, E: merged into A — never reached
      { phone: phone(4), locked: true, profiles: [{ fullName: 'Đỗ Thị Dung', birthDate: bornAged(36), gender: 'FEMALE', provinceCode: '01' }] },
      { phone: phone(5), profiles: [{ fullName: 'Trần Thị An', birthDate: bornAged(36), gender: 'FEMALE', provinceCode: '01' }] },
      // F: a man of 41 in another ward of Hà Nội, a finished visit in the clinic
      { phone: phone(6), profiles: [{ fullName: 'Hoàng Văn Phúc', birthDate: bornAged(41), gender: 'MALE', provinceCode: '01', wardCode: '00085' }] },
    ]);
    Object.assign(user, { A: a!.userId, B: b!.userId, C: c!.userId, D: d!.userId, E: e!.userId, F: fAcc!.userId });
    await tx.execute(sql`UPDATE patient_users SET merged_into_id = ${a!.userId}, merged_at = now() WHERE facility_id = ${fid} AND id = ${e!.userId}`);
    clinic = await makeClinic(tx, fid, 'Tim mạch');
    otherClinic = await makeClinic(tx, fid, 'Da liễu');
    bookingCode = await book(tx, clinic, fAcc!, 'DONE', visitDay);
    await book(tx, clinic, b!, 'CANCELLED', visitDay);
    await book(tx, otherClinic, c!, 'PENDING', addDays(today, 3));
    // the other facility has a patient too
    await makePatients(tx, otherFid, [{ phone: phone(7), profiles: [{ fullName: 'Người cơ sở khác', birthDate: bornAged(30), gender: 'FEMALE' }] }]);
  });
});
afterAll(() => t.close());

describe('audience counts against the fixture', () => {
  const period = { from: addDays(today, -30), to: addDays(today, 10) };
  it.each([
    ['everyone (not the locked nor the merged account)', () => ({ all: true }), 4],
    ['women', () => ({ gender: 'FEMALE' }), 2],
    ['men: A through her son, B, F', () => ({ gender: 'MALE' }), 3],
    ['men of 18 and more', () => ({ gender: 'MALE', ageFrom: 18 }), 2],
    ['men up to 10', () => ({ gender: 'MALE', ageTo: 10 }), 1],
    ['ages 36 to 41 exactly', () => ({ ageFrom: 36, ageTo: 41 }), 2],
    ['women up to 10: no one profile is both', () => ({ gender: 'FEMALE', ageTo: 10 }), 0],
    ['Hà Nội', () => ({ provinceCode: '01' }), 2],
    ['a ward of Hà Nội', () => ({ provinceCode: '01', wardCode: '00082' }), 1],
    ['three filters: women, 20–40, TP. Hồ Chí Minh', () => ({ gender: 'FEMALE', ageFrom: 20, ageTo: 40, provinceCode: '79' }), 1],
    ['visited the department in the period', () => ({ visited: { departmentId: clinic.departmentId, ...period } }), 1],
    ['visited the specialty in the period', () => ({ visited: { specialtyId: clinic.specialtyId, ...period } }), 1],
    ['visited another department', () => ({ visited: { departmentId: otherClinic.departmentId, ...period } }), 0],
    [
      'visited, the period before the visit',
      () => ({ visited: { departmentId: clinic.departmentId, from: addDays(visitDay, -9), to: addDays(visitDay, -1) } }),
      0,
    ],
    ['booked in the period (not the cancelled one)', () => ({ booked: period }), 2],
    ['booked and a man', () => ({ booked: period, gender: 'MALE' }), 1],
    ['one patient', () => ({ userId: user.B }), 1],
    ['one patient who is locked', () => ({ userId: user.D }), 0],
  ])('%s', async (_name, audience, want) => {
    expect(await count(audience())).toBe(want);
  });

  it('another facility counts its own patients only', async () => {
    expect(await count({ all: true }, tok.other!)).toBe(1);
  });

  it('400 with the field for bad filters', async () => {
    const res = await req('POST', `${P}/audience/count`, tok.manager!, { audience: { ageFrom: 50, ageTo: 20 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual(expect.objectContaining({ field: 'audience.ageTo', message: 'Tuổi đến phải lớn hơn hoặc bằng tuổi từ' }));
  });
});

describe('access', () => {
  it('401 without a token, 403 without MANAGER_NOTIFICATION', async () => {
    expect((await req('GET', P, null)).statusCode).toBe(401);
    expect((await req('POST', P, null, draft())).statusCode).toBe(401);
    expect((await req('GET', P, tok.desk!)).statusCode).toBe(403);
    expect((await req('POST', P, tok.desk!, draft())).statusCode).toBe(403);
    expect((await req('POST', `${P}/audience/count`, tok.desk!, { audience: { all: true } })).statusCode).toBe(403);
  });

  it("another facility's group is a 404 for every operation", async () => {
    const g = await create();
    for (const [method, url, body] of [
      ['GET', `${P}/${g.id}`],
      ['PUT', `${P}/${g.id}`, draft()],
      ['DELETE', `${P}/${g.id}`],
      ['POST', `${P}/${g.id}/send`],
      ['POST', `${P}/${g.id}/schedule`, { scheduledAt: new Date(Date.now() + 3600_000).toISOString() }],
      ['POST', `${P}/${g.id}/cancel`],
      ['GET', `${P}/${g.id}/recipients`],
    ] as const) {
      const res = await req(method, url, tok.other!, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await req('GET', P, tok.other!);
    expect(list.json().data.map((r: { id: number }) => r.id)).not.toContain(g.id);
    expect((await req('GET', `${P}/${g.id}`)).json().data.status).toBe('DRAFT');
  });
});

describe('drafts', () => {
  it('400 for bad bodies, with field messages', async () => {
    for (const [over, field, text] of [
      [{ title: '' }, 'title', 'Vui lòng nhập tiêu đề'],
      [{ title: 'x'.repeat(101) }, 'title', 'Tiêu đề tối đa 100 ký tự'],
      [{ content: 'x'.repeat(1001) }, 'content', 'giới hạn của thông báo đẩy'],
      [{ imageUrl: 'data:image/png;base64,AAAA' }, 'imageUrl', 'Ảnh không hợp lệ'],
      [{ link: { type: 'URL', value: 'javascript:alert(1)' } }, 'link.value', 'Địa chỉ web không hợp lệ'],
      [{ link: { type: 'BOOKING', value: 'DK000000000000' } }, 'link.value', 'Không tìm thấy lịch khám'],
      [{ kind: 'SPAM' }, 'kind', 'Loại tin không hợp lệ'],
      [{ audience: {} }, 'audience.all', 'ít nhất một điều kiện lọc'],
      [{ audience: { userId: 999_999_999 } }, 'audience.userId', 'Không tìm thấy tài khoản bệnh nhân'],
    ] as const) {
      const res = await req('POST', P, tok.manager!, draft(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().errors).toContainEqual(expect.objectContaining({ field, message: expect.stringContaining(text) }));
    }
  });

  it('uploads its image through the content images, and keeps the URL it got', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/content/v1/images?name=banner.png',
      headers: { ...bearer(tok.manager!), 'content-type': 'image/png' },
      payload: png,
    });
    expect(up.statusCode, up.body).toBe(200);
    const g = await create({ imageUrl: up.json().data.url });
    expect((await req('GET', `${P}/${g.id}`)).json().data.imageUrl).toBe(up.json().data.url);
  });

  it('creates, finds by words without diacritics, schedule day and status, edits and deletes a draft', async () => {
    const g = await create({
      title: 'Tiêm phòng cúm mùa đông',
      link: { type: 'BOOKING', value: bookingCode },
      imageUrl: `/api/content/v1/images/${'b'.repeat(32)}.jpg`,
    });
    expect(g).toMatchObject({ status: 'DRAFT', recipients: null, link: { type: 'BOOKING', value: bookingCode }, totals: { QUEUED: 0 } });
    const found = await req('GET', `${P}?content=${encodeURIComponent('tiem phong cum')}&status=DRAFT`);
    expect(found.json().data.map((r: { id: number }) => r.id)).toEqual([g.id]);
    expect((await req('GET', `${P}?content=khong%20co%20dau&status=DRAFT`)).json().totalElements).toBe(0);

    const upd = await req('PUT', `${P}/${g.id}`, tok.manager!, draft({ title: 'Tiêm phòng cúm', kind: 'ADVERTISING', audience: { gender: 'FEMALE' } }));
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data).toMatchObject({
      title: 'Tiêm phòng cúm',
      kind: 'ADVERTISING',
      audience: { gender: 'FEMALE' },
      link: { type: 'NONE', value: null },
    });

    const del = await req('DELETE', `${P}/${g.id}`);
    expect(del.statusCode).toBe(200);
    expect((await req('GET', `${P}/${g.id}`)).statusCode).toBe(404);
    const [a] = await sqlRows<{ actions: string[] }>(
      t,
      sql`SELECT array_agg(action ORDER BY id) AS actions FROM audit_log WHERE entity = 'notification_group' AND entity_id = ${String(g.id)}`,
    );
    expect(a!.actions).toEqual(['CREATE', 'UPDATE', 'DELETE']);
  });
});

describe('the lifecycle', () => {
  it('schedules (never in the past), lists by schedule day, cancels; the job then does nothing', async () => {
    const g = await create({ audience: { gender: 'FEMALE' } });
    const past = await req('POST', `${P}/${g.id}/schedule`, tok.manager!, { scheduledAt: new Date(Date.now() - 60_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual([{ field: 'scheduledAt', message: 'Thời điểm gửi phải sau thời điểm hiện tại' }]);
    expect((await req('POST', `${P}/${g.id}/schedule`, tok.manager!, { scheduledAt: 'mai' })).statusCode).toBe(400);

    const at = new Date(Date.now() + 2 * 86_400_000);
    const res = await req('POST', `${P}/${g.id}/schedule`, tok.manager!, { scheduledAt: at.toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'SCHEDULED', scheduledAt: at.toISOString() });
    const [job] = await sqlRows<{ runAt: string }>(
      t,
      sql`SELECT run_at::text AS "runAt" FROM background_jobs WHERE facility_id = ${fid} AND name = 'notify.campaign' AND payload->>'groupId' = ${String(g.id)}`,
    );
    expect(new Date(job!.runAt).getTime()).toBe(at.getTime());

    const day = todayVn(at);
    const byDay = await req('GET', `${P}?scheduleFrom=${day}&scheduleTo=${day}`);
    expect(byDay.json().data.map((r: { id: number }) => r.id)).toContain(g.id);
    expect((await req('GET', `${P}?scheduleFrom=${addDays(day, 1)}`)).json().data.map((r: { id: number }) => r.id)).not.toContain(g.id);
    expect((await req('GET', `${P}?scheduleFrom=${day}&scheduleTo=${addDays(day, -1)}`)).statusCode).toBe(400);

    // the scheduled one may still be edited; then cancelled
    expect((await req('PUT', `${P}/${g.id}`, tok.manager!, draft({ audience: { all: true } }))).json().data.status).toBe('SCHEDULED');
    const cancelled = await req('POST', `${P}/${g.id}/cancel`);
    expect(cancelled.json().data.status).toBe('CANCELLED');
    expect(await runCampaign(g.id, new Date(at.getTime() + 1000))).toBe('skipped');
    expect(await messages(g.id)).toBe(0);

    expect((await req('POST', `${P}/${g.id}/cancel`)).statusCode).toBe(409);
    expect((await req('PUT', `${P}/${g.id}`, tok.manager!, draft())).statusCode).toBe(409);
    expect((await req('DELETE', `${P}/${g.id}`)).statusCode).toBe(409);
    expect((await req('POST', `${P}/${g.id}/send`)).statusCode).toBe(409);
  });

  it('refuses an audience that reaches nobody and queues nothing', async () => {
    const g = await create({ audience: { gender: 'FEMALE', ageTo: 10 } });
    const jobs = async () =>
      (
        await sqlRows<{ n: number }>(
          t,
          sql`SELECT count(*)::int AS n FROM background_jobs WHERE name = 'notify.campaign' AND payload->>'groupId' = ${String(g.id)}`,
        )
      )[0]!.n;
    for (const [url, body] of [
      [`${P}/${g.id}/send`, undefined],
      [`${P}/${g.id}/schedule`, { scheduledAt: new Date(Date.now() + 3600_000).toISOString() }],
    ] as const) {
      const res = await req('POST', url, tok.manager!, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Nhóm nhận không có bệnh nhân nào');
    }
    expect(await jobs()).toBe(0);
    expect((await req('GET', `${P}/${g.id}`)).json().data.status).toBe('DRAFT');
  });

  it('sends now: every account of the audience once, however often the job runs; per-recipient delivery', async () => {
    const g = await create({ link: { type: 'NEWS', value: 'kham-suc-khoe-mien-phi' } });
    const res = await req('POST', `${P}/${g.id}/send`);
    expect(res.statusCode, res.body).toBe(200);
    // due now; SENDING only once its messages exist (the delivery job closes a SENDING group with none left)
    expect(res.json().data).toMatchObject({ status: 'SCHEDULED', recipients: null });

    expect(await runCampaign(g.id)).toBe('queued');
    expect(await runCampaign(g.id)).toBe('skipped');
    // a run that finds the group due again (its state put back) still adds no one twice
    await t.database.db.execute(sql`UPDATE notification_groups SET status = 'SCHEDULED', recipients = NULL WHERE facility_id = ${fid} AND id = ${g.id}`);
    expect(await runCampaign(g.id)).toBe('queued');
    expect(await messages(g.id)).toBe(4);
    const [row] = await sqlRows<{ users: number[]; link: string; title: string }>(
      t,
      sql`SELECT array_agg(user_id ORDER BY user_id) AS users, min(link) AS link, min(title) AS title FROM notifications WHERE group_id = ${g.id} AND facility_id = ${fid}`,
    );
    expect(row!.users).toEqual([user.A, user.B, user.C, user.F].sort((x, y) => x - y));
    expect(row).toMatchObject({ link: 'news/kham-suc-khoe-mien-phi', title: 'Khám sức khoẻ miễn phí' });
    const [delivery] = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM background_jobs WHERE facility_id = ${fid} AND name = 'notify.send'`);
    expect(delivery!.n).toBeGreaterThan(0);

    const detail = (await req('GET', `${P}/${g.id}`)).json().data;
    expect(detail).toMatchObject({ status: 'SENDING', recipients: 4, totals: { QUEUED: 4, DELIVERED: 0 } });

    // the delivery job's part, simulated: two delivered, one failed
    await t.database.db.execute(sql`UPDATE notifications SET status = 'DELIVERED', channel = 'INBOX', sent_at = now(), delivered_at = now()
      WHERE facility_id = ${fid} AND group_id = ${g.id} AND user_id IN (${user.A}, ${user.B})`);
    await t.database.db.execute(sql`UPDATE notifications SET status = 'FAILED', channel = 'PUSH', error = 'Thiết bị không còn đăng ký'
      WHERE facility_id = ${fid} AND group_id = ${g.id} AND user_id = ${user.C}`);
    expect((await req('GET', `${P}/${g.id}`)).json().data.totals).toMatchObject({ QUEUED: 1, DELIVERED: 2, FAILED: 1 });

    const all = await req('GET', `${P}/${g.id}/recipients?size=2`);
    expect(all.json()).toMatchObject({ totalElements: 4, totalPage: 2 });
    const failed = (await req('GET', `${P}/${g.id}/recipients?status=FAILED`)).json();
    expect(failed.data).toEqual([
      expect.objectContaining({ userId: user.C, patientName: 'Phạm Thu Cúc', status: 'FAILED', channel: 'PUSH', error: 'Thiết bị không còn đăng ký' }),
    ]);
    expect(failed.data[0].phone).toMatch(/^09•••33$/);
    // a viewer with MANAGER_USER sees the number
    const full = (await req('GET', `${P}/${g.id}/recipients?status=FAILED`, tok.users!)).json();
    expect(full.data[0].phone).toMatch(/^09\d{6}33$/);
    expect((await req('GET', `${P}/${g.id}/recipients?status=NOPE`)).statusCode).toBe(400);
    expect((await req('POST', `${P}/${g.id}/send`)).statusCode).toBe(409);

    const [a] = await sqlRows<{ actions: string[] }>(
      t,
      sql`SELECT array_agg(action ORDER BY id) AS actions FROM audit_log WHERE entity = 'notification_group' AND entity_id = ${String(g.id)}`,
    );
    expect(a!.actions).toEqual(['CREATE', 'NOTIFY_GROUP_SEND', 'NOTIFY_GROUP_QUEUE', 'NOTIFY_GROUP_QUEUE']);
  });

  it('the delivery job sends a queued campaign through the default channels and the group becomes SENT', async () => {
    const g = await create({ audience: { gender: 'MALE', ageFrom: 18 } });
    await req('POST', `${P}/${g.id}/send`);
    expect(await runCampaign(g.id)).toBe('queued');
    await deliverDue({ config: t.config, database: t.database } as unknown as AppContext, fid);
    const d = (await req('GET', `${P}/${g.id}`)).json().data;
    expect(d).toMatchObject({ status: 'SENT', recipients: 2, totals: { QUEUED: 0, SENDING: 0 } });
    expect(d.totals.DELIVERED + d.totals.SENT).toBe(2);
    expect(d.finishedAt).not.toBeNull();
    const rows = (await req('GET', `${P}/${g.id}/recipients`)).json().data as { channel: string | null; sentAt: string | null }[];
    expect(rows.every((r) => r.channel !== null && r.sentAt !== null)).toBe(true);
  });

  it('an advertising campaign queued at night waits for 07:00, and the screen says so', async () => {
    const g = await create({ kind: 'ADVERTISING', audience: { userId: user.F } });
    // scheduled for 23:00 (+07:00) tomorrow: it will start at 07:00 the day after
    const tomorrow = addDays(today, 1);
    const at = new Date(`${tomorrow}T23:00:00+07:00`);
    const res = await req('POST', `${P}/${g.id}/schedule`, tok.manager!, { scheduledAt: at.toISOString() });
    expect(res.json().data.waitsUntil).toBe(new Date(`${addDays(tomorrow, 1)}T07:00:00+07:00`).toISOString());

    expect(await runCampaign(g.id, new Date(at.getTime() + 500))).toBe('queued');
    const [n] = await sqlRows<{ notBefore: string; kind: string }>(
      t,
      sql`SELECT not_before::text AS "notBefore", kind FROM notifications WHERE facility_id = ${fid} AND group_id = ${g.id}`,
    );
    expect(new Date(n!.notBefore).toISOString()).toBe(new Date(`${addDays(tomorrow, 1)}T07:00:00+07:00`).toISOString());
    expect(n!.kind).toBe('ADVERTISING');
  });

  it('a job of an earlier time does nothing once the group was rescheduled later', async () => {
    const g = await create();
    const first = new Date(Date.now() + 3600_000);
    await req('POST', `${P}/${g.id}/schedule`, tok.manager!, { scheduledAt: first.toISOString() });
    const later = new Date(Date.now() + 5 * 3600_000);
    await req('POST', `${P}/${g.id}/schedule`, tok.manager!, { scheduledAt: later.toISOString() });
    expect(await runCampaign(g.id, new Date(first.getTime() + 1000))).toBe('skipped');
    expect(await messages(g.id)).toBe(0);
    expect(await runCampaign(g.id, new Date(later.getTime() + 1000))).toBe('queued');
    expect(await messages(g.id)).toBe(4);
  });

  it('a scheduled group whose audience became empty fails with the reason', async () => {
    const g = await create({ audience: { userId: user.C } });
    await req('POST', `${P}/${g.id}/schedule`, tok.manager!, { scheduledAt: new Date(Date.now() + 3600_000).toISOString() });
    await t.database.db.execute(sql`UPDATE patient_users SET locked = true WHERE facility_id = ${fid} AND id = ${user.C}`);
    try {
      expect(await runCampaign(g.id, new Date(Date.now() + 3601_000))).toBe('empty');
      expect((await req('GET', `${P}/${g.id}`)).json().data).toMatchObject({ status: 'FAILED', recipients: 0, error: 'Nhóm nhận không có bệnh nhân nào' });
    } finally {
      await t.database.db.execute(sql`UPDATE patient_users SET locked = false WHERE facility_id = ${fid} AND id = ${user.C}`);
    }
  });
});

describe('the campaign job’s last try', () => {
  it('marks a group it cannot queue FAILED with the reason, instead of leaving it scheduled; earlier tries just fail', async () => {
    const g = await create({ audience: { gender: 'FEMALE' } });
    // an audience the database cannot read (a stored filter broken by hand): every try fails
    await t.database.db.execute(
      sql`UPDATE notification_groups SET status = 'SCHEDULED', scheduled_at = now(), audience = '{"booked":{"from":"x","to":"y"}}'::jsonb WHERE id = ${g.id}`,
    );
    const run = (attempt: number) =>
      t.database.transaction((tx) => runCampaignJob({ ex: tx, facilityId: fid, payload: { groupId: g.id }, attempt, maxAttempts: 5 }));
    await expect(run(1)).rejects.toThrow();
    expect((await req('GET', `${P}/${g.id}`, tok.manager!)).json().data.status).toBe('SCHEDULED');
    await run(5);
    const after = (await req('GET', `${P}/${g.id}`, tok.manager!)).json().data;
    expect(after).toMatchObject({ status: 'FAILED', error: GROUP_MESSAGES.queueFailed });
    expect(await messages(g.id)).toBe(0);
  });
});

describe('audience names', () => {
  it('names the codes and ids the audience holds, in the list and the detail', async () => {
    const g = await create({
      audience: {
        provinceCode: '01',
        wardCode: '00082',
        visited: { departmentId: clinic.departmentId, specialtyId: clinic.specialtyId, from: addDays(today, -30), to: today },
        userId: user.A,
      },
    });
    const names = (await req('GET', `${P}/${g.id}`)).json().data.audienceNames;
    expect(names).toEqual({
      province: expect.stringContaining('Hà Nội'),
      ward: expect.any(String),
      department: 'Khoa Tim mạch',
      specialty: 'Tim mạch',
      patient: 'Trần Thị An',
    });
    const row = (await req('GET', `${P}?size=100`)).json().data.find((r: { id: number }) => r.id === g.id);
    expect(row.audienceNames).toEqual(names);
  });
});

describe('options of the filters', () => {
  it('departments, specialties, provinces, wards of a province, patients', async () => {
    const deps = (await req('GET', `${P}/options/departments?size=50`)).json();
    expect(deps.data.map((d: { value: string }) => Number(d.value))).toEqual(expect.arrayContaining([clinic.departmentId, otherClinic.departmentId]));
    // (the fixture's search text is its code)
    const specs = (await req('GET', `${P}/options/specialties?search=ck`)).json();
    expect(specs.data).toEqual([
      { value: String(otherClinic.specialtyId), name: 'Da liễu' },
      { value: String(clinic.specialtyId), name: 'Tim mạch' },
    ]);
    const prov = (await req('GET', `${P}/options/provinces?search=ha%20noi`)).json();
    expect(prov.data[0]).toMatchObject({ value: '01' });
    const wards = (await req('GET', `${P}/options/wards?provinceCode=01&size=5`)).json();
    expect(wards.data).toHaveLength(5);
    const pats = (await req('GET', `${P}/options/patients?search=pham%20thu`)).json();
    expect(pats.data).toEqual([{ value: String(user.C), name: expect.stringMatching(/^Phạm Thu Cúc – 09•••33$/) }]);
    expect((await req('GET', `${P}/options/doctors`)).statusCode).toBe(400);
    expect((await req('GET', `${P}/options/departments`, tok.desk!)).statusCode).toBe(403);
  });
});
