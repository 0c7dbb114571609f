import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES, bookingListResponse } from '@portal/shared/contracts/appointments.contract';
import { addDays } from '@portal/shared/rules/schedule';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { makeClinic, makePatient, makeProfiles, makeSlots, moveSchedules, type ClinicFixture, type SlotFixture } from './appointments.fixtures';
import { todayVn } from './appointments.queries';
import { markNoShows } from './no-show.job';
import type { LiveEvent } from '../../core/live';

const PATH = '/api/appointment/v1';
let t: TestApp;
let tok: { staff: string; other: string; noRight: string; foreign: string; records: string };
let facilityId: number;
let clinic: ClinicFixture;
let tomorrow: SlotFixture[];
let yesterday: SlotFixture[];
let patient: Awaited<ReturnType<typeof makePatient>>;
let others: number[];
let foreignPatient: Awaited<ReturnType<typeof makePatient>>;
let foreignSlots: SlotFixture[];

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never });
const tomorrowDate = () => addDays(todayVn(), 1);

/**
 * Books `patient` by default; a later booking of the same slot without a named profile goes to
 * another person (`others`), since one profile holds one live booking per slot.
 */
const perSlot = new Map<unknown, number>();
async function book(over: Record<string, unknown> = {}, token = tok.staff) {
  const slotId = over.timeSlotId ?? tomorrow[0]!.id;
  const k = perSlot.get(slotId) ?? 0;
  if (over.medicalProfileId === undefined) perSlot.set(slotId, k + 1);
  const medicalProfileId = k === 0 ? patient.profiles[0]!.id : others[k - 1]!;
  const res = await call('POST', PATH, token, { medicalProfileId, timeSlotId: slotId, ...over });
  return res;
}
async function bookId(over: Record<string, unknown> = {}) {
  const res = await book(over);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}
const slotBooked = async (id: number) => (await sqlRows<{ booked: number }>(t, sql`SELECT booked FROM time_slots WHERE id = ${id}`))[0]!.booked;
const act = (id: number, action: string, payload?: unknown) => call('POST', `${PATH}/${id}/${action}`, tok.staff, payload);

/**
 * A clinic of its own with a morning of slots, bookable now (tomorrow); `comes()` then brings that day to
 * today, as the day of the visit comes: a patient is checked in on the day of the booking only.
 */
async function visitDay(label: string, capacity = 3) {
  const made = await t.database.transaction(async (tx) => {
    const c = await makeClinic(tx, facilityId, label);
    return { clinic: c, slots: await makeSlots(tx, facilityId, c, tomorrowDate(), { capacity }) };
  });
  return { ...made, comes: () => t.database.transaction((tx) => moveSchedules(tx, [made.slots[0]!.scheduleId], todayVn())) };
}

beforeAll(async () => {
  // These stories check patients in on any hour of the test run: a day-long threshold keeps a morning
  // slot checked in at night from being a late check-in (the rule's own tests: booking-desk.int.test.ts).
  t = await createTestApp({ LATE_CHECKIN_MINUTES: '1440' });
  const f = await makeFacility(t, [
    { key: 'staff', authorities: ['MANAGER_APPOINTMENT'] },
    { key: 'other', authorities: ['MANAGER_APPOINTMENT'] },
    { key: 'noRight', authorities: ['MANAGER_DOCTOR'] },
    { key: 'records', authorities: ['MANAGER_USER'] },
  ]);
  const g = await makeFacility(t, [{ key: 'foreign', authorities: ['MANAGER_APPOINTMENT'] }]);
  facilityId = f.facilityId;
  tok = {
    staff: (await login(t, f.accounts.staff!)).loginToken,
    other: (await login(t, f.accounts.other!)).loginToken,
    noRight: (await login(t, f.accounts.noRight!)).loginToken,
    foreign: (await login(t, g.accounts.foreign!)).loginToken,
    records: (await login(t, f.accounts.records!)).loginToken,
  };
  await t.database.transaction(async (tx) => {
    clinic = await makeClinic(tx, facilityId);
    tomorrow = await makeSlots(tx, facilityId, clinic, tomorrowDate(), { capacity: 3, end: '17:00' });
    yesterday = await makeSlots(tx, facilityId, clinic, addDays(todayVn(), -1), { capacity: 3 });
    patient = await makePatient(tx, facilityId);
    others = await makeProfiles(tx, facilityId, 12);
    const fc = await makeClinic(tx, g.facilityId);
    foreignSlots = await makeSlots(tx, g.facilityId, fc, tomorrowDate());
    foreignPatient = await makePatient(tx, g.facilityId);
  });
});
afterAll(() => t.close());

