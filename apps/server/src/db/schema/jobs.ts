import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { facilities } from './facilities';

/**
 * Durable jobs (core/jobs): a small work queue of our own, claimed with FOR UPDATE SKIP LOCKED.
 * Named background_jobs: `jobs` is the national catalogue of occupations (catalog-reference.ts).
 * `facility_id` is null for system jobs (the no-show sweep covers every facility). A job's idempotency
 * key is unique per facility and job name: the index is on (coalesce(facility_id, 0), name, key), so
 * system jobs (facility 0) share one key space and a facility's keys never collide with another's.
 * `last_error` is a described error (core/errors describeErrorForLog), never personal data.
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    facilityId: integer('facility_id').references(() => facilities.id),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** queued | running | done | dead */
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** The runner instance holding the lease, and until when: an expired lease is claimed again. */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    key: text('key'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('background_jobs_claim_idx').on(t.state, t.runAt),
    index('background_jobs_facility_state_idx').on(t.facilityId, t.state, t.id),
    uniqueIndex('background_jobs_key_uq').on(sql`coalesce(${t.facilityId}, 0)`, t.name, t.key).where(sql`${t.key} IS NOT NULL`),
    check('background_jobs_state_check', sql`${t.state} IN ('queued', 'running', 'done', 'dead')`),
    check('background_jobs_attempts_check', sql`${t.maxAttempts} >= 1 AND ${t.attempts} >= 0`),
  ],
);
