import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays } from '@portal/shared/rules/schedule';
import { createTestApp, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { makeClinic, makePatient, makeSlots } from '../../modules/appointments/appointments.fixtures';
import { todayVn } from '../../modules/appointments/appointments.queries';
import { seedDemoBookings } from './demo-bookings';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('fills the demo slots with bookings whose states, logs, places and queue numbers agree', async () => {
  const { facilityId, accounts } = await makeFacility(t, [
    { key: 'desk1', authorities: ['MANAGER_APPOINTMENT'] },
    { key: 'desk2', authorities: ['ADMIN_FACILITY', 'MANAGER_APPOINTMENT'] },
    { key: 'left', authorities: ['MANAGER_APPOINTMENT'], locked: true },
    { key: 'newhire', authorities: ['MANAGER_APPOINTMENT'], mustChangePassword: true },
    { key: 'catalog', authorities: ['MANAGER_CATALOG'] },
  ]);
  const today = todayVn();
  await t.database.transaction(async (tx) => {
    const a = await makeClinic(tx, facilityId, 'Nội tổng hợp');
    const b = await makeClinic(tx, facilityId, 'Tim mạch');
    for (const c of [a, b])
      for (const d of [-20, -3, -1, 0, 1, 7, 25])
        await makeSlots(tx, facilityId, c, addDays(today, d), { start: '07:00', end: '11:00', minutes: 20, capacity: 6 });
    for (let i = 0; i < 15; i++) await makePatient(tx, facilityId, `Bệnh nhân ${i}`);
  });
  const n = await seedDemoBookings(t.database.db, facilityId);
  expect(n).toBeGreaterThan(200);

  const byClass = await sqlRows<{ cls: string; status: string; n: number }>(
    t,
    sql`SELECT CASE WHEN date < ${today} THEN 'past' WHEN date = ${today} THEN 'today' ELSE 'future' END AS cls, status, count(*)::int AS n
        FROM bookings WHERE facility_id = ${facilityId} GROUP BY 1, 2`,
  );
  const states = (cls: string) => new Set(byClass.filter((r) => r.cls === cls).map((r) => r.status));
  expect([...states('past')].sort()).toEqual(['CANCELLED', 'DONE', 'NO_SHOW', 'REJECTED']);
  expect(states('today').size).toBeGreaterThanOrEqual(6);
  expect([...states('future')].sort()).toEqual(['ACCEPTED', 'PENDING']);

  // the last log row of every booking leads to its state; the chain starts with 'create'
  const [bad] = await sqlRows<{ n: number }>(
    t,
    sql`SELECT count(*)::int AS n FROM bookings b WHERE b.facility_id = ${facilityId} AND (
          (SELECT to_status FROM booking_logs l WHERE l.booking_id = b.id ORDER BY l.id DESC LIMIT 1) IS DISTINCT FROM b.status
          OR (SELECT action FROM booking_logs l WHERE l.booking_id = b.id ORDER BY l.id LIMIT 1) <> 'create')`,
  );
  expect(bad!.n).toBe(0);
  // booked = bookings holding a place, never above capacity
  const [places] = await sqlRows<{ n: number }>(
    t,
    sql`SELECT count(*)::int AS n FROM time_slots s WHERE s.facility_id = ${facilityId} AND (s.booked > s.capacity OR s.booked <>
          (SELECT count(*) FROM bookings b WHERE b.time_slot_id = s.id AND b.status NOT IN ('REJECTED', 'CANCELLED')))`,
  );
  expect(places!.n).toBe(0);
  // those who came hold numbers 1..n of their room's day; the counter is n
  const queues = await sqlRows<{ room_id: number; date: string; n: number; mx: number; last: number }>(
    t,
    sql`SELECT b.room_id, b.date::text AS date, count(*)::int AS n, max(b.queue_number) AS mx, max(q.last_number) AS last
        FROM bookings b JOIN queue_counters q ON q.room_id = b.room_id AND q.date = b.date
        WHERE b.facility_id = ${facilityId} AND b.status IN ('CHECKED_IN', 'CALLED', 'DONE') GROUP BY 1, 2`,
  );
  expect(queues.length).toBeGreaterThan(0);
  for (const q of queues) expect([q.mx, q.last]).toEqual([q.n, q.n]);
  // who made each step: the desk (its working receptionists, both of them) accepts, checks in, calls,
  // completes and books for callers; patients book in the app or on the web and cancel; the system marks no-shows
  const who = await sqlRows<{ action: string; source: string; actor: string; account_id: number | null; n: number }>(
    t,
    sql`SELECT l.action, b.source, l.actor, l.account_id, count(*)::int AS n FROM booking_logs l JOIN bookings b ON b.id = l.booking_id
        WHERE b.facility_id = ${facilityId} GROUP BY 1, 2, 3, 4`,
  );
  const desk = [accounts.desk1!.id, accounts.desk2!.id];
  for (const r of who) {
    const expected =
      r.action === 'noShow' ? 'SYSTEM' : r.action === 'cancel' || (r.action === 'create' && ['APP', 'WEB'].includes(r.source)) ? 'PATIENT' : 'STAFF';
    expect([r.action, r.source, r.actor]).toEqual([r.action, r.source, expected]);
    if (expected === 'STAFF') expect(desk).toContain(r.account_id);
    else expect(r.account_id).toBeNull();
  }
  expect(new Set(who.filter((r) => r.actor === 'STAFF').map((r) => r.account_id))).toEqual(new Set(desk));
  const [priced] = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM bookings WHERE facility_id = ${facilityId} AND total_price = 150000`);
  expect(priced!.n).toBeGreaterThan(0);
  // the logs screen's month: every step of the desk up to now is in the audit log, as the product writes it,
  // with a sign-in of each receptionist on each day they worked; nothing in the future
  const auditOf = async () =>
    (
      await sqlRows<{ steps: number; logins: number; loginDays: number; future: number; wrong: number }>(
        t,
        sql`SELECT count(*) FILTER (WHERE action LIKE 'BOOKING_%')::int AS steps, count(*) FILTER (WHERE action = 'LOGIN')::int AS logins,
              count(DISTINCT (actor_id, (created_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date)) FILTER (WHERE action = 'LOGIN')::int AS "loginDays",
              count(*) FILTER (WHERE created_at > now())::int AS future,
              count(*) FILTER (WHERE actor_id NOT IN (${desk[0]!}, ${desk[1]!}))::int AS wrong
            FROM audit_log WHERE facility_id = ${facilityId}`,
      )
    )[0]!;
  const [staffSteps] = await sqlRows<{ n: number; days: number }>(
    t,
    sql`SELECT count(*)::int AS n, count(DISTINCT (account_id, (created_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date))::int AS days
        FROM booking_logs WHERE facility_id = ${facilityId} AND actor = 'STAFF' AND created_at <= now()`,
  );
  const [accepted] = await sqlRows<{ n: number }>(
    t,
    sql`SELECT count(*)::int AS n FROM audit_log a JOIN booking_logs l ON l.booking_id::text = a.entity_id AND l.action = 'accept' AND l.created_at = a.created_at
        WHERE a.facility_id = ${facilityId} AND a.action = 'BOOKING_ACCEPT' AND a.entity = 'booking' AND a.actor_id = l.account_id
          AND a.after->>'status' = 'ACCEPTED' AND a.before->>'status' = 'PENDING'`,
  );
  const first = await auditOf();
  expect(staffSteps!.n).toBeGreaterThan(50);
  expect(first).toEqual({ steps: staffSteps!.n, logins: staffSteps!.days, loginDays: staffSteps!.days, future: 0, wrong: 0 });
  expect(accepted!.n).toBeGreaterThan(0);

  // deterministic: a second database gets the same codes — and a second run adds only into free places
  const again = await seedDemoBookings(t.database.db, facilityId);
  const [over] = await sqlRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM time_slots WHERE facility_id = ${facilityId} AND booked > capacity`);
  expect(again).toBeGreaterThanOrEqual(0);
  expect(over!.n).toBe(0);
  // and the audit of its own steps only
  const [stepsNow] = await sqlRows<{ n: number }>(
    t,
    sql`SELECT count(*)::int AS n FROM booking_logs WHERE facility_id = ${facilityId} AND actor = 'STAFF' AND created_at <= now()`,
  );
  expect((await auditOf()).steps).toBe(stepsNow!.n);
});

it('stamps no check-in, call or completion of the day after the moment of seeding', async () => {
  const { facilityId } = await makeFacility(t, [{ key: 'desk', authorities: ['MANAGER_APPOINTMENT'] }]);
  const today = todayVn();
  // seeded at 08:00 (+07:00): the slots of 08:00–11:00 are still ahead, yet some of their patients came early
  const now = new Date(`${today}T08:00:00+07:00`);
  await t.database.transaction(async (tx) => {
    const room = await makeClinic(tx, facilityId, 'Nội tổng hợp');
    await makeSlots(tx, facilityId, room, today, { start: '07:00', end: '11:00', minutes: 20, capacity: 6 });
    for (let i = 0; i < 15; i++) await makePatient(tx, facilityId, `Bệnh nhân ${i}`);
  });
  await seedDemoBookings(t.database.db, facilityId, now);
  const [b] = await sqlRows<{ came: number; later: number; future: number; disorder: number }>(
    t,
    sql`SELECT count(*) FILTER (WHERE checked_in_at IS NOT NULL)::int AS came,
          count(*) FILTER (WHERE checked_in_at IS NOT NULL AND start_time >= '08:00')::int AS later,
          count(*) FILTER (WHERE checked_in_at > ${now.toISOString()}::timestamptz OR called_at > ${now.toISOString()}::timestamptz)::int AS future,
          count(*) FILTER (WHERE called_at <= checked_in_at)::int AS disorder
        FROM bookings WHERE facility_id = ${facilityId}`,
  );
  expect(b!.came).toBeGreaterThan(5);
  expect(b!.later).toBeGreaterThan(0);
  expect([b!.future, b!.disorder]).toEqual([0, 0]);
  const [logs] = await sqlRows<{ future: number; disorder: number }>(
    t,
    sql`SELECT count(*) FILTER (WHERE l.created_at > ${now.toISOString()}::timestamptz)::int AS future,
          count(*) FILTER (WHERE l.created_at < (SELECT max(p.created_at) FROM booking_logs p WHERE p.booking_id = l.booking_id AND p.id < l.id))::int AS disorder
        FROM booking_logs l WHERE l.facility_id = ${facilityId}`,
  );
  expect(logs).toEqual({ future: 0, disorder: 0 });
});
