import { randomInt } from 'node:crypto';
import { BOOKING_MESSAGES, type BookingSource, type CreateBookingBody } from '@portal/shared/contracts/appointments.contract';
import { SETTINGS_MESSAGES } from '@portal/shared/contracts/settings.contract';
import { formatDate } from '@portal/shared/rules/format';
import { addDays } from '@portal/shared/rules/period';
import { todayVn } from '@portal/shared/rules/time';
import { fmt } from '@portal/shared/messages.vi';
import { FHIR_STATUS } from '@portal/shared/rules/booking-status';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { servicePrice } from '@portal/shared/rules/high-quality-price';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Executor, Tx } from '../../core/db';
import { badRequest, conflict, notFound } from '../../core/errors';
import {
  findActiveServices,
  findLiveBookingCode,
  findProfile,
  findSlot,
  insertBooking,
  setBooking,
  setBookingServices,
  specialtyOfFacility,
  takePlace,
  type LogInsert,
  type ProfileRecord,
  type SlotRecord,
} from './booking-writes.repository';
import { recordBookingWrite } from './transitions.operation';
import { facilitySettings } from '../settings/settings.accessor';
import { checkRoom, roomScopeOf } from './room-scope';

/** search_text of a booking: code, patient name, phone and patient code, without diacritics. */
export const bookingSearchText = (code: string, p: Pick<ProfileRecord, 'fullName' | 'phone' | 'patientCode'>) =>
  normalizeText([code, p.fullName, p.phone, p.patientCode].filter(Boolean).join(' '));

export interface PricedService {
  id: number;
  price: number;
}

/** Active services of the facility with their price today (rules/high-quality-price `servicePrice`); 400 when one is missing. */
export async function pricedServices(ex: Executor, facilityId: number, ids: readonly number[]): Promise<PricedService[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const found = await findActiveServices(ex, facilityId, unique);
  if (found.length !== unique.length) {
    const message = 'Có dịch vụ không tồn tại hoặc đã ngừng hoạt động';
    throw badRequest(message, [{ field: 'serviceIds', message }]);
  }
  return found.map((s) => ({ id: s.id, price: servicePrice(s.price, s.priceEntries) }));
}

export async function checkSpecialty(ex: Executor, facilityId: number, id: number | null | undefined): Promise<void> {
  if (id == null) return;
  if (!(await specialtyOfFacility(ex, facilityId, id))) {
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

/** Replaces the booking's services; returns their total. */
export async function replaceServices(tx: Tx, bookingId: number, services: readonly PricedService[]): Promise<number> {
  await setBookingServices(tx, bookingId, services);
  return services.reduce((sum, s) => sum + s.price, 0);
}

/**
 * One patient profile holds at most one live booking of a slot (a second click, a second call):
 * 409 naming the booking it already has. Called after takePlace, whose update keeps the slot's row
 * locked to the end of the transaction, so two such bookings made at once are checked one after the
 * other and the second sees the first.
 */
export async function refuseSecondBooking(tx: Tx, facilityId: number, profileId: number, slotId: number, exceptId?: number): Promise<void> {
  const held = await findLiveBookingCode(tx, facilityId, profileId, slotId, exceptId);
  if (held) throw conflict(fmt(BOOKING_MESSAGES.alreadyBooked, { code: held }));
}

/** The sources of bookings a patient makes himself (docs/booking-states.md): the acceptance setting applies to them. */
export const PATIENT_SOURCES: readonly BookingSource[] = ['APP', 'WEB'];

/**
 * The facility's booking window (general configuration BOOKING_WINDOW_DAYS): a visit more than that many days
 * after today (+07:00) is refused with a Vietnamese 400.
 */
export function checkBookingWindow(date: string, days: number, now = new Date()): void {
  const last = addDays(todayVn(now), days);
  if (date > last) {
    const message = fmt(SETTINGS_MESSAGES.bookingBeyondWindow, { days, last: formatDate(last), date: formatDate(date) });
    throw badRequest(message, [{ field: 'timeSlotId', message }]);
  }
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
    const settings = await facilitySettings(ctx, caller.facilityId, tx);
    checkBookingWindow(slot.date, settings.BOOKING_WINDOW_DAYS);
    checkRoom(await roomScopeOf(tx, caller), slot.roomId);
    await checkSpecialty(tx, caller.facilityId, body.specialtyId);
    const services = await pricedServices(tx, caller.facilityId, body.serviceIds);
    if (!(await takePlace(tx, caller.facilityId, slot.id))) throw conflict(BOOKING_MESSAGES.slotFull);
    await refuseSecondBooking(tx, caller.facilityId, profile.id, slot.id);

    let id: number | undefined;
    let code = '';
    for (let attempt = 0; id === undefined; attempt++) {
      if (attempt === 10) throw conflict(BOOKING_MESSAGES.createFailed);
      code = bookingCode(slot.date);
      id = await insertBooking(tx, {
        facilityId: caller.facilityId,
        code,
        patientUserId: profile.userId,
        medicalProfileId: profile.id,
        timeSlotId: slot.id,
        scheduleId: slot.scheduleId,
        doctorId: slot.doctorId,
        roomId: slot.roomId,
        departmentId: slot.departmentId,
        specialtyId: body.specialtyId ?? null,
        date: slot.date,
        startTime: slot.startTime,
        endTime: slot.endTime,
        status: 'PENDING',
        fhirStatus: FHIR_STATUS.PENDING,
        source: body.source,
        priority: body.priority,
        symptom: body.symptom || null,
        searchText: bookingSearchText(code, profile),
        createdBy: caller.accountId,
      });
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
    // A booking the patient made (app, website) starts accepted when the facility does not ask for acceptance
    // (general configuration PATIENT_BOOKING_NEEDS_ACCEPTANCE off): the system accepts it, logged as such.
    const autoAccept = !body.accept && PATIENT_SOURCES.includes(body.source) && !settings.PATIENT_BOOKING_NEEDS_ACCEPTANCE;
    if (body.accept || autoAccept) {
      status = 'ACCEPTED';
      logs.push({
        facilityId: caller.facilityId,
        bookingId: id,
        action: 'accept',
        from: 'PENDING',
        to: 'ACCEPTED',
        actor: autoAccept ? 'SYSTEM' : 'STAFF',
        accountId: autoAccept ? null : caller.accountId,
        detail: autoAccept ? { previous: 'PENDING', auto: 'PATIENT_BOOKING_NEEDS_ACCEPTANCE' } : { previous: 'PENDING' },
      });
    }
    await setBooking(tx, id, { totalPrice: total, status, fhirStatus: FHIR_STATUS[status] });
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
      booking: { id, date: slot.date, status, roomId: slot.roomId },
    });
    return id;
  });
}
