import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays } from '@portal/shared/rules/schedule';
import { bearer, createTestApp, login, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { makeClinic, makePatient, makeSlots } from './appointments.fixtures';
import { todayVn } from './appointments.queries';

let t: TestApp;
afterAll(() => t.close());
beforeAll(async () => {
  t = await createTestApp();
});

it("a patient merge moves the merged account's bookings to the kept account (preview counts them)", async () => {
  const f = await makeFacility(t, [{ key: 'desk', authorities: ['MANAGER_APPOINTMENT', 'MANAGER_USER'] }]);
  const token = (await login(t, f.accounts.desk!)).loginToken;
  const { keep, remove, slots } = await t.database.transaction(async (tx) => {
    const clinic = await makeClinic(tx, f.facilityId);
    return {
      keep: await makePatient(tx, f.facilityId, 'Nguyễn Văn An'),
      remove: await makePatient(tx, f.facilityId, 'Nguyễn Văn An'),
      slots: await makeSlots(tx, f.facilityId, clinic, addDays(todayVn(), 1)),
    };
  });
  const book = (profileId: number) =>
    t.app.inject({ method: 'POST', url: '/api/appointment/v1', headers: bearer(token), payload: { medicalProfileId: profileId, timeSlotId: slots[0]!.id } });
  const kept = (await book(keep.profiles[0]!.id)).json().data.id;
  const moved = [(await book(remove.profiles[0]!.id)).json().data.id, (await book(remove.profiles[1]!.id)).json().data.id];

  const preview = await t.app.inject({
    method: 'GET',
    url: `/api/his/v1/vendor/users/${keep.userId}/merge?mergeFromId=${remove.userId}`,
    headers: bearer(token),
  });
  expect(preview.json().data.moves).toContainEqual({ key: 'bookings', label: 'Lượt đặt khám', count: 2 });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/his/v1/vendor/users/${keep.userId}/merge`,
    headers: bearer(token),
    payload: { mergeFromId: remove.userId },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.moved).toContainEqual({ key: 'bookings', label: 'Lượt đặt khám', count: 2 });
  const owners = await sqlRows<{ id: number; patient_user_id: number }>(
    t,
    sql`SELECT id, patient_user_id FROM bookings WHERE id IN (${kept}, ${moved[0]}, ${moved[1]}) ORDER BY id`,
  );
  expect(owners.every((o) => o.patient_user_id === keep.userId)).toBe(true);
  const detail = await t.app.inject({ method: 'GET', url: `/api/appointment/v1/${moved[0]}`, headers: bearer(token) });
  expect(detail.json().data.patient.userId).toBe(keep.userId);
});
