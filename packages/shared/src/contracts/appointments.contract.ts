import { z } from 'zod';
import { envelope, pageEnvelope } from '../core/api';
import { idFilter, pagingParams } from '../core/list-query';
import { endpoint } from '../core/endpoint';
import { isoDay } from '../core/iso-day';
import { BOOKING_ACTION_LABELS, BOOKING_STATUSES, type BookingAction, type BookingStatus } from '../rules/booking-status';

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
 *   POST   /api/appointment/v1/{id}/accept | /reject {reason} | /checkin {confirmLate?} | /called | /complete
 *          | /cancel {reason} | /revert            one transition; 409 naming the current state
 *   GET    /api/appointment/v1/desk                the caller's rooms, whether the facility keeps it to them,
 *                                                  the late check-in threshold and the no-show hour
 *   PUT    /api/appointment/v1/{id}/profile        { medicalProfileId } (same patient account)
 *   PUT    /api/appointment/v1/{id}/priority       { priority }
 *   GET    /api/appointment/v1/{id}/logs           the booking log
 *   GET    /api/appointment/v1/sources?hospitalId  booking sources (the list's filter)
 *   GET    /api/appointment/v1/doctors/{doctorId}?page&size&sort&properties       a doctor's bookings, paged and sorted
 *   GET    /api/appointment/v1/schedules/{scheduleId}?page&size&sort&properties   a medical schedule's bookings
 *   POST   /api/appointment/v1/sync-checkin-seq    { roomId, date } → the room's last queue number
 *   GET    /api/appointment/v1/time-slots?doctorId&date     slots of a doctor's day with free places
 *   GET    /api/appointment/v1/work-days?doctorId&from&to   days a doctor works, with free places
 *   GET    /api/appointment/v1/priority?scheduleId|roomId&date  the queue of a room's day (checked in, by number)
 *
 * Live: every change publishes topic 'bookings' (event = the action, id = booking id,
 * data = { date, status, roomId }) for MANAGER_APPOINTMENT.
 */

export const APPOINTMENT_PATH = '/api/appointment/v1';

export const BOOKING_SOURCES = ['APP', 'WEB', 'HOTLINE', 'COUNTER', 'WALK_IN'] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];
export const BOOKING_SOURCE_LABELS: Record<BookingSource, string> = {
  APP: 'Ứng dụng di động',
  WEB: 'Trang web',
  HOTLINE: 'Tổng đài',
  COUNTER: 'Tại quầy',
  WALK_IN: 'Khám không hẹn trước',
};
/** The sources of a booking made ahead (the new-booking form); a walk-in gets its number at the counter (queue.contract walkIn). */
export const AHEAD_SOURCES = ['APP', 'WEB', 'HOTLINE', 'COUNTER'] as const;
export type AheadSource = (typeof AHEAD_SOURCES)[number];

/** 0 = thường, 1 = ưu tiên (người cao tuổi, trẻ dưới 6 tuổi, phụ nữ có thai, người khuyết tật). */
export const BOOKING_PRIORITIES = [0, 1] as const;
export const BOOKING_PRIORITY_LABELS: Record<number, string> = { 0: 'Thường', 1: 'Ưu tiên' };

/** Page size of the booking list (a front desk's morning page). */
export const BOOKING_PAGE_SIZE = 50;
/** Most bookings one bulk action may name. */
export const BULK_MAX = 200;
/** The live topic of bookings (named in live.contract.ts, which has no zod, for the home page's dashboard). */
export { BOOKING_LIVE_TOPIC } from './live.contract';

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
  /** A check-in past LATE_CHECKIN_MINUTES after the slot's end, without `confirmLate` (400, nothing written). */
  lateCheckin: 'Lịch hẹn {time} đã qua {late}, quá {allowed} sau giờ hẹn: vui lòng xác nhận tiếp đón muộn',
  /** A restricted account (the facility keeps accounts to their rooms) asking for another room's bookings (403). */
  otherRoom: 'Tài khoản chỉ làm việc với lịch đặt khám của các phòng được phân: {rooms}',
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
  /** One room or several (roomId=3&roomId=4, or 3,4); none = every room the caller may see. */
  roomId: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).filter(Boolean))
    .pipe(z.array(idFilter).max(50, 'Tối đa 50 phòng'))
    .optional(),
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
  /** The room's call of the moment ("Đang gọi khám"): one per room and day; a new call in the room ends it. */
  calling: z.boolean(),
  /** Minutes after the slot's end of a late check-in (confirmed by the desk); null when on time or not checked in. */
  lateCheckinMinutes: z.number().nullable(),
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
  /**
   * The check-in QR code's text (queue.contract bookingQrPayload: code + random key) while the booking can still be
   * checked in or shown at the kiosk (pending, accepted, checked in, called); null otherwise.
   */
  checkinQr: z.string().nullable(),
});
export type BookingDetail = z.infer<typeof bookingDetail>;

