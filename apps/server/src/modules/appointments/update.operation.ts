import { BOOKING_MESSAGES, type UpdateBookingBody } from '@portal/shared/contracts/appointments.contract';
import { BOOKING_STATUS_LABELS } from '@portal/shared/rules/booking-status';
import { doctorDisplayName } from '@portal/shared/rules/doctor-title';
import { formatVisit } from '@portal/shared/rules/format';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Tx } from '../../core/db';
import { badRequest, conflict, notFound } from '../../core/errors';
import { findBookingPlace, findLastPrevious } from './appointments.repository';
import { findProfile, findServicePrices, givePlaceBack, lockBooking, NOW, setBooking, takePlace, type LockedBooking } from './booking-writes.repository';
import {
  bookableSlot,
  bookingSearchText,
  checkBookingWindow,
  checkSpecialty,
  pricedServices,
  refuseSecondBooking,
  replaceServices,
  type PricedService,
} from './create.operation';
import { recordBookingWrite } from './transitions.operation';
import { facilitySettings } from '../settings/settings.accessor';
import { checkRoom, roomScopeOf, type RoomScope } from './room-scope';

/** The prices a booking holds for its services (quoted on the day each was added), by service id. */
async function heldPrices(tx: Tx, bookingId: number): Promise<Map<number, number>> {
  const held = await findServicePrices(tx, bookingId);
  return new Map(held.map((s) => [s.serviceId, s.price]));
}

/**
 * The booking's services after an edit, each with the price it will be charged: a service that
 * stays keeps the price the booking holds (what the patient was quoted; it is not checked again, so
 * a service deactivated since still stays), a newly added one takes today's price
 * (`pricedServices`: active services of the facility, rules/high-quality-price `servicePrice`).
 */
async function requotedServices(tx: Tx, facilityId: number, ids: readonly number[], held: ReadonlyMap<number, number>): Promise<PricedService[]> {
  const wanted = [...new Set(ids)];
  const added = new Map(
    (
      await pricedServices(
        tx,
        facilityId,
        wanted.filter((s) => !held.has(s)),
      )
    ).map((s) => [s.id, s.price]),
  );
  return wanted.map((s) => ({ id: s, price: held.get(s) ?? added.get(s)! }));
}

/** A booking may be moved or edited only before the patient has arrived. */
const EDITABLE = ['PENDING', 'ACCEPTED'] as const;

/**
 * A change that keeps the status (reschedule, or update when the slot stays; profile; priority): lock, change, then one log row
 * (carrying the revert target forward), one audit row and the live event, in one transaction.
 */
async function change(
  ctx: AppContext,
  caller: Caller,
  id: number,
  kind: 'reschedule' | 'profile' | 'priority',
  fn: (
    tx: Tx,
    b: LockedBooking,
    scope: RoomScope,
  ) => Promise<{ before: Record<string, unknown>; after: Record<string, unknown>; date?: string; roomId?: number; action?: 'update' }>,
): Promise<void> {
  await ctx.database.transaction(async (tx) => {
    const b = await lockBooking(tx, caller.facilityId, id);
    if (!b) throw notFound(BOOKING_MESSAGES.notFound);
    const scope = await roomScopeOf(tx, caller);
    checkRoom(scope, b.roomId);
    const previous = await findLastPrevious(tx, id);
    const d = await fn(tx, b, scope);
    const action = d.action ?? kind;
    await setBooking(tx, id, { updatedAt: NOW });
    await recordBookingWrite(ctx, tx, caller, {
      logs: [
        {
          facilityId: caller.facilityId,
          bookingId: id,
          action,
          from: b.status,
          to: b.status,
          actor: 'STAFF',
          accountId: caller.accountId,
          detail: { previous, before: d.before, after: d.after },
        },
      ],
      audit: { action: `BOOKING_${action.toUpperCase()}`, entity: 'booking', entityId: id, before: d.before, after: d.after },
      type: action,
      booking: { id, date: d.date ?? b.date, status: b.status, roomId: d.roomId ?? b.roomId },
    });
  });
}

/** "09:00–09:30 26/11/2026 · Phòng khám Nội 101 · BSCKI Nguyễn Văn An": when and where a booking is, for its history. */
async function slotLabel(tx: Tx, id: number): Promise<string> {
  const r = (await findBookingPlace(tx, id))!;
  return `${formatVisit(r)} · ${r.room} · ${doctorDisplayName(r)}`;
}

function mustBeEditable(b: LockedBooking, what: string) {
  if (!(EDITABLE as readonly string[]).includes(b.status)) {
    throw conflict(`Không thể ${what} lịch khám đang ở trạng thái "${BOOKING_STATUS_LABELS[b.status]}"`);
  }
}

