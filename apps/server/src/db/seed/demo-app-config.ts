import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { BANNER_TYPE } from '@portal/shared/contracts/app-config.contract';
import { CONTENT_IMAGE_PATH } from '@portal/shared/contracts/content.contract';
import { addDays } from '@portal/shared/rules/period';
import { todayVn } from '@portal/shared/rules/time';
import type { Executor } from '../../core/db';
import type { FileStore } from '../../core/uploads';
import { encodePng, type Rgb } from './demo-images';

/**
 * Demo data of the patient app's home (issue 18): the hospital's menu and five banners whose images are drawn here
 * as PNG files (./demo-images.ts) and stored as content images, as an
 * upload would store them. One banner has ended, one starts next week, one is hidden.
 */

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];
const WHITE: Rgb = [255, 255, 255];

export type Motif = 'cross' | 'calendar' | 'drop' | 'heart' | 'star';

/**
 * A 2:1 banner: a diagonal gradient, soft circles, a white card on the right holding the motif (a medical cross, a
 * calendar, a drop, a heart, a star) in the theme colour, and three light bars on the left where the app's title sits.
 */
export function bannerImage(from: Rgb, to: Rgb, motif: Motif, width = 800, height = 400): Buffer {
  const cx = width * 0.76;
  const cy = height * 0.5;
  const r = height * 0.3;
  const bubbles = [
    [width * 0.12, height * 0.15, height * 0.28],
    [width * 0.55, height * 0.95, height * 0.22],
    [width * 0.95, height * 0.05, height * 0.18],
  ] as const;
  const inMotif = (x: number, y: number): boolean => {
    const dx = x - cx;
    const dy = y - cy;
    const s = r * 0.55;
    switch (motif) {
      case 'cross':
        return (Math.abs(dx) < s * 0.28 && Math.abs(dy) < s) || (Math.abs(dy) < s * 0.28 && Math.abs(dx) < s);
      case 'calendar': {
        if (Math.abs(dx) > s || Math.abs(dy) > s) return false;
        if (dy < -s * 0.55) return true; // the header
        const gx = ((dx + s) / (2 * s)) * 4;
        const gy = ((dy + s * 0.55) / (s * 1.55)) * 3;
        return gx % 1 > 0.18 && gx % 1 < 0.82 && gy % 1 > 0.2 && gy % 1 < 0.8;
      }
      case 'drop':
        return dy > -s && (dx * dx + (dy - s * 0.3) ** 2 < (s * 0.7) ** 2 || (dy < s * 0.3 && Math.abs(dx) < ((dy + s) / (s * 1.3)) * s * 0.7));
      case 'heart': {
        const X = dx / (s * 1.05);
        const Y = -dy / (s * 1.05) + 0.25;
        return (X * X + Y * Y - 1) ** 3 - X * X * Y * Y * Y < 0;
      }
      default: {
        const a = Math.atan2(dy, dx);
        const d = Math.hypot(dx, dy);
        const k = Math.cos((5 * a) / 2) ** 2;
        return d < s * (0.45 + 0.55 * k);
      }
    }
  };
  // the title's three bars
  const bars = [
    [height * 0.3, width * 0.42, height * 0.07],
    [height * 0.44, width * 0.34, height * 0.07],
    [height * 0.63, width * 0.2, height * 0.09],
  ] as const;
  return encodePng(width, height, (x, y) => {
    let c = mix(from, to, (x / width) * 0.7 + (y / height) * 0.3);
    for (const [bx, by, br] of bubbles) if ((x - bx) ** 2 + (y - by) ** 2 < br * br) c = mix(c, WHITE, 0.12);
    for (const [top, w, h] of bars) if (x > width * 0.07 && x < width * 0.07 + w && y > top && y < top + h) c = mix(c, WHITE, top > height * 0.6 ? 0.95 : 0.55);
    const d2 = (x - cx) ** 2 + (y - cy) ** 2;
    if (d2 < r * r) c = inMotif(x, y) ? from : WHITE;
    else if (d2 < (r + 3) ** 2) c = mix(c, WHITE, 0.5);
    return c;
  });
}

interface DemoBanner {
  title: string;
  colours: [Rgb, Rgb];
  motif: Motif;
  link: [string, string | null];
  /** Midnight (+07:00) of the day this many days from today (negative: past); null = open. */
  from: number | null;
  to: number | null;
  visible: boolean;
  platforms: string[];
}

