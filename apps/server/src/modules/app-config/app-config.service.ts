import {
  APP_CONFIG_MESSAGES as MSG,
  BANNER_TYPE,
  BANNERS_MAX,
  type BannerBodyParsed,
  type BannerDto,
  MENU_ITEMS_MAX,
  type MenuItemBodyParsed,
  type MenuItemDto,
  ORDER_MAX,
  type PublicBanner,
  type PublicMenuItem,
} from '@portal/shared/contracts/app-config.contract';
import { type AppPlatform, type BannerStatus, bannerStatus, nextBannerChange } from '@portal/shared/rules/app-config';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db';
import { badRequest, notFound } from '../../core/errors';
import { iso } from '../../core/sql';
import { fileStore } from '../../core/uploads';
import { recordWrite } from '../../core/write';
import { CONTENT_IMAGE_AREA } from '../content/content.routes';
import { APP_CONFIG_TOPIC, appConfigCache } from './app-config.cache';
import * as repo from './app-config.repository';

/**
 * The patient app's home menu and banners (issue 18, /admin/menu, MANAGER_SETTING): short ordered lists edited by
 * staff, each write in one transaction with its audit row and the live event that drops every instance's cached
 * public answers; and the public answers the app reads by facility code.
 */

const menuDto = (r: repo.MenuItemRow): MenuItemDto => ({
  id: r.id,
  name: r.name,
  icon: r.icon,
  link: { type: r.linkType, value: r.linkValue },
  order: r.sortOrder,
  visible: r.visible,
  platforms: r.platforms,
  updatedBy: r.updatedBy,
  updatedAt: iso(r.updatedAt)!,
});

const bannerDto = (r: repo.BannerRow, now: Date): BannerDto => ({
  id: r.id,
  type: r.type,
  title: r.title,
  imageUrl: r.imageUrl,
  link: { type: r.linkType, value: r.linkValue },
  activeFrom: iso(r.activeFrom),
  activeTo: iso(r.activeTo),
  order: r.sortOrder,
  visible: r.visible,
  platforms: r.platforms,
  status: bannerStatus(r, now),
  updatedBy: r.updatedBy,
  updatedAt: iso(r.updatedAt)!,
});

/** What an audit row keeps of an entry / a banner. */
const menuAudit = (r: {
  name: string;
  icon: string;
  linkType: string;
  linkValue: string | null;
  sortOrder: number;
  visible: boolean;
  platforms: string[];
}) => ({
  name: r.name,
  icon: r.icon,
  link: r.linkValue ? `${r.linkType}:${r.linkValue}` : r.linkType,
  order: r.sortOrder,
  visible: r.visible,
  platforms: r.platforms,
});
const bannerAudit = (r: {
  title: string;
  imageUrl: string;
  linkType: string;
  linkValue: string | null;
  activeFrom: Date | string | null;
  activeTo: Date | string | null;
  sortOrder: number;
  visible: boolean;
  platforms: string[];
}) => ({
  title: r.title,
  imageUrl: r.imageUrl,
  link: r.linkValue ? `${r.linkType}:${r.linkValue}` : r.linkType,
  activeFrom: iso(r.activeFrom),
  activeTo: iso(r.activeTo),
  order: r.sortOrder,
  visible: r.visible,
  platforms: r.platforms,
});

/** One write: its rows, the audit row and the live event commit together; then this instance's public answers go. */
async function write<T>(ctx: AppContext, caller: Caller, kind: 'menu' | 'banners', work: (tx: Executor, record: Recorder) => Promise<T>): Promise<T> {
  const out = await ctx.database.transaction((tx) =>
    work(tx, (audit) => recordWrite(ctx, tx, caller, { audit, live: { facilityId: caller.facilityId, topic: APP_CONFIG_TOPIC, type: kind } })),
  );
  appConfigCache(ctx).drop(caller.facilityId);
  return out;
}
type Recorder = (audit: { action: string; entity: string; entityId: number; before?: unknown; after?: unknown }) => Promise<void>;

