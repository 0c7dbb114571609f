import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { BOOKING_MESSAGES, type CreateBookingBody } from '@portal/shared/contracts/appointments.contract';
import { fmt } from '@portal/shared/messages.vi';
import { FHIR_STATUS, HOLDS_SLOT } from '@portal/shared/rules/booking-status';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { servicePrice } from '@portal/shared/rules/high-quality-price';
import type { PriceEntryRow } from '../../db/schema';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Executor, Tx } from '../../core/db';
import { badRequest, conflict, notFound } from '../../core/errors';
import { rows } from '../patients/patients.repository';
import { findSlot, takePlace, type LogInsert, type SlotRecord } from './appointments.repository';
import { recordBookingWrite } from './transitions.operation';

export interface ProfileRecord {
  id: number;
  user_id: number;
  full_name: string;
  phone: string | null;
  patient_code: string;
}

export async function findProfile(ex: Executor, facilityId: number, id: number): Promise<ProfileRecord | null> {
  const [p] = await rows<ProfileRecord>(
    ex,
    sql`SELECT id, user_id, full_name, phone, patient_code FROM medical_profiles WHERE facility_id = ${facilityId} AND id = ${id}`,
  );
  return p ?? null;
}

/** search_text of a booking: code, patient name, phone and patient code, without diacritics. */
export const bookingSearchText = (code: string, p: Pick<ProfileRecord, 'full_name' | 'phone' | 'patient_code'>) =>
  normalizeText([code, p.full_name, p.phone, p.patient_code].filter(Boolean).join(' '));

export interface PricedService {
  id: number;
  price: number;
}

