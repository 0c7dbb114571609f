import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { facilities } from './facilities';
import { patientUsers } from './patients';

/**
 * Notifications to patients (issue 17, /admin/nhom-thong-bao and /admin/thong-bao-day, MANAGER_NOTIFICATION;
 * docs/decisions.md "Notifications"). A group (campaign) is a message and an audience of patient accounts; sending
 * it writes one `notifications` row per account (the patient's inbox item and its delivery state), which the
 * `notify.send` job pushes to the account's devices. An event (booking accepted, reminder…) writes the same kind
 * of row, sent through the event's channels in their fallback order.
 */

/** A campaign: DRAFT → SCHEDULED → SENDING → SENT (or FAILED, or CANCELLED while still scheduled). */
export const notificationGroups = pgTable(
  'notification_groups',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** A served content image (`/api/content/v1/images/<hash>.<ext>`), or null. */
    imageUrl: text('image_url'),
    /** Where the notification opens in the patient app: NONE, NEWS, BOOKING, PRICE_LIST, URL; and its target. */
    linkType: text('link_type').notNull().default('NONE'),
    linkValue: text('link_value'),
    /** CARE or ADVERTISING (Nghị định 91/2020: the window, the daily cap, the opt-out). */
    kind: text('kind').notNull().default('CARE'),
    /** The audience filters as the form sent them (contracts/notifications.contract.ts `audienceFilters`). */
    audience: jsonb('audience').notNull(),
    /** How many accounts the audience held when the campaign was queued. */
    recipients: integer('recipients'),
    status: text('status').notNull().default('DRAFT'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Why the campaign failed, in Vietnamese. */
    error: text('error'),
    /** normalizeText(title + content): the list's search. */
    searchText: text('search_text').notNull().default(''),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'notification_groups_pkey', columns: [t.id, t.facilityId] }),
    foreignKey({ name: 'notification_groups_created_by_fk', columns: [t.facilityId, t.createdBy], foreignColumns: [accounts.facilityId, accounts.id] }),
    foreignKey({ name: 'notification_groups_updated_by_fk', columns: [t.facilityId, t.updatedBy], foreignColumns: [accounts.facilityId, accounts.id] }),
    index('notification_groups_list_idx').on(t.facilityId, t.id),
    index('notification_groups_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    index('notification_groups_due_idx').on(t.status, t.scheduledAt),
  ],
);

/**
 * One message to one patient account: its inbox item and its delivery. `group_id` (a campaign), `event` (an event)
 * or neither (one message pushed by staff). QUEUED → SENDING → SENT → DELIVERED → OPENED, or FAILED, or SKIPPED
 * (opted out of advertising, the 24-hour cap). `channel` is the one that carried it (PUSH, ZALO, SMS; INBOX when
 * the account has no device and the message waits in the app's inbox).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    userId: integer('user_id').notNull(),
    groupId: integer('group_id'),
    event: text('event'),
    /** What the event was about (the booking's id), so an event is sent once per booking. */
    eventRef: text('event_ref'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    imageUrl: text('image_url'),
    link: text('link'),
    /** An event's template values (Zalo ZNS sends them as the registered template's parameters). */
    data: jsonb('data'),
    kind: text('kind').notNull().default('CARE'),
    status: text('status').notNull().default('QUEUED'),
    channel: text('channel'),
    attempts: smallint('attempts').notNull().default(0),
    providerMessageId: text('provider_message_id'),
    errorCode: text('error_code'),
    error: text('error'),
    sendingSince: timestamp('sending_since', { withTimezone: true }),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'notifications_pkey', columns: [t.id, t.facilityId] }),
    foreignKey({ name: 'notifications_user_fk', columns: [t.facilityId, t.userId], foreignColumns: [patientUsers.facilityId, patientUsers.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'notifications_group_fk', columns: [t.facilityId, t.groupId], foreignColumns: [notificationGroups.facilityId, notificationGroups.id] }),
    // the idempotency keys: a campaign reaches an account once, an event once per thing it is about
    uniqueIndex('notifications_group_user_uq').on(t.facilityId, t.groupId, t.userId).where(sql`${t.groupId} IS NOT NULL`),
    uniqueIndex('notifications_event_uq').on(t.facilityId, t.event, t.eventRef, t.userId).where(sql`${t.event} IS NOT NULL`),
    // the inbox, newest first
    index('notifications_inbox_idx').on(t.facilityId, t.userId, t.id),
    index('notifications_group_status_idx').on(t.groupId, t.status),
    index('notifications_list_idx').on(t.facilityId, t.id),
    index('notifications_queued_idx').on(t.facilityId, t.notBefore).where(sql`${t.status} IN ('QUEUED', 'SENDING')`),
    index('notifications_provider_idx').on(t.providerMessageId),
  ],
);