describe('create', () => {
  it('books a place: copies the slot, prices the services, logs, audits and answers the spec message', async () => {
    const before = await slotBooked(tomorrow[1]!.id);
    const res = await book({
      timeSlotId: tomorrow[1]!.id,
      serviceIds: clinic.serviceIds,
      symptom: 'Đau đầu, chóng mặt',
      source: 'HOTLINE',
      specialtyId: clinic.specialtyId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json();
    expect(b.message).toBe('Đặt khám thành công');
    expect(b.data).toMatchObject({
      status: 'PENDING',
      fhirStatus: 'pending',
      previousStatus: null,
      date: tomorrowDate(),
      startTime: tomorrow[1]!.startTime,
      doctor: { id: clinic.doctorId, name: 'BSCKI Nguyễn Văn An' },
      room: { id: clinic.roomId },
      department: { id: clinic.departmentId },
      specialty: { id: clinic.specialtyId },
      patient: { userId: patient.userId, profileId: patient.profiles[0]!.id, name: 'Trần Thị Bình' },
      // 150,000 listed + the high-quality price 120,000 of the second service (not its listed 90,000)
      totalPrice: 270_000,
      source: 'HOTLINE',
    });
    expect(b.data.code).toMatch(new RegExp(`^DK${tomorrowDate().slice(2).replaceAll('-', '')}\\d{6}$`));
    expect(await slotBooked(tomorrow[1]!.id)).toBe(before + 1);
    const [row] = await sqlRows<{ search_text: string }>(t, sql`SELECT search_text FROM bookings WHERE id = ${b.data.id}`);
    expect(row!.search_text).toContain('tran thi binh');
    expect(row!.search_text).toContain(b.data.code.toLowerCase());
    const detail = (await call('GET', `${PATH}/${b.data.id}`, tok.staff)).json().data;
    expect(detail.services.map((s: { price: number }) => s.price).sort()).toEqual([120_000, 150_000]);
    // The booking form's services dropdown quoted each service at exactly the price the booking charged.
    const quoted = (await call('GET', '/api/catalog/v1/medical-services/select?size=100', tok.staff)).json().data as { id: number; price: number }[];
    const charged = Object.fromEntries(detail.services.map((s: { id: number; price: number }) => [s.id, s.price]));
    expect(Object.fromEntries(quoted.filter((q) => clinic.serviceIds.includes(q.id)).map((q) => [q.id, q.price]))).toEqual(charged);
    expect(detail.log).toHaveLength(1);
    expect(detail.log[0]).toMatchObject({ action: 'create', fromStatus: null, toStatus: 'PENDING', actor: 'STAFF', by: { name: 'Nhân viên staff' } });
    const audits = await sqlRows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'booking' AND entity_id = ${String(b.data.id)} AND action = 'BOOKING_CREATE'`,
    );
    expect(audits[0]!.n).toBe(1);
  });

  it('accepts at once when asked, with a create and an accept log row', async () => {
    const res = await book({ accept: true, timeSlotId: tomorrow[2]!.id });
    expect(res.json().data).toMatchObject({ status: 'ACCEPTED', fhirStatus: 'booked', previousStatus: 'PENDING' });
    const logs = (await call('GET', `${PATH}/${res.json().data.id}/logs`, tok.staff)).json().data;
    expect(logs.map((l: { action: string }) => l.action)).toEqual(['create', 'accept']);
  });

  it('refuses a full slot with 409 and writes nothing', async () => {
    const slot = tomorrow[3]!.id;
    for (let i = 0; i < 3; i++) expect((await book({ timeSlotId: slot })).statusCode).toBe(200);
    const count = async () => (await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM bookings WHERE time_slot_id = ${slot}`))[0]!.n;
    const res = await book({ timeSlotId: slot });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BOOKING_MESSAGES.slotFull);
    expect(await count()).toBe(3);
    expect(await slotBooked(slot)).toBe(3);
  });

  it('refuses a past slot (400), a missing or other facility slot (404), another facility profile (404), bad input (400)', async () => {
    expect((await book({ timeSlotId: yesterday[0]!.id })).json()).toMatchObject({ code: 400, message: BOOKING_MESSAGES.slotPast });
    expect((await book({ timeSlotId: foreignSlots[0]!.id })).json()).toMatchObject({ code: 404, message: BOOKING_MESSAGES.slotNotFound });
    expect((await book({ timeSlotId: 99_999_999 })).statusCode).toBe(404);
    expect((await book({ medicalProfileId: foreignPatient.profiles[0]!.id })).json()).toMatchObject({ code: 404, message: BOOKING_MESSAGES.profileNotFound });
    const bad = await book({ timeSlotId: 'x', priority: 5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.length).toBeGreaterThan(0);
    expect((await book({ serviceIds: [99_999_999] })).json()).toMatchObject({ code: 400, errors: [{ field: 'serviceIds' }] });
    expect((await book({ unknownField: 1 })).statusCode).toBe(400);
  });

  it('needs a token (401) and the authority (403)', async () => {
    expect((await book({}, '')).statusCode).toBe(401);
    expect((await book({}, tok.noRight)).statusCode).toBe(403);
    expect((await call('GET', PATH, tok.noRight)).statusCode).toBe(403);
  });
});