/** POST body (new booking at /admin/dat-kham-moi). Department, doctor and room come from the slot. */
export const createBookingBody = z.strictObject({
  medicalProfileId: id,
  timeSlotId: id,
  specialtyId: id.nullable().optional(),
  serviceIds: z.array(id, { message: 'Dịch vụ không hợp lệ' }).max(20, 'Tối đa 20 dịch vụ').optional().default([]),
  source: z.enum(AHEAD_SOURCES, { message: 'Nguồn đặt khám không hợp lệ' }).optional().default('HOTLINE'),
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
  /** Another profile of the same patient account, changed in the same transaction as the rest. */
  medicalProfileId: id.optional(),
  timeSlotId: id.optional(),
  specialtyId: id.nullable().optional(),
  serviceIds: z.array(id, { message: 'Dịch vụ không hợp lệ' }).max(20, 'Tối đa 20 dịch vụ').optional(),
  priority: z.union([z.literal(0), z.literal(1)], { message: 'Mức ưu tiên không hợp lệ' }).optional(),
  symptom: z.string().trim().max(500, 'Lý do khám tối đa 500 ký tự').nullable().optional(),
});
export type UpdateBookingBody = z.infer<typeof updateBookingBody>;

export const reasonBody = z.strictObject({ reason });
/**
 * Check-in: `confirmLate` confirms a late check-in (more than the facility's threshold after the slot's
 * end); without it such a check-in is refused with 400 naming the delay. The body may be left out.
 */
export const checkinBody = z.strictObject({ confirmLate: z.boolean({ message: 'Xác nhận tiếp đón muộn không hợp lệ' }).optional() }).nullish();
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
/** `sources?hospitalId` (spec): the facility whose sources are asked; only the caller's own is answered. */
export const sourcesQuery = z.object({ hospitalId: idFilter.optional() });

/**
 * The bookings of a doctor or of a medical schedule, paged and sorted the way the spec's listings are
 * (`page`, `size`, `sort` = ASC | DESC, `properties` = the columns to sort by, in order).
 */
export const LISTING_PROPERTIES = ['date', 'startTime', 'createdAt', 'queueNumber', 'status', 'code', 'patientName'] as const;
export type ListingProperty = (typeof LISTING_PROPERTIES)[number];
export const LISTING_PROPERTY_LABELS: Record<ListingProperty, string> = {
  date: 'Ngày khám',
  startTime: 'Giờ khám',
  createdAt: 'Ngày đặt',
  queueNumber: 'Số thứ tự',
  status: 'Trạng thái',
  code: 'Mã lịch',
  patientName: 'Tên bệnh nhân',
};
export const listingQuery = z.object({
  ...pagingParams(20),
  sort: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(['ASC', 'DESC'], { message: 'Chiều sắp xếp phải là ASC (tăng dần) hoặc DESC (giảm dần)' }))
    .optional()
    .default('ASC'),
  properties: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => [...new Set((Array.isArray(v) ? v : v.split(',')).map((x) => x.trim()).filter(Boolean))])
    .pipe(
      z
        .array(z.enum(LISTING_PROPERTIES, { message: `Cột sắp xếp không hợp lệ: chỉ nhận ${LISTING_PROPERTIES.join(', ')}` }))
        .min(1, 'Vui lòng chọn cột sắp xếp')
        .max(3, 'Tối đa 3 cột sắp xếp'),
    )
    .optional()
    .default(['date', 'startTime']),
  /** Only these states (repeat or comma-separated); none = every state. */
  status: bookingListQuery.shape.status,
  from: dateParam.optional(),
  to: dateParam.optional(),
});
export type ListingQuery = z.infer<typeof listingQuery>;
export const listingResponse = pageEnvelope(bookingRow);

/** A path segment that is a booking's (or an account's) id. */
const idSegment = z
  .string()
  .regex(/^\d{1,9}$/, 'Mã không hợp lệ')
  .transform(Number);
export const bookingIdParams = z.object({ id: idSegment });
export const bookingUserParams = z.object({ userId: idSegment });
export const listingDoctorParams = z.object({ doctorId: idSegment });
export const listingScheduleParams = z.object({ scheduleId: idSegment });
/** A room's queue of a day: the room, or the schedule whose room and day it is (the day defaults to today). */
export const roomQueueQuery = z.object({ roomId: idFilter.optional(), scheduleId: idFilter.optional(), date: dateParam.optional() });
export const bookingOne = envelope(bookingRow);

