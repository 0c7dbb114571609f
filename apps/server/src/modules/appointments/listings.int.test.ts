import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/shared/rules/schedule';
import { bearer, createTestApp, login, makeFacility, type TestApp } from '../../test/test-app';
import { makeClinic, makePatient, makeProfiles, makeSlots, type ClinicFixture, type SlotFixture } from './appointments.fixtures';
import { DOCTOR_NOT_FOUND, FACILITY_NOT_FOUND, SCHEDULE_NOT_FOUND, todayVn } from './appointments.queries';

const PATH = '/api/appointment/v1';
let t: TestApp;
let tok: { staff: string; scheduler: string; noRight: string; foreign: string };
let facilityId: number;
let foreignFacility: number;
let clinic: ClinicFixture;
let dayOne: SlotFixture[];
let dayTwo: SlotFixture[];
let foreignClinic: ClinicFixture;
let foreignSlots: SlotFixture[];
let profiles: number[];
let patient: Awaited<ReturnType<typeof makePatient>>;
const ids: number[] = [];

const get = (url: string, token: string | null = tok.staff) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const codes = async (url: string, token = tok.staff) => {
  const res = await get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: { id: number; date: string; startTime: string; status: string; patient: { name: string } }[];
    totalElements: number;
    page: number;
    size: number;
    totalPage: number;
  };
};

beforeAll(async () => {
  t = await createTestApp();
  const f = await makeFacility(t, [
    { key: 'staff', authorities: ['MANAGER_APPOINTMENT'] },
    { key: 'scheduler', authorities: ['MANAGER_SCHEDULE'] },
    { key: 'noRight', authorities: ['MANAGER_DOCTOR'] },
  ]);
  const g = await makeFacility(t, [{ key: 'foreign', authorities: ['MANAGER_APPOINTMENT'] }]);
  facilityId = f.facilityId;
  foreignFacility = g.facilityId;
  tok = {
    staff: (await login(t, f.accounts.staff!)).loginToken,
    scheduler: (await login(t, f.accounts.scheduler!)).loginToken,
    noRight: (await login(t, f.accounts.noRight!)).loginToken,
    foreign: (await login(t, g.accounts.foreign!)).loginToken,
  };
  await t.database.transaction(async (tx) => {
    clinic = await makeClinic(tx, facilityId);
    dayOne = await makeSlots(tx, facilityId, clinic, addDays(todayVn(), 1), { capacity: 3 });
    dayTwo = await makeSlots(tx, facilityId, clinic, addDays(todayVn(), 2), { capacity: 3 });
    profiles = await makeProfiles(tx, facilityId, 4);
    patient = await makePatient(tx, facilityId);
    foreignClinic = await makeClinic(tx, g.facilityId);
    foreignSlots = await makeSlots(tx, g.facilityId, foreignClinic, addDays(todayVn(), 1));
  });
  // five bookings of the doctor: three on day one (08:00, 07:00, 07:30 in creation order), two on day two
  const plan: [SlotFixture, number][] = [
    [dayOne[2]!, profiles[0]!],
    [dayOne[0]!, profiles[1]!],
    [dayOne[1]!, profiles[2]!],
    [dayTwo[0]!, profiles[3]!],
    [dayTwo[1]!, patient.profiles[0]!.id],
  ];
  for (const [slot, medicalProfileId] of plan) {
    const res = await t.app.inject({ method: 'POST', url: PATH, headers: bearer(tok.staff), payload: { medicalProfileId, timeSlotId: slot.id } });
    expect(res.statusCode, res.body).toBe(200);
    ids.push(res.json().data.id);
  }
  await t.app.inject({ method: 'POST', url: `${PATH}/${ids[0]}/accept`, headers: bearer(tok.staff) });
});
afterAll(() => t.close());

