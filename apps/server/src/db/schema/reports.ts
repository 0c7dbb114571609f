import { sql } from 'drizzle-orm';
import { bigserial, date, index, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { facilities } from './facilities';

/**
 * The quick statistic's daily rollup (issue 16, docs/decisions.md "Reports"): for each facility, visit
 * day, department, specialty, doctor, room and source, how many bookings there are in each state and
 * how many are of a new patient. Kept by the database in the same transaction as every booking write
 * (migration 0025's triggers append a row of differences to booking_stat_deltas); the reports.fold job
 * adds the differences into booking_day_stats every few minutes. A report reads both: the sum is always
 * the live count.
 */
const key = () => ({
  facilityId: integer('facility_id')
    .notNull()
    .references(() => facilities.id),
  date: date('date', { mode: 'string' }).notNull(),
  departmentId: integer('department_id').notNull(),
  specialtyId: integer('specialty_id'),
  doctorId: integer('doctor_id').notNull(),
  roomId: integer('room_id').notNull(),
  source: text('source').notNull(),
});

const counts = () => ({
  total: integer('total').notNull().default(0),
  pending: integer('pending').notNull().default(0),
  accepted: integer('accepted').notNull().default(0),
  rejected: integer('rejected').notNull().default(0),
  cancelled: integer('cancelled').notNull().default(0),
  /** CHECKED_IN and CALLED. */
  checkedIn: integer('checked_in').notNull().default(0),
  done: integer('done').notNull().default(0),
  noShow: integer('no_show').notNull().default(0),
  newPatients: integer('new_patients').notNull().default(0),
});

export const bookingDayStats = pgTable('booking_day_stats', { id: bigserial('id', { mode: 'number' }).notNull(), ...key(), ...counts() }, (t) => [
  primaryKey({ name: 'booking_day_stats_pkey', columns: [t.id, t.facilityId] }),
  unique('booking_day_stats_key').on(t.facilityId, t.date, t.departmentId, t.specialtyId, t.doctorId, t.roomId, t.source).nullsNotDistinct(),
  // the rows a fold left with no booking, which it then removes
  index('booking_day_stats_empty_idx').on(t.facilityId).where(sql`${t.total} = 0`),
]);

/** Differences not yet added into booking_day_stats (signed counts; append only, so writers never wait on each other). */
export const bookingStatDeltas = pgTable('booking_stat_deltas', { id: bigserial('id', { mode: 'number' }).primaryKey(), ...key(), ...counts() }, (t) => [
  index('booking_stat_deltas_day_idx').on(t.facilityId, t.date),
]);
