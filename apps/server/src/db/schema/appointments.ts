import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  bigserial,
  check,
  date,
  doublePrecision,
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
import { departments, medicalServices, rooms, specialties } from './catalog';
import { doctors } from './doctors';
import { facilities } from './facilities';
import { medicalProfiles, patientUsers } from './patients';

/**
 * One working period (ca làm việc) of a doctor in a room on one calendar day, cut into time
 * slots. Dates are calendar dates and times wall-clock 'HH:mm' in Vietnam (+07:00); `starts_at`
 * of a slot is the same moment as an instant, for "already past" checks.
 */
export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    doctorId: integer('doctor_id').notNull(),
    roomId: integer('room_id').notNull(),
    departmentId: integer('department_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** A key of rules/schedule SHIFTS (MORNING, AFTERNOON, EVENING) or CUSTOM. */
    shift: text('shift').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    slotMinutes: smallint('slot_minutes').notNull(),
    /** Patients per slot when the schedule was cut (a slot may be changed alone later). */
    capacity: smallint('capacity').notNull(),
    note: text('note'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'schedules_pkey', columns: [t.id, t.facilityId] }),
    foreignKey({ name: 'schedules_doctor_fk', columns: [t.facilityId, t.doctorId], foreignColumns: [doctors.facilityId, doctors.id] }),
    foreignKey({ name: 'schedules_room_fk', columns: [t.facilityId, t.roomId], foreignColumns: [rooms.facilityId, rooms.id] }),
    foreignKey({ name: 'schedules_department_fk', columns: [t.facilityId, t.departmentId], foreignColumns: [departments.facilityId, departments.id] }),
    foreignKey({ name: 'schedules_created_by_fk', columns: [t.facilityId, t.createdBy], foreignColumns: [accounts.facilityId, accounts.id] }),
    index('schedules_facility_date_idx').on(t.facilityId, t.date),
    index('schedules_doctor_date_idx').on(t.doctorId, t.date),
    index('schedules_room_date_idx').on(t.roomId, t.date),
    index('schedules_department_date_idx').on(t.departmentId, t.date),
  ],
);

/** A time slot (khung giờ) of a schedule: `booked` places of `capacity` are taken. */
export const timeSlots = pgTable(
  'time_slots',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    scheduleId: integer('schedule_id').notNull(),
    doctorId: integer('doctor_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    capacity: smallint('capacity').notNull(),
    /** Bookings holding a place (rules/booking-status HOLDS_SLOT); changed only by a conditional update. */
    booked: smallint('booked').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'time_slots_pkey', columns: [t.id, t.facilityId] }),
    foreignKey({ name: 'time_slots_schedule_fk', columns: [t.facilityId, t.scheduleId], foreignColumns: [schedules.facilityId, schedules.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'time_slots_doctor_fk', columns: [t.facilityId, t.doctorId], foreignColumns: [doctors.facilityId, doctors.id] }),
    uniqueIndex('time_slots_schedule_start_uq').on(t.scheduleId, t.startTime, t.facilityId),
    index('time_slots_doctor_date_idx').on(t.doctorId, t.date, t.startTime),
    check('time_slots_booked_within_capacity', sql`${t.booked} >= 0 AND ${t.booked} <= ${t.capacity}`),
  ],
);

/** Every change to schedules (built, copied, changed, removed, day off): who, when, what. */
export const scheduleLogs = pgTable(
  'schedule_logs',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    doctorId: integer('doctor_id'),
    scheduleId: integer('schedule_id'),
    /** CREATE, COPY_WEEK, UPDATE, DELETE, DAY_OFF. */
    action: text('action').notNull(),
    /** Vietnamese one-line summary shown in the log. */
    summary: text('summary').notNull(),
    detail: jsonb('detail'),
    accountId: integer('account_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'schedule_logs_pkey', columns: [t.id, t.facilityId] }),
    foreignKey({ name: 'schedule_logs_doctor_fk', columns: [t.facilityId, t.doctorId], foreignColumns: [doctors.facilityId, doctors.id] }),
    foreignKey({ name: 'schedule_logs_account_fk', columns: [t.facilityId, t.accountId], foreignColumns: [accounts.facilityId, accounts.id] }),
    index('schedule_logs_facility_time_idx').on(t.facilityId, t.createdAt),
    index('schedule_logs_doctor_idx').on(t.doctorId, t.createdAt),
  ],
);

