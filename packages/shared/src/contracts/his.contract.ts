import { z } from 'zod';
import { envelope, pageEnvelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { pagingParams } from '../core/list-query';

/**
 * The connection to the hospital information system over FHIR R4 (issue 21; docs/his.md, docs/his-fhir.md).
 *
 * Screen /admin/ket-noi-his (MANAGER_SETTING):
 *   GET    /api/his/v1/his-connection                 the connection (secrets never returned)
 *   PUT    /api/his/v1/his-connection                 save it (a secret left empty keeps the stored one)
 *   POST   /api/his/v1/his-connection/test            read the HIS's CapabilityStatement with the saved settings
 *   GET    /api/his/v1/his-connection/maps?kind&state&q&page&size     the portal's items of a kind and their HIS codes
 *   GET    /api/his/v1/his-connection/remote?kind&q&unmatched&page&size  the HIS's items (as the last sync read them)
 *   PUT    /api/his/v1/his-connection/maps            { kind, portalId, hisRef | null } a person's match (or unmatching)
 *   POST   /api/his/v1/his-connection/maps/auto       { kind } match by code, then by name without diacritics
 *   GET    /api/his/v1/his-connection/checkins?status&date&page&size  check-ins sent to the HIS
 *   POST   /api/his/v1/his-connection/checkins/:bookingId/retry  send a failed check-in again
 * Catalogue "sync endpoints" (spec §7), MANAGER_SETTING:
 *   POST   /api/catalog/v1/sync/:kind                 start a sync run (SERVICES, DEPARTMENTS, DOCTORS) on the job queue
 *   GET    /api/catalog/v1/sync/runs?kind&status&page&size   the runs
 *   GET    /api/catalog/v1/sync/runs/:id              one run
 *   GET    /api/catalog/v1/sync/runs/:id/items?action&page&size  its log, item by item
 *   POST   /api/catalog/v1/sync/runs/:id/retry        a new run of the failed items only
 * Patients (spec "hospital patient lookup by id"; the result file's "/{id}/pull" is issue 5's), MANAGER_USER:
 *   GET    /api/his/v1/vendor/his-patients?by&value   look a patient up in the HIS by patient code, CCCD or BHYT
 *   GET    /api/his/v1/vendor/his-patients/:hisId     one HIS patient, with the portal profile linked to it
 *   PUT    /api/his/v1/vendor/his-patients/:hisId/link    { profileId } link it to a portal medical profile
 *   DELETE /api/his/v1/vendor/his-patients/:hisId/link    unlink
 *   POST   /api/his/v1/vendor/his-records/:profileId/pull   pull the linked patient's visits, diagnoses, prescriptions and results
 *   GET    /api/his/v1/vendor/his-records/:profileId        the profile's HIS link and last pull (the record screen)
 */
export const HIS_CONNECTION_PATH = '/api/his/v1/his-connection';
export const HIS_SYNC_PATH = '/api/catalog/v1/sync';
export const HIS_PATIENTS_PATH = '/api/his/v1/vendor/his-patients';
export const HIS_PULL_PATH = '/api/his/v1/vendor/his-records';

export const HIS_AUTH_TYPES = ['NONE', 'BASIC', 'BEARER', 'OAUTH2'] as const;
export type HisAuthType = (typeof HIS_AUTH_TYPES)[number];
export const HIS_AUTH_LABELS: Record<HisAuthType, string> = {
  NONE: 'Không xác thực',
  BASIC: 'Tên đăng nhập và mật khẩu (Basic)',
  BEARER: 'Mã truy cập cố định (Bearer token)',
  OAUTH2: 'OAuth2 client credentials',
};

export const HIS_MAP_KINDS = ['DEPARTMENT', 'ROOM', 'DOCTOR', 'SERVICE'] as const;
export type HisMapKind = (typeof HIS_MAP_KINDS)[number];
export const HIS_MAP_KIND_LABELS: Record<HisMapKind, string> = { DEPARTMENT: 'Khoa', ROOM: 'Phòng khám', DOCTOR: 'Bác sĩ', SERVICE: 'Dịch vụ' };

export const HIS_MATCH_METHODS = ['CODE', 'NAME', 'MANUAL', 'CREATED'] as const;
export type HisMatchMethod = (typeof HIS_MATCH_METHODS)[number];
export const HIS_MATCH_LABELS: Record<HisMatchMethod, string> = {
  CODE: 'Khớp theo mã',
  NAME: 'Khớp theo tên',
  MANUAL: 'Người dùng ghép',
  CREATED: 'Tạo mới từ HIS',
};

export const HIS_SYNC_KINDS = ['SERVICES', 'DEPARTMENTS', 'DOCTORS'] as const;
export type HisSyncKind = (typeof HIS_SYNC_KINDS)[number];
export const HIS_SYNC_KIND_LABELS: Record<HisSyncKind, string> = {
  SERVICES: 'Danh mục dịch vụ và giá',
  DEPARTMENTS: 'Khoa và phòng khám',
  DOCTORS: 'Bác sĩ',
};
/** Kinds of run the log shows: the catalogue syncs and the patients' record pulls. */
export const HIS_RUN_KINDS = [...HIS_SYNC_KINDS, 'RECORDS'] as const;
export type HisRunKind = (typeof HIS_RUN_KINDS)[number];
export const HIS_RUN_KIND_LABELS: Record<HisRunKind, string> = { ...HIS_SYNC_KIND_LABELS, RECORDS: 'Hồ sơ bệnh nhân' };

export const HIS_RUN_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'PARTIAL', 'FAILED'] as const;
export type HisRunStatus = (typeof HIS_RUN_STATUSES)[number];
export const HIS_RUN_STATUS_LABELS: Record<HisRunStatus, string> = {
  QUEUED: 'Đang chờ',
  RUNNING: 'Đang chạy',
  DONE: 'Hoàn tất',
  PARTIAL: 'Hoàn tất, có lỗi',
  FAILED: 'Thất bại',
};
export const HIS_RUN_TRIGGERS = ['MANUAL', 'SCHEDULE', 'RETRY'] as const;
export const HIS_RUN_TRIGGER_LABELS: Record<(typeof HIS_RUN_TRIGGERS)[number], string> = {
  MANUAL: 'Chạy tay',
  SCHEDULE: 'Theo lịch',
  RETRY: 'Chạy lại mục lỗi',
};

