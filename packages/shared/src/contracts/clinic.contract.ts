import { z } from 'zod';
import { envelope, pageEnvelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { fileBody, fileEndpoint, XLSX_MIME } from '../core/endpoint-files';
import { importErrorBody, importResult } from '../core/import';
import { isoDay } from '../core/iso-day';
import { boolFilter, idFilter, pagingParams } from '../core/list-query';
import { CLINIC_PROGRAMS, CLINIC_SURVEYS, SURVEY_EVERY_DAYS_MAX, SURVEY_EVERY_DAYS_MIN } from '../rules/clinic-programs';

/**
 * The private clinic's members (issue 20; spec §7 "Private clinic: members (filter, import, by id, activation, note,
 * survey setting, by patient code, user filter)"; docs/clinic.md), under /api/his/v1/shp with MANAGER_SHP.
 * A member is one patient app account enrolled in one care programme, with the medical profile of the person followed.
 */
export const CLINIC_PATH = '/api/his/v1/shp';
export const MEMBERS_PATH = `${CLINIC_PATH}/members`;

export const MEMBER_NOTE_MAX = 2000;
export const MEMBER_REASON_MAX = 500;

export const MEMBER_MESSAGES = {
  notFound: 'Không tìm thấy thành viên',
  profileNotFound: 'Không tìm thấy hồ sơ bệnh nhân trong cơ sở y tế của bạn',
  patientCodeNotFound: 'Không tìm thấy bệnh nhân có mã này trong cơ sở y tế của bạn',
  alreadyMember: 'Bệnh nhân {name} đã là thành viên phòng khám (tài khoản ứng dụng đã được ghi danh)',
  doctorUnknown: 'Bác sĩ phụ trách không thuộc cơ sở y tế này',
  reasonRequired: 'Vui lòng nhập lý do ngừng kích hoạt',
  sameState: 'Thành viên đã ở trạng thái này',
  enrolled: 'Đã ghi danh thành viên',
  activated: 'Đã kích hoạt lại thành viên',
  deactivated: 'Đã ngừng kích hoạt thành viên',
  saved: 'Đã lưu',
  importDone: 'Đã ghi danh {count} thành viên từ tệp',
  importNoKey: 'Vui lòng nhập mã bệnh nhân hoặc số điện thoại',
  importUnknownCode: 'Không có bệnh nhân mã {code} trong cơ sở y tế',
  importUnknownPhone: 'Không có bệnh nhân có số điện thoại {phone} trong cơ sở y tế',
  importAmbiguousPhone: 'Số điện thoại {phone} khớp {count} hồ sơ: hãy dùng mã bệnh nhân',
  importCodePhoneMismatch: 'Mã bệnh nhân và số điện thoại không cùng một bệnh nhân',
  importProgram: 'Chương trình phải là một trong: {list}',
  importTwiceInFile: 'Bệnh nhân này đã có ở dòng {row} của tệp',
  importAlready: 'Đã là thành viên phòng khám',
  surveyTwice: 'Mỗi loại khảo sát chỉ chọn một lần',
} as const;

/** Helpers of the private clinic's contracts (members here, conversations in clinic-chat.contract.ts). */
export const positiveId = (message: string) => z.number({ message }).int(message).positive(message).max(2_147_483_647, message);
export const idParam = z.object({ id: idFilter.pipe(z.number()) });
export const text = (label: string, max: number) =>
  z
    .string({ message: `${label} phải là chuỗi ký tự` })
    .trim()
    .max(max, `${label} tối đa ${max.toLocaleString('vi-VN')} ký tự`);

const program = z.enum(CLINIC_PROGRAMS, { message: 'Chương trình chăm sóc không hợp lệ' });
const named = z.object({ id: z.number().int(), name: z.string() });

export const surveySetting = z.object({
  kind: z.enum(CLINIC_SURVEYS, { message: 'Loại khảo sát không hợp lệ' }),
  everyDays: z
    .number({ message: 'Số ngày phải là số' })
    .int('Số ngày phải là số nguyên')
    .min(SURVEY_EVERY_DAYS_MIN, `Gửi khảo sát tối đa mỗi ngày một lần (từ ${SURVEY_EVERY_DAYS_MIN} ngày)`)
    .max(SURVEY_EVERY_DAYS_MAX, `Gửi khảo sát ít nhất ${SURVEY_EVERY_DAYS_MAX} ngày một lần`),
});
export type SurveySettingDto = z.infer<typeof surveySetting>;

export const memberRow = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  medicalProfileId: z.number().int(),
  patientCode: z.string(),
  fullName: z.string(),
  gender: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  phone: z.string().nullable(),
  program: program,
  active: z.boolean(),
  doctor: named.nullable(),
  enrolledAt: z.string(),
});
export type MemberRowDto = z.infer<typeof memberRow>;

