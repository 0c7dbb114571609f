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
