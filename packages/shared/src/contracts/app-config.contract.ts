import { z } from 'zod';
import { envelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import {
  APP_LINK_TYPES,
  APP_MENU_ICONS,
  APP_PLATFORMS,
  appLinkProblem,
  BANNER_PERIOD_MESSAGE,
  BANNER_STATUSES,
  bannerPeriodInvalid,
} from '../rules/app-config';
import { CONTENT_IMAGE_SRC_RE } from './content.contract';

/**
 * The patient app's configuration (issue 18, /admin/menu "Cấu hình phần mềm", MANAGER_SETTING): the entries of the
 * app's home menu and its banners (spec §7 "banners and screen configs of type BANNER_APP_PLUS"); and the public
 * calls the app makes by facility code (no sign-in, never 401/403). docs/decisions.md "Patient app menu and banners".
 */
export const APP_MENU_PATH = '/api/his/v1/app-menu-items';
export const BANNERS_PATH = '/api/his/v1/banners';
export const APP_PUBLIC_PATHS = {
  menu: '/api/app/v1/home-menu',
  banners: '/api/app/v1/banners',
} as const;

/** The screen config type of the home screen's banners (spec §7). */
export const BANNER_TYPE = 'BANNER_APP_PLUS';
/** Sort order: 1 (first) to ORDER_MAX. */
export const ORDER_MAX = 999;
/** At most this many entries / banners per facility (a phone shows a dozen; the rest is a mistake). */
export const MENU_ITEMS_MAX = 60;
export const BANNERS_MAX = 100;
export const MENU_NAME_MAX = 50;
export const BANNER_TITLE_MAX = 200;

export const APP_CONFIG_MESSAGES = {
  menuNotFound: 'Không tìm thấy mục menu',
  bannerNotFound: 'Không tìm thấy banner',
  imageRequired: 'Vui lòng tải ảnh banner lên',
  imageInvalid: 'Ảnh không hợp lệ: hãy tải ảnh lên (JPEG, PNG hoặc WebP, tối đa 5 MB)',
  imageMissing: 'Không tìm thấy ảnh đã tải lên: vui lòng tải ảnh lại',
  reorderMismatch: 'Danh sách sắp xếp phải gồm đúng mỗi mục hiện có một lần; vui lòng tải lại trang',
  tooManyMenu: `Menu có tối đa ${MENU_ITEMS_MAX} mục`,
  tooManyBanners: `Có tối đa ${BANNERS_MAX} banner`,
  facilityNotFound: 'Không tìm thấy cơ sở y tế',
} as const;

const idParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'Mã không hợp lệ')
    .transform(Number),
});

const platforms = z
  .array(z.enum(APP_PLATFORMS, { message: 'Nền tảng phải là ANDROID, IOS hoặc WEB' }), { message: 'Vui lòng chọn nền tảng' })
  .min(1, 'Vui lòng chọn ít nhất một nền tảng')
  .max(APP_PLATFORMS.length, 'Nền tảng bị lặp')
  .refine((p) => new Set(p).size === p.length, 'Nền tảng bị lặp')
  .transform((p) => APP_PLATFORMS.filter((x) => p.includes(x)));

const order = z
  .number({ message: 'Thứ tự phải là số' })
  .int('Thứ tự phải là số nguyên')
  .min(1, `Thứ tự phải từ 1 đến ${ORDER_MAX}`)
  .max(ORDER_MAX, `Thứ tự phải từ 1 đến ${ORDER_MAX}`);

/** A link as the form sends it; `allowNone` for banners. */
const appLink = (allowNone: boolean) =>
  z
    .object({
      type: z.enum(APP_LINK_TYPES, { message: 'Loại liên kết không hợp lệ' }),
      value: z.string().trim().max(2000, 'Liên kết tối đa 2.000 ký tự').nullable().optional(),
    })
    .superRefine((l, ctx) => {
      const p = appLinkProblem(l, allowNone);
      if (p) ctx.addIssue({ code: 'custom', path: l.type === 'NONE' ? ['type'] : ['value'], message: p });
    })
    .transform((l) => ({ type: l.type, value: l.type === 'NONE' ? null : (l.value ?? null) }));

export const appLinkRow = z.object({ type: z.enum(APP_LINK_TYPES), value: z.string().nullable() });
export type AppLinkDto = z.infer<typeof appLinkRow>;

// ——— menu items ———

