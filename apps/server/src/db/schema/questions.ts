import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { specialties } from './catalog';
import { doctors } from './doctors';
import { facilities } from './facilities';
import { patientUsers } from './patients';

/**
 * Patients' questions to doctors (issue 19; /admin/question with MANAGER_CONSULTATION; docs/questions.md).
 * A patient of the app asks; a moderator accepts or rejects, marks it sensitive, assigns a specialty and a doctor,
 * discusses it in internal comments; the answer (commentary) is rich text published under the doctor's name.
 * The asker's name, gender and age are copied when asked: the public answer shows only gender and age, and a
 * sensitive question is never public.
 */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    /** The patient account that asked (the app's signed-in account). */
    patientUserId: integer('patient_user_id').notNull(),
    askerName: text('asker_name').notNull(),
    /** MALE, FEMALE, or null when the patient did not say. */
    askerGender: text('asker_gender'),
    askerAge: smallint('asker_age'),
    title: text('title').notNull(),
    /** Plain text as the patient typed it (never read as HTML). */
    content: text('content').notNull(),
    /** Served content images (`/api/content/v1/images/<hash>.<ext>`), at most QUESTION_IMAGES_MAX. */
    imageUrls: jsonb('image_urls').$type<string[]>().notNull().default([]),
    /** The specialty asked (by the patient, or reassigned by a moderator). */
    specialtyId: integer('specialty_id'),
    /** The doctor assigned to answer; the public answer carries their name. */
    doctorId: integer('doctor_id'),
    status: text('status').notNull().default('NEW'),
    sensitive: boolean('sensitive').notNull().default(false),
    /** Told to the patient when rejected. */
    rejectReason: text('reject_reason'),
    /** sanitizeRichText(answer).html — never what the client sent. */
    answerHtml: text('answer_html'),
    answerText: text('answer_text'),
    /** The first answer (the answer time is measured to it); later edits keep it. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: integer('answered_by'),
    answerUpdatedAt: timestamp('answer_updated_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by'),
    /** normalizeText(title + content): the list's search without diacritics. */
    searchText: text('search_text').notNull(),
    commentCount: integer('comment_count').notNull().default(0),
    /** Optimistic concurrency of the answer: an edit names the version it edited. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'questions_pkey', columns: [t.id, t.facilityId] }),
    foreignKey({ name: 'questions_patient_user_fk', columns: [t.facilityId, t.patientUserId], foreignColumns: [patientUsers.facilityId, patientUsers.id] }),
    foreignKey({ name: 'questions_specialty_fk', columns: [t.facilityId, t.specialtyId], foreignColumns: [specialties.facilityId, specialties.id] }),
    foreignKey({ name: 'questions_doctor_fk', columns: [t.facilityId, t.doctorId], foreignColumns: [doctors.facilityId, doctors.id] }),
    foreignKey({ name: 'questions_answered_by_fk', columns: [t.facilityId, t.answeredBy], foreignColumns: [accounts.facilityId, accounts.id] }),
    foreignKey({ name: 'questions_accepted_by_fk', columns: [t.facilityId, t.acceptedBy], foreignColumns: [accounts.facilityId, accounts.id] }),
    check('questions_status_ck', sql`${t.status} IN ('NEW', 'ACCEPTED', 'ANSWERED', 'REJECTED', 'HIDDEN')`),
    check('questions_answer_ck', sql`${t.status} <> 'ANSWERED' OR ${t.answerHtml} IS NOT NULL`),
    /** The list, newest first, and one status tab of it. */
    index('questions_list_idx').on(t.facilityId, t.id),
    index('questions_status_idx').on(t.facilityId, t.status, t.id),
    index('questions_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    index('questions_specialty_idx').on(t.facilityId, t.specialtyId, t.status),
    index('questions_user_idx').on(t.facilityId, t.patientUserId, t.id),
    /** The public answers of a facility. */
    index('questions_public_idx').on(t.facilityId, t.id).where(sql`${t.status} = 'ANSWERED' AND NOT ${t.sensitive}`),
  ],
);

/** A moderator's internal comment on a question (never shown to the patient or the public). */
export const questionComments = pgTable(
  'question_comments',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id').notNull(),
    questionId: integer('question_id').notNull(),
    accountId: integer('account_id').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'question_comments_pkey', columns: [t.id, t.facilityId] }),
    foreignKey({ name: 'question_comments_question_fk', columns: [t.questionId, t.facilityId], foreignColumns: [questions.id, questions.facilityId] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'question_comments_account_fk', columns: [t.facilityId, t.accountId], foreignColumns: [accounts.facilityId, accounts.id] }),
    index('question_comments_question_idx').on(t.facilityId, t.questionId, t.id),
  ],
);
