import { z } from 'zod';
import { envelope, pageEnvelope } from '../core/api';
import { idFilter, pagingParams } from '../core/list-query';
import { isoDay } from '../core/iso-day';
import { BOOKING_STATUSES, type BookingStatus } from '../rules/booking-status';

/**
 * Bookings (lịch đặt khám) under /api/appointment/v1 (spec §7 "Appointments"). The state machine
 * is rules/booking-status; docs/booking-states.md says who may do what.
 *
 *   GET    /api/appointment/v1?date&status&departmentId&doctorId&roomId&source&q&page&size&sort
 *                                                  list of one day + counts per status
 *   POST   /api/appointment/v1                     create (spec §8: 'Đặt khám thành công')
 *   GET    /api/appointment/v1/{id}                detail with services and the whole log
 *   PUT    /api/appointment/v1/{id}                reschedule / change services (cap-nhat-dat-kham)
 *   POST   /api/appointment/v1/accept              bulk accept { ids } → per-booking results
 *   POST   /api/appointment/v1/{id}/accept | /reject {reason} | /checkin | /called | /complete
 *          | /cancel {reason} | /revert            one transition; 409 naming the current state
 *   PUT    /api/appointment/v1/{id}/profile        { medicalProfileId } (same patient account)
 *   PUT    /api/appointment/v1/{id}/priority       { priority }
 *   GET    /api/appointment/v1/{id}/logs           the booking log
 *   GET    /api/appointment/v1/sources             booking sources
 *   POST   /api/appointment/v1/sync-checkin-seq    { roomId, date } → the room's last queue number
 *   GET    /api/appointment/v1/time-slots?doctorId&date     slots of a doctor's day with free places
 *   GET    /api/appointment/v1/work-days?doctorId&from&to   days a doctor works, with free places
 *   GET    /api/appointment/v1/priority?scheduleId|roomId&date  the queue of a room's day (checked in, by number)
 *
 * Live: every change publishes topic 'bookings' (event = the action, id = booking id,
 * data = { date, status, roomId }) for MANAGER_APPOINTMENT.
 */

export const BOOKING_SOURCES = ['APP', 'WEB', 'HOTLINE', 'COUNTER'] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];
export const BOOKING_SOURCE_LABELS: Record<BookingSource, string> = {
  APP: 'Ứng dụng di động',
  WEB: 'Trang web',
  HOTLINE: 'Tổng đài',
  COUNTER: 'Tại quầy',
};

/** 0 = thường, 1 = ưu tiên (người cao tuổi, trẻ dưới 6 tuổi, phụ nữ có thai, người khuyết tật). */
export const BOOKING_PRIORITIES = [0, 1] as const;
export const BOOKING_PRIORITY_LABELS: Record<number, string> = { 0: 'Thường', 1: 'Ưu tiên' };

/** Page size of the booking list (a front desk's morning page). */
export const BOOKING_PAGE_SIZE = 50;
/** Most bookings one bulk action may name. */
export const BULK_MAX = 200;
export const BOOKING_LIVE_TOPIC = 'bookings';

export const BOOKING_MESSAGES = {
  created: 'Đặt khám thành công',
  createFailed: 'Đặt khám không thành công',
  slotFull: 'Khung giờ này đã đủ lượt khám, vui lòng chọn khung giờ khác',
  alreadyBooked: 'Hồ sơ này đã có lịch khám {code} trong khung giờ đã chọn',
  slotPast: 'Khung giờ này đã qua, vui lòng chọn khung giờ khác',
  slotNotFound: 'Không tìm thấy khung giờ khám',
  notFound: 'Không tìm thấy lịch đặt khám',
  profileNotFound: 'Không tìm thấy hồ sơ bệnh nhân',
  updated: 'Đã cập nhật lịch đặt khám',
  roomNotFound: 'Không tìm thấy phòng khám',
  queueEmpty: 'Phòng khám không còn bệnh nhân nào đang chờ khám',
  checkinNotToday: 'Chỉ tiếp đón lịch khám của hôm nay: lịch này hẹn ngày {date}',
  calledNext: 'Mời số {queue} – {name} vào {room}',
} as const;

