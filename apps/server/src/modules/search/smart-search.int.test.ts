import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Authority } from '@portal/shared/authorities';
import { SMART_SEARCH_PATH, type SmartGroupDto } from '@portal/shared/contracts/search.contract';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { rows } from '../../core/sql';
import type { Executor } from '../../core/db';
import { makeClinic, makeSlots } from '../appointments/appointments.fixtures';
import { todayVn } from '../appointments/appointments.queries';
import { makePatients } from '../patients/patients.fixtures';
import { bearer, createTestApp, login, makeFacility, type TestApp } from '../../test/test-app';

let t: TestApp;
const tok: Record<string, string> = {};
interface Seeded {
  facilityId: number;
  userId: number;
  profileId: number;
  patientCode: string;
  bookingId: number;
  doctorId: number;
  serviceId: number;
}
let a: Seeded;
let b: Seeded;

const BOOKING_CODE = 'DK261126000777';
const PATIENT = { fullName: 'Hoàng Thị Quỳnh Mai', phone: '0987000111', cccd: '001190000111', bhyt: 'DN4010000000111' };

/** One of each: a patient (two profiles), a doctor, a booking of the patient, a service. The same in both facilities. */
async function seedFacility(ex: Executor, facilityId: number): Promise<Seeded> {
  const clinic = await makeClinic(ex, facilityId, 'Nội tổng hợp');
  await ex.execute(sql`UPDATE doctors SET name = 'Đặng Quốc Khánh', search_text = ${normalizeText('ThS.BS Đặng Quốc Khánh')} WHERE id = ${clinic.doctorId}`);
  const [acc] = await makePatients(ex, facilityId, [
    {
      phone: PATIENT.phone,
      profiles: [
        { ...PATIENT, birthDate: '1990-03-04', gender: 'FEMALE' },
        { fullName: 'Lê Minh Khôi', birthDate: '2019-09-01' },
      ],
    },
  ]);
  const [profile] = await rows<{ id: number; patient_code: string }>(
    ex,
    sql`SELECT id, patient_code FROM medical_profiles WHERE facility_id = ${facilityId} AND user_id = ${acc!.userId} AND full_name = ${PATIENT.fullName}`,
  );
  const [slot] = await makeSlots(ex, facilityId, clinic, todayVn());
  const [booking] = await rows<{ id: number }>(
    ex,
    sql`INSERT INTO bookings (facility_id, code, patient_user_id, medical_profile_id, time_slot_id, schedule_id, doctor_id, room_id, department_id, date, start_time, end_time, status, fhir_status, source)
        VALUES (${facilityId}, ${BOOKING_CODE}, ${acc!.userId}, ${profile!.id}, ${slot!.id}, ${slot!.scheduleId}, ${clinic.doctorId}, ${clinic.roomId}, ${clinic.departmentId},
                ${slot!.date}, ${slot!.startTime}, '07:30', 'PENDING', 'proposed', 'WEB') RETURNING id`,
  );
  const [service] = await rows<{ id: number }>(
    ex,
    sql`INSERT INTO medical_services (facility_id, code, name, price, type_value, search_text, code_search)
        VALUES (${facilityId}, 'CDHA.0101', 'Siêu âm ổ bụng tổng quát', 250000, 30, 'sieu am o bung tong quat', 'cdha.0101') RETURNING id`,
  );
  return {
    facilityId,
    userId: acc!.userId,
    profileId: profile!.id,
    patientCode: profile!.patient_code,
    bookingId: booking!.id,
    doctorId: clinic.doctorId,
    serviceId: service!.id,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const specs: { key: string; authorities: Authority[] }[] = [
    { key: 'admin', authorities: ['ADMIN_FACILITY'] },
    { key: 'patients', authorities: ['MANAGER_USER'] },
    { key: 'bookings', authorities: ['MANAGER_APPOINTMENT'] },
    { key: 'doctors', authorities: ['MANAGER_DOCTOR'] },
    { key: 'services', authorities: ['MANAGER_CATALOG'] },
    { key: 'schedule', authorities: ['MANAGER_SCHEDULE'] },
  ];
  const fa = await makeFacility(t, specs);
  const fb = await makeFacility(t, [{ key: 'admin', authorities: ['ADMIN_FACILITY'] }]);
  a = await t.database.transaction((tx) => seedFacility(tx, fa.facilityId));
  b = await t.database.transaction((tx) => seedFacility(tx, fb.facilityId));
  for (const s of specs) tok[s.key] = (await login(t, fa.accounts[s.key]!)).loginToken;
  tok.other = (await login(t, fb.accounts.admin!)).loginToken;
});
afterAll(() => t.close());

const search = (q: string | null, token: string | null, extra = '') =>
  t.app.inject({ method: 'GET', url: `${SMART_SEARCH_PATH}?${q === null ? '' : `q=${encodeURIComponent(q)}`}${extra}`, headers: token ? bearer(token) : {} });
const groupsOf = async (q: string, token: string) => {
  const res = await search(q, token);
  expect(res.statusCode).toBe(200);
  return res.json().data.groups as SmartGroupDto[];
};
const hitsOf = async (q: string, token: string, group: SmartGroupDto['group']) => (await groupsOf(q, token)).find((g) => g.group === group)?.hits ?? [];

