import { z } from 'zod';
import { envelope, pageEnvelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { idFilter, listQuerySchema, pagingParams } from '../core/list-query';
import { isoDay } from '../core/iso-day';
import { SHIFTS } from '../rules/schedule';

/**
 * Doctors' work schedules (lịch làm việc bác sĩ) under /api/catalog/v1/schedules (spec §7
 * "Catalogue": schedules, time slots, removal by time, logs; work-time-hospital). docs/schedules.md.
 *
 *   GET    /schedules?from&to&doctorId&roomId&departmentId   schedules of a range (≤ 62 days) with slot totals
 *   POST   /schedules                                    build over a date range (weekdays × shifts)
 *   POST   /schedules/copy-week                          copy one week onto another
 *   POST   /schedules/day-off                            take a doctor off for days (removal by time)
 *   GET    /schedules/logs?page&size&doctorId&from&to    the schedule log
 *   GET    /schedules/{id}/time-slots                    the slots of one schedule
 *   PUT    /schedules/{id}                               capacity of every slot and/or note
 *   PUT    /schedules/{id}/time-slots/{slotId}           capacity of one slot
 *   DELETE /schedules/{id}                               remove one schedule (none booked)
 *   GET    /schedules/options/{departments|rooms}?q&doctorId  dropdown pages (rooms of a doctor)
 *   GET    /api/catalog/v1/work-time-hospital            the facility's shifts
 *
 * A refusal because bookings hold places is a 409 whose `errors` list the bookings
 * (field 'bookings', message "code · patient · HH:mm DD/MM/YYYY").
 * Live: every change publishes topic 'schedules' (type = the log action) for MANAGER_SCHEDULE.
 */
export const SCHEDULES_PATH = '/api/catalog/v1/schedules';
export const WORK_TIME_PATH = '/api/catalog/v1/work-time-hospital';
export const SCHEDULE_LIVE_TOPIC = 'schedules';
/** The longest range the calendar reads at once (a month view with its edges). */
export const SCHEDULE_RANGE_MAX_DAYS = 62;

export const SHIFT_KEYS = ['MORNING', 'AFTERNOON', 'EVENING', 'CUSTOM'] as const;
export type ShiftChoice = (typeof SHIFT_KEYS)[number];
export const SHIFT_LABELS: Record<ShiftChoice, string> = {
  ...Object.fromEntries(Object.entries(SHIFTS).map(([k, v]) => [k, v.label])),
  CUSTOM: 'Ca tuỳ chỉnh',
} as Record<ShiftChoice, string>;

export const SCHEDULE_LOG_ACTIONS = ['CREATE', 'COPY_WEEK', 'UPDATE', 'DELETE', 'DAY_OFF'] as const;
export type ScheduleLogAction = (typeof SCHEDULE_LOG_ACTIONS)[number];
export const SCHEDULE_LOG_LABELS: Record<ScheduleLogAction, string> = {
  CREATE: 'Xếp lịch',
  COPY_WEEK: 'Sao chép tuần',
  UPDATE: 'Sửa lịch',
  DELETE: 'Xoá lịch',
  DAY_OFF: 'Nghỉ làm',
};

export const SCHEDULE_MESSAGES = {
  created: (n: number) => `Đã xếp ${n} ca làm việc`,
  copied: (n: number) => `Đã sao chép ${n} ca làm việc`,
  updated: 'Đã lưu thay đổi lịch làm việc',
  slotUpdated: 'Đã đổi số lượt khám của khung giờ',
  deleted: 'Đã xoá ca làm việc',
  dayOff: (n: number) => `Đã cho bác sĩ nghỉ, xoá ${n} ca làm việc`,
  notFound: 'Không tìm thấy lịch làm việc',
  slotNotFound: 'Không tìm thấy khung giờ',
  doctorNotFound: 'Không tìm thấy bác sĩ',
  roomNotFound: 'Không tìm thấy phòng khám',
  departmentNotFound: 'Không tìm thấy khoa',
  doctorInactive: 'Bác sĩ đã ngừng hoạt động',
  roomNotOfDoctor: 'Bác sĩ không làm việc tại phòng khám này',
  pastDay: (d: string) => `Không thể xếp lịch cho ngày đã qua (${d})`,
  noDays: 'Khoảng ngày đã chọn không có ngày làm việc nào',
  nothingToCopy: 'Tuần nguồn không có ca làm việc nào để sao chép',
  sameWeek: 'Tuần đích phải khác tuần nguồn',
  notMonday: 'Ngày đầu tuần phải là thứ Hai',
  pastEdit: 'Không thể sửa hoặc xoá ca làm việc đã qua',
  bookedHeld: (n: number) => `Còn ${n} lịch đặt khám đang giữ chỗ — hãy chuyển hoặc huỷ các lịch này trước`,
  belowBooked: (booked: number) => `Số lượt khám không được nhỏ hơn số đã đặt (${booked})`,
  rangeTooLong: `Khoảng ngày tối đa ${SCHEDULE_RANGE_MAX_DAYS} ngày`,
  noneToRemove: 'Bác sĩ không có ca làm việc nào trong khoảng ngày này',
  forbidden: 'Bạn không có quyền xem lịch làm việc',
} as const;

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const day = (label: string) => isoDay(label);
const id = (label: string) =>
  z
    .number({ message: `Vui lòng chọn ${label}` })
    .int(`${label} không hợp lệ`)
    .positive(`${label} không hợp lệ`);
const capacity = z
  .number({ message: 'Vui lòng nhập số lượt khám' })
  .int('Số lượt khám phải là số nguyên')
  .min(1, 'Số lượt khám tối thiểu 1')
  .max(200, 'Số lượt khám tối đa 200');
const note = z.string({ message: 'Ghi chú phải là chuỗi ký tự' }).trim().max(500, 'Ghi chú tối đa 500 ký tự').nullable().optional();

/** One shift of a build: a key of SHIFTS, or CUSTOM with its own start and end. */
export const shiftChoice = z
  .strictObject({
    shift: z.enum(SHIFT_KEYS, { message: 'Ca làm việc không hợp lệ' }),
    start: z.string().regex(TIME_RE, 'Giờ bắt đầu không hợp lệ (HH:mm)').optional(),
    end: z.string().regex(TIME_RE, 'Giờ kết thúc không hợp lệ (HH:mm)').optional(),
  })
  .refine((s) => s.shift !== 'CUSTOM' || (s.start && s.end), { message: 'Ca tuỳ chỉnh cần giờ bắt đầu và giờ kết thúc', path: ['start'] });
export type ShiftInput = z.infer<typeof shiftChoice>;

/** POST body: the doctor works in `roomId` for `departmentId` on `weekdays` between from and to, in each shift. */
export const scheduleCreateBody = z.strictObject({
  doctorId: id('bác sĩ'),
  roomId: id('phòng khám'),
  departmentId: id('khoa'),
  from: day('Từ ngày'),
  to: day('Đến ngày'),
  weekdays: z
    .array(z.number().int().min(1, 'Thứ không hợp lệ').max(7, 'Thứ không hợp lệ'), { message: 'Vui lòng chọn ngày trong tuần' })
    .min(1, 'Vui lòng chọn ít nhất một ngày trong tuần')
    .max(7),
  shifts: z.array(shiftChoice, { message: 'Vui lòng chọn ca làm việc' }).min(1, 'Vui lòng chọn ít nhất một ca làm việc').max(3, 'Tối đa 3 ca mỗi ngày'),
  slotMinutes: z
    .number({ message: 'Vui lòng nhập thời lượng khung giờ' })
    .int('Thời lượng phải là số nguyên')
    .min(5, 'Thời lượng mỗi khung giờ từ 5 đến 240 phút')
    .max(240, 'Thời lượng mỗi khung giờ từ 5 đến 240 phút'),
  capacity,
  note,
});
export type ScheduleCreateInput = z.infer<typeof scheduleCreateBody>;

/** Copy the schedules of the week starting `fromWeek` (a Monday) onto the week starting `toWeek`. */
export const copyWeekBody = z.strictObject({
  fromWeek: day('Tuần nguồn'),
  toWeek: day('Tuần đích'),
  doctorId: id('bác sĩ').optional(),
  roomId: id('phòng khám').optional(),
  departmentId: id('khoa').optional(),
});
export type CopyWeekInput = z.infer<typeof copyWeekBody>;

/** Day off (removal by time): every schedule of the doctor from `from` to `to`. */
export const dayOffBody = z.strictObject({ doctorId: id('bác sĩ'), from: day('Từ ngày'), to: day('Đến ngày'), note });
export type DayOffInput = z.infer<typeof dayOffBody>;

export const scheduleUpdateBody = z
  .strictObject({ capacity: capacity.optional(), note })
  .refine((b) => b.capacity !== undefined || b.note !== undefined, { message: 'Không có thay đổi nào', path: ['capacity'] });
export type ScheduleUpdateInput = z.infer<typeof scheduleUpdateBody>;
export const slotUpdateBody = z.strictObject({ capacity });

export const scheduleRangeQuery = z.object({
  from: day('Từ ngày'),
  to: day('Đến ngày'),
  doctorId: idFilter.optional(),
  roomId: idFilter.optional(),
  departmentId: idFilter.optional(),
});
export type ScheduleRangeQuery = z.infer<typeof scheduleRangeQuery>;

export const scheduleLogQuery = z.object({
  doctorId: idFilter.optional(),
  from: day('Từ ngày').optional(),
  to: day('Đến ngày').optional(),
  ...pagingParams(),
});
export type ScheduleLogQuery = z.infer<typeof scheduleLogQuery>;

const ref = z.object({ id: z.number(), name: z.string() });

export const scheduleRow = z.object({
  id: z.number(),
  date: z.string(),
  shift: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  slotMinutes: z.number(),
  note: z.string().nullable(),
  doctor: ref,
  room: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  department: ref,
  slots: z.number(),
  /** Sums over the schedule's slots. */
  capacity: z.number(),
  booked: z.number(),
});
export type ScheduleRow = z.infer<typeof scheduleRow>;
export const scheduleList = envelope(z.array(scheduleRow));
export const scheduleOne = envelope(scheduleRow);
export const buildResult = envelope(z.object({ created: z.number(), ids: z.array(z.number()) }));
export const dayOffResult = envelope(z.object({ removed: z.number() }));

export const scheduleSlotRow = z.object({
  id: z.number(),
  startTime: z.string(),
  endTime: z.string(),
  startsAt: z.string(),
  capacity: z.number(),
  booked: z.number(),
});
export type ScheduleSlotRow = z.infer<typeof scheduleSlotRow>;
export const scheduleSlotList = envelope(z.array(scheduleSlotRow));
export const scheduleSlotOne = envelope(scheduleSlotRow);

export const scheduleLogRow = z.object({
  id: z.number(),
  action: z.enum(SCHEDULE_LOG_ACTIONS),
  summary: z.string(),
  doctor: ref.nullable(),
  scheduleId: z.number().nullable(),
  account: z.string().nullable(),
  createdAt: z.string(),
});
export type ScheduleLogRow = z.infer<typeof scheduleLogRow>;
export const scheduleLogPage = pageEnvelope(scheduleLogRow);

export const workTimeRow = z.object({ key: z.string(), label: z.string(), start: z.string(), end: z.string() });
/** The facility's working hours of one weekday (rules/working-hours.ts), as kept at /admin/settings. */
export const workingDayRow = z.object({
  weekday: z.number().int(),
  open: z.boolean(),
  periods: z.array(z.object({ from: z.string(), to: z.string() })),
});
/**
 * The shifts in `data` as before (callers reading the array keep working), and beside them the facility's working
 * hours per weekday, Monday first (null when the facility keeps none): the schedule screens warn about a work period
 * outside them.
 */
export const workTimeList = envelope(z.array(workTimeRow)).extend({ weekdays: z.array(workingDayRow).nullable() });

/** The calendar's and the form's room / department dropdowns (a scheduler may lack MANAGER_CATALOG). */
export const SCHEDULE_OPTION_KINDS = ['departments', 'rooms'] as const;
export type ScheduleOptionKind = (typeof SCHEDULE_OPTION_KINDS)[number];
export const scheduleOptionsQuery = listQuerySchema({ sortable: ['name', 'code'], filters: { id: idFilter.optional(), doctorId: idFilter.optional() } });
export const scheduleOptionPage = pageEnvelope(z.object({ id: z.number(), code: z.string(), name: z.string() }));

const idSegment = z
  .string()
  .regex(/^\d{1,9}$/, 'Mã không hợp lệ')
  .transform(Number);
export const scheduleIdParams = z.object({ id: idSegment });
export const scheduleSlotParams = z.object({ id: idSegment, slotId: idSegment });
export const scheduleOptionParams = z.object({ kind: z.enum(SCHEDULE_OPTION_KINDS, { message: 'Loại danh mục không hợp lệ' }) });

const P = SCHEDULES_PATH;

/** The schedules API, written once for the server and the web (core/endpoint.ts). */
export const scheduleEndpoints = {
  list: endpoint({
    method: 'GET',
    path: P,
    summary: 'Lịch làm việc: các ca trong khoảng ngày (tối đa 62 ngày), lọc theo bác sĩ / phòng / khoa, kèm tổng chỗ và số đã đặt',
    query: scheduleRangeQuery,
    response: scheduleList,
    errors: [400, 401, 403],
  }),
  create: endpoint({
    method: 'POST',
    path: P,
    summary: 'Lịch làm việc: xếp lịch theo khoảng ngày, thứ trong tuần và ca; chia khung giờ',
    body: scheduleCreateBody,
    response: buildResult,
    errors: [400, 401, 403, 404, 409],
  }),
  copyWeek: endpoint({
    method: 'POST',
    path: `${P}/copy-week`,
    summary: 'Lịch làm việc: sao chép một tuần sang tuần khác',
    body: copyWeekBody,
    response: buildResult,
    errors: [400, 401, 403, 409],
  }),
  dayOff: endpoint({
    method: 'POST',
    path: `${P}/day-off`,
    summary: 'Lịch làm việc: cho bác sĩ nghỉ (xoá lịch theo thời gian); từ chối khi còn lịch đặt khám giữ chỗ',
    body: dayOffBody,
    response: dayOffResult,
    errors: [400, 401, 403, 404, 409],
  }),
  logs: endpoint({
    method: 'GET',
    path: `${P}/logs`,
    summary: 'Lịch làm việc: nhật ký thay đổi (phân trang, lọc theo bác sĩ, khoảng ngày)',
    query: scheduleLogQuery,
    response: scheduleLogPage,
    errors: [400, 401, 403],
  }),
  slots: endpoint({
    method: 'GET',
    path: `${P}/:id/time-slots`,
    summary: 'Lịch làm việc: các khung giờ của một ca',
    params: scheduleIdParams,
    response: scheduleSlotList,
    errors: [400, 401, 403, 404],
  }),
  update: endpoint({
    method: 'PUT',
    path: `${P}/:id`,
    summary: 'Lịch làm việc: đổi số lượt mỗi khung giờ và/hoặc ghi chú của một ca',
    params: scheduleIdParams,
    body: scheduleUpdateBody,
    response: scheduleOne,
    errors: [400, 401, 403, 404, 409],
  }),
  updateSlot: endpoint({
    method: 'PUT',
    path: `${P}/:id/time-slots/:slotId`,
    summary: 'Lịch làm việc: đổi số lượt khám của một khung giờ (không nhỏ hơn số đã đặt)',
    params: scheduleSlotParams,
    body: slotUpdateBody,
    response: scheduleSlotOne,
    errors: [400, 401, 403, 404, 409],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${P}/:id`,
    summary: 'Lịch làm việc: xoá một ca; từ chối khi còn lịch đặt khám giữ chỗ',
    params: scheduleIdParams,
    response: scheduleOne,
    errors: [400, 401, 403, 404, 409],
  }),
  options: endpoint({
    method: 'GET',
    path: `${P}/options/:kind`,
    summary: 'Lịch làm việc: khoa / phòng khám cho bộ lọc và biểu mẫu (phân trang); doctorId = các phòng bác sĩ làm việc',
    params: scheduleOptionParams,
    query: scheduleOptionsQuery,
    response: scheduleOptionPage,
    errors: [400, 401, 403],
  }),
  workTime: endpoint({
    method: 'GET',
    path: WORK_TIME_PATH,
    summary: 'Ca làm việc của cơ sở (sáng, chiều, tối) và giờ làm việc theo thứ trong tuần',
    response: workTimeList,
    errors: [401],
  }),
};
