import { sql, type SQL } from 'drizzle-orm';
import type { AppLinkType, AppMenuIcon, AppPlatform, BannerStatus } from '@portal/shared/rules/app-config';
import type { Executor } from '../../core/db';
import { rows } from '../../core/sql';

/** The SQL of the patient app's home menu (app_menu_items) and banners (screen_configs); every query is of one facility. */

export type MenuItemRow = {
  id: number;
  name: string;
  icon: AppMenuIcon;
  linkType: AppLinkType;
  linkValue: string | null;
  sortOrder: number;
  visible: boolean;
  platforms: AppPlatform[];
  updatedBy: string | null;
  /** Raw SQL answers timestamps as text on PostgreSQL, as Date on PGlite. */
  updatedAt: Date | string;
};

export interface MenuItemFields {
  name: string;
  icon: string;
  linkType: string;
  linkValue: string | null;
  visible: boolean;
  platforms: string[];
}

const MENU_COLUMNS = sql`m.id, m.name, m.icon, m.link_type AS "linkType", m.link_value AS "linkValue", m.sort_order AS "sortOrder", m.visible,
  m.platforms, a.username AS "updatedBy", m.updated_at AS "updatedAt"`;
const MENU_FROM = sql`app_menu_items m LEFT JOIN accounts a ON a.facility_id = m.facility_id AND a.id = m.updated_by`;

export async function menuItems(ex: Executor, facilityId: number): Promise<MenuItemRow[]> {
  return rows<MenuItemRow>(ex, sql`SELECT ${MENU_COLUMNS} FROM ${MENU_FROM} WHERE m.facility_id = ${facilityId} ORDER BY m.sort_order, m.id`);
}

export async function findMenuItem(ex: Executor, facilityId: number, id: number, lock = false): Promise<MenuItemRow | undefined> {
  const [r] = await rows<MenuItemRow>(
    ex,
    lock
      ? sql`SELECT ${MENU_COLUMNS} FROM ${MENU_FROM} WHERE m.facility_id = ${facilityId} AND m.id = ${id} FOR UPDATE OF m`
      : sql`SELECT ${MENU_COLUMNS} FROM ${MENU_FROM} WHERE m.facility_id = ${facilityId} AND m.id = ${id}`,
  );
  return r;
}

/** How many rows the facility has and the largest order among them (0 when none). */
async function countAndLast(ex: Executor, from: SQL): Promise<{ n: number; last: number }> {
  const [r] = await rows<{ n: number; last: number }>(ex, sql`SELECT count(*)::int AS n, coalesce(max(sort_order), 0)::int AS last FROM ${from}`);
  return r!;
}

export const menuCount = (ex: Executor, facilityId: number) => countAndLast(ex, sql`app_menu_items WHERE facility_id = ${facilityId}`);

export async function insertMenuItem(ex: Executor, facilityId: number, accountId: number, f: MenuItemFields, order: number): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`INSERT INTO app_menu_items (facility_id, name, icon, link_type, link_value, sort_order, visible, platforms, created_by, updated_by)
        VALUES (${facilityId}, ${f.name}, ${f.icon}, ${f.linkType}, ${f.linkValue}, ${order}, ${f.visible}, ${sql.param(f.platforms)}::text[], ${accountId}, ${accountId})
        RETURNING id`,
  );
  return r!.id;
}

export async function updateMenuItem(ex: Executor, facilityId: number, id: number, accountId: number, f: MenuItemFields, order: number): Promise<void> {
  await ex.execute(
    sql`UPDATE app_menu_items SET name = ${f.name}, icon = ${f.icon}, link_type = ${f.linkType}, link_value = ${f.linkValue}, sort_order = ${order},
          visible = ${f.visible}, platforms = ${sql.param(f.platforms)}::text[], updated_by = ${accountId}, updated_at = now()
        WHERE facility_id = ${facilityId} AND id = ${id}`,
  );
}

export async function deleteMenuItem(ex: Executor, facilityId: number, id: number): Promise<void> {
  await ex.execute(sql`DELETE FROM app_menu_items WHERE facility_id = ${facilityId} AND id = ${id}`);
}

export async function setMenuVisible(ex: Executor, facilityId: number, id: number, accountId: number, visible: boolean): Promise<void> {
  await ex.execute(
    sql`UPDATE app_menu_items SET visible = ${visible}, updated_by = ${accountId}, updated_at = now() WHERE facility_id = ${facilityId} AND id = ${id}`,
  );
}

