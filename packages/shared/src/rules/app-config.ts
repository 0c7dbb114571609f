/**
 * The patient app's home menu and banners (issue 18; docs/decisions.md "Patient app menu and banners"): what a link
 * may open and when a banner shows. Pure, shared by the admin form, the server and the tests.
 */

/** Where an entry or a banner is shown. */
export const APP_PLATFORMS = ['ANDROID', 'IOS', 'WEB'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];
export const APP_PLATFORM_LABELS: Record<AppPlatform, string> = { ANDROID: 'Android', IOS: 'iOS', WEB: 'Web' };

/** The icons the app ships (a key the app does not know would show nothing). */
export const APP_MENU_ICONS = [
  'calendar',
  'test-tube',
  'doctor-chat',
  'price-tag',
  'news',
  'guide',
  'history',
  'hospital',
  'phone',
  'medicine',
  'payment',
  'queue',
  'profile',
  'map',
  'bell',
  'star',
] as const;
export type AppMenuIcon = (typeof APP_MENU_ICONS)[number];
export const APP_MENU_ICON_LABELS: Record<AppMenuIcon, string> = {
  calendar: 'Lịch hẹn',
  'test-tube': 'Ống nghiệm',
  'doctor-chat': 'Hỏi bác sĩ',
  'price-tag': 'Bảng giá',
  news: 'Tin tức',
  guide: 'Hướng dẫn',
  history: 'Lịch sử',
  hospital: 'Bệnh viện',
  phone: 'Điện thoại',
  medicine: 'Thuốc',
  payment: 'Thanh toán',
  queue: 'Số thứ tự',
  profile: 'Hồ sơ',
  map: 'Bản đồ',
  bell: 'Thông báo',
  star: 'Đánh giá',
};

/** The screens of the app a link may open, by the key the app routes with. */
export const APP_SCREENS = [
  'booking',
  'results',
  'ask-doctor',
  'price-list',
  'news',
  'visit-guide',
  'history',
  'medical-profiles',
  'notifications',
  'queue-number',
  'payment',
  'feedback',
  'hotline',
  'map',
] as const;
export type AppScreen = (typeof APP_SCREENS)[number];
export const APP_SCREEN_LABELS: Record<AppScreen, string> = {
  booking: 'Đặt khám',
  results: 'Kết quả xét nghiệm, chẩn đoán hình ảnh',
  'ask-doctor': 'Hỏi bác sĩ',
  'price-list': 'Bảng giá dịch vụ',
  news: 'Danh sách tin tức',
  'visit-guide': 'Hướng dẫn khám bệnh',
  history: 'Lịch sử khám',
  'medical-profiles': 'Hồ sơ sức khoẻ',
  notifications: 'Hộp thư thông báo',
  'queue-number': 'Số thứ tự khám',
  payment: 'Thanh toán viện phí',
  feedback: 'Góp ý, đánh giá',
  hotline: 'Gọi tổng đài',
  map: 'Bản đồ bệnh viện',
};

/**
 * What a menu entry or a banner opens: an app screen by key, a news article by alias, a web address; a banner may
 * open nothing. The app reads `{ type, value }`.
 */
export const APP_LINK_TYPES = ['NONE', 'SCREEN', 'NEWS', 'URL'] as const;
export type AppLinkType = (typeof APP_LINK_TYPES)[number];
export const APP_LINK_TYPE_LABELS: Record<AppLinkType, string> = {
  NONE: 'Không mở gì',
  SCREEN: 'Màn hình trong ứng dụng',
  NEWS: 'Bài viết tin tức',
  URL: 'Địa chỉ web',
};

/** A news article's alias: lower-case ASCII words joined by hyphens, at most 200 characters. */
const NEWS_ALIAS_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const URL_MAX = 2000;
// C0 controls, space, DEL, C1 controls: none may appear in an address the app opens
const CONTROL_OR_SPACE_RE = /[\u0000-\u0020\u007f-\u009f]/;

