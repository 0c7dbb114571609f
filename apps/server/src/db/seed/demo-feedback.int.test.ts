import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays } from '@portal/shared/rules/period';
import { todayVn } from '@portal/shared/rules/time';
import { makeClinic, makePatient, makeSlots } from '../../modules/appointments/appointments.fixtures';
import { createTestApp, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { seedDemoBookings } from './demo-bookings';
import { seedDemoFeedback } from './demo-feedback';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('rates a share of the finished visits of the last 30 days: mostly 4–5 stars, complaints with a comment, older ones answered', async () => {
  const { facilityId } = await makeFacility(t, [
    { key: 'desk', authorities: ['MANAGER_APPOINTMENT'] },
    { key: 'boss', authorities: ['ADMIN_FACILITY'] },
  ]);
  const today = todayVn();
  await t.database.transaction(async (tx) => {
    const c = await makeClinic(tx, facilityId, 'Nội tổng hợp');
    for (let d = -28; d <= 2; d++) await makeSlots(tx, facilityId, c, addDays(today, d), { start: '07:00', end: '11:00', minutes: 20, capacity: 4 });
    for (let i = 0; i < 20; i++) await makePatient(tx, facilityId, `Bệnh nhân ${i}`);
  });
  await seedDemoBookings(t.database.db, facilityId);
  const t0 = performance.now();
  const n = await t.database.transaction((tx) => seedDemoFeedback(tx, facilityId));
  const ms = performance.now() - t0;
  expect(n).toBeGreaterThan(50);
  expect(ms).toBeLessThan(3000);
  const [s] = await sqlRows<{
    done: number;
    rated: number;
    high: number;
    complaints: number;
    complaintsWithComment: number;
    replied: number;
    handled: number;
    handledNotComplaint: number;
    notDone: number;
    future: number;
  }>(
    t,
    sql`SELECT (SELECT count(*) FROM bookings WHERE facility_id = ${facilityId} AND status = 'DONE')::int AS done,
          count(*)::int AS rated, count(*) FILTER (WHERE f.rating_overall >= 4)::int AS high, count(*) FILTER (WHERE f.complaint)::int AS complaints,
          count(*) FILTER (WHERE f.complaint AND f.comment <> '')::int AS "complaintsWithComment",
          count(*) FILTER (WHERE f.reply_text IS NOT NULL)::int AS replied, count(*) FILTER (WHERE f.status = 'HANDLED')::int AS handled,
          count(*) FILTER (WHERE f.status IS NOT NULL AND NOT f.complaint)::int AS "handledNotComplaint",
          count(*) FILTER (WHERE b.status <> 'DONE')::int AS "notDone", count(*) FILTER (WHERE f.created_at > now())::int AS future
        FROM patient_feedbacks f JOIN bookings b ON b.facility_id = f.facility_id AND b.id = f.booking_id WHERE f.facility_id = ${facilityId}`,
  );
  expect(s!.rated).toBe(n);
  expect(s!.rated / s!.done).toBeGreaterThan(0.25);
  expect(s!.rated / s!.done).toBeLessThan(0.55);
  expect(s!.high / s!.rated).toBeGreaterThan(0.6);
  expect(s!.complaints).toBeGreaterThan(0);
  expect(s!.complaintsWithComment).toBe(s!.complaints);
  expect(s!.replied).toBeGreaterThan(0);
  expect(s!.handled).toBeGreaterThan(0);
  expect(s!.handledNotComplaint + s!.notDone + s!.future).toBe(0);
  // the rollup follows the insert
  const [r] = await sqlRows<{ n: number }>(t, sql`SELECT coalesce(sum(feedbacks), 0)::int AS n FROM feedback_day_stats WHERE facility_id = ${facilityId}`);
  expect(r!.n).toBe(n);
});