/** The facility's ids, locked, in their current order (a reorder reads them before writing the new order). */
async function lockedIds(ex: Executor, table: 'app_menu_items' | 'screen_configs', where: SQL): Promise<number[]> {
  const found = await rows<{ id: number }>(ex, sql`SELECT id FROM ${sql.identifier(table)} WHERE ${where} ORDER BY sort_order, id FOR UPDATE`);
  return found.map((r) => r.id);
}

export const menuIdsLocked = (ex: Executor, facilityId: number) => lockedIds(ex, 'app_menu_items', sql`facility_id = ${facilityId}`);

/** Writes order 1..n in the order of `ids` (every id one of the facility's, checked by the caller). */
async function writeOrder(ex: Executor, table: 'app_menu_items' | 'screen_configs', facilityId: number, accountId: number, ids: number[]): Promise<void> {
  await ex.execute(
    sql`UPDATE ${sql.identifier(table)} t SET sort_order = o.n, updated_by = ${accountId}, updated_at = now()
        FROM unnest(${sql.param(ids)}::int[]) WITH ORDINALITY AS o(id, n)
        WHERE t.facility_id = ${facilityId} AND t.id = o.id AND t.sort_order <> o.n`,
  );
}

export const writeMenuOrder = (ex: Executor, facilityId: number, accountId: number, ids: number[]) =>
  writeOrder(ex, 'app_menu_items', facilityId, accountId, ids);

/** The visible entries of a platform, in order: what the app shows. */
export async function publicMenu(ex: Executor, facilityId: number, platform: string) {
  return rows<Pick<MenuItemRow, 'id' | 'name' | 'icon' | 'linkType' | 'linkValue'>>(
    ex,
    sql`SELECT id, name, icon, link_type AS "linkType", link_value AS "linkValue" FROM app_menu_items
        WHERE facility_id = ${facilityId} AND visible AND ${platform} = ANY(platforms) ORDER BY sort_order, id`,
  );
}

// ——— banners (screen configs of type BANNER_APP_PLUS) ———

export type BannerRow = {
  id: number;
  type: string;
  title: string;
  imageUrl: string;
  linkType: AppLinkType;
  linkValue: string | null;
  activeFrom: Date | string | null;
  activeTo: Date | string | null;
  sortOrder: number;
  visible: boolean;
  platforms: AppPlatform[];
  updatedBy: string | null;
  updatedAt: Date | string;
};

export interface BannerFields {
  title: string;
  imageUrl: string;
  linkType: string;
  linkValue: string | null;
  activeFrom: string | null;
  activeTo: string | null;
  visible: boolean;
  platforms: string[];
}

const BANNER_COLUMNS = sql`s.id, s.type, s.title, s.image_url AS "imageUrl", s.link_type AS "linkType", s.link_value AS "linkValue",
  s.active_from AS "activeFrom", s.active_to AS "activeTo", s.sort_order AS "sortOrder", s.visible, s.platforms,
  a.username AS "updatedBy", s.updated_at AS "updatedAt"`;
const BANNER_FROM = sql`screen_configs s LEFT JOIN accounts a ON a.facility_id = s.facility_id AND a.id = s.updated_by`;

/** The SQL of a status at `now` (the same rule as rules/app-config.ts bannerStatus). */
function statusWhere(status: BannerStatus, now: string): SQL {
  const t = sql`${now}::timestamptz`;
  switch (status) {
    case 'HIDDEN':
      return sql`NOT s.visible`;
    case 'ENDED':
      return sql`s.visible AND s.active_to IS NOT NULL AND s.active_to <= ${t}`;
    case 'UPCOMING':
      return sql`s.visible AND (s.active_to IS NULL OR s.active_to > ${t}) AND s.active_from IS NOT NULL AND s.active_from > ${t}`;
    default:
      return sql`s.visible AND (s.active_to IS NULL OR s.active_to > ${t}) AND (s.active_from IS NULL OR s.active_from <= ${t})`;
  }
}

export async function banners(
  ex: Executor,
  facilityId: number,
  type: string,
  f: { status?: BannerStatus; platform?: string; now: Date },
): Promise<BannerRow[]> {
  const conds: SQL[] = [sql`s.facility_id = ${facilityId}`, sql`s.type = ${type}`];
  if (f.status) conds.push(statusWhere(f.status, f.now.toISOString()));
  if (f.platform) conds.push(sql`${f.platform} = ANY(s.platforms)`);
  return rows<BannerRow>(ex, sql`SELECT ${BANNER_COLUMNS} FROM ${BANNER_FROM} WHERE ${sql.join(conds, sql` AND `)} ORDER BY s.sort_order, s.id`);
}