describe('list', () => {
  it('lists one day with filters, search without diacritics and counts per status', async () => {
    const date = tomorrowDate();
    const res = await call('GET', `${PATH}?date=${date}&size=100`, tok.staff);
    expect(res.statusCode, res.body).toBe(200);
    const body = bookingListResponse.parse(res.json());
    expect(bookingListResponse.strict().safeParse(res.json()).success).toBe(true);
    const total = Object.values(body.counts as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(body.totalElements).toBe(total);
    expect(body.data).toHaveLength(total);
    expect(body.counts.ACCEPTED).toBeGreaterThanOrEqual(1);
    const accepted = (await call('GET', `${PATH}?date=${date}&status=ACCEPTED`, tok.staff)).json();
    expect(accepted.data.every((b: { status: string }) => b.status === 'ACCEPTED')).toBe(true);
    expect(accepted.counts).toEqual(body.counts);
    expect(accepted.totalElements).toBe(body.counts.ACCEPTED);
    const search = (await call('GET', `${PATH}?date=${date}&q=${encodeURIComponent('tran thi BÌNH')}`, tok.staff)).json();
    const binh = body.data.filter((b) => b.patient.profileId === patient.profiles[0]!.id).length;
    expect(binh).toBeGreaterThan(0);
    expect(search.totalElements).toBe(binh);
    // her phone as the list shows it, in groups, finds the same bookings
    const phone = body.data.find((b) => b.patient.profileId === patient.profiles[0]!.id)!.patient.phone!;
    expect(phone).toMatch(/^0\d{9}$/);
    const grouped = `${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`;
    expect((await call('GET', `${PATH}?date=${date}&q=${encodeURIComponent(grouped)}`, tok.staff)).json().totalElements).toBe(binh);
    expect((await call('GET', `${PATH}?date=${date}&q=khong-co-ai`, tok.staff)).json().totalElements).toBe(0);
    expect(
      (
        await call(
          'GET',
          `${PATH}?date=${date}&doctorId=${clinic.doctorId}&roomId=${clinic.roomId}&departmentId=${clinic.departmentId}&source=HOTLINE`,
          tok.staff,
        )
      ).json().totalElements,
    ).toBe(total);
    expect((await call('GET', `${PATH}?date=${date}&source=APP`, tok.staff)).json().totalElements).toBe(0);
    const paged = (await call('GET', `${PATH}?date=${date}&size=2&page=1&sort=time,desc`, tok.staff)).json();
    expect(paged).toMatchObject({ page: 1, size: 2, totalElements: total, totalPage: Math.ceil(total / 2) });
  });

  it('counts follow every write at once (a write drops the cached counts)', async () => {
    const url = `${PATH}?date=${tomorrowDate()}&size=1`;
    const before = (await call('GET', url, tok.staff)).json().counts;
    const id = await bookId({ timeSlotId: tomorrow[17]!.id });
    const mid = (await call('GET', url, tok.staff)).json().counts;
    expect(mid.PENDING).toBe(before.PENDING + 1);
    await act(id, 'accept');
    const after = (await call('GET', `${url}&status=ACCEPTED`, tok.staff)).json();
    expect(after.counts).toMatchObject({ PENDING: before.PENDING, ACCEPTED: mid.ACCEPTED + 1 });
    expect(after.totalElements).toBe(mid.ACCEPTED + 1);
  });

  it('serves a repeated page from the cache, changes it at once on a write, and never to another facility', async () => {
    const url = `${PATH}?date=${tomorrowDate()}&status=PENDING&size=100`;
    const codes = (res: { json(): { data: { code: string }[] } }) => res.json().data.map((r) => r.code);
    const first = await call('GET', url, tok.staff);
    expect((await call('GET', url, tok.other)).body).toBe(first.body);
    const id = await bookId({ timeSlotId: tomorrow[18]!.id });
    const code = (await call('GET', `${PATH}/${id}`, tok.staff)).json().data.code as string;
    const withNew = await call('GET', url, tok.staff);
    expect(codes(withNew)).toContain(code);
    expect(withNew.json().totalElements).toBe(first.json().totalElements + 1);
    // the same query from another facility gets its own (empty) day, not the cached page
    const foreign = (await call('GET', url, tok.foreign)).json();
    expect(foreign.data.map((r: { id: number }) => r.id)).not.toContain(id);
    await act(id, 'accept');
    expect(codes(await call('GET', url, tok.other))).not.toContain(code);
  });

  it('defaults to today (+07:00), keeps facilities apart and refuses bad filters', async () => {
    const id = await bookId({ timeSlotId: tomorrow[4]!.id });
    await t.database.db.execute(sql`UPDATE bookings SET date = ${todayVn()} WHERE id = ${id}`);
    const today = (await call('GET', PATH, tok.staff)).json();
    expect(today.data.map((b: { id: number }) => b.id)).toContain(id);
    const foreign = (await call('GET', `${PATH}?date=${tomorrowDate()}`, tok.foreign)).json();
    expect(foreign.totalElements).toBe(0);
    await t.database.db.execute(sql`UPDATE bookings SET date = ${tomorrowDate()} WHERE id = ${id}`);
    for (const q of ['date=2026-13-45x', 'status=DONE,NOPE', 'size=1000', 'sort=name', 'source=FAX', 'doctorId=abc']) {
      expect((await call('GET', `${PATH}?${q}`, tok.staff)).statusCode, q).toBe(400);
    }
  });
});

describe('detail, logs, sources', () => {
  it('404s another facility booking and an unknown id; 400s a bad id', async () => {
    const id = await bookId({ timeSlotId: tomorrow[5]!.id });
    expect((await call('GET', `${PATH}/${id}`, tok.foreign)).statusCode).toBe(404);
    expect((await call('GET', `${PATH}/${id}/logs`, tok.foreign)).statusCode).toBe(404);
    expect((await call('POST', `${PATH}/${id}/accept`, tok.foreign)).statusCode).toBe(404);
    expect((await call('GET', `${PATH}/99999999`, tok.staff)).json().message).toBe(BOOKING_MESSAGES.notFound);
    expect((await call('GET', `${PATH}/abc`, tok.staff)).statusCode).toBe(400);
  });

  it('lists the sources with Vietnamese names', async () => {
    const res = (await call('GET', `${PATH}/sources`, tok.staff)).json();
    expect(res.data).toContainEqual({ value: 'HOTLINE', name: 'Tổng đài' });
  });
});

describe('transitions', () => {
  it('walks PENDING → ACCEPTED → CHECKED_IN → CALLED → DONE with queue number, logs and live events', async () => {
    const visit = await visitDay('Nội tiết');
    const id = await bookId({ timeSlotId: visit.slots[0]!.id });
    const accept = await act(id, 'accept');
    expect(accept.json()).toMatchObject({ message: 'Đã xác nhận lịch khám', data: { status: 'ACCEPTED', previousStatus: 'PENDING' } });
    // not before the day of the visit: 409 naming the day, nothing written
    const early = await act(id, 'checkin');
    const day = tomorrowDate().split('-').reverse().join('/');
    expect([early.statusCode, early.json().message]).toEqual([409, `Chỉ tiếp đón lịch khám của hôm nay: lịch này hẹn ngày ${day}`]);
    expect((await call('GET', `${PATH}/${id}/logs`, tok.staff)).json().data).toHaveLength(2);
    await visit.comes();
    const checkin = (await act(id, 'checkin')).json().data;
    expect(checkin).toMatchObject({ status: 'CHECKED_IN', fhirStatus: 'arrived' });
    expect(checkin.queueNumber).toBeGreaterThanOrEqual(1);
    expect((await act(id, 'called')).json().data).toMatchObject({ status: 'CALLED', fhirStatus: 'checked-in' });
    expect((await act(id, 'complete')).json().data).toMatchObject({ status: 'DONE', fhirStatus: 'fulfilled', queueNumber: checkin.queueNumber });
    const refused = await act(id, 'revert');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Không thể hoàn tác lịch khám đang ở trạng thái "Đã khám xong"');
    const logs = (await call('GET', `${PATH}/${id}/logs`, tok.staff)).json().data;
    expect(logs.map((l: { action: string }) => l.action)).toEqual(['create', 'accept', 'checkin', 'call', 'complete']);
  });

  it('refuses an illegal transition with 409 naming the current state, writing nothing', async () => {
    const id = await bookId({ timeSlotId: tomorrow[6]!.id });
    const res = await act(id, 'checkin');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Không thể tiếp đón lịch khám đang ở trạng thái "Chờ xác nhận"');
    expect((await act(id, 'complete')).statusCode).toBe(409);
    expect((await call('GET', `${PATH}/${id}/logs`, tok.staff)).json().data).toHaveLength(1);
  });

  it('reject needs a reason, gives the place back; revert retakes it (and is refused when the slot filled up)', async () => {
    const slot = tomorrow[7]!.id;
    const id = await bookId({ timeSlotId: slot });
    expect((await act(id, 'reject', {})).statusCode).toBe(400);
    expect((await act(id, 'reject', { reason: '  ' })).statusCode).toBe(400);
    const rejected = (await act(id, 'reject', { reason: 'Bác sĩ nghỉ đột xuất' })).json().data;
    expect(rejected).toMatchObject({ status: 'REJECTED', statusReason: 'Bác sĩ nghỉ đột xuất', previousStatus: 'PENDING' });
    expect(await slotBooked(slot)).toBe(0);
    const back = (await act(id, 'revert')).json().data;
    expect(back).toMatchObject({ status: 'PENDING', statusReason: null, previousStatus: null });
    expect(await slotBooked(slot)).toBe(1);
    await act(id, 'reject', { reason: 'Trùng lịch' });
    await bookId({ timeSlotId: slot });
    await bookId({ timeSlotId: slot });
    await bookId({ timeSlotId: slot });
    const full = await act(id, 'revert');
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(BOOKING_MESSAGES.slotFull);
    expect((await call('GET', `${PATH}/${id}`, tok.staff)).json().data.status).toBe('REJECTED');
    expect(await slotBooked(slot)).toBe(3);
  });

  it('cancel gives the place back and cannot be reverted', async () => {
    const slot = tomorrow[8]!.id;
    const id = await bookId({ timeSlotId: slot, accept: true });
    expect((await act(id, 'cancel', { reason: 'Bệnh nhân bận việc gia đình' })).json().data.status).toBe('CANCELLED');
    expect(await slotBooked(slot)).toBe(0);
    expect((await act(id, 'revert')).statusCode).toBe(409);
  });

  it('revert walks back one step at a time; a reverted check-in keeps its number and checking in again reuses it', async () => {
    const visit = await visitDay('Thần kinh');
    const id = await bookId({ timeSlotId: visit.slots[0]!.id, accept: true });
    const other = await bookId({ timeSlotId: visit.slots[0]!.id, accept: true });
    await visit.comes();
    const n = (await act(id, 'checkin')).json().data.queueNumber;
    expect((await act(id, 'called')).json().data.previousStatus).toBe('CHECKED_IN');
    expect((await act(id, 'revert')).json().data).toMatchObject({ status: 'CHECKED_IN', previousStatus: 'ACCEPTED' });
    expect((await act(id, 'revert')).json().data).toMatchObject({ status: 'ACCEPTED', queueNumber: n, previousStatus: 'PENDING' });
    expect((await act(id, 'revert')).json().data).toMatchObject({ status: 'PENDING', previousStatus: null });
    expect((await act(id, 'revert')).statusCode).toBe(409);
    await act(id, 'accept');
    const m = (await act(other, 'checkin')).json().data.queueNumber;
    expect(m).toBe(n + 1);
    expect((await act(id, 'checkin')).json().data.queueNumber).toBe(n);
    const queue = (await call('GET', `${PATH}/priority?roomId=${visit.clinic.roomId}&date=${todayVn()}`, tok.staff)).json().data;
    expect(queue.map((b: { id: number }) => b.id)).toEqual(expect.arrayContaining([id, other]));
    // priority first
    await call('PUT', `${PATH}/${other}/priority`, tok.staff, { priority: 1 });
    const q2 = (await call('GET', `${PATH}/priority?scheduleId=${visit.slots[0]!.scheduleId}`, tok.staff)).json().data;
    expect(q2[0].id).toBe(other);
    const foreign = await call('GET', `${PATH}/priority?roomId=${visit.clinic.roomId}&date=${todayVn()}`, tok.foreign);
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, BOOKING_MESSAGES.roomNotFound]);
    expect((await call('GET', `${PATH}/priority`, tok.staff)).statusCode).toBe(400);
  });

  it('publishes a live event per write, after commit', async () => {
    const got: LiveEvent[] = [];
    const { openLiveHub } = await import('../../core/live');
    const hub = await openLiveHub(t.database, t.app.log);
    const stop = hub.subscribe((e) => got.push(e));
    const id = await bookId({ timeSlotId: tomorrow[10]!.id });
    await act(id, 'accept');
    await new Promise((r) => setTimeout(r, 300));
    stop();
    await hub.close();
    const mine = got.filter((e) => e.topic === 'bookings' && e.id === id);
    expect(mine.map((e) => e.type)).toEqual(['create', 'accept']);
    expect(mine[1]).toMatchObject({ facilityId, data: { date: tomorrowDate(), status: 'ACCEPTED', roomId: clinic.roomId } });
  });
});

