import { z } from 'zod';
import { envelope, pageEnvelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { fileEndpoint, XLSX_MIME } from '../core/endpoint-files';
import { isoDay } from '../core/iso-day';
import { pagingParams } from '../core/list-query';
import { periodProblem } from '../rules/period';

/**
 * The audit log as the logs screen (/admin/logs, MANAGER_LOG) reads it: who did what, when, from
 * where, on which object, with what changed. Newest first, paged by keyset (`before` = the last id of
 * the page shown): a log of millions of rows cannot be paged with OFFSET.
 */
export const LOGS_PATH = '/api/his/v1/log-vendor';

export const LOG_PAGE_MAX = 200;
export const LOG_PAGE_DEFAULT = 50;

/** What the screen names each action (others are shown as stored). */
export const LOG_ACTION_LABELS: Record<string, string> = {
  LOGIN: 'Đăng nhập',
  LOGIN_FAILED: 'Đăng nhập sai',
  LOGIN_REFUSED_LOCKED: 'Đăng nhập tài khoản bị khoá',
  LOGIN_THROTTLED: 'Đăng nhập bị chặn tạm thời',
  LOGOUT: 'Đăng xuất',
  REFRESH_REUSE: 'Dùng lại phiên đã thu hồi',
  PASSWORD_CHANGE: 'Đổi mật khẩu',
  PASSWORD_CHANGE_FAILED: 'Đổi mật khẩu không thành công',
  RESET_PASSWORD: 'Cấp lại mật khẩu',
  FORBIDDEN: 'Truy cập bị từ chối',
  CREATE: 'Thêm mới',
  UPDATE: 'Cập nhật',
  DELETE: 'Xoá',
  ACTIVATE: 'Kích hoạt',
  DEACTIVATE: 'Ngừng hoạt động',
  IMPORT: 'Nhập Excel',
  EXPORT: 'Xuất Excel',
  READ: 'Xem',
  READ_RECORD: 'Xem hồ sơ bệnh nhân',
  DOWNLOAD_RESULT: 'Tải kết quả',
  UPLOAD_RESULT: 'Tải lên kết quả',
  UPLOAD_IMAGE: 'Tải lên ảnh',
  UPDATE_AVATAR: 'Đổi ảnh đại diện',
  REMOVE_AVATAR: 'Xoá ảnh đại diện',
  MERGE: 'Gộp tài khoản',
  UPDATE_ROOMS: 'Gán phòng',
  UPDATE_ROOM_SCOPE: 'Giới hạn theo phòng được gán',
  BOOKING_CREATE: 'Đặt khám',
  BOOKING_ACCEPT: 'Tiếp nhận lịch khám',
  BOOKING_REJECT: 'Từ chối lịch khám',
  BOOKING_CHECKIN: 'Tiếp đón',
  BOOKING_CALL: 'Gọi khám',
  BOOKING_COMPLETE: 'Hoàn thành khám',
  BOOKING_CANCEL: 'Huỷ lịch khám',
  BOOKING_NOSHOW: 'Đánh dấu không đến',
  BOOKING_NO_SHOW: 'Tự động đánh dấu không đến',
  BOOKING_REVERT: 'Hoàn tác trạng thái',
  BOOKING_RESCHEDULE: 'Đổi giờ khám',
  BOOKING_PROFILE: 'Đổi hồ sơ đặt khám',
  BOOKING_PRIORITY: 'Đổi mức ưu tiên',
  BOOKING_UPDATE: 'Cập nhật lịch khám',
  BOOKING_SYNC_CHECKIN_SEQ: 'Đồng bộ số thứ tự tiếp đón',
  LOCK: 'Khoá tài khoản',
  UNLOCK: 'Mở khoá tài khoản',
  VERIFY: 'Xác thực tài khoản',
  COPY_WEEK: 'Sao chép lịch tuần',
  DAY_OFF: 'Nghỉ phép',
  JOB_RETRY: 'Chạy lại công việc',
  SEED_DEMO: 'Tạo dữ liệu mẫu',
  SEED_PRODUCTION: 'Khởi tạo dữ liệu',
  SMS_SEND: 'Gửi SMS',
  NOTIFY_GROUP_SEND: 'Gửi nhóm thông báo',
  NOTIFY_GROUP_SCHEDULE: 'Hẹn giờ gửi nhóm thông báo',
  NOTIFY_GROUP_CANCEL: 'Huỷ nhóm thông báo',
  NOTIFY_GROUP_QUEUE: 'Xếp hàng gửi nhóm thông báo',
};

/** What the screen names each kind of object (others are shown as stored). */
export const LOG_ENTITY_LABELS: Record<string, string> = {
  session: 'Phiên đăng nhập',
  account: 'Tài khoản nhân viên',
  role: 'Vai trò',
  facility: 'Cơ sở y tế',
  patient_user: 'Tài khoản bệnh nhân',
  medical_profile: 'Hồ sơ bệnh nhân',
  medical_profile_ext: 'Thông tin bổ sung hồ sơ',
  result_file: 'Tệp kết quả',
  booking: 'Lịch đặt khám',
  queue_counter: 'Số thứ tự',
  schedule: 'Lịch làm việc',
  job: 'Công việc nền',
  route: 'Đường dẫn',
  content_image: 'Ảnh nội dung',
  departments: 'Khoa',
  specialties: 'Chuyên khoa',
  rooms: 'Phòng khám',
  services: 'Dịch vụ',
  doctors: 'Bác sĩ',
  jobs: 'Nghề nghiệp',
  nations: 'Dân tộc',
  audit_log: 'Nhật ký',
  sms_batch: 'Lần gửi SMS',
  notification_group: 'Nhóm thông báo',
  'sms-templates': 'Mẫu tin nhắn SMS',
  fhir: 'Dữ liệu FHIR (hệ thống HIS)',
};

export const actionLabel = (a: string) => LOG_ACTION_LABELS[a] ?? a;
export const entityLabel = (e: string) => LOG_ENTITY_LABELS[e] ?? e;

const word = (label: string) =>
  z
    .string()
    .trim()
    .max(60, `${label} tối đa 60 ký tự`)
    .regex(/^[A-Za-z0-9_.-]+$/, `${label} không hợp lệ`);

const idText = z
  .string()
  .regex(/^\d{1,15}$/, 'Mã phải là số nguyên dương')
  .transform(Number);

/** The filters of the log (both the page and the Excel export). */
const filterFields = {
  from: isoDay('Từ ngày'),
  to: isoDay('Đến ngày'),
  actorId: idText.optional(),
  action: word('Thao tác').optional(),
  entity: word('Đối tượng').optional(),
  entityId: z.string().trim().max(60, 'Mã đối tượng tối đa 60 ký tự').optional(),
  /** Everything about one patient account: the account, its profiles, their result files. */
  patientUserId: idText.optional(),
};

type FilterShape = { from: string; to: string; entity?: string; entityId?: string };
function checkFilters(q: FilterShape, ctx: z.RefinementCtx): void {
  const problem = periodProblem(q);
  if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
  if (q.entityId && !q.entity) ctx.addIssue({ code: 'custom', path: ['entityId'], message: 'Chọn loại đối tượng trước khi nhập mã đối tượng' });
}

export const logFilters = z.object(filterFields).superRefine(checkFilters);
export type LogFilters = z.infer<typeof logFilters>;

export const logListQuery = z
  .object({
    ...filterFields,
    /** Rows older than this id (the last id of the page shown). */
    before: idText.optional(),
    size: z
      .string()
      .regex(/^\d{1,3}$/, 'Số dòng mỗi trang phải là số nguyên')
      .transform(Number)
      .pipe(z.number().min(1, 'Số dòng mỗi trang tối thiểu 1').max(LOG_PAGE_MAX, `Số dòng mỗi trang tối đa ${LOG_PAGE_MAX}`))
      .optional()
      .default(LOG_PAGE_DEFAULT),
  })
  .superRefine(checkFilters);
export type LogListQuery = z.infer<typeof logListQuery>;

export const logRow = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  actorId: z.number().int().nullable(),
  actorUsername: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  ip: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** Personal fields were masked for this viewer (no MANAGER_USER). */
  masked: z.boolean(),
});
export type LogRowDto = z.infer<typeof logRow>;

