import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportFilters } from '@portal/shared/contracts/reports.contract';
import { BOOKING_STATUSES, FHIR_STATUS, type BookingStatus } from '@portal/shared/rules/booking-status';
import { rows } from '../../core/sql';
import { createTestApp, makeFacility, sqlRows, type TestApp } from '../../test/test-app';
import { makeClinic, makeProfiles, makeSlots, type ClinicFixture, type SlotFixture } from '../appointments/appointments.fixtures';
import { foldReportRollup } from './fold.job';
import { quickStatistic, quickTotals, type QuickRow } from './reports.repository';

/**
 * The quick statistic's rollup (migration 0025) always equals the live count of the bookings: random
 * writes of every kind the product makes (one or many rows per statement: create, transition, move to
 * another day or doctor, change of profile, delete; visits finished and undone, which turn a patient's
 * later bookings from new to returning and back), folded at random moments, compared after each round
 * with the definition computed from the bookings themselves.
 */

/** The definition: the quick statistic counted from the bookings and their profiles' first visits. */
function live(facilityId: number, f: ReportFilters): SQL {
  const parts: SQL[] = [sql`b.facility_id = ${facilityId}`, sql`b.date BETWEEN ${f.from}::date AND ${f.to}::date`];
  if (f.departmentId !== undefined) parts.push(sql`b.department_id = ${f.departmentId}`);
  if (f.doctorId !== undefined) parts.push(sql`b.doctor_id = ${f.doctorId}`);
  if (f.source) parts.push(sql`b.source = ${f.source}`);
  return sql`WITH q AS (
      SELECT b.date, b.department_id, b.specialty_id, b.doctor_id, b.room_id, b.source, b.status,
        EXISTS (SELECT 1 FROM bookings e WHERE e.facility_id = b.facility_id AND e.medical_profile_id = b.medical_profile_id
                  AND e.status = 'DONE' AND e.date < b.date) = false AS is_new
      FROM bookings b WHERE ${sql.join(parts, sql` AND `)})
    SELECT CASE WHEN grouping(q.date) = 0 THEN 'day' WHEN grouping(q.department_id) = 0 THEN 'department'
                WHEN grouping(q.specialty_id) = 0 THEN 'specialty' WHEN grouping(q.doctor_id) = 0 THEN 'doctor'
                WHEN grouping(q.room_id) = 0 THEN 'room' WHEN grouping(q.source) = 0 THEN 'source' ELSE 'all' END AS kind,
      coalesce(q.date::text, q.department_id::text, q.specialty_id::text, q.doctor_id::text, q.room_id::text, q.source) AS key,
      count(*)::int AS total,
      count(*) FILTER (WHERE q.status = 'PENDING')::int AS pending,
      count(*) FILTER (WHERE q.status = 'ACCEPTED')::int AS accepted,
      count(*) FILTER (WHERE q.status = 'REJECTED')::int AS rejected,
      count(*) FILTER (WHERE q.status = 'CANCELLED')::int AS cancelled,
      count(*) FILTER (WHERE q.status IN ('CHECKED_IN', 'CALLED'))::int AS "checkedIn",
      count(*) FILTER (WHERE q.status = 'DONE')::int AS done,
      count(*) FILTER (WHERE q.status = 'NO_SHOW')::int AS "noShow",
      count(*) FILTER (WHERE q.source IN ('APP', 'WEB'))::int AS online,
      count(*) FILTER (WHERE q.is_new)::int AS "newPatients"
    FROM q GROUP BY GROUPING SETS ((), (q.date), (q.department_id), (q.specialty_id), (q.doctor_id), (q.room_id), (q.source))`;
}

const sorted = (list: QuickRow[]) => list.map((r) => ({ ...r })).sort((a, b) => `${a.kind}:${a.key}`.localeCompare(`${b.kind}:${b.key}`));

