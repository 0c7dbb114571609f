import { count, eq, sql } from 'drizzle-orm';
import { FHIR_STATUS } from '@portal/shared/rules/booking-status';
import type { Executor } from '../../core/db';
import { rows, type RawRow } from '../../core/sql';
import { recordBookingVisits } from '../patients/booking-visits.repository';
import { type bookings, medicalProfiles } from '../../db/schema';

/**
 * Fills the free places of a facility's time slots between two dates with bookings, in SQL
 * (generate_series), deterministically: every "random" choice is a hash of the slot id, the
 * place number and `salt`. Used by the demo seed and the large (benchmark) seed.
 *
 * - past days: DONE, NO_SHOW, CANCELLED, REJECTED; today: every state; later days: PENDING, ACCEPTED;
 * - each booking gets the log chain that leads to its state (create, accept, checkin, call, ...),
 *   with detail.previous as the transitions write it;
 * - patients who came (CHECKED_IN, CALLED, DONE) hold queue numbers 1..n of their room's day and
 *   the room's counter is set to n; the room's latest call is its call of the moment (calling);
 * - time_slots.booked is raised by the bookings that hold a place;
 * - each DONE booking is a visit of its patient (recordBookingVisits), as when the front desk completes it.
 */
export interface FillOptions {
  from: string;
  to: string;
  /** Today in +07:00: decides which states a day's bookings may be in. */
  today: string;
  /**
   * The moment of seeding: no check-in, call or completion is stamped after it (a patient of a later slot
   * today who is already in or through the room came early). Without it the steps keep their slots' times.
   */
  now?: Date;
  /** Share of each slot's free places to fill, 0–1 (each slot varies around it). */
  fill: number;
  salt: number;
  /** Services to book with (id and the price to charge); one per booking, picked by hash. */
  services?: { id: number; price: number }[];
  /**
   * The front-desk accounts whose names the staff steps of the log carry (accept, reject, check-in,
   * call, complete, and the booking itself when taken on the phone or at the counter), picked by
   * hash; none: those steps name no account.
   */
  staffAccountIds?: number[];
}

/** A deterministic number in [0, 1) from a text key. */
const H = (key: string) => `(('x' || substr(md5(${key}), 1, 8))::bit(32)::bigint / 4294967296.0)`;