/** PUT /{id}: move to another slot (old place given back, new one taken conditionally), services (a kept one keeps its quoted price), priority, symptom. */
export function updateBooking(ctx: AppContext, caller: Caller, id: number, body: UpdateBookingBody) {
  const facilityId = caller.facilityId;
  return change(ctx, caller, id, 'reschedule', async (tx, b, scope) => {
    mustBeEditable(b, 'cập nhật');
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    let moved: { date: string; roomId: number } | undefined;
    // the profile first: a move below refuses a second booking of the profile the booking is now for
    let profileId = b.medicalProfileId;
    if (body.medicalProfileId !== undefined && body.medicalProfileId !== b.medicalProfileId) {
      await swapProfile(tx, facilityId, b, body.medicalProfileId);
      before.medicalProfileId = b.medicalProfileId;
      after.medicalProfileId = body.medicalProfileId;
      profileId = body.medicalProfileId;
    }
    if (body.timeSlotId !== undefined && body.timeSlotId !== b.timeSlotId) {
      const was = await slotLabel(tx, id);
      const slot = await bookableSlot(tx, facilityId, body.timeSlotId);
      checkBookingWindow(slot.date, (await facilitySettings(ctx, facilityId, tx)).BOOKING_WINDOW_DAYS);
      checkRoom(scope, slot.roomId);
      if (!(await takePlace(tx, facilityId, slot.id))) throw conflict(BOOKING_MESSAGES.slotFull);
      await refuseSecondBooking(tx, facilityId, profileId, slot.id, id);
      await givePlaceBack(tx, facilityId, b.timeSlotId);
      await setBooking(tx, id, {
        timeSlotId: slot.id,
        scheduleId: slot.scheduleId,
        doctorId: slot.doctorId,
        roomId: slot.roomId,
        departmentId: slot.departmentId,
        date: slot.date,
        startTime: slot.startTime,
        endTime: slot.endTime,
      });
      before.timeSlotId = b.timeSlotId;
      before.slot = was;
      after.timeSlotId = slot.id;
      after.date = slot.date;
      after.startTime = slot.startTime;
      after.slot = await slotLabel(tx, id);
      moved = { date: slot.date, roomId: slot.roomId };
    }
    if (body.specialtyId !== undefined) {
      await checkSpecialty(tx, facilityId, body.specialtyId);
      await setBooking(tx, id, { specialtyId: body.specialtyId });
      before.specialtyId = b.specialtyId;
      after.specialtyId = body.specialtyId;
    }
    if (body.serviceIds !== undefined) {
      const held = await heldPrices(tx, id);
      const services = await requotedServices(tx, facilityId, body.serviceIds, held);
      const total = await replaceServices(tx, id, services);
      await setBooking(tx, id, { totalPrice: total });
      before.serviceIds = [...held.keys()];
      before.totalPrice = b.totalPrice;
      after.serviceIds = services.map((s) => s.id);
      after.totalPrice = total;
    }
    if (body.priority !== undefined) {
      await setBooking(tx, id, { priority: body.priority });
      before.priority = b.priority;
      after.priority = body.priority;
    }
    if (body.symptom !== undefined) {
      await setBooking(tx, id, { symptom: body.symptom || null });
      before.symptom = b.symptom;
      after.symptom = body.symptom || null;
    }
    // the history says "Đổi lịch" only when the booking moved; services, priority or symptom alone are "Cập nhật"
    return { before, after, ...moved, ...(moved ? {} : { action: 'update' as const }) };
  });
}

/** Moves a booking to another profile of the same patient account, inside the caller's transaction. */
async function swapProfile(tx: Tx, facilityId: number, b: LockedBooking, profileId: number) {
  const p = await findProfile(tx, facilityId, profileId);
  if (!p) throw notFound(BOOKING_MESSAGES.profileNotFound);
  if (b.patientUserId !== null && p.userId !== b.patientUserId) {
    const message = 'Hồ sơ phải thuộc cùng tài khoản bệnh nhân đã đặt lịch';
    throw badRequest(message, [{ field: 'medicalProfileId', message }]);
  }
  await setBooking(tx, b.id, { medicalProfileId: p.id, patientUserId: p.userId, searchText: bookingSearchText(b.code, p) });
}

/** PUT /{id}/profile: another profile of the same patient account (a parent booked for the wrong child). */
export function changeProfile(ctx: AppContext, caller: Caller, id: number, profileId: number) {
  return change(ctx, caller, id, 'profile', async (tx, b) => {
    mustBeEditable(b, 'đổi hồ sơ của');
    await swapProfile(tx, caller.facilityId, b, profileId);
    return { before: { medicalProfileId: b.medicalProfileId }, after: { medicalProfileId: profileId } };
  });
}

/** PUT /{id}/priority: allowed while the patient is still expected or waiting in the queue. */
export function changePriority(ctx: AppContext, caller: Caller, id: number, priority: number) {
  return change(ctx, caller, id, 'priority', async (tx, b) => {
    if (!['PENDING', 'ACCEPTED', 'CHECKED_IN'].includes(b.status)) {
      throw conflict(`Không thể đổi mức ưu tiên của lịch khám đang ở trạng thái "${BOOKING_STATUS_LABELS[b.status]}"`);
    }
    await setBooking(tx, id, { priority });
    return { before: { priority: b.priority }, after: { priority } };
  });
}
