import { sql } from 'drizzle-orm';
import { BOOKING_MESSAGES } from '@portal/shared/contracts/appointments.contract';
import { QUEUE_MESSAGES, type WalkInBody, type WalkInRoom } from '@portal/shared/contracts/queue.contract';
import { fmt } from '@portal/shared/messages.vi';
import { FHIR_STATUS } from '@portal/shared/rules/booking-status';
import { doctorDisplayName } from '@portal/shared/rules/doctor-title';
import { pad2, todayVn, vnParts } from '@portal/shared/rules/time';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Tx } from '../../core/db';
import { conflict, notFound } from '../../core/errors';
import { rows } from '../../core/sql';
import { bookingCode, bookingSearchText } from '../appointments/create.operation';
import { findProfile, insertBooking, lockRoomForCall, nextQueueNumber, setBooking } from '../appointments/booking-writes.repository';
import { checkRoom, roomScopeOf, roomsToRead } from '../appointments/room-scope';
import { recordBookingWrite } from '../appointments/transitions.operation';
import { queueHisCheckin } from '../his/his-checkin';

/**
 * Walk-ins (issue 22, docs/booking-states.md "The waiting room"): a patient who comes without a booking gets the
 * room's next number at the counter, in the same queue as the booked patients. The walk-in is a booking made
 * CHECKED_IN at once (source WALK_IN) with the doctor working in the room today: the session under way, else the
 * next one of the day, else the day's last; its slot is the one under way (else the next, else the last), and it
 * takes no place of the slot's capacity (that is for bookings ahead). The room's row is locked while the number is
 * given, so one patient never gets two numbers in a room at once, and numbers stay unique and gap-free.
 */

const nowHm = (now: Date) => {
  const p = vnParts(now);
  return `${pad2(p.hour)}:${pad2(p.minute)}`;
};

/** Today's rooms with a doctor working (the walk-in dialog's choices), the caller's rooms when it is kept to them. */
export async function walkInRooms(ctx: AppContext, caller: Caller): Promise<WalkInRoom[]> {
  const db = ctx.database.db;
  const only = roomsToRead(await roomScopeOf(db, caller));
  const today = todayVn();
  const found = await rows<{
    id: number;
    code: string;
    name: string;
    doctors: { name: string; title: string | null; degree: string | null }[];
    waitingCount: number;
    lastNumber: number;
  }>(
    db,
    sql`SELECT r.id, r.code, r.name,
          (SELECT json_agg(DISTINCT jsonb_build_object('name', d.name, 'title', d.academic_title, 'degree', d.degree)) FROM schedules s JOIN doctors d ON d.id = s.doctor_id
            WHERE s.facility_id = r.facility_id AND s.room_id = r.id AND s.date = ${today}) AS doctors,
          (SELECT count(*)::int FROM bookings b WHERE b.facility_id = r.facility_id AND b.room_id = r.id AND b.date = ${today} AND b.status = 'CHECKED_IN') AS "waitingCount",
          coalesce((SELECT q.last_number FROM queue_counters q WHERE q.facility_id = r.facility_id AND q.room_id = r.id AND q.date = ${today}), 0)::int AS "lastNumber"
        FROM rooms r
        WHERE r.facility_id = ${caller.facilityId} AND r.active
          AND EXISTS (SELECT 1 FROM schedules s WHERE s.facility_id = r.facility_id AND s.room_id = r.id AND s.date = ${today})
          ${only ? sql`AND r.id = ANY(${sql.param(only)}::int[])` : sql``}
        ORDER BY r.code`,
  );
  return found.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    doctors: (r.doctors ?? []).map((d) => doctorDisplayName({ name: d.name, academicTitle: d.title, degree: d.degree })).sort(),
    waitingCount: r.waitingCount,
    lastNumber: r.lastNumber,
  }));
}

interface SessionSlot {
  slotId: number;
  scheduleId: number;
  doctorId: number;
  departmentId: number;
  specialtyId: number | null;
  startTime: string;
  endTime: string;
}

