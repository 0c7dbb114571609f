import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { facilities } from './facilities';

/**
 * Từ viết tắt: a facility's abbreviations ("SA" → "siêu âm") that every search expands
 * (packages/shared/src/rules/acronyms.ts). `code` is the key as typed, `name` its expansion;
 * `key_search` is the key normalised (lower case, no diacritics), unique per facility, so "SA",
 * "sa" and "Sa" are one key and so are "ĐTĐ" and "DTD".
 */
export const acronyms = pgTable(
  'acronyms',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    keySearch: text('key_search').notNull(),
    /** normalizeText(key + expansion). */
    searchText: text('search_text').notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'acronyms_pkey', columns: [t.id, t.facilityId] }),
    uniqueIndex('acronyms_facility_key_uq').on(t.facilityId, t.keySearch),
    index('acronyms_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);
