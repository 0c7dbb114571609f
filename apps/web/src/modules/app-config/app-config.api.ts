import { appConfigEndpoints as E, type BannerBody, type MenuItemBody } from '@portal/shared/contracts/app-config.contract';
import type { AppPlatform, BannerStatus } from '@portal/shared/rules/app-config';
import { call } from '../../core/api/endpoint-client';

export const appConfigKeys = {
  menu: ['app-config', 'menu'] as const,
  banners: (status?: BannerStatus, platform?: AppPlatform) => ['app-config', 'banners', status ?? '', platform ?? ''] as const,
  allBanners: ['app-config', 'banners'] as const,
};

/** The software configuration screen's calls (app-config.contract.ts). */
export const appConfigApi = {
  menu: async (signal?: AbortSignal) => (await call(E.menuList, {}, { signal })).data,
  createMenu: async (body: MenuItemBody) => (await call(E.menuCreate, { body: body as never })).data,
  updateMenu: async (id: number, body: MenuItemBody) => (await call(E.menuUpdate, { params: { id }, body: body as never })).data,
  removeMenu: async (id: number) => (await call(E.menuRemove, { params: { id } })).data,
  menuVisible: async (id: number, visible: boolean) => (await call(E.menuVisible, { params: { id }, body: { visible } })).data,
  reorderMenu: async (ids: number[]) => (await call(E.menuReorder, { body: { ids } })).data,
  banners: async (q: { status?: BannerStatus; platform?: AppPlatform }, signal?: AbortSignal) => (await call(E.bannerList, { query: q }, { signal })).data,
  createBanner: async (body: BannerBody) => (await call(E.bannerCreate, { body: body as never })).data,
  updateBanner: async (id: number, body: BannerBody) => (await call(E.bannerUpdate, { params: { id }, body: body as never })).data,
  removeBanner: async (id: number) => (await call(E.bannerRemove, { params: { id } })).data,
  bannerVisible: async (id: number, visible: boolean) => (await call(E.bannerVisible, { params: { id }, body: { visible } })).data,
  reorderBanners: async (ids: number[]) => (await call(E.bannerReorder, { body: { ids } })).data,
};