export async function findBanner(ex: Executor, facilityId: number, type: string, id: number, lock = false): Promise<BannerRow | undefined> {
  const where = sql`s.facility_id = ${facilityId} AND s.type = ${type} AND s.id = ${id}`;
  const [r] = await rows<BannerRow>(
    ex,
    lock ? sql`SELECT ${BANNER_COLUMNS} FROM ${BANNER_FROM} WHERE ${where} FOR UPDATE OF s` : sql`SELECT ${BANNER_COLUMNS} FROM ${BANNER_FROM} WHERE ${where}`,
  );
  return r;
}

export const bannerCount = (ex: Executor, facilityId: number, type: string) =>
  countAndLast(ex, sql`screen_configs WHERE facility_id = ${facilityId} AND type = ${type}`);

export async function insertBanner(ex: Executor, facilityId: number, type: string, accountId: number, f: BannerFields, order: number): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`INSERT INTO screen_configs (facility_id, type, title, image_url, link_type, link_value, active_from, active_to, sort_order, visible, platforms, created_by, updated_by)
        VALUES (${facilityId}, ${type}, ${f.title}, ${f.imageUrl}, ${f.linkType}, ${f.linkValue}, ${f.activeFrom}::timestamptz, ${f.activeTo}::timestamptz, ${order},
          ${f.visible}, ${sql.param(f.platforms)}::text[], ${accountId}, ${accountId})
        RETURNING id`,
  );
  return r!.id;
}

export async function updateBanner(ex: Executor, facilityId: number, id: number, accountId: number, f: BannerFields, order: number): Promise<void> {
  await ex.execute(
    sql`UPDATE screen_configs SET title = ${f.title}, image_url = ${f.imageUrl}, link_type = ${f.linkType}, link_value = ${f.linkValue},
          active_from = ${f.activeFrom}::timestamptz, active_to = ${f.activeTo}::timestamptz, sort_order = ${order}, visible = ${f.visible},
          platforms = ${sql.param(f.platforms)}::text[], updated_by = ${accountId}, updated_at = now()
        WHERE facility_id = ${facilityId} AND id = ${id}`,
  );
}

export async function deleteBanner(ex: Executor, facilityId: number, id: number): Promise<void> {
  await ex.execute(sql`DELETE FROM screen_configs WHERE facility_id = ${facilityId} AND id = ${id}`);
}

export async function setBannerVisible(ex: Executor, facilityId: number, id: number, accountId: number, visible: boolean): Promise<void> {
  await ex.execute(
    sql`UPDATE screen_configs SET visible = ${visible}, updated_by = ${accountId}, updated_at = now() WHERE facility_id = ${facilityId} AND id = ${id}`,
  );
}

export const bannerIdsLocked = (ex: Executor, facilityId: number, type: string) =>
  lockedIds(ex, 'screen_configs', sql`facility_id = ${facilityId} AND type = ${type}`);
export const writeBannerOrder = (ex: Executor, facilityId: number, accountId: number, ids: number[]) =>
  writeOrder(ex, 'screen_configs', facilityId, accountId, ids);

/**
 * The visible banners of a platform that have not ended, in order, with their periods: the public answer keeps the
 * active ones, and the cache lives no longer than the next start or end among them.
 */
export async function publicBanners(ex: Executor, facilityId: number, type: string, platform: string, now: Date) {
  return rows<Pick<BannerRow, 'id' | 'title' | 'imageUrl' | 'linkType' | 'linkValue' | 'activeFrom' | 'activeTo'>>(
    ex,
    sql`SELECT id, title, image_url AS "imageUrl", link_type AS "linkType", link_value AS "linkValue", active_from AS "activeFrom", active_to AS "activeTo"
        FROM screen_configs
        WHERE facility_id = ${facilityId} AND type = ${type} AND visible AND ${platform} = ANY(platforms)
          AND (active_to IS NULL OR active_to > ${now.toISOString()}::timestamptz)
        ORDER BY sort_order, id`,
  );
}

/** A facility's id by its code (the patient app is built with it), or null. */
export async function facilityIdByCode(ex: Executor, code: string): Promise<number | null> {
  const [r] = await rows<{ id: number }>(ex, sql`SELECT id FROM facilities WHERE code = ${code} LIMIT 1`);
  return r?.id ?? null;
}
