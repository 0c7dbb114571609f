import { sql } from 'drizzle-orm';
import { QUEUE_MESSAGES, parseBookingQr, type KioskCheckinBody, type KioskInfo, type QueueTicket } from '@portal/shared/contracts/queue.contract';
import { fmt } from '@portal/shared/messages.vi';
import { BOOKING_STATUS_LABELS, type BookingStatus } from '@portal/shared/rules/booking-status';
import { lateCheckinMinutes } from '@portal/shared/rules/booking-time';
import { doctorDisplayName } from '@portal/shared/rules/doctor-title';
import { formatDate, formatDuration } from '@portal/shared/rules/format';
import { displayName } from '@portal/shared/rules/queue';
import { todayVn } from '@portal/shared/rules/time';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db';
import { badRequest, conflict, notFound, tooMany } from '../../core/errors';
import { iso, rows } from '../../core/sql';
import { applyTransition } from '../appointments/transitions.operation';
import { facilitySettings } from '../settings/settings.accessor';
import { findRoomDayQueue } from './queue.repository';
import type { ScreenAuth } from './screens.service';

/**
 * The kiosk (issue 22, docs/waiting-room.md "Kiosk"): a patient checks in on the day of the visit with the QR code
 * of the booking (its code and random check-in key) or its code and the phone number of its profile, and gets the
 * room's next number — the desk's check-in, logged as the patient's through that kiosk. A booking already checked
 * in shows its number again. Everything else is refused with a Vietnamese message and changes nothing: another
 * facility's or another day's booking, one outside the kiosk's rooms, one not accepted, one long past its slot
 * (the desk confirms those). Wrong codes are limited per kiosk (KIOSK_MAX_FAILURES a minute: 429).
 */

export const KIOSK_MAX_FAILURES = 10;
const FAILURE_WINDOW_MS = 60_000;
const failures = new Map<number, number[]>();

function checkFailures(screenId: number, now: number): void {
  const recent = (failures.get(screenId) ?? []).filter((t) => now - t < FAILURE_WINDOW_MS);
  failures.set(screenId, recent);
  if (recent.length >= KIOSK_MAX_FAILURES) throw tooMany(QUEUE_MESSAGES.kioskTooMany);
}
function noteFailure(screenId: number, now: number): void {
  failures.get(screenId)?.push(now);
  if (failures.size > 10_000) failures.delete(failures.keys().next().value!);
}
/** Forgets the kiosks' wrong attempts (tests). */
export const resetKioskFailures = () => failures.clear();

export async function kioskInfo(ctx: AppContext, screen: ScreenAuth): Promise<KioskInfo> {
  const settings = await facilitySettings(ctx, screen.facilityId);
  return {
    facility: { name: screen.facilityName, hotline: settings.HOTLINE },
    screen: { id: screen.id, name: screen.name },
    date: todayVn(),
    nameMode: settings.QUEUE_DISPLAY_NAMES,
  };
}

interface KioskBooking {
  id: number;
  facilityId: number;
  code: string;
  key: string;
  status: BookingStatus;
  date: string;
  startTime: string;
  endTime: string;
  roomId: number;
  phone: string | null;
}

const KIOSK_BOOKING = sql`SELECT b.id, b.facility_id AS "facilityId", b.code, b.checkin_key AS key, b.status, b.date::text AS date, b.start_time AS "startTime",
  b.end_time AS "endTime", b.room_id AS "roomId", p.phone FROM bookings b JOIN medical_profiles p ON p.id = b.medical_profile_id`;

const digits = (s: string | null) => (s ?? '').replace(/\D/g, '').replace(/^84/, '0');

/** The booking the patient shows: by QR (any facility's, to say it is another's) or by code and phone (this facility's). */
async function findBooking(ex: Executor, facilityId: number, body: KioskCheckinBody): Promise<KioskBooking> {
  if ('qr' in body) {
    const qr = parseBookingQr(body.qr);
    if (!qr) throw badRequest(QUEUE_MESSAGES.kioskQrInvalid, [{ field: 'qr', message: QUEUE_MESSAGES.kioskQrInvalid }]);
    const found = await rows<KioskBooking>(ex, sql`${KIOSK_BOOKING} WHERE b.code = ${qr.code} AND b.checkin_key = ${qr.key}`);
    const mine = found.find((b) => b.facilityId === facilityId);
    if (mine) return mine;
    if (found.length) throw conflict(QUEUE_MESSAGES.kioskOtherFacility);
    throw notFound(QUEUE_MESSAGES.kioskNotFound);
  }
  const [b] = await rows<KioskBooking>(ex, sql`${KIOSK_BOOKING} WHERE b.facility_id = ${facilityId} AND b.code = ${body.code}`);
  if (!b || !digits(b.phone) || digits(b.phone) !== digits(body.phone)) throw notFound(QUEUE_MESSAGES.kioskNotFound);
  return b;
}

