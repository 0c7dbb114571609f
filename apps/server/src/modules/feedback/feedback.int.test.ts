import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@portal/shared';
import { FEEDBACK_MESSAGES, FEEDBACKS_PATH } from '@portal/shared/contracts/feedback.contract';
import { APP_PATH } from '@portal/shared/contracts/patient-app.contract';
import { FHIR_STATUS, type BookingStatus } from '@portal/shared/rules/booking-status';
import { addDays } from '@portal/shared/rules/period';
import { todayVn, vnWallClockToMs } from '@portal/shared/rules/time';
import { hashCost } from '../../core/password-cost';
import { md5 } from '../../core/tokens';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { makeClinic, makePatient, makeSlots, type ClinicFixture } from '../appointments/appointments.fixtures';
import { hashPassword } from '../auth/passwords';

/**
 * Patients' feedback through the API (issue 19): the app rates a finished visit of its account once; bad input,
 * another account's, another facility's or an unfinished visit is refused in Vietnamese with nothing written; the
 * managers' list and its filters, the patients who gave feedback, one reply (the patient is notified), a complaint
 * handled; the rate reports against a hand-counted fixture (and the rollup equal to the live count after updates and
 * deletes); both Excel files opened and read.
 */
let t: TestApp;
const tok: Record<string, string> = {};
const PASSWORD = 'BenhNhan@2025';
const R = '/api/his/v1/report';
const today = todayVn();