export const HIS_ITEM_ACTIONS = ['CREATED', 'UPDATED', 'SKIPPED', 'FAILED'] as const;
export type HisItemAction = (typeof HIS_ITEM_ACTIONS)[number];
export const HIS_ITEM_ACTION_LABELS: Record<HisItemAction, string> = { CREATED: 'Thêm mới', UPDATED: 'Cập nhật', SKIPPED: 'Bỏ qua', FAILED: 'Lỗi' };

export const HIS_CHECKIN_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;
export type HisCheckinStatus = (typeof HIS_CHECKIN_STATUSES)[number];
export const HIS_CHECKIN_STATUS_LABELS: Record<HisCheckinStatus, string> = { PENDING: 'Đang gửi', SENT: 'Đã gửi', FAILED: 'Gửi lỗi' };

export const HIS_LOOKUP_BY = ['PATIENT_CODE', 'CCCD', 'BHYT'] as const;
export type HisLookupBy = (typeof HIS_LOOKUP_BY)[number];
export const HIS_LOOKUP_LABELS: Record<HisLookupBy, string> = { PATIENT_CODE: 'Mã bệnh nhân', CCCD: 'Số CCCD', BHYT: 'Số thẻ BHYT' };

export const HIS_LIMITS = { timeoutSecondsMin: 1, timeoutSecondsMax: 120, pageSizeMin: 10, pageSizeMax: 500, maxPagesMin: 1, maxPagesMax: 2000 } as const;

