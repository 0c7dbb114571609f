import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/shared/rules/schedule';
import { todayVn } from '@portal/shared/rules/time';
import { createTestApp, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { seedDemoCatalog } from './demo-catalog';
import { seedDemoDoctors } from './demo-doctors';
import { seedDemoSchedules } from './demo-schedules';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo schedules', () => {
  it('seeds two months around today for the outpatient doctors, quickly, without clashes, the same every time', async () => {
    const now = new Date('2026-11-23T03:00:00Z');
    const seed = async () => {
      const { facilityId } = await makeFacility(t, []);
      await t.database.transaction(async (tx) => {
        await seedDemoCatalog(tx, facilityId);
        await seedDemoDoctors(tx, facilityId);
      });
      const started = performance.now();
      const made = await t.database.transaction((tx) => seedDemoSchedules(tx, facilityId, now));
      return { facilityId, made, ms: performance.now() - started };
    };
    const a = await seed();
    console.log(`demo schedules: ${a.made} schedules in ${Math.round(a.ms)} ms`);
    expect(a.made).toBeGreaterThan(1000);
    const [stats] = await sqlRows<{
      doctors: number;
      first: string;
      last: string;
      slots: number;
      minCap: number;
      maxCap: number;
      sundays: number;
      saturdays: number;
    }>(
      t,
      sql`SELECT count(DISTINCT s.doctor_id)::int AS doctors, min(s.date)::text AS first, max(s.date)::text AS last,
        (SELECT count(*)::int FROM time_slots ts WHERE ts.facility_id = ${a.facilityId}) AS slots,
        min(s.capacity)::int AS "minCap", max(s.capacity)::int AS "maxCap",
        count(*) FILTER (WHERE extract(isodow FROM s.date) = 7)::int AS sundays,
        count(*) FILTER (WHERE extract(isodow FROM s.date) = 6)::int AS saturdays
        FROM schedules s WHERE s.facility_id = ${a.facilityId}`,
    );
    const today = todayVn(now);
    expect(stats).toMatchObject({ first: addDays(today, -30) <= stats!.first ? stats!.first : 'x', sundays: 0 });
    expect(stats!.first >= addDays(today, -30) && stats!.last <= addDays(today, 30)).toBe(true);
    expect(stats!.doctors).toBeGreaterThanOrEqual(20);
    expect(stats!.saturdays).toBeGreaterThan(0);
    expect(stats!.minCap).toBeGreaterThanOrEqual(2);
    expect(stats!.maxCap).toBeLessThanOrEqual(6);
    const [clash] = await sqlRows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM schedules a JOIN schedules b ON a.doctor_id = b.doctor_id AND a.date = b.date AND a.id < b.id
        AND a.start_time < b.end_time AND b.start_time < a.end_time WHERE a.facility_id = ${a.facilityId}`,
    );
    expect(clash!.n).toBe(0);
    const b = await seed();
    const shape = (f: number) =>
      sqlRows<{ h: string }>(
        t,
        sql`SELECT md5(string_agg(d.code || s.date || s.start_time || s.capacity || s.slot_minutes || r.code, ',' ORDER BY d.code, s.date, s.start_time)) AS h FROM schedules s JOIN doctors d ON d.id = s.doctor_id JOIN rooms r ON r.id = s.room_id WHERE s.facility_id = ${f}`,
      );
    expect(await shape(b.facilityId)).toEqual(await shape(a.facilityId));
  });
});
