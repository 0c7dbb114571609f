import { bigint, bigserial, foreignKey, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { catalogColumns } from './catalog';
import { codeKey } from './code-key';
import { facilities } from './facilities';

/**
 * SMS of the facility (issue 17, /admin/sms, MANAGER_SMS). A template is a catalogue row (`code`, `name` =
 * its title, `content`, `kind`); a batch is one message composed and sent to a list of numbers; each
 * recipient is one row of sms_messages, sent by the `sms.send` job and updated by the provider's delivery
 * report. docs/decisions.md "SMS".
 */
export const smsTemplates = pgTable(
  'sms_templates',
  {
    ...catalogColumns(),
    content: text('content').notNull(),
    /** CARE (reminders, results: not advertising) or ADVERTISING (Nghị định 91/2020: hours and daily cap). */
    kind: text('kind').notNull().default('CARE'),
  },
  (t) => [
    primaryKey({ name: 'sms_templates_pkey', columns: [t.id, t.facilityId] }),
    ...codeKey('sms_templates', t),
    index('sms_templates_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export const smsBatches = pgTable(
  'sms_batches',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    /** The text as sent (diacritics removed when the sender chose so). */
    content: text('content').notNull(),
    kind: text('kind').notNull(),
    /** GSM-7 or UCS-2; parts per message; the estimate at the facility's price per part (VND). */
    encoding: text('encoding').notNull(),
    parts: smallint('parts').notNull(),
    recipients: integer('recipients').notNull(),
    cost: bigint('cost', { mode: 'number' }).notNull(),
    /** The provider the batch went through (RECORD = kept in the database, ESMS = eSMS.vn). */
    provider: text('provider').notNull(),
    /** Not sent before (an advertising batch outside 07:00–22:00 waits for the window). */
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'sms_batches_pkey', columns: [t.id, t.facilityId] }),
    foreignKey({ name: 'sms_batches_created_by_fk', columns: [t.facilityId, t.createdBy], foreignColumns: [accounts.facilityId, accounts.id] }),
    index('sms_batches_facility_idx').on(t.facilityId, t.id),
  ],
);

export const smsMessages = pgTable(
  'sms_messages',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    batchId: bigint('batch_id', { mode: 'number' }).notNull(),
    /** National form 0xxxxxxxxx. */
    phone: text('phone').notNull(),
    /** QUEUED → SENDING → SENT → DELIVERED, or FAILED; SKIPPED (the 24-hour advertising cap). */
    status: text('status').notNull().default('QUEUED'),
    attempts: smallint('attempts').notNull().default(0),
    providerMessageId: text('provider_message_id'),
    /** The provider's code and the reason shown (Vietnamese). */
    errorCode: text('error_code'),
    error: text('error'),
    sendingSince: timestamp('sending_since', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'sms_messages_pkey', columns: [t.id, t.facilityId] }),
    foreignKey({ name: 'sms_messages_batch_fk', columns: [t.facilityId, t.batchId], foreignColumns: [smsBatches.facilityId, smsBatches.id] }),
    // one message per number in a batch: a retried or restarted job never sends twice
    uniqueIndex('sms_messages_batch_phone_uq').on(t.facilityId, t.batchId, t.phone),
    index('sms_messages_batch_status_idx').on(t.batchId, t.status),
    index('sms_messages_provider_idx').on(t.providerMessageId),
    // the 24-hour advertising cap looks up a number's last messages
    index('sms_messages_phone_idx').on(t.facilityId, t.phone, t.sentAt),
  ],
);