describe('GET /api/catalog/v1/smart-search', () => {
  it('401 without a token', async () => {
    expect((await search('mai', null)).statusCode).toBe(401);
  });

  it('403 for a user who may see none of the groups', async () => {
    const res = await search('mai', tok.schedule!);
    expect(res.statusCode).toBe(403);
  });

  const bad: [string, string][] = [
    ['no text', ''],
    ['only spaces', 'q=%20%20'],
    ['too long', `q=${'a'.repeat(101)}`],
    ['a limit of 0', 'q=mai&limit=0'],
    ['a limit above 10', 'q=mai&limit=11'],
    ['a limit that is not a number', 'q=mai&limit=abc'],
  ];
  it.each(bad)('400 in Vietnamese: %s', async (_name, query) => {
    const res = await t.app.inject({ method: 'GET', url: `${SMART_SEARCH_PATH}?${query}`, headers: bearer(tok.admin!) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Vui lòng nhập từ khoá|Số kết quả mỗi nhóm từ 1 đến 10/);
  });

  it('nothing found is an empty answer, not a 404', async () => {
    expect(await groupsOf('zzzkhongcoai', tok.admin!)).toEqual([]);
  });

  // each way of finding a patient: the name without diacritics, the phone, the patient code, the CCCD, the BHYT
  const patientBy: [string, () => string][] = [
    ['name without diacritics', () => 'hoang thi quynh'],
    ['name with diacritics', () => 'Hoàng Thị Quỳnh Mai'],
    ['phone', () => PATIENT.phone],
    ['phone prefix', () => '0987000'],
    ['patient code', () => a.patientCode],
    ['CCCD', () => PATIENT.cccd],
    ['BHYT', () => PATIENT.bhyt.toLowerCase()],
  ];
  it.each(patientBy)('finds the patient by %s, in the caller’s facility only, with the account that opens the record', async (_name, q) => {
    const hits = await hitsOf(q(), tok.patients!, 'patients');
    expect(hits.map((h) => [h.id, h.userId, h.title])).toEqual([[a.profileId, a.userId, PATIENT.fullName]]);
    const theirs = await hitsOf(q().replace(a.patientCode, b.patientCode), tok.other!, 'patients');
    expect(theirs.map((h) => h.id)).toEqual([b.profileId]);
  });

  it('finds a booking by its code (whole, or its start), never another facility’s with the same code', async () => {
    for (const q of [BOOKING_CODE, 'dk261126000', 'DK 2611 26000777']) {
      const hits = await hitsOf(q, tok.bookings!, 'bookings');
      expect(hits.map((h) => h.id)).toEqual([a.bookingId]);
      expect(hits[0]!.subtitle).toContain(PATIENT.fullName);
    }
    expect((await hitsOf(BOOKING_CODE, tok.other!, 'bookings')).map((h) => h.id)).toEqual([b.bookingId]);
  });

  it('finds a doctor by name without diacritics, with the title', async () => {
    const hits = await hitsOf('dang quoc khanh', tok.doctors!, 'doctors');
    expect(hits.map((h) => [h.id, h.title])).toEqual([[a.doctorId, 'BSCKI Đặng Quốc Khánh']]);
    expect((await hitsOf('dang quoc khanh', tok.other!, 'doctors')).map((h) => h.id)).toEqual([b.doctorId]);
  });

  it('finds a service by name, by acronym ("sa bung") and by code, the exact code first', async () => {
    for (const q of ['sieu am bung', 'sa bung', 'CDHA.0101']) {
      const hits = await hitsOf(q, tok.services!, 'services');
      expect(hits.map((h) => h.id)).toEqual([a.serviceId]);
    }
    expect((await hitsOf('CDHA.0101', tok.services!, 'services'))[0]!.rank).toBe(0);
    expect((await hitsOf('sa bung', tok.other!, 'services')).map((h) => h.id)).toEqual([b.serviceId]);
  });

  // authority filtering: each group only for those who hold its screen's authority (ADMIN_FACILITY: all)
  const groupCases: [SmartGroupDto['group'], string][] = [
    ['patients', 'hoang thi quynh'],
    ['bookings', BOOKING_CODE],
    ['doctors', 'dang quoc khanh'],
    ['services', 'sa bung'],
  ];
  it.each(groupCases)('the %s group only for its authority', async (group, q) => {
    for (const who of ['admin', 'patients', 'bookings', 'doctors', 'services']) {
      const groups = (await groupsOf(q, tok[who]!)).map((g) => g.group);
      expect(groups.includes(group), `${who} sees ${group}`).toBe(who === 'admin' || who === group);
    }
  });

  it('groups hold at most `limit` hits, ranked; the group of the best hit comes first', async () => {
    const res = await search('hoang thi quynh mai', tok.admin!, '&limit=1');
    const groups = res.json().data.groups as SmartGroupDto[];
    expect(groups[0]!.group).toBe('patients');
    expect(groups[0]!.hits).toHaveLength(1);
    expect(groups[0]!.hits[0]!.rank).toBe(0);
  });
});
