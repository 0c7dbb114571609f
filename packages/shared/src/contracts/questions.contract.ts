import { z } from 'zod';
import { envelope, pageEnvelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { fileBody } from '../core/endpoint-files';
import { isoDay } from '../core/iso-day';
import { pagingParams } from '../core/list-query';
import { ANSWER_TIME_BUCKETS, QUESTION_STATUSES } from '../rules/question-status';
import { APP_PATH } from './patient-app.contract';
import { CONTENT_IMAGE_SRC_RE, contentImageOne, richTextField } from './content.contract';

/**
 * Patients' questions to doctors (issue 19; spec §7 "Questions"; docs/questions.md): the moderators' API
 * (/api/his/v1/questions, MANAGER_CONSULTATION), the patient app's (/api/app/v1/questions: ask, one's own questions),
 * and the public answers (/api/app/v1/public/questions: accepted, answered, not sensitive; no personal data).
 */
export const QUESTIONS_PATH = '/api/his/v1/questions';
export const APP_QUESTIONS_PATH = `${APP_PATH}/questions`;
export const PUBLIC_QUESTIONS_PATH = `${APP_PATH}/public/questions`;
export const QUESTION_LIVE_TOPIC = 'questions';

export const QUESTION_TITLE_MAX = 200;
export const QUESTION_CONTENT_MAX = 4000;
export const QUESTION_IMAGES_MAX = 5;
export const QUESTION_COMMENT_MAX = 2000;
export const QUESTION_REASON_MAX = 500;
/** Most questions one bulk acceptance may name. */
export const QUESTION_BULK_MAX = 100;
export const QUESTION_AGE_MAX = 120;

export const QUESTION_MESSAGES = {
  notFound: 'Không tìm thấy câu hỏi',
  bulkForeign: 'Có câu hỏi không tồn tại hoặc không thuộc cơ sở y tế của bạn (mã {ids}): không câu hỏi nào được duyệt',
  reasonRequired: 'Vui lòng nhập lý do từ chối để bệnh nhân được biết',
  answerRequired: 'Vui lòng nhập câu trả lời',
  stale: 'Câu trả lời vừa được người khác sửa: hãy tải lại trước khi lưu',
  specialtyUnknown: 'Chuyên khoa đã chọn không thuộc cơ sở y tế này',
  doctorUnknown: 'Bác sĩ đã chọn không thuộc cơ sở y tế này',
  doctorRequired: 'Vui lòng chọn bác sĩ trả lời câu hỏi',
  facilityNotFound: 'Không tìm thấy cơ sở y tế',
  accepted: 'Đã duyệt câu hỏi',
  rejected: 'Đã từ chối câu hỏi',
  answered: 'Đã lưu câu trả lời',
  asked: 'Đã gửi câu hỏi. Cơ sở y tế sẽ duyệt và trả lời trong thời gian sớm nhất.',
} as const;

const text = (label: string, max: number) =>
  z
    .string({ message: `${label} phải là chuỗi ký tự` })
    .trim()
    .max(max, `${label} tối đa ${max.toLocaleString('vi-VN')} ký tự`);

const positiveId = (message: string) => z.number({ message }).int(message).positive(message).max(2_147_483_647, message);
const idString = (message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number);
const idParam = z.object({ id: idString('Mã câu hỏi không hợp lệ') });

const timing = z.enum(['WAITING', 'OVERDUE', 'ON_TIME', 'LATE', 'CLOSED']);
const named = z.object({ id: z.number().int(), name: z.string() });

export const questionRow = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The first characters of the question. */
  excerpt: z.string(),
  askerName: z.string(),
  askerGender: z.string().nullable(),
  askerAge: z.number().int().nullable(),
  specialty: named.nullable(),
  doctor: named.nullable(),
  status: z.enum(QUESTION_STATUSES),
  sensitive: z.boolean(),
  imageCount: z.number().int(),
  commentCount: z.number().int(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  /** When it should be answered by (the facility's QUESTION_ANSWER_HOURS after it was asked). */
  dueAt: z.string(),
  timing,
});
export type QuestionRowDto = z.infer<typeof questionRow>;