export async function fillSlots(ex: Executor, facilityId: number, o: FillOptions): Promise<number> {
  const [profiles] = await ex.select({ n: count() }).from(medicalProfiles).where(eq(medicalProfiles.facilityId, facilityId));
  const nProfiles = profiles?.n ?? 0;
  if (!nProfiles) return 0;
  const salt = String(o.salt);
  const r1 = H(`s.id::text || ':' || g.n || ':a' || ${`'${salt}'`}`);
  const r2 = H(`s.id::text || ':' || g.n || ':b' || ${`'${salt}'`}`);
  const r3 = H(`s.id::text || ':' || g.n || ':c' || ${`'${salt}'`}`);
  const rs = H(`s.id::text || ':slot' || ${`'${salt}'`}`);
  // Status by the day: past / today / future, from one uniform draw.
  const status = `CASE
      WHEN s.date < '${o.today}'::date THEN CASE WHEN ${r1} < 0.76 THEN 'DONE' WHEN ${r1} < 0.86 THEN 'NO_SHOW' WHEN ${r1} < 0.95 THEN 'CANCELLED' ELSE 'REJECTED' END
      WHEN s.date = '${o.today}'::date THEN CASE WHEN ${r1} < 0.2 THEN 'DONE' WHEN ${r1} < 0.3 THEN 'CALLED' WHEN ${r1} < 0.5 THEN 'CHECKED_IN' WHEN ${r1} < 0.75 THEN 'ACCEPTED'
        WHEN ${r1} < 0.88 THEN 'PENDING' WHEN ${r1} < 0.95 THEN 'CANCELLED' ELSE 'REJECTED' END
      ELSE CASE WHEN ${r1} < 0.45 THEN 'PENDING' ELSE 'ACCEPTED' END END`;
  const fhir = `CASE st ${Object.entries(FHIR_STATUS)
    .map(([k, v]) => `WHEN '${k}' THEN '${v}'`)
    .join(' ')} END`;
  // An instant no later than `minutes` before now (when seeding at a known moment), else the instant itself.
  const notAfterNow = (at: string, minutes: string) =>
    o.now ? `least(${at}, '${o.now.toISOString()}'::timestamptz - interval '1 minute' * (${minutes}))` : at;
  const services = o.services ?? [];
  const svcIds = `ARRAY[${services.map((s) => s.id).join(',') || 'NULL'}]::int[]`;
  const svcPrices = `ARRAY[${services.map((s) => s.price).join(',') || 'NULL'}]::bigint[]`;

  const inserted = await rows<RawRow<typeof bookings, 'id'>>(
    ex,
    sql.raw(`
    WITH prof AS (
      SELECT id, user_id, patient_code, full_name, phone, name_search, row_number() OVER (ORDER BY id) - 1 AS k FROM medical_profiles WHERE facility_id = ${facilityId}
    ), places AS (
      SELECT s.id AS slot_id, s.schedule_id, s.doctor_id, sc.room_id, sc.department_id, s.date, s.start_time, s.end_time, s.starts_at, g.n,
        ${status} AS st, ${r2} AS r2, ${r3} AS r3, (floor(${r2} * 7919 * ${nProfiles})::bigint % ${nProfiles}) AS pk
      FROM time_slots s JOIN schedules sc ON sc.id = s.schedule_id
      CROSS JOIN LATERAL generate_series(1, greatest(0, floor((s.capacity - s.booked) * least(1, ${o.fill} * (0.6 + 0.8 * ${rs})))::int)) AS g(n)
      WHERE s.facility_id = ${facilityId} AND s.date BETWEEN '${o.from}'::date AND '${o.to}'::date
    ), chosen AS (
      SELECT pl.*, p.id AS profile_id, p.user_id, p.patient_code, p.full_name, p.phone, p.name_search,
        'DK' || to_char(pl.date, 'YYMMDD') || lpad((floor(pl.r3 * 1000000))::int::text, 6, '0') AS code
      FROM places pl JOIN prof p ON p.k = pl.pk
    )
    INSERT INTO bookings (facility_id, code, patient_user_id, medical_profile_id, time_slot_id, schedule_id, doctor_id, room_id, department_id,
      date, start_time, end_time, status, fhir_status, source, priority, total_price, search_text, created_at, updated_at)
    SELECT ${facilityId}, code, user_id, profile_id, slot_id, schedule_id, doctor_id, room_id, department_id, date, start_time, end_time, st, ${fhir},
      (ARRAY['APP','APP','WEB','HOTLINE','COUNTER'])[1 + floor(r3 * 5)::int], CASE WHEN r2 < 0.1 THEN 1 ELSE 0 END, 0,
      lower(code) || ' ' || name_search || ' ' || coalesce(phone, '') || ' ' || lower(patient_code),
      starts_at - interval '1 day' * (1 + floor(r3 * 6)), starts_at - interval '1 day' * (1 + floor(r3 * 6))
    FROM chosen
    ON CONFLICT (facility_id, code) DO NOTHING
    RETURNING id`),
  );
  const filled = inserted.length;
  // the new bookings: those without a log yet
  await ex.execute(
    sql.raw(
      `CREATE TEMP TABLE IF NOT EXISTS fill_new (id int PRIMARY KEY, st text, created_at timestamptz, room_id int, date date, start_time text, slot_id int, source text)`,
    ),
  );
  await ex.execute(sql.raw(`TRUNCATE fill_new`));
  await ex.execute(
    sql.raw(`INSERT INTO fill_new SELECT b.id, b.status, b.created_at, b.room_id, b.date, b.start_time, b.time_slot_id, b.source FROM bookings b
      WHERE b.facility_id = ${facilityId} AND b.date BETWEEN '${o.from}'::date AND '${o.to}'::date AND NOT EXISTS (SELECT 1 FROM booking_logs l WHERE l.booking_id = b.id)`),
  );
  // a temporary table has no statistics until analysed: without them the joins below plan as if it were tiny
  await ex.execute(sql.raw('ANALYZE fill_new'));
  if (services.length) {
    const pick = `1 + f.id % ${services.length}`;
    await ex.execute(
      sql.raw(`INSERT INTO booking_services (booking_id, service_id, price) SELECT f.id, (${svcIds})[${pick}], (${svcPrices})[${pick}] FROM fill_new f`),
    );
    await ex.execute(sql.raw(`UPDATE bookings b SET total_price = (${svcPrices})[${pick}] FROM fill_new f WHERE b.id = f.id`));
  }
  // The log chain of each state: step k of the chain happens k hours after creation (a check-in on the day itself).
  const chains: Record<string, [string, string | null, string][]> = {
    PENDING: [['create', null, 'PENDING']],
    ACCEPTED: [
      ['create', null, 'PENDING'],
      ['accept', 'PENDING', 'ACCEPTED'],
    ],
    REJECTED: [
      ['create', null, 'PENDING'],
      ['reject', 'PENDING', 'REJECTED'],
    ],
    CANCELLED: [
      ['create', null, 'PENDING'],
      ['accept', 'PENDING', 'ACCEPTED'],
      ['cancel', 'ACCEPTED', 'CANCELLED'],
    ],
    NO_SHOW: [
      ['create', null, 'PENDING'],
      ['accept', 'PENDING', 'ACCEPTED'],
      ['noShow', 'ACCEPTED', 'NO_SHOW'],
    ],
    CHECKED_IN: [
      ['create', null, 'PENDING'],
      ['accept', 'PENDING', 'ACCEPTED'],
      ['checkin', 'ACCEPTED', 'CHECKED_IN'],
    ],
    CALLED: [
      ['create', null, 'PENDING'],
      ['accept', 'PENDING', 'ACCEPTED'],
      ['checkin', 'ACCEPTED', 'CHECKED_IN'],
      ['call', 'CHECKED_IN', 'CALLED'],
    ],
    DONE: [
      ['create', null, 'PENDING'],
      ['accept', 'PENDING', 'ACCEPTED'],
      ['checkin', 'ACCEPTED', 'CHECKED_IN'],
      ['call', 'CHECKED_IN', 'CALLED'],
      ['complete', 'CALLED', 'DONE'],
    ],
  };
  const chainRows = Object.entries(chains)
    .flatMap(([st, steps]) => steps.map(([a, from, to], k) => `('${st}', ${k}, '${a}', ${from ? `'${from}'` : 'NULL'}, '${to}')`))
    .join(', ');
  // Who made each step: the patient books in the app or on the web and cancels; the system marks the
  // no-shows; the front desk does the rest (and books for those who call or come to the counter).
  const staff = o.staffAccountIds ?? [];
  const staffAccount = staff.length ? `(ARRAY[${staff.join(',')}]::int[])[1 + (f.id + c.k) % ${staff.length}]` : 'NULL::int';
  await ex.execute(
    sql.raw(`INSERT INTO booking_logs (facility_id, booking_id, action, from_status, to_status, reason, actor, account_id, detail, created_at)
      SELECT ${facilityId}, f.id, c.action, c.from_status, c.to_status,
        CASE c.action WHEN 'reject' THEN 'Bác sĩ có lịch hội chẩn đột xuất' WHEN 'cancel' THEN 'Bệnh nhân báo bận, xin huỷ lịch' END,
        a.actor, CASE a.actor WHEN 'STAFF' THEN ${staffAccount} END,
        jsonb_build_object('previous', c.from_status),
        CASE WHEN c.action IN ('checkin', 'call', 'complete', 'noShow') THEN ${notAfterNow(`(f.date + f.start_time::time) AT TIME ZONE 'Asia/Ho_Chi_Minh' + interval '10 minutes' * c.k`, '7 * (5 - c.k)')}
             ELSE f.created_at + interval '1 hour' * c.k END
      FROM fill_new f JOIN (VALUES ${chainRows}) AS c(st, k, action, from_status, to_status) ON c.st = f.st
      CROSS JOIN LATERAL (SELECT CASE
        WHEN c.action = 'noShow' THEN 'SYSTEM'
        WHEN c.action = 'cancel' OR (c.action = 'create' AND f.source IN ('APP', 'WEB')) THEN 'PATIENT'
        ELSE 'STAFF' END AS actor) a
      ORDER BY f.id, c.k`),
  );
  await ex.execute(
    sql.raw(`UPDATE bookings b SET status_reason = CASE b.status WHEN 'REJECTED' THEN 'Bác sĩ có lịch hội chẩn đột xuất' ELSE 'Bệnh nhân báo bận, xin huỷ lịch' END
      FROM fill_new f WHERE b.id = f.id AND f.st IN ('REJECTED', 'CANCELLED')`),
  );
  // Queue numbers of the patients who came, by slot time within the room's day, after what the day already holds.
  await ex.execute(
    sql.raw(`WITH came AS (
        SELECT f.id, f.room_id, f.date, (f.date + f.start_time::time) AT TIME ZONE 'Asia/Ho_Chi_Minh' AS starts, row_number() OVER (PARTITION BY f.room_id, f.date ORDER BY f.start_time, f.id) AS k FROM fill_new f WHERE f.st IN ('CHECKED_IN', 'CALLED', 'DONE')
      ), base AS (
        SELECT room_id, date, coalesce(max(queue_number), 0) AS m FROM bookings WHERE facility_id = ${facilityId} AND queue_number IS NOT NULL AND date BETWEEN '${o.from}'::date AND '${o.to}'::date GROUP BY room_id, date
      )
      UPDATE bookings b SET queue_number = coalesce(base.m, 0) + came.k, checked_in_at = t.checked_in_at,
        called_at = CASE WHEN b.status IN ('CALLED', 'DONE') THEN greatest(${notAfterNow(`t.starts + interval '1 minute' * (3 + b.id % 43)`, '1 + b.id % 5')}, t.checked_in_at + interval '1 minute') END
      FROM came LEFT JOIN base ON base.room_id = came.room_id AND base.date = came.date
      CROSS JOIN LATERAL (SELECT ${notAfterNow('came.starts', '6 + came.id % 40')} AS checked_in_at, came.starts) t
      WHERE b.id = came.id`),
  );
  // A room calls one patient at a time: of the day's called patients, the room's latest call is the call of the moment.
  await ex.execute(
    sql.raw(`UPDATE bookings SET calling = true WHERE id IN (
        SELECT DISTINCT ON (b.room_id, b.date) b.id FROM fill_new f JOIN bookings b ON b.id = f.id WHERE f.st = 'CALLED'
          AND NOT EXISTS (SELECT 1 FROM bookings c WHERE c.facility_id = ${facilityId} AND c.room_id = b.room_id AND c.date = b.date AND c.calling)
        ORDER BY b.room_id, b.date, b.called_at DESC, b.id DESC)`),
  );
  await ex.execute(
    sql.raw(`INSERT INTO queue_counters (room_id, date, facility_id, last_number)
      SELECT room_id, date, ${facilityId}, max(queue_number) FROM bookings WHERE facility_id = ${facilityId} AND queue_number IS NOT NULL AND date BETWEEN '${o.from}'::date AND '${o.to}'::date GROUP BY room_id, date
      ON CONFLICT (room_id, date, facility_id) DO UPDATE SET last_number = greatest(queue_counters.last_number, excluded.last_number)`),
  );
  await ex.execute(
    sql.raw(`UPDATE time_slots s SET booked = s.booked + h.n FROM (
        SELECT slot_id, count(*)::int AS n FROM fill_new WHERE st NOT IN ('REJECTED', 'CANCELLED') GROUP BY slot_id) h WHERE s.id = h.slot_id`),
  );
  // the finished ones are visits of their patients, as completing a booking records them
  await recordBookingVisits(ex, { facilityId, from: o.from, to: o.to });
  return filled;
}
