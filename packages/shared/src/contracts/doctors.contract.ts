import { z } from 'zod';
import { envelope, pageEnvelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { idFilter, listQuerySchema } from '../core/list-query';
import { fileEndpoint } from '../core/endpoint-files';
import { resourceEndpoints, resourceIdParams } from '../core/resource-endpoints';
import { doctorResource } from '../resources/doctors.resource';
import { MONTH_RE } from '../rules/doctor-title';

/** Largest working process kept per doctor. */
export const WORK_HISTORY_MAX = 30;
/** Avatar upload: JPEG, PNG or WebP up to 2 MB. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

const month = (label: string) => z.string({ message: `${label} không hợp lệ` }).regex(MONTH_RE, `${label} không hợp lệ (MM/YYYY)`);

/** One period of the working process (quá trình công tác): months 'YYYY-MM'; `to` null = until now. */
export const workPeriod = z
  .strictObject({
    from: month('Từ tháng'),
    to: month('Đến tháng').nullable().optional().default(null),
    place: z.string({ message: 'Vui lòng nhập nơi công tác' }).trim().min(1, 'Vui lòng nhập nơi công tác').max(200, 'Nơi công tác tối đa 200 ký tự'),
    position: z.string().trim().max(200, 'Chức vụ / công việc tối đa 200 ký tự').nullable().optional().default(null),
  })
  .refine((p) => !p.to || p.to >= p.from, { message: 'Đến tháng phải sau hoặc bằng từ tháng', path: ['to'] });
export type WorkPeriod = z.infer<typeof workPeriod>;

/** Phone as staff type it ("0912 345 678", "024.3942.1115", "+84 912345678"), kept as typed. */
const phone = z
  .string({ message: 'Số điện thoại phải là chuỗi ký tự' })
  .trim()
  .max(15, { message: 'Số điện thoại tối đa 15 ký tự', abort: true })
  .refine((v) => v === '' || /^(\+84|0)\d{9,10}$/.test(v.replace(/[\s.-]/g, '')), 'Số điện thoại không hợp lệ')
  .nullable()
  .optional();
const email = z
  .string({ message: 'Email phải là chuỗi ký tự' })
  .trim()
  .max(100, { message: 'Email tối đa 100 ký tự', abort: true })
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Email không hợp lệ')
  .nullable()
  .optional();

/** POST / PUT body: the resource's fields with stricter phone and email, plus the working process. */
export const doctorBody = doctorResource.body.extend({
  phone,
  email,
  workHistory: z
    .array(workPeriod, { message: 'Quá trình công tác phải là danh sách' })
    .max(WORK_HISTORY_MAX, `Quá trình công tác tối đa ${WORK_HISTORY_MAX} dòng`)
    .optional()
    .default([]),
});
/** What `doctorBody` yields (the resource's fields are typed loosely by defineResource). */
export interface DoctorInput {
  code: string;
  name: string;
  gender: string;
  dateOfBirth?: string | null;
  academicTitle?: string | null;
  degree: string;
  position?: string | null;
  departmentId: number;
  specialtyIds: number[];
  roomIds: number[];
  phone?: string | null;
  email?: string | null;
  biography?: string | null;
  workHistory: WorkPeriod[];
}

const named = z.object({ id: z.number(), code: z.string(), name: z.string() });
export type NamedRef = z.infer<typeof named>;

/** A doctor in the list and in answers to writes. */
export const doctorRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  /** "PGS.TS.BS Trần Văn Minh". */
  displayName: z.string(),
  gender: z.string(),
  dateOfBirth: z.string().nullable(),
  academicTitle: z.string().nullable(),
  degree: z.string(),
  position: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  biography: z.string().nullable(),
  /** URL of the photo (public, immutable), or null. */
  avatarUrl: z.string().nullable(),
  departmentId: z.number(),
  department: named.nullable(),
  specialtyIds: z.array(z.number()),
  specialties: z.array(named),
  roomIds: z.array(z.number()),
  rooms: z.array(named),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DoctorRow = z.infer<typeof doctorRow>;

export const doctorDetail = doctorRow.extend({
  workHistory: z.array(z.object({ id: z.number(), from: z.string(), to: z.string().nullable(), place: z.string(), position: z.string().nullable() })),
});
export type DoctorDetail = z.infer<typeof doctorDetail>;

export const doctorPage = pageEnvelope(doctorRow);
export const doctorOne = envelope(doctorRow);
export const doctorDetailOne = envelope(doctorDetail);

/**
 * GET /api/catalog/v1/doctors/select — the paged doctor dropdown of later screens (schedules,
 * bookings): active doctors of the caller's facility, `q` without diacritics, optional
 * department / specialty / room.
 */
export const doctorSelectQuery = listQuerySchema({
  sortable: ['name', 'code'],
  filters: { departmentId: idFilter.optional(), specialtyId: idFilter.optional(), roomId: idFilter.optional() },
});
export const doctorSelectItem = z.object({
  id: z.number(),
  /** What a dropdown shows: "PGS.TS.BS Trần Văn Minh". */
  name: z.string(),
  fullName: z.string(),
  code: z.string(),
  departmentId: z.number(),
  departmentName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type DoctorSelectItem = z.infer<typeof doctorSelectItem>;
export const doctorSelectPage = pageEnvelope(doctorSelectItem);

/** What a doctor can be linked to: departments, specialties and rooms of the facility (paged, for the form's dropdowns). */
export const DOCTOR_LINK_KINDS = ['departments', 'specialties', 'rooms'] as const;
export type DoctorLinkKind = (typeof DOCTOR_LINK_KINDS)[number];
/** `id` reads one row (the name of a value restored from a link); `departmentId` narrows rooms. */
export const linkOptionsQuery = listQuerySchema({ sortable: ['name', 'code'], filters: { id: idFilter.optional(), departmentId: idFilter.optional() } });
export const linkOption = z.object({ id: z.number(), code: z.string(), name: z.string(), departmentId: z.number().nullable().optional() });
export const linkOptionsPage = pageEnvelope(linkOption);

/** Where doctors' photos are served (public: the hospital's site and booking app show them). */
export const AVATAR_PATH = '/api/catalog/v1/public/doctor-avatars';
/** A stored photo's name: its content hash and type (the names core/uploads gives files). */
export const AVATAR_FILE_RE = /^[a-f0-9]{32}\.(jpg|png|webp)$/;

/** The doctors' generic routes (core/resource-endpoints.ts): the detail with its working process, the list's lighter rows. */
export const doctorEndpoints = resourceEndpoints(doctorResource, {
  row: doctorDetail,
  listRow: doctorRow,
  body: doctorBody,
  optionsQuery: doctorSelectQuery,
  optionItem: doctorSelectItem,
  summaries: {
    list: 'Bác sĩ: danh sách (lọc theo khoa, chuyên khoa, phòng khám, học hàm, học vị, trạng thái; tìm không dấu)',
    options: 'Bác sĩ: danh sách chọn (dropdown phân trang) — bác sĩ đang hoạt động, lọc theo khoa / chuyên khoa / phòng khám',
    export: 'Bác sĩ: xuất Excel (.xlsx) theo bộ lọc',
    get: 'Bác sĩ: chi tiết (kèm quá trình công tác)',
    setActive: 'Bác sĩ: ngừng / cho hoạt động lại (không xoá)',
    remove: 'Bác sĩ: xoá (chỉ khi chưa có lịch làm việc / đặt khám nào dùng đến)',
  },
});

/** What only doctors have: the link dropdowns of the form and the photo. */
export const doctorOwnEndpoints = {
  linkOptions: endpoint({
    method: 'GET',
    path: `${doctorResource.path}/link-options/:kind`,
    summary: 'Bác sĩ: khoa / chuyên khoa / phòng khám đang hoạt động để gắn cho bác sĩ (dropdown phân trang)',
    params: z.object({ kind: z.enum(DOCTOR_LINK_KINDS, { message: 'Loại danh mục không hợp lệ' }) }),
    query: linkOptionsQuery,
    response: linkOptionsPage,
    errors: [400, 401, 403],
  }),
  /** The body is the image itself (Content-Type image/jpeg|png|webp), not JSON: the web sends it with uploadFile. */
  setAvatar: endpoint({
    method: 'PUT',
    path: `${doctorResource.path}/:id/avatar`,
    summary: 'Bác sĩ: tải ảnh đại diện (thân yêu cầu là ảnh JPEG, PNG hoặc WebP, tối đa 2 MB)',
    params: resourceIdParams,
    response: doctorDetailOne,
    errors: [400, 401, 403, 404, 413],
  }),
  removeAvatar: endpoint({
    method: 'DELETE',
    path: `${doctorResource.path}/:id/avatar`,
    summary: 'Bác sĩ: xoá ảnh đại diện',
    params: resourceIdParams,
    response: doctorDetailOne,
    errors: [400, 401, 403, 404],
  }),
  avatarFile: fileEndpoint({
    method: 'GET',
    path: `${AVATAR_PATH}/:file`,
    summary: 'Ảnh đại diện bác sĩ (công khai)',
    params: z.object({ file: z.string().regex(AVATAR_FILE_RE, 'Tên tệp không hợp lệ') }),
    errors: [400, 404],
    file: { type: 'image/*' },
  }),
};