// ——— menu ———

export async function menuList(ctx: AppContext, caller: Caller): Promise<MenuItemDto[]> {
  return (await repo.menuItems(ctx.database.db, caller.facilityId)).map(menuDto);
}

const menuFields = (b: MenuItemBodyParsed): repo.MenuItemFields => ({
  name: b.name,
  icon: b.icon,
  linkType: b.link.type,
  linkValue: b.link.value,
  visible: b.visible,
  platforms: b.platforms,
});

export async function menuCreate(ctx: AppContext, caller: Caller, b: MenuItemBodyParsed): Promise<MenuItemDto> {
  const f = menuFields(b);
  const id = await write(ctx, caller, 'menu', async (tx, record) => {
    const { n, last } = await repo.menuCount(tx, caller.facilityId);
    if (n >= MENU_ITEMS_MAX) throw badRequest(MSG.tooManyMenu);
    const order = b.order ?? Math.min(last + 1, ORDER_MAX);
    const newId = await repo.insertMenuItem(tx, caller.facilityId, caller.accountId, f, order);
    await record({ action: 'CREATE', entity: 'app_menu_item', entityId: newId, after: menuAudit({ ...f, sortOrder: order }) });
    return newId;
  });
  return menuDto((await repo.findMenuItem(ctx.database.db, caller.facilityId, id))!);
}

export async function menuUpdate(ctx: AppContext, caller: Caller, id: number, b: MenuItemBodyParsed): Promise<MenuItemDto> {
  const f = menuFields(b);
  await write(ctx, caller, 'menu', async (tx, record) => {
    const before = await repo.findMenuItem(tx, caller.facilityId, id, true);
    if (!before) throw notFound(MSG.menuNotFound);
    const order = b.order ?? before.sortOrder;
    await repo.updateMenuItem(tx, caller.facilityId, id, caller.accountId, f, order);
    await record({ action: 'UPDATE', entity: 'app_menu_item', entityId: id, before: menuAudit(before), after: menuAudit({ ...f, sortOrder: order }) });
  });
  return menuDto((await repo.findMenuItem(ctx.database.db, caller.facilityId, id))!);
}

export async function menuRemove(ctx: AppContext, caller: Caller, id: number): Promise<{ id: number }> {
  await write(ctx, caller, 'menu', async (tx, record) => {
    const before = await repo.findMenuItem(tx, caller.facilityId, id, true);
    if (!before) throw notFound(MSG.menuNotFound);
    await repo.deleteMenuItem(tx, caller.facilityId, id);
    await record({ action: 'DELETE', entity: 'app_menu_item', entityId: id, before: menuAudit(before) });
  });
  return { id };
}

export async function menuVisible(ctx: AppContext, caller: Caller, id: number, visible: boolean): Promise<MenuItemDto> {
  await write(ctx, caller, 'menu', async (tx, record) => {
    const before = await repo.findMenuItem(tx, caller.facilityId, id, true);
    if (!before) throw notFound(MSG.menuNotFound);
    if (before.visible === visible) return;
    await repo.setMenuVisible(tx, caller.facilityId, id, caller.accountId, visible);
    await record({ action: visible ? 'SHOW' : 'HIDE', entity: 'app_menu_item', entityId: id, before: { visible: before.visible }, after: { visible } });
  });
  return menuDto((await repo.findMenuItem(ctx.database.db, caller.facilityId, id))!);
}

/** `ids` must be exactly the current ids (another editor's add or delete meanwhile is refused, not half applied). */
function checkPermutation(current: number[], ids: number[]) {
  const have = new Set(current);
  if (ids.length !== current.length || ids.some((i) => !have.has(i))) throw badRequest(MSG.reorderMismatch, [{ field: 'ids', message: MSG.reorderMismatch }]);
}

