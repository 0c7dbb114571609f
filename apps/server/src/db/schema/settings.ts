import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { facilities } from './facilities';

/**
 * The general configuration's values a facility has set (issue 18): one row per key the facility changed
 * from its default (packages/shared/src/rules/settings-keys.ts); no row = the default. Who set it and when
 * are kept beside the value (the audit log keeps every change). docs/decisions.md "Settings and general configuration".
 */
export const facilitySettings = pgTable(
  'facility_settings',
  {
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    key: text('key').notNull(),
    /** The value in its stored form (a JSON string, number, boolean or null), checked against the key's type. */
    value: jsonb('value').$type<string | number | boolean | null>(),
    updatedById: integer('updated_by_id'),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'facility_settings_pkey', columns: [t.facilityId, t.key] })],
);