interface Fac {
  id: number;
  code: string;
  clinic: ClinicFixture;
}
let A: Fac;
let B: Fac;
/** The patient accounts: p1 and p2 of A (p2 another account), p3 of B. */
const pat: Record<string, { userId: number; profileId: number; phone: string; token: string }> = {};

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload !== undefined ? { payload: payload as never } : {}) });
const ok = async <T>(method: 'GET' | 'POST', url: string, token: string, payload?: unknown) => {
  const res = await call(method, url, token, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T & { message?: string };
};
const count = async (facilityId = A.id) =>
  (await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM patient_feedbacks WHERE facility_id = ${facilityId}`))[0]!.n;

async function facility(label: string, specs: Parameters<typeof makeFacility>[1], prefix: string): Promise<Fac> {
  const f = await makeFacility(t, specs);
  for (const s of specs) tok[`${prefix}${s.key}`] = (await login(t, f.accounts[s.key]!)).loginToken;
  const [row] = await sqlRows<{ code: string }>(t, sql`SELECT code FROM facilities WHERE id = ${f.facilityId}`);
  return { id: f.facilityId, code: row!.code, clinic: await makeClinic(t.database.db, f.facilityId, label) };
}

async function patient(f: Fac, key: string, name: string) {
  const p = await makePatient(t.database.db, f.id, name);
  const hash = await hashPassword(md5(PASSWORD), hashCost({ config: t.config }));
  const [u] = await sqlRows<{ phone: string }>(
    t,
    sql`UPDATE patient_users SET password_hash = ${hash} WHERE id = ${p.userId} AND facility_id = ${f.id} RETURNING phone`,
  );
  const res = await t.app.inject({
    method: 'PUT',
    url: `${APP_PATH}/user/login`,
    payload: { facilityCode: f.code, emailOrPhone: u!.phone, password: md5(PASSWORD) },
  });
  expect(res.statusCode, res.body).toBe(200);
  pat[key] = { userId: p.userId, profileId: p.profiles[0]!.id, phone: u!.phone, token: res.json().data.loginToken };
}

let code = 0;
/** A booking of the patient in the facility's clinic on `day` in `status`. */
async function visit(f: Fac, who: string, day: string, status: BookingStatus = 'DONE', clinic = f.clinic): Promise<number> {
  const [slot] = await makeSlots(t.database.db, f.id, clinic, day, { start: '08:00', end: '08:30', minutes: 30 });
  const p = pat[who]!;
  const [r] = await sqlRows<{ id: number }>(
    t,
    sql`INSERT INTO bookings (facility_id, code, patient_user_id, medical_profile_id, time_slot_id, schedule_id, doctor_id, room_id, department_id, specialty_id,
          date, start_time, end_time, status, fhir_status, source)
        VALUES (${f.id}, ${`FB${Date.now() % 1e6}${code++}`}, ${p.userId}, ${p.profileId}, ${slot!.id}, ${slot!.scheduleId}, ${clinic.doctorId}, ${clinic.roomId},
          ${clinic.departmentId}, ${clinic.specialtyId}, ${day}, '08:00', '08:30', ${status}, ${FHIR_STATUS[status]}, 'APP')
        RETURNING id`,
  );
  return r!.id;
}

const send = (who: string, body: unknown) => call('POST', `${APP_PATH}/feedbacks`, pat[who]!.token, body);

beforeAll(async () => {
  t = await createTestApp();
  A = await facility(
    'Tai Mũi Họng',
    [
      { key: 'consult', authorities: ['MANAGER_CONSULTATION'] },
      { key: 'report', authorities: ['MANAGER_REPORT'] },
      { key: 'desk', authorities: ['MANAGER_APPOINTMENT'] },
    ],
    'a.',
  );
  B = await facility('Nhi', [{ key: 'consult', authorities: ['MANAGER_CONSULTATION'] }], 'b.');
  await patient(A, 'p1', 'Trần Thị Bình');
  await patient(A, 'p2', 'Lê Văn Cường');
  await patient(B, 'p3', 'Phạm Thu Hà');
});
afterAll(() => t.close());

describe('the patient app rates a finished visit of its account, once', () => {
  it('takes the ratings and the comment; a low rating makes it a complaint, NEW', async () => {
    const id = await visit(A, 'p1', addDays(today, -1));
    const res = await send('p1', {
      bookingId: id,
      ratings: { overall: 4, doctor: 5, waiting: 1 },
      comment: '  Bác sĩ tận tình nhưng phải chờ hơn hai tiếng ở quầy tiếp đón.  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(FEEDBACK_MESSAGES.sent);
    expect(res.json().data).toMatchObject({
      bookingId: id,
      ratings: { overall: 4, doctor: 5, reception: null, waiting: 1, cleanliness: null },
      comment: 'Bác sĩ tận tình nhưng phải chờ hơn hai tiếng ở quầy tiếp đón.',
      complaint: true,
      status: 'NEW',
      reply: null,
      visitDate: addDays(today, -1),
      patientName: 'Trần Thị Bình',
    });
    // the audit names the patient account
    const [a] = await sqlRows<{ actor: string; action: string }>(
      t,
      sql`SELECT actor_username AS actor, action FROM audit_log WHERE entity = 'patient_feedback' AND entity_id = ${String(res.json().data.id)}`,
    );
    expect(a).toEqual({ actor: `patient:${pat.p1!.userId}`, action: 'APP_FEEDBACK' });
  });

  it('is no complaint with good ratings, unless the patient ticks "Khiếu nại"', async () => {
    const good = await send('p1', { bookingId: await visit(A, 'p1', addDays(today, -2)), ratings: { overall: 5, cleanliness: 3 } });
    expect(good.json().data).toMatchObject({ complaint: false, status: null });
    const ticked = await send('p1', { bookingId: await visit(A, 'p1', addDays(today, -3)), ratings: { overall: 5 }, complaint: true, comment: 'Mất ví' });
    expect(ticked.json().data).toMatchObject({ complaint: true, status: 'NEW' });
  });

  it('refuses a second feedback for the same visit (409), nothing written', async () => {
    const id = await visit(A, 'p1', addDays(today, -4));
    expect((await send('p1', { bookingId: id, ratings: { overall: 3 } })).statusCode).toBe(200);
    const before = await count();
    const again = await send('p1', { bookingId: id, ratings: { overall: 5 } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(FEEDBACK_MESSAGES.already);
    expect(await count()).toBe(before);
  });

  it('refuses a visit not finished (409), another account’s or another facility’s (404), one older than 30 days (409)', async () => {
    const before = await count();
    const accepted = await visit(A, 'p1', today, 'ACCEPTED');
    const r1 = await send('p1', { bookingId: accepted, ratings: { overall: 5 } });
    expect(r1.statusCode).toBe(409);
    expect(r1.json().message).toBe(FEEDBACK_MESSAGES.notDone);
    const theirs = await visit(A, 'p2', addDays(today, -1));
    const r2 = await send('p1', { bookingId: theirs, ratings: { overall: 5 } });
    expect(r2.statusCode).toBe(404);
    expect(r2.json().message).toBe(FEEDBACK_MESSAGES.visitNotFound);
    const otherFacility = await visit(B, 'p3', addDays(today, -1));
    expect((await send('p1', { bookingId: otherFacility, ratings: { overall: 5 } })).statusCode).toBe(404);
    expect((await send('p1', { bookingId: 2_000_000_000, ratings: { overall: 5 } })).statusCode).toBe(404);
    const old = await visit(A, 'p1', addDays(today, -31));
    const r3 = await send('p1', { bookingId: old, ratings: { overall: 5 } });
    expect(r3.statusCode).toBe(409);
    expect(r3.json().message).toContain('30 ngày');
    // the last day of the window still counts
    expect((await send('p1', { bookingId: await visit(A, 'p1', addDays(today, -30)), ratings: { overall: 5 } })).statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
    // p3's own visit is theirs to rate, in their facility
    expect((await send('p3', { bookingId: otherFacility, ratings: { overall: 2 }, comment: 'Phòng chờ nóng' })).statusCode).toBe(200);
  });

  it.each([
    [{ overall: 0 }, 'phải từ 1 đến 5'],
    [{ overall: 6 }, 'phải từ 1 đến 5'],
    [{ overall: 2.5 }, 'số nguyên'],
    [{ overall: '3' }, 'phải là một số'],
    [{ doctor: 4 }, 'Vui lòng chọn số sao cho mục "Đánh giá chung"'],
    [{ overall: 4, waiting: -1 }, '"Thời gian chờ" phải từ 1 đến 5'],
  ])('refuses the ratings %j with a Vietnamese 400, nothing written', async (ratings, message) => {
    const id = await visit(A, 'p1', addDays(today, -1));
    const before = await count();
    const res = await send('p1', { bookingId: id, ratings });
    expect(res.statusCode).toBe(400);
    expect((res.json().errors as { message: string }[]).map((e) => e.message).join(' | ')).toContain(message);
    expect(await count()).toBe(before);
  });

  it('refuses a comment over 2,000 characters and a booking id that is no number', async () => {
    const id = await visit(A, 'p1', addDays(today, -1));
    const long = await send('p1', { bookingId: id, ratings: { overall: 4 }, comment: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].message).toContain('2.000');
    expect((await send('p1', { bookingId: 'abc', ratings: { overall: 4 } })).statusCode).toBe(400);
  });

  it('needs a patient sign-in: no token or a staff token is a 401', async () => {
    expect((await call('POST', `${APP_PATH}/feedbacks`, null, { bookingId: 1, ratings: { overall: 5 } })).statusCode).toBe(401);
    expect((await call('POST', `${APP_PATH}/feedbacks`, tok['a.consult']!, { bookingId: 1, ratings: { overall: 5 } })).statusCode).toBe(401);
    expect((await call('GET', `${APP_PATH}/feedbacks`, null)).statusCode).toBe(401);
    expect((await call('GET', `${APP_PATH}/feedbacks/pending`, null)).statusCode).toBe(401);
    // and a patient's token opens no staff route
    expect((await call('GET', FEEDBACKS_PATH, pat.p1!.token)).statusCode).toBe(401);
  });

  it('lists the account’s own feedbacks and the finished visits still waiting for one', async () => {
    const waiting = await visit(A, 'p2', addDays(today, -5));
    await visit(A, 'p2', addDays(today, -40)); // too old to rate: not offered
    await visit(A, 'p2', today, 'CHECKED_IN'); // not finished: not offered
    const pending = await ok<{ data: { bookingId: number; rateBefore: string }[] }>('GET', `${APP_PATH}/feedbacks/pending`, pat.p2!.token);
    expect(pending.data.map((v) => v.bookingId)).toContain(waiting);
    expect(pending.data.find((v) => v.bookingId === waiting)!.rateBefore).toBe(addDays(addDays(today, -5), 30));
    expect(pending.data).toHaveLength(2); // the one of another test (-1 day) and this one
    await ok('POST', `${APP_PATH}/feedbacks`, pat.p2!.token, { bookingId: waiting, ratings: { overall: 5 } });
    const after = await ok<{ data: { bookingId: number }[] }>('GET', `${APP_PATH}/feedbacks/pending`, pat.p2!.token);
    expect(after.data.map((v) => v.bookingId)).not.toContain(waiting);
    const mine = await ok<{ data: { bookingId: number }[]; totalElements: number }>('GET', `${APP_PATH}/feedbacks`, pat.p2!.token);
    expect(mine.data.map((f) => f.bookingId)).toEqual([waiting]);
  });
});

describe('the managers’ list', () => {
  const list = (q: string, token = tok['a.consult']!) => ok<{ data: Record<string, unknown>[]; totalElements: number }>('GET', `${FEEDBACKS_PATH}?${q}`, token);

  it('lists the facility’s feedbacks newest first with the patient’s phone masked', async () => {
    const page = await list('size=50');
    expect(page.totalElements).toBe(await count());
    const first = page.data[0]!;
    expect(first.phone).toMatch(/^\d{4}\*\*\*\d{3}$/);
    const times = page.data.map((r) => r.createdAt as string);
    expect([...times].sort().reverse()).toEqual(times);
    // nothing of facility B
    expect(page.data.some((r) => r.patientName === 'Phạm Thu Hà')).toBe(false);
  });

  it('filters by stars, "≤ 2", complaint state, department, doctor and words without diacritics', async () => {
    const all = (await list('size=100')).data;
    expect((await list('stars=4')).data.every((r) => (r.ratings as { overall: number }).overall === 4)).toBe(true);
    expect((await list('stars=LOW')).data.every((r) => (r.ratings as { overall: number }).overall <= 2)).toBe(true);
    expect((await list('kind=NEW')).totalElements).toBe(all.filter((r) => r.status === 'NEW').length);
    expect((await list('kind=NORMAL')).totalElements).toBe(all.filter((r) => !r.complaint).length);
    expect((await list('kind=COMPLAINT')).totalElements).toBe(all.filter((r) => r.complaint).length);
    const hits = await list('q=CHO%20HON%20hai%20tieng');
    expect(hits.totalElements).toBe(1);
    expect(hits.data[0]!.comment).toContain('chờ hơn hai tiếng');
    expect((await list('q=binh')).totalElements).toBe(all.filter((r) => r.patientName === 'Trần Thị Bình').length);
    expect((await list(`departmentId=${A.clinic.departmentId}`)).totalElements).toBe(all.length);
    expect((await list(`doctorId=${A.clinic.doctorId}&from=${today}&to=${today}`)).totalElements).toBe(all.length);
    expect((await list(`from=${addDays(today, 1)}&to=${addDays(today, 2)}`)).totalElements).toBe(0);
  });

  it('answers 400 to a bad filter or another facility’s department, 401 without sign-in, 403 without MANAGER_CONSULTATION', async () => {
    expect((await call('GET', `${FEEDBACKS_PATH}?stars=7`, tok['a.consult']!)).statusCode).toBe(400);
    expect((await call('GET', `${FEEDBACKS_PATH}?kind=OPEN`, tok['a.consult']!)).statusCode).toBe(400);
    expect((await call('GET', `${FEEDBACKS_PATH}?from=2025-01-01&to=2026-06-01`, tok['a.consult']!)).statusCode).toBe(400);
    const foreign = await call('GET', `${FEEDBACKS_PATH}?departmentId=${B.clinic.departmentId}`, tok['a.consult']!);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(MSG.reportDepartmentUnknown);
    expect((await call('GET', FEEDBACKS_PATH, null)).statusCode).toBe(401);
    for (const k of ['a.desk', 'a.report']) expect((await call('GET', FEEDBACKS_PATH, tok[k]!)).statusCode).toBe(403);
    expect((await call('GET', `${FEEDBACKS_PATH}/users?from=2026-02-01&to=2026-01-01`, tok['a.consult']!)).statusCode).toBe(400);
    expect((await call('GET', `${FEEDBACKS_PATH}/export?stars=9`, tok['a.consult']!)).statusCode).toBe(400);
    expect((await call('GET', `${APP_PATH}/feedbacks?size=5000`, pat.p1!.token)).statusCode).toBe(400);
    expect((await call('GET', `${FEEDBACKS_PATH}/users`, null)).statusCode).toBe(401);
    expect((await call('GET', `${FEEDBACKS_PATH}/export`, null)).statusCode).toBe(401);
    expect((await call('GET', `${FEEDBACKS_PATH}/users`, tok['a.desk']!)).statusCode).toBe(403);
    expect((await call('GET', `${FEEDBACKS_PATH}/export`, tok['a.report']!)).statusCode).toBe(403);
  });

  it('shows one feedback with the whole phone; another facility’s is a 404', async () => {
    const [row] = (await list('kind=NEW&size=1')).data;
    const one = await ok<{ data: { phone: string; userId: number } }>('GET', `${FEEDBACKS_PATH}/${row!.id}`, tok['a.consult']!);
    expect(one.data.phone).toBe(pat.p1!.phone);
    expect((await call('GET', `${FEEDBACKS_PATH}/${row!.id}`, tok['b.consult']!)).statusCode).toBe(404);
    expect((await call('GET', `${FEEDBACKS_PATH}/abc`, tok['a.consult']!)).statusCode).toBe(400);
    expect((await call('GET', `${FEEDBACKS_PATH}/999999999`, tok['a.consult']!)).statusCode).toBe(404);
  });

  it('lists the patients who gave feedback: how many, complaints, average, latest', async () => {
    const page = await ok<{ data: { id: number; name: string; phone: string; feedbacks: number; complaints: number; averageOverall: number }[] }>(
      'GET',
      `${FEEDBACKS_PATH}/users`,
      tok['a.consult']!,
    );
    const all = (await list('size=100')).data;
    const p1 = page.data.find((u) => u.id === pat.p1!.userId)!;
    const mine = all.filter((r) => r.patientName === 'Trần Thị Bình');
    expect(p1).toMatchObject({ name: 'Trần Thị Bình', feedbacks: mine.length, complaints: mine.filter((r) => r.complaint).length });
    const avg = mine.reduce((a, r) => a + (r.ratings as { overall: number }).overall, 0) / mine.length;
    expect(p1.averageOverall).toBeCloseTo(avg, 2);
    expect(p1.phone).toMatch(/\*\*\*/);
    expect(page.data.map((u) => u.name)).not.toContain('Phạm Thu Hà');
    const found = await ok<{ data: { id: number }[] }>('GET', `${FEEDBACKS_PATH}/users?q=cuong`, tok['a.consult']!);
    expect(found.data.map((u) => u.id)).toEqual([pat.p2!.userId]);
  });
});

describe('reply and handling', () => {
  const firstOf = async (q: string) => (await ok<{ data: { id: number }[] }>('GET', `${FEEDBACKS_PATH}?${q}&size=1`, tok['a.consult']!)).data[0]!.id as number;

  it('replies once: the patient is notified (FEEDBACK_REPLIED) and reads the reply; a complaint stays NEW', async () => {
    const id = await firstOf('kind=NEW');
    const res = await ok<{ data: { replyText: string; repliedBy: string; status: string; replied: boolean } }>(
      'POST',
      `${FEEDBACKS_PATH}/${id}/reply`,
      tok['a.consult']!,
      { text: 'Bệnh viện xin lỗi vì thời gian chờ; khoa đã bố trí thêm một bàn tiếp đón buổi sáng.' },
    );
    expect(res.message).toBe(FEEDBACK_MESSAGES.replied);
    expect(res.data).toMatchObject({ replied: true, status: 'NEW', replyText: expect.stringContaining('xin lỗi') });
    const notes = await sqlRows<{ userId: number; body: string; status: string; link: string }>(
      t,
      sql`SELECT user_id AS "userId", body, status, link FROM notifications WHERE facility_id = ${A.id} AND event = 'FEEDBACK_REPLIED' AND event_ref = ${`feedback:${id}`}`,
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ userId: pat.p1!.userId, status: 'QUEUED', link: `/danh-gia/${id}` });
    expect(notes[0]!.body).toContain('Trần Thị Bình');
    expect(notes[0]!.body).not.toContain('{{');
    const mine = await ok<{ data: { id: number; reply: { text: string } | null }[] }>('GET', `${APP_PATH}/feedbacks?size=50`, pat.p1!.token);
    expect(mine.data.find((f) => f.id === id)!.reply!.text).toContain('xin lỗi');
    // once
    const again = await call('POST', `${FEEDBACKS_PATH}/${id}/reply`, tok['a.consult']!, { text: 'Lần hai' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('chỉ trả lời một lần');
  });

  it('keeps a reply with a script as plain text; refuses an empty one (400); another facility’s feedback is a 404', async () => {
    const id = await firstOf('kind=NORMAL');
    const text = '<script>alert("x")</script> Cảm ơn <b>anh/chị</b>';
    const res = await ok<{ data: { replyText: string } }>('POST', `${FEEDBACKS_PATH}/${id}/reply`, tok['a.consult']!, { text });
    expect(res.data.replyText).toBe(text);
    const other = await firstOf('kind=COMPLAINT');
    expect((await call('POST', `${FEEDBACKS_PATH}/${other}/reply`, tok['a.consult']!, { text: '   ' })).statusCode).toBe(400);
    expect((await call('POST', `${FEEDBACKS_PATH}/${other}/reply`, tok['a.consult']!, {})).statusCode).toBe(400);
    expect((await call('POST', `${FEEDBACKS_PATH}/${other}/reply`, tok['a.consult']!, { text: 'x'.repeat(2001) })).statusCode).toBe(400);
    const before = await sqlRows(t, sql`SELECT 1 FROM notifications WHERE event = 'FEEDBACK_REPLIED'`);
    const foreign = await call('POST', `${FEEDBACKS_PATH}/${other}/reply`, tok['b.consult']!, { text: 'Không phải của tôi' });
    expect(foreign.statusCode).toBe(404);
    expect(await sqlRows(t, sql`SELECT 1 FROM notifications WHERE event = 'FEEDBACK_REPLIED'`)).toHaveLength(before.length);
    expect((await call('POST', `${FEEDBACKS_PATH}/${other}/reply`, tok['a.report']!, { text: 'x' })).statusCode).toBe(403);
    expect((await call('POST', `${FEEDBACKS_PATH}/${other}/reply`, null, { text: 'x' })).statusCode).toBe(401);
  });

  it('handles a complaint once (NEW → HANDLED, with its note); a feedback that is no complaint has nothing to handle', async () => {
    const id = await firstOf('kind=NEW');
    const res = await ok<{ data: { status: string; handledNote: string; handledBy: string; handledAt: string } }>(
      'POST',
      `${FEEDBACKS_PATH}/${id}/handled`,
      tok['a.consult']!,
      { note: 'Đã gọi điện xin lỗi bệnh nhân' },
    );
    expect(res.data).toMatchObject({ status: 'HANDLED', handledNote: 'Đã gọi điện xin lỗi bệnh nhân' });
    expect(res.data.handledBy).toMatch(/^consult_/);
    const again = await call('POST', `${FEEDBACKS_PATH}/${id}/handled`, tok['a.consult']!, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Khiếu nại này đã được xử lý');
    const normal = await firstOf('kind=NORMAL');
    const nothing = await call('POST', `${FEEDBACKS_PATH}/${normal}/handled`, tok['a.consult']!);
    expect(nothing.statusCode, nothing.body).toBe(409);
    expect((await call('POST', `${FEEDBACKS_PATH}/${await firstOf('kind=NEW')}/handled`, tok['b.consult']!)).statusCode).toBe(404);
    // without a body at all
    expect((await call('POST', `${FEEDBACKS_PATH}/${await firstOf('kind=NEW')}/handled`, tok['a.consult']!)).statusCode).toBe(200);
    const [audit] = await sqlRows<{ action: string }>(
      t,
      sql`SELECT action FROM audit_log WHERE entity = 'patient_feedback' AND entity_id = ${String(id)} ORDER BY id DESC LIMIT 1`,
    );
    expect(audit!.action).toBe('FEEDBACK_HANDLED');
  });

  it('exports the filtered list as Excel: the title names the filters, phones masked', async () => {
    const res = await call('GET', `${FEEDBACKS_PATH}/export?kind=COMPLAINT&from=${today}&to=${today}`, tok['a.consult']!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`phan-hoi-benh-nhan-${today}-den-${today}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Phản hồi')!;
    expect(String(ws.getRow(1).getCell(1).value)).toContain('Mọi khiếu nại');
    expect(ws.getRow(2).getCell(9).value).toBe('Đánh giá chung');
    const complaints = (await ok<{ totalElements: number }>('GET', `${FEEDBACKS_PATH}?kind=COMPLAINT`, tok['a.consult']!)).totalElements;
    expect(ws.rowCount - 2).toBe(complaints);
    for (let i = 3; i <= ws.rowCount; i++) {
      expect(ws.getRow(i).getCell(15).value).toBe('Có');
      expect(String(ws.getRow(i).getCell(6).value)).toMatch(/\*\*\*/);
    }
  });
});