export async function menuReorder(ctx: AppContext, caller: Caller, ids: number[]): Promise<MenuItemDto[]> {
  await write(ctx, caller, 'menu', async (tx, record) => {
    const current = await repo.menuIdsLocked(tx, caller.facilityId);
    checkPermutation(current, ids);
    await repo.writeMenuOrder(tx, caller.facilityId, caller.accountId, ids);
    await record({ action: 'REORDER', entity: 'app_menu_item', entityId: 0, before: { ids: current }, after: { ids } });
  });
  return menuList(ctx, caller);
}

// ——— banners ———

export async function bannerList(ctx: AppContext, caller: Caller, q: { status?: BannerStatus; platform?: AppPlatform }): Promise<BannerDto[]> {
  const now = new Date();
  return (await repo.banners(ctx.database.db, caller.facilityId, BANNER_TYPE, { ...q, now })).map((r) => bannerDto(r, now));
}

async function bannerFields(ctx: AppContext, b: BannerBodyParsed): Promise<repo.BannerFields> {
  // the image must be one the content upload stored (its type and size were checked there)
  const name = b.imageUrl.split('/').pop()!;
  if (!(await fileStore(ctx.config.dataDir, CONTENT_IMAGE_AREA).read(name))) {
    throw badRequest(MSG.imageMissing, [{ field: 'imageUrl', message: MSG.imageMissing }]);
  }
  return {
    title: b.title,
    imageUrl: b.imageUrl,
    linkType: b.link.type,
    linkValue: b.link.value,
    activeFrom: b.activeFrom ? new Date(b.activeFrom).toISOString() : null,
    activeTo: b.activeTo ? new Date(b.activeTo).toISOString() : null,
    visible: b.visible,
    platforms: b.platforms,
  };
}

export async function bannerGet(ctx: AppContext, caller: Caller, id: number): Promise<BannerDto> {
  const r = await repo.findBanner(ctx.database.db, caller.facilityId, BANNER_TYPE, id);
  if (!r) throw notFound(MSG.bannerNotFound);
  return bannerDto(r, new Date());
}

export async function bannerCreate(ctx: AppContext, caller: Caller, b: BannerBodyParsed): Promise<BannerDto> {
  const f = await bannerFields(ctx, b);
  const id = await write(ctx, caller, 'banners', async (tx, record) => {
    const { n, last } = await repo.bannerCount(tx, caller.facilityId, BANNER_TYPE);
    if (n >= BANNERS_MAX) throw badRequest(MSG.tooManyBanners);
    const order = b.order ?? Math.min(last + 1, ORDER_MAX);
    const newId = await repo.insertBanner(tx, caller.facilityId, BANNER_TYPE, caller.accountId, f, order);
    await record({ action: 'CREATE', entity: 'banner', entityId: newId, after: bannerAudit({ ...f, sortOrder: order }) });
    return newId;
  });
  return bannerGet(ctx, caller, id);
}

export async function bannerUpdate(ctx: AppContext, caller: Caller, id: number, b: BannerBodyParsed): Promise<BannerDto> {
  const f = await bannerFields(ctx, b);
  await write(ctx, caller, 'banners', async (tx, record) => {
    const before = await repo.findBanner(tx, caller.facilityId, BANNER_TYPE, id, true);
    if (!before) throw notFound(MSG.bannerNotFound);
    const order = b.order ?? before.sortOrder;
    await repo.updateBanner(tx, caller.facilityId, id, caller.accountId, f, order);
    await record({ action: 'UPDATE', entity: 'banner', entityId: id, before: bannerAudit(before), after: bannerAudit({ ...f, sortOrder: order }) });
  });
  return bannerGet(ctx, caller, id);
}

export async function bannerRemove(ctx: AppContext, caller: Caller, id: number): Promise<{ id: number }> {
  await write(ctx, caller, 'banners', async (tx, record) => {
    const before = await repo.findBanner(tx, caller.facilityId, BANNER_TYPE, id, true);
    if (!before) throw notFound(MSG.bannerNotFound);
    await repo.deleteBanner(tx, caller.facilityId, id);
    await record({ action: 'DELETE', entity: 'banner', entityId: id, before: bannerAudit(before) });
  });
  return { id };
}

