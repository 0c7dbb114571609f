import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_PATH } from '@portal/shared/contracts/patient-app.contract';
import { GENERAL_CONFIG_PATH } from '@portal/shared/contracts/settings.contract';
import { APP_QUESTIONS_PATH, PUBLIC_QUESTIONS_PATH, QUESTION_MESSAGES, QUESTIONS_PATH as Q } from '@portal/shared/contracts/questions.contract';
import { hashCost } from '../../core/password-cost';
import { md5 } from '../../core/tokens';
import { departments, doctors, patientUsers, specialties } from '../../db/schema';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { hashPassword } from '../auth/passwords';

/**
 * Questions through the API (issue 19): a patient asks in the app; a moderator accepts (one or many), rejects with a
 * reason, marks sensitive, assigns, comments, answers in rich text; the patient is told; the public answers show only
 * answered, non-sensitive questions without personal data; every transition refused where the state machine says so;
 * statistics against a hand-counted fixture; 400/401/403/404; facility isolation.
 */
let t: TestApp;
const PASSWORD = 'BenhNhan@2025';
interface Fac {
  id: number;
  code: string;
  mod: string;
  report: string;
  desk: string;
  settings: string;
  patient: string;
  patientId: number;
  doctorId: number;
  specialtyId: number;
}
let a: Fac;
let b: Fac;
let seq = 0;

async function facility(): Promise<Fac> {
  const f = await makeFacility(t, [
    { key: 'mod', authorities: ['MANAGER_CONSULTATION'] },
    { key: 'report', authorities: ['MANAGER_REPORT'] },
    { key: 'desk', authorities: ['MANAGER_APPOINTMENT'] },
    { key: 'settings', authorities: ['MANAGER_SETTING'] },
  ]);
  const [row] = await sqlRows<{ code: string }>(t, sql`SELECT code FROM facilities WHERE id = ${f.facilityId}`);
  seq += 1;
  const phone = `09${String(20_000_000 + seq * 7919).slice(-8)}`;
  const [u] = await t.database.db
    .insert(patientUsers)
    .values({ facilityId: f.facilityId, name: 'Nguyễn Thị Minh Khai', phone, passwordHash: await hashPassword(md5(PASSWORD), hashCost({ config: t.config })) })
    .returning({ id: patientUsers.id });
  const [dep] = await t.database.db
    .insert(departments)
    .values({ facilityId: f.facilityId, code: `K${seq}`, name: 'Khoa Nội' })
    .returning({ id: departments.id });
  const [sp] = await t.database.db
    .insert(specialties)
    .values({ facilityId: f.facilityId, code: `TMH${seq}`, name: 'Tai Mũi Họng', searchText: `tmh${seq} tai mui hong` })
    .returning({ id: specialties.id });
  const [doc] = await t.database.db
    .insert(doctors)
    .values({ facilityId: f.facilityId, code: `BS${seq}`, name: 'Phạm Thu Trang', gender: 'FEMALE', degree: 'THS', departmentId: dep!.id })
    .returning({ id: doctors.id });
  const res = await t.app.inject({
    method: 'PUT',
    url: `${APP_PATH}/user/login`,
    payload: { facilityCode: row!.code, emailOrPhone: phone, password: md5(PASSWORD) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    id: f.facilityId,
    code: row!.code,
    mod: (await login(t, f.accounts.mod!)).loginToken,
    report: (await login(t, f.accounts.report!)).loginToken,
    desk: (await login(t, f.accounts.desk!)).loginToken,
    settings: (await login(t, f.accounts.settings!)).loginToken,
    patient: res.json().data.loginToken,
    patientId: u!.id,
    doctorId: doc!.id,
    specialtyId: sp!.id,
  };
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload !== undefined ? { payload: payload as never } : {}) });