export const questionDetail = questionRow.extend({
  content: z.string(),
  imageUrls: z.array(z.string()),
  /** The asker's account, for the moderators only. */
  asker: z.object({ userId: z.number().int(), name: z.string(), phone: z.string().nullable() }),
  rejectReason: z.string().nullable(),
  answerHtml: z.string().nullable(),
  answeredBy: z.string().nullable(),
  answerUpdatedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  acceptedBy: z.string().nullable(),
  /** Hours from the question to its first answer. */
  answerHours: z.number().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type QuestionDetailDto = z.infer<typeof questionDetail>;

export const questionComment = z.object({ id: z.number().int(), text: z.string(), by: z.string(), at: z.string() });
export type QuestionCommentDto = z.infer<typeof questionComment>;

const booleanString = z.enum(['true', 'false'], { message: 'Giá trị phải là true hoặc false' }).transform((v) => v === 'true');
const periodRefine = (q: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Đến ngày phải sau hoặc bằng từ ngày' });
};

export const questionListQuery = z
  .object({
    /** Words of the title or the question, without diacritics. */
    q: z.string().trim().max(200, 'Từ khoá tối đa 200 ký tự').optional(),
    status: z.enum(QUESTION_STATUSES, { message: 'Trạng thái không hợp lệ' }).optional(),
    specialtyId: idString('Chuyên khoa không hợp lệ').optional(),
    doctorId: idString('Bác sĩ không hợp lệ').optional(),
    sensitive: booleanString.optional(),
    /** Only the questions still to answer past the facility's target. */
    overdue: booleanString.optional(),
    /** Days the question was asked, in +07:00. */
    from: isoDay('Từ ngày').optional(),
    to: isoDay('Đến ngày').optional(),
    ...pagingParams(20),
  })
  .superRefine(periodRefine);
export type QuestionListQuery = z.infer<typeof questionListQuery>;

export const questionPeriodQuery = z.object({ from: isoDay('Từ ngày').optional(), to: isoDay('Đến ngày').optional() }).superRefine(periodRefine);

export const bulkAcceptBody = z.strictObject({
  ids: z
    .array(positiveId('Mã câu hỏi không hợp lệ'), { message: 'Danh sách câu hỏi không hợp lệ' })
    .min(1, 'Vui lòng chọn ít nhất một câu hỏi')
    .max(QUESTION_BULK_MAX, `Tối đa ${QUESTION_BULK_MAX} câu hỏi mỗi lần`),
});
export const questionBulkResult = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  status: z.enum(QUESTION_STATUSES),
  message: z.string().optional(),
});
export type QuestionBulkResultDto = z.infer<typeof questionBulkResult>;

export const rejectBody = z.strictObject({
  reason: text('Lý do từ chối', QUESTION_REASON_MAX).min(1, QUESTION_MESSAGES.reasonRequired),
});
export const sensitivityBody = z.strictObject({ sensitive: z.boolean({ message: 'Vui lòng chọn nhạy cảm hoặc không' }) });
export const assignBody = z.strictObject({
  specialtyId: positiveId('Chuyên khoa không hợp lệ').nullable(),
  doctorId: positiveId('Bác sĩ không hợp lệ').nullable(),
});
export const commentBody = z.strictObject({
  text: text('Bình luận', QUESTION_COMMENT_MAX).min(1, 'Vui lòng nhập nội dung bình luận'),
});
export const commentaryBody = z.strictObject({
  answerHtml: richTextField('Câu trả lời', 50_000),
  /** The doctor the answer is published under; absent: the one assigned. */
  doctorId: positiveId('Bác sĩ không hợp lệ').optional(),
  /** The version edited (409 when someone saved since). */
  version: z.number().int().positive().optional(),
});

export const questionStatistics = z.object({
  total: z.number().int(),
  byStatus: z.record(z.enum(QUESTION_STATUSES), z.number().int()),
  answered: z.number().int(),
  answeredOnTime: z.number().int(),
  /** Still to answer and past the target now. */
  overdue: z.number().int(),
  sensitive: z.number().int(),
  answerTime: z.array(z.object({ bucket: z.enum(ANSWER_TIME_BUCKETS.map((b) => b.key) as [string, ...string[]]), label: z.string(), count: z.number().int() })),
  /** Median hours to the first answer, or null when none answered. */
  medianHours: z.number().nullable(),
  targetHours: z.number().int(),
});
export type QuestionStatisticsDto = z.infer<typeof questionStatistics>;