/** The events' settings per facility: on or off, the template, the channels in fallback order, Zalo's template. */
export const notificationEvents = pgTable(
  'notification_events',
  {
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    /** rules/message-template NotificationEvent. */
    event: text('event').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    title: text('title').notNull(),
    template: text('template').notNull(),
    /** PUSH, ZALO, SMS in the order tried. */
    channels: text('channels').array().notNull(),
    /** The template id registered with Zalo for this event (ZNS sends only registered templates). */
    zaloTemplateId: text('zalo_template_id'),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'notification_events_pkey', columns: [t.facilityId, t.event] })],
);

/** A device of a patient account: an FCM registration token (ANDROID, IOS) or a browser's push subscription (WEB). */
export const patientDevices = pgTable(
  'patient_devices',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    userId: integer('user_id').notNull(),
    platform: text('platform').notNull(),
    /** The FCM token, or the subscription's endpoint for WEB. */
    token: text('token').notNull(),
    /** WEB: the subscription's keys ({ p256dh, auth }). */
    keys: jsonb('keys'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'patient_devices_pkey', columns: [t.id, t.facilityId] }),
    foreignKey({ name: 'patient_devices_user_fk', columns: [t.facilityId, t.userId], foreignColumns: [patientUsers.facilityId, patientUsers.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('patient_devices_token_uq').on(t.facilityId, t.token),
    index('patient_devices_user_idx').on(t.facilityId, t.userId),
  ],
);

/** A patient's choice about advertising per channel (PUSH, ZALO, SMS). No row: the default (allowed). */
export const patientNotifyPrefs = pgTable(
  'patient_notify_prefs',
  {
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    userId: integer('user_id').notNull(),
    channel: text('channel').notNull(),
    advertising: boolean('advertising').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'patient_notify_prefs_pkey', columns: [t.facilityId, t.userId, t.channel] }),
    foreignKey({
      name: 'patient_notify_prefs_user_fk',
      columns: [t.facilityId, t.userId],
      foreignColumns: [patientUsers.facilityId, patientUsers.id],
    }).onDelete('cascade'),
  ],
);

/**
 * The provider of each channel of a facility, as the settings tab chose it: RECORD (kept in the database, the
 * default) or the real provider (FCM, WEBPUSH, ZALO_ZNS, ESMS) with its settings. Secrets are stored encrypted
 * (AES-256-GCM with the server's NOTIFY_SECRET_KEY) and never sent back to the screen.
 */
export const notifyChannelSettings = pgTable(
  'notify_channel_settings',
  {
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    /** PUSH, WEBPUSH, ZALO, SMS. */
    channel: text('channel').notNull(),
    provider: text('provider').notNull(),
    /** Plain settings (brandname, OA id, base URL…). */
    settings: jsonb('settings').notNull().default({}),
    /** Encrypted secrets (api keys, service-account key), base64 of iv + tag + ciphertext. */
    secrets: text('secrets'),
    /** What the provider last said about the account (balance, quota), and when. */
    status: jsonb('status'),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'notify_channel_settings_pkey', columns: [t.facilityId, t.channel] })],
);

/**
 * A code sent to a patient who forgot the app's password (POST /api/app/v1/user/forgot-password): six digits,
 * stored only as a salted SHA-256, valid 10 minutes, 5 tries; a new request or a successful reset ends the earlier ones.
 */
export const patientPasswordResets = pgTable(
  'patient_password_resets',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    userId: integer('user_id').notNull(),
    /** `<salt hex>:<sha256 hex of salt + code>`. */
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Used, replaced by a newer code, or tried too often. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'patient_password_resets_pkey', columns: [t.id, t.facilityId] }),
    foreignKey({
      name: 'patient_password_resets_user_fk',
      columns: [t.facilityId, t.userId],
      foreignColumns: [patientUsers.facilityId, patientUsers.id],
    }).onDelete('cascade'),
    index('patient_password_resets_user_idx').on(t.facilityId, t.userId, t.id),
  ],
);
