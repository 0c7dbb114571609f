import { index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { catalogColumns } from './catalog';

/**
 * Từ viết tắt: a facility's abbreviations ("SA" → "siêu âm") that every search expands
 * (packages/shared/src/rules/acronyms.ts). `code` is the key as typed, `name` its expansion;
 * `key_search` is the key normalised (lower case, no diacritics), unique per facility, so "SA",
 * "sa" and "Sa" are one key and so are "ĐTĐ" and "DTD".
 */
export const acronyms = pgTable(
  'acronyms',
  {
    ...catalogColumns(),
    /** The key normalised (lower case, no diacritics): unique per facility. */
    keySearch: text('key_search').notNull(),
  },
  (t) => [
    primaryKey({ name: 'acronyms_pkey', columns: [t.id, t.facilityId] }),
    uniqueIndex('acronyms_facility_key_uq').on(t.facilityId, t.keySearch),
    index('acronyms_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);