const roomRef = z.object({ id: z.number(), code: z.string(), name: z.string() });
/** What the booking desk works with (docs/booking-states.md "Rooms of an account", "When the slot is over"). */
export const deskSettings = z.object({
  /** The caller's assigned rooms: the list and the queue open on them. */
  rooms: z.array(roomRef),
  /** The facility keeps accounts to their rooms and the caller has some: only these rooms' bookings. */
  onlyOwnRooms: z.boolean(),
  /** A check-in more than this many minutes after the slot's end must be confirmed, and is logged as late. */
  lateCheckinMinutes: z.number(),
  /** HH:mm (+07:00, 24:00 = the end of the day) at which an accepted booking not checked in becomes a no-show. */
  noShowAt: z.string(),
});
export type DeskSettings = z.infer<typeof deskSettings>;
export const syncSeqResponse = envelope(
  z.object({
    roomId: z.number(),
    date: z.string(),
    lastNumber: z.number(),
    /** The highest queue number the HIS gave the room's check-ins that day (issue 21); null without a HIS connection or before any came back. */
    hisLastNumber: z.number().nullable(),
  }),
);

const P = APPOINTMENT_PATH;
/** The staff's transitions of one booking (noShow is the system's). */
export type StaffAction = Exclude<BookingAction, 'noShow'>;
const transitionSummary = (action: StaffAction) => `${BOOKING_ACTION_LABELS[action]} lịch đặt khám`;
const transition = (path: string, action: StaffAction) =>
  endpoint({
    method: 'POST',
    path: `${P}/:id/${path}`,
    summary: transitionSummary(action),
    params: bookingIdParams,
    response: bookingOne,
    errors: [400, 401, 403, 404, 409],
  });
const transitionWithReason = (path: string, action: StaffAction) =>
  endpoint({
    method: 'POST',
    path: `${P}/:id/${path}`,
    summary: transitionSummary(action),
    params: bookingIdParams,
    body: reasonBody,
    response: bookingOne,
    errors: [400, 401, 403, 404, 409],
  });

/** A doctor's or a medical schedule's bookings: the same query and answer under its own path. */
const listingEndpoint = <Params extends z.ZodType>(path: string, params: Params, whose: string) =>
  endpoint({
    method: 'GET',
    path: `${P}/${path}`,
    summary: `Lịch đặt khám của ${whose} (page, size, sort = ASC|DESC, properties; lọc trạng thái, khoảng ngày)`,
    params,
    query: listingQuery,
    response: listingResponse,
    errors: [400, 401, 403, 404],
  });