/** The room's session and slot a walk-in joins now: under way, else the next of the day, else the day's last. */
async function slotForNow(tx: Tx, facilityId: number, roomId: number, date: string, hm: string): Promise<SessionSlot | null> {
  const when = (start: string, end: string) => sql.raw(`CASE WHEN ${start} <= '${hm}' AND ${end} > '${hm}' THEN 0 WHEN ${start} > '${hm}' THEN 1 ELSE 2 END`);
  const [s] = await rows<SessionSlot>(
    tx,
    sql`SELECT t.id AS "slotId", s.id AS "scheduleId", s.doctor_id AS "doctorId", s.department_id AS "departmentId", r.specialty_id AS "specialtyId",
          t.start_time AS "startTime", t.end_time AS "endTime"
        FROM schedules s JOIN rooms r ON r.id = s.room_id JOIN time_slots t ON t.schedule_id = s.id
        WHERE s.facility_id = ${facilityId} AND s.room_id = ${roomId} AND s.date = ${date}
        ORDER BY ${when('s.start_time', 's.end_time')}, ${when('t.start_time', 't.end_time')},
          CASE WHEN t.start_time > '${sql.raw(hm)}' THEN t.start_time END, t.start_time DESC
        LIMIT 1`,
  );
  return s ?? null;
}

/** A walk-in's booking, checked in with the room's next number; its id and number. */
export async function createWalkIn(
  ctx: AppContext,
  caller: Caller,
  body: WalkInBody,
  now = new Date(),
): Promise<{ id: number; number: number; roomName: string }> {
  return ctx.database.transaction(async (tx) => {
    const facilityId = caller.facilityId;
    const profile = await findProfile(tx, facilityId, body.medicalProfileId);
    if (!profile) throw notFound(BOOKING_MESSAGES.profileNotFound);
    // the room's calls and walk-ins take turns: the duplicate check below sees the other's number
    await lockRoomForCall(tx, facilityId, body.roomId);
    checkRoom(await roomScopeOf(tx, caller), body.roomId);
    const date = todayVn(now);
    const slot = await slotForNow(tx, facilityId, body.roomId, date, nowHm(now));
    if (!slot) throw conflict(QUEUE_MESSAGES.walkInNoSchedule);
    const [held] = await rows<{ number: number }>(
      tx,
      sql`SELECT queue_number AS number FROM bookings WHERE facility_id = ${facilityId} AND room_id = ${body.roomId} AND date = ${date}
            AND medical_profile_id = ${profile.id} AND status IN ('CHECKED_IN', 'CALLED') LIMIT 1`,
    );
    if (held) throw conflict(fmt(QUEUE_MESSAGES.walkInDuplicate, { number: held.number }));

    const number = await nextQueueNumber(tx, facilityId, body.roomId, date);
    let id: number | undefined;
    let code = '';
    for (let attempt = 0; id === undefined; attempt++) {
      if (attempt === 10) throw conflict(BOOKING_MESSAGES.createFailed);
      code = bookingCode(date);
      id = await insertBooking(tx, {
        facilityId,
        code,
        patientUserId: profile.userId,
        medicalProfileId: profile.id,
        timeSlotId: slot.slotId,
        scheduleId: slot.scheduleId,
        doctorId: slot.doctorId,
        roomId: body.roomId,
        departmentId: slot.departmentId,
        specialtyId: slot.specialtyId,
        date,
        startTime: slot.startTime,
        endTime: slot.endTime,
        status: 'CHECKED_IN',
        fhirStatus: FHIR_STATUS.CHECKED_IN,
        source: 'WALK_IN',
        priority: body.priority,
        symptom: body.symptom || null,
        searchText: bookingSearchText(code, profile),
        createdBy: caller.accountId,
      });
    }
    await setBooking(tx, id, { queueNumber: number, checkedInAt: sql`now()` });
    await queueHisCheckin(tx, facilityId, id);
    const [room] = await rows<{ name: string }>(tx, sql`SELECT name FROM rooms WHERE id = ${body.roomId}`);
    await recordBookingWrite(ctx, tx, caller, {
      logs: [
        {
          facilityId,
          bookingId: id,
          action: 'walkIn',
          from: null,
          to: 'CHECKED_IN',
          actor: 'STAFF',
          accountId: caller.accountId,
          detail: { previous: null, queueNumber: number, source: 'WALK_IN' },
        },
      ],
      audit: {
        action: 'BOOKING_WALK_IN',
        entity: 'booking',
        entityId: id,
        after: {
          code,
          medicalProfileId: profile.id,
          roomId: body.roomId,
          timeSlotId: slot.slotId,
          status: 'CHECKED_IN',
          queueNumber: number,
          priority: body.priority,
        },
      },
      type: 'walkIn',
      booking: { id, date, status: 'CHECKED_IN', roomId: body.roomId },
    });
    return { id, number, roomName: room!.name };
  });
}
