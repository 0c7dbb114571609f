import { bigserial, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { facilities } from './facilities';

/** A signed-in session. Tokens are stored only as SHA-256 hex. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    accountId: integer('account_id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    tokenHash: text('token_hash').notNull(),
    refreshHash: text('refresh_hash').notNull(),
    /** The refresh token this one replaced: presenting it again means theft, and ends the session. */
    previousRefreshHash: text('previous_refresh_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    primaryKey({ name: 'sessions_pkey', columns: [t.id, t.facilityId] }),
    foreignKey({ name: 'sessions_account_fk', columns: [t.facilityId, t.accountId], foreignColumns: [accounts.facilityId, accounts.id] }).onDelete('cascade'),
    // token hashes are unique across the platform: a request's token names no facility
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    uniqueIndex('sessions_refresh_hash_uq').on(t.refreshHash),
    index('sessions_previous_refresh_idx').on(t.previousRefreshHash),
    index('sessions_account_idx').on(t.accountId),
  ],
);

/**
 * Sign-in attempts counted per key ('a:<account id>', 'u:<unknown identifier>' or 'ip:<address>') in a
 * window that starts at the first attempt: each attempt is reserved (pending) before its password is
 * verified, then counted as a failure or given back (modules/auth/auth.service.ts).
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  /** Attempts whose password is being verified right now. */
  pending: integer('pending').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
});