/**
 * A booking (lịch đặt khám) of one medical profile in one time slot. `status` follows
 * rules/booking-status (docs/booking-states.md); `fhir_status` is kept alongside for the HIS.
 * Doctor, room, department and the slot's times are copied from the slot when it is taken, so
 * the day's list needs no join to read them and a later schedule edit cannot rewrite history.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    /** Booking code shown to the patient and the front desk: 'DK' + yymmdd + 6 digits. */
    code: text('code').notNull(),
    patientUserId: integer('patient_user_id'),
    medicalProfileId: integer('medical_profile_id').notNull(),
    timeSlotId: integer('time_slot_id').notNull(),
    scheduleId: integer('schedule_id').notNull(),
    doctorId: integer('doctor_id').notNull(),
    roomId: integer('room_id').notNull(),
    departmentId: integer('department_id').notNull(),
    specialtyId: integer('specialty_id'),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    status: text('status').notNull(),
    fhirStatus: text('fhir_status').notNull(),
    /** APP, WEB, HOTLINE, COUNTER. */
    source: text('source').notNull(),
    /** 0 = normal, 1 = priority (elderly, young children, pregnancy, disability). */
    priority: smallint('priority').notNull().default(0),
    /** Số thứ tự of the room for the day, given at check-in; kept when a check-in is reverted. */
    queueNumber: integer('queue_number'),
    /** Lý do khám / triệu chứng told by the patient. */
    symptom: text('symptom'),
    /** Reason of the last rejection or cancellation. */
    statusReason: text('status_reason'),
    /** Sum of the booked services' prices (VND) when booked. */
    totalPrice: bigint('total_price', { mode: 'number' }).notNull().default(0),
    /** normalizeText of code, patient name, phone and patient code (the list's search box). */
    searchText: text('search_text').notNull().default(''),
    createdBy: integer('created_by'),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    calledAt: timestamp('called_at', { withTimezone: true }),
    /**
     * The room's call of the moment ("Đang gọi khám"): a room calls one patient at a time, so a new call
     * in the room ends the previous one's (the status stays CALLED). One per room and day (index below).
     */
    calling: boolean('calling').notNull().default(false),
    /** Minutes after the slot's end of a late check-in (past LATE_CHECKIN_MINUTES, confirmed by the desk); null when on time. */
    lateCheckinMinutes: integer('late_checkin_minutes'),
    /**
     * The waiting room's call order (issue 22): waiting patients are called by queue_rank (else priority) first, higher
     * first, then queue_position (else queue_number). Set at check-in; a skip moves the patient back a few places.
     */
    queueRank: smallint('queue_rank'),
    queuePosition: doublePrecision('queue_position'),
    /** Times the patient was called and did not answer (skipped). */
    skipCount: smallint('skip_count').notNull().default(0),
    /** The last call or recall of the patient: a calling screen announces each one once. */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    /** Random key printed in the booking's QR code with its code (the kiosk's check-in). */
    checkinKey: text('checkin_key').notNull().default(sql`substr(encode(sha256(gen_random_uuid()::text::bytea), 'hex'), 1, 16)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'bookings_pkey', columns: [t.id, t.facilityId] }),
    // booking_services still references id alone
    uniqueIndex('bookings_id_uq').on(t.id),
    foreignKey({ name: 'bookings_patient_user_fk', columns: [t.facilityId, t.patientUserId], foreignColumns: [patientUsers.facilityId, patientUsers.id] }),
    foreignKey({
      name: 'bookings_medical_profile_fk',
      columns: [t.facilityId, t.medicalProfileId],
      foreignColumns: [medicalProfiles.facilityId, medicalProfiles.id],
    }),
    foreignKey({ name: 'bookings_time_slot_fk', columns: [t.facilityId, t.timeSlotId], foreignColumns: [timeSlots.facilityId, timeSlots.id] }),
    foreignKey({ name: 'bookings_schedule_fk', columns: [t.facilityId, t.scheduleId], foreignColumns: [schedules.facilityId, schedules.id] }),
    foreignKey({ name: 'bookings_doctor_fk', columns: [t.facilityId, t.doctorId], foreignColumns: [doctors.facilityId, doctors.id] }),
    foreignKey({ name: 'bookings_room_fk', columns: [t.facilityId, t.roomId], foreignColumns: [rooms.facilityId, rooms.id] }),
    foreignKey({ name: 'bookings_department_fk', columns: [t.facilityId, t.departmentId], foreignColumns: [departments.facilityId, departments.id] }),
    foreignKey({ name: 'bookings_specialty_fk', columns: [t.facilityId, t.specialtyId], foreignColumns: [specialties.facilityId, specialties.id] }),
    foreignKey({ name: 'bookings_created_by_fk', columns: [t.facilityId, t.createdBy], foreignColumns: [accounts.facilityId, accounts.id] }),
    uniqueIndex('bookings_facility_code_uq').on(t.facilityId, t.code),
    // a kiosk reads a QR code of any facility's booking (to say it is another hospital's): by code alone
    index('bookings_code_idx').on(t.code),
    index('bookings_day_status_idx').on(t.facilityId, t.date, t.status, t.id),
    index('bookings_day_idx').on(t.facilityId, t.date, t.startTime, t.id),
    // the day list filtered by one status (a status tab), in slot order: reads exactly the page's rows
    index('bookings_day_status_time_idx').on(t.facilityId, t.date, t.status, t.startTime, t.id),
    index('bookings_slot_idx').on(t.timeSlotId),
    index('bookings_schedule_idx').on(t.scheduleId),
    index('bookings_doctor_date_idx').on(t.doctorId, t.date),
    index('bookings_profile_idx').on(t.medicalProfileId, t.date),
    // a profile's first finished visit (medical_profiles.first_visit_on, kept by the bookings' triggers): one probe
    index('bookings_profile_done_idx').on(t.medicalProfileId, t.date).where(sql`${t.status} = 'DONE'`),
    index('bookings_user_idx').on(t.patientUserId, t.date),
    // a notification group's audience: visits (DONE) per department or specialty, bookings in a period
    index('bookings_audience_department_idx').on(t.facilityId, t.departmentId, t.date, t.patientUserId).where(sql`${t.status} = 'DONE'`),
    index('bookings_audience_specialty_idx').on(t.facilityId, t.specialtyId, t.date, t.patientUserId).where(sql`${t.status} = 'DONE'`),
    index('bookings_audience_booked_idx').on(t.facilityId, t.date, t.patientUserId).where(sql`${t.status} <> 'CANCELLED'`),
    index('bookings_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    uniqueIndex('bookings_room_day_calling_uq').on(t.facilityId, t.roomId, t.date).where(sql`${t.calling}`),
    uniqueIndex('bookings_room_day_queue_uq').on(t.roomId, t.date, t.queueNumber, t.facilityId).where(sql`${t.queueNumber} IS NOT NULL`),
  ],
);

/** The services booked with a booking, at the price of the day they were booked. */
export const bookingServices = pgTable(
  'booking_services',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => medicalServices.id),
    price: bigint('price', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.serviceId] }), index('booking_services_service_idx').on(t.serviceId)],
);

/** A row for every transition and change of a booking: the detail page's timeline. */
export const bookingLogs = pgTable(
  'booking_logs',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    bookingId: integer('booking_id').notNull(),
    /** create, accept, reject, checkin, call, complete, cancel, noShow, revert, reschedule (moved to another slot), update (same slot), profile, priority. */
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    /** STAFF, PATIENT or SYSTEM. */
    actor: text('actor').notNull(),
    accountId: integer('account_id'),
    detail: jsonb('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'booking_logs_pkey', columns: [t.id, t.facilityId] }),
    foreignKey({ name: 'booking_logs_booking_fk', columns: [t.facilityId, t.bookingId], foreignColumns: [bookings.facilityId, bookings.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'booking_logs_account_fk', columns: [t.facilityId, t.accountId], foreignColumns: [accounts.facilityId, accounts.id] }),
    index('booking_logs_booking_idx').on(t.bookingId, t.id),
    // the staff report: what staff did in a period
    index('booking_logs_facility_time_idx').on(t.facilityId, t.createdAt),
  ],
);

/** The last queue number handed out per room and day (gap-free: taken in the check-in's transaction). */
export const queueCounters = pgTable(
  'queue_counters',
  {
    roomId: integer('room_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'queue_counters_pkey', columns: [t.roomId, t.date, t.facilityId] }),
    foreignKey({ name: 'queue_counters_room_fk', columns: [t.facilityId, t.roomId], foreignColumns: [rooms.facilityId, rooms.id] }),
  ],
);