describe('bulk accept', () => {
  it('accepts each booking on its own: partial results, no half-applied booking', async () => {
    const a = await bookId({ timeSlotId: tomorrow[11]!.id });
    const b = await bookId({ timeSlotId: tomorrow[11]!.id, accept: true });
    const c = await bookId({ timeSlotId: tomorrow[11]!.id });
    const res = await call('POST', `${PATH}/accept`, tok.staff, { ids: [c, b, a, 99_999_999] });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ succeeded: 2, failed: 2 });
    expect(data.results).toEqual([
      { id: a, ok: true, status: 'ACCEPTED' },
      { id: b, ok: false, message: 'Không thể xác nhận lịch khám đang ở trạng thái "Đã xác nhận"' },
      { id: c, ok: true, status: 'ACCEPTED' },
      { id: 99_999_999, ok: false, message: BOOKING_MESSAGES.notFound },
    ]);
    const logsOfB = (await call('GET', `${PATH}/${b}/logs`, tok.staff)).json().data;
    expect(logsOfB).toHaveLength(2);
    expect((await call('POST', `${PATH}/accept`, tok.staff, { ids: [] })).statusCode).toBe(400);
    expect((await call('POST', `${PATH}/accept`, tok.foreign, { ids: [a] })).json().data.results[0]).toMatchObject({
      ok: false,
      message: BOOKING_MESSAGES.notFound,
    });
  });
});

