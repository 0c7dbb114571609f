import { z } from 'zod';
import type { Authority } from '../authorities';
import { envelope, pageEnvelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { fileEndpoint, XLSX_MIME } from '../core/endpoint-files';
import { isoDay } from '../core/iso-day';
import { pagingParams } from '../core/list-query';
import {
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_CRITERIA,
  FEEDBACK_CRITERION_LABELS,
  FEEDBACK_NOTE_MAX,
  FEEDBACK_REPLY_MAX,
  FEEDBACK_STATUSES,
  type FeedbackCriterion,
  RATING_MAX,
  RATING_MIN,
} from '../rules/feedback';
import { periodProblem } from '../rules/period';
import { APP_PATH } from './patient-app.contract';
import { REPORTS_PATH } from './reports.contract';

/**
 * Patients' feedback and star ratings after a visit (issue 19, the feedback half; docs/decisions.md "Feedback and
 * ratings"). The patient app rates a finished visit (`/api/app/v1/feedbacks`); the managers read the list, the
 * patients who gave feedback, reply once and mark complaints handled (`/api/his/v1/patient-feedbacks`,
 * MANAGER_CONSULTATION); the rate reports (`/api/his/v1/report/rate-report`, `count-rate-report` and the Excel
 * export) read the daily rollup (MANAGER_CONSULTATION or MANAGER_REPORT). The rules are in rules/feedback.ts.
 */
export const FEEDBACKS_PATH = '/api/his/v1/patient-feedbacks';
export const FEEDBACK_AUTHORITY: Authority = 'MANAGER_CONSULTATION';
export const RATE_REPORT_AUTHORITIES: readonly Authority[] = ['MANAGER_CONSULTATION', 'MANAGER_REPORT'];

export const FEEDBACK_MESSAGES = {
  notFound: 'Không tìm thấy phản hồi',
  visitNotFound: 'Không tìm thấy lượt khám của tài khoản',
  notDone: 'Chỉ đánh giá được lượt khám đã khám xong',
  tooLate: 'Đã quá thời hạn đánh giá lượt khám này ({days} ngày sau ngày khám)',
  already: 'Lượt khám này đã được đánh giá',
  sent: 'Cảm ơn bạn đã gửi đánh giá',
  replied: 'Đã gửi trả lời cho bệnh nhân',
  handled: 'Đã đánh dấu khiếu nại đã xử lý',
  departmentUnknown: 'Khoa đã chọn không thuộc cơ sở',
  doctorUnknown: 'Bác sĩ đã chọn không thuộc cơ sở',
} as const;

// ——— the ratings ———

const ratingMessage = (c: FeedbackCriterion, input: unknown) => {
  const label = FEEDBACK_CRITERION_LABELS[c];
  if (input === undefined || input === null) return `Vui lòng chọn số sao cho mục "${label}"`;
  return `Số sao của mục "${label}" phải là một số từ ${RATING_MIN} đến ${RATING_MAX}`;
};
/** 1–5 stars of one criterion, an integer (the same rule as rules/feedback ratingProblem). */
const rating = (c: FeedbackCriterion) => {
  const label = FEEDBACK_CRITERION_LABELS[c];
  return z
    .number({ error: (iss) => ratingMessage(c, iss.input) })
    .int(`Số sao của mục "${label}" phải là số nguyên từ ${RATING_MIN} đến ${RATING_MAX}`)
    .min(RATING_MIN, `Số sao của mục "${label}" phải từ ${RATING_MIN} đến ${RATING_MAX}`)
    .max(RATING_MAX, `Số sao của mục "${label}" phải từ ${RATING_MIN} đến ${RATING_MAX}`);
};
/** A criterion the patient may leave unrated (absent or null). */
const optionalRating = (c: FeedbackCriterion) =>
  rating(c)
    .nullable()
    .optional()
    .transform((v) => v ?? null);

export const feedbackRatings = z.object({
  overall: rating('overall'),
  doctor: optionalRating('doctor'),
  reception: optionalRating('reception'),
  waiting: optionalRating('waiting'),
  cleanliness: optionalRating('cleanliness'),
});
export type FeedbackRatingsDto = { overall: number; doctor: number | null; reception: number | null; waiting: number | null; cleanliness: number | null };
/** The ratings as they are read back (every criterion present, null = not rated). */
export const ratingsRow = z.object({
  overall: z.number().int(),
  doctor: z.number().int().nullable(),
  reception: z.number().int().nullable(),
  waiting: z.number().int().nullable(),
  cleanliness: z.number().int().nullable(),
});

const positiveId = (label: string) =>
  z
    .number({ message: `${label} không hợp lệ` })
    .int(`${label} không hợp lệ`)
    .positive(`${label} không hợp lệ`)
    .max(2_147_483_647, `${label} không hợp lệ`);

const text = (label: string, max: number) =>
  z
    .string({ message: `${label} phải là chuỗi ký tự` })
    .trim()
    .max(max, `${label} tối đa ${max.toLocaleString('vi-VN')} ký tự`);

/** What the patient app sends for one finished visit. */
export const feedbackBody = z.object({
  bookingId: positiveId('Lượt khám'),
  ratings: feedbackRatings,
  comment: text('Nhận xét', FEEDBACK_COMMENT_MAX).optional().default(''),
  /** The patient's "Khiếu nại" tick (a low rating makes it a complaint anyway). */
  complaint: z.boolean({ message: 'Khiếu nại phải là true hoặc false' }).optional().default(false),
});
export type FeedbackBody = z.input<typeof feedbackBody>;
export type FeedbackBodyParsed = z.infer<typeof feedbackBody>;

export const replyBody = z.object({
  text: text('Nội dung trả lời', FEEDBACK_REPLY_MAX).min(1, 'Vui lòng nhập nội dung trả lời'),
});
export const handledBody = z
  .object({
    /** What was done (kept for the managers, never sent to the patient). */
    note: text('Ghi chú xử lý', FEEDBACK_NOTE_MAX).optional(),
  })
  .nullish();

// ——— the staff list ———

const idText = (label: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${label} không hợp lệ`)
    .transform(Number);

/** Complaint / status filter of the list. */
export const FEEDBACK_KINDS = ['COMPLAINT', 'NEW', 'HANDLED', 'NORMAL'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];
export const FEEDBACK_KIND_LABELS: Record<FeedbackKind, string> = {
  COMPLAINT: 'Mọi khiếu nại',
  NEW: 'Khiếu nại chờ xử lý',
  HANDLED: 'Khiếu nại đã xử lý',
  NORMAL: 'Không khiếu nại',
};
/** Stars filter: the overall stars exactly, or LOW = 2 stars or fewer. */
export const STAR_FILTERS = ['5', '4', '3', '2', '1', 'LOW'] as const;
export type StarFilter = (typeof STAR_FILTERS)[number];

function checkOptionalPeriod(q: { from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if (!q.from || !q.to) return;
  const problem = periodProblem({ from: q.from, to: q.to });
  if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
}

const searchText = z.string().trim().max(200, 'Từ khoá tối đa 200 ký tự').optional();

const listFilterFields = {
  /** Days the feedback was given, in +07:00 (the screen types DD/MM/YYYY). */
  from: isoDay('Từ ngày').optional(),
  to: isoDay('Đến ngày').optional(),
  departmentId: idText('Khoa').optional(),
  doctorId: idText('Bác sĩ').optional(),
  stars: z.enum(STAR_FILTERS, { message: 'Số sao không hợp lệ' }).optional(),
  kind: z.enum(FEEDBACK_KINDS, { message: 'Loại phản hồi không hợp lệ' }).optional(),
  /** Words of the comment, the patient's name, phone or code, the booking's code; without diacritics. */
  q: searchText,
};
export const feedbackListQuery = z.object({ ...listFilterFields, ...pagingParams(20) }).superRefine(checkOptionalPeriod);
export type FeedbackListQuery = z.infer<typeof feedbackListQuery>;
/** The Excel export of the list: the same filters, no page. */
export const feedbackExportQuery = z.object(listFilterFields).superRefine(checkOptionalPeriod);
export type FeedbackFilters = z.infer<typeof feedbackExportQuery>;

export const feedbackRow = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  bookingCode: z.string(),
  visitDate: z.string(),
  createdAt: z.string(),
  patientName: z.string(),
  patientCode: z.string(),
  /** The account's phone, masked in lists (rules/feedback maskPhone). */
  phone: z.string(),
  doctorId: z.number().int(),
  doctorName: z.string(),
  departmentId: z.number().int(),
  departmentName: z.string(),
  ratings: ratingsRow,
  comment: z.string(),
  complaint: z.boolean(),
  complaintTicked: z.boolean(),
  status: z.enum(FEEDBACK_STATUSES).nullable(),
  replied: z.boolean(),
});
export type FeedbackRowDto = z.infer<typeof feedbackRow>;

export const feedbackDetail = feedbackRow.extend({
  userId: z.number().int(),
  /** The whole phone: the manager handling a complaint calls the patient. */
  phone: z.string(),
  replyText: z.string().nullable(),
  repliedBy: z.string().nullable(),
  repliedAt: z.string().nullable(),
  handledNote: z.string().nullable(),
  handledBy: z.string().nullable(),
  handledAt: z.string().nullable(),
});
export type FeedbackDetailDto = z.infer<typeof feedbackDetail>;

export const feedbackUsersQuery = z
  .object({ from: isoDay('Từ ngày').optional(), to: isoDay('Đến ngày').optional(), q: searchText, ...pagingParams(20) })
  .superRefine(checkOptionalPeriod);
export type FeedbackUsersQuery = z.infer<typeof feedbackUsersQuery>;

/** A patient account that gave feedback in the period (a merged account counts under the account it went into). */
export const feedbackUserRow = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  feedbacks: z.number().int(),
  complaints: z.number().int(),
  averageOverall: z.number().nullable(),
  lastFeedbackAt: z.string(),
});
export type FeedbackUserRowDto = z.infer<typeof feedbackUserRow>;

const idParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'Mã phản hồi không hợp lệ')
    .transform(Number),
});

const one = envelope(feedbackDetail);

export const feedbackEndpoints = {
  list: endpoint({
    method: 'GET',
    path: FEEDBACKS_PATH,
    summary: 'Phản hồi của bệnh nhân: lọc theo ngày gửi, khoa, bác sĩ, số sao, khiếu nại và từ khoá không dấu; mới nhất trước',
    query: feedbackListQuery,
    response: pageEnvelope(feedbackRow),
    errors: [400, 401, 403],
  }),
  users: endpoint({
    method: 'GET',
    path: `${FEEDBACKS_PATH}/users`,
    summary: 'Bệnh nhân đã gửi phản hồi: số phản hồi, số khiếu nại, điểm trung bình, lần gửi gần nhất',
    query: feedbackUsersQuery,
    response: pageEnvelope(feedbackUserRow),
    errors: [400, 401, 403],
  }),
  export: fileEndpoint({
    method: 'GET',
    path: `${FEEDBACKS_PATH}/export`,
    summary: 'Xuất Excel danh sách phản hồi theo bộ lọc',
    query: feedbackExportQuery,
    file: { type: XLSX_MIME },
    errors: [400, 401, 403],
  }),
  get: endpoint({
    method: 'GET',
    path: `${FEEDBACKS_PATH}/:id`,
    summary: 'Một phản hồi, với câu trả lời và việc xử lý',
    params: idParam,
    response: one,
    errors: [400, 401, 403, 404],
  }),
  reply: endpoint({
    method: 'POST',
    path: `${FEEDBACKS_PATH}/:id/reply`,
    summary: 'Trả lời bệnh nhân (một lần; bệnh nhân nhận thông báo FEEDBACK_REPLIED)',
    params: idParam,
    body: replyBody,
    response: one,
    errors: [400, 401, 403, 404, 409],
  }),
  handled: endpoint({
    method: 'POST',
    path: `${FEEDBACKS_PATH}/:id/handled`,
    summary: 'Đánh dấu khiếu nại đã xử lý (kèm ghi chú xử lý)',
    params: idParam,
    body: handledBody,
    response: one,
    errors: [400, 401, 403, 404, 409],
  }),
};

// ——— the rate reports ———

/** The period (days the feedback was given, +07:00, at most 366) and the filters of the rate reports. */
export const rateFilters = z
  .object({ from: isoDay('Từ ngày'), to: isoDay('Đến ngày'), departmentId: idText('Khoa').optional(), doctorId: idText('Bác sĩ').optional() })
  .superRefine((q, ctx) => checkOptionalPeriod(q, ctx));
export type RateFilters = z.infer<typeof rateFilters>;

export const countRateQuery = z
  .object({
    from: isoDay('Từ ngày'),
    to: isoDay('Đến ngày'),
    departmentId: idText('Khoa').optional(),
    doctorId: idText('Bác sĩ').optional(),
    /** Which criterion's stars are counted (the visit as a whole by default). */
    criterion: z.enum(FEEDBACK_CRITERIA, { message: 'Tiêu chí đánh giá không hợp lệ' }).optional().default('overall'),
  })
  .superRefine((q, ctx) => checkOptionalPeriod(q, ctx));
export type CountRateQuery = z.infer<typeof countRateQuery>;

const n = z.number().int();
/** A criterion's rated feedbacks and their average stars (null when none rated it). */
export const criterionAverage = z.object({ count: n, average: z.number().nullable() });
export const rateRow = z.object({
  key: z.string(),
  name: z.string(),
  feedbacks: n,
  complaints: n,
  overall: criterionAverage,
  doctor: criterionAverage,
  reception: criterionAverage,
  waiting: criterionAverage,
  cleanliness: criterionAverage,
});
export type RateRowDto = z.infer<typeof rateRow>;
export const rateReport = z.object({ totals: rateRow, byDepartment: z.array(rateRow), byDoctor: z.array(rateRow) });
export type RateReportDto = z.infer<typeof rateReport>;

/** How many feedbacks gave the criterion 1★, 2★ … 5★ (`stars[0]` is 1★); `total` = those that rated it. */
export const countRateRow = z.object({ key: z.string(), name: z.string(), total: n, stars: z.array(n).length(5) });
export type CountRateRowDto = z.infer<typeof countRateRow>;
export const countRateReport = z.object({
  criterion: z.enum(FEEDBACK_CRITERIA),
  totals: countRateRow,
  byDepartment: z.array(countRateRow),
  byDoctor: z.array(countRateRow),
});
export type CountRateReportDto = z.infer<typeof countRateReport>;

export const rateReportEndpoints = {
  rateReport: endpoint({
    method: 'GET',
    path: `${REPORTS_PATH}/rate-report`,
    summary: 'Đánh giá của bệnh nhân theo khoa và bác sĩ: số phản hồi, số khiếu nại, điểm trung bình từng tiêu chí',
    query: rateFilters,
    response: envelope(rateReport),
    errors: [400, 401, 403],
  }),
  countRateReport: endpoint({
    method: 'GET',
    path: `${REPORTS_PATH}/count-rate-report`,
    summary: 'Phân bố số sao (1★–5★) của một tiêu chí theo khoa và bác sĩ',
    query: countRateQuery,
    response: envelope(countRateReport),
    errors: [400, 401, 403],
  }),
  rateReportExport: fileEndpoint({
    method: 'GET',
    path: `${REPORTS_PATH}/rate-report/export`,
    summary: 'Xuất Excel báo cáo đánh giá: điểm trung bình và phân bố số sao theo khoa và bác sĩ',
    query: rateFilters,
    file: { type: XLSX_MIME },
    errors: [400, 401, 403],
  }),
};

// ——— the patient app ———

export const myFeedback = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  bookingCode: z.string(),
  visitDate: z.string(),
  patientName: z.string(),
  doctorName: z.string(),
  departmentName: z.string(),
  ratings: ratingsRow,
  comment: z.string(),
  complaint: z.boolean(),
  status: z.enum(FEEDBACK_STATUSES).nullable(),
  /** The facility's reply, when there is one. */
  reply: z.object({ text: z.string(), at: z.string() }).nullable(),
  createdAt: z.string(),
});
export type MyFeedbackDto = z.infer<typeof myFeedback>;

/** A finished visit of the account that still awaits its feedback (within FEEDBACK_WINDOW_DAYS of its day). */
export const pendingVisit = z.object({
  bookingId: z.number().int(),
  bookingCode: z.string(),
  visitDate: z.string(),
  startTime: z.string(),
  patientName: z.string(),
  doctorName: z.string(),
  departmentName: z.string(),
  /** The last day it can be rated. */
  rateBefore: z.string(),
});
export type PendingVisitDto = z.infer<typeof pendingVisit>;

export const appFeedbackEndpoints = {
  send: endpoint({
    method: 'POST',
    path: `${APP_PATH}/feedbacks`,
    summary: 'Ứng dụng bệnh nhân: đánh giá một lượt khám đã khám xong của tài khoản (một lần mỗi lượt khám)',
    body: feedbackBody,
    response: envelope(myFeedback),
    errors: [400, 401, 404, 409],
  }),
  mine: endpoint({
    method: 'GET',
    path: `${APP_PATH}/feedbacks`,
    summary: 'Ứng dụng bệnh nhân: các đánh giá đã gửi của tài khoản, mới nhất trước, kèm câu trả lời của cơ sở',
    query: z.object(pagingParams(20)),
    response: pageEnvelope(myFeedback),
    errors: [400, 401],
  }),
  pending: endpoint({
    method: 'GET',
    path: `${APP_PATH}/feedbacks/pending`,
    summary: 'Ứng dụng bệnh nhân: các lượt khám đã khám xong đang chờ đánh giá',
    response: envelope(z.array(pendingVisit)),
    errors: [401],
  }),
};
