import { boolean, foreignKey, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { facilities } from './facilities';

/**
 * The patient app's configuration (issue 18, /admin/menu "Cấu hình phần mềm", MANAGER_SETTING; docs/decisions.md
 * "Patient app menu and banners"): the entries of the app's home menu and the screen configs (banners, type
 * BANNER_APP_PLUS) the app reads through the public API by facility code.
 */

/** One entry of the patient app's home menu. */
export const appMenuItems = pgTable(
  'app_menu_items',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    name: text('name').notNull(),
    /** One of the icon keys the app knows (APP_MENU_ICONS in the shared contract). */
    icon: text('icon').notNull(),
    /** SCREEN (an in-app screen key), NEWS (an article's alias) or URL; and its target. */
    linkType: text('link_type').notNull(),
    linkValue: text('link_value'),
    /** Shown in ascending order, then by id. */
    sortOrder: smallint('sort_order').notNull(),
    visible: boolean('visible').notNull().default(true),
    /** ANDROID, IOS, WEB: where the entry is shown. */
    platforms: text('platforms').array().notNull(),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'app_menu_items_pkey', columns: [t.id, t.facilityId] }),
    foreignKey({ name: 'app_menu_items_created_by_fk', columns: [t.facilityId, t.createdBy], foreignColumns: [accounts.facilityId, accounts.id] }),
    foreignKey({ name: 'app_menu_items_updated_by_fk', columns: [t.facilityId, t.updatedBy], foreignColumns: [accounts.facilityId, accounts.id] }),
    index('app_menu_items_order_idx').on(t.facilityId, t.sortOrder, t.id),
  ],
);

/**
 * A screen config of the patient app (spec §7 "banners and screen configs of type BANNER_APP_PLUS"). Only the type
 * BANNER_APP_PLUS (the home screen's banners) exists today; `type` lets other kinds of screen configs live here later.
 */
export const screenConfigs = pgTable(
  'screen_configs',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    type: text('type').notNull().default('BANNER_APP_PLUS'),
    title: text('title').notNull(),
    /** A served content image (`/api/content/v1/images/<hash>.<ext>`). */
    imageUrl: text('image_url').notNull(),
    /** NONE, SCREEN, NEWS or URL; and its target. */
    linkType: text('link_type').notNull().default('NONE'),
    linkValue: text('link_value'),
    /** Shown from (inclusive) and until (exclusive); null = no bound. */
    activeFrom: timestamp('active_from', { withTimezone: true }),
    activeTo: timestamp('active_to', { withTimezone: true }),
    sortOrder: smallint('sort_order').notNull(),
    visible: boolean('visible').notNull().default(true),
    platforms: text('platforms').array().notNull(),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'screen_configs_pkey', columns: [t.id, t.facilityId] }),
    foreignKey({ name: 'screen_configs_created_by_fk', columns: [t.facilityId, t.createdBy], foreignColumns: [accounts.facilityId, accounts.id] }),
    foreignKey({ name: 'screen_configs_updated_by_fk', columns: [t.facilityId, t.updatedBy], foreignColumns: [accounts.facilityId, accounts.id] }),
    index('screen_configs_order_idx').on(t.facilityId, t.type, t.sortOrder, t.id),
  ],
);
