import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { clinicMembers } from './clinic';
import { facilities } from './facilities';

/**
 * A medicine a member of the private clinic takes (issue 20, /admin/SHP/drug; docs/clinic-medicines.md): its name and
 * dose, the times of day (HH:MM, +07:00), every N days from the first day, to an optional last day (rules/dose-schedule).
 * Copied from a prescription line of the member's record, or entered by staff. Removing it keeps its doses (the
 * adherence of the past does not change): the row is only marked removed.
 */
export const clinicMedicines = pgTable(
  'clinic_medicines',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    /** The member's app account (clinic_members.user_id): who is reminded and confirms. */
    userId: integer('user_id').notNull(),
    name: text('name').notNull(),
    /** What one dose is, e.g. "1 viên 500 mg". */
    dose: text('dose').notNull(),
    /** HH:MM in +07:00, sorted; the sweep finds the medicines of a minute through the GIN index. */
    times: text('times').array().notNull(),
    everyDays: smallint('every_days').notNull().default(1),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    /** How to take it ("sau ăn"), shown in the reminder's screen. */
    instructions: text('instructions').notNull().default(''),
    /** STAFF or PRESCRIPTION. */
    source: text('source').notNull().default('STAFF'),
    /** The prescription line it was copied from (prescriptions.id; the line may later be re-synced from the HIS). */
    prescriptionId: integer('prescription_id'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'clinic_medicines_pkey', columns: [t.id, t.facilityId] }),
    foreignKey({ name: 'clinic_medicines_member_fk', columns: [t.facilityId, t.userId], foreignColumns: [clinicMembers.facilityId, clinicMembers.userId] }),
    foreignKey({ name: 'clinic_medicines_created_by_fk', columns: [t.facilityId, t.createdBy], foreignColumns: [accounts.facilityId, accounts.id] }),
    check('clinic_medicines_source_ck', sql`${t.source} IN ('STAFF', 'PRESCRIPTION')`),
    check('clinic_medicines_every_days_ck', sql`${t.everyDays} BETWEEN 1 AND 30`),
    check('clinic_medicines_times_ck', sql`cardinality(${t.times}) BETWEEN 1 AND 8`),
    check('clinic_medicines_period_ck', sql`${t.endDate} IS NULL OR ${t.endDate} >= ${t.startDate}`),
    index('clinic_medicines_user_idx').on(t.facilityId, t.userId),
    /** The sweep: the medicines taken at one of the minutes of its window. */
    index('clinic_medicines_times_gin').using('gin', t.times).where(sql`${t.removedAt} IS NULL`),
  ],
);

/**
 * One dose, written by the reminder sweep when it falls due (the reminder is sent in the same transaction): PENDING
 * until the member confirms it (TAKEN) or CLINIC_DOSE_MISSED_MINUTES pass (MISSED). One row per medicine and instant:
 * the unique key is what makes the reminder go once even when two sweeps run together.
 */
export const clinicDoses = pgTable(
  'clinic_doses',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    medicineId: integer('medicine_id').notNull(),
    userId: integer('user_id').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('PENDING'),
    /** When the reminder was queued (null: the dose was written after its delay, on a catch-up, without a reminder). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    missedAt: timestamp('missed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'clinic_doses_pkey', columns: [t.id, t.facilityId] }),
    uniqueIndex('clinic_doses_once_uq').on(t.facilityId, t.medicineId, t.dueAt),
    foreignKey({ name: 'clinic_doses_medicine_fk', columns: [t.medicineId, t.facilityId], foreignColumns: [clinicMedicines.id, clinicMedicines.facilityId] }),
    foreignKey({ name: 'clinic_doses_member_fk', columns: [t.facilityId, t.userId], foreignColumns: [clinicMembers.facilityId, clinicMembers.userId] }),
    check('clinic_doses_status_ck', sql`${t.status} IN ('PENDING', 'TAKEN', 'MISSED')`),
    /** A member's doses of a period (the calendar, the app, the list's figures). */
    index('clinic_doses_user_idx').on(t.facilityId, t.userId, t.dueAt),
    /** The period's statistics per day and programme. */
    index('clinic_doses_due_idx').on(t.facilityId, t.dueAt),
    /** The missed sweep reads only the doses still waiting. */
    index('clinic_doses_pending_idx').on(t.facilityId, t.dueAt).where(sql`${t.status} = 'PENDING'`),
  ],
);

/** How far the reminder sweep has gone for a facility: the next run covers (swept_through, now]. Locked by the run. */
export const clinicDoseSweeps = pgTable('clinic_dose_sweeps', {
  facilityId: integer('facility_id')
    .primaryKey()
    .references(() => facilities.id),
  sweptThrough: timestamp('swept_through', { withTimezone: true }).notNull(),
});