describe('the rate reports against a hand-counted fixture', () => {
  // facility C: two departments with a doctor each; feedbacks written straight into the table at chosen moments
  let C: Fac;
  let c2: ClinicFixture;
  const D1 = '2026-03-10';
  const D2 = '2026-03-11';
  const at = (day: string, hm: string) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const [h, mi] = hm.split(':').map(Number) as [number, number];
    return new Date(vnWallClockToMs(y, m, d, h, mi, 0, 0)).toISOString();
  };
  const fb = async (clinic: ClinicFixture, createdAt: string, r: (number | null)[], complaint: boolean) => {
    const b = await visit(C, 'p4', D1, 'DONE', clinic);
    const [row] = await sqlRows<{ id: number }>(
      t,
      sql`INSERT INTO patient_feedbacks (facility_id, booking_id, user_id, medical_profile_id, doctor_id, department_id, visit_date,
            rating_overall, rating_doctor, rating_reception, rating_waiting, rating_cleanliness, complaint, status, created_at)
          VALUES (${C.id}, ${b}, ${pat.p4!.userId}, ${pat.p4!.profileId}, ${clinic.doctorId}, ${clinic.departmentId}, ${D1},
            ${r[0]}, ${r[1]}, ${r[2]}, ${r[3]}, ${r[4]}, ${complaint}, ${complaint ? 'NEW' : null}, ${createdAt}::timestamptz)
          RETURNING id`,
    );
    return row!.id;
  };
  const report = <T>(path: string, q: string, token = tok['c.report']!) => ok<{ data: T }>('GET', `${R}/${path}?${q}`, token).then((r) => r.data);
  type Avg = { count: number; average: number | null };
  type RateRow = { key: string; name: string; feedbacks: number; complaints: number } & Record<
    'overall' | 'doctor' | 'reception' | 'waiting' | 'cleanliness',
    Avg
  >;

  beforeAll(async () => {
    C = await facility(
      'Nội tổng hợp',
      [
        { key: 'report', authorities: ['MANAGER_REPORT'] },
        { key: 'consult', authorities: ['MANAGER_CONSULTATION'] },
        { key: 'desk', authorities: ['MANAGER_APPOINTMENT'] },
      ],
      'c.',
    );
    c2 = await makeClinic(t.database.db, C.id, 'Da liễu');
    await patient(C, 'p4', 'Vũ Minh Đức');
    // department 1 (C.clinic): on D1 [5,5,4,-,5], [4,4,-,3,4], [2,3,3,1,-] (complaint); on D2 at 23:30 +07:00 [5,-,-,-,-]
    await fb(C.clinic, at(D1, '08:00'), [5, 5, 4, null, 5], false);
    await fb(C.clinic, at(D1, '09:00'), [4, 4, null, 3, 4], false);
    await fb(C.clinic, at(D1, '10:00'), [2, 3, 3, 1, null], true);
    await fb(C.clinic, at(D2, '23:30'), [5, null, null, null, null], false);
    // department 2 (c2): on D2 [1,1,2,1,2] (complaint), [3,4,4,2,5] (complaint)
    await fb(c2, at(D2, '07:15'), [1, 1, 2, 1, 2], true);
    await fb(c2, at(D2, '07:45'), [3, 4, 4, 2, 5], true);
    // outside the period: the day after D2 at 00:10 +07:00 (still D2 in UTC), and the day before D1
    await fb(c2, at(addDays(D2, 1), '00:10'), [1, 1, 1, 1, 1], true);
    await fb(C.clinic, at(addDays(D1, -1), '23:59'), [1, 1, 1, 1, 1], true);
  });

  it('averages each criterion per department and doctor over the +07:00 days of the period', async () => {
    const d = await report<{ totals: RateRow; byDepartment: RateRow[]; byDoctor: RateRow[] }>('rate-report', `from=${D1}&to=${D2}`);
    expect(d.totals).toMatchObject({
      feedbacks: 6,
      complaints: 3,
      overall: { count: 6, average: 3.33 }, // (5+4+2+5+1+3)/6
      doctor: { count: 5, average: 3.4 }, // (5+4+3+1+4)/5
      reception: { count: 4, average: 3.25 }, // (4+3+2+4)/4
      waiting: { count: 4, average: 1.75 }, // (3+1+1+2)/4
      cleanliness: { count: 4, average: 4 }, // (5+4+2+5)/4
    });
    const [first, second] = d.byDepartment;
    expect(first).toMatchObject({
      key: String(C.clinic.departmentId),
      name: 'Khoa Nội tổng hợp',
      feedbacks: 4,
      complaints: 1,
      overall: { count: 4, average: 4 },
      doctor: { count: 3, average: 4 },
      reception: { count: 2, average: 3.5 },
      waiting: { count: 2, average: 2 },
      cleanliness: { count: 2, average: 4.5 },
    });
    expect(second).toMatchObject({ key: String(c2.departmentId), feedbacks: 2, complaints: 2, overall: { count: 2, average: 2 }, waiting: { average: 1.5 } });
    expect(d.byDoctor.map((r) => [r.key, r.feedbacks])).toEqual([
      [String(C.clinic.doctorId), 4],
      [String(c2.doctorId), 2],
    ]);
    expect(d.byDoctor[0]!.name).toContain('Nguyễn Văn An');
    // one day: D1 only
    const one = await report<{ totals: RateRow }>('rate-report', `from=${D1}&to=${D1}`);
    expect(one.totals).toMatchObject({ feedbacks: 3, complaints: 1, overall: { average: 3.67 } });
    // a filter: the second department alone
    const dep = await report<{ totals: RateRow; byDepartment: RateRow[] }>('rate-report', `from=${D1}&to=${D2}&departmentId=${c2.departmentId}`);
    expect(dep.totals).toMatchObject({ feedbacks: 2, overall: { average: 2 } });
    expect(dep.byDepartment).toHaveLength(1);
    // nothing in the period: zeros and no average
    const none = await report<{ totals: RateRow; byDoctor: RateRow[] }>('rate-report', `from=2020-01-01&to=2020-01-31`);
    expect(none.totals).toMatchObject({ feedbacks: 0, overall: { count: 0, average: null } });
    expect(none.byDoctor).toEqual([]);
  });

  it('counts the stars of a criterion per department and doctor', async () => {
    type CountRow = { key: string; total: number; stars: number[] };
    const overall = await report<{ criterion: string; totals: CountRow; byDepartment: CountRow[] }>('count-rate-report', `from=${D1}&to=${D2}`);
    expect(overall.criterion).toBe('overall');
    expect(overall.totals).toMatchObject({ total: 6, stars: [1, 1, 1, 1, 2] });
    expect(overall.byDepartment.map((r) => r.stars)).toEqual([
      [0, 1, 0, 1, 2],
      [1, 0, 1, 0, 0],
    ]);
    const waiting = await report<{ totals: CountRow; byDoctor: CountRow[] }>('count-rate-report', `from=${D1}&to=${D2}&criterion=waiting`);
    expect(waiting.totals).toMatchObject({ total: 4, stars: [2, 1, 1, 0, 0] });
    expect(waiting.byDoctor.map((r) => r.total)).toEqual([2, 2]);
    expect((await call('GET', `${R}/count-rate-report?from=${D1}&to=${D2}&criterion=price`, tok['c.report']!)).statusCode).toBe(400);
  });

  it('keeps the rollup equal to the live count after updates and deletes (the triggers)', async () => {
    const live = async () =>
      sqlRows<{ k: string }>(
        t,
        sql`SELECT (created_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date || ':' || doctor_id || ':' || department_id || ':' || count(*) || ':' || count(*) FILTER (WHERE complaint)
              || ':' || count(*) FILTER (WHERE rating_overall = 5) || ':' || count(*) FILTER (WHERE rating_waiting = 1) AS k
            FROM patient_feedbacks WHERE facility_id = ${C.id} GROUP BY created_at AT TIME ZONE 'Asia/Ho_Chi_Minh', doctor_id, department_id ORDER BY 1`,
      );
    const rolled = async () =>
      sqlRows<{ k: string }>(
        t,
        sql`SELECT day || ':' || doctor_id || ':' || department_id || ':' || sum(feedbacks) || ':' || sum(complaints) || ':' || sum(overall_5) || ':' || sum(waiting_1) AS k
            FROM feedback_day_stats WHERE facility_id = ${C.id} AND feedbacks <> 0 GROUP BY day, doctor_id, department_id ORDER BY 1`,
      );
    // the live count grouped by the same day keys
    const liveByDay = async () => {
      const rs = await sqlRows<{ k: string }>(
        t,
        sql`SELECT d || ':' || doctor_id || ':' || department_id || ':' || count(*) || ':' || count(*) FILTER (WHERE complaint)
              || ':' || count(*) FILTER (WHERE rating_overall = 5) || ':' || count(*) FILTER (WHERE rating_waiting = 1) AS k
            FROM (SELECT (created_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date AS d, * FROM patient_feedbacks WHERE facility_id = ${C.id}) x
            GROUP BY d, doctor_id, department_id ORDER BY 1`,
      );
      return rs;
    };
    expect(await rolled()).toEqual(await liveByDay());
    expect((await live()).length).toBeGreaterThan(0);
    const extra = await fb(c2, at(D2, '12:00'), [5, 5, 5, 5, 5], false);
    // a change of the counted fields moves the counts; a reply changes none
    await t.database.db.execute(sql`UPDATE patient_feedbacks SET rating_overall = 2, complaint = true, status = 'NEW', created_at = ${at(D1, '12:00')}::timestamptz
      WHERE facility_id = ${C.id} AND id = ${extra}`);
    await t.database.db.execute(sql`UPDATE patient_feedbacks SET reply_text = 'Cảm ơn' WHERE facility_id = ${C.id}`);
    expect(await rolled()).toEqual(await liveByDay());
    await t.database.db.execute(sql`DELETE FROM patient_feedbacks WHERE facility_id = ${C.id} AND id = ${extra}`);
    expect(await rolled()).toEqual(await liveByDay());
    expect((await report<{ totals: RateRow }>('rate-report', `from=${D1}&to=${D2}`)).totals.feedbacks).toBe(6);
  });

  it('is open to MANAGER_CONSULTATION and MANAGER_REPORT; 403 otherwise, 401 unsigned, 400 for a bad period or filter', async () => {
    expect((await call('GET', `${R}/rate-report?from=${D1}&to=${D2}`, tok['c.consult']!)).statusCode).toBe(200);
    expect((await call('GET', `${R}/rate-report?from=${D1}&to=${D2}`, tok['c.desk']!)).statusCode).toBe(403);
    expect((await call('GET', `${R}/count-rate-report?from=${D1}&to=${D2}`, tok['c.desk']!)).statusCode).toBe(403);
    expect((await call('GET', `${R}/rate-report/export?from=${D1}&to=${D2}`, tok['c.desk']!)).statusCode).toBe(403);
    expect((await call('GET', `${R}/rate-report?from=${D1}&to=${D2}`, null)).statusCode).toBe(401);
    expect((await call('GET', `${R}/rate-report?to=${D2}`, tok['c.report']!)).statusCode).toBe(400);
    const long = await call('GET', `${R}/rate-report?from=2025-01-01&to=2026-03-01`, tok['c.report']!);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].message).toContain('366');
    expect((await call('GET', `${R}/rate-report?from=${D2}&to=${D1}`, tok['c.report']!)).statusCode).toBe(400);
    const foreign = await call('GET', `${R}/rate-report?from=${D1}&to=${D2}&doctorId=${A.clinic.doctorId}`, tok['c.report']!);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(MSG.reportDoctorUnknown);
  });

  it('exports the rate report: averages and the stars’ distribution per department and doctor, the total row', async () => {
    const res = await call('GET', `${R}/rate-report/export?from=${D1}&to=${D2}`, tok['c.report']!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`danh-gia-${D1}-den-${D2}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const byDep = wb.getWorksheet('Theo khoa')!;
    expect(byDep.getRow(1).getCell(1).value).toBe('Báo cáo đánh giá của bệnh nhân từ 10/03/2026 đến 11/03/2026');
    expect(byDep.getRow(2).values).toEqual([
      undefined,
      'Khoa',
      'Số phản hồi',
      'Khiếu nại',
      'Đánh giá chung (TB)',
      'Bác sĩ (TB)',
      'Tiếp đón (TB)',
      'Thời gian chờ (TB)',
      'Vệ sinh (TB)',
    ]);
    expect(byDep.getRow(3).values).toEqual([undefined, 'Khoa Nội tổng hợp', 4, 1, 4, 4, 3.5, 2, 4.5]);
    expect(byDep.getRow(4).values).toEqual([undefined, 'Khoa Da liễu', 2, 2, 2, 2.5, 3, 1.5, 3.5]);
    expect(byDep.getRow(5).values).toEqual([undefined, 'Tổng cộng', 6, 3, 3.33, 3.4, 3.25, 1.75, 4]);
    const stars = wb.getWorksheet('Số sao theo bác sĩ')!;
    expect(stars.getRow(2).values).toEqual([undefined, 'Bác sĩ', '1 sao', '2 sao', '3 sao', '4 sao', '5 sao', 'Tổng']);
    expect(stars.getRow(5).values).toEqual([undefined, 'Tổng cộng', 1, 1, 1, 1, 2, 6]);
    // an empty period: "Không có dữ liệu"
    const empty = await call('GET', `${R}/rate-report/export?from=2020-01-01&to=2020-01-02`, tok['c.consult']!);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(empty.rawPayload as unknown as ArrayBuffer);
    expect(wb2.getWorksheet('Theo bác sĩ')!.getRow(3).getCell(1).value).toBe(MSG.noData);
  });
});