/** The list's status buttons: how many questions of each status (in the period, if any), and how many are overdue now. */
export const questionStatusCounts = z.object({
  total: z.number().int(),
  byStatus: z.record(z.enum(QUESTION_STATUSES), z.number().int()),
  overdue: z.number().int(),
});
export type QuestionStatusCountsDto = z.infer<typeof questionStatusCounts>;

export const specialtyAsked = z.object({ specialtyId: z.number().int().nullable(), name: z.string(), total: z.number().int(), answered: z.number().int() });
export type SpecialtyAskedDto = z.infer<typeof specialtyAsked>;

export const deeplink = z.object({ url: z.string(), path: z.string() });

export const QUESTION_OPTION_KINDS = ['specialties', 'doctors'] as const;
export const questionOptionsQuery = z.object({
  q: z.string().trim().max(100, 'Từ khoá tối đa 100 ký tự').optional(),
  /** Doctors: those of this specialty first (the others follow). */
  specialtyId: idString('Chuyên khoa không hợp lệ').optional(),
  ...pagingParams(20),
});
export const questionOption = z.object({ id: z.number().int(), name: z.string() });

const one = envelope(questionDetail);
const errors4 = [400, 401, 403, 404] as const;

/** The moderators' API (MANAGER_CONSULTATION). */
export const questionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${QUESTIONS_PATH}/filter`,
    summary: 'Câu hỏi: tìm theo trạng thái, chuyên khoa, bác sĩ, nhạy cảm, quá hạn, thời gian hỏi và từ khoá (không dấu); mới nhất trước',
    query: questionListQuery,
    response: pageEnvelope(questionRow),
    errors: [400, 401, 403],
  }),
  statistics: endpoint({
    method: 'GET',
    path: `${QUESTIONS_PATH}/statistics`,
    summary: 'Câu hỏi: thống kê theo trạng thái, số đã trả lời (đúng hạn), quá hạn và thời gian trả lời',
    query: questionPeriodQuery,
    response: envelope(questionStatistics),
    errors: [400, 401, 403],
  }),
  statusCounts: endpoint({
    method: 'GET',
    path: `${QUESTIONS_PATH}/statistics/status`,
    summary: 'Câu hỏi: số câu hỏi theo trạng thái và số đang quá hạn (cho các nút trạng thái của danh sách)',
    query: questionPeriodQuery,
    response: envelope(questionStatusCounts),
    errors: [400, 401, 403],
  }),
  specializations: endpoint({
    method: 'GET',
    path: `${QUESTIONS_PATH}/specializations`,
    summary: 'Câu hỏi: số câu hỏi và số đã trả lời theo chuyên khoa được hỏi',
    query: questionPeriodQuery,
    response: envelope(z.array(specialtyAsked)),
    errors: [400, 401, 403],
  }),
  bulkAccept: endpoint({
    method: 'POST',
    path: `${QUESTIONS_PATH}/acceptance`,
    summary: 'Câu hỏi: duyệt nhiều câu hỏi (kết quả từng câu; câu không thuộc cơ sở → không duyệt câu nào)',
    body: bulkAcceptBody,
    response: envelope(z.object({ succeeded: z.number().int(), failed: z.number().int(), results: z.array(questionBulkResult) })),
    errors: [400, 401, 403],
  }),
  get: endpoint({ method: 'GET', path: `${QUESTIONS_PATH}/:id`, summary: 'Câu hỏi: chi tiết', params: idParam, response: one, errors: [...errors4] }),
  accept: endpoint({
    method: 'POST',
    path: `${QUESTIONS_PATH}/:id/acceptance`,
    summary: 'Câu hỏi: duyệt',
    params: idParam,
    response: one,
    errors: [...errors4, 409],
  }),
  reject: endpoint({
    method: 'POST',
    path: `${QUESTIONS_PATH}/:id/rejection`,
    summary: 'Câu hỏi: từ chối, kèm lý do bệnh nhân được xem',
    params: idParam,
    body: rejectBody,
    response: one,
    errors: [...errors4, 409],
  }),
  sensitivity: endpoint({
    method: 'PUT',
    path: `${QUESTIONS_PATH}/:id/sensitivity`,
    summary: 'Câu hỏi: đánh dấu (hoặc bỏ) nhạy cảm — không bao giờ công khai, che danh tính người hỏi',
    params: idParam,
    body: sensitivityBody,
    response: one,
    errors: [...errors4, 409],
  }),
  assign: endpoint({
    method: 'PUT',
    path: `${QUESTIONS_PATH}/:id/assignment`,
    summary: 'Câu hỏi: giao cho chuyên khoa và bác sĩ',
    params: idParam,
    body: assignBody,
    response: one,
    errors: [...errors4, 409],
  }),
  hide: endpoint({
    method: 'POST',
    path: `${QUESTIONS_PATH}/:id/hide`,
    summary: 'Câu hỏi: ẩn khỏi trang công khai',
    params: idParam,
    response: one,
    errors: [...errors4, 409],
  }),
  unhide: endpoint({
    method: 'POST',
    path: `${QUESTIONS_PATH}/:id/unhide`,
    summary: 'Câu hỏi: hiện lại',
    params: idParam,
    response: one,
    errors: [...errors4, 409],
  }),
  comments: endpoint({
    method: 'GET',
    path: `${QUESTIONS_PATH}/:id/comments`,
    summary: 'Câu hỏi: bình luận nội bộ, cũ nhất trước',
    params: idParam,
    response: envelope(z.array(questionComment)),
    errors: [...errors4],
  }),
  addComment: endpoint({
    method: 'POST',
    path: `${QUESTIONS_PATH}/:id/comments`,
    summary: 'Câu hỏi: thêm bình luận nội bộ (bệnh nhân không thấy)',
    params: idParam,
    body: commentBody,
    response: envelope(questionComment),
    errors: [...errors4],
  }),
  commentary: endpoint({
    method: 'PUT',
    path: `${QUESTIONS_PATH}/:id/commentary`,
    summary: 'Câu hỏi: câu trả lời của bác sĩ (văn bản định dạng, lưu sau khi làm sạch); lần đầu báo cho bệnh nhân',
    params: idParam,
    body: commentaryBody,
    response: one,
    errors: [...errors4, 409],
  }),
  options: endpoint({
    method: 'GET',
    path: `${QUESTIONS_PATH}/options/:kind`,
    summary: 'Câu hỏi: chuyên khoa / bác sĩ cho bộ lọc và việc giao câu hỏi (phân trang; bác sĩ của chuyên khoa đã chọn trước)',
    params: z.object({ kind: z.enum(QUESTION_OPTION_KINDS, { message: 'Loại danh mục không hợp lệ' }) }),
    query: questionOptionsQuery,
    response: pageEnvelope(questionOption),
    errors: [400, 401, 403],
  }),
  deeplink: endpoint({
    method: 'GET',
    path: `${QUESTIONS_PATH}/:id/deeplink`,
    summary: 'Câu hỏi: liên kết mở câu hỏi trong ứng dụng bệnh nhân',
    params: idParam,
    response: envelope(deeplink),
    errors: [...errors4],
  }),
};

// ——— the patient app ———

export const askBody = z.strictObject({
  title: text('Tiêu đề', QUESTION_TITLE_MAX).min(1, 'Vui lòng nhập tiêu đề câu hỏi'),
  content: text('Nội dung câu hỏi', QUESTION_CONTENT_MAX).min(10, 'Vui lòng mô tả câu hỏi (ít nhất 10 ký tự)'),
  age: z
    .number({ message: 'Tuổi không hợp lệ' })
    .int('Tuổi phải là số nguyên')
    .min(0, 'Tuổi không hợp lệ')
    .max(QUESTION_AGE_MAX, `Tuổi tối đa ${QUESTION_AGE_MAX}`)
    .nullable()
    .optional(),
  gender: z.enum(['MALE', 'FEMALE'], { message: 'Giới tính phải là MALE hoặc FEMALE' }).nullable().optional(),
  specialtyId: positiveId('Chuyên khoa không hợp lệ').nullable().optional(),
  imageUrls: z
    .array(z.string().regex(CONTENT_IMAGE_SRC_RE, 'Ảnh không hợp lệ: hãy tải ảnh lên (JPEG, PNG hoặc WebP)'))
    .max(QUESTION_IMAGES_MAX, `Tối đa ${QUESTION_IMAGES_MAX} ảnh`)
    .optional()
    .default([]),
});
export type AskBody = z.input<typeof askBody>;

export const myQuestion = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  imageUrls: z.array(z.string()),
  specialty: named.nullable(),
  /** What the patient sees: waiting (NEW, ACCEPTED), answered, rejected (with the reason); hidden reads as answered. */
  status: z.enum(QUESTION_STATUSES),
  rejectReason: z.string().nullable(),
  answerHtml: z.string().nullable(),
  doctor: named.nullable(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MyQuestionDto = z.infer<typeof myQuestion>;

export const appQuestionEndpoints = {
  ask: endpoint({
    method: 'POST',
    path: APP_QUESTIONS_PATH,
    summary: 'Ứng dụng: đặt câu hỏi cho bác sĩ',
    body: askBody,
    response: envelope(myQuestion),
    errors: [400, 401],
  }),
  mine: endpoint({
    method: 'GET',
    path: APP_QUESTIONS_PATH,
    summary: 'Ứng dụng: câu hỏi của tôi, mới nhất trước',
    query: z.object({ ...pagingParams(20) }),
    response: pageEnvelope(myQuestion),
    errors: [400, 401],
  }),
  one: endpoint({
    method: 'GET',
    path: `${APP_QUESTIONS_PATH}/:id`,
    summary: 'Ứng dụng: một câu hỏi của tôi',
    params: idParam,
    response: envelope(myQuestion),
    errors: [400, 401, 404],
  }),
  uploadImage: endpoint({
    method: 'POST',
    path: `${APP_QUESTIONS_PATH}/images`,
    summary: 'Ứng dụng: tải ảnh kèm câu hỏi (JPEG, PNG hoặc WebP, tối đa 5 MB; loại tệp xác định từ nội dung tệp)',
    body: fileBody,
    response: contentImageOne,
    errors: [400, 401, 413, 415],
  }),
};

// ——— the public answers ———

export const publicAnswer = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** "Nữ, 34 tuổi": never a name, a phone or an account. */
  asker: z.string(),
  specialty: named.nullable(),
  doctor: z.object({ id: z.number().int(), name: z.string(), title: z.string() }).nullable(),
  answerHtml: z.string(),
  answeredAt: z.string(),
  createdAt: z.string(),
});
export type PublicAnswerDto = z.infer<typeof publicAnswer>;

const facilityCode = z.string({ message: 'Vui lòng gửi mã cơ sở y tế' }).trim().min(1, 'Vui lòng gửi mã cơ sở y tế').max(50, 'Mã cơ sở y tế tối đa 50 ký tự');
export const publicAnswersQuery = z.object({
  facilityCode,
  q: z.string().trim().max(200, 'Từ khoá tối đa 200 ký tự').optional(),
  specialtyId: idString('Chuyên khoa không hợp lệ').optional(),
  ...pagingParams(10),
});

export const publicQuestionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: PUBLIC_QUESTIONS_PATH,
    summary: 'Công khai: các câu hỏi đã được bác sĩ trả lời (không có câu hỏi nhạy cảm, không có thông tin cá nhân)',
    query: publicAnswersQuery,
    response: pageEnvelope(publicAnswer),
    errors: [400, 404],
  }),
  one: endpoint({
    method: 'GET',
    path: `${PUBLIC_QUESTIONS_PATH}/:id`,
    summary: 'Công khai: một câu hỏi đã được trả lời',
    params: idParam,
    query: z.object({ facilityCode }),
    response: envelope(publicAnswer),
    errors: [400, 404],
  }),
};