describe('reschedule, profile, priority', () => {
  it('moves to another slot (place given back, new one taken), changes services, symptom, priority', async () => {
    const id = await bookId({ timeSlotId: tomorrow[12]!.id, serviceIds: [clinic.serviceIds[0]!] });
    const res = await call('PUT', `${PATH}/${id}`, tok.staff, {
      timeSlotId: tomorrow[13]!.id,
      serviceIds: clinic.serviceIds,
      symptom: 'Ho kéo dài',
      priority: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: BOOKING_MESSAGES.updated,
      data: { timeSlotId: tomorrow[13]!.id, startTime: tomorrow[13]!.startTime, totalPrice: 270_000, symptom: 'Ho kéo dài', priority: 1 },
    });
    expect(await slotBooked(tomorrow[12]!.id)).toBe(0);
    expect(await slotBooked(tomorrow[13]!.id)).toBe(1);
    expect((await call('PUT', `${PATH}/${id}`, tok.staff, { timeSlotId: yesterday[1]!.id })).statusCode).toBe(400);
    expect((await call('PUT', `${PATH}/${id}`, tok.staff, { timeSlotId: foreignSlots[1]!.id })).statusCode).toBe(404);
    expect((await call('PUT', `${PATH}/${id}`, tok.foreign, { symptom: 'x' })).statusCode).toBe(404);
    expect((await call('PUT', `${PATH}/${id}`, tok.staff, { priority: 3 })).statusCode).toBe(400);
    for (let i = 0; i < 3; i++) await bookId({ timeSlotId: tomorrow[14]!.id });
    expect((await call('PUT', `${PATH}/${id}`, tok.staff, { timeSlotId: tomorrow[14]!.id })).json()).toMatchObject({
      code: 409,
      message: BOOKING_MESSAGES.slotFull,
    });
    expect(await slotBooked(tomorrow[13]!.id)).toBe(1);
    const logs = (await call('GET', `${PATH}/${id}/logs`, tok.staff)).json().data;
    expect(logs.at(-1)).toMatchObject({ action: 'reschedule', fromStatus: 'PENDING', toStatus: 'PENDING' });
    // the history says from where to where, as the desk reads it
    const day = tomorrowDate().split('-').reverse().join('/');
    expect(logs.at(-1).detail.before.slot).toMatch(
      new RegExp(`^${tomorrow[12]!.startTime}–\\d\\d:\\d\\d ${day} · Phòng khám Nội tổng hợp [0-9A-F]{6} · BSCKI Nguyễn Văn An$`),
    );
    expect(logs.at(-1).detail.after.slot).toMatch(new RegExp(`^${tomorrow[13]!.startTime}–\\d\\d:\\d\\d ${day} · `));
  });

  it('keeps the quoted price of a service that stays; an added one takes today’s price; a removed one leaves the total', async () => {
    // Services of their own, so changing their prices touches no other test.
    const own = await t.database.transaction((tx) => makeClinic(tx, facilityId, 'Tim mạch'));
    const [exam, blood] = own.serviceIds as [number, number];
    const reprice = (serviceId: number, listed: number, highQuality?: number) =>
      sqlRows(
        t,
        sql`UPDATE medical_services SET price = ${listed}, price_entries = ${JSON.stringify(highQuality === undefined ? [] : [{ khoaChiDinhId: 1000102, donGiaDichVu: highQuality, denNgay: null }])}::jsonb WHERE id = ${serviceId}`,
      );
    const held = async (bookingId: number) =>
      Object.fromEntries(
        (await sqlRows<{ service_id: number; price: string }>(t, sql`SELECT service_id, price FROM booking_services WHERE booking_id = ${bookingId}`)).map(
          (r) => [r.service_id, Number(r.price)],
        ),
      );
    const update = async (bookingId: number, payload: Record<string, unknown>) => {
      const res = await call('PUT', `${PATH}/${bookingId}`, tok.staff, payload);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const updates = async (bookingId: number) =>
      (
        await sqlRows<{ n: number }>(
          t,
          sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'booking' AND entity_id = ${String(bookingId)} AND action = 'BOOKING_UPDATE'`,
        )
      )[0]!.n;

    // Booked with the blood count, quoted at its high-quality price 120,000.
    const id = await bookId({ timeSlotId: tomorrow[19]!.id, serviceIds: [blood] });
    expect(await held(id)).toEqual({ [blood]: 120_000 });

    // The price list changes: the blood count's high-quality entry is now 135,000, the consultation 160,000.
    await reprice(blood, 95_000, 135_000);
    await reprice(exam, 160_000);
    // The form sends every chosen service: the blood count stays, the consultation is added.
    const data = await update(id, { serviceIds: [blood, exam], symptom: 'Hồi hộp' });
    expect(data.totalPrice).toBe(280_000); // 120,000 as quoted + 160,000 today (the old behaviour charged 295,000)
    const detail = (await call('GET', `${PATH}/${id}`, tok.staff)).json().data;
    expect(Object.fromEntries(detail.services.map((s: { id: number; price: number }) => [s.id, s.price]))).toEqual({ [blood]: 120_000, [exam]: 160_000 });
    expect(detail.totalPrice).toBe(280_000);
    expect(await held(id)).toEqual({ [blood]: 120_000, [exam]: 160_000 });
    const [log] = (await call('GET', `${PATH}/${id}/logs`, tok.staff)).json().data.slice(-1);
    // the booking did not move: its history says "Cập nhật", not "Đổi lịch"
    expect(log).toMatchObject({ action: 'update', fromStatus: 'PENDING', toStatus: 'PENDING' });
    expect(await updates(id)).toBe(1);
    const [audited] = await sqlRows<{ before: { totalPrice: number; serviceIds: number[] }; after: { totalPrice: number; serviceIds: number[] } }>(
      t,
      sql`SELECT before, after FROM audit_log WHERE entity = 'booking' AND entity_id = ${String(id)} AND action = 'BOOKING_UPDATE' ORDER BY id DESC LIMIT 1`,
    );
    expect(audited).toMatchObject({ before: { totalPrice: 120_000, serviceIds: [blood] }, after: { totalPrice: 280_000 } });
    expect([...audited!.after.serviceIds].sort()).toEqual([blood, exam].sort());

    // An edit that sends the same services again (priority only on the form) charges the same.
    await reprice(exam, 170_000);
    expect((await update(id, { serviceIds: [exam, blood], priority: 1 })).totalPrice).toBe(280_000);
    // Removing the blood count drops its quoted price from the total; the consultation keeps 160,000.
    expect((await update(id, { serviceIds: [exam] })).totalPrice).toBe(160_000);
    expect(await held(id)).toEqual({ [exam]: 160_000 });
    // Added back later it is a new service again, at today's price.
    expect((await update(id, { serviceIds: [exam, blood] })).totalPrice).toBe(160_000 + 135_000);
    // A kept service stays even once deactivated (it was quoted); a deactivated one cannot be added.
    await sqlRows(t, sql`UPDATE medical_services SET active = false WHERE id = ${exam}`);
    expect((await update(id, { serviceIds: [exam, blood], symptom: 'Hồi hộp, khó thở' })).totalPrice).toBe(295_000);
    expect((await update(id, { serviceIds: [blood] })).totalPrice).toBe(135_000);
    const refused = await call('PUT', `${PATH}/${id}`, tok.staff, { serviceIds: [blood, exam] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: 'serviceIds', message: 'Có dịch vụ không tồn tại hoặc đã ngừng hoạt động' }]);
    expect(await held(id)).toEqual({ [blood]: 135_000 });
    // No services at all: the total is 0. Every successful edit wrote one audit row.
    expect((await update(id, { serviceIds: [] })).totalPrice).toBe(0);
    expect(await updates(id)).toBe(7);
  });

  it('refuses a second live booking of one profile in one slot (409 naming it), on create and on a move; allows it again once cancelled', async () => {
    const me = { medicalProfileId: patient.profiles[1]!.id };
    const [x, y] = await t.database.transaction((tx) =>
      makeSlots(tx, facilityId, clinic, addDays(todayVn(), 5), { start: '08:00', end: '09:00', minutes: 30, capacity: 3 }),
    );
    const first = await call('POST', PATH, tok.staff, { ...me, timeSlotId: x!.id });
    expect(first.statusCode, first.body).toBe(200);
    const code = first.json().data.code as string;
    const before = await slotBooked(x!.id);
    const again = await call('POST', PATH, tok.staff, { ...me, timeSlotId: x!.id });
    expect(again.json()).toEqual({ code: 409, message: `Hồ sơ này đã có lịch khám ${code} trong khung giờ đã chọn` });
    expect(await slotBooked(x!.id)).toBe(before);
    // another booking of the same profile cannot be moved onto that slot either
    const other = await call('POST', PATH, tok.staff, { ...me, timeSlotId: y!.id });
    expect((await call('PUT', `${PATH}/${other.json().data.id}`, tok.staff, { timeSlotId: x!.id })).json()).toMatchObject({
      code: 409,
      message: `Hồ sơ này đã có lịch khám ${code} trong khung giờ đã chọn`,
    });
    expect(await slotBooked(y!.id)).toBe(1);
    // cancelled, the slot is free for the same person again
    expect((await act(first.json().data.id, 'cancel', { reason: 'Đặt nhầm' })).statusCode).toBe(200);
    expect((await call('POST', PATH, tok.staff, { ...me, timeSlotId: x!.id })).statusCode).toBe(200);
  });

  it('changes the profile within the same account only; refuses edits once checked in', async () => {
    const visit = await visitDay('Cơ xương khớp');
    const id = await bookId({ timeSlotId: visit.slots[0]!.id });
    const child = patient.profiles[1]!;
    const res = await call('PUT', `${PATH}/${id}/profile`, tok.staff, { medicalProfileId: child.id });
    expect(res.json().data.patient).toMatchObject({ profileId: child.id, name: 'Lê Minh Khôi' });
    const stranger = await t.database.transaction((tx) => makePatient(tx, facilityId, 'Phạm Văn Dũng'));
    expect((await call('PUT', `${PATH}/${id}/profile`, tok.staff, { medicalProfileId: stranger.profiles[0]!.id })).statusCode).toBe(400);
    expect((await call('PUT', `${PATH}/${id}/profile`, tok.staff, { medicalProfileId: foreignPatient.profiles[0]!.id })).statusCode).toBe(404);
    await act(id, 'accept');
    await visit.comes();
    expect((await act(id, 'checkin')).statusCode).toBe(200);
    expect((await call('PUT', `${PATH}/${id}`, tok.staff, { symptom: 'Sốt' })).statusCode).toBe(409);
    expect((await call('PUT', `${PATH}/${id}/priority`, tok.staff, { priority: 1 })).json().data.priority).toBe(1);
  });
});

describe('time slots, work days, queue counter sync', () => {
  it('shows a doctor day with free places and the past flag', async () => {
    const res = (await call('GET', `${PATH}/time-slots?doctorId=${clinic.doctorId}&date=${addDays(todayVn(), -1)}`, tok.staff)).json().data;
    expect(res).toHaveLength(8);
    expect(res[0]).toMatchObject({
      id: yesterday[0]!.id,
      capacity: 3,
      booked: 0,
      free: 3,
      past: true,
      room: { id: clinic.roomId },
      department: { id: clinic.departmentId },
    });
    const next = (await call('GET', `${PATH}/time-slots?doctorId=${clinic.doctorId}&date=${tomorrowDate()}`, tok.staff)).json().data;
    expect(next.every((s: { past: boolean }) => !s.past)).toBe(true);
    expect((await call('GET', `${PATH}/time-slots?doctorId=${clinic.doctorId}&date=${tomorrowDate()}`, tok.foreign)).json().data).toEqual([]);
    expect((await call('GET', `${PATH}/time-slots?doctorId=${clinic.doctorId}`, tok.staff)).statusCode).toBe(400);
  });

  it('sums the work days of a range; free only counts places not yet started', async () => {
    const from = addDays(todayVn(), -1);
    const to = addDays(todayVn(), 1);
    const days = (await call('GET', `${PATH}/work-days?doctorId=${clinic.doctorId}&from=${from}&to=${to}`, tok.staff)).json().data;
    expect(days.map((d: { date: string }) => d.date)).toEqual([from, to]);
    expect(days[0]).toMatchObject({ capacity: 24, booked: 0, free: 0 });
    expect(days[1].free).toBe(days[1].capacity - days[1].booked);
    expect((await call('GET', `${PATH}/work-days?doctorId=${clinic.doctorId}&from=${to}&to=${from}`, tok.staff)).statusCode).toBe(400);
    expect((await call('GET', `${PATH}/work-days?doctorId=${clinic.doctorId}&from=2026-01-01&to=2026-12-31`, tok.staff)).statusCode).toBe(400);
  });

  it('sets the room day counter to the highest number held', async () => {
    const visit = await visitDay('Hô hấp');
    const ids = [await bookId({ timeSlotId: visit.slots[0]!.id, accept: true }), await bookId({ timeSlotId: visit.slots[1]!.id, accept: true })];
    await visit.comes();
    for (const id of ids) await act(id, 'checkin');
    const date = todayVn();
    const roomId = visit.clinic.roomId;
    await t.database.db.execute(sql`UPDATE queue_counters SET last_number = 500 WHERE room_id = ${roomId} AND date = ${date}`);
    const res = await call('POST', `${PATH}/sync-checkin-seq`, tok.staff, { roomId, date });
    expect(res.json().data).toEqual({ roomId, date, lastNumber: 2, hisLastNumber: null });
    expect((await act(await bookId({ timeSlotId: tomorrow[19]!.id, accept: true }), 'checkin')).statusCode).toBe(409);
    expect((await call('POST', `${PATH}/sync-checkin-seq`, tok.foreign, { roomId, date })).statusCode).toBe(404);
    expect((await call('POST', `${PATH}/sync-checkin-seq`, tok.staff, { roomId })).statusCode).toBe(400);
  });
});

describe('call the next patient of a room', () => {
  it('calls the waiting patients priority first, then by queue number; 409 when nobody waits', async () => {
    const date = todayVn();
    const room = await visitDay('Tai Mũi Họng');
    const ids: number[] = [];
    for (const [i, priority] of [0, 0, 1].entries()) {
      const res = await call('POST', PATH, tok.staff, { medicalProfileId: others[i]!, timeSlotId: room.slots[i]!.id, priority, accept: true });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().data.id);
    }
    // one accepted but not yet arrived: never called
    await call('POST', PATH, tok.staff, { medicalProfileId: others[3]!, timeSlotId: room.slots[0]!.id, accept: true });
    await room.comes();
    const numbers = [];
    for (const id of ids) numbers.push((await act(id, 'checkin')).json().data.queueNumber);
    expect(numbers).toEqual([1, 2, 3]);

    const next = () => call('POST', `${PATH}/called`, tok.staff, { roomId: room.clinic.roomId, date });
    const first = await next();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ data: { id: ids[2], status: 'CALLED', queueNumber: 3, priority: 1 } });
    expect(first.json().message).toBe(`Mời số 3 – ${first.json().data.patient.name} vào ${first.json().data.room.name}`);
    expect((await next()).json().data).toMatchObject({ id: ids[0], queueNumber: 1 });
    expect((await next()).json().data).toMatchObject({ id: ids[1], queueNumber: 2 });
    const empty = await next();
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe(BOOKING_MESSAGES.queueEmpty);
    // each call is the booking's own transition: its log row and audit row
    const logs = (await call('GET', `${PATH}/${ids[2]}/logs`, tok.staff)).json().data;
    expect(logs.map((l: { action: string }) => l.action)).toEqual(['create', 'accept', 'checkin', 'call']);
    const [audits] = await sqlRows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'booking' AND entity_id = ${String(ids[2])} AND action = 'BOOKING_CALL'`,
    );
    expect(audits!.n).toBe(1);
  });

  it('a room calls one patient at a time: a new call ends the previous call of the moment; complete and revert end it too', async () => {
    const date = todayVn();
    const room = await visitDay('Răng Hàm Mặt');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await bookId({ medicalProfileId: others[i]!, timeSlotId: room.slots[i]!.id, accept: true }));
    await room.comes();
    for (const id of ids) expect((await act(id, 'checkin')).statusCode).toBe(200);
    const queue = async () => (await call('GET', `${PATH}/priority?roomId=${room.clinic.roomId}&date=${date}`, tok.staff)).json().data;
    const calling = async () => (await queue()).filter((b: { calling: boolean }) => b.calling).map((b: { id: number }) => b.id);
    expect(await calling()).toEqual([]);

    expect((await act(ids[0]!, 'called')).json().data).toMatchObject({ status: 'CALLED', calling: true });
    expect(await calling()).toEqual([ids[0]]);
    // "call next" in the same room: the first patient stays called (the visit goes on), but is no longer the call of the moment
    const next = (await call('POST', `${PATH}/called`, tok.staff, { roomId: room.clinic.roomId, date })).json().data;
    expect(next).toMatchObject({ id: ids[1], status: 'CALLED', calling: true });
    expect(await calling()).toEqual([ids[1]]);
    expect((await call('GET', `${PATH}/${ids[0]}`, tok.staff)).json().data).toMatchObject({ status: 'CALLED', calling: false });
    // the call says whose call it ended, in its log row and its audit row
    const log = (await call('GET', `${PATH}/${ids[1]}/logs`, tok.staff)).json().data.at(-1);
    expect(log).toMatchObject({ action: 'call', detail: { previous: 'CHECKED_IN', endedCall: ids[0] } });
    const [audit] = await sqlRows<{ after: { endedCall: number } }>(
      t,
      sql`SELECT after FROM audit_log WHERE entity = 'booking' AND entity_id = ${String(ids[1])} AND action = 'BOOKING_CALL'`,
    );
    expect(audit!.after.endedCall).toBe(ids[0]);

    // the visit of the one being called ends: nobody is called until the next call
    expect((await act(ids[1]!, 'complete')).json().data).toMatchObject({ status: 'DONE', calling: false });
    expect(await calling()).toEqual([]);
    expect((await act(ids[2]!, 'called')).json().data.calling).toBe(true);
    // a call taken back: the patient waits again, nobody is called
    expect((await act(ids[2]!, 'revert')).json().data).toMatchObject({ status: 'CHECKED_IN', calling: false });
    expect(await calling()).toEqual([]);

    // the database holds the rule too: one call of the moment per room and day
    await expect(t.database.db.execute(sql`UPDATE bookings SET calling = true WHERE id IN (${ids[0]!}, ${ids[2]!})`)).rejects.toThrow();
  });

  it('refuses bad input (400), another facility room (404), no token (401), no authority (403)', async () => {
    const body = { roomId: clinic.roomId, date: tomorrowDate() };
    expect((await call('POST', `${PATH}/called`, tok.staff, {})).statusCode).toBe(400);
    expect((await call('POST', `${PATH}/called`, tok.staff, { ...body, date: '25/11/2026' })).statusCode).toBe(400);
    expect((await call('POST', `${PATH}/called`, tok.staff, { ...body, extra: 1 })).statusCode).toBe(400);
    const foreign = await call('POST', `${PATH}/called`, tok.foreign, body);
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, BOOKING_MESSAGES.roomNotFound]);
    expect((await call('POST', `${PATH}/called`, null, body)).statusCode).toBe(401);
    expect((await call('POST', `${PATH}/called`, tok.noRight, body)).statusCode).toBe(403);
  });
});

