import { codeKey } from './code-key';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { catalogColumns } from './catalog';

/** Nghề nghiệp: copied from the national list into each facility when it is created. */
export const jobs = pgTable('jobs', catalogColumns(), (t) => [
  primaryKey({ name: 'jobs_pkey', columns: [t.id, t.facilityId] }),
  ...codeKey('jobs', t),
  index('jobs_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
]);

/** Dân tộc: copied from the national list into each facility when it is created. */
export const nations = pgTable('nations', { ...catalogColumns(), otherNames: text('other_names') }, (t) => [
  primaryKey({ name: 'nations_pkey', columns: [t.id, t.facilityId] }),
  ...codeKey('nations', t),
  index('nations_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
]);

/**
 * Đơn vị hành chính, national (no facility): countries, provinces, districts, wards in one tree.
 * `legacy` rows are units that existed before 01/07/2025 (Nghị quyết 202/2025/QH15); each points at
 * its main successor. Codes are unique per level and period (a 2025 unit often reuses an old code).
 */
export const areas = pgTable(
  'areas',
  {
    id: serial('id').primaryKey(),
    /** 'country' | 'province' | 'district' | 'ward'. */
    level: text('level').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** Thành phố, Tỉnh, Phường, Xã, Đặc khu, …; null for a country. */
    kind: text('kind'),
    parentId: integer('parent_id').references((): AnyPgColumn => areas.id),
    legacy: boolean('legacy').notNull().default(false),
    successorId: integer('successor_id').references((): AnyPgColumn => areas.id),
    /** English name and ISO alpha-3 of a country; short name of a unit. Searched too. */
    otherNames: text('other_names'),
    searchText: text('search_text').notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('areas_level_period_code_uq').on(t.level, t.legacy, t.code),
    index('areas_parent_idx').on(t.parentId),
    index('areas_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/**
 * The official old → new conversion of communes (Bảng chuyển đổi ĐVHC, 01/07/2025): a legacy ward (or a
 * legacy island district without communes) into the 2025 ward(s) that took its territory. `partial`: the
 * old unit was split among several new ones, so an old address alone cannot say which.
 */
export const areaConversions = pgTable(
  'area_conversions',
  {
    oldAreaId: integer('old_area_id')
      .notNull()
      .references(() => areas.id),
    newAreaId: integer('new_area_id')
      .notNull()
      .references(() => areas.id),
    partial: boolean('partial').notNull().default(false),
  },
  (t) => [primaryKey({ name: 'area_conversions_pkey', columns: [t.oldAreaId, t.newAreaId] }), index('area_conversions_new_idx').on(t.newAreaId)],
);

/** Which 2025 provinces a zone (level 'zone' in `areas`: a region or a socio-economic region) groups. */
export const areaZoneMembers = pgTable(
  'area_zone_members',
  {
    zoneId: integer('zone_id')
      .notNull()
      .references(() => areas.id),
    provinceId: integer('province_id')
      .notNull()
      .references(() => areas.id),
  },
  (t) => [primaryKey({ name: 'area_zone_members_pkey', columns: [t.zoneId, t.provinceId] }), index('area_zone_members_province_idx').on(t.provinceId)],
);

/** One row: the version (content hash) of the shipped reference areas last loaded, so a start loads them once. */
export const areaReference = pgTable('area_reference', {
  id: integer('id').primaryKey().default(1),
  version: text('version').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});
