import { z } from 'zod';
import { envelope, pageEnvelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { fileBody, fileEndpoint, XLSX_MIME } from '../core/endpoint-files';
import { boolFilter, listQuerySchema } from '../core/list-query';
import { isValidDisplayDate } from '../rules/date-shorthand';
import { displayDateToIso } from '../rules/format';
import { cccdMismatch, normalizeBhyt, normalizeCccd, normalizePhone, parseBirthDate, validateBhyt, validateCccd, validatePhone } from '../rules/identifiers';

/** Patient accounts, medical profiles, histories and merging (issue 5). Authority: MANAGER_USER. */
export const PATIENTS_PATH = '/api/his/v1/vendor/users';
export const MEDICAL_PROFILES_PATH = '/api/his/v1/vendor/medical-profiles';
export const HISTORIES_PATH = '/api/his/v1/vendor/histories';
export const RESULT_FILES_PATH = '/api/his/v1/vendor/result-files';

/** Largest result file accepted (PDF, or a photo: JPEG, PNG, WebP). */
export const RESULT_FILE_MAX_MB = 10;
export const RESULT_FILE_MAX_BYTES = RESULT_FILE_MAX_MB * 1024 * 1024;
export const RESULT_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
/** Largest HTML result page accepted by /from-html (a page with its inline styles; images are dropped). */
export const RESULT_HTML_MAX_MB = 2;
export const RESULT_HTML_MAX_BYTES = RESULT_HTML_MAX_MB * 1024 * 1024;
export const RESULT_DOCUMENTS_PATH = '/api/his/v1/vendor/result-documents';
/** Above this many matches the list says "more than" instead of counting every row. */
export const PATIENT_COUNT_CAP = 1_000;
export const SUGGEST_LIMIT = 10;

export const GENDERS = [
  { value: 'MALE', label: 'Nam' },
  { value: 'FEMALE', label: 'Nữ' },
] as const;
export const RELATIONSHIPS = [
  { value: 'SELF', label: 'Bản thân' },
  { value: 'CHILD', label: 'Con' },
  { value: 'PARENT', label: 'Bố/Mẹ' },
  { value: 'SPOUSE', label: 'Vợ/Chồng' },
  { value: 'SIBLING', label: 'Anh/Chị/Em' },
  { value: 'GRANDPARENT', label: 'Ông/Bà' },
  { value: 'OTHER', label: 'Khác' },
] as const;
export type GenderValue = (typeof GENDERS)[number]['value'];
export type RelationshipValue = (typeof RELATIONSHIPS)[number]['value'];
export const genderLabel = (v: string) => GENDERS.find((g) => g.value === v)?.label ?? v;
export const relationshipLabel = (v: string) => RELATIONSHIPS.find((g) => g.value === v)?.label ?? v;

const idParam = (label: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${label} không hợp lệ`)
    .transform(Number);
export const userIdParams = z.object({ userId: idParam('Mã tài khoản') });
export const historyIdParams = z.object({ historyId: idParam('Mã lượt khám') });
export const fileIdParams = z.object({ fileId: idParam('Mã tệp') });
export const profileIdParams = z.object({ medicalProfileId: idParam('Mã hồ sơ') });
export const patientValueParams = z.object({ patientValue: z.string().trim().min(1).max(30, 'Mã bệnh nhân tối đa 30 ký tự') });

const displayDateFilter = (label: string) =>
  z
    .string()
    .trim()
    .refine((s) => isValidDisplayDate(s), { message: `${label} không hợp lệ (DD/MM/YYYY)` })
    .optional();

/** GET /vendor/users/search (and /export): the one list query plus the account filters. */
export const patientSearchQuery = listQuerySchema({
  sortable: ['createdAt', 'name', 'id'],
  filters: {
    verified: boolFilter.optional(),
    locked: boolFilter.optional(),
    merged: boolFilter.optional(),
    createdFrom: displayDateFilter('Ngày tạo từ'),
    createdTo: displayDateFilter('Ngày tạo đến'),
    /** A zone (region or socio-economic region, GET /api/catalog/v1/zones): a profile's province is in it. */
    zone: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,4}$/, 'Mã vùng không hợp lệ')
      .optional(),
  },
}).superRefine((q, ctx) => {
  const from = typeof q.filters.createdFrom === 'string' ? displayDateToIso(q.filters.createdFrom) : null;
  const to = typeof q.filters.createdTo === 'string' ? displayDateToIso(q.filters.createdTo) : null;
  if (from && to && from > to) ctx.addIssue({ code: 'custom', path: ['createdTo'], message: 'Ngày tạo đến phải sau hoặc bằng ngày tạo từ' });
});
export type PatientSearchQuery = z.infer<typeof patientSearchQuery>;

export const profileBrief = z.object({
  id: z.number().int(),
  patientCode: z.string(),
  fullName: z.string(),
  birthDate: z.string(),
  gender: z.string(),
  relationship: z.string(),
});
export type ProfileBrief = z.infer<typeof profileBrief>;

export const patientUserRow = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  verified: z.boolean(),
  locked: z.boolean(),
  mergedIntoId: z.number().int().nullable(),
  createdAt: z.string(),
  profiles: z.array(profileBrief),
});
export type PatientUserRow = z.infer<typeof patientUserRow>;
export const patientSearchResponse = pageEnvelope(patientUserRow).extend({
  /** true when there are more matches than PATIENT_COUNT_CAP and totalElements is that cap. */
  totalCapped: z.boolean(),
});
export type PatientSearchResponse = z.infer<typeof patientSearchResponse>;

export const patientUserDetail = patientUserRow.extend({
  verifiedAt: z.string().nullable(),
  lockedAt: z.string().nullable(),
  mergedAt: z.string().nullable(),
  mustChangePassword: z.boolean(),
  lastPasswordReset: z.string().nullable(),
  hasPassword: z.boolean(),
  activeSessions: z.number().int(),
  counts: z.object({ profiles: z.number().int(), histories: z.number().int(), resultFiles: z.number().int() }),
});
export type PatientUserDetail = z.infer<typeof patientUserDetail>;
export const patientUserResponse = envelope(patientUserDetail);

export const medicalProfile = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  patientCode: z.string(),
  relationship: z.string(),
  fullName: z.string(),
  /** YYYY-MM-DD */
  birthDate: z.string(),
  gender: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  cccd: z.string().nullable(),
  bhyt: z.string().nullable(),
  bhytExpiry: z.string().nullable(),
  nationCode: z.string().nullable(),
  nationName: z.string().nullable(),
  jobCode: z.string().nullable(),
  jobName: z.string().nullable(),
  provinceCode: z.string().nullable(),
  provinceName: z.string().nullable(),
  wardCode: z.string().nullable(),
  wardName: z.string().nullable(),
  street: z.string().nullable(),
  /** Street, ward, province in one line. */
  address: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MedicalProfile = z.infer<typeof medicalProfile>;
export const medicalProfileResponse = envelope(medicalProfile);
export const medicalProfilesResponse = envelope(z.array(medicalProfile));
export const profilesResponse = envelope(z.array(profileBrief));
export const medicalProfileQuery = z.object({ userProfileId: idParam('Mã hồ sơ').optional() });
/** PUT …/medical-profile names the profile it updates. */
export const medicalProfileUpdateQuery = z.object({ userProfileId: idParam('Mã hồ sơ') });

const optionalText = (label: string, max: number) =>
  z
    .string({ message: `${label} phải là chuỗi ký tự` })
    .trim()
    .max(max, `${label} tối đa ${max} ký tự`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));
const code = (label: string) =>
  z
    .string({ message: `${label} phải là chuỗi ký tự` })
    .trim()
    .regex(/^\d{0,5}$/, `${label} không hợp lệ`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

/** Create / update a medical profile. Dates accept the shorthand of spec §5; identifiers are checked and normalised. */
export const medicalProfileBody = z
  .strictObject({
    fullName: z
      .string({ message: 'Vui lòng nhập họ và tên' })
      .trim()
      .min(1, 'Vui lòng nhập họ và tên')
      .max(100, { message: 'Họ và tên tối đa 100 ký tự', abort: true })
      .regex(/^[\p{L} .'-]+$/u, 'Họ và tên chỉ gồm chữ cái và khoảng trắng'),
    birthDate: z
      .string({ message: 'Vui lòng nhập ngày sinh' })
      .trim()
      .min(1, 'Vui lòng nhập ngày sinh')
      .max(20, { message: 'Ngày sinh tối đa 20 ký tự', abort: true }),
    gender: z.enum(['MALE', 'FEMALE'], { message: 'Vui lòng chọn giới tính' }),
    relationship: z.enum(['SELF', 'CHILD', 'PARENT', 'SPOUSE', 'SIBLING', 'GRANDPARENT', 'OTHER'], { message: 'Vui lòng chọn quan hệ với chủ tài khoản' }),
    phone: optionalText('Số điện thoại', 20),
    email: z
      .string()
      .trim()
      .max(100, { message: 'Email tối đa 100 ký tự', abort: true })
      .refine((v) => v === '' || z.email().safeParse(v).success, { message: 'Email không hợp lệ' })
      .nullable()
      .optional()
      .transform((v) => (v ? v.toLowerCase() : null)),
    cccd: optionalText('Số CCCD', 20),
    bhyt: optionalText('Mã thẻ BHYT', 20),
    bhytExpiry: optionalText('Hạn thẻ BHYT', 10),
    nationCode: code('Dân tộc'),
    jobCode: code('Nghề nghiệp'),
    provinceCode: code('Tỉnh/thành phố'),
    wardCode: code('Phường/xã'),
    street: optionalText('Số nhà, đường/thôn', 200),
  })
  .transform((b, ctx) => {
    const birth = parseBirthDate(b.birthDate);
    let birthDate = '';
    if ('error' in birth) ctx.addIssue({ code: 'custom', path: ['birthDate'], message: birth.error });
    else birthDate = birth.iso;
    let phone = b.phone;
    if (phone) {
      const e = validatePhone(phone);
      if (e) ctx.addIssue({ code: 'custom', path: ['phone'], message: e });
      else phone = normalizePhone(phone);
    }
    let cccd = b.cccd;
    if (cccd) {
      const e = validateCccd(cccd) ?? (birthDate ? cccdMismatch(cccd, Number(birthDate.slice(0, 4)), b.gender) : null);
      if (e) ctx.addIssue({ code: 'custom', path: ['cccd'], message: e });
      else cccd = normalizeCccd(cccd);
    }
    let bhyt = b.bhyt;
    if (bhyt) {
      const e = validateBhyt(bhyt);
      if (e) ctx.addIssue({ code: 'custom', path: ['bhyt'], message: e });
      else bhyt = normalizeBhyt(bhyt);
    }
    let bhytExpiry: string | null = null;
    if (b.bhytExpiry) {
      bhytExpiry = displayDateToIso(b.bhytExpiry);
      if (!bhytExpiry) ctx.addIssue({ code: 'custom', path: ['bhytExpiry'], message: 'Hạn thẻ BHYT không hợp lệ (DD/MM/YYYY)' });
      else if (!bhyt) ctx.addIssue({ code: 'custom', path: ['bhyt'], message: 'Vui lòng nhập mã thẻ BHYT khi có hạn thẻ' });
    }
    if (b.wardCode && !b.provinceCode) ctx.addIssue({ code: 'custom', path: ['provinceCode'], message: 'Vui lòng chọn tỉnh/thành phố của phường/xã' });
    return { ...b, birthDate, phone, cccd, bhyt, bhytExpiry };
  });
export type MedicalProfileInput = z.input<typeof medicalProfileBody>;
export type MedicalProfileValues = z.output<typeof medicalProfileBody>;

export const medicalProfileExt = z.object({
  profileId: z.number().int(),
  bloodType: z.string().nullable(),
  allergies: z.string().nullable(),
  chronicDiseases: z.string().nullable(),
  guardianName: z.string().nullable(),
  guardianPhone: z.string().nullable(),
  note: z.string().nullable(),
});
export type MedicalProfileExt = z.infer<typeof medicalProfileExt>;
export const medicalProfileExtsResponse = envelope(z.array(medicalProfileExt));
export const BLOOD_TYPES = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export const medicalProfileExtBody = z
  .strictObject({
    profileId: z.number({ message: 'Vui lòng chọn hồ sơ' }).int().positive('Vui lòng chọn hồ sơ'),
    bloodType: z
      .enum(BLOOD_TYPES, { message: 'Nhóm máu không hợp lệ' })
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    allergies: optionalText('Dị ứng', 500),
    chronicDiseases: optionalText('Bệnh mạn tính', 500),
    guardianName: optionalText('Người giám hộ', 100),
    guardianPhone: optionalText('Số điện thoại người giám hộ', 20),
    note: optionalText('Ghi chú', 1000),
  })
  .transform((b, ctx) => {
    let guardianPhone = b.guardianPhone;
    if (guardianPhone) {
      const e = validatePhone(guardianPhone);
      if (e) ctx.addIssue({ code: 'custom', path: ['guardianPhone'], message: e });
      else guardianPhone = normalizePhone(guardianPhone);
    }
    return { ...b, guardianPhone };
  });

export const prescriptionLine = z.object({
  id: z.number().int(),
  drugName: z.string(),
  activeIngredient: z.string().nullable(),
  dose: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  usage: z.string(),
  days: z.number().int().nullable(),
});
export const medicalRecord = z.object({
  id: z.number().int(),
  pulse: z.number().int().nullable(),
  temperature: z.string().nullable(),
  bloodPressure: z.string().nullable(),
  weightKg: z.string().nullable(),
  heightCm: z.number().int().nullable(),
  symptoms: z.string().nullable(),
  examination: z.string().nullable(),
  treatment: z.string().nullable(),
});
export const diagnosticResult = z.object({
  id: z.number().int(),
  kind: z.string(),
  serviceName: z.string(),
  result: z.string(),
  unit: z.string().nullable(),
  referenceRange: z.string().nullable(),
  abnormal: z.boolean(),
  conclusion: z.string().nullable(),
  performedAt: z.string(),
});
export const resultFile = z.object({
  id: z.number().int(),
  profileId: z.number().int(),
  historyId: z.number().int().nullable(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type ResultFile = z.infer<typeof resultFile>;
/** A result page imported from the hospital's system (/from-html), as the visit lists it. */
export const resultDocumentBrief = z.object({
  id: z.number().int(),
  historyId: z.number().int(),
  title: z.string(),
  sourceName: z.string(),
  /** Images of the page that were dropped (external or embedded). */
  droppedImages: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type ResultDocumentBrief = z.infer<typeof resultDocumentBrief>;
/** With its sanitised HTML: what the record shows and prints. */
export const resultDocument = resultDocumentBrief.extend({ html: z.string() });
export type ResultDocument = z.infer<typeof resultDocument>;
export const patientHistory = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  profileId: z.number().int(),
  patientCode: z.string(),
  profileName: z.string(),
  /** The HIS encounter number; null for a visit recorded from a finished booking, until the HIS sends it. */
  encounterCode: z.string().nullable(),
  /** The booking this visit fulfilled (a finished booking is a visit); null for a visit the HIS reported alone. */
  booking: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  /** When the visit was last pulled from the HIS over FHIR (issue 21); null for a visit the HIS connection never touched. */
  hisPulledAt: z.string().nullable(),
  visitedAt: z.string(),
  departmentName: z.string(),
  doctorName: z.string().nullable(),
  reason: z.string().nullable(),
  icdCode: z.string().nullable(),
  diagnosis: z.string().nullable(),
  conclusion: z.string().nullable(),
  followUpDate: z.string().nullable(),
  prescriptions: z.array(prescriptionLine),
  medicalRecord: medicalRecord.nullable(),
  diagnostics: z.array(diagnosticResult),
  files: z.array(resultFile),
  /** Result pages imported as HTML (/from-html), newest first. */
  documents: z.array(resultDocumentBrief),
});
export type PatientHistory = z.infer<typeof patientHistory>;
export const historiesQuery = z.object({
  medicalProfileId: idParam('Mã hồ sơ').optional(),
  /** Search in the results: every word (or its acronym's expansion, "sa bung") in a visit's text or a file's name. */
  q: z.string().trim().max(100, 'Từ khoá tối đa 100 ký tự').optional(),
});
export const historiesResponse = envelope(
  z.object({
    histories: z.array(patientHistory),
    /** Result files not attached to a visit. */
    looseFiles: z.array(resultFile),
  }),
);
export const historyResponse = envelope(patientHistory);
export const prescriptionsResponse = envelope(z.array(prescriptionLine));
export const medicalRecordsResponse = envelope(z.array(medicalRecord));
export const diagnosticsResponse = envelope(z.array(diagnosticResult));
export const patientHistoriesResponse = envelope(z.array(patientHistory));

export const uploadQuery = z.object({
  medicalProfileId: idParam('Mã hồ sơ'),
  historyId: idParam('Mã lượt khám').optional(),
  fileName: z.string().trim().min(1, 'Thiếu tên tệp').max(200, 'Tên tệp tối đa 200 ký tự'),
});
export const resultFileResponse = envelope(resultFile);
export const fromHtmlQuery = z.object({ fileName: z.string().trim().min(1, 'Thiếu tên tệp').max(200, 'Tên tệp tối đa 200 ký tự') });
export const documentIdParams = z.object({ documentId: idParam('Mã kết quả') });
/** `?inline=true` shows the file in the browser instead of downloading it. */
export const resultFilePullQuery = z.object({ inline: z.enum(['true', 'false']).optional() });

export const accountActionResponse = envelope(patientUserDetail);
export const resetPasswordResponse = envelope(
  z.object({
    /** Shown once to the staff member, never stored in clear nor logged. */
    password: z.string(),
    endedSessions: z.number().int(),
  }),
);

export const mergeBody = z.strictObject({
  mergeFromId: z.number({ message: 'Vui lòng chọn tài khoản cần gộp' }).int().positive('Vui lòng chọn tài khoản cần gộp'),
});
export const mergePreviewQuery = z.object({ mergeFromId: idParam('Tài khoản cần gộp') });
export const mergeSide = z.object({
  account: patientUserDetail,
  profiles: z.array(medicalProfile),
});
export const mergeMove = z.object({ key: z.string(), label: z.string(), count: z.number().int() });
export const mergePreview = z.object({
  keep: mergeSide,
  remove: mergeSide,
  moves: z.array(mergeMove),
  warnings: z.array(z.string()),
});
export type MergePreview = z.infer<typeof mergePreview>;
export const mergePreviewResponse = envelope(mergePreview);
export const mergeResult = z.object({
  keptId: z.number().int(),
  mergedId: z.number().int(),
  moved: z.array(mergeMove),
  keptCounts: patientUserDetail.shape.counts,
});
export type MergeResult = z.infer<typeof mergeResult>;
export const mergeResultResponse = envelope(mergeResult);

export const DUPLICATE_REASONS = [
  { value: 'phone', label: 'Trùng số điện thoại' },
  { value: 'cccd', label: 'Trùng số CCCD' },
  { value: 'nameDob', label: 'Trùng họ tên và ngày sinh' },
] as const;
export const duplicatesQuery = z.object({
  reason: z.enum(['phone', 'cccd', 'nameDob'], { message: 'Lý do trùng không hợp lệ' }).optional().default('phone'),
  page: z
    .string()
    .regex(/^\d{1,5}$/, 'Trang phải là số nguyên không âm')
    .transform(Number)
    .optional()
    .default(0),
  size: z
    .string()
    .regex(/^\d{1,2}$/, 'Số nhóm mỗi trang không hợp lệ')
    .transform(Number)
    .pipe(z.number().min(1).max(50))
    .optional()
    .default(10),
});
/** Where an account of a group holds the shared value: its own login phone, or one of its profiles. */
export const duplicateMatch = z.object({
  on: z.enum(['account', 'profile']),
  /** The profile holding the value (null for the account's own phone). */
  profileId: z.number().int().nullable(),
  patientCode: z.string().nullable(),
  fullName: z.string().nullable(),
});
export type DuplicateMatch = z.infer<typeof duplicateMatch>;
export const duplicateAccount = patientUserRow.extend({
  /** Which of this account's fields hold the group's key: never a field the account does not have. */
  matches: z.array(duplicateMatch).min(1),
});
export type DuplicateAccount = z.infer<typeof duplicateAccount>;
export const duplicateGroup = z.object({
  reason: z.string(),
  /** What they share, for display: the phone, the CCCD, or "name – DD/MM/YYYY". */
  key: z.string(),
  accounts: z.array(duplicateAccount),
});
export type DuplicateGroup = z.infer<typeof duplicateGroup>;
export const duplicatesResponse = pageEnvelope(duplicateGroup);

export const profileSearchQuery = z.object({
  q: z.string().trim().min(1, 'Vui lòng nhập từ khoá').max(100, 'Từ khoá tối đa 100 ký tự'),
  page: z
    .string()
    .regex(/^\d{1,5}$/, 'Trang phải là số nguyên không âm')
    .transform(Number)
    .optional()
    .default(0),
  size: z
    .string()
    .regex(/^\d{1,3}$/, 'Số dòng mỗi trang không hợp lệ')
    .transform(Number)
    .pipe(z.number().min(1).max(100))
    .optional()
    .default(20),
});
export const suggestQuery = z.object({ q: z.string().trim().min(1, 'Vui lòng nhập từ khoá').max(100, 'Từ khoá tối đa 100 ký tự') });
export const profileHit = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  patientCode: z.string(),
  fullName: z.string(),
  birthDate: z.string(),
  gender: z.string(),
  phone: z.string().nullable(),
  cccd: z.string().nullable(),
  bhyt: z.string().nullable(),
});
export type ProfileHit = z.infer<typeof profileHit>;
export const profileSearchResponse = pageEnvelope(profileHit);
export const suggestResponse = envelope(z.array(profileHit));

/** Dropdown sources of the profile form (spec §9 paged list: data + totalPage). */
export const referenceQuery = z.object({
  page: z
    .string()
    .regex(/^\d{1,5}$/)
    .transform(Number)
    .optional()
    .default(0),
  size: z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .pipe(z.number().min(1).max(100))
    .optional()
    .default(20),
  search: z.string().trim().max(100).optional(),
  provinceCode: z
    .string()
    .regex(/^\d{2}$/, 'Mã tỉnh không hợp lệ')
    .optional(),
});
export const referenceResponse = z.object({
  code: z.literal(0),
  data: z.array(z.object({ value: z.string(), name: z.string() })),
  totalPage: z.number().int(),
});

export const REFERENCE_KINDS = ['provinces', 'wards', 'nations', 'jobs'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

const referenceEndpoint = <K extends ReferenceKind>(kind: K) =>
  endpoint({
    method: 'GET',
    path: `${MEDICAL_PROFILES_PATH}/reference/${kind}`,
    summary: `Danh mục quốc gia cho ô chọn của hồ sơ: ${kind}`,
    query: referenceQuery,
    response: referenceResponse,
    errors: [400, 401, 403],
  });

const P = PATIENTS_PATH;
const H = HISTORIES_PATH;
const M = MEDICAL_PROFILES_PATH;

/** The patient accounts API (issue 5), written once for the server and the web (core/endpoint.ts). */
export const patientEndpoints = {
  search: endpoint({
    method: 'GET',
    path: `${P}/search`,
    summary: 'Tìm tài khoản theo tên (có hoặc không dấu), số điện thoại, CCCD, BHYT, mã bệnh nhân; lọc xác thực, khoá, ngày tạo',
    query: patientSearchQuery,
    response: patientSearchResponse,
    errors: [400, 401, 403],
  }),
  export: fileEndpoint({
    method: 'GET',
    path: `${P}/export`,
    summary: 'Xuất Excel danh sách tài khoản theo bộ lọc',
    query: patientSearchQuery,
    file: { type: XLSX_MIME },
    errors: [400, 401, 403],
  }),
  duplicates: endpoint({
    method: 'GET',
    path: `${P}/duplicates`,
    summary: 'Tài khoản có thể trùng: cùng số điện thoại, cùng CCCD, cùng họ tên và ngày sinh',
    query: duplicatesQuery,
    response: duplicatesResponse,
    errors: [400, 401, 403],
  }),
  detail: endpoint({
    method: 'GET',
    path: `${P}/:userId`,
    summary: 'Chi tiết tài khoản',
    params: userIdParams,
    response: patientUserResponse,
    errors: [400, 401, 403, 404],
  }),
  profiles: endpoint({
    method: 'GET',
    path: `${P}/:userId/profiles`,
    summary: 'Các hồ sơ của tài khoản (tóm tắt)',
    params: userIdParams,
    response: profilesResponse,
    errors: [400, 401, 403, 404],
  }),
  medicalProfiles: endpoint({
    method: 'GET',
    path: `${P}/:userId/medical-profiles`,
    summary: 'Các hồ sơ bệnh nhân đầy đủ của tài khoản (ghi nhật ký truy cập)',
    params: userIdParams,
    response: medicalProfilesResponse,
    errors: [400, 401, 403, 404],
  }),
  medicalProfile: endpoint({
    method: 'GET',
    path: `${P}/:userId/medical-profile`,
    summary: 'Một hồ sơ (mặc định hồ sơ chủ tài khoản; ?userProfileId= chọn hồ sơ)',
    params: userIdParams,
    query: medicalProfileQuery,
    response: medicalProfileResponse,
    errors: [400, 401, 403, 404],
  }),
  createPatient: endpoint({
    method: 'POST',
    path: P,
    summary:
      'Thêm bệnh nhân mới tại quầy: một tài khoản chưa có mật khẩu (bệnh nhân đặt mật khẩu qua "Quên mật khẩu" bằng số điện thoại) và hồ sơ chủ tài khoản',
    body: medicalProfileBody,
    response: medicalProfileResponse,
    errors: [400, 401, 403, 409],
  }),
  createProfile: endpoint({
    method: 'POST',
    path: `${P}/:userId/medical-profile`,
    summary: 'Thêm hồ sơ cho tài khoản (người thân)',
    params: userIdParams,
    body: medicalProfileBody,
    response: medicalProfileResponse,
    errors: [400, 401, 403, 404, 409],
  }),
  updateProfile: endpoint({
    method: 'PUT',
    path: `${P}/:userId/medical-profile`,
    summary: 'Cập nhật hồ sơ (?userProfileId=)',
    params: userIdParams,
    query: medicalProfileUpdateQuery,
    body: medicalProfileBody,
    response: medicalProfileResponse,
    errors: [400, 401, 403, 404, 409],
  }),
  exts: endpoint({
    method: 'GET',
    path: `${P}/:userId/medical-profile-exts`,
    summary: 'Thông tin bổ sung của các hồ sơ (nhóm máu, dị ứng, người giám hộ)',
    params: userIdParams,
    response: medicalProfileExtsResponse,
    errors: [400, 401, 403, 404],
  }),
  saveExt: endpoint({
    method: 'PUT',
    path: `${P}/:userId/medical-profile-exts`,
    summary: 'Lưu thông tin bổ sung của một hồ sơ',
    params: userIdParams,
    body: medicalProfileExtBody,
    response: medicalProfileExtsResponse,
    errors: [400, 401, 403, 404],
  }),
  verify: endpoint({
    method: 'PUT',
    path: `${P}/:userId/verify`,
    summary: 'Xác thực tài khoản',
    params: userIdParams,
    response: accountActionResponse,
    errors: [400, 401, 403, 404, 409],
  }),
  lock: endpoint({
    method: 'PUT',
    path: `${P}/:userId/locked`,
    summary: 'Khoá tài khoản (kết thúc mọi phiên đăng nhập của bệnh nhân)',
    params: userIdParams,
    response: accountActionResponse,
    errors: [400, 401, 403, 404, 409],
  }),
  unlock: endpoint({
    method: 'PUT',
    path: `${P}/:userId/unlocked`,
    summary: 'Mở khoá tài khoản',
    params: userIdParams,
    response: accountActionResponse,
    errors: [400, 401, 403, 404, 409],
  }),
  resetPassword: endpoint({
    method: 'PUT',
    path: `${P}/:userId/reset-password`,
    summary: 'Cấp lại mật khẩu một lần (hiển thị một lần, bắt buộc đổi khi đăng nhập)',
    params: userIdParams,
    response: resetPasswordResponse,
    errors: [400, 401, 403, 404, 409],
  }),
  mergePreview: endpoint({
    method: 'GET',
    path: `${P}/:userId/merge`,
    summary: 'Xem trước việc gộp: tài khoản giữ lại là {userId}, tài khoản bị gộp là ?mergeFromId=',
    params: userIdParams,
    query: mergePreviewQuery,
    response: mergePreviewResponse,
    errors: [400, 401, 403, 404, 409],
  }),
  merge: endpoint({
    method: 'POST',
    path: `${P}/:userId/merge`,
    summary: 'Gộp tài khoản mergeFromId vào {userId} trong một giao dịch',
    params: userIdParams,
    body: mergeBody,
    response: mergeResultResponse,
    errors: [400, 401, 403, 404, 409],
  }),
  histories: endpoint({
    method: 'GET',
    path: `${P}/:userId/histories`,
    summary: 'Lịch sử khám của tài khoản kèm đơn thuốc, bệnh án, kết quả, tệp (ghi nhật ký truy cập)',
    params: userIdParams,
    query: historiesQuery,
    response: historiesResponse,
    errors: [400, 401, 403, 404],
  }),
  uploadResult: endpoint({
    method: 'POST',
    path: `${P}/:userId/upload-results`,
    summary: 'Tải lên tệp kết quả (PDF hoặc ảnh chụp JPEG, PNG, WebP; tối đa 10 MB) cho một hồ sơ, tuỳ chọn gắn với một lượt khám',
    params: userIdParams,
    query: uploadQuery,
    body: fileBody,
    response: resultFileResponse,
    errors: [400, 401, 403, 404, 413, 415],
  }),
  pullResult: fileEndpoint({
    method: 'GET',
    path: `${RESULT_FILES_PATH}/:fileId/pull`,
    summary: 'Tải về tệp kết quả (chỉ nhân viên được phân quyền của cùng cơ sở; ghi nhật ký)',
    params: fileIdParams,
    query: resultFilePullQuery,
    file: { type: 'application/octet-stream' },
    errors: [400, 401, 403, 404],
  }),
  fromHtml: endpoint({
    method: 'POST',
    path: `${H}/:historyId/from-html`,
    summary: `Nhập trang kết quả xuất từ hệ thống bệnh viện (HTML, tối đa ${RESULT_HTML_MAX_MB} MB) vào lượt khám: làm sạch, bỏ script, khung nhúng và ảnh bên ngoài`,
    params: historyIdParams,
    query: fromHtmlQuery,
    body: fileBody,
    response: envelope(resultDocument),
    errors: [400, 401, 403, 404, 413, 415],
  }),
  resultDocument: endpoint({
    method: 'GET',
    path: `${RESULT_DOCUMENTS_PATH}/:documentId`,
    summary: 'Một trang kết quả đã nhập (HTML đã làm sạch) để xem và in (ghi nhật ký truy cập)',
    params: documentIdParams,
    response: envelope(resultDocument),
    errors: [400, 401, 403, 404],
  }),
  history: endpoint({
    method: 'GET',
    path: `${H}/:historyId`,
    summary: 'Một lượt khám với đầy đủ thành phần',
    params: historyIdParams,
    response: historyResponse,
    errors: [400, 401, 403, 404],
  }),
  prescriptions: endpoint({
    method: 'GET',
    path: `${H}/:historyId/prescriptions`,
    summary: 'Đơn thuốc của lượt khám',
    params: historyIdParams,
    response: prescriptionsResponse,
    errors: [400, 401, 403, 404],
  }),
  medicalRecords: endpoint({
    method: 'GET',
    path: `${H}/:historyId/medical-records`,
    summary: 'Bệnh án của lượt khám',
    params: historyIdParams,
    response: medicalRecordsResponse,
    errors: [400, 401, 403, 404],
  }),
  diagnostics: endpoint({
    method: 'GET',
    path: `${H}/:historyId/diagnostic`,
    summary: 'Kết quả cận lâm sàng của lượt khám',
    params: historyIdParams,
    response: diagnosticsResponse,
    errors: [400, 401, 403, 404],
  }),
  historiesOfPatient: endpoint({
    method: 'GET',
    path: '/api/his/v1/vendor/:patientValue/histories',
    summary: 'Lịch sử khám theo mã bệnh nhân',
    params: patientValueParams,
    response: patientHistoriesResponse,
    errors: [400, 401, 403, 404],
  }),
  searchProfiles: endpoint({
    method: 'GET',
    path: `${M}/search`,
    summary: 'Tìm hồ sơ bệnh nhân: tên không dấu, số điện thoại, CCCD, BHYT, mã bệnh nhân',
    query: profileSearchQuery,
    response: profileSearchResponse,
    errors: [400, 401, 403],
  }),
  suggest: endpoint({
    method: 'GET',
    path: `${M}/suggest`,
    summary: 'Gợi ý hồ sơ khi đặt khám: tiền tố họ tên không dấu, số điện thoại, CCCD, mã bệnh nhân (tối đa 10)',
    query: suggestQuery,
    response: suggestResponse,
    errors: [400, 401, 403],
  }),
  referenceProvinces: referenceEndpoint('provinces'),
  referenceWards: referenceEndpoint('wards'),
  referenceNations: referenceEndpoint('nations'),
  referenceJobs: referenceEndpoint('jobs'),
  profile: endpoint({
    method: 'GET',
    path: `${M}/:medicalProfileId`,
    summary: 'Một hồ sơ bệnh nhân theo mã hồ sơ',
    params: profileIdParams,
    response: medicalProfileResponse,
    errors: [400, 401, 403, 404],
  }),
};

/** The endpoint of each reference list of the profile form. */
export const referenceEndpoints = {
  provinces: patientEndpoints.referenceProvinces,
  wards: patientEndpoints.referenceWards,
  nations: patientEndpoints.referenceNations,
  jobs: patientEndpoints.referenceJobs,
} as const satisfies Record<ReferenceKind, unknown>;