describe('bookings of a patient account', () => {
  it('lists them newest first, by profile and page; the record keepers read them too', async () => {
    const { acc, slots } = await t.database.transaction(async (tx) => ({
      acc: await makePatient(tx, facilityId, 'Phan Thị Hồng'),
      slots: await makeSlots(tx, facilityId, await makeClinic(tx, facilityId, 'Da liễu'), addDays(todayVn(), 2), { capacity: 2 }),
    }));
    const made: number[] = [];
    for (const [profile, slot] of [
      [0, 0],
      [0, 1],
      [1, 2],
    ] as const) {
      made.push(await bookId({ medicalProfileId: acc.profiles[profile]!.id, timeSlotId: slots[slot]!.id }));
    }
    const url = `${PATH}/users/${acc.userId}`;
    const all = await call('GET', url, tok.staff);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ totalElements: 3, totalPage: 1, page: 0, size: 20 });
    expect(all.json().data.map((b: { id: number }) => b.id)).toEqual([...made].reverse());
    const one = (await call('GET', `${url}?profileId=${acc.profiles[1]!.id}`, tok.staff)).json();
    expect([one.totalElements, one.data[0].patient.name]).toEqual([1, 'Lê Minh Khôi']);
    const paged = (await call('GET', `${url}?size=2&page=1`, tok.records)).json();
    expect([paged.totalPage, paged.data.map((b: { id: number }) => b.id)]).toEqual([2, [made[0]]]);
  });

  it('refuses another facility account or an unknown one (404), bad input (400), no token (401), no authority (403)', async () => {
    const url = `${PATH}/users/${patient.userId}`;
    const foreign = await call('GET', url, tok.foreign);
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, 'Không tìm thấy tài khoản bệnh nhân']);
    expect((await call('GET', `${PATH}/users/999999999`, tok.staff)).statusCode).toBe(404);
    expect((await call('GET', `${PATH}/users/abc`, tok.staff)).statusCode).toBe(400);
    expect((await call('GET', `${url}?size=0`, tok.staff)).statusCode).toBe(400);
    expect((await call('GET', `${url}?profileId=x`, tok.staff)).statusCode).toBe(400);
    expect((await call('GET', url, null)).statusCode).toBe(401);
    expect((await call('GET', url, tok.noRight)).statusCode).toBe(403);
  });
});