/** The bookings API, written once for the server and the web (core/endpoint.ts). */
export const appointmentEndpoints = {
  list: endpoint({
    method: 'GET',
    path: P,
    summary: 'Lịch đặt khám của một ngày (lọc, tìm không dấu) kèm số lượng theo trạng thái',
    query: bookingListQuery,
    response: bookingListResponse,
    errors: [400, 401, 403],
  }),
  create: endpoint({
    method: 'POST',
    path: P,
    summary: 'Đặt khám mới (giữ chỗ trong khung giờ)',
    body: createBookingBody,
    response: bookingOne,
    errors: [400, 401, 403, 404, 409],
  }),
  sources: endpoint({
    method: 'GET',
    path: `${P}/sources`,
    summary: 'Nguồn đặt khám (bộ lọc của danh sách; ?hospitalId= chỉ nhận cơ sở của người dùng)',
    query: sourcesQuery,
    response: envelope(z.array(sourceOption)),
    errors: [400, 401, 403, 404],
  }),
  doctorListing: listingEndpoint('doctors/:doctorId', listingDoctorParams, 'một bác sĩ'),
  scheduleListing: listingEndpoint('schedules/:scheduleId', listingScheduleParams, 'một lịch làm việc'),
  timeSlots: endpoint({
    method: 'GET',
    path: `${P}/time-slots`,
    summary: 'Khung giờ của bác sĩ trong ngày (còn trống, đã qua)',
    query: timeSlotsQuery,
    response: envelope(z.array(timeSlotRow)),
    errors: [400, 401, 403],
  }),
  workDays: endpoint({
    method: 'GET',
    path: `${P}/work-days`,
    summary: 'Ngày làm việc của bác sĩ trong khoảng (số chỗ còn trống)',
    query: workDaysQuery,
    response: envelope(z.array(workDayRow)),
    errors: [400, 401, 403],
  }),
  queue: endpoint({
    method: 'GET',
    path: `${P}/priority`,
    summary: 'Hàng đợi của phòng khám trong ngày (đã tiếp đón, ưu tiên trước, theo số thứ tự)',
    query: roomQueueQuery,
    response: envelope(z.array(bookingRow)),
    errors: [400, 401, 403, 404],
  }),
  syncCheckinSeq: endpoint({
    method: 'POST',
    path: `${P}/sync-checkin-seq`,
    summary: 'Đồng bộ số thứ tự tiếp đón của phòng trong ngày',
    body: syncSeqBody,
    response: syncSeqResponse,
    errors: [400, 401, 403, 404],
  }),
  desk: endpoint({
    method: 'GET',
    path: `${P}/desk`,
    summary: 'Thiết lập quầy đặt khám của người dùng: phòng được phân, giới hạn theo phòng, ngưỡng tiếp đón muộn, giờ chuyển không đến khám',
    response: envelope(deskSettings),
    errors: [401, 403],
  }),
  callNext: endpoint({
    method: 'POST',
    path: `${P}/called`,
    summary: 'Gọi bệnh nhân tiếp theo của phòng khám (đang chờ, ưu tiên trước, theo số thứ tự)',
    body: callNextBody,
    response: bookingOne,
    errors: [400, 401, 403, 404, 409],
  }),
  bulkAccept: endpoint({
    method: 'POST',
    path: `${P}/accept`,
    summary: 'Xác nhận nhiều lịch khám (kết quả từng lịch)',
    body: bulkBody,
    response: bulkResponse,
    errors: [400, 401, 403],
  }),
  ofUser: endpoint({
    method: 'GET',
    path: `${P}/users/:userId`,
    summary: 'Lịch đặt khám của một tài khoản bệnh nhân (mới nhất trước, lọc theo hồ sơ)',
    params: bookingUserParams,
    query: userBookingsQuery,
    response: userBookingsResponse,
    errors: [400, 401, 403, 404],
  }),
  detail: endpoint({
    method: 'GET',
    path: `${P}/:id`,
    summary: 'Chi tiết lịch đặt khám (dịch vụ, nhật ký)',
    params: bookingIdParams,
    response: envelope(bookingDetail),
    errors: [400, 401, 403, 404],
  }),
  logs: endpoint({
    method: 'GET',
    path: `${P}/:id/logs`,
    summary: 'Nhật ký lịch đặt khám',
    params: bookingIdParams,
    response: envelope(z.array(bookingLogRow)),
    errors: [400, 401, 403, 404],
  }),
  update: endpoint({
    method: 'PUT',
    path: `${P}/:id`,
    summary: 'Cập nhật lịch đặt khám (đổi khung giờ, dịch vụ, mức ưu tiên, lý do khám)',
    params: bookingIdParams,
    body: updateBookingBody,
    response: bookingOne,
    errors: [400, 401, 403, 404, 409],
  }),
  changeProfile: endpoint({
    method: 'PUT',
    path: `${P}/:id/profile`,
    summary: 'Đổi hồ sơ bệnh nhân (cùng tài khoản)',
    params: bookingIdParams,
    body: profileBody,
    response: bookingOne,
    errors: [400, 401, 403, 404, 409],
  }),
  changePriority: endpoint({
    method: 'PUT',
    path: `${P}/:id/priority`,
    summary: 'Đổi mức ưu tiên',
    params: bookingIdParams,
    body: priorityBody,
    response: bookingOne,
    errors: [400, 401, 403, 404, 409],
  }),
};

/** One transition of one booking, by action (`call` is posted to /called); 409 naming the current state. */
export const bookingTransitionEndpoints = {
  accept: transition('accept', 'accept'),
  checkin: endpoint({
    method: 'POST',
    path: `${P}/:id/checkin`,
    summary: `${transitionSummary('checkin')} (quá giờ hẹn: cần xác nhận tiếp đón muộn)`,
    params: bookingIdParams,
    body: checkinBody,
    response: bookingOne,
    errors: [400, 401, 403, 404, 409],
  }),
  call: transition('called', 'call'),
  complete: transition('complete', 'complete'),
  revert: transition('revert', 'revert'),
};

/** The transitions that need a reason (rules/booking-status NEEDS_REASON). */
export const bookingReasonEndpoints = {
  reject: transitionWithReason('reject', 'reject'),
  cancel: transitionWithReason('cancel', 'cancel'),
};