const BANNERS: DemoBanner[] = [
  {
    title: 'Khám sức khoẻ tổng quát – ưu đãi 20% đến hết tháng 12',
    colours: [
      [22, 119, 255],
      [19, 194, 194],
    ],
    motif: 'cross',
    link: ['URL', 'https://benhviendakhoaanphuc.vn/goi-kham-suc-khoe'],
    from: -10,
    to: 35,
    visible: true,
    platforms: ['ANDROID', 'IOS', 'WEB'],
  },
  {
    title: 'Đặt khám trực tuyến – đến đúng giờ, không phải xếp hàng',
    colours: [
      [8, 151, 156],
      [82, 196, 26],
    ],
    motif: 'calendar',
    link: ['SCREEN', 'booking'],
    from: null,
    to: null,
    visible: true,
    platforms: ['ANDROID', 'IOS', 'WEB'],
  },
  {
    title: 'Tiêm vắc-xin cúm mùa 2026 cho người cao tuổi',
    colours: [
      [56, 158, 13],
      [19, 194, 194],
    ],
    motif: 'drop',
    link: ['NEWS', 'tiem-vac-xin-cum-mua-2026'],
    from: -60,
    to: -5,
    visible: true,
    platforms: ['ANDROID', 'IOS'],
  },
  {
    title: 'Ngày hội hiến máu nhân đạo – Chủ nhật tuần sau',
    colours: [
      [207, 19, 34],
      [250, 84, 28],
    ],
    motif: 'heart',
    link: ['NEWS', 'ngay-hoi-hien-mau-nhan-dao'],
    from: 7,
    to: 9,
    visible: true,
    platforms: ['ANDROID', 'IOS', 'WEB'],
  },
  {
    title: 'Khai trương Khoa Nhi mới – khu khám riêng cho bé',
    colours: [
      [250, 140, 22],
      [250, 219, 20],
    ],
    motif: 'star',
    link: ['NONE', null],
    from: null,
    to: null,
    visible: false,
    platforms: ['ANDROID', 'IOS'],
  },
];

const ALL = ['ANDROID', 'IOS', 'WEB'];
const PHONES = ['ANDROID', 'IOS'];
/** [name, icon, link type, link value, visible, platforms] */
const MENU: [string, string, string, string, boolean, string[]][] = [
  ['Đặt khám', 'calendar', 'SCREEN', 'booking', true, ALL],
  ['Kết quả xét nghiệm', 'test-tube', 'SCREEN', 'results', true, ALL],
  ['Hỏi bác sĩ', 'doctor-chat', 'SCREEN', 'ask-doctor', true, ALL],
  ['Bảng giá dịch vụ', 'price-tag', 'SCREEN', 'price-list', true, ALL],
  ['Tin tức', 'news', 'SCREEN', 'news', true, ALL],
  ['Hướng dẫn khám', 'guide', 'NEWS', 'huong-dan-quy-trinh-kham-benh', true, ALL],
  ['Lịch sử khám', 'history', 'SCREEN', 'history', true, ALL],
  ['Hồ sơ sức khoẻ', 'profile', 'SCREEN', 'medical-profiles', true, ALL],
  ['Số thứ tự', 'queue', 'SCREEN', 'queue-number', true, PHONES],
  ['Gọi tổng đài', 'phone', 'SCREEN', 'hotline', true, PHONES],
  ['Bản đồ bệnh viện', 'map', 'URL', 'https://maps.google.com/?q=B%E1%BB%87nh+vi%E1%BB%87n+%C4%90a+khoa+An+Ph%C3%BAc', true, ALL],
  ['Thanh toán viện phí', 'payment', 'SCREEN', 'payment', false, PHONES],
];

/**
 * Seeds the facility's app menu and banners. The images go to `images` (the content images' store) when
 * given; without it (tests of the seed) the rows still name the same content-addressed files.
 */
export async function seedDemoAppConfig(ex: Executor, facilityId: number, now: Date, images?: FileStore): Promise<void> {
  let order = 0;
  for (const [name, icon, linkType, linkValue, visible, platforms] of MENU) {
    order += 1;
    await ex.execute(sql`INSERT INTO app_menu_items (facility_id, name, icon, link_type, link_value, sort_order, visible, platforms)
      VALUES (${facilityId}, ${name}, ${icon}, ${linkType}, ${linkValue}, ${order}, ${visible}, ${sql.param(platforms)}::text[])`);
  }
  order = 0;
  for (const b of BANNERS) {
    order += 1;
    const png = bannerImage(b.colours[0], b.colours[1], b.motif);
    const file = images ? await images.save(png, 'png') : `${createHash('sha256').update(png).digest('hex').slice(0, 32)}.png`;
    const at = (days: number | null) => (days === null ? null : `${addDays(todayVn(now), days)}T00:00:00+07:00`);
    await ex.execute(sql`INSERT INTO screen_configs (facility_id, type, title, image_url, link_type, link_value, active_from, active_to, sort_order, visible, platforms)
      VALUES (${facilityId}, ${BANNER_TYPE}, ${b.title}, ${`${CONTENT_IMAGE_PATH}/${file}`}, ${b.link[0]}, ${b.link[1]}, ${at(b.from)}::timestamptz, ${at(b.to)}::timestamptz,
        ${order}, ${b.visible}, ${sql.param(b.platforms)}::text[])`);
  }
}
