import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/shared/rules/schedule';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { makeClinic, makePatient, makeSlots, moveSchedules, type ClinicFixture } from '../appointments/appointments.fixtures';
import { todayVn } from '../appointments/appointments.queries';
import { fillSlots } from '../appointments/fill-slots';
import { recordBookingVisits } from './booking-visits.repository';

/** A finished booking is a visit (docs/booking-states.md): history, counts and merge agree with the bookings. */
let t: TestApp;
let token: string;
let facilityId: number;
let clinic: ClinicFixture;
afterAll(() => t.close());
beforeAll(async () => {
  // its stories check in a morning slot whatever the hour the tests run: late check-in has its own tests (booking-desk)
  t = await createTestApp({ LATE_CHECKIN_MINUTES: '1440' });
  const f = await makeFacility(t, [{ key: 'desk', authorities: ['MANAGER_APPOINTMENT', 'MANAGER_USER'] }]);
  facilityId = f.facilityId;
  token = (await login(t, f.accounts.desk!)).loginToken;
  clinic = await t.database.transaction((tx) => makeClinic(tx, facilityId, 'Tim mạch'));
});

const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: bearer(token), payload });
const USERS = '/api/his/v1/vendor/users';
const BOOKINGS = '/api/appointment/v1';

/** A patient booked tomorrow and seen today: book, accept, the day comes, check in, call, and (unless `stopAt`) complete. */
async function seen(stopAt?: 'called') {
  const { patient, slots } = await t.database.transaction(async (tx) => ({
    patient: await makePatient(tx, facilityId, 'Phạm Mạnh Phúc'),
    slots: await makeSlots(tx, facilityId, clinic, addDays(todayVn(), 1), { start: '07:00', end: '08:00' }),
  }));
  const created = await call('POST', BOOKINGS, { medicalProfileId: patient.profiles[0]!.id, timeSlotId: slots[0]!.id, symptom: 'Đau ngực khi gắng sức' });
  expect(created.statusCode, created.body).toBe(200);
  const id: number = created.json().data.id;
  expect((await call('POST', `${BOOKINGS}/${id}/accept`)).statusCode).toBe(200);
  await t.database.transaction((tx) => moveSchedules(tx, [slots[0]!.scheduleId], todayVn()));
  for (const step of ['checkin', 'called', ...(stopAt ? [] : ['complete'])]) {
    const res = await call('POST', `${BOOKINGS}/${id}/${step}`);
    expect(res.statusCode, res.body).toBe(200);
  }
  return { patient, booking: { id, code: created.json().data.code as string } };
}

