import { z } from 'zod';
import { CLINIC_PROGRAMS } from '../rules/clinic-programs';
import { envelope, pageEnvelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { isoDay } from '../core/iso-day';
import { pagingParams } from '../core/list-query';
import { MESSAGE_KINDS } from '../rules/ad-window';
import { AUDIENCE_AGE_MAX, AUDIENCE_MESSAGES, audienceProblems } from '../rules/audience';
import { CONTENT_IMAGE_SRC_RE, isSafeLinkHref } from './content.contract';

/**
 * Notification groups — campaigns (/admin/nhom-thong-bao, MANAGER_NOTIFICATION; issue 17; spec §7 "notification
 * groups, group search (page, size, content, schedule, status)"): a message with an image and a link into the
 * patient app, sent to an audience of patient accounts chosen by filters, now or at a time.
 * DRAFT → SCHEDULED → SENDING → SENT (or FAILED, or CANCELLED while still scheduled).
 */
export const NOTIFICATION_GROUPS_PATH = '/api/his/v1/notification-groups';

/** A push notification's title and text as phones show them (FCM and APNs cut longer texts). */
export const NOTIFICATION_TITLE_MAX = 100;
export const NOTIFICATION_CONTENT_MAX = 1000;

export const GROUP_STATUSES = ['DRAFT', 'SCHEDULED', 'SENDING', 'SENT', 'FAILED', 'CANCELLED'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];
export const GROUP_STATUS_LABELS: Record<GroupStatus, string> = {
  DRAFT: 'Nháp',
  SCHEDULED: 'Đã hẹn giờ',
  SENDING: 'Đang gửi',
  SENT: 'Đã gửi',
  FAILED: 'Gửi lỗi',
  CANCELLED: 'Đã huỷ',
};
/** The states in which a group may still be edited (and sent, scheduled again). */
export const GROUP_EDITABLE: readonly GroupStatus[] = ['DRAFT', 'SCHEDULED'];

/** A recipient's message (a `notifications` row of the campaign). */
export const DELIVERY_STATUSES = ['QUEUED', 'SENDING', 'SENT', 'DELIVERED', 'OPENED', 'FAILED', 'SKIPPED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  QUEUED: 'Đang chờ gửi',
  SENDING: 'Đang gửi',
  SENT: 'Đã gửi',
  DELIVERED: 'Đã nhận',
  OPENED: 'Đã xem',
  FAILED: 'Lỗi',
  SKIPPED: 'Bỏ qua',
};

export const LINK_TYPES = ['NONE', 'NEWS', 'BOOKING', 'PRICE_LIST', 'URL'] as const;
export type LinkType = (typeof LINK_TYPES)[number];
export const LINK_TYPE_LABELS: Record<LinkType, string> = {
  NONE: 'Không có liên kết',
  NEWS: 'Bài viết tin tức',
  BOOKING: 'Lịch khám',
  PRICE_LIST: 'Bảng giá dịch vụ',
  URL: 'Địa chỉ web',
};

export const GROUP_MESSAGES = {
  notFound: 'Không tìm thấy nhóm thông báo',
  notEditable: 'Chỉ sửa được nhóm thông báo nháp hoặc đã hẹn giờ',
  notDeletable: 'Chỉ xoá được nhóm thông báo nháp',
  notSendable: 'Nhóm thông báo này đã gửi hoặc đã huỷ',
  notCancellable: 'Chỉ huỷ được nhóm thông báo đã hẹn giờ chưa gửi',
  past: 'Thời điểm gửi phải sau thời điểm hiện tại',
  bookingNotFound: 'Không tìm thấy lịch khám có mã này',
  userNotFound: 'Không tìm thấy tài khoản bệnh nhân',
  empty: AUDIENCE_MESSAGES.empty,
  queueFailed: 'Không xếp hàng gửi được nhóm thông báo sau nhiều lần thử; vui lòng tạo lại hoặc liên hệ quản trị',
} as const;

/** A news article's alias: lower-case ASCII words joined by hyphens. */
export const NEWS_ALIAS_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A booking's code: 'DK' + yymmdd + 6 digits. */
export const BOOKING_CODE_RE = /^DK\d{12}$/;

/**
 * What a notification opens in the patient app, as the `notifications.link` text: `news/<alias>`,
 * `booking/<code>`, `price-list`, or the web address itself; null for none.
 */
export function notificationLink(link: { type: LinkType; value?: string | null }): string | null {
  switch (link.type) {
    case 'NEWS':
      return `news/${link.value}`;
    case 'BOOKING':
      return `booking/${link.value}`;
    case 'PRICE_LIST':
      return 'price-list';
    case 'URL':
      return link.value ?? null;
    default:
      return null;
  }
}

/** Why a link is refused (Vietnamese), or null. */
export function linkProblem(link: { type: LinkType; value?: string | null }): string | null {
  const v = link.value ?? '';
  if (link.type === 'NEWS')
    return NEWS_ALIAS_RE.test(v) && v.length <= 200 ? null : 'Đường dẫn bài viết không hợp lệ (chữ thường không dấu, số và dấu gạch ngang)';
  if (link.type === 'BOOKING') return BOOKING_CODE_RE.test(v) ? null : 'Mã lịch khám không hợp lệ (DK + 12 chữ số)';
  if (link.type === 'URL') return isSafeLinkHref(v) && /^https?:/i.test(v) ? null : 'Địa chỉ web không hợp lệ (bắt đầu bằng http:// hoặc https://)';
  return null;
}

const positiveId = (label: string) =>
  z
    .number({ message: `${label} không hợp lệ` })
    .int(`${label} không hợp lệ`)
    .positive(`${label} không hợp lệ`)
    .max(2_147_483_647, `${label} không hợp lệ`);
const age = (label: string) =>
  z
    .number({ message: `${label} phải là số` })
    .int(`${label} phải là số nguyên`)
    .min(0, `${label} không được âm`)
    .max(AUDIENCE_AGE_MAX, `${label} tối đa ${AUDIENCE_AGE_MAX}`);
const period = { from: isoDay('Từ ngày'), to: isoDay('Đến ngày') };

/** The audience filters as the form sends them and the group stores them (rules/audience.ts). */
export const audienceFilters = z
  .strictObject(
    {
      all: z.literal(true, { message: 'Giá trị không hợp lệ' }).optional(),
      gender: z.enum(['MALE', 'FEMALE'], { message: 'Giới tính không hợp lệ' }).optional(),
      ageFrom: age('Tuổi từ').optional(),
      ageTo: age('Tuổi đến').optional(),
      provinceCode: z
        .string()
        .regex(/^\d{2}$/, 'Mã tỉnh/thành phố không hợp lệ')
        .optional(),
      wardCode: z
        .string()
        .regex(/^\d{5}$/, 'Mã phường/xã không hợp lệ')
        .optional(),
      visited: z.strictObject({ departmentId: positiveId('Khoa').optional(), specialtyId: positiveId('Chuyên khoa').optional(), ...period }).optional(),
      booked: z.strictObject(period).optional(),
      userId: positiveId('Bệnh nhân').optional(),
      clinic: z
        .strictObject(
          { program: z.enum(CLINIC_PROGRAMS, { message: 'Chương trình chăm sóc không hợp lệ' }).optional() },
          { error: 'Điều kiện thành viên phòng khám tư không hợp lệ' },
        )
        .optional(),
    },
    { error: (iss) => (iss.code === 'unrecognized_keys' ? `Điều kiện lọc không hỗ trợ: ${iss.keys.join(', ')}` : 'Nhóm nhận không hợp lệ') },
  )
  .superRefine((a, ctx) => {
    for (const p of audienceProblems(a)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
  });
export type AudienceFiltersDto = z.infer<typeof audienceFilters>;

export const groupLink = z
  .object({
    type: z.enum(LINK_TYPES, { message: 'Loại liên kết không hợp lệ' }),
    value: z.string().trim().max(2000, 'Liên kết tối đa 2.000 ký tự').nullable().optional(),
  })
  .superRefine((l, ctx) => {
    const p = linkProblem(l);
    if (p) ctx.addIssue({ code: 'custom', path: ['value'], message: p });
  })
  .transform((l) => ({ type: l.type, value: l.type === 'NONE' || l.type === 'PRICE_LIST' ? null : (l.value ?? null) }));

export const groupBody = z.object({
  title: z
    .string({ message: 'Vui lòng nhập tiêu đề' })
    .trim()
    .min(1, 'Vui lòng nhập tiêu đề')
    .max(NOTIFICATION_TITLE_MAX, `Tiêu đề tối đa ${NOTIFICATION_TITLE_MAX} ký tự`),
  content: z
    .string({ message: 'Vui lòng nhập nội dung' })
    .trim()
    .min(1, 'Vui lòng nhập nội dung')
    .max(NOTIFICATION_CONTENT_MAX, `Nội dung tối đa ${NOTIFICATION_CONTENT_MAX.toLocaleString('vi-VN')} ký tự (giới hạn của thông báo đẩy trên điện thoại)`),
  imageUrl: z.string().regex(CONTENT_IMAGE_SRC_RE, 'Ảnh không hợp lệ: hãy tải ảnh lên (JPEG, PNG hoặc WebP)').nullable().optional(),
  link: groupLink.optional().default({ type: 'NONE', value: null }),
  kind: z.enum(MESSAGE_KINDS, { message: 'Loại tin không hợp lệ' }),
  audience: audienceFilters,
});
export type GroupBody = z.input<typeof groupBody>;
export type GroupBodyParsed = z.infer<typeof groupBody>;

export const scheduleBody = z.object({
  scheduledAt: z.iso.datetime({ offset: true, message: 'Thời điểm gửi không hợp lệ' }),
});

export const groupTotals = z.object(Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, z.number().int()])) as Record<DeliveryStatus, z.ZodNumber>);
export type GroupTotals = z.infer<typeof groupTotals>;

