import { describe, expect, it } from 'vitest';
import type { BannerDto, MenuItemDto } from '@portal/shared/contracts/app-config.contract';
import {
  bannerBodyOf,
  bannerValuesOf,
  dropOnto,
  formFieldOf,
  instantOf,
  linkLines,
  linkText,
  menuBodyOf,
  menuValuesOf,
  previewBanners,
  previewMenu,
} from './app-config.logic';

const menu = (over: Partial<MenuItemDto>): MenuItemDto => ({
  id: 1,
  name: 'Đặt khám',
  icon: 'calendar',
  link: { type: 'SCREEN', value: 'booking' },
  order: 1,
  visible: true,
  platforms: ['ANDROID', 'IOS', 'WEB'],
  updatedBy: null,
  updatedAt: '2026-11-26T05:00:00.000Z',
  ...over,
});
const banner = (over: Partial<BannerDto>): BannerDto => ({
  id: 1,
  type: 'BANNER_APP_PLUS',
  title: 'Ưu đãi',
  imageUrl: `/api/content/v1/images/${'a'.repeat(32)}.png`,
  link: { type: 'URL', value: 'https://benhvien.vn' },
  activeFrom: '2026-11-01T01:00:00.000Z',
  activeTo: '2026-12-01T01:00:00.000Z',
  order: 1,
  visible: true,
  platforms: ['ANDROID'],
  status: 'ACTIVE',
  updatedBy: null,
  updatedAt: '2026-11-26T05:00:00.000Z',
  ...over,
});

describe('app config forms', () => {
  it('a menu entry goes to the form and back unchanged', () => {
    for (const m of [menu({}), menu({ link: { type: 'NEWS', value: 'tin-moi' } }), menu({ link: { type: 'URL', value: 'https://a.vn' }, order: 4 })]) {
      const body = menuBodyOf(menuValuesOf(m));
      expect(body).toEqual({ name: m.name, icon: m.icon, link: m.link, platforms: m.platforms, visible: m.visible, order: m.order });
    }
  });

  it('sends only the input of the chosen link kind, trimmed; no order when empty', () => {
    expect(
      menuBodyOf({ name: ' Tin tức ', icon: 'news', linkType: 'NEWS', news: ' tin-moi ', url: 'https://x.vn', platforms: ['WEB'], visible: true, order: null }),
    ).toEqual({
      name: 'Tin tức',
      icon: 'news',
      link: { type: 'NEWS', value: 'tin-moi' },
      platforms: ['WEB'],
      visible: true,
    });
  });

  it('a banner period is DD/MM/YYYY HH:mm at +07:00 on the form, an ISO instant on the wire', () => {
    const b = banner({});
    const v = bannerValuesOf(b);
    expect(v.activeFrom).toBe('01/11/2026 08:00');
    expect(v.activeTo).toBe('01/12/2026 08:00');
    expect(bannerBodyOf(v)).toMatchObject({ activeFrom: '2026-11-01T01:00:00.000Z', activeTo: '2026-12-01T01:00:00.000Z', link: b.link });
    expect(bannerBodyOf({ ...v, activeFrom: '', activeTo: '' })).toMatchObject({ activeFrom: null, activeTo: null });
  });

  it.each([
    ['', null],
    ['  ', null],
    ['26/11/2026 12:30', '2026-11-26T05:30:00.000Z'],
    ['01/02/2027 07:05', '2027-02-01T00:05:00.000Z'],
    ['1/2/2027 7:05', undefined],
    ['26/11/2026', undefined],
    ['31/02/2026 08:00', undefined],
    ['26/11/2026 24:00', undefined],
    ['hôm nay', undefined],
  ])('instantOf(%j) → %s', (text, expected) => {
    expect(instantOf(text)).toBe(expected);
  });

  it('maps server field errors to the form inputs', () => {
    expect(formFieldOf('link.value', 'SCREEN')).toBe('screen');
    expect(formFieldOf('link.value', 'NEWS')).toBe('news');
    expect(formFieldOf('link.value', 'URL')).toBe('url');
    expect(formFieldOf('link.type', 'NONE')).toBe('linkType');
    expect(formFieldOf('platforms.0', 'NONE')).toBe('platforms');
    expect(formFieldOf('activeTo', 'NONE')).toBe('activeTo');
  });

  it('names what a link opens', () => {
    expect(linkText({ type: 'SCREEN', value: 'price-list' })).toBe('Màn hình trong ứng dụng: Bảng giá dịch vụ');
    expect(linkText({ type: 'NEWS', value: 'tin-moi' })).toBe('Bài viết tin tức: tin-moi');
    expect(linkText({ type: 'URL', value: 'https://a.vn' })).toBe('https://a.vn');
    expect(linkText({ type: 'NONE', value: null })).toBe('Không mở gì');
    expect(linkLines({ type: 'SCREEN', value: 'booking' })).toEqual({ main: 'Đặt khám', sub: 'Màn hình trong ứng dụng' });
    expect(linkLines({ type: 'NEWS', value: 'tin-moi' })).toEqual({ main: 'tin-moi', sub: 'Bài viết tin tức' });
    expect(linkLines({ type: 'NONE', value: null })).toEqual({ main: 'Không mở gì', sub: '' });
  });

  it('the preview keeps what the app of the platform shows now', () => {
    const items = [menu({ id: 1 }), menu({ id: 2, visible: false }), menu({ id: 3, platforms: ['WEB'] })];
    expect(previewMenu(items, 'ANDROID').map((m) => m.id)).toEqual([1]);
    expect(previewMenu(items, 'WEB').map((m) => m.id)).toEqual([1, 3]);
    const now = new Date('2026-11-26T05:00:00Z');
    const list = [
      banner({ id: 1 }),
      banner({ id: 2, visible: false }),
      banner({ id: 3, activeTo: '2026-11-02T00:00:00Z' }),
      banner({ id: 4, platforms: ['IOS'] }),
    ];
    expect(previewBanners(list, 'ANDROID', now).map((b) => b.id)).toEqual([1]);
    expect(previewBanners(list, 'IOS', now).map((b) => b.id)).toEqual([4]);
  });
});

describe('dropOnto', () => {
  it.each([
    [[1, 2, 3, 4], 1, 3, [2, 3, 1, 4]],
    [[1, 2, 3, 4], 4, 2, [1, 4, 2, 3]],
    [[1, 2, 3, 4], 2, 3, [1, 3, 2, 4]],
    [[1, 2, 3, 4], 3, 3, [1, 2, 3, 4]],
    [[1, 2, 3, 4], 9, 3, [1, 2, 3, 4]],
    [[1, 2, 3, 4], 1, 4, [2, 3, 4, 1]],
  ])('%j: %s dropped on %s → %j', (ids, id, target, expected) => {
    expect(dropOnto(ids, id, target)).toEqual(expected);
  });
});