/** Active services of the facility with their price today (rules/high-quality-price `servicePrice`); 400 when one is missing. */
export async function pricedServices(ex: Executor, facilityId: number, ids: readonly number[]): Promise<PricedService[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const found = await rows<{ id: number; price: number; price_entries: PriceEntryRow[] | null }>(
    ex,
    sql`SELECT id, price, price_entries FROM medical_services WHERE facility_id = ${facilityId} AND active AND id IN (${sql.join(
      unique.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  if (found.length !== unique.length) {
    const message = 'Có dịch vụ không tồn tại hoặc đã ngừng hoạt động';
    throw badRequest(message, [{ field: 'serviceIds', message }]);
  }
  return found.map((s) => ({ id: s.id, price: servicePrice(s.price, s.price_entries) }));
}

export async function checkSpecialty(ex: Executor, facilityId: number, id: number | null | undefined): Promise<void> {
  if (id == null) return;
  const [s] = await rows<{ id: number }>(ex, sql`SELECT id FROM specialties WHERE facility_id = ${facilityId} AND id = ${id}`);
  if (!s) {
    const message = 'Chuyên khoa không tồn tại';
    throw badRequest(message, [{ field: 'specialtyId', message }]);
  }
}

/** A bookable slot of the facility: 404 when missing, 400 when it has started. */
export async function bookableSlot(ex: Executor, facilityId: number, id: number): Promise<SlotRecord> {
  const slot = await findSlot(ex, facilityId, id);
  if (!slot) throw notFound(BOOKING_MESSAGES.slotNotFound);
  if (slot.past) throw badRequest(BOOKING_MESSAGES.slotPast, [{ field: 'timeSlotId', message: BOOKING_MESSAGES.slotPast }]);
  return slot;
}

export async function replaceServices(tx: Tx, bookingId: number, services: readonly PricedService[]): Promise<number> {
  await tx.execute(sql`DELETE FROM booking_services WHERE booking_id = ${bookingId}`);
  if (services.length) {
    await tx.execute(
      sql`INSERT INTO booking_services (booking_id, service_id, price) VALUES ${sql.join(
        services.map((s) => sql`(${bookingId}, ${s.id}, ${s.price})`),
        sql`, `,
      )}`,
    );
  }
  return services.reduce((sum, s) => sum + s.price, 0);
}

/**
 * One patient profile holds at most one live booking of a slot (a second click, a second call):
 * 409 naming the booking it already has. Called after takePlace, whose update keeps the slot's row
 * locked to the end of the transaction, so two such bookings made at once are checked one after the
 * other and the second sees the first.
 */
export async function refuseSecondBooking(tx: Tx, facilityId: number, profileId: number, slotId: number, exceptId?: number): Promise<void> {
  const [held] = await rows<{ code: string }>(
    tx,
    sql`SELECT code FROM bookings WHERE facility_id = ${facilityId} AND medical_profile_id = ${profileId} AND time_slot_id = ${slotId}
          AND status IN (${sql.join(
            HOLDS_SLOT.map((s) => sql`${s}`),
            sql`, `,
          )}) AND id <> ${exceptId ?? 0} LIMIT 1`,
  );
  if (held) throw conflict(fmt(BOOKING_MESSAGES.alreadyBooked, { code: held.code }));
}

/** 'DK' + yymmdd of the booking's day + 6 random digits. */
export const bookingCode = (date: string) => `DK${date.slice(2, 4)}${date.slice(5, 7)}${date.slice(8, 10)}${String(randomInt(1_000_000)).padStart(6, '0')}`;

/**
 * A new booking (spec §8): the profile and the slot must be the facility's, the slot must not
 * have started and must have a free place — taken with one conditional update inside the
 * booking's transaction, so concurrent callers can never overfill it.
 */
export async function createBooking(ctx: AppContext, caller: Caller, body: CreateBookingBody): Promise<number> {
  return ctx.database.transaction(async (tx) => {
    const profile = await findProfile(tx, caller.facilityId, body.medicalProfileId);
    if (!profile) throw notFound(BOOKING_MESSAGES.profileNotFound);
    const slot = await bookableSlot(tx, caller.facilityId, body.timeSlotId);
    await checkSpecialty(tx, caller.facilityId, body.specialtyId);
    const services = await pricedServices(tx, caller.facilityId, body.serviceIds);
    if (!(await takePlace(tx, caller.facilityId, slot.id))) throw conflict(BOOKING_MESSAGES.slotFull);
    await refuseSecondBooking(tx, caller.facilityId, profile.id, slot.id);

    let id: number | undefined;
    let code = '';
    for (let attempt = 0; id === undefined; attempt++) {
      if (attempt === 10) throw conflict(BOOKING_MESSAGES.createFailed);
      code = bookingCode(slot.date);
      const [r] = await rows<{ id: number }>(
        tx,
        sql`INSERT INTO bookings (facility_id, code, patient_user_id, medical_profile_id, time_slot_id, schedule_id, doctor_id, room_id, department_id,
              specialty_id, date, start_time, end_time, status, fhir_status, source, priority, symptom, search_text, created_by)
            VALUES (${caller.facilityId}, ${code}, ${profile.user_id}, ${profile.id}, ${slot.id}, ${slot.schedule_id}, ${slot.doctor_id}, ${slot.room_id},
              ${slot.department_id}, ${body.specialtyId ?? null}, ${slot.date}, ${slot.start_time}, ${slot.end_time}, 'PENDING', ${FHIR_STATUS.PENDING},
              ${body.source}, ${body.priority}, ${body.symptom || null}, ${bookingSearchText(code, profile)}, ${caller.accountId})
            ON CONFLICT (facility_id, code) DO NOTHING RETURNING id`,
      );
      id = r?.id;
    }
    const total = await replaceServices(tx, id, services);
    let status: 'PENDING' | 'ACCEPTED' = 'PENDING';
    const logs: LogInsert[] = [
      {
        facilityId: caller.facilityId,
        bookingId: id,
        action: 'create',
        from: null,
        to: 'PENDING',
        actor: 'STAFF',
        accountId: caller.accountId,
        detail: { previous: null, source: body.source },
      },
    ];
    if (body.accept) {
      status = 'ACCEPTED';
      logs.push({
        facilityId: caller.facilityId,
        bookingId: id,
        action: 'accept',
        from: 'PENDING',
        to: 'ACCEPTED',
        actor: 'STAFF',
        accountId: caller.accountId,
        detail: { previous: 'PENDING' },
      });
    }
    await tx.execute(sql`UPDATE bookings SET total_price = ${total}, status = ${status}, fhir_status = ${FHIR_STATUS[status]} WHERE id = ${id}`);
    await recordBookingWrite(ctx, tx, caller, {
      logs,
      audit: {
        action: 'BOOKING_CREATE',
        entity: 'booking',
        entityId: id,
        after: {
          code,
          medicalProfileId: profile.id,
          timeSlotId: slot.id,
          status,
          serviceIds: services.map((s) => s.id),
          totalPrice: total,
          source: body.source,
        },
      },
      type: 'create',
      booking: { id, date: slot.date, status, roomId: slot.room_id },
    });
    return id;
  });
}
