import { sql } from 'drizzle-orm';
import { servicePrice } from '@portal/shared/rules/high-quality-price';
import { addDays } from '@portal/shared/rules/schedule';
import type { PriceEntryRow } from '../schema';
import type { Executor } from '../../core/db';
import { todayVn } from '../../modules/appointments/appointments.queries';
import { fillSlots } from '../../modules/appointments/fill-slots';
import { rows } from '../../core/sql';

/** Days before and after today the demo fills (the schedules seed covers two months around today). */
export const DEMO_BOOKING_DAYS = 31;

/**
 * A believable stream of bookings over the facility's time slots for two months around today:
 * past days DONE, NO_SHOW, CANCELLED, REJECTED; today every state with queue numbers; later days
 * PENDING and ACCEPTED — each with the log chain of its state, one consultation service at the
 * price list's price, and `booked` of every slot raised by the bookings holding a place.
 * Deterministic; run after the schedules seed (it only fills slots' free places).
 */
export async function seedDemoBookings(ex: Executor, facilityId: number, now = new Date()): Promise<number> {
  const today = todayVn(now);
  return ex.transaction(async (tx) => {
    const services = await rows<{ id: number; price: number; price_entries: PriceEntryRow[] | null }>(
      tx,
      sql`SELECT id, price, price_entries FROM medical_services WHERE facility_id = ${facilityId} AND active AND type_value = 10 ORDER BY code LIMIT 8`,
    );
    // the facility's receptionists who are at work (not locked, past their first sign-in) did the desk's steps
    const desk = await rows<{ id: number }>(
      tx,
      sql`SELECT DISTINCT a.id FROM accounts a JOIN account_roles ar ON ar.account_id = a.id JOIN role_authorities ra ON ra.role_id = ar.role_id
          WHERE a.facility_id = ${facilityId} AND ra.authority = 'MANAGER_APPOINTMENT' AND NOT a.locked AND NOT a.must_change_password ORDER BY a.id`,
    );
    const [{ lastLog }] = (await rows<{ lastLog: number }>(
      tx,
      sql`SELECT coalesce(max(id), 0)::int AS "lastLog" FROM booking_logs WHERE facility_id = ${facilityId}`,
    )) as [{ lastLog: number }];
    const filled = await fillSlots(tx, facilityId, {
      from: addDays(today, -DEMO_BOOKING_DAYS),
      to: addDays(today, DEMO_BOOKING_DAYS),
      today,
      now,
      fill: 0.55,
      salt: 2026,
      services: services.map((s) => ({ id: s.id, price: servicePrice(s.price, s.price_entries) })),
      staffAccountIds: desk.map((a) => a.id),
    });
    await seedDemoDeskAudit(tx, facilityId, now, lastLog);
    return filled;
  });
}

/**
 * The audit trail the desk's demo work would have left (the logs screen's month): each step a receptionist
 * made in the bookings' timelines (booking_logs by STAFF, up to now) as the audit row the product writes
 * for it (`BOOKING_<ACTION>`, before and after status), and each receptionist's sign-in on the days they
 * worked, a quarter of an hour before their first step, from a front-desk computer of the hospital's network.
 * Only the timeline rows after `afterLogId` (those this run wrote).
 */
export async function seedDemoDeskAudit(ex: Executor, facilityId: number, now: Date, afterLogId = 0): Promise<void> {
  await ex.execute(sql`
    INSERT INTO audit_log (facility_id, actor_id, actor_username, action, entity, entity_id, before, after, ip, created_at)
    SELECT x.facility_id, x.account_id, a.username, x.action, x.entity, x.entity_id, x.before, x.after, x.ip, x.created_at
    FROM (
      SELECT l.facility_id, l.account_id, 'BOOKING_' || upper(l.action) AS action, 'booking' AS entity, l.booking_id::text AS entity_id,
        CASE WHEN l.from_status IS NOT NULL THEN jsonb_build_object('status', l.from_status) END AS before,
        jsonb_build_object('status', l.to_status, 'reason', l.reason) AS after,
        '10.10.1.' || (20 + l.account_id % 30) AS ip, l.created_at
      FROM booking_logs l
      WHERE l.facility_id = ${facilityId} AND l.id > ${afterLogId} AND l.actor = 'STAFF' AND l.account_id IS NOT NULL
        AND l.created_at <= ${now.toISOString()}::timestamptz
      UNION ALL
      SELECT l.facility_id, l.account_id, 'LOGIN', 'session', NULL, NULL, NULL,
        '10.10.1.' || (20 + l.account_id % 30), min(l.created_at) - interval '15 minutes'
      FROM booking_logs l
      WHERE l.facility_id = ${facilityId} AND l.id > ${afterLogId} AND l.actor = 'STAFF' AND l.account_id IS NOT NULL
        AND l.created_at <= ${now.toISOString()}::timestamptz
      GROUP BY l.facility_id, l.account_id, (l.created_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date
    ) x JOIN accounts a ON a.facility_id = x.facility_id AND a.id = x.account_id
    ORDER BY x.created_at`);
}
