import { codeKey } from './code-key';
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { facilities } from './facilities';

/** Kinds of service on the price list (Khám bệnh, Xét nghiệm, ...); `value` is what the API filters on. */
export const serviceTypes = pgTable(
  'service_types',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    value: integer('value').notNull(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [primaryKey({ name: 'service_types_pkey', columns: [t.id, t.facilityId] }), uniqueIndex('service_types_facility_value_uq').on(t.facilityId, t.value)],
);

/** One department-specific price of a service (spec §3 dsGiaDichVu). */
export interface PriceEntryRow {
  khoaChiDinhId: number | null;
  donGiaDichVu: number;
  /** 'YYYY-MM-DD' or null = open-ended. */
  denNgay: string | null;
}

/** A medical service of the facility's price list. Money is integer VND. */
export const medicalServices = pgTable(
  'medical_services',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    insurancePrice: integer('insurance_price'),
    typeValue: integer('type_value').notNull(),
    /** The price entries are owned by the service and always read with it. */
    priceEntries: jsonb('price_entries').$type<PriceEntryRow[]>().notNull().default([]),
    /** normalizeText(name) — diacritics-free, lower case; trigram-indexed. */
    searchText: text('search_text').notNull(),
    /** lower(code), trigram-indexed for "contains" search on the code box. */
    codeSearch: text('code_search').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'medical_services_pkey', columns: [t.id, t.facilityId] }),
    // booking_services still references id alone
    uniqueIndex('medical_services_id_uq').on(t.id),
    ...codeKey('medical_services', t),
    index('medical_services_list_idx').on(t.facilityId, t.typeValue, t.code),
    index('medical_services_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    index('medical_services_code_trgm').using('gin', t.codeSearch.op('gin_trgm_ops')),
  ],
);

/**
 * Columns every generic catalogue table has (core/crud serves any table with them). The primary key is
 * (id, facility_id), declared by each table (docs/decisions.md, "Keys carry facility_id").
 */
export function catalogColumns() {
  return {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** normalizeText of the searchable fields. */
    searchText: text('search_text').notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

/** Khoa. */
export const departments = pgTable('departments', catalogColumns(), (t) => [
  primaryKey({ name: 'departments_pkey', columns: [t.id, t.facilityId] }),
  ...codeKey('departments', t),
  index('departments_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
]);

/** Chuyên khoa. */
export const specialties = pgTable('specialties', catalogColumns(), (t) => [
  primaryKey({ name: 'specialties_pkey', columns: [t.id, t.facilityId] }),
  // doctor_specialties still references id alone
  uniqueIndex('specialties_id_uq').on(t.id),
  ...codeKey('specialties', t),
  index('specialties_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
]);

/** Phòng khám / phòng chức năng: belongs to a department, optionally serves one specialty. */
export const rooms = pgTable(
  'rooms',
  {
    ...catalogColumns(),
    departmentId: integer('department_id'),
    specialtyId: integer('specialty_id'),
  },
  (t) => [
    primaryKey({ name: 'rooms_pkey', columns: [t.id, t.facilityId] }),
    // account_rooms and doctor_rooms still reference id alone
    uniqueIndex('rooms_id_uq').on(t.id),
    foreignKey({ name: 'rooms_department_fk', columns: [t.facilityId, t.departmentId], foreignColumns: [departments.facilityId, departments.id] }),
    foreignKey({ name: 'rooms_specialty_fk', columns: [t.facilityId, t.specialtyId], foreignColumns: [specialties.facilityId, specialties.id] }),
    ...codeKey('rooms', t),
    index('rooms_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    index('rooms_department_idx').on(t.departmentId),
    index('rooms_specialty_idx').on(t.specialtyId),
  ],
);