/** The staff-less caller of a kiosk's check-in: the facility and the address; the log names the kiosk. */
const kioskCaller = (screen: ScreenAuth, address: string): Caller => ({
  sessionId: 0,
  accountId: 0,
  facilityId: screen.facilityId,
  username: 'kiosk',
  name: screen.name,
  authorities: [],
  lastPasswordReset: new Date(0),
  mustChangePassword: false,
  facilityName: screen.facilityName,
  facilityAvatar: null,
  address,
});

const isIn = (status: BookingStatus) => status === 'CHECKED_IN' || status === 'CALLED';

export async function kioskCheckin(
  ctx: AppContext,
  screen: ScreenAuth,
  body: KioskCheckinBody,
  address: string,
  now = new Date(),
): Promise<{ ticket: QueueTicket; message: string }> {
  checkFailures(screen.id, now.getTime());
  const settings = await facilitySettings(ctx, screen.facilityId);
  let b: KioskBooking;
  try {
    b = await findBooking(ctx.database.db, screen.facilityId, body);
  } catch (err) {
    noteFailure(screen.id, now.getTime());
    throw err;
  }
  if (screen.roomIds.length && !screen.roomIds.includes(b.roomId)) throw conflict(QUEUE_MESSAGES.kioskOtherRoom);
  if (b.date !== todayVn(now)) throw conflict(fmt(QUEUE_MESSAGES.kioskOtherDay, { date: formatDate(b.date) }));
  let already = isIn(b.status);
  if (!already) {
    if (b.status === 'PENDING') throw conflict(QUEUE_MESSAGES.kioskPending);
    if (b.status !== 'ACCEPTED') throw conflict(fmt(QUEUE_MESSAGES.kioskClosed, { status: BOOKING_STATUS_LABELS[b.status] }));
    if (lateCheckinMinutes(b, now, settings.LATE_CHECKIN_MINUTES) !== null) {
      throw conflict(fmt(QUEUE_MESSAGES.kioskLate, { time: `${b.startTime}–${b.endTime}`, allowed: formatDuration(settings.LATE_CHECKIN_MINUTES) }));
    }
    try {
      await ctx.database.transaction((tx) =>
        applyTransition(ctx, tx, kioskCaller(screen, address), b.id, 'checkin', {
          kiosk: { screenId: screen.id, screenName: screen.name },
          scope: { rooms: [], restricted: false },
          now,
        }),
      );
    } catch (err) {
      // scanned twice at once (two kiosks, a double scan), or checked in at the desk meanwhile: the patient is in,
      // and gets the same ticket as a scan a minute later would give
      if (!isIn((await findBooking(ctx.database.db, screen.facilityId, body)).status)) throw err;
      already = true;
    }
  }
  const ticket = await ticketOf(ctx, screen.facilityId, b.id, settings.QUEUE_DISPLAY_NAMES, already);
  return { ticket, message: already ? QUEUE_MESSAGES.kioskAlready : QUEUE_MESSAGES.kioskCheckedIn };
}

async function ticketOf(ctx: AppContext, facilityId: number, id: number, mode: KioskInfo['nameMode'], already: boolean): Promise<QueueTicket> {
  const db = ctx.database.db;
  const [t] = await rows<{
    code: string;
    number: number;
    roomId: number;
    roomCode: string;
    roomName: string;
    doctorName: string;
    academicTitle: string | null;
    degree: string | null;
    departmentName: string;
    date: string;
    startTime: string;
    endTime: string;
    fullName: string;
    priority: number;
    checkedInAt: Date | string;
  }>(
    db,
    sql`SELECT b.code, b.queue_number AS number, r.id AS "roomId", r.code AS "roomCode", r.name AS "roomName", d.name AS "doctorName",
          d.academic_title AS "academicTitle", d.degree, dep.name AS "departmentName", b.date::text AS date, b.start_time AS "startTime", b.end_time AS "endTime",
          p.full_name AS "fullName", b.priority, b.checked_in_at AS "checkedInAt"
        FROM bookings b JOIN rooms r ON r.id = b.room_id JOIN doctors d ON d.id = b.doctor_id JOIN departments dep ON dep.id = b.department_id
          JOIN medical_profiles p ON p.id = b.medical_profile_id
        WHERE b.facility_id = ${facilityId} AND b.id = ${id}`,
  );
  const queue = await findRoomDayQueue(db, facilityId, t!.roomId, t!.date);
  const at = queue.findIndex((r) => r.id === id);
  const waitingAhead = at < 0 ? 0 : queue.slice(0, at).filter((r) => r.status === 'CHECKED_IN').length;
  return {
    bookingCode: t!.code,
    number: t!.number,
    room: { id: t!.roomId, code: t!.roomCode, name: t!.roomName },
    doctorName: doctorDisplayName({ name: t!.doctorName, academicTitle: t!.academicTitle, degree: t!.degree }),
    departmentName: t!.departmentName,
    date: t!.date,
    startTime: t!.startTime,
    endTime: t!.endTime,
    patientName: displayName(t!.fullName, mode),
    priority: t!.priority > 0,
    waitingAhead,
    checkedInAt: iso(t!.checkedInAt)!,
    alreadyCheckedIn: already,
  };
}