describe('no-show', () => {
  it('turns ACCEPTED bookings of past days into NO_SHOW with a SYSTEM log row; later days are left alone', async () => {
    const past = await bookId({ timeSlotId: tomorrow[16]!.id, accept: true });
    const pending = await bookId({ timeSlotId: tomorrow[16]!.id });
    const future = await bookId({ timeSlotId: tomorrow[16]!.id, accept: true });
    await t.database.db.execute(sql`UPDATE bookings SET date = ${addDays(todayVn(), -2)} WHERE id IN (${past}, ${pending})`);
    expect(
      await markNoShows({ config: t.config, database: t.database, live: { publish: async () => undefined, subscribe: () => () => undefined } } as never),
    ).toBeGreaterThanOrEqual(1);
    const d = (await call('GET', `${PATH}/${past}`, tok.staff)).json().data;
    expect(d).toMatchObject({ status: 'NO_SHOW', fhirStatus: 'noshow', previousStatus: 'ACCEPTED' });
    expect(d.log.at(-1)).toMatchObject({ action: 'noShow', actor: 'SYSTEM', by: null, fromStatus: 'ACCEPTED', toStatus: 'NO_SHOW' });
    expect((await call('GET', `${PATH}/${pending}`, tok.staff)).json().data.status).toBe('PENDING');
    expect((await call('GET', `${PATH}/${future}`, tok.staff)).json().data.status).toBe('ACCEPTED');
    expect((await act(past, 'revert')).json().data.status).toBe('ACCEPTED');
  });
});