export const HIS_MESSAGES = {
  notConfigured: 'Chưa cấu hình kết nối HIS cho cơ sở',
  disabled: 'Kết nối HIS đang tắt',
  saved: 'Đã lưu cấu hình kết nối HIS',
  noSecretKey: 'Máy chủ chưa có khoá mã hoá HIS_SECRET_KEY: chỉ dùng được kiểu "Không xác thực"',
  secretRequired: 'Nhập khoá bí mật cho kiểu xác thực đã chọn',
  usernameRequired: 'Nhập tên đăng nhập',
  clientIdRequired: 'Nhập Client ID',
  tokenUrlRequired: 'Nhập địa chỉ lấy token (Token URL)',
  baseUrl: 'Địa chỉ FHIR phải là http:// hoặc https:// hợp lệ',
  testOk: 'Kết nối thành công',
  runStarted: 'Đã bắt đầu đồng bộ',
  runBusy: 'Đang có lượt đồng bộ cùng loại chưa xong',
  runNotFound: 'Không tìm thấy lượt đồng bộ',
  nothingToRetry: 'Lượt đồng bộ này không có mục lỗi để chạy lại',
  mapSaved: 'Đã lưu ánh xạ',
  portalItemNotFound: 'Không tìm thấy mục của cổng',
  hisItemNotFound: 'Không tìm thấy mục của HIS (hãy đồng bộ danh mục trước)',
  hisItemTaken: 'Mục HIS này đã được ghép với mục khác của cổng',
  patientNotFound: 'Không tìm thấy bệnh nhân trong HIS',
  profileNotFound: 'Không tìm thấy hồ sơ bệnh nhân',
  profileLinkedElsewhere: 'Hồ sơ này đã liên kết với bệnh nhân HIS khác',
  patientLinkedElsewhere: 'Bệnh nhân HIS này đã liên kết với hồ sơ khác',
  linked: 'Đã liên kết hồ sơ với HIS',
  unlinked: 'Đã bỏ liên kết HIS',
  notLinked: 'Hồ sơ chưa liên kết với bệnh nhân HIS',
  pulled: 'Đã lấy hồ sơ từ HIS',
  checkinNotFound: 'Không tìm thấy lượt check-in gửi HIS',
  checkinNotFailed: 'Chỉ gửi lại được lượt check-in gửi lỗi',
  checkinRequeued: 'Đã xếp lại lượt gửi check-in',
} as const;

const idString = (message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number);
const text = (label: string, max: number) =>
  z
    .string({ message: `${label} phải là chuỗi ký tự` })
    .trim()
    .max(max, `${label} tối đa ${max} ký tự`);
const intIn = (label: string, min: number, max: number) =>
  z
    .number({ message: `${label} phải là số` })
    .int(`${label} phải là số nguyên`)
    .min(min, `${label} từ ${min} đến ${max}`)
    .max(max, `${label} từ ${min} đến ${max}`);
const httpUrl = z
  .string({ message: HIS_MESSAGES.baseUrl })
  .trim()
  .max(500, 'Địa chỉ tối đa 500 ký tự')
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, HIS_MESSAGES.baseUrl);

/** A FHIR reference of the HIS, `Type/id`. */
const hisRef = z.string().regex(/^[A-Za-z]{2,40}\/[A-Za-z0-9\-.]{1,64}$/, 'Tham chiếu HIS không hợp lệ (dạng Loại/mã)');
/** A FHIR logical id. */
const hisIdParam = z.object({ hisId: z.string().regex(/^[A-Za-z0-9\-.]{1,64}$/, 'Mã bệnh nhân HIS không hợp lệ') });

export const capabilityDto = z.object({
  fhirVersion: z.string().nullable(),
  software: z.string().nullable(),
  resources: z.array(z.object({ type: z.string(), interactions: z.array(z.string()), searchParams: z.array(z.string()) })),
  /** What the portal needs and the HIS does not say it supports. */
  missing: z.array(z.string()),
});
export type CapabilityDto = z.infer<typeof capabilityDto>;

export const connectionTestDto = z.object({
  ok: z.boolean(),
  message: z.string(),
  elapsedMs: z.number().int(),
  testedAt: z.string(),
  capability: capabilityDto.nullable(),
});
export type ConnectionTestDto = z.infer<typeof connectionTestDto>;

