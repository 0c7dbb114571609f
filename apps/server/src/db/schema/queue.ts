import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { facilities } from './facilities';

/**
 * A link of a calling screen (DISPLAY) or a kiosk (KIOSK) of the waiting room (issue 22, docs/waiting-room.md):
 * opened without a staff sign-in, by its token, which is kept only as its SHA-256 (shown once when made).
 * It opens only its kind of page and its rooms; revoking it closes its open screens.
 */
export const queueScreens = pgTable(
  'queue_screens',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    /** DISPLAY or KIOSK. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** SHA-256 (hex) of the token. */
    tokenHash: text('token_hash').notNull(),
    /** The token's first characters, to tell links apart on the list. */
    tokenHint: text('token_hint').notNull(),
    /** The rooms it shows or checks in for; empty for a kiosk = every room. */
    roomIds: integer('room_ids').array().notNull().default(sql`'{}'::int[]`),
    volume: smallint('volume').notNull().default(80),
    chime: boolean('chime').notNull().default(true),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last time a screen used it (kept to the minute). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by'),
  },
  (t) => [
    primaryKey({ name: 'queue_screens_pkey', columns: [t.id, t.facilityId] }),
    uniqueIndex('queue_screens_token_uq').on(t.tokenHash),
    foreignKey({ name: 'queue_screens_created_by_fk', columns: [t.facilityId, t.createdBy], foreignColumns: [accounts.facilityId, accounts.id] }),
    foreignKey({ name: 'queue_screens_revoked_by_fk', columns: [t.facilityId, t.revokedBy], foreignColumns: [accounts.facilityId, accounts.id] }),
    index('queue_screens_facility_idx').on(t.facilityId, t.createdAt),
  ],
);