export const APP_LINK_MESSAGES = {
  screen: 'Màn hình không có trong ứng dụng: hãy chọn trong danh sách',
  news: 'Đường dẫn bài viết không hợp lệ (chữ thường không dấu, số và dấu gạch ngang)',
  url: 'Địa chỉ web không hợp lệ (bắt đầu bằng http:// hoặc https://, không có dấu cách)',
  none: 'Mục menu phải mở một màn hình, một bài viết hoặc một địa chỉ web',
} as const;

/** True for an absolute http(s) address with a host and nothing a browser would reinterpret. */
export function isWebAddress(v: string): boolean {
  if (v.length === 0 || v.length > URL_MAX || CONTROL_OR_SPACE_RE.test(v) || !/^https?:\/\/[^/\\]/i.test(v)) return false;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** Why a link is refused (Vietnamese), or null. `allowNone`: a banner may open nothing, a menu entry may not. */
export function appLinkProblem(link: { type: string; value?: string | null }, allowNone: boolean): string | null {
  const v = link.value ?? '';
  switch (link.type) {
    case 'NONE':
      return allowNone ? null : APP_LINK_MESSAGES.none;
    case 'SCREEN':
      return (APP_SCREENS as readonly string[]).includes(v) ? null : APP_LINK_MESSAGES.screen;
    case 'NEWS':
      return NEWS_ALIAS_RE.test(v) && v.length <= 200 ? null : APP_LINK_MESSAGES.news;
    case 'URL':
      return isWebAddress(v) ? null : APP_LINK_MESSAGES.url;
    default:
      return APP_LINK_MESSAGES.none;
  }
}

/** Where a banner stands at an instant: hidden by staff, not started yet, showing, or over. */
export const BANNER_STATUSES = ['ACTIVE', 'UPCOMING', 'ENDED', 'HIDDEN'] as const;
export type BannerStatus = (typeof BANNER_STATUSES)[number];
export const BANNER_STATUS_LABELS: Record<BannerStatus, string> = {
  ACTIVE: 'Đang hiển thị',
  UPCOMING: 'Sắp hiển thị',
  ENDED: 'Đã kết thúc',
  HIDDEN: 'Đã ẩn',
};

const ms = (v: Date | string | null | undefined): number | null => (v == null ? null : new Date(v).getTime());

/**
 * A banner's status at `now`: HIDDEN when staff hid it (whatever its period), else ENDED from `activeTo` on
 * (exclusive end), UPCOMING before `activeFrom` (inclusive start), else ACTIVE. A missing bound is open.
 */
export function bannerStatus(
  b: { visible: boolean; activeFrom: Date | string | null | undefined; activeTo: Date | string | null | undefined },
  now: Date = new Date(),
): BannerStatus {
  if (!b.visible) return 'HIDDEN';
  const t = now.getTime();
  const to = ms(b.activeTo);
  if (to !== null && t >= to) return 'ENDED';
  const from = ms(b.activeFrom);
  if (from !== null && t < from) return 'UPCOMING';
  return 'ACTIVE';
}

export const BANNER_PERIOD_MESSAGE = 'Thời điểm kết thúc phải sau thời điểm bắt đầu';

/** True when the period is empty or backwards (an end at or before the start). */
export function bannerPeriodInvalid(from: Date | string | null | undefined, to: Date | string | null | undefined): boolean {
  const f = ms(from);
  const e = ms(to);
  return f !== null && e !== null && e <= f;
}

/**
 * The next instant after `now` at which one of these banners changes status by its period (a start or an end still
 * ahead), or null: a cache of the active banners must not outlive it.
 */
export function nextBannerChange(
  banners: readonly { activeFrom: Date | string | null | undefined; activeTo: Date | string | null | undefined }[],
  now: Date = new Date(),
): Date | null {
  const t = now.getTime();
  let next = Infinity;
  for (const b of banners) {
    for (const v of [ms(b.activeFrom), ms(b.activeTo)]) if (v !== null && v > t && v < next) next = v;
  }
  return next === Infinity ? null : new Date(next);
}

/** The ids in a new order: the list as it is, one entry moved one place up (-1) or down (+1); unchanged at an end. */
export function moveId(ids: readonly number[], id: number, step: -1 | 1): number[] {
  const out = [...ids];
  const i = out.indexOf(id);
  const j = i + step;
  if (i < 0 || j < 0 || j >= out.length) return out;
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}
