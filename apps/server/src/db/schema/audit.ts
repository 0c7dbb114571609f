import { sql } from 'drizzle-orm';
import { bigserial, bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const auditColumns = {
  facilityId: integer('facility_id'),
  actorId: integer('actor_id'),
  actorUsername: text('actor_username'),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: text('entity_id'),
  before: jsonb('before'),
  after: jsonb('after'),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Append-only audit trail: every write, sign-in, failed sign-in and refusal. A trigger
 * (migration 0002) refuses UPDATE, DELETE and TRUNCATE; the one exception is the archive job
 * (modules/logs/archive.job.ts), which moves rows older than LOG_RETENTION_DAYS to
 * `audit_log_archive` inside a transaction that has set `portal.audit_archiving` (migration 0021).
 * The logs screen pages it newest first by id (keyset), per facility, per account and per object.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...auditColumns,
  },
  (t) => [
    index('audit_facility_time_idx').on(t.facilityId, t.createdAt),
    index('audit_facility_id_idx').on(t.facilityId, sql`${t.id} DESC`),
    index('audit_facility_actor_id_idx').on(t.facilityId, t.actorId, sql`${t.id} DESC`),
    index('audit_facility_entity_idx').on(t.facilityId, t.entity, t.entityId, sql`${t.id} DESC`),
  ],
);

/** Rows moved out of `audit_log` after the retention period: the same columns, append-only too. */
export const auditLogArchive = pgTable(
  'audit_log_archive',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    ...auditColumns,
    archivedAt: timestamp('archived_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_archive_facility_time_idx').on(t.facilityId, t.createdAt)],
);