export const connectionDto = z.object({
  configured: z.boolean(),
  enabled: z.boolean(),
  baseUrl: z.string(),
  authType: z.enum(HIS_AUTH_TYPES),
  username: z.string().nullable(),
  clientId: z.string().nullable(),
  tokenUrl: z.string().nullable(),
  /** A secret is stored (it is never sent back). */
  hasSecret: z.boolean(),
  /** The server has HIS_SECRET_KEY: only then can a secret be saved. */
  secretKeyConfigured: z.boolean(),
  hisOrganizationId: z.string(),
  patientCodeSystem: z.string(),
  timeoutSeconds: z.number().int(),
  pageSize: z.number().int(),
  maxPages: z.number().int(),
  /** Hour (+07:00) of the daily catalogue sync, or null for none. */
  syncHour: z.number().int().nullable(),
  /** Pull the linked patients' records every night. */
  nightlyPull: z.boolean(),
  /** Send the front desk's check-ins to the HIS. */
  sendCheckins: z.boolean(),
  lastTest: connectionTestDto.nullable(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type ConnectionDto = z.infer<typeof connectionDto>;

export const connectionBody = z
  .strictObject({
    enabled: z.boolean({ message: 'Bật/tắt phải là true hoặc false' }),
    baseUrl: httpUrl,
    authType: z.enum(HIS_AUTH_TYPES, { message: 'Kiểu xác thực không hợp lệ' }),
    username: text('Tên đăng nhập', 200).optional(),
    clientId: text('Client ID', 200).optional(),
    tokenUrl: z.union([httpUrl, z.literal('')]).optional(),
    /** The password, token or client secret; empty or absent keeps the stored one. */
    secret: z.string().max(2000, 'Khoá bí mật tối đa 2.000 ký tự').optional(),
    hisOrganizationId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9\-.]{1,64}$/, 'Mã bệnh viện trong HIS (Organization id) không hợp lệ'),
    patientCodeSystem: text('Hệ mã bệnh nhân', 200).min(3, 'Nhập hệ mã bệnh nhân của HIS'),
    timeoutSeconds: intIn('Thời gian chờ', HIS_LIMITS.timeoutSecondsMin, HIS_LIMITS.timeoutSecondsMax),
    pageSize: intIn('Số mục mỗi trang', HIS_LIMITS.pageSizeMin, HIS_LIMITS.pageSizeMax),
    maxPages: intIn('Số trang tối đa', HIS_LIMITS.maxPagesMin, HIS_LIMITS.maxPagesMax),
    syncHour: intIn('Giờ đồng bộ', 0, 23).nullable(),
    nightlyPull: z.boolean(),
    sendCheckins: z.boolean(),
  })
  .superRefine((b, ctx) => {
    if (b.authType === 'BASIC' && !b.username) ctx.addIssue({ code: 'custom', path: ['username'], message: HIS_MESSAGES.usernameRequired });
    if (b.authType === 'OAUTH2') {
      if (!b.clientId) ctx.addIssue({ code: 'custom', path: ['clientId'], message: HIS_MESSAGES.clientIdRequired });
      if (!b.tokenUrl) ctx.addIssue({ code: 'custom', path: ['tokenUrl'], message: HIS_MESSAGES.tokenUrlRequired });
    }
  });
export type ConnectionBody = z.infer<typeof connectionBody>;

export const mapsQuery = z.object({
  kind: z.enum(HIS_MAP_KINDS, { message: 'Loại danh mục không hợp lệ' }),
  state: z.enum(['all', 'matched', 'unmatched'], { message: 'Trạng thái ghép không hợp lệ' }).default('all'),
  q: text('Từ khoá', 100).optional(),
  ...pagingParams(20),
});
export const mapRow = z.object({
  portalId: z.number().int(),
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
  his: z.object({ ref: z.string(), code: z.string(), name: z.string() }).nullable(),
  method: z.enum(HIS_MATCH_METHODS).nullable(),
  matchedAt: z.string().nullable(),
});
export type MapRowDto = z.infer<typeof mapRow>;
export const mapsCounts = z.object({ portal: z.number().int(), matched: z.number().int(), unmatchedPortal: z.number().int(), unmatchedHis: z.number().int() });

export const remoteQuery = z.object({
  kind: z.enum(HIS_MAP_KINDS, { message: 'Loại danh mục không hợp lệ' }),
  q: text('Từ khoá', 100).optional(),
  unmatched: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  ...pagingParams(20),
});
export const remoteRow = z.object({
  ref: z.string(),
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
  /** The portal item it is matched with. */
  portal: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
  seenAt: z.string(),
});
export type RemoteRowDto = z.infer<typeof remoteRow>;

export const mapBody = z.strictObject({
  kind: z.enum(HIS_MAP_KINDS, { message: 'Loại danh mục không hợp lệ' }),
  portalId: z.number({ message: 'Chọn mục của cổng' }).int().positive('Chọn mục của cổng'),
  hisRef: hisRef.nullable(),
});
export const autoMatchBody = z.strictObject({ kind: z.enum(HIS_MAP_KINDS, { message: 'Loại danh mục không hợp lệ' }) });
export const autoMatchDto = z.object({ byCode: z.number().int(), byName: z.number().int(), unmatchedPortal: z.number().int(), unmatchedHis: z.number().int() });

export const runDto = z.object({
  id: z.number().int(),
  kind: z.enum(HIS_RUN_KINDS),
  status: z.enum(HIS_RUN_STATUSES),
  trigger: z.enum(HIS_RUN_TRIGGERS),
  retryOf: z.number().int().nullable(),
  /** For a RECORDS run of one patient: the profile pulled. */
  profileId: z.number().int().nullable(),
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  error: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type RunDto = z.infer<typeof runDto>;
export const runsQuery = z.object({
  kind: z.enum(HIS_RUN_KINDS, { message: 'Loại đồng bộ không hợp lệ' }).optional(),
  status: z.enum(HIS_RUN_STATUSES, { message: 'Trạng thái không hợp lệ' }).optional(),
  ...pagingParams(20),
});
export const runItem = z.object({
  id: z.number().int(),
  ref: z.string(),
  code: z.string().nullable(),
  name: z.string().nullable(),
  action: z.enum(HIS_ITEM_ACTIONS),
  message: z.string().nullable(),
  /** Fields changed by an update, as "field: old → new". */
  changes: z.array(z.string()),
  at: z.string(),
});
export type RunItemDto = z.infer<typeof runItem>;
export const runItemsQuery = z.object({ action: z.enum(HIS_ITEM_ACTIONS, { message: 'Kết quả không hợp lệ' }).optional(), ...pagingParams(50) });
const runParams = z.object({ id: idString('Mã lượt đồng bộ không hợp lệ') });
const kindParams = z.object({ kind: z.enum(HIS_SYNC_KINDS, { message: 'Loại đồng bộ không hợp lệ' }) });

export const checkinRow = z.object({
  bookingId: z.number().int(),
  bookingCode: z.string(),
  patientName: z.string(),
  roomName: z.string(),
  date: z.string(),
  checkedInAt: z.string().nullable(),
  queueNumber: z.number().int().nullable(),
  status: z.enum(HIS_CHECKIN_STATUSES),
  hisQueueNumber: z.number().int().nullable(),
  hisRef: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type CheckinRowDto = z.infer<typeof checkinRow>;
export const checkinsQuery = z.object({
  status: z.enum(HIS_CHECKIN_STATUSES, { message: 'Trạng thái không hợp lệ' }).optional(),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Ngày không hợp lệ')
    .optional(),
  ...pagingParams(20),
});
export const checkinCounts = z.object({ PENDING: z.number().int(), SENT: z.number().int(), FAILED: z.number().int() });
const bookingParams = z.object({ bookingId: idString('Mã lịch đặt khám không hợp lệ') });

export const hisPatientDto = z.object({
  hisId: z.string(),
  name: z.string(),
  gender: z.string().nullable(),
  birthDate: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  patientCode: z.string().nullable(),
  cccd: z.string().nullable(),
  bhyt: z.string().nullable(),
  /** The portal's medical profile linked to this HIS patient. */
  linkedProfile: z.object({ id: z.number().int(), name: z.string(), patientCode: z.string().nullable(), userId: z.number().int() }).nullable(),
  /** Portal profiles with the same patient code, CCCD or BHYT (to link in one click). */
  candidates: z.array(
    z.object({ id: z.number().int(), name: z.string(), patientCode: z.string().nullable(), birthDate: z.string().nullable(), userId: z.number().int() }),
  ),
});
export type HisPatientDto = z.infer<typeof hisPatientDto>;
export const lookupQuery = z.object({
  by: z.enum(HIS_LOOKUP_BY, { message: 'Chọn tìm theo mã bệnh nhân, CCCD hoặc thẻ BHYT' }),
  value: z
    .string({ message: 'Nhập giá trị cần tìm' })
    .trim()
    .min(1, 'Nhập giá trị cần tìm')
    .max(30, 'Giá trị tối đa 30 ký tự')
    .regex(/^[A-Za-z0-9]+$/, 'Chỉ gồm chữ và số, không dấu cách'),
});
export const linkBody = z.strictObject({ profileId: z.number({ message: 'Chọn hồ sơ' }).int().positive('Chọn hồ sơ') });
const profileParams = z.object({ profileId: idString('Mã hồ sơ không hợp lệ') });

export const pullDto = z.object({
  run: runDto,
  encounters: z.number().int(),
  conditions: z.number().int(),
  prescriptions: z.number().int(),
  reports: z.number().int(),
  files: z.number().int(),
});
export type PullDto = z.infer<typeof pullDto>;
export const hisLinkDto = z.object({
  /** False when the facility has no working HIS connection (the record screen then hides its HIS actions). */
  available: z.boolean(),
  link: z
    .object({ hisId: z.string(), hisName: z.string(), linkedAt: z.string(), linkedBy: z.string().nullable(), lastPulledAt: z.string().nullable() })
    .nullable(),
});
export type HisLinkDto = z.infer<typeof hisLinkDto>;

export const hisConnectionEndpoints = {
  get: endpoint({ method: 'GET', path: HIS_CONNECTION_PATH, summary: 'Cấu hình kết nối HIS', response: envelope(connectionDto), errors: [401, 403] }),
  save: endpoint({
    method: 'PUT',
    path: HIS_CONNECTION_PATH,
    summary: 'Lưu cấu hình kết nối HIS',
    body: connectionBody,
    response: envelope(connectionDto),
    errors: [400, 401, 403],
  }),
  test: endpoint({
    method: 'POST',
    path: `${HIS_CONNECTION_PATH}/test`,
    summary: 'Kiểm tra kết nối HIS',
    response: envelope(connectionTestDto),
    errors: [401, 403, 404],
  }),
  maps: endpoint({
    method: 'GET',
    path: `${HIS_CONNECTION_PATH}/maps`,
    summary: 'Ánh xạ mã cổng ↔ HIS',
    query: mapsQuery,
    response: pageEnvelope(mapRow).extend({ counts: mapsCounts }),
    errors: [400, 401, 403],
  }),
  remote: endpoint({
    method: 'GET',
    path: `${HIS_CONNECTION_PATH}/remote`,
    summary: 'Danh mục của HIS',
    query: remoteQuery,
    response: pageEnvelope(remoteRow),
    errors: [400, 401, 403],
  }),
  setMap: endpoint({
    method: 'PUT',
    path: `${HIS_CONNECTION_PATH}/maps`,
    summary: 'Ghép tay một mục',
    body: mapBody,
    response: envelope(mapRow),
    errors: [400, 401, 403, 404, 409],
  }),
  autoMatch: endpoint({
    method: 'POST',
    path: `${HIS_CONNECTION_PATH}/maps/auto`,
    summary: 'Tự động ghép theo mã rồi theo tên',
    body: autoMatchBody,
    response: envelope(autoMatchDto),
    errors: [400, 401, 403],
  }),
  checkins: endpoint({
    method: 'GET',
    path: `${HIS_CONNECTION_PATH}/checkins`,
    summary: 'Check-in gửi HIS',
    query: checkinsQuery,
    response: pageEnvelope(checkinRow).extend({ counts: checkinCounts }),
    errors: [400, 401, 403],
  }),
  retryCheckin: endpoint({
    method: 'POST',
    path: `${HIS_CONNECTION_PATH}/checkins/:bookingId/retry`,
    summary: 'Gửi lại check-in',
    params: bookingParams,
    response: envelope(checkinRow),
    errors: [400, 401, 403, 404, 409],
  }),
};

export const hisSyncEndpoints = {
  start: endpoint({
    method: 'POST',
    path: `${HIS_SYNC_PATH}/:kind`,
    summary: 'Bắt đầu đồng bộ từ HIS',
    params: kindParams,
    response: envelope(runDto),
    errors: [400, 401, 403, 404, 409],
  }),
  runs: endpoint({
    method: 'GET',
    path: `${HIS_SYNC_PATH}/runs`,
    summary: 'Các lượt đồng bộ',
    query: runsQuery,
    response: pageEnvelope(runDto),
    errors: [400, 401, 403],
  }),
  run: endpoint({
    method: 'GET',
    path: `${HIS_SYNC_PATH}/runs/:id`,
    summary: 'Một lượt đồng bộ',
    params: runParams,
    response: envelope(runDto),
    errors: [400, 401, 403, 404],
  }),
  items: endpoint({
    method: 'GET',
    path: `${HIS_SYNC_PATH}/runs/:id/items`,
    summary: 'Nhật ký từng mục của lượt đồng bộ',
    params: runParams,
    query: runItemsQuery,
    response: pageEnvelope(runItem),
    errors: [400, 401, 403, 404],
  }),
  retry: endpoint({
    method: 'POST',
    path: `${HIS_SYNC_PATH}/runs/:id/retry`,
    summary: 'Chạy lại các mục lỗi',
    params: runParams,
    response: envelope(runDto),
    errors: [400, 401, 403, 404, 409],
  }),
};

export const hisPatientEndpoints = {
  lookup: endpoint({
    method: 'GET',
    path: HIS_PATIENTS_PATH,
    summary: 'Tìm bệnh nhân trong HIS',
    query: lookupQuery,
    response: envelope(z.array(hisPatientDto)),
    errors: [400, 401, 403, 404, 502],
  }),
  get: endpoint({
    method: 'GET',
    path: `${HIS_PATIENTS_PATH}/:hisId`,
    summary: 'Bệnh nhân HIS theo mã',
    params: hisIdParam,
    response: envelope(hisPatientDto),
    errors: [400, 401, 403, 404, 502],
  }),
  link: endpoint({
    method: 'PUT',
    path: `${HIS_PATIENTS_PATH}/:hisId/link`,
    summary: 'Liên kết bệnh nhân HIS với hồ sơ',
    params: hisIdParam,
    body: linkBody,
    response: envelope(hisPatientDto),
    errors: [400, 401, 403, 404, 409, 502],
  }),
  unlink: endpoint({
    method: 'DELETE',
    path: `${HIS_PATIENTS_PATH}/:hisId/link`,
    summary: 'Bỏ liên kết HIS',
    params: hisIdParam,
    response: envelope(z.null()),
    errors: [400, 401, 403, 404],
  }),
  pull: endpoint({
    method: 'POST',
    path: `${HIS_PULL_PATH}/:profileId/pull`,
    summary: 'Lấy lượt khám, chẩn đoán, đơn thuốc và kết quả từ HIS',
    params: profileParams,
    response: envelope(pullDto),
    errors: [400, 401, 403, 404, 409, 502],
  }),
  hisLink: endpoint({
    method: 'GET',
    path: `${HIS_PULL_PATH}/:profileId`,
    summary: 'Liên kết HIS của hồ sơ',
    params: profileParams,
    response: envelope(hisLinkDto),
    errors: [400, 401, 403, 404],
  }),
};