export const menuItemBody = z.object({
  name: z.string({ message: 'Vui lòng nhập tên mục' }).trim().min(1, 'Vui lòng nhập tên mục').max(MENU_NAME_MAX, `Tên mục tối đa ${MENU_NAME_MAX} ký tự`),
  icon: z.enum(APP_MENU_ICONS, { message: 'Biểu tượng không có trong ứng dụng: hãy chọn trong danh sách' }),
  link: appLink(false),
  /** Absent: after the last entry. */
  order: order.optional(),
  visible: z.boolean({ message: 'Giá trị hiển thị không hợp lệ' }).optional().default(true),
  platforms,
});
export type MenuItemBody = z.input<typeof menuItemBody>;
export type MenuItemBodyParsed = z.infer<typeof menuItemBody>;

export const menuItemRow = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.enum(APP_MENU_ICONS),
  link: appLinkRow,
  order: z.number().int(),
  visible: z.boolean(),
  platforms: z.array(z.enum(APP_PLATFORMS)),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type MenuItemDto = z.infer<typeof menuItemRow>;

// ——— banners ———

const instant = (label: string) => z.iso.datetime({ offset: true, message: `${label} không hợp lệ` });

export const bannerBody = z
  .object({
    title: z
      .string({ message: 'Vui lòng nhập tiêu đề' })
      .trim()
      .min(1, 'Vui lòng nhập tiêu đề')
      .max(BANNER_TITLE_MAX, `Tiêu đề tối đa ${BANNER_TITLE_MAX} ký tự`),
    imageUrl: z
      .string({ message: APP_CONFIG_MESSAGES.imageRequired })
      .min(1, APP_CONFIG_MESSAGES.imageRequired)
      .regex(CONTENT_IMAGE_SRC_RE, APP_CONFIG_MESSAGES.imageInvalid),
    link: appLink(true).optional().default({ type: 'NONE', value: null }),
    /** ISO 8601 with offset; null = from now on / for ever. */
    activeFrom: instant('Thời điểm bắt đầu').nullable().optional(),
    activeTo: instant('Thời điểm kết thúc').nullable().optional(),
    order: order.optional(),
    visible: z.boolean({ message: 'Giá trị hiển thị không hợp lệ' }).optional().default(true),
    platforms,
  })
  .superRefine((b, ctx) => {
    if (bannerPeriodInvalid(b.activeFrom, b.activeTo)) ctx.addIssue({ code: 'custom', path: ['activeTo'], message: BANNER_PERIOD_MESSAGE });
  });
export type BannerBody = z.input<typeof bannerBody>;
export type BannerBodyParsed = z.infer<typeof bannerBody>;

export const bannerRow = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  link: appLinkRow,
  activeFrom: z.string().nullable(),
  activeTo: z.string().nullable(),
  order: z.number().int(),
  visible: z.boolean(),
  platforms: z.array(z.enum(APP_PLATFORMS)),
  /** At the time of the answer (rules/app-config.ts bannerStatus). */
  status: z.enum(BANNER_STATUSES),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type BannerDto = z.infer<typeof bannerRow>;

export const bannerListQuery = z.object({
  status: z.enum(BANNER_STATUSES, { message: 'Trạng thái không hợp lệ' }).optional(),
  platform: z.enum(APP_PLATFORMS, { message: 'Nền tảng phải là ANDROID, IOS hoặc WEB' }).optional(),
});

// ——— shared operations ———

export const reorderBody = z.object({
  ids: z
    .array(z.number({ message: 'Mã không hợp lệ' }).int('Mã không hợp lệ').positive('Mã không hợp lệ'), {
      message: 'Vui lòng gửi danh sách mã theo thứ tự mới',
    })
    .min(1, 'Vui lòng gửi danh sách mã theo thứ tự mới')
    .max(BANNERS_MAX, APP_CONFIG_MESSAGES.reorderMismatch)
    .refine((ids) => new Set(ids).size === ids.length, APP_CONFIG_MESSAGES.reorderMismatch),
});
export const visibleBody = z.object({ visible: z.boolean({ message: 'Giá trị hiển thị không hợp lệ' }) });
const removed = envelope(z.object({ id: z.number().int() }));

// ——— public (the patient app) ———

export const appPublicQuery = z.object({
  facilityCode: z.string({ message: 'Vui lòng gửi mã cơ sở y tế' }).trim().min(1, 'Vui lòng gửi mã cơ sở y tế').max(50, 'Mã cơ sở y tế tối đa 50 ký tự'),
  platform: z.enum(APP_PLATFORMS, { message: 'Nền tảng phải là ANDROID, IOS hoặc WEB' }),
});
export const publicMenuItem = z.object({ id: z.number().int(), name: z.string(), icon: z.enum(APP_MENU_ICONS), link: appLinkRow });
export type PublicMenuItem = z.infer<typeof publicMenuItem>;
export const publicBanner = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string(),
  link: appLinkRow,
  /** When it stops showing (the app may drop it then without asking again), or null. */
  activeTo: z.string().nullable(),
});
export type PublicBanner = z.infer<typeof publicBanner>;