describe('schedule listings by doctor or medical schedule (page, size, sort, properties)', () => {
  it('lists a doctor’s bookings by date and time by default, paged', async () => {
    const page = await codes(`${PATH}/doctors/${clinic.doctorId}?size=2`);
    expect(page.data.map((b) => b.id)).toEqual([ids[1], ids[2]]);
    expect(page).toMatchObject({ totalElements: 5, totalPage: 3, page: 0, size: 2 });
    expect((await codes(`${PATH}/doctors/${clinic.doctorId}?size=2&page=2`)).data.map((b) => b.id)).toEqual([ids[4]]);
  });

  it.each<[string, () => number[]]>([
    ['sort=DESC&properties=date,startTime', () => [ids[4]!, ids[3]!, ids[0]!, ids[2]!, ids[1]!]],
    ['sort=asc&properties=createdAt', () => [...ids]],
    ['sort=DESC&properties=createdAt', () => [...ids].reverse()],
    ['properties=status,date,startTime', () => [ids[1]!, ids[2]!, ids[3]!, ids[4]!, ids[0]!]],
    ['properties=date&properties=startTime', () => [ids[1]!, ids[2]!, ids[0]!, ids[3]!, ids[4]!]],
  ])('sorts by %s', async (qs, expected) => {
    expect((await codes(`${PATH}/doctors/${clinic.doctorId}?${qs}`)).data.map((b) => b.id)).toEqual(expected());
  });

  it('sorts by patient name, and filters by state and dates', async () => {
    const byName = (await codes(`${PATH}/doctors/${clinic.doctorId}?properties=patientName`)).data.map((b) => b.patient.name);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, 'vi')));
    expect((await codes(`${PATH}/doctors/${clinic.doctorId}?status=ACCEPTED`)).data.map((b) => b.id)).toEqual([ids[0]]);
    const day2 = addDays(todayVn(), 2);
    expect((await codes(`${PATH}/doctors/${clinic.doctorId}?from=${day2}`)).totalElements).toBe(2);
  });

  it('lists a medical schedule’s bookings, open to the schedulers too', async () => {
    expect((await codes(`${PATH}/schedules/${dayTwo[0]!.scheduleId}?sort=DESC&properties=startTime`)).data.map((b) => b.id)).toEqual([ids[4], ids[3]]);
    expect((await codes(`${PATH}/schedules/${dayOne[0]!.scheduleId}`, tok.scheduler)).totalElements).toBe(3);
  });

  it('refuses bad paging and sorting with Vietnamese messages', async () => {
    const cases: [string, string][] = [
      ['sort=UP', 'Chiều sắp xếp phải là ASC (tăng dần) hoặc DESC (giảm dần)'],
      ['properties=price', 'Cột sắp xếp không hợp lệ'],
      ['properties=date,code,status,createdAt', 'Tối đa 3 cột sắp xếp'],
      ['status=LOST', 'Trạng thái không hợp lệ'],
      ['from=2026-13-01', 'Ngày'],
      [`from=${addDays(todayVn(), 3)}&to=${todayVn()}`, 'Ngày bắt đầu phải trước hoặc bằng ngày kết thúc'],
      ['size=1000', ''],
    ];
    for (const [qs, message] of cases) {
      const res = await get(`${PATH}/doctors/${clinic.doctorId}?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(JSON.stringify(res.json()), qs).toContain(message);
    }
    expect((await get(`${PATH}/doctors/abc`)).statusCode).toBe(400);
  });

  it('needs a session and a booking or scheduling authority', async () => {
    expect((await get(`${PATH}/doctors/${clinic.doctorId}`, null)).statusCode).toBe(401);
    expect((await get(`${PATH}/doctors/${clinic.doctorId}`, tok.noRight)).statusCode).toBe(403);
    expect((await get(`${PATH}/schedules/${dayOne[0]!.scheduleId}`, tok.noRight)).statusCode).toBe(403);
  });

  it('keeps each facility to its own doctors and schedules (404), and never lists another’s bookings', async () => {
    const doc = await get(`${PATH}/doctors/${clinic.doctorId}`, tok.foreign);
    expect([doc.statusCode, doc.json().message]).toEqual([404, DOCTOR_NOT_FOUND]);
    const sch = await get(`${PATH}/schedules/${dayOne[0]!.scheduleId}`, tok.foreign);
    expect([sch.statusCode, sch.json().message]).toEqual([404, SCHEDULE_NOT_FOUND]);
    expect((await get(`${PATH}/doctors/${foreignClinic.doctorId}`)).statusCode).toBe(404);
    expect((await get(`${PATH}/schedules/${foreignSlots[0]!.scheduleId}`)).statusCode).toBe(404);
    expect((await get(`${PATH}/doctors/999999`)).statusCode).toBe(404);
    expect((await codes(`${PATH}/doctors/${foreignClinic.doctorId}`, tok.foreign)).totalElements).toBe(0);
  });
});

describe('sources?hospitalId', () => {
  it('answers the sources for the caller’s own facility, 404 for another, 400 for a bad id', async () => {
    const own = await get(`${PATH}/sources?hospitalId=${facilityId}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.map((s: { value: string }) => s.value)).toEqual(['APP', 'WEB', 'HOTLINE', 'COUNTER', 'WALK_IN']);
    expect((await get(`${PATH}/sources`)).json().data).toHaveLength(5);
    const other = await get(`${PATH}/sources?hospitalId=${foreignFacility}`);
    expect([other.statusCode, other.json().message]).toEqual([404, FACILITY_NOT_FOUND]);
    expect((await get(`${PATH}/sources?hospitalId=x`)).statusCode).toBe(400);
    expect((await get(`${PATH}/sources`, null)).statusCode).toBe(401);
    expect((await get(`${PATH}/sources`, tok.noRight)).statusCode).toBe(403);
  });
});