describe('a finished booking is a visit', () => {
  it('completing a booking adds it to the visit history, marked as from the booking, and to every visit count', async () => {
    const { patient, booking } = await seen();
    const [calledAt] = await sqlRows<{ called_at: Date | string }>(t, sql`SELECT called_at FROM bookings WHERE id = ${booking.id}`);
    const res = await call('GET', `${USERS}/${patient.userId}/histories`);
    expect(res.statusCode).toBe(200);
    const histories = res.json().data.histories;
    expect(histories).toHaveLength(1);
    expect(histories[0]).toMatchObject({
      userId: patient.userId,
      profileId: patient.profiles[0]!.id,
      patientCode: patient.profiles[0]!.patientCode,
      encounterCode: null,
      booking,
      departmentName: 'Khoa Tim mạch',
      doctorName: 'BSCKI Nguyễn Văn An',
      reason: 'Đau ngực khi gắng sức',
      diagnosis: null,
      prescriptions: [],
    });
    expect(histories[0].visitedAt).toBe(new Date(calledAt!.called_at).toISOString());
    // the same visit by the profile's patient code, and in the account's counts
    const byCode = await call('GET', `/api/his/v1/vendor/${patient.profiles[0]!.patientCode}/histories`);
    expect(byCode.json().data.map((h: { booking: unknown }) => h.booking)).toEqual([booking]);
    expect((await call('GET', `${USERS}/${patient.userId}`)).json().data.counts.histories).toBe(1);
    // a result file can be attached to it like to any visit
    const one = await call('GET', `/api/his/v1/vendor/histories/${histories[0].id}`);
    expect(one.json().data.booking).toEqual(booking);
  });

  it('a booking not finished is no visit', async () => {
    const { patient } = await seen('called');
    expect((await call('GET', `${USERS}/${patient.userId}/histories`)).json().data.histories).toEqual([]);
    expect((await call('GET', `${USERS}/${patient.userId}`)).json().data.counts.histories).toBe(0);
  });

  it('a booking is one visit at most: recording it again (or the HIS reporting it) adds none', async () => {
    const { booking } = await seen();
    expect(await recordBookingVisits(t.database.db, { facilityId, bookingId: booking.id })).toBe(0);
    const dup = t.database.db.execute(
      sql`INSERT INTO patient_histories (facility_id, user_id, profile_id, booking_id, encounter_code, visited_at, department_name)
          SELECT facility_id, user_id, profile_id, booking_id, 'LK-HIS-1', visited_at, department_name FROM patient_histories WHERE booking_id = ${booking.id}`,
    );
    await expect(dup).rejects.toThrow();
    const [n] = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM patient_histories WHERE booking_id = ${booking.id}`);
    expect(n!.n).toBe(1);
  });

  it('a merge counts and moves the visits of finished bookings with the bookings, and the counts agree everywhere', async () => {
    const keep = await t.database.transaction((tx) => makePatient(tx, facilityId, 'Phạm Mạnh Phúc'));
    const { patient: remove, booking } = await seen();
    const preview = await call('GET', `${USERS}/${keep.userId}/merge?mergeFromId=${remove.userId}`);
    expect(preview.statusCode, preview.body).toBe(200);
    const pv = preview.json().data;
    const count = (key: string) => pv.moves.find((m: { key: string }) => m.key === key).count;
    expect([count('histories'), count('bookings')]).toEqual([1, 1]);
    expect(pv.remove.account.counts.histories).toBe(1);
    const merged = await call('POST', `${USERS}/${keep.userId}/merge`, { mergeFromId: remove.userId });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().data.keptCounts.histories).toBe(1);
    const kept = (await call('GET', `${USERS}/${keep.userId}/histories`)).json().data.histories;
    expect(kept.map((h: { booking: unknown; profileId: number }) => [h.booking, h.profileId])).toEqual([[booking, remove.profiles[0]!.id]]);
    expect((await call('GET', `${USERS}/${keep.userId}`)).json().data.counts.histories).toBe(1);
    expect((await call('GET', `${BOOKINGS}/users/${keep.userId}`)).json().data.map((b: { id: number }) => b.id)).toEqual([booking.id]);
  });

  it('the seeded finished bookings are visits too (fillSlots), one each', async () => {
    const day = addDays(todayVn(), -3);
    await t.database.transaction(async (tx) => {
      await makePatient(tx, facilityId);
      await makeSlots(tx, facilityId, clinic, day, { capacity: 4 });
      await fillSlots(tx, facilityId, { from: day, to: day, today: todayVn(), fill: 1, salt: 3 });
    });
    const [r] = await sqlRows<{ done: number; visits: number; orphans: number }>(
      t,
      sql`SELECT (SELECT count(*)::int FROM bookings WHERE facility_id = ${facilityId} AND date = ${day} AND status = 'DONE') AS done,
                 (SELECT count(*)::int FROM patient_histories h JOIN bookings b ON b.id = h.booking_id WHERE b.facility_id = ${facilityId} AND b.date = ${day}) AS visits,
                 (SELECT count(*)::int FROM patient_histories h JOIN bookings b ON b.id = h.booking_id WHERE b.date = ${day} AND b.status <> 'DONE') AS orphans`,
    );
    expect(r!.done).toBeGreaterThan(0);
    expect([r!.visits, r!.orphans]).toEqual([r!.done, 0]);
  });

  it("the migration's backfill writes the visit recordBookingVisits writes", async () => {
    const { booking } = await seen();
    const cols = sql`user_id, profile_id, booking_id, encounter_code, visited_at, department_name, doctor_name, reason`;
    const [written] = await sqlRows<Record<string, unknown>>(t, sql`SELECT ${cols} FROM patient_histories WHERE booking_id = ${booking.id}`);
    await t.database.db.execute(sql`DELETE FROM patient_histories WHERE booking_id = ${booking.id}`);
    const migration = readFileSync(new URL('../../db/migrations/0018_booking_visits.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toContain('INSERT INTO "patient_histories"');
    await t.database.db.execute(sql.raw(backfill));
    const [again] = await sqlRows<Record<string, unknown>>(t, sql`SELECT ${cols} FROM patient_histories WHERE booking_id = ${booking.id}`);
    expect(again).toEqual(written);
  });
});
