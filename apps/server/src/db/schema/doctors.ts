import { codeKey } from './code-key';
import { boolean, date, foreignKey, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { departments, rooms, specialties } from './catalog';
import { facilities } from './facilities';

/** Bác sĩ of a facility. Title and degree are codes of `rules/doctor-title` (labels live there). */
export const doctors = pgTable(
  'doctors',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    gender: text('gender').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    academicTitle: text('academic_title'),
    degree: text('degree').notNull(),
    position: text('position'),
    phone: text('phone'),
    email: text('email'),
    biography: text('biography'),
    /** File name of the photo under DATA_DIR/uploads/doctor-avatars (content hash), or null. */
    avatar: text('avatar'),
    departmentId: integer('department_id').notNull(),
    /** normalizeText of code, title + name, position and phone. */
    searchText: text('search_text').notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'doctors_pkey', columns: [t.id, t.facilityId] }),
    // doctor_specialties, doctor_rooms and doctor_work_history still reference id alone
    uniqueIndex('doctors_id_uq').on(t.id),
    foreignKey({ name: 'doctors_department_fk', columns: [t.facilityId, t.departmentId], foreignColumns: [departments.facilityId, departments.id] }),
    ...codeKey('doctors', t),
    index('doctors_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    index('doctors_department_idx').on(t.departmentId),
  ],
);

/** A doctor's specialties (many). */
export const doctorSpecialties = pgTable(
  'doctor_specialties',
  {
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    specialtyId: integer('specialty_id')
      .notNull()
      .references(() => specialties.id),
  },
  (t) => [primaryKey({ columns: [t.doctorId, t.specialtyId] }), index('doctor_specialties_specialty_idx').on(t.specialtyId)],
);

/** The rooms a doctor works in (many). */
export const doctorRooms = pgTable(
  'doctor_rooms',
  {
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id),
  },
  (t) => [primaryKey({ columns: [t.doctorId, t.roomId] }), index('doctor_rooms_room_idx').on(t.roomId)],
);

/** Quá trình công tác: periods in months 'YYYY-MM'; `to_month` null = until now. Owned by the doctor. */
export const doctorWorkHistory = pgTable(
  'doctor_work_history',
  {
    id: serial('id').primaryKey(),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    fromMonth: text('from_month').notNull(),
    toMonth: text('to_month'),
    place: text('place').notNull(),
    position: text('position'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('doctor_work_history_doctor_idx').on(t.doctorId, t.sortOrder)],
);