export const logPage = z.object({
  code: z.literal(0),
  data: z.array(logRow),
  /** The `before` of the next (older) page, or null on the last page. */
  nextBefore: z.number().int().nullable(),
});

export const actorOption = z.object({ id: z.number().int(), username: z.string(), name: z.string() });
export const actorQuery = z.object({ search: z.string().trim().max(100, 'Từ khoá tìm kiếm tối đa 100 ký tự').optional(), ...pagingParams() });

export const logEndpoints = {
  list: endpoint({
    method: 'GET',
    path: LOGS_PATH,
    summary: 'Nhật ký: ai đã làm gì, khi nào, trên đối tượng nào (mới nhất trước, phân trang theo mốc)',
    query: logListQuery,
    response: logPage,
    errors: [400, 401, 403],
  }),
  export: fileEndpoint({
    method: 'GET',
    path: `${LOGS_PATH}/export`,
    summary: 'Xuất Excel nhật ký theo bộ lọc (ghi dần, không giữ cả tệp trong bộ nhớ)',
    query: logFilters,
    file: { type: XLSX_MIME },
    errors: [400, 401, 403],
  }),
  actors: endpoint({
    method: 'GET',
    path: `${LOGS_PATH}/actors`,
    summary: 'Tài khoản nhân viên của cơ sở, cho bộ lọc "Người thực hiện"',
    query: actorQuery,
    response: pageEnvelope(actorOption),
    errors: [400, 401, 403],
  }),
  one: endpoint({
    method: 'GET',
    path: `${LOGS_PATH}/:id`,
    summary: 'Một dòng nhật ký',
    params: z.object({ id: idText }),
    response: envelope(logRow),
    errors: [400, 401, 403, 404],
  }),
};