const dateParam = isoDay('Ngày');
const reason = z.string({ message: 'Vui lòng nhập lý do' }).trim().min(1, 'Vui lòng nhập lý do').max(500, 'Lý do tối đa 500 ký tự');
const id = z.number({ message: 'Mã không hợp lệ' }).int('Mã không hợp lệ').positive('Mã không hợp lệ');

/** GET list query. `date` defaults to today (+07:00); `status` may repeat (status=PENDING&status=ACCEPTED) or be comma-separated. */
export const bookingListQuery = z.object({
  date: dateParam.optional(),
  status: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).filter(Boolean))
    .pipe(z.array(z.enum(BOOKING_STATUSES, { message: 'Trạng thái không hợp lệ' })))
    .optional(),
  departmentId: idFilter.optional(),
  doctorId: idFilter.optional(),
  roomId: idFilter.optional(),
  source: z.enum(BOOKING_SOURCES, { message: 'Nguồn đặt khám không hợp lệ' }).optional(),
  q: z.string().trim().max(100, 'Từ khoá tìm kiếm tối đa 100 ký tự').optional(),
  ...pagingParams(BOOKING_PAGE_SIZE),
  /** time (slot start, then queue), createdAt, queueNumber; ',desc' reverses. */
  sort: z.enum(['time', 'time,desc', 'createdAt', 'createdAt,desc', 'queueNumber', 'queueNumber,desc'], { message: 'Cột sắp xếp không hợp lệ' }).optional(),
});
export type BookingListQuery = z.infer<typeof bookingListQuery>;

const ref = z.object({ id: z.number(), name: z.string() });

export const bookingRow = z.object({
  id: z.number(),
  code: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  status: z.enum(BOOKING_STATUSES),
  fhirStatus: z.string(),
  /** The state before the last transition (for the revert button), or null. */
  previousStatus: z.enum(BOOKING_STATUSES).nullable(),
  source: z.enum(BOOKING_SOURCES),
  priority: z.number(),
  queueNumber: z.number().nullable(),
  symptom: z.string().nullable(),
  statusReason: z.string().nullable(),
  totalPrice: z.number(),
  patient: z.object({
    userId: z.number().nullable(),
    profileId: z.number(),
    patientCode: z.string().nullable(),
    name: z.string(),
    gender: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  doctor: ref,
  department: ref,
  specialty: ref.nullable(),
  room: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  timeSlotId: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BookingRow = z.infer<typeof bookingRow>;

/** Counts per status of the day and filters (all but `status`), for the status tabs. */
export const statusCounts = z.record(z.enum(BOOKING_STATUSES), z.number());
export type StatusCounts = Record<BookingStatus, number>;
export const bookingListResponse = pageEnvelope(bookingRow).extend({ counts: statusCounts });
export type BookingListResponse = z.infer<typeof bookingListResponse>;

/** A patient account's bookings (spec §7 "vendor appointments by user"), newest first; `profileId` narrows to one profile. */
export const userBookingsQuery = z.object({ profileId: idFilter.optional(), ...pagingParams() });
export const userBookingsResponse = pageEnvelope(bookingRow);

export const bookingLogRow = z.object({
  id: z.number(),
  action: z.string(),
  fromStatus: z.enum(BOOKING_STATUSES).nullable(),
  toStatus: z.enum(BOOKING_STATUSES),
  reason: z.string().nullable(),
  actor: z.enum(['STAFF', 'PATIENT', 'SYSTEM']),
  by: z.object({ id: z.number(), username: z.string(), name: z.string() }).nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  at: z.string(),
});
export type BookingLogRow = z.infer<typeof bookingLogRow>;

export const bookingDetail = bookingRow.extend({
  services: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), price: z.number() })),
  log: z.array(bookingLogRow),
});
export type BookingDetail = z.infer<typeof bookingDetail>;

