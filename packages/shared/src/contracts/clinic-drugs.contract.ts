import { z } from 'zod';
import { envelope, pageEnvelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { isoDay } from '../core/iso-day';
import { pagingParams } from '../core/list-query';
import { CLINIC_PROGRAMS } from '../rules/clinic-programs';
import { DOSE_EVERY_DAYS_MAX, DOSE_SCHEDULE_MESSAGES, DOSE_TIME_RE, DOSE_TIMES_MAX, doseScheduleProblems } from '../rules/dose-schedule';
import { periodDays } from '../rules/period';
import { APP_PATH } from './patient-app.contract';

/**
 * Medicine reminders of the private clinic (issue 20; spec §7 "Private clinic: … medicine reminders (list, statistics,
 * per user)"; docs/clinic-medicines.md): the coordinators' API (/api/his/v1/shp/drug-reminders, MANAGER_SHP) and the
 * member's, in the patient app (/api/app/v1/clinic: their medicines, their doses, the confirmation of a dose).
 */
export const DRUG_REMINDERS_PATH = '/api/his/v1/shp/drug-reminders';
export const APP_CLINIC_PATH = `${APP_PATH}/clinic`;

export const MEDICINE_NAME_MAX = 200;
export const MEDICINE_DOSE_MAX = 100;
export const MEDICINE_INSTRUCTIONS_MAX = 500;
/** The longest period of the list and the statistics, and of a member's doses (the calendar reads a month or two). */
export const DRUG_PERIOD_MAX_DAYS = 366;
export const DOSE_PERIOD_MAX_DAYS = 92;

export const DRUG_MESSAGES = {
  memberNotFound: 'Không tìm thấy thành viên phòng khám',
  notMember: 'Tài khoản của bạn chưa tham gia phòng khám riêng của cơ sở',
  medicineNotFound: 'Không tìm thấy thuốc của thành viên',
  prescriptionNotFound: 'Không tìm thấy dòng đơn thuốc trong hồ sơ của thành viên',
  doseNotFound: 'Không tìm thấy liều thuốc',
  doseMissed: 'Liều thuốc này đã quá thời hạn xác nhận và được ghi là bỏ lỡ',
  created: 'Đã thêm thuốc',
  updated: 'Đã lưu thuốc',
  removed: 'Đã xoá thuốc khỏi lịch nhắc',
  confirmed: 'Đã xác nhận uống thuốc',
  periodOrder: 'Đến ngày phải sau hoặc bằng từ ngày',
} as const;

export const DOSE_STATUSES = ['PENDING', 'TAKEN', 'MISSED'] as const;
export type DoseStatus = (typeof DOSE_STATUSES)[number];
export const DOSE_STATUS_LABELS: Record<DoseStatus, string> = { PENDING: 'Chờ xác nhận', TAKEN: 'Đã uống', MISSED: 'Bỏ lỡ' };
export const MEDICINE_SOURCES = ['STAFF', 'PRESCRIPTION'] as const;
export const MEDICINE_SOURCE_LABELS: Record<(typeof MEDICINE_SOURCES)[number], string> = { STAFF: 'Nhân viên nhập', PRESCRIPTION: 'Từ đơn thuốc' };

const text = (label: string, max: number) =>
  z
    .string({ message: `${label} phải là chuỗi ký tự` })
    .trim()
    .max(max, `${label} tối đa ${max.toLocaleString('vi-VN')} ký tự`);
const idString = (message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number);
const booleanString = z.enum(['true', 'false'], { message: 'Giá trị phải là true hoặc false' }).transform((v) => v === 'true');

const periodOf = (max: number) => (q: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (!q.from || !q.to) return;
  const days = periodDays({ from: q.from, to: q.to });
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: DRUG_MESSAGES.periodOrder });
  else if (days > max) ctx.addIssue({ code: 'custom', path: ['to'], message: `Khoảng thời gian tối đa ${max} ngày` });
};
const periodFields = { from: isoDay('Từ ngày').optional(), to: isoDay('Đến ngày').optional() };

const userParams = z.object({ userId: idString('Mã tài khoản thành viên không hợp lệ') });
const medicineParams = userParams.extend({ id: idString('Mã thuốc không hợp lệ') });
const doseParams = z.object({ id: idString('Mã liều thuốc không hợp lệ') });

export const drugListQuery = z
  .object({
    program: z.enum(CLINIC_PROGRAMS, { message: 'Chương trình chăm sóc không hợp lệ' }).optional(),
    /** Words of the member's name, phone or patient code, without diacritics. */
    q: z.string().trim().max(100, 'Từ khoá tối đa 100 ký tự').optional(),
    /** Only the members under the facility's threshold in the period. */
    below: booleanString.optional(),
    ...periodFields,
    ...pagingParams(20),
  })
  .superRefine(periodOf(DRUG_PERIOD_MAX_DAYS));
