import type { AppLinkDto, BannerBody, BannerDto, MenuItemBody, MenuItemDto } from '@portal/shared/contracts/app-config.contract';
import {
  APP_LINK_TYPE_LABELS,
  APP_SCREEN_LABELS,
  type AppLinkType,
  type AppMenuIcon,
  type AppPlatform,
  type AppScreen,
  bannerStatus,
} from '@portal/shared/rules/app-config';
import { formatDateTime } from '@portal/shared/rules/format';
import { toInstant } from '@portal/shared/rules/time';

/** The link part of both forms: one input per kind of target, the one of the chosen kind is sent. */
export interface LinkValues {
  linkType: AppLinkType;
  screen?: AppScreen;
  news?: string;
  url?: string;
}

export interface MenuFormValues extends LinkValues {
  name: string;
  icon: AppMenuIcon;
  platforms: AppPlatform[];
  visible: boolean;
  order?: number | null;
}

export interface BannerFormValues extends LinkValues {
  title: string;
  imageUrl?: string | null;
  /** DD/MM/YYYY HH:mm (+07:00), or empty. */
  activeFrom?: string;
  activeTo?: string;
  platforms: AppPlatform[];
  visible: boolean;
  order?: number | null;
}

const trimmed = (v: string | undefined) => (v ?? '').trim();

export function linkOf(v: LinkValues): { type: AppLinkType; value: string | null } {
  switch (v.linkType) {
    case 'SCREEN':
      return { type: 'SCREEN', value: v.screen ?? '' };
    case 'NEWS':
      return { type: 'NEWS', value: trimmed(v.news) };
    case 'URL':
      return { type: 'URL', value: trimmed(v.url) };
    default:
      return { type: 'NONE', value: null };
  }
}

function linkValues(l: AppLinkDto): LinkValues {
  return {
    linkType: l.type,
    screen: l.type === 'SCREEN' ? (l.value as AppScreen) : undefined,
    news: l.type === 'NEWS' ? (l.value ?? '') : undefined,
    url: l.type === 'URL' ? (l.value ?? '') : undefined,
  };
}

export const NEW_MENU: Partial<MenuFormValues> = { linkType: 'SCREEN', platforms: ['ANDROID', 'IOS', 'WEB'], visible: true };
export const NEW_BANNER: Partial<BannerFormValues> = { linkType: 'NONE', platforms: ['ANDROID', 'IOS', 'WEB'], visible: true };

export function menuBodyOf(v: MenuFormValues): MenuItemBody {
  return {
    name: trimmed(v.name),
    icon: v.icon,
    link: linkOf(v),
    platforms: v.platforms,
    visible: v.visible,
    ...(v.order ? { order: v.order } : {}),
  };
}

export function menuValuesOf(m: MenuItemDto): MenuFormValues {
  return { name: m.name, icon: m.icon, platforms: m.platforms, visible: m.visible, order: m.order, ...linkValues(m.link) };
}

/** A form's DD/MM/YYYY HH:mm as the ISO instant sent; '' → null; undefined when it is not a time. */
export function instantOf(text: string | undefined): string | null | undefined {
  const s = trimmed(text);
  if (!s) return null;
  const t = toInstant(s);
  return t && /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/.test(s) ? t.toISOString() : undefined;
}

export function bannerBodyOf(v: BannerFormValues): BannerBody {
  return {
    title: trimmed(v.title),
    imageUrl: v.imageUrl ?? '',
    link: linkOf(v),
    activeFrom: instantOf(v.activeFrom) ?? null,
    activeTo: instantOf(v.activeTo) ?? null,
    platforms: v.platforms,
    visible: v.visible,
    ...(v.order ? { order: v.order } : {}),
  };
}

export function bannerValuesOf(b: BannerDto): BannerFormValues {
  return {
    title: b.title,
    imageUrl: b.imageUrl,
    activeFrom: formatDateTime(b.activeFrom),
    activeTo: formatDateTime(b.activeTo),
    platforms: b.platforms,
    visible: b.visible,
    order: b.order,
    ...linkValues(b.link),
  };
}

/** The form field that shows a server field error (`link.value` → the input of the link's kind). */
export function formFieldOf(field: string, linkType: AppLinkType | undefined): string {
  if (field === 'link.value') return linkType === 'SCREEN' ? 'screen' : linkType === 'NEWS' ? 'news' : 'url';
  if (field === 'link.type' || field === 'link') return 'linkType';
  return field.split('.')[0]!;
}

/** What a link opens, as a line of the list: "Màn hình: Đặt khám", "Bài viết: <alias>", the address. */
export function linkText(l: AppLinkDto): string {
  if (l.type === 'SCREEN') return `${APP_LINK_TYPE_LABELS.SCREEN}: ${APP_SCREEN_LABELS[l.value as AppScreen] ?? l.value}`;
  if (l.type === 'NEWS') return `${APP_LINK_TYPE_LABELS.NEWS}: ${l.value}`;
  if (l.type === 'URL') return l.value ?? '';
  return APP_LINK_TYPE_LABELS.NONE;
}

/** What a link opens, as two lines of the list: the target ("Đặt khám", the alias, the address) and its kind. */
export function linkLines(l: AppLinkDto): { main: string; sub: string } {
  if (l.type === 'SCREEN') return { main: APP_SCREEN_LABELS[l.value as AppScreen] ?? l.value ?? '', sub: APP_LINK_TYPE_LABELS.SCREEN };
  if (l.type === 'NEWS' || l.type === 'URL') return { main: l.value ?? '', sub: APP_LINK_TYPE_LABELS[l.type] };
  return { main: APP_LINK_TYPE_LABELS.NONE, sub: '' };
}

/** The phone preview: what the app of this platform would show now, in order. */
export function previewMenu(items: readonly MenuItemDto[], platform: AppPlatform): MenuItemDto[] {
  return items.filter((m) => m.visible && m.platforms.includes(platform));
}
export function previewBanners(banners: readonly BannerDto[], platform: AppPlatform, now = new Date()): BannerDto[] {
  return banners.filter((b) => b.platforms.includes(platform) && bannerStatus(b, now) === 'ACTIVE');
}

/** The ids after dragging `id` onto the row of `target`: it takes the target's place (the rows between shift by one). */
export function dropOnto(ids: readonly number[], id: number, target: number): number[] {
  const from = ids.indexOf(id);
  const to = ids.indexOf(target);
  if (from < 0 || to < 0 || from === to) return [...ids];
  const out = ids.filter((x) => x !== id);
  out.splice(to, 0, id);
  return out;
}