describe('PUT /{id}/profile (the update screen changes the profile)', () => {
  it('moves a booking to another profile of the same account, logged; refuses another account’s profile', async () => {
    const id = ids[4]!;
    const put = (medicalProfileId: number, token = tok.staff) =>
      t.app.inject({ method: 'PUT', url: `${PATH}/${id}/profile`, headers: bearer(token), payload: { medicalProfileId } });
    const ok = await put(patient.profiles[1]!.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.patient).toMatchObject({ profileId: patient.profiles[1]!.id, name: 'Lê Minh Khôi' });
    const log = (await get(`${PATH}/${id}/logs`)).json().data;
    expect(log.at(-1)).toMatchObject({ detail: expect.objectContaining({ after: { medicalProfileId: patient.profiles[1]!.id } }) });
    const other = await put(profiles[0]!);
    expect([other.statusCode, other.json().message]).toEqual([400, 'Hồ sơ phải thuộc cùng tài khoản bệnh nhân đã đặt lịch']);
    expect((await put(patient.profiles[0]!.id, tok.foreign)).statusCode).toBe(404);
    expect((await put(patient.profiles[0]!.id, tok.noRight)).statusCode).toBe(403);
  });
});

describe('PUT /{id} with medicalProfileId (the update screen saves everything in one call)', () => {
  it('changes the profile with the rest in one transaction: a refused move leaves the profile as it was', async () => {
    const id = ids[4]!;
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: `${PATH}/${id}`, headers: bearer(tok.staff), payload });
    const profileNow = async () => (await get(`${PATH}/${id}`)).json().data.patient.profileId as number;
    const before = await profileNow();
    const target = patient.profiles.find((p) => p.id !== before)!.id;
    // another facility's slot: refused, and the profile change in the same body is not kept
    const refused = await put({ medicalProfileId: target, timeSlotId: foreignSlots[0]!.id });
    expect(refused.statusCode).toBe(404);
    expect(await profileNow()).toBe(before);
    const ok = await put({ medicalProfileId: target, symptom: 'Đau đầu' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await profileNow()).toBe(target);
    const log = (await get(`${PATH}/${id}/logs`)).json().data;
    expect(log.at(-1)).toMatchObject({ detail: expect.objectContaining({ after: { medicalProfileId: target, symptom: 'Đau đầu' } }) });
    const other = await put({ medicalProfileId: profiles[0]! });
    expect(other.statusCode).toBe(400);
  });
});