/** A small seeded random generator (mulberry32): a failing round can be replayed with its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]! };
}

const DAYS = ['2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04', '2026-04-05'];
const SOURCES = ['APP', 'WEB', 'HOTLINE', 'COUNTER'];

let t: TestApp;
let facilityId: number;
let otherFacilityId: number;
let clinics: ClinicFixture[];
const slots = new Map<string, SlotFixture[]>();
let profiles: number[];
let otherSlot: SlotFixture;
let otherClinic: ClinicFixture;
let otherProfile: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  facilityId = (await makeFacility(t, [])).facilityId;
  otherFacilityId = (await makeFacility(t, [])).facilityId;
  clinics = [await makeClinic(db, facilityId, 'Nội'), await makeClinic(db, facilityId, 'Nhi'), await makeClinic(db, facilityId, 'Sản')];
  for (const c of clinics) for (const d of DAYS) slots.set(`${c.doctorId}:${d}`, await makeSlots(db, facilityId, c, d));
  profiles = await makeProfiles(db, facilityId, 12);
  otherClinic = await makeClinic(db, otherFacilityId, 'Ngoại');
  otherSlot = (await makeSlots(db, otherFacilityId, otherClinic, DAYS[0]!))[0]!;
  [otherProfile] = (await makeProfiles(db, otherFacilityId, 1)) as [number];
});
afterAll(() => t.close());

let n = 0;
function bookingValues(fid: number, c: ClinicFixture, slot: SlotFixture, profileId: number, status: BookingStatus, source: string): SQL {
  return sql`(${fid}, ${`RU${process.pid}${n++}`}, ${profileId}, ${slot.id}, ${slot.scheduleId}, ${c.doctorId}, ${c.roomId}, ${c.departmentId},
    ${c.specialtyId}, ${slot.date}, ${slot.startTime}, '00:00', ${status}, ${FHIR_STATUS[status]}, ${source})`;
}
const INSERT = sql.raw(`INSERT INTO bookings (facility_id, code, medical_profile_id, time_slot_id, schedule_id, doctor_id, room_id, department_id,
  specialty_id, date, start_time, end_time, status, fhir_status, source) VALUES `);

async function ids(): Promise<number[]> {
  return (await sqlRows<{ id: number }>(t, sql`SELECT id FROM bookings WHERE facility_id = ${facilityId} ORDER BY id`)).map((r) => r.id);
}

/** One random write, as one statement (sometimes of many rows). */
async function randomWrite(r: ReturnType<typeof random>): Promise<string> {
  const ex = t.database.db;
  const existing = await ids();
  const status = () => r.pick(BOOKING_STATUSES);
  const someIds = () => {
    const k = 1 + r.int(4);
    return [...new Set(Array.from({ length: k }, () => r.pick(existing)))];
  };
  const kind = existing.length < 5 ? 0 : r.int(8);
  switch (kind) {
    case 0:
    case 1: {
      const k = 1 + r.int(3);
      const values = Array.from({ length: k }, () => {
        const c = r.pick(clinics);
        return bookingValues(facilityId, c, r.pick(slots.get(`${c.doctorId}:${r.pick(DAYS)}`)!), r.pick(profiles), status(), r.pick(SOURCES));
      });
      await ex.execute(sql`${INSERT}${sql.join(values, sql`, `)}`);
      return `insert ${k}`;
    }
    case 2:
    case 3: {
      const s = status();
      const list = someIds();
      await ex.execute(
        sql`UPDATE bookings SET status = ${s}, fhir_status = ${FHIR_STATUS[s]} WHERE facility_id = ${facilityId} AND id IN (${sql.join(
          list.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      );
      return `status ${s} of ${list.length}`;
    }
    case 4: {
      const c = r.pick(clinics);
      const slot = r.pick(slots.get(`${c.doctorId}:${r.pick(DAYS)}`)!);
      const id = r.pick(existing);
      await ex.execute(sql`UPDATE bookings SET date = ${slot.date}, time_slot_id = ${slot.id}, schedule_id = ${slot.scheduleId}, doctor_id = ${c.doctorId},
        room_id = ${c.roomId}, department_id = ${c.departmentId}, specialty_id = ${c.specialtyId}, start_time = ${slot.startTime}
        WHERE facility_id = ${facilityId} AND id = ${id}`);
      return `move ${id}`;
    }
    case 5: {
      const list = someIds();
      await ex.execute(
        sql`UPDATE bookings SET medical_profile_id = ${r.pick(profiles)} WHERE facility_id = ${facilityId} AND id IN (${sql.join(
          list.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      );
      return `profile of ${list.length}`;
    }
    case 6: {
      const list = someIds();
      await ex.execute(
        sql`DELETE FROM bookings WHERE facility_id = ${facilityId} AND id IN (${sql.join(
          list.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      );
      return `delete ${list.length}`;
    }
    default: {
      // a write that counts nothing: the rollup does not move
      await ex.execute(sql`UPDATE bookings SET symptom = 'ho', calling = false WHERE facility_id = ${facilityId} AND id = ${r.pick(existing)}`);
      return 'other field';
    }
  }
}

async function compare(r: ReturnType<typeof random>, context: string) {
  const ex = t.database.db;
  const from = r.int(DAYS.length);
  const to = from + r.int(DAYS.length - from);
  const c = r.pick(clinics);
  const filters: ReportFilters[] = [
    { from: DAYS[0]!, to: DAYS[DAYS.length - 1]! },
    { from: DAYS[from]!, to: DAYS[to]! },
    { from: DAYS[0]!, to: DAYS[DAYS.length - 1]!, departmentId: c.departmentId },
    { from: DAYS[from]!, to: DAYS[to]!, doctorId: c.doctorId, source: r.pick(SOURCES) as ReportFilters['source'] },
  ] as ReportFilters[];
  for (const f of filters) {
    const expected = sorted(await rows<QuickRow>(ex, live(facilityId, f)));
    expect(sorted(await quickStatistic(ex, facilityId, f)), `${context} ${JSON.stringify(f)}`).toEqual(expected);
    const { kind: _k, key: _key, ...totals } = expected.find((x) => x.kind === 'all')!;
    expect(await quickTotals(ex, facilityId, f), context).toEqual(totals);
  }
}

describe('the quick statistic’s rollup', () => {
  it('equals the live count after every round of random writes, folded or not', async () => {
    const seed = Number(process.env.ROLLUP_SEED ?? Date.now() % 100_000);
    const r = random(seed);
    // another facility's bookings never count
    await t.database.db.execute(sql`${INSERT}${bookingValues(otherFacilityId, otherClinic, otherSlot, otherProfile, 'DONE', 'APP')}`);
    for (let round = 0; round < 40; round++) {
      const done: string[] = [];
      for (let i = 0; i < 1 + r.int(6); i++) done.push(await randomWrite(r));
      if (r.next() < 0.3) {
        await foldReportRollup(t);
        done.push('fold');
      }
      await compare(r, `seed ${seed}, round ${round}: ${done.join(', ')}`);
    }
    // after a last fold, nothing is left to add and no empty row is kept
    await foldReportRollup(t);
    await compare(r, `seed ${seed}, after the last fold`);
    const [left] = await sqlRows<{ deltas: number; empty: number }>(
      t,
      sql`SELECT (SELECT count(*) FROM booking_stat_deltas)::int AS deltas, (SELECT count(*) FROM booking_day_stats WHERE total = 0)::int AS empty`,
    );
    expect(left).toEqual({ deltas: 0, empty: 0 });
  });

  it('a transaction rolled back leaves the rollup as it was', async () => {
    const f = { from: DAYS[0]!, to: DAYS[DAYS.length - 1]! };
    const before = await quickTotals(t.database.db, facilityId, f);
    const c = clinics[0]!;
    await expect(
      t.database.transaction(async (tx) => {
        await tx.execute(sql`${INSERT}${bookingValues(facilityId, c, slots.get(`${c.doctorId}:${DAYS[0]}`)![0]!, profiles[0]!, 'DONE', 'APP')}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await quickTotals(t.database.db, facilityId, f)).toEqual(before);
  });
});