async function ask(f: Fac, body: Record<string, unknown> = {}): Promise<number> {
  const res = await call('POST', APP_QUESTIONS_PATH, f.patient, {
    title: 'Đau họng kéo dài',
    content: 'Tôi bị đau họng hơn hai tuần, nuốt vướng, có nên nội soi không?',
    specialtyId: f.specialtyId,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}
const act = async (f: Fac, method: 'POST' | 'PUT', path: string, payload?: unknown, status = 200) => {
  const res = await call(method, `${Q}${path}`, f.mod, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const statusOf = async (id: number) => (await sqlRows<{ status: string }>(t, sql`SELECT status FROM questions WHERE id = ${id}`))[0]!.status;
const answerBody = (f: Fac) => ({ answerHtml: '<p>Chị nên đi <strong>nội soi</strong> tai mũi họng.</p>', doctorId: f.doctorId });

beforeAll(async () => {
  t = await createTestApp();
  a = await facility();
  b = await facility();
});
afterAll(() => t.close());

describe('asking in the app', () => {
  it('stores the question as NEW with the asker copied from the account', async () => {
    const id = await ask(a, { age: 34, gender: 'FEMALE' });
    const [row] = await sqlRows<{ asker_name: string; asker_age: number; status: string; search_text: string }>(
      t,
      sql`SELECT asker_name, asker_age, status, search_text FROM questions WHERE id = ${id}`,
    );
    expect(row).toMatchObject({ asker_name: 'Nguyễn Thị Minh Khai', asker_age: 34, status: 'NEW' });
    expect(row!.search_text).toContain('dau hong keo dai');
    const mine = await call('GET', APP_QUESTIONS_PATH, a.patient);
    expect(mine.json().data.map((q: { id: number }) => q.id)).toContain(id);
  });

  it.each([
    [{ title: '' }, 'title', 'Vui lòng nhập tiêu đề câu hỏi'],
    [{ content: 'ngắn' }, 'content', 'Vui lòng mô tả câu hỏi (ít nhất 10 ký tự)'],
    [{ age: 121 }, 'age', 'Tuổi tối đa 120'],
    [{ age: 2.5 }, 'age', 'Tuổi phải là số nguyên'],
    [{ gender: 'X' }, 'gender', 'Giới tính phải là MALE hoặc FEMALE'],
    [{ imageUrls: ['https://evil.example/a.png'] }, 'imageUrls.0', 'Ảnh không hợp lệ: hãy tải ảnh lên (JPEG, PNG hoặc WebP)'],
  ])('refuses %j with a Vietnamese message and stores nothing', async (body, field, message) => {
    const before = (await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM questions`))[0]!.n;
    const res = await call('POST', APP_QUESTIONS_PATH, a.patient, { title: 'Hỏi', content: 'Một câu hỏi đủ dài để hỏi', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    expect((await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM questions`))[0]!.n).toBe(before);
  });

  it("refuses another facility's specialty, and a staff token or none", async () => {
    const res = await call('POST', APP_QUESTIONS_PATH, a.patient, { title: 'Hỏi', content: 'Một câu hỏi đủ dài để hỏi', specialtyId: b.specialtyId });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(QUESTION_MESSAGES.specialtyUnknown);
    expect((await call('POST', APP_QUESTIONS_PATH, a.mod, { title: 'Hỏi', content: 'Một câu hỏi đủ dài để hỏi' })).statusCode).toBe(401);
    expect((await call('GET', APP_QUESTIONS_PATH, null)).statusCode).toBe(401);
  });

  it("never shows a patient another account's question", async () => {
    const id = await ask(b);
    expect((await call('GET', `${APP_QUESTIONS_PATH}/${id}`, a.patient)).statusCode).toBe(404);
    expect((await call('GET', `${APP_QUESTIONS_PATH}/${id}`, b.patient)).statusCode).toBe(200);
  });
});

describe('the lifecycle', () => {
  it('accept → answer (sanitised, patient told) → public → hide → unhide', async () => {
    const id = await ask(a);
    expect((await act(a, 'POST', `/${id}/acceptance`)).data.status).toBe('ACCEPTED');
    const answered = await act(a, 'PUT', `/${id}/commentary`, {
      answerHtml: '<p>Chị nên đi <strong>nội soi</strong>.</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
      doctorId: a.doctorId,
    });
    expect(answered.data.status).toBe('ANSWERED');
    expect(answered.data.answerHtml).toContain('<strong>nội soi</strong>');
    expect(answered.data.answerHtml).not.toMatch(/script|onerror|alert/);
    expect(answered.data.timing).toBe('ON_TIME');
    const [n] = await sqlRows<{ event: string; body: string; link: string }>(
      t,
      sql`SELECT event, body, link FROM notifications WHERE facility_id = ${a.id} AND event_ref = ${`question:${id}`}`,
    );
    expect(n).toMatchObject({ event: 'QUESTION_ANSWERED', link: `/hoi-dap/${id}` });
    expect(n!.body).toBe('Câu hỏi "Đau họng kéo dài" của Nguyễn Thị Minh Khai đã được ThS.BS Phạm Thu Trang trả lời. Mở ứng dụng để xem câu trả lời.');

    const pub = await call('GET', `${PUBLIC_QUESTIONS_PATH}/${id}?facilityCode=${a.code}`, null);
    expect(pub.statusCode).toBe(200);
    expect(pub.json().data).toMatchObject({ id, asker: 'Người hỏi ẩn danh', doctor: { title: 'ThS.BS Phạm Thu Trang' } });
    expect(pub.body).not.toContain('Nguyễn Thị Minh Khai');
    expect(pub.body).not.toContain('patientUserId');

    // an edit keeps the first answer time and tells nobody again
    const edited = await act(a, 'PUT', `/${id}/commentary`, { answerHtml: '<p>Sửa: nên nội soi sớm.</p>', version: answered.data.version });
    expect(edited.data.answeredAt).toBe(answered.data.answeredAt);
    await act(a, 'PUT', `/${id}/commentary`, { answerHtml: '<p>Bản cũ</p>', version: answered.data.version }, 409);
    expect((await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM notifications WHERE event_ref = ${`question:${id}`}`))[0]!.n).toBe(1);

    expect((await act(a, 'POST', `/${id}/hide`)).data.status).toBe('HIDDEN');
    expect((await call('GET', `${PUBLIC_QUESTIONS_PATH}/${id}?facilityCode=${a.code}`, null)).statusCode).toBe(404);
    const mine = await call('GET', `${APP_QUESTIONS_PATH}/${id}`, a.patient);
    expect(mine.json().data).toMatchObject({ status: 'ANSWERED', answerHtml: '<p>Sửa: nên nội soi sớm.</p>' });
    expect((await act(a, 'POST', `/${id}/unhide`)).data.status).toBe('ANSWERED');
  });

  it('rejects with a reason the patient sees, and refuses to answer a rejected question', async () => {
    const id = await ask(a);
    await act(a, 'POST', `/${id}/rejection`, { reason: '' }, 400);
    expect((await act(a, 'POST', `/${id}/rejection`, { reason: 'Câu hỏi cần khám trực tiếp' })).data.status).toBe('REJECTED');
    const mine = await call('GET', `${APP_QUESTIONS_PATH}/${id}`, a.patient);
    expect(mine.json().data).toMatchObject({ status: 'REJECTED', rejectReason: 'Câu hỏi cần khám trực tiếp' });
    const res = await act(a, 'PUT', `/${id}/commentary`, answerBody(a), 409);
    expect(res.message).toBe('Câu hỏi đã bị từ chối: không thể trả lời');
    expect(await statusOf(id)).toBe('REJECTED');
    const [n] = await sqlRows<{ body: string }>(t, sql`SELECT body FROM notifications WHERE event = 'QUESTION_REJECTED' AND event_ref = ${`question:${id}`}`);
    expect(n!.body).toContain('Câu hỏi cần khám trực tiếp');
  });

  it.each([
    ['answer before acceptance', 'PUT', 'commentary', 'NEW'],
    ['hide a new question', 'POST', 'hide', 'NEW'],
    ['unhide a new question', 'POST', 'unhide', 'NEW'],
  ] as const)('refuses to %s (409) and changes nothing', async (_n, method, path, status) => {
    const id = await ask(a);
    await act(a, method, `/${id}/${path}`, path === 'commentary' ? answerBody(a) : undefined, 409);
    expect(await statusOf(id)).toBe(status);
  });

  it('refuses an answer without text or without a doctor', async () => {
    const id = await ask(a);
    await act(a, 'POST', `/${id}/acceptance`);
    expect((await act(a, 'PUT', `/${id}/commentary`, { answerHtml: '<script>x</script>', doctorId: a.doctorId }, 400)).message).toBe(
      QUESTION_MESSAGES.answerRequired,
    );
    expect((await act(a, 'PUT', `/${id}/commentary`, { answerHtml: '<p>Có</p>' }, 400)).message).toBe(QUESTION_MESSAGES.doctorRequired);
    expect((await act(a, 'PUT', `/${id}/commentary`, { answerHtml: '<p>Có</p>', doctorId: b.doctorId }, 400)).message).toBe(QUESTION_MESSAGES.doctorUnknown);
    expect(await statusOf(id)).toBe('ACCEPTED');
  });

  it('assigns a specialty and a doctor of the facility only', async () => {
    const id = await ask(a);
    const r = await act(a, 'PUT', `/${id}/assignment`, { specialtyId: a.specialtyId, doctorId: a.doctorId });
    expect(r.data.doctor).toEqual({ id: a.doctorId, name: 'Phạm Thu Trang' });
    await act(a, 'PUT', `/${id}/assignment`, { specialtyId: b.specialtyId, doctorId: null }, 400);
    // answering without naming a doctor uses the one assigned
    await act(a, 'POST', `/${id}/acceptance`);
    expect((await act(a, 'PUT', `/${id}/commentary`, { answerHtml: '<p>Trả lời</p>' })).data.doctor.id).toBe(a.doctorId);
  });

  it('keeps internal comments for the moderators only', async () => {
    const id = await ask(a);
    const c = await act(a, 'POST', `/${id}/comments`, { text: 'Chuyển BS Trang xem giúp' });
    expect(c.data).toMatchObject({ text: 'Chuyển BS Trang xem giúp' });
    await act(a, 'POST', `/${id}/comments`, { text: '   ' }, 400);
    const list = await call('GET', `${Q}/${id}/comments`, a.mod);
    expect(list.json().data.map((x: { text: string }) => x.text)).toEqual(['Chuyển BS Trang xem giúp']);
    expect((await call('GET', `${Q}/${id}`, a.mod)).json().data.commentCount).toBe(1);
    expect((await call('GET', `${APP_QUESTIONS_PATH}/${id}`, a.patient)).body).not.toContain('Chuyển BS Trang');
  });
});

describe('sensitivity', () => {
  it('keeps a sensitive question out of the public API, shows the asker to moderators only', async () => {
    const id = await ask(a, { title: 'Bệnh lây qua đường tình dục' });
    await act(a, 'POST', `/${id}/acceptance`);
    expect((await act(a, 'PUT', `/${id}/sensitivity`, { sensitive: true })).data.sensitive).toBe(true);
    await act(a, 'PUT', `/${id}/commentary`, answerBody(a));
    expect((await call('GET', `${PUBLIC_QUESTIONS_PATH}/${id}?facilityCode=${a.code}`, null)).statusCode).toBe(404);
    const list = await call('GET', `${PUBLIC_QUESTIONS_PATH}?facilityCode=${a.code}&size=50`, null);
    expect(list.json().data.map((q: { id: number }) => q.id)).not.toContain(id);
    expect(list.body).not.toContain('Nguyễn Thị Minh Khai');
    const detail = (await call('GET', `${Q}/${id}`, a.mod)).json().data;
    expect(detail.asker).toMatchObject({ name: 'Nguyễn Thị Minh Khai', userId: a.patientId });
    // clearing it makes it public again
    await act(a, 'PUT', `/${id}/sensitivity`, { sensitive: false });
    expect((await call('GET', `${PUBLIC_QUESTIONS_PATH}/${id}?facilityCode=${a.code}`, null)).statusCode).toBe(200);
  });

  it('refuses to mark a rejected question', async () => {
    const id = await ask(a);
    await act(a, 'POST', `/${id}/rejection`, { reason: 'Trùng câu hỏi' });
    await act(a, 'PUT', `/${id}/sensitivity`, { sensitive: true }, 409);
  });
});

describe('bulk acceptance', () => {
  it('accepts the new ones and reports the others, question by question', async () => {
    const n1 = await ask(a);
    const n2 = await ask(a);
    const done = await ask(a);
    await act(a, 'POST', `/${done}/acceptance`);
    const r = await act(a, 'POST', '/acceptance', { ids: [n1, n2, done] });
    expect(r.data).toMatchObject({ succeeded: 2, failed: 1 });
    expect(r.data.results).toEqual([
      { id: n1, ok: true, status: 'ACCEPTED' },
      { id: n2, ok: true, status: 'ACCEPTED' },
      { id: done, ok: false, status: 'ACCEPTED', message: 'Câu hỏi đã ở trạng thái "Đã duyệt": không cần duyệt lại' },
    ]);
  });

  it("refuses the whole list when one id is another facility's: nothing accepted", async () => {
    const mine = await ask(a);
    const theirs = await ask(b);
    const res = await call('POST', `${Q}/acceptance`, a.mod, { ids: [mine, theirs] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Có câu hỏi không tồn tại hoặc không thuộc cơ sở y tế của bạn (mã ${theirs}): không câu hỏi nào được duyệt`);
    expect(await statusOf(mine)).toBe('NEW');
    expect(await statusOf(theirs)).toBe('NEW');
  });

  it.each([[{ ids: [] }], [{ ids: [0] }], [{ ids: Array.from({ length: 101 }, (_v, i) => i + 1) }], [{}]])('refuses %j', async (body) => {
    expect((await call('POST', `${Q}/acceptance`, a.mod, body)).statusCode).toBe(400);
  });
});

describe('access and isolation', () => {
  it('401 without a token, 403 without MANAGER_CONSULTATION, 404 across facilities', async () => {
    const id = await ask(a);
    expect((await call('GET', `${Q}/filter`, null)).statusCode).toBe(401);
    expect((await call('GET', `${Q}/filter`, a.desk)).statusCode).toBe(403);
    expect((await call('GET', `${Q}/filter`, a.report)).statusCode).toBe(403);
    expect((await call('GET', `${Q}/statistics`, a.report)).statusCode).toBe(200);
    expect((await call('GET', `${Q}/${id}`, a.desk)).statusCode).toBe(403);
    expect((await call('POST', `${Q}/${id}/acceptance`, a.desk)).statusCode).toBe(403);
    for (const [method, path, payload] of [
      ['GET', '', undefined],
      ['POST', '/acceptance', undefined],
      ['POST', '/rejection', { reason: 'x' }],
      ['PUT', '/sensitivity', { sensitive: true }],
      ['PUT', '/assignment', { specialtyId: null, doctorId: null }],
      ['POST', '/comments', { text: 'x' }],
      ['GET', '/comments', undefined],
      ['PUT', '/commentary', answerBody(b)],
      ['GET', '/deeplink', undefined],
    ] as const) {
      const res = await call(method, `${Q}/${id}${path}`, b.mod, payload);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json().message).toBe(QUESTION_MESSAGES.notFound);
    }
    expect(await statusOf(id)).toBe('NEW');
    expect((await call('GET', `${Q}/abc`, a.mod)).statusCode).toBe(400);
    expect((await call('GET', `${Q}/filter?status=DONE`, a.mod)).statusCode).toBe(400);
    expect((await call('GET', `${Q}/filter?from=2026-11-20&to=2026-11-01`, a.mod)).statusCode).toBe(400);
    expect((await call('GET', `${PUBLIC_QUESTIONS_PATH}?facilityCode=KHONG-CO`, null)).statusCode).toBe(404);
    expect((await call('GET', `${PUBLIC_QUESTIONS_PATH}`, null)).statusCode).toBe(400);
  });

  it('gives the deeplink of the app', async () => {
    const id = await ask(a);
    expect((await call('GET', `${Q}/${id}/deeplink`, a.mod)).json().data).toEqual({ url: `benhvien://app/hoi-dap/${id}`, path: `/hoi-dap/${id}` });
  });
});

describe('the list and the statistics', () => {
  let f: Fac;
  beforeAll(async () => {
    f = await facility();
    // the hand-counted fixture: 2 new (one asked 3 days ago: overdue), 1 accepted, 3 answered after 2 h, 30 h and 80 h,
    // 1 rejected, 1 hidden (answered after 10 h); 1 sensitive; 6 of the specialty, 2 without one
    const ids: number[] = [];
    for (let i = 0; i < 8; i += 1) ids.push(await ask(f, i >= 6 ? { specialtyId: null, title: `Hỏi về tiêm chủng ${i}` } : { title: `Đau họng ${i}` }));
    const set = (id: number, s: string) => t.database.db.execute(s === '' ? sql`SELECT 1` : sql.raw(`UPDATE questions SET ${s} WHERE id = ${id}`));
    await set(ids[0]!, `created_at = now() - interval '3 days'`);
    await set(ids[2]!, `status = 'ACCEPTED'`);
    for (const [i, h] of [
      [3, 2],
      [4, 30],
      [5, 80],
    ] as const)
      await set(
        ids[i]!,
        `status = 'ANSWERED', answer_html = '<p>x</p>', created_at = now() - interval '4 days', answered_at = now() - interval '4 days' + interval '${h} hours'`,
      );
    await set(ids[6]!, `status = 'REJECTED', sensitive = true`);
    await set(
      ids[7]!,
      `status = 'HIDDEN', answer_html = '<p>x</p>', created_at = now() - interval '1 day', answered_at = now() - interval '1 day' + interval '10 hours'`,
    );
  });

  it('counts by status, answered, on time, overdue and answer time', async () => {
    const s = (await call('GET', `${Q}/statistics`, f.mod)).json().data;
    expect(s).toMatchObject({
      total: 8,
      byStatus: { NEW: 2, ACCEPTED: 1, ANSWERED: 3, REJECTED: 1, HIDDEN: 1 },
      answered: 4,
      answeredOnTime: 3,
      overdue: 1,
      sensitive: 1,
      medianHours: 20,
      targetHours: 48,
    });
    expect(s.answerTime.map((b: { count: number }) => b.count)).toEqual([2, 1, 0, 1]);
    expect((await call('GET', `${Q}/statistics/status`, f.mod)).json().data).toEqual({
      total: 8,
      byStatus: { NEW: 2, ACCEPTED: 1, ANSWERED: 3, REJECTED: 1, HIDDEN: 1 },
      overdue: 1,
    });
    expect((await call('GET', `${Q}/statistics/status`, f.desk)).statusCode).toBe(403);
    const sp = (await call('GET', `${Q}/specializations`, f.mod)).json().data;
    expect(sp).toEqual([
      { specialtyId: f.specialtyId, name: 'Tai Mũi Họng', total: 6, answered: 3 },
      { specialtyId: null, name: 'Chưa chọn chuyên khoa', total: 2, answered: 1 },
    ]);
  });

  it('filters by status, text without diacritics, overdue, sensitivity and specialty', async () => {
    const list = async (qs: string) => (await call('GET', `${Q}/filter?${qs}`, f.mod)).json();
    expect((await list('')).totalElements).toBe(8);
    expect((await list('status=ANSWERED')).totalElements).toBe(3);
    expect((await list('q=tiem chung')).totalElements).toBe(2);
    expect((await list('q=TIÊM')).totalElements).toBe(2);
    expect((await list('q=dau hong&status=NEW')).totalElements).toBe(2);
    const overdue = await list('overdue=true');
    expect(overdue.totalElements).toBe(1);
    expect(overdue.data[0].timing).toBe('OVERDUE');
    expect((await list('sensitive=true')).totalElements).toBe(1);
    expect((await list(`specialtyId=${f.specialtyId}`)).totalElements).toBe(6);
  });

  it('follows the facility answer-time target', async () => {
    const res = await call('PUT', `${GENERAL_CONFIG_PATH}/QUESTION_ANSWER_HOURS`, f.settings, { value: 24 });
    expect(res.statusCode, res.body).toBe(200);
    const s = (await call('GET', `${Q}/statistics`, f.mod)).json().data;
    expect(s).toMatchObject({ targetHours: 24, answeredOnTime: 2 });
  });
});

describe('options for the filters and the assignment', () => {
  it("lists the facility's specialties and doctors, searched without diacritics", async () => {
    const sp = (await call('GET', `${Q}/options/specialties?q=tai mui`, a.mod)).json();
    expect(sp.data).toEqual([{ id: a.specialtyId, name: 'Tai Mũi Họng' }]);
    const docs = (await call('GET', `${Q}/options/doctors?specialtyId=${a.specialtyId}`, a.mod)).json();
    expect(docs.data.map((d: { id: number }) => d.id)).toEqual([a.doctorId]);
    expect((await call('GET', `${Q}/options/rooms`, a.mod)).statusCode).toBe(400);
    expect((await call('GET', `${Q}/options/doctors`, a.desk)).statusCode).toBe(403);
  });
});

describe("the patient's photos", () => {
  // a real 1×1 PNG
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const upload = (token: string | null, payload: Buffer, type = 'image/png') =>
    t.app.inject({ method: 'POST', url: `${APP_QUESTIONS_PATH}/images`, headers: { ...(token ? bearer(token) : {}), 'content-type': type }, payload });

  it('stores a photo and asks with it; refuses what is not an image, and a caller who is not a patient', async () => {
    const res = await upload(a.patient, PNG);
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.url as string;
    expect(url).toMatch(/^\/api\/content\/v1\/images\/[a-f0-9]{32}\.png$/);
    const id = await ask(a, { imageUrls: [url] });
    expect((await call('GET', `${Q}/${id}`, a.mod)).json().data.imageUrls).toEqual([url]);
    expect((await upload(a.patient, Buffer.from('<script>alert(1)</script>'), 'image/png')).statusCode).toBe(415);
    expect((await upload(null, PNG)).statusCode).toBe(401);
    expect((await upload(a.mod, PNG)).statusCode).toBe(401);
  });
});

describe('the public answers, searched', () => {
  it('finds answered questions by words without diacritics and by specialty; refuses bad paging', async () => {
    const id = await ask(a, { title: 'Viêm xoang tái phát nhiều lần' });
    await act(a, 'POST', `/${id}/acceptance`);
    await act(a, 'PUT', `/${id}/commentary`, answerBody(a));
    const found = (await call('GET', `${PUBLIC_QUESTIONS_PATH}?facilityCode=${a.code}&q=viem%20xoang`, null)).json();
    expect(found.data.map((q: { id: number }) => q.id)).toEqual([id]);
    expect(found.data[0]).toMatchObject({ specialty: { name: 'Tai Mũi Họng' }, asker: 'Người hỏi ẩn danh' });
    const bySpecialty = (await call('GET', `${PUBLIC_QUESTIONS_PATH}?facilityCode=${a.code}&specialtyId=${a.specialtyId}&size=50`, null)).json();
    expect(bySpecialty.data.map((q: { id: number }) => q.id)).toContain(id);
    // another facility's code does not find it
    expect((await call('GET', `${PUBLIC_QUESTIONS_PATH}/${id}?facilityCode=${b.code}`, null)).statusCode).toBe(404);
    expect((await call('GET', `${PUBLIC_QUESTIONS_PATH}?facilityCode=${a.code}&size=1000`, null)).statusCode).toBe(400);
    expect((await call('GET', `${APP_QUESTIONS_PATH}?size=0`, a.patient)).statusCode).toBe(400);
    expect((await call('GET', `${Q}/statistics?from=2026-02-30`, a.mod)).statusCode).toBe(400);
    expect((await call('GET', `${Q}/specializations`, a.desk)).statusCode).toBe(403);
    expect((await call('GET', `${Q}/specializations`, null)).statusCode).toBe(401);
  });
});