export const memberDetail = memberRow.extend({
  note: z.string(),
  surveys: z.array(surveySetting),
  deactivationReason: z.string().nullable(),
  deactivatedAt: z.string().nullable(),
  enrolledBy: z.string().nullable(),
  updatedAt: z.string(),
  /** The group conversations the member's account is in. */
  groups: z.array(named),
});
export type MemberDetailDto = z.infer<typeof memberDetail>;

const periodRefine = (q: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Đến ngày phải sau hoặc bằng từ ngày' });
};

const memberFilters = {
  /** Name, phone or patient code, without diacritics. */
  q: z.string().trim().max(100, 'Từ khoá tối đa 100 ký tự').optional(),
  program: program.optional(),
  active: boolFilter.optional(),
  /** The doctor in charge (the care team). */
  doctorId: idFilter.optional(),
  /** Days enrolled, in +07:00. */
  from: isoDay('Từ ngày').optional(),
  to: isoDay('Đến ngày').optional(),
};
export const memberListQuery = z.object({ ...memberFilters, ...pagingParams(20) }).superRefine(periodRefine);
export type MemberListQuery = z.infer<typeof memberListQuery>;
export const memberExportQuery = z.object(memberFilters).superRefine(periodRefine);

export const enrolBody = z.strictObject({
  medicalProfileId: positiveId('Vui lòng chọn bệnh nhân'),
  program,
  doctorId: positiveId('Bác sĩ không hợp lệ').nullable().optional(),
  note: text('Ghi chú', MEMBER_NOTE_MAX).optional(),
});
export type EnrolBody = z.input<typeof enrolBody>;

export const careBody = z.strictObject({ program, doctorId: positiveId('Bác sĩ không hợp lệ').nullable() });
export const activationBody = z
  .strictObject({
    active: z.boolean({ message: 'Vui lòng chọn kích hoạt hoặc ngừng kích hoạt' }),
    reason: text('Lý do', MEMBER_REASON_MAX).optional(),
  })
  .superRefine((b, ctx) => {
    if (!b.active && !b.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: MEMBER_MESSAGES.reasonRequired });
  });
export const noteBody = z.strictObject({ note: text('Ghi chú', MEMBER_NOTE_MAX) });
export const surveyBody = z.strictObject({
  surveys: z
    .array(surveySetting, { message: 'Danh sách khảo sát không hợp lệ' })
    .max(CLINIC_SURVEYS.length, `Tối đa ${CLINIC_SURVEYS.length} loại khảo sát`)
    .superRefine((list, ctx) => {
      if (new Set(list.map((s) => s.kind)).size !== list.length) ctx.addIssue({ code: 'custom', message: MEMBER_MESSAGES.surveyTwice });
    }),
});

/** A patient record one may enrol: found by name, phone or patient code. */
export const enrolCandidate = z.object({
  medicalProfileId: z.number().int(),
  userId: z.number().int(),
  patientCode: z.string(),
  fullName: z.string(),
  dateOfBirth: z.string().nullable(),
  gender: z.string().nullable(),
  phone: z.string().nullable(),
  /** The member id when the account is already enrolled. */
  memberId: z.number().int().nullable(),
});
export type EnrolCandidateDto = z.infer<typeof enrolCandidate>;

export const MEMBER_IMPORT_COLUMNS = { patientCode: 'Mã bệnh nhân', phone: 'Số điện thoại', program: 'Chương trình', note: 'Ghi chú' } as const;

const errors4 = [400, 401, 403, 404] as const;
const one = envelope(memberDetail);