/** POST body (new booking at /admin/dat-kham-moi). Department, doctor and room come from the slot. */
export const createBookingBody = z.strictObject({
  medicalProfileId: id,
  timeSlotId: id,
  specialtyId: id.nullable().optional(),
  serviceIds: z.array(id, { message: 'Dịch vụ không hợp lệ' }).max(20, 'Tối đa 20 dịch vụ').optional().default([]),
  source: z.enum(BOOKING_SOURCES, { message: 'Nguồn đặt khám không hợp lệ' }).optional().default('HOTLINE'),
  priority: z
    .union([z.literal(0), z.literal(1)], { message: 'Mức ưu tiên không hợp lệ' })
    .optional()
    .default(0),
  symptom: z.string().trim().max(500, 'Lý do khám tối đa 500 ký tự').nullable().optional(),
  /** Accept at once (a booking made by staff on the phone is usually confirmed on the spot). */
  accept: z.boolean().optional().default(false),
});
export type CreateBookingBody = z.infer<typeof createBookingBody>;

/** PUT body (cap-nhat-dat-kham): move to another slot and/or change services, priority, symptom. */
export const updateBookingBody = z.strictObject({
  timeSlotId: id.optional(),
  specialtyId: id.nullable().optional(),
  serviceIds: z.array(id, { message: 'Dịch vụ không hợp lệ' }).max(20, 'Tối đa 20 dịch vụ').optional(),
  priority: z.union([z.literal(0), z.literal(1)], { message: 'Mức ưu tiên không hợp lệ' }).optional(),
  symptom: z.string().trim().max(500, 'Lý do khám tối đa 500 ký tự').nullable().optional(),
});
export type UpdateBookingBody = z.infer<typeof updateBookingBody>;

export const reasonBody = z.strictObject({ reason });
export const bulkBody = z.strictObject({
  ids: z
    .array(id, { message: 'Danh sách lịch khám không hợp lệ' })
    .min(1, 'Vui lòng chọn ít nhất một lịch khám')
    .max(BULK_MAX, `Tối đa ${BULK_MAX} lịch khám mỗi lần`),
});
export const profileBody = z.strictObject({ medicalProfileId: id });
export const priorityBody = z.strictObject({ priority: z.union([z.literal(0), z.literal(1)], { message: 'Mức ưu tiên không hợp lệ' }) });
export const syncSeqBody = z.strictObject({ roomId: id, date: dateParam });
/** Call the next patient of a room's queue (the day defaults to today, +07:00). */
export const callNextBody = z.strictObject({ roomId: id, date: dateParam.optional() });

/** One booking's outcome in a bulk action: never half-applied. */
export const bulkResult = z.object({
  id: z.number(),
  ok: z.boolean(),
  status: z.enum(BOOKING_STATUSES).optional(),
  message: z.string().optional(),
});
export const bulkResponse = envelope(z.object({ succeeded: z.number(), failed: z.number(), results: z.array(bulkResult) }));
export type BulkResult = z.infer<typeof bulkResult>;

export const timeSlotRow = z.object({
  id: z.number(),
  scheduleId: z.number(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  capacity: z.number(),
  booked: z.number(),
  free: z.number(),
  /** The slot has started already (+07:00): not bookable. */
  past: z.boolean(),
  room: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  department: ref,
});
export type TimeSlotRow = z.infer<typeof timeSlotRow>;
export const timeSlotsQuery = z.object({ doctorId: idFilter, date: dateParam });
export const workDaysQuery = z.object({ doctorId: idFilter, from: dateParam, to: dateParam });
export const workDayRow = z.object({ date: z.string(), capacity: z.number(), booked: z.number(), free: z.number() });
export type WorkDayRow = z.infer<typeof workDayRow>;

export const sourceOption = z.object({ value: z.enum(BOOKING_SOURCES), name: z.string() });