const M = APP_MENU_PATH;
const B = BANNERS_PATH;

export const appConfigEndpoints = {
  menuList: endpoint({
    method: 'GET',
    path: M,
    summary: 'Các mục menu trang chủ của ứng dụng bệnh nhân, theo thứ tự',
    response: envelope(z.array(menuItemRow)),
    errors: [401, 403],
  }),
  menuCreate: endpoint({
    method: 'POST',
    path: M,
    summary: 'Thêm mục menu trang chủ ứng dụng',
    body: menuItemBody,
    response: envelope(menuItemRow),
    errors: [400, 401, 403],
  }),
  menuUpdate: endpoint({
    method: 'PUT',
    path: `${M}/:id`,
    summary: 'Sửa mục menu trang chủ ứng dụng',
    params: idParam,
    body: menuItemBody,
    response: envelope(menuItemRow),
    errors: [400, 401, 403, 404],
  }),
  menuRemove: endpoint({
    method: 'DELETE',
    path: `${M}/:id`,
    summary: 'Xoá mục menu trang chủ ứng dụng',
    params: idParam,
    response: removed,
    errors: [400, 401, 403, 404],
  }),
  menuVisible: endpoint({
    method: 'PUT',
    path: `${M}/:id/visible`,
    summary: 'Hiện hoặc ẩn mục menu trang chủ ứng dụng',
    params: idParam,
    body: visibleBody,
    response: envelope(menuItemRow),
    errors: [400, 401, 403, 404],
  }),
  menuReorder: endpoint({
    method: 'POST',
    path: `${M}/reorder`,
    summary: 'Sắp xếp lại menu trang chủ ứng dụng: mã của mọi mục theo thứ tự mới',
    body: reorderBody,
    response: envelope(z.array(menuItemRow)),
    errors: [400, 401, 403],
  }),
  bannerList: endpoint({
    method: 'GET',
    path: B,
    summary: 'Banner của ứng dụng bệnh nhân (cấu hình màn hình BANNER_APP_PLUS) theo thứ tự; lọc theo trạng thái và nền tảng',
    query: bannerListQuery,
    response: envelope(z.array(bannerRow)),
    errors: [400, 401, 403],
  }),
  bannerCreate: endpoint({
    method: 'POST',
    path: B,
    summary: 'Thêm banner',
    body: bannerBody,
    response: envelope(bannerRow),
    errors: [400, 401, 403],
  }),
  bannerUpdate: endpoint({
    method: 'PUT',
    path: `${B}/:id`,
    summary: 'Sửa banner',
    params: idParam,
    body: bannerBody,
    response: envelope(bannerRow),
    errors: [400, 401, 403, 404],
  }),
  bannerRemove: endpoint({
    method: 'DELETE',
    path: `${B}/:id`,
    summary: 'Xoá banner',
    params: idParam,
    response: removed,
    errors: [400, 401, 403, 404],
  }),
  bannerVisible: endpoint({
    method: 'PUT',
    path: `${B}/:id/visible`,
    summary: 'Hiện hoặc ẩn banner',
    params: idParam,
    body: visibleBody,
    response: envelope(bannerRow),
    errors: [400, 401, 403, 404],
  }),
  bannerReorder: endpoint({
    method: 'POST',
    path: `${B}/reorder`,
    summary: 'Sắp xếp lại banner: mã của mọi banner theo thứ tự mới',
    body: reorderBody,
    response: envelope(z.array(bannerRow)),
    errors: [400, 401, 403],
  }),
};

/** What the patient app reads at start (public, by facility code; cached). */
export const appPublicEndpoints = {
  menu: endpoint({
    method: 'GET',
    path: APP_PUBLIC_PATHS.menu,
    summary: 'Ứng dụng bệnh nhân: menu trang chủ của cơ sở cho một nền tảng (các mục đang hiện, theo thứ tự; công khai)',
    query: appPublicQuery,
    response: envelope(z.array(publicMenuItem)),
    errors: [400, 404],
  }),
  banners: endpoint({
    method: 'GET',
    path: APP_PUBLIC_PATHS.banners,
    summary: 'Ứng dụng bệnh nhân: banner đang hiển thị của cơ sở cho một nền tảng, theo thứ tự (công khai)',
    query: appPublicQuery,
    response: envelope(z.array(publicBanner)),
    errors: [400, 404],
  }),
};