export const groupRow = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  imageUrl: z.string().nullable(),
  link: z.object({ type: z.enum(LINK_TYPES), value: z.string().nullable() }),
  kind: z.enum(MESSAGE_KINDS),
  audience: z.record(z.string(), z.unknown()),
  /** The names of what the audience names by code or id (province, ward, department, specialty, patient). */
  audienceNames: z.object({
    province: z.string().optional(),
    ward: z.string().optional(),
    department: z.string().optional(),
    specialty: z.string().optional(),
    patient: z.string().optional(),
  }),
  status: z.enum(GROUP_STATUSES),
  recipients: z.number().int().nullable(),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** An advertising campaign held outside 07:00–22:00: when it really starts (Nghị định 91/2020). */
  waitsUntil: z.string().nullable(),
  error: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GroupDto = z.infer<typeof groupRow>;
export type AudienceNames = GroupDto['audienceNames'];
export const groupDetail = groupRow.extend({ totals: groupTotals });
export type GroupDetailDto = z.infer<typeof groupDetail>;

export const recipientRow = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  patientName: z.string(),
  /** Masked ("09•••78") unless the viewer holds MANAGER_USER, as the logs screen does. */
  phone: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  channel: z.string().nullable(),
  error: z.string().nullable(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
});
export type RecipientDto = z.infer<typeof recipientRow>;