describe('no-show hour (NO_SHOW_AT, +07:00)', () => {
  const stub = { publish: async () => undefined, subscribe: () => () => undefined };
  const at = (hhmm: string) => new Date(`${todayVn()}T${hhmm}:00+07:00`);
  const statusOf = async (id: number) => (await call('GET', `${PATH}/${id}`, tok.staff)).json().data.status;

  it('marks the day accepted bookings not checked in at the hour, not before; a pending one stays; one the desk brings back stays', async () => {
    const sweep = { config: { ...t.config, NO_SHOW_AT: '20:00' }, database: t.database, live: stub } as never;
    const visit = await visitDay('Phục hồi chức năng');
    const accepted = await bookId({ medicalProfileId: others[0]!, timeSlotId: visit.slots[0]!.id, accept: true });
    const pending = await bookId({ medicalProfileId: others[1]!, timeSlotId: visit.slots[1]!.id });
    const arrived = await bookId({ medicalProfileId: others[2]!, timeSlotId: visit.slots[2]!.id, accept: true });
    const back = await bookId({ medicalProfileId: others[3]!, timeSlotId: visit.slots[3]!.id, accept: true });
    await visit.comes();
    expect((await act(arrived, 'checkin')).statusCode).toBe(200);

    await markNoShows(sweep, at('19:59'));
    expect([await statusOf(accepted), await statusOf(back)]).toEqual(['ACCEPTED', 'ACCEPTED']);
    await markNoShows(sweep, at('20:00'));
    expect([await statusOf(accepted), await statusOf(pending), await statusOf(arrived), await statusOf(back)]).toEqual([
      'NO_SHOW',
      'PENDING',
      'CHECKED_IN',
      'NO_SHOW',
    ]);
    // the patient came after all: the desk brings the booking back, and the next sweeps leave it to the desk
    expect((await act(back, 'revert')).json().data.status).toBe('ACCEPTED');
    await markNoShows(sweep, at('20:10'));
    expect(await statusOf(back)).toBe('ACCEPTED');
  });
});