export type DrugListQuery = z.infer<typeof drugListQuery>;
export const drugPeriodQuery = z
  .object({ program: z.enum(CLINIC_PROGRAMS, { message: 'Chương trình chăm sóc không hợp lệ' }).optional(), ...periodFields })
  .superRefine(periodOf(DRUG_PERIOD_MAX_DAYS));
export const dosePeriodQuery = z.object(periodFields).superRefine(periodOf(DOSE_PERIOD_MAX_DAYS));

const counts = { taken: z.number().int(), missed: z.number().int(), pending: z.number().int(), adherence: z.number().nullable() };

export const drugMemberRow = z.object({
  userId: z.number().int(),
  name: z.string(),
  patientCode: z.string(),
  phone: z.string().nullable(),
  program: z.enum(CLINIC_PROGRAMS),
  active: z.boolean(),
  /** Medicines being taken today (started, not ended, not removed). */
  medicines: z.number().int(),
  ...counts,
  below: z.boolean(),
  lastReminderAt: z.string().nullable(),
});
export type DrugMemberRowDto = z.infer<typeof drugMemberRow>;

export const drugStatistics = z.object({
  from: z.string(),
  to: z.string(),
  threshold: z.number().int(),
  total: z.object({ members: z.number().int(), below: z.number().int(), ...counts }),
  byProgram: z.array(z.object({ program: z.enum(CLINIC_PROGRAMS), label: z.string(), members: z.number().int(), below: z.number().int(), ...counts })),
  byDay: z.array(z.object({ day: z.string(), ...counts })),
});
export type DrugStatisticsDto = z.infer<typeof drugStatistics>;