export async function bannerVisible(ctx: AppContext, caller: Caller, id: number, visible: boolean): Promise<BannerDto> {
  await write(ctx, caller, 'banners', async (tx, record) => {
    const before = await repo.findBanner(tx, caller.facilityId, BANNER_TYPE, id, true);
    if (!before) throw notFound(MSG.bannerNotFound);
    if (before.visible === visible) return;
    await repo.setBannerVisible(tx, caller.facilityId, id, caller.accountId, visible);
    await record({ action: visible ? 'SHOW' : 'HIDE', entity: 'banner', entityId: id, before: { visible: before.visible }, after: { visible } });
  });
  return bannerGet(ctx, caller, id);
}

export async function bannerReorder(ctx: AppContext, caller: Caller, ids: number[]): Promise<BannerDto[]> {
  await write(ctx, caller, 'banners', async (tx, record) => {
    const current = await repo.bannerIdsLocked(tx, caller.facilityId, BANNER_TYPE);
    checkPermutation(current, ids);
    await repo.writeBannerOrder(tx, caller.facilityId, caller.accountId, ids);
    await record({ action: 'REORDER', entity: 'banner', entityId: 0, before: { ids: current }, after: { ids } });
  });
  return bannerList(ctx, caller, {});
}

// ——— public: what the patient app reads ———

async function facilityOf(ctx: AppContext, code: string): Promise<number> {
  const cache = appConfigCache(ctx);
  const hit = cache.facilityId(code);
  if (hit !== undefined) return hit;
  const id = await repo.facilityIdByCode(ctx.database.db, code);
  if (id === null) throw notFound(MSG.facilityNotFound);
  cache.setFacilityId(code, id);
  return id;
}

/** The visible entries of the platform, in order, as the JSON of the answer (cached per facility). */
export async function publicMenuJson(ctx: AppContext, q: { facilityCode: string; platform: AppPlatform }): Promise<string> {
  const facilityId = await facilityOf(ctx, q.facilityCode);
  const cache = appConfigCache(ctx);
  const key = `menu|${q.platform}`;
  const hit = cache.get(facilityId, key);
  if (hit !== undefined) return hit;
  const generation = cache.generation(facilityId);
  const data: PublicMenuItem[] = (await repo.publicMenu(ctx.database.db, facilityId, q.platform)).map((r) => ({
    id: r.id,
    name: r.name,
    icon: r.icon,
    link: { type: r.linkType, value: r.linkValue },
  }));
  const json = JSON.stringify({ code: 0, data });
  cache.set(facilityId, generation, key, json);
  return json;
}

/** The banners showing now on the platform, in order (cached per facility until a write, or the next start or end). */
export async function publicBannersJson(ctx: AppContext, q: { facilityCode: string; platform: AppPlatform }, now = new Date()): Promise<string> {
  const facilityId = await facilityOf(ctx, q.facilityCode);
  const cache = appConfigCache(ctx);
  const key = `banners|${q.platform}`;
  const hit = cache.get(facilityId, key);
  if (hit !== undefined) return hit;
  const generation = cache.generation(facilityId);
  const found = await repo.publicBanners(ctx.database.db, facilityId, BANNER_TYPE, q.platform, now);
  const data: PublicBanner[] = found
    .filter((r) => bannerStatus({ ...r, visible: true }, now) === 'ACTIVE')
    .map((r) => ({ id: r.id, title: r.title, imageUrl: r.imageUrl, link: { type: r.linkType, value: r.linkValue }, activeTo: iso(r.activeTo) }));
  const json = JSON.stringify({ code: 0, data });
  cache.set(facilityId, generation, key, json, nextBannerChange(found, now)?.getTime());
  return json;
}