export const memberEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${MEMBERS_PATH}/filter`,
    summary: 'Phòng khám: thành viên theo chương trình, trạng thái, bác sĩ phụ trách, thời gian ghi danh và từ khoá (không dấu)',
    query: memberListQuery,
    response: pageEnvelope(memberRow),
    errors: [400, 401, 403],
  }),
  export: fileEndpoint({
    method: 'GET',
    path: `${MEMBERS_PATH}/export`,
    summary: 'Phòng khám: xuất danh sách thành viên (Excel), theo cùng bộ lọc',
    query: memberExportQuery,
    file: { type: XLSX_MIME, name: 'thanh-vien-phong-kham.xlsx' },
    errors: [400, 401, 403],
  }),
  importTemplate: fileEndpoint({
    method: 'GET',
    path: `${MEMBERS_PATH}/import-template`,
    summary: 'Phòng khám: tệp mẫu ghi danh thành viên (mã bệnh nhân hoặc số điện thoại, chương trình, ghi chú)',
    file: { type: XLSX_MIME, name: 'thanh-vien-phong-kham-mau-nhap.xlsx' },
    errors: [401, 403],
  }),
  import: endpoint({
    method: 'POST',
    path: `${MEMBERS_PATH}/import`,
    summary: 'Phòng khám: ghi danh từ tệp Excel — mọi dòng hoặc không dòng nào, lỗi theo từng dòng',
    body: fileBody,
    response: z.object({ code: z.literal(0), message: z.string(), data: importResult }),
    errors: [400, 401, 403, 413, 415],
    errorBodies: { 400: importErrorBody },
  }),
  candidates: endpoint({
    method: 'GET',
    path: `${MEMBERS_PATH}/user-filter`,
    summary: 'Phòng khám: tìm bệnh nhân để ghi danh theo họ tên, số điện thoại hoặc mã bệnh nhân',
    query: z.object({ q: z.string().trim().min(1, 'Vui lòng nhập từ khoá').max(100, 'Từ khoá tối đa 100 ký tự'), ...pagingParams(10) }),
    response: pageEnvelope(enrolCandidate),
    errors: [400, 401, 403],
  }),
  byPatientCode: endpoint({
    method: 'GET',
    path: `${MEMBERS_PATH}/patient-code/:code`,
    summary: 'Phòng khám: bệnh nhân theo mã bệnh nhân (và thành viên nếu đã ghi danh)',
    params: z.object({ code: z.string().trim().min(1).max(30, 'Mã bệnh nhân không hợp lệ') }),
    response: envelope(enrolCandidate),
    errors: [...errors4],
  }),
  doctors: endpoint({
    method: 'GET',
    path: `${MEMBERS_PATH}/doctors`,
    summary: 'Phòng khám: bác sĩ của cơ sở để chọn người phụ trách',
    query: z.object({ q: z.string().trim().max(100, 'Từ khoá tối đa 100 ký tự').optional(), ...pagingParams(20) }),
    response: pageEnvelope(named),
    errors: [400, 401, 403],
  }),
  enrol: endpoint({
    method: 'POST',
    path: MEMBERS_PATH,
    summary: 'Phòng khám: ghi danh một bệnh nhân',
    body: enrolBody,
    response: one,
    errors: [...errors4, 409],
  }),
  get: endpoint({ method: 'GET', path: `${MEMBERS_PATH}/:id`, summary: 'Phòng khám: một thành viên', params: idParam, response: one, errors: [...errors4] }),
  care: endpoint({
    method: 'PUT',
    path: `${MEMBERS_PATH}/:id`,
    summary: 'Phòng khám: chương trình chăm sóc và bác sĩ phụ trách của thành viên',
    params: idParam,
    body: careBody,
    response: one,
    errors: [...errors4],
  }),
  activation: endpoint({
    method: 'PUT',
    path: `${MEMBERS_PATH}/:id/activation`,
    summary: 'Phòng khám: kích hoạt / ngừng kích hoạt thành viên (ngừng: kèm lý do)',
    params: idParam,
    body: activationBody,
    response: one,
    errors: [...errors4, 409],
  }),
  note: endpoint({
    method: 'PUT',
    path: `${MEMBERS_PATH}/:id/note`,
    summary: 'Phòng khám: ghi chú nội bộ về thành viên',
    params: idParam,
    body: noteBody,
    response: one,
    errors: [...errors4],
  }),
  surveys: endpoint({
    method: 'PUT',
    path: `${MEMBERS_PATH}/:id/survey-setting`,
    summary: 'Phòng khám: các khảo sát sức khoẻ định kỳ thành viên nhận và tần suất',
    params: idParam,
    body: surveyBody,
    response: one,
    errors: [...errors4],
  }),
};