export const medicineDto = z.object({
  id: z.number().int(),
  name: z.string(),
  dose: z.string(),
  times: z.array(z.string()),
  everyDays: z.number().int(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  instructions: z.string(),
  source: z.enum(MEDICINE_SOURCES),
  prescriptionId: z.number().int().nullable(),
  /** Started, not ended (today +07:00). */
  current: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MedicineDto = z.infer<typeof medicineDto>;

export const doseDto = z.object({
  id: z.number().int(),
  medicineId: z.number().int(),
  medicineName: z.string(),
  dose: z.string(),
  dueAt: z.string(),
  status: z.enum(DOSE_STATUSES),
  remindedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  missedAt: z.string().nullable(),
});
export type DoseDto = z.infer<typeof doseDto>;

export const drugMemberDetail = z.object({
  member: z.object({
    userId: z.number().int(),
    name: z.string(),
    patientCode: z.string(),
    birthDate: z.string(),
    phone: z.string().nullable(),
    program: z.enum(CLINIC_PROGRAMS),
    active: z.boolean(),
  }),
  from: z.string(),
  to: z.string(),
  threshold: z.number().int(),
  missedMinutes: z.number().int(),
  medicines: z.array(medicineDto),
  doses: z.array(doseDto),
  /** Per day of the period: the calendar's taken and missed doses. */
  days: z.array(z.object({ day: z.string(), ...counts })),
  total: z.object(counts),
  below: z.boolean(),
});
export type DrugMemberDetailDto = z.infer<typeof drugMemberDetail>;

export const prescriptionLineDto = z.object({
  id: z.number().int(),
  visitedAt: z.string(),
  departmentName: z.string(),
  doctorName: z.string().nullable(),
  drugName: z.string(),
  dose: z.string(),
  unit: z.string(),
  quantity: z.number().int(),
  usage: z.string(),
  days: z.number().int().nullable(),
});
export type PrescriptionLineDto = z.infer<typeof prescriptionLineDto>;

const doseTime = z.string({ message: DOSE_SCHEDULE_MESSAGES.time }).regex(DOSE_TIME_RE, DOSE_SCHEDULE_MESSAGES.time);

/** A medicine as staff enter or change it; the schedule's rules (rules/dose-schedule) checked once more on the whole. */
export const medicineBody = z
  .strictObject({
    name: text('Tên thuốc', MEDICINE_NAME_MAX).min(1, 'Vui lòng nhập tên thuốc'),
    dose: text('Liều dùng', MEDICINE_DOSE_MAX).min(1, 'Vui lòng nhập liều dùng mỗi lần'),
    times: z
      .array(doseTime, { message: DOSE_SCHEDULE_MESSAGES.timesRequired })
      .min(1, DOSE_SCHEDULE_MESSAGES.timesRequired)
      .max(DOSE_TIMES_MAX, DOSE_SCHEDULE_MESSAGES.timesMax),
    everyDays: z
      .number({ message: DOSE_SCHEDULE_MESSAGES.everyDays })
      .int(DOSE_SCHEDULE_MESSAGES.everyDays)
      .min(1, DOSE_SCHEDULE_MESSAGES.everyDays)
      .max(DOSE_EVERY_DAYS_MAX, DOSE_SCHEDULE_MESSAGES.everyDays)
      .optional()
      .default(1),
    startDate: isoDay('Ngày bắt đầu'),
    endDate: isoDay('Ngày kết thúc').nullable().optional().default(null),
    instructions: text('Cách dùng', MEDICINE_INSTRUCTIONS_MAX).optional().default(''),
    /** Copied from this line of the member's prescriptions. */
    prescriptionId: z.number({ message: 'Dòng đơn thuốc không hợp lệ' }).int().positive().max(2_147_483_647).nullable().optional().default(null),
  })
  .superRefine((b, ctx) => {
    // the fields' own checks already said what is wrong with a time or the gap
    for (const p of doseScheduleProblems({ times: b.times, everyDays: b.everyDays, startDate: b.startDate, endDate: b.endDate }))
      if (p.field === 'endDate' || p.message === DOSE_SCHEDULE_MESSAGES.timesRepeat) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
  });
export type MedicineBody = z.input<typeof medicineBody>;

const errors4 = [400, 401, 403, 404] as const;

/** The coordinators' API (MANAGER_SHP). */
export const drugReminderEndpoints = {
  list: endpoint({
    method: 'GET',
    path: DRUG_REMINDERS_PATH,
    summary:
      'Nhắc uống thuốc: thành viên với số thuốc đang dùng, liều đã uống, bỏ lỡ và tỷ lệ tuân thủ trong kỳ (lọc chương trình, từ khoá không dấu, dưới ngưỡng)',
    query: drugListQuery,
    response: pageEnvelope(drugMemberRow),
    errors: [400, 401, 403],
  }),
  statistics: endpoint({
    method: 'GET',
    path: `${DRUG_REMINDERS_PATH}/statistics`,
    summary: 'Nhắc uống thuốc: tỷ lệ tuân thủ theo chương trình và theo ngày trong kỳ, số thành viên dưới ngưỡng',
    query: drugPeriodQuery,
    response: envelope(drugStatistics),
    errors: [400, 401, 403],
  }),
  member: endpoint({
    method: 'GET',
    path: `${DRUG_REMINDERS_PATH}/users/:userId`,
    summary: 'Nhắc uống thuốc: thuốc của một thành viên, các liều và lời nhắc trong kỳ, lịch uống theo ngày',
    params: userParams,
    query: dosePeriodQuery,
    response: envelope(drugMemberDetail),
    errors: [...errors4],
  }),
  prescriptions: endpoint({
    method: 'GET',
    path: `${DRUG_REMINDERS_PATH}/users/:userId/prescriptions`,
    summary: 'Nhắc uống thuốc: các dòng đơn thuốc trong hồ sơ của thành viên (mới nhất trước), để chép vào lịch nhắc',
    params: userParams,
    response: envelope(z.array(prescriptionLineDto)),
    errors: [...errors4],
  }),
  createMedicine: endpoint({
    method: 'POST',
    path: `${DRUG_REMINDERS_PATH}/users/:userId/medicines`,
    summary: 'Nhắc uống thuốc: thêm thuốc (giờ uống, cách ngày, đợt dùng) cho thành viên',
    params: userParams,
    body: medicineBody,
    response: envelope(medicineDto),
    errors: [...errors4],
  }),
  updateMedicine: endpoint({
    method: 'PUT',
    path: `${DRUG_REMINDERS_PATH}/users/:userId/medicines/:id`,
    summary: 'Nhắc uống thuốc: sửa thuốc (các liều đã nhắc giữ nguyên; lịch mới áp dụng cho các liều sau)',
    params: medicineParams,
    body: medicineBody,
    response: envelope(medicineDto),
    errors: [...errors4],
  }),
  removeMedicine: endpoint({
    method: 'DELETE',
    path: `${DRUG_REMINDERS_PATH}/users/:userId/medicines/:id`,
    summary: 'Nhắc uống thuốc: xoá thuốc khỏi lịch nhắc (các liều đã qua vẫn được tính)',
    params: medicineParams,
    response: envelope(z.object({ id: z.number().int() })),
    errors: [...errors4],
  }),
};

/** The member's side, in the patient app (`patient` access). */
export const appClinicEndpoints = {
  medicines: endpoint({
    method: 'GET',
    path: `${APP_CLINIC_PATH}/medicines`,
    summary: 'Phòng khám riêng: thuốc đang được nhắc của tôi',
    response: envelope(z.array(medicineDto)),
    errors: [401, 404],
  }),
  doses: endpoint({
    method: 'GET',
    path: `${APP_CLINIC_PATH}/doses`,
    summary: 'Phòng khám riêng: các liều thuốc của tôi trong kỳ (mặc định 7 ngày qua đến hôm nay), mới nhất trước',
    query: dosePeriodQuery,
    response: envelope(z.array(doseDto)),
    errors: [400, 401, 404],
  }),
  confirm: endpoint({
    method: 'POST',
    path: `${APP_CLINIC_PATH}/doses/:id/confirmation`,
    summary: 'Phòng khám riêng: xác nhận đã uống một liều (lặp lại: trả về liều đã xác nhận; liều đã bỏ lỡ: 409)',
    params: doseParams,
    response: envelope(doseDto),
    errors: [400, 401, 404, 409],
  }),
};
