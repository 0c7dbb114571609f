import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { bookings } from './appointments';
import { facilities } from './facilities';
import { medicalProfiles } from './patients';

/**
 * The connection to the hospital information system over FHIR R4 (issue 21; docs/his.md). One per facility.
 * The password, token or client secret is sealed with AES-256-GCM under HIS_SECRET_KEY and never read back to
 * a screen.
 */
export const hisConnections = pgTable(
  'his_connections',
  {
    facilityId: integer('facility_id')
      .primaryKey()
      .references(() => facilities.id),
    enabled: boolean('enabled').notNull().default(false),
    baseUrl: text('base_url').notNull(),
    /** NONE, BASIC, BEARER, OAUTH2. */
    authType: text('auth_type').notNull().default('NONE'),
    username: text('username'),
    clientId: text('client_id'),
    tokenUrl: text('token_url'),
    sealedSecret: text('sealed_secret'),
    /** The hospital's Organization id in the HIS: a resource of another hospital is skipped. */
    hisOrganizationId: text('his_organization_id').notNull(),
    patientCodeSystem: text('patient_code_system').notNull(),
    timeoutSeconds: integer('timeout_seconds').notNull().default(15),
    pageSize: integer('page_size').notNull().default(100),
    maxPages: integer('max_pages').notNull().default(200),
    /** Hour (+07:00) of the daily catalogue sync; null = none. */
    syncHour: integer('sync_hour'),
    nightlyPull: boolean('nightly_pull').notNull().default(false),
    sendCheckins: boolean('send_checkins').notNull().default(true),
    lastTest: jsonb('last_test'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by'),
  },
  (t) => [foreignKey({ name: 'his_connections_updated_by_fk', columns: [t.facilityId, t.updatedBy], foreignColumns: [accounts.facilityId, accounts.id] })],
);

/** The HIS's catalogue items (departments, rooms, doctors, services) as the last sync read them: what mapping picks from. */
export const hisRemoteItems = pgTable(
  'his_remote_items',
  {
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    /** DEPARTMENT, ROOM, DOCTOR, SERVICE. */
    kind: text('kind').notNull(),
    /** The FHIR reference in the HIS, `Type/id`. */
    ref: text('ref').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** normalizeText(name): name matching and the search box. */
    searchText: text('search_text').notNull(),
    active: boolean('active').notNull().default(true),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'his_remote_items_pkey', columns: [t.facilityId, t.kind, t.ref] }),
    index('his_remote_items_code_idx').on(t.facilityId, t.kind, sql`lower(${t.code})`),
    index('his_remote_items_name_idx').on(t.facilityId, t.kind, t.searchText),
  ],
);

/** One portal item ↔ one HIS item of a kind. */
export const hisCodeMaps = pgTable(
  'his_code_maps',
  {
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    kind: text('kind').notNull(),
    portalId: integer('portal_id').notNull(),
    hisRef: text('his_ref').notNull(),
    /** CODE, NAME, MANUAL, CREATED. */
    method: text('method').notNull(),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
    matchedBy: integer('matched_by'),
  },
  (t) => [
    primaryKey({ name: 'his_code_maps_pkey', columns: [t.facilityId, t.kind, t.portalId] }),
    uniqueIndex('his_code_maps_ref_uq').on(t.facilityId, t.kind, t.hisRef),
    foreignKey({ name: 'his_code_maps_matched_by_fk', columns: [t.facilityId, t.matchedBy], foreignColumns: [accounts.facilityId, accounts.id] }),
  ],
);

/** A sync run (catalogue) or a record pull: its counts; its items are his_sync_items. */
export const hisSyncRuns = pgTable(
  'his_sync_runs',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    /** SERVICES, DEPARTMENTS, DOCTORS, RECORDS. */
    kind: text('kind').notNull(),
    /** QUEUED, RUNNING, DONE, PARTIAL, FAILED. */
    status: text('status').notNull().default('QUEUED'),
    /** MANUAL, SCHEDULE, RETRY. */
    trigger: text('trigger').notNull(),
    retryOf: integer('retry_of'),
    /** A RECORDS run of one profile. */
    profileId: integer('profile_id'),
    total: integer('total').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by'),
  },
  (t) => [
    primaryKey({ name: 'his_sync_runs_pkey', columns: [t.id, t.facilityId] }),
    index('his_sync_runs_list_idx').on(t.facilityId, t.id),
    // one catalogue run of a kind at a time per facility
    uniqueIndex('his_sync_runs_one_active_uq').on(t.facilityId, t.kind).where(sql`${t.status} IN ('QUEUED', 'RUNNING') AND ${t.kind} <> 'RECORDS'`),
    foreignKey({ name: 'his_sync_runs_created_by_fk', columns: [t.facilityId, t.createdBy], foreignColumns: [accounts.facilityId, accounts.id] }),
  ],
);

/** One item of a run that did something or could not: created, updated, skipped, failed (unchanged ones are only counted). */
export const hisSyncItems = pgTable(
  'his_sync_items',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    runId: integer('run_id').notNull(),
    ref: text('ref').notNull(),
    code: text('code'),
    name: text('name'),
    action: text('action').notNull(),
    message: text('message'),
    changes: jsonb('changes').$type<string[]>().notNull().default([]),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'his_sync_items_pkey', columns: [t.id, t.facilityId] }),
    foreignKey({ name: 'his_sync_items_run_fk', columns: [t.runId, t.facilityId], foreignColumns: [hisSyncRuns.id, hisSyncRuns.facilityId] }).onDelete(
      'cascade',
    ),
    index('his_sync_items_run_idx').on(t.facilityId, t.runId, t.action, t.id),
  ],
);

/** A portal medical profile ↔ the HIS's Patient. */
export const hisPatientLinks = pgTable(
  'his_patient_links',
  {
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    profileId: integer('profile_id').notNull(),
    hisId: text('his_id').notNull(),
    hisName: text('his_name').notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
    linkedBy: integer('linked_by'),
    lastPulledAt: timestamp('last_pulled_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'his_patient_links_pkey', columns: [t.facilityId, t.profileId] }),
    uniqueIndex('his_patient_links_his_uq').on(t.facilityId, t.hisId),
    foreignKey({
      name: 'his_patient_links_profile_fk',
      columns: [t.facilityId, t.profileId],
      foreignColumns: [medicalProfiles.facilityId, medicalProfiles.id],
    }),
    foreignKey({ name: 'his_patient_links_linked_by_fk', columns: [t.facilityId, t.linkedBy], foreignColumns: [accounts.facilityId, accounts.id] }),
  ],
);

/** A front-desk check-in on its way to the HIS (outbox; sent by the his.checkin job) and the HIS's queue number. */
export const hisCheckins = pgTable(
  'his_checkins',
  {
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    bookingId: integer('booking_id').notNull(),
    /** PENDING, SENT, FAILED. */
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The Appointment in the HIS, `Appointment/id`. */
    hisRef: text('his_ref'),
    hisQueueNumber: integer('his_queue_number'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'his_checkins_pkey', columns: [t.facilityId, t.bookingId] }),
    foreignKey({ name: 'his_checkins_booking_fk', columns: [t.facilityId, t.bookingId], foreignColumns: [bookings.facilityId, bookings.id] }),
    index('his_checkins_status_idx').on(t.facilityId, t.status, t.createdAt),
  ],
);