export const groupListQuery = z
  .object({
    /** Words of the title or content, without diacritics. */
    content: z.string().trim().max(200, 'Từ khoá tối đa 200 ký tự').optional(),
    scheduleFrom: isoDay('Hẹn gửi từ ngày').optional(),
    scheduleTo: isoDay('Hẹn gửi đến ngày').optional(),
    status: z.enum(GROUP_STATUSES, { message: 'Trạng thái không hợp lệ' }).optional(),
    ...pagingParams(20),
  })
  .superRefine((q, ctx) => {
    if (q.scheduleFrom && q.scheduleTo && q.scheduleTo < q.scheduleFrom)
      ctx.addIssue({ code: 'custom', path: ['scheduleTo'], message: AUDIENCE_MESSAGES.periodOrder });
  });
export type GroupListQuery = z.infer<typeof groupListQuery>;

export const OPTION_KINDS = ['provinces', 'wards', 'departments', 'specialties', 'patients'] as const;
export type GroupOptionKind = (typeof OPTION_KINDS)[number];
export const optionQuery = z.object({
  search: z.string().trim().max(100, 'Từ khoá tối đa 100 ký tự').optional(),
  provinceCode: z
    .string()
    .regex(/^\d{2}$/, 'Mã tỉnh không hợp lệ')
    .optional(),
  ...pagingParams(20),
});
export const optionPage = z.object({
  code: z.literal(0),
  data: z.array(z.object({ value: z.string(), name: z.string() })),
  totalPage: z.number().int(),
});

const idParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'Mã không hợp lệ')
    .transform(Number),
});
const P = NOTIFICATION_GROUPS_PATH;
const one = envelope(groupDetail);

export const notificationGroupEndpoints = {
  list: endpoint({
    method: 'GET',
    path: P,
    summary: 'Tìm nhóm thông báo theo nội dung (không dấu), ngày hẹn gửi và trạng thái; mới nhất trước',
    query: groupListQuery,
    response: pageEnvelope(groupRow),
    errors: [400, 401, 403],
  }),
  get: endpoint({
    method: 'GET',
    path: `${P}/:id`,
    summary: 'Một nhóm thông báo và số tin theo trạng thái gửi',
    params: idParam,
    response: one,
    errors: [400, 401, 403, 404],
  }),
  create: endpoint({
    method: 'POST',
    path: P,
    summary: 'Tạo nhóm thông báo (nháp)',
    body: groupBody,
    response: one,
    errors: [400, 401, 403],
  }),
  update: endpoint({
    method: 'PUT',
    path: `${P}/:id`,
    summary: 'Sửa nhóm thông báo nháp hoặc đã hẹn giờ',
    params: idParam,
    body: groupBody,
    response: one,
    errors: [400, 401, 403, 404, 409],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${P}/:id`,
    summary: 'Xoá nhóm thông báo nháp',
    params: idParam,
    response: envelope(z.object({ id: z.number().int() })),
    errors: [400, 401, 403, 404, 409],
  }),
  send: endpoint({
    method: 'POST',
    path: `${P}/:id/send`,
    summary: 'Gửi ngay (tin quảng cáo ngoài 07:00–22:00 chờ đến 07:00)',
    params: idParam,
    response: one,
    errors: [400, 401, 403, 404, 409],
  }),
  schedule: endpoint({
    method: 'POST',
    path: `${P}/:id/schedule`,
    summary: 'Hẹn giờ gửi (thời điểm sau hiện tại)',
    params: idParam,
    body: scheduleBody,
    response: one,
    errors: [400, 401, 403, 404, 409],
  }),
  cancel: endpoint({
    method: 'POST',
    path: `${P}/:id/cancel`,
    summary: 'Huỷ nhóm thông báo đã hẹn giờ chưa gửi',
    params: idParam,
    response: one,
    errors: [400, 401, 403, 404, 409],
  }),
  count: endpoint({
    method: 'POST',
    path: `${P}/audience/count`,
    summary: 'Số tài khoản bệnh nhân nhóm nhận chọn được',
    body: z.object({ audience: audienceFilters }),
    response: envelope(z.object({ count: z.number().int() })),
    errors: [400, 401, 403],
  }),
  recipients: endpoint({
    method: 'GET',
    path: `${P}/:id/recipients`,
    summary: 'Từng người nhận của nhóm thông báo: trạng thái, kênh, lỗi, thời điểm gửi, nhận, đọc',
    params: idParam,
    query: z.object({ status: z.enum(DELIVERY_STATUSES, { message: 'Trạng thái không hợp lệ' }).optional(), ...pagingParams(20) }),
    response: pageEnvelope(recipientRow),
    errors: [400, 401, 403, 404],
  }),
  options: endpoint({
    method: 'GET',
    path: `${P}/options/:kind`,
    summary: 'Ô chọn của bộ lọc nhóm nhận: tỉnh/thành phố, phường/xã, khoa, chuyên khoa, bệnh nhân',
    params: z.object({ kind: z.enum(OPTION_KINDS, { message: 'Danh mục không hợp lệ' }) }),
    query: optionQuery,
    response: optionPage,
    errors: [400, 401, 403],
  }),
};
