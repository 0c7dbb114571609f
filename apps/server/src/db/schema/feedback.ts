import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { bookings } from './appointments';
import { departments } from './catalog';
import { doctors } from './doctors';
import { facilities } from './facilities';
import { medicalProfiles, patientUsers } from './patients';

/**
 * Patients' feedback and star ratings after a visit (issue 19, /admin/danh-sach-phan-hoi; docs/decisions.md "Feedback
 * and ratings", docs/feedback-states.md). One row per finished booking, given by its patient account in the app; the
 * booking's doctor, department, profile and account are copied, so a later change of the booking cannot rewrite what
 * was rated. Ratings are 1–5 stars (overall required, the others null = not rated).
 */
const stars = (name: string) => smallint(name);

export const patientFeedbacks = pgTable(
  'patient_feedbacks',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    bookingId: integer('booking_id').notNull(),
    /** The account that gave it (the booking's owner then). */
    userId: integer('user_id').notNull(),
    medicalProfileId: integer('medical_profile_id').notNull(),
    doctorId: integer('doctor_id').notNull(),
    departmentId: integer('department_id').notNull(),
    /** The visit's day (the booking's date), shown beside the feedback. */
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    ratingOverall: stars('rating_overall').notNull(),
    ratingDoctor: stars('rating_doctor'),
    ratingReception: stars('rating_reception'),
    ratingWaiting: stars('rating_waiting'),
    ratingCleanliness: stars('rating_cleanliness'),
    comment: text('comment').notNull().default(''),
    /** The patient ticked "Khiếu nại". */
    complaintTicked: boolean('complaint_ticked').notNull().default(false),
    /** rules/feedback isComplaint: ticked, or any given rating of 2 stars or fewer. */
    complaint: boolean('complaint').notNull(),
    /** Complaints only: NEW → HANDLED; null for a feedback that is no complaint. */
    status: text('status'),
    /** normalizeText of the comment, the patient's name, phone and code, the booking's code: the list's search. */
    searchText: text('search_text').notNull().default(''),
    /** The one reply to the patient (plain text, never HTML). */
    replyText: text('reply_text'),
    repliedBy: integer('replied_by'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    handledNote: text('handled_note'),
    handledBy: integer('handled_by'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'patient_feedbacks_pkey', columns: [t.id, t.facilityId] }),
    uniqueIndex('patient_feedbacks_booking_uq').on(t.facilityId, t.bookingId),
    foreignKey({ name: 'patient_feedbacks_booking_fk', columns: [t.facilityId, t.bookingId], foreignColumns: [bookings.facilityId, bookings.id] }),
    foreignKey({ name: 'patient_feedbacks_user_fk', columns: [t.facilityId, t.userId], foreignColumns: [patientUsers.facilityId, patientUsers.id] }),
    foreignKey({
      name: 'patient_feedbacks_profile_fk',
      columns: [t.facilityId, t.medicalProfileId],
      foreignColumns: [medicalProfiles.facilityId, medicalProfiles.id],
    }),
    foreignKey({ name: 'patient_feedbacks_doctor_fk', columns: [t.facilityId, t.doctorId], foreignColumns: [doctors.facilityId, doctors.id] }),
    foreignKey({ name: 'patient_feedbacks_department_fk', columns: [t.facilityId, t.departmentId], foreignColumns: [departments.facilityId, departments.id] }),
    foreignKey({ name: 'patient_feedbacks_replied_by_fk', columns: [t.facilityId, t.repliedBy], foreignColumns: [accounts.facilityId, accounts.id] }),
    foreignKey({ name: 'patient_feedbacks_handled_by_fk', columns: [t.facilityId, t.handledBy], foreignColumns: [accounts.facilityId, accounts.id] }),
    check('patient_feedbacks_overall_range', sql`${t.ratingOverall} BETWEEN 1 AND 5`),
    check('patient_feedbacks_doctor_range', sql`${t.ratingDoctor} BETWEEN 1 AND 5`),
    check('patient_feedbacks_reception_range', sql`${t.ratingReception} BETWEEN 1 AND 5`),
    check('patient_feedbacks_waiting_range', sql`${t.ratingWaiting} BETWEEN 1 AND 5`),
    check('patient_feedbacks_cleanliness_range', sql`${t.ratingCleanliness} BETWEEN 1 AND 5`),
    check('patient_feedbacks_status_of_complaint', sql`(${t.complaint} AND ${t.status} IN ('NEW', 'HANDLED')) OR (NOT ${t.complaint} AND ${t.status} IS NULL)`),
    // the list: a period of a facility, newest first
    index('patient_feedbacks_list_idx').on(t.facilityId, t.createdAt, t.id),
    // complaints waiting to be handled
    index('patient_feedbacks_open_idx').on(t.facilityId, t.createdAt).where(sql`${t.status} = 'NEW'`),
    index('patient_feedbacks_user_idx').on(t.facilityId, t.userId, t.createdAt),
    index('patient_feedbacks_doctor_idx').on(t.facilityId, t.doctorId, t.createdAt),
    index('patient_feedbacks_department_idx').on(t.facilityId, t.departmentId, t.createdAt),
    index('patient_feedbacks_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/**
 * The rate reports' daily rollup (docs/decisions.md "Feedback and ratings"): for each facility, day the feedback was
 * given (+07:00), doctor and department, how many feedbacks and complaints, and how many of each star (1–5) each
 * criterion got. Kept by the database's triggers on patient_feedbacks in the same transaction as every feedback
 * write (migration 0036); the reports read it instead of the feedbacks. The count and the sum of a criterion follow
 * from its five star counts.
 */
const count = (name: string) => integer(name).notNull().default(0);
function starCounts<C extends string>(criterion: C): Record<`${C}${1 | 2 | 3 | 4 | 5}`, ReturnType<typeof count>> {
  return Object.fromEntries([1, 2, 3, 4, 5].map((n) => [`${criterion}${n}`, count(`${criterion}_${n}`)])) as Record<
    `${C}${1 | 2 | 3 | 4 | 5}`,
    ReturnType<typeof count>
  >;
}

export const feedbackDayStats = pgTable(
  'feedback_day_stats',
  {
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    day: date('day', { mode: 'string' }).notNull(),
    doctorId: integer('doctor_id').notNull(),
    departmentId: integer('department_id').notNull(),
    feedbacks: count('feedbacks'),
    complaints: count('complaints'),
    ...starCounts('overall'),
    ...starCounts('doctor'),
    ...starCounts('reception'),
    ...starCounts('waiting'),
    ...starCounts('cleanliness'),
  },
  (t) => [primaryKey({ name: 'feedback_day_stats_pkey', columns: [t.facilityId, t.day, t.doctorId, t.departmentId] })],
);
