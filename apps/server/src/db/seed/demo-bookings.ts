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
    return fillSlots(tx, facilityId, {
      from: addDays(today, -DEMO_BOOKING_DAYS),
      to: addDays(today, DEMO_BOOKING_DAYS),
      today,
      fill: 0.55,
      salt: 2026,
      services: services.map((s) => ({ id: s.id, price: servicePrice(s.price, s.price_entries) })),
      staffAccountIds: desk.map((a) => a.id),
    });
  });
}
