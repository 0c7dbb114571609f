import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { doctors } from './doctors';
import { facilities } from './facilities';
import { medicalProfiles, patientUsers } from './patients';

/**
 * The private clinic (issue 20, /admin/SHP/*, MANAGER_SHP; docs/clinic.md): the hospital's membership programme for
 * patients it follows over time. A member is one patient app account (the account that receives the group chat and
 * the medicine reminders) enrolled in one care programme, with the medical profile of the person followed.
 */
export const clinicMembers = pgTable(
  'clinic_members',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    /** The app account: one membership per account (the route /admin/SHP/drug/:userId names it). */
    userId: integer('user_id').notNull(),
    /** The person followed (their patient code, name and date of birth). */
    medicalProfileId: integer('medical_profile_id').notNull(),
    /** rules/clinic-programs CLINIC_PROGRAMS. */
    program: text('program').notNull(),
    active: boolean('active').notNull().default(true),
    /** Why the member was last deactivated (kept after a reactivation; every change is in the audit). */
    deactivationReason: text('deactivation_reason'),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** The doctor in charge of the member's care. */
    doctorId: integer('doctor_id'),
    /** The staff's note about the member (never shown to the patient). */
    note: text('note').notNull().default(''),
    /** Which periodic health surveys the member receives and how often: [{ kind, everyDays }]. */
    surveys: jsonb('surveys').$type<{ kind: string; everyDays: number }[]>().notNull().default([]),
    /** normalizeText of the profile's name, phone and patient code, and of the account's phone. */
    searchText: text('search_text').notNull(),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
    enrolledBy: integer('enrolled_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'clinic_members_pkey', columns: [t.id, t.facilityId] }),
    uniqueIndex('clinic_members_user_uq').on(t.facilityId, t.userId),
    foreignKey({ name: 'clinic_members_user_fk', columns: [t.facilityId, t.userId], foreignColumns: [patientUsers.facilityId, patientUsers.id] }),
    foreignKey({
      name: 'clinic_members_profile_fk',
      columns: [t.facilityId, t.medicalProfileId],
      foreignColumns: [medicalProfiles.facilityId, medicalProfiles.id],
    }),
    foreignKey({ name: 'clinic_members_doctor_fk', columns: [t.facilityId, t.doctorId], foreignColumns: [doctors.facilityId, doctors.id] }),
    foreignKey({ name: 'clinic_members_enrolled_by_fk', columns: [t.facilityId, t.enrolledBy], foreignColumns: [accounts.facilityId, accounts.id] }),
    check('clinic_members_program_ck', sql`${t.program} IN ('DIABETES', 'HYPERTENSION', 'PREGNANCY', 'ELDERLY')`),
    index('clinic_members_list_idx').on(t.facilityId, t.id),
    index('clinic_members_program_idx').on(t.facilityId, t.program, t.active),
    index('clinic_members_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/**
 * A conversation: a GROUP (a programme's members with their doctors and nurses) or a DIRECT one between one staff
 * account and one member. The last message is kept on the row so the list of conversations reads no messages.
 */
export const clinicChatGroups = pgTable(
  'clinic_chat_groups',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    kind: text('kind').notNull().default('GROUP'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The programme whose members it gathers (a direct conversation has none). */
    program: text('program'),
    searchText: text('search_text').notNull(),
    memberCount: integer('member_count').notNull().default(0),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessagePreview: text('last_message_preview'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'clinic_chat_groups_pkey', columns: [t.id, t.facilityId] }),
    foreignKey({ name: 'clinic_chat_groups_created_by_fk', columns: [t.facilityId, t.createdBy], foreignColumns: [accounts.facilityId, accounts.id] }),
    check('clinic_chat_groups_kind_ck', sql`${t.kind} IN ('GROUP', 'DIRECT')`),
    index('clinic_chat_groups_recent_idx').on(t.facilityId, t.lastMessageAt),
  ],
);

/**
 * Who is in a conversation: a staff account or a member's app account (exactly one of them), and the last message
 * they have read (unread = messages after it; "seen by" = participants whose last read is at or after a message).
 */
export const clinicChatParticipants = pgTable(
  'clinic_chat_participants',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    groupId: integer('group_id').notNull(),
    accountId: integer('account_id'),
    userId: integer('user_id'),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'clinic_chat_participants_pkey', columns: [t.id, t.facilityId] }),
    foreignKey({
      name: 'clinic_chat_participants_group_fk',
      columns: [t.facilityId, t.groupId],
      foreignColumns: [clinicChatGroups.facilityId, clinicChatGroups.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'clinic_chat_participants_account_fk', columns: [t.facilityId, t.accountId], foreignColumns: [accounts.facilityId, accounts.id] }),
    foreignKey({ name: 'clinic_chat_participants_user_fk', columns: [t.facilityId, t.userId], foreignColumns: [patientUsers.facilityId, patientUsers.id] }),
    check('clinic_chat_participants_one_ck', sql`(${t.accountId} IS NULL) <> (${t.userId} IS NULL)`),
    uniqueIndex('clinic_chat_participants_account_uq').on(t.facilityId, t.groupId, t.accountId).where(sql`${t.accountId} IS NOT NULL`),
    uniqueIndex('clinic_chat_participants_user_uq').on(t.facilityId, t.groupId, t.userId).where(sql`${t.userId} IS NOT NULL`),
    index('clinic_chat_participants_account_idx').on(t.facilityId, t.accountId),
    index('clinic_chat_participants_user_idx').on(t.facilityId, t.userId),
  ],
);

/** A message, persisted before it is delivered; a moderator may hide it (kept, with who and when, and in the audit). */
export const clinicChatMessages = pgTable(
  'clinic_chat_messages',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    groupId: integer('group_id').notNull(),
    senderAccountId: integer('sender_account_id'),
    senderUserId: integer('sender_user_id'),
    /** The sender's name when sent. */
    senderName: text('sender_name').notNull(),
    text: text('text').notNull().default(''),
    /** A served content image (`/api/content/v1/images/<hash>.<ext>`). */
    imageUrl: text('image_url'),
    hidden: boolean('hidden').notNull().default(false),
    hiddenBy: integer('hidden_by'),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'clinic_chat_messages_pkey', columns: [t.id, t.facilityId] }),
    foreignKey({
      name: 'clinic_chat_messages_group_fk',
      columns: [t.facilityId, t.groupId],
      foreignColumns: [clinicChatGroups.facilityId, clinicChatGroups.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'clinic_chat_messages_account_fk', columns: [t.facilityId, t.senderAccountId], foreignColumns: [accounts.facilityId, accounts.id] }),
    foreignKey({ name: 'clinic_chat_messages_user_fk', columns: [t.facilityId, t.senderUserId], foreignColumns: [patientUsers.facilityId, patientUsers.id] }),
    check('clinic_chat_messages_sender_ck', sql`(${t.senderAccountId} IS NULL) <> (${t.senderUserId} IS NULL)`),
    check('clinic_chat_messages_content_ck', sql`${t.text} <> '' OR ${t.imageUrl} IS NOT NULL`),
    index('clinic_chat_messages_group_idx').on(t.facilityId, t.groupId, t.id),
  ],
);
