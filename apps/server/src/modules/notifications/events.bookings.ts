import { sql } from 'drizzle-orm';
import { formatDate } from '@portal/shared/rules/format';
import { todayVn, vnParts } from '@portal/shared/rules/time';
import type { NotificationEvent, TemplateValues } from '@portal/shared/rules/message-template';
import type { Executor } from '../../core/db';
import { iso, rows } from '../../core/sql';
import { notifyEvent, notifyEventMany } from './events.notify';

/**
 * The booking and record events of issue 17, raised in the transaction of the write that causes them: a booking
 * accepted or rejected (transitions.operation), tomorrow's reminder (events.reminders), a visit's result ready
 * (patients' result uploads). Only a booking made with a patient account (patient_user_id) has someone to tell.
 */

/** Minutes before the slot the patient is asked to come (the desk's check-in). */
export const ARRIVE_EARLY_MINUTES = 15;

/** "DD/MM/YYYY" of a calendar day "YYYY-MM-DD". */
export function dayText(isoDay: string): string {
  const [y, m, d] = isoDay.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * The hint of the accepted booking and the reminder: the queue number when the booking has one, else the time to
 * come, ARRIVE_EARLY_MINUTES before the slot ("Vui lòng đến trước 08:15"; not before 00:00).
 */
export function arrivalHint(startTime: string, queueNumber: number | null, date?: string, now: Date = new Date()): string {
  if (queueNumber !== null) return `Số thứ tự của bạn: ${queueNumber}`;
  const [h, m] = startTime.split(':').map(Number);
  const at = Math.max(0, h! * 60 + m! - ARRIVE_EARLY_MINUTES);
  // accepted when that time has passed already (a late booking of today): no impossible "come before"
  if (date !== undefined) {
    const p = vnParts(now);
    if (date < todayVn(now) || (date === todayVn(now) && p.hour * 60 + p.minute >= at)) return LATE_HINT;
  }
  return `Vui lòng đến trước ${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`;
}

/** The hint when the time to come has passed already. */
export const LATE_HINT = 'Vui lòng đến quầy tiếp đón ngay khi tới bệnh viện';

export type BookingFacts = {
  id: number;
  code: string;
  date: string;
  startTime: string;
  queueNumber: number | null;
  patientUserId: number | null;
  patientName: string;
  khoa: string;
  phong: string;
  statusReason: string | null;
};

const FACTS = sql`b.id, b.code, b.date::text AS date, b.start_time AS "startTime", b.queue_number AS "queueNumber", b.patient_user_id AS "patientUserId",
  p.full_name AS "patientName", coalesce(s.name, d.name) AS khoa, r.name AS phong, b.status_reason AS "statusReason"`;
const FACTS_FROM = sql`bookings b
  JOIN medical_profiles p ON p.facility_id = b.facility_id AND p.id = b.medical_profile_id
  JOIN rooms r ON r.facility_id = b.facility_id AND r.id = b.room_id
  JOIN departments d ON d.facility_id = b.facility_id AND d.id = b.department_id
  LEFT JOIN specialties s ON s.facility_id = b.facility_id AND s.id = b.specialty_id`;

export async function bookingFacts(ex: Executor, facilityId: number, id: number): Promise<BookingFacts | undefined> {
  const [f] = await rows<BookingFacts>(ex, sql`SELECT ${FACTS} FROM ${FACTS_FROM} WHERE b.facility_id = ${facilityId} AND b.id = ${id}`);
  return f;
}

/** The ACCEPTED bookings of a day with a patient account, across facilities (or of `facilityIds`), after `afterId` (the reminder's pages). */
export function acceptedBookingsOf(
  ex: Executor,
  day: string,
  afterId: number,
  limit: number,
  facilityIds?: readonly number[],
): Promise<(BookingFacts & { facilityId: number })[]> {
  const only = facilityIds ? sql`AND b.facility_id = ANY(${sql.param(facilityIds)}::int[])` : sql``;
  return rows(
    ex,
    sql`SELECT b.facility_id AS "facilityId", ${FACTS} FROM ${FACTS_FROM}
        WHERE b.date = ${day}::date AND b.status = 'ACCEPTED' AND b.patient_user_id IS NOT NULL AND b.id > ${afterId} ${only}
        ORDER BY b.id LIMIT ${limit}`,
  );
}

/** The template values of a booking's events. */
export function bookingValues(f: BookingFacts): TemplateValues {
  return {
    ho_ten: f.patientName,
    ma_lich: f.code,
    ngay_kham: dayText(f.date),
    gio_kham: f.startTime.slice(0, 5),
    khoa: f.khoa,
    phong: f.phong,
    goi_y: arrivalHint(f.startTime, f.queueNumber, f.date),
    ly_do: f.statusReason?.trim() || 'Cơ sở không tiếp nhận được lịch khám này',
  };
}

/** Sends a booking's event to its patient account (nothing for a booking without one); once per booking. */
export async function notifyBookingEvent(ex: Executor, facilityId: number, event: NotificationEvent, f: BookingFacts): Promise<boolean> {
  if (f.patientUserId === null) return false;
  return notifyEvent(ex, facilityId, event, { userId: f.patientUserId, ref: `booking:${f.id}`, values: bookingValues(f), link: `/lich-kham/${f.id}` });
}

/** After accept or reject, in the transition's transaction: the bookings' patient accounts are told, in one write. */
export async function notifyBookingTransitions(ex: Executor, facilityId: number, bookingIds: readonly number[], to: string): Promise<void> {
  const event: NotificationEvent | null = to === 'ACCEPTED' ? 'BOOKING_ACCEPTED' : to === 'REJECTED' ? 'BOOKING_REJECTED' : null;
  if (!event || !bookingIds.length) return;
  const facts = await rows<BookingFacts>(
    ex,
    sql`SELECT ${FACTS} FROM ${FACTS_FROM} WHERE b.facility_id = ${facilityId} AND b.id = ANY(${sql.param([...bookingIds])}::int[]) ORDER BY b.id`,
  );
  await notifyEventMany(
    ex,
    facilityId,
    event,
    facts.flatMap((f) =>
      f.patientUserId === null ? [] : [{ userId: f.patientUserId, ref: `booking:${f.id}`, values: bookingValues(f), link: `/lich-kham/${f.id}` }],
    ),
  );
}

/**
 * A visit's result is ready (a result file or page added to it): RESULT_READY to the visit's owner account, once
 * per visit. The visit's booking gives the code; a visit the HIS sent without a booking uses its encounter number.
 */
export async function notifyResultReady(ex: Executor, facilityId: number, historyId: number): Promise<boolean> {
  const [h] = await rows<{ userId: number; code: string | null; visitedAt: Date | string; khoa: string; patientName: string }>(
    ex,
    sql`SELECT h.user_id AS "userId", coalesce(b.code, h.encounter_code, 'LK' || h.id) AS code, h.visited_at AS "visitedAt", h.department_name AS khoa,
          p.full_name AS "patientName"
        FROM patient_histories h
        JOIN medical_profiles p ON p.facility_id = h.facility_id AND p.id = h.profile_id
        LEFT JOIN bookings b ON b.facility_id = h.facility_id AND b.id = h.booking_id
        WHERE h.facility_id = ${facilityId} AND h.id = ${historyId}`,
  );
  if (!h) return false;
  return notifyEvent(ex, facilityId, 'RESULT_READY', {
    userId: h.userId,
    ref: `history:${historyId}`,
    values: { ho_ten: h.patientName, ma_lich: h.code, ngay_kham: formatDate(iso(h.visitedAt)), khoa: h.khoa },
    link: `/ket-qua/${historyId}`,
  });
}
