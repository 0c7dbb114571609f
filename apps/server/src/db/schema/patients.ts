import { sql } from 'drizzle-orm';
import {
  bigserial,
  customType,
  foreignKey,
  pgSequence,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { bookings } from './appointments';
import { facilities } from './facilities';

/** PostgreSQL's tsvector (word index of the account's search text). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A patient account of a facility (spec "users"): what a patient signs in to the booking app
 * with (phone or e-mail, the spec's emailOrPhone). It holds the medical profiles of a family.
 */
export const patientUsers = pgTable(
  'patient_users',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    /** Display name of the account holder (the main profile's name when made by the app). */
    name: text('name').notNull(),
    /** Mobile, stored as 0xxxxxxxxx. */
    phone: text('phone'),
    /** Lower case. */
    email: text('email'),
    /** argon2id of the MD5 hex the patient app sends; null until a password is set. */
    passwordHash: text('password_hash'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    lastPasswordReset: timestamp('last_password_reset', { withTimezone: true }),
    verified: boolean('verified').notNull().default(false),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    locked: boolean('locked').notNull().default(false),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** Set when this account was merged into another one (then it is also locked). */
    mergedIntoId: integer('merged_into_id'),
    mergedAt: timestamp('merged_at', { withTimezone: true }),
    /** normalizeText of the account's and its profiles' names, phones, CCCD, BHYT and patient codes. */
    searchText: text('search_text').notNull().default(''),
    /** Words of search_text (the 'simple' configuration: no stemming, no stop words); each typed word must begin one. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, search_text)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'patient_users_pkey', columns: [t.id, t.facilityId] }),
    uniqueIndex('patient_users_facility_phone_uq').on(t.facilityId, t.phone),
    uniqueIndex('patient_users_facility_email_uq').on(t.facilityId, t.email),
    index('patient_users_list_idx').on(t.facilityId, t.createdAt, t.id),
    index('patient_users_search_words').using('gin', t.searchVector),
    index('patient_users_merged_idx').on(t.mergedIntoId),
    // the accounts a notification group can reach (modules/notifications/audience.ts): an index-only scan of ids
    index('patient_users_reachable_idx').on(t.facilityId, t.id).where(sql`${t.mergedIntoId} IS NULL AND NOT ${t.locked}`),
  ],
);

/** A signed-in session of the patient app. Kept apart from staff sessions; locking an account ends them. */
export const patientSessions = pgTable(
  'patient_sessions',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    primaryKey({ name: 'patient_sessions_pkey', columns: [t.id, t.facilityId] }),
    foreignKey({ name: 'patient_sessions_user_fk', columns: [t.facilityId, t.userId], foreignColumns: [patientUsers.facilityId, patientUsers.id] }).onDelete(
      'cascade',
    ),
    // unique across the platform: a patient's token names no facility
    uniqueIndex('patient_sessions_token_uq').on(t.tokenHash),
    index('patient_sessions_user_idx').on(t.userId),
  ],
);

/** Numbers patient codes (BN00000001…) across the platform, so a code is never reused. */
export const patientCodeSeq = pgSequence('patient_code_seq', { startWith: 1 });

/**
 * A medical profile (hồ sơ bệnh nhân): one person — the account holder, a child, a parent.
 * Address, ethnic group and job are stored as official codes (GSO wards/provinces after the
 * 2025 reform, QĐ 121-TCTK ethnic groups, QĐ 34/2020 jobs): stable across facilities and
 * catalogue edits (docs/decisions.md).
 */
export const medicalProfiles = pgTable(
  'medical_profiles',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    userId: integer('user_id').notNull(),
    /** Mã bệnh nhân, unique in the facility (e.g. BN26000123). */
    patientCode: text('patient_code').notNull().default(sql`'BN' || lpad(nextval('patient_code_seq')::text, 8, '0')`),
    /** SELF, CHILD, PARENT, SPOUSE, SIBLING, GRANDPARENT, OTHER. */
    relationship: text('relationship').notNull().default('SELF'),
    fullName: text('full_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    gender: text('gender').notNull(),
    phone: text('phone'),
    email: text('email'),
    cccd: text('cccd'),
    bhyt: text('bhyt'),
    /** Last day of validity of the insurance card. */
    bhytExpiry: date('bhyt_expiry', { mode: 'string' }),
    nationCode: text('nation_code'),
    jobCode: text('job_code'),
    provinceCode: text('province_code'),
    wardCode: text('ward_code'),
    street: text('street'),
    /** normalizeText(full_name): prefix search of the booking screen's suggest. */
    nameSearch: text('name_search').notNull(),
    /**
     * Day of the profile's first finished (DONE) booking at the facility, kept by the database's triggers on bookings
     * (migration 0024): the reports tell a new patient from a returning one by it without searching the bookings.
     */
    firstVisitOn: date('first_visit_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'medical_profiles_pkey', columns: [t.id, t.facilityId] }),
    // medical_profile_exts still references id alone
    uniqueIndex('medical_profiles_id_uq').on(t.id),
    foreignKey({ name: 'medical_profiles_user_fk', columns: [t.facilityId, t.userId], foreignColumns: [patientUsers.facilityId, patientUsers.id] }),
    uniqueIndex('medical_profiles_facility_code_uq').on(t.facilityId, t.patientCode),
    index('medical_profiles_user_idx').on(t.userId),
    // byte order ("C") serves both the prefix LIKE and ORDER BY name: a page of 20 reads 20 entries
    index('medical_profiles_name_prefix_idx').on(t.facilityId, sql`${t.nameSearch} COLLATE "C"`, t.userId),
    index('medical_profiles_phone_prefix_idx').on(t.facilityId, sql`${t.phone} COLLATE "C"`),
    index('medical_profiles_cccd_prefix_idx').on(t.facilityId, sql`${t.cccd} COLLATE "C"`),
    index('medical_profiles_bhyt_idx').on(t.facilityId, t.bhyt),
    index('medical_profiles_dup_name_idx').on(t.facilityId, t.nameSearch, t.birthDate),
    // a notification group's person filters (province, ward, gender, age), read from the index alone
    index('medical_profiles_audience_idx').on(t.facilityId, t.provinceCode, t.gender, t.birthDate, t.wardCode, t.userId),
    index('medical_profiles_audience_person_idx').on(t.facilityId, t.gender, t.birthDate, t.userId),
  ],
);

/** More about a profile that the booking app asks once (medical-profile-exts). */
export const medicalProfileExts = pgTable('medical_profile_exts', {
  profileId: integer('profile_id')
    .primaryKey()
    .references(() => medicalProfiles.id, { onDelete: 'cascade' }),
  bloodType: text('blood_type'),
  allergies: text('allergies'),
  chronicDiseases: text('chronic_diseases'),
  guardianName: text('guardian_name'),
  guardianPhone: text('guardian_phone'),
  note: text('note'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One visit (lượt khám) of a profile, as the hospital information system reported it. */
export const patientHistories = pgTable(
  'patient_histories',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    /** Denormalised owner account, so an account's histories are one index read; moved by a merge. */
    userId: integer('user_id').notNull(),
    profileId: integer('profile_id').notNull(),
    /**
     * Encounter number in the HIS (mã lượt khám); null for a visit the portal recorded when its booking
     * was finished, until the HIS sends that encounter (docs/booking-states.md "A finished booking is a visit").
     */
    encounterCode: text('encounter_code'),
    /** The booking this visit fulfilled (FHIR Encounter.appointment): at most one visit per booking. */
    bookingId: integer('booking_id'),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull(),
    departmentName: text('department_name').notNull(),
    doctorName: text('doctor_name'),
    reason: text('reason'),
    /** ICD-10 code and text of the main diagnosis. */
    icdCode: text('icd_code'),
    diagnosis: text('diagnosis'),
    conclusion: text('conclusion'),
    followUpDate: date('follow_up_date', { mode: 'string' }),
    /** When the visit was last pulled from the HIS over FHIR (issue 21): the record screen marks it "Từ HIS". */
    hisPulledAt: timestamp('his_pulled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'patient_histories_pkey', columns: [t.id, t.facilityId] }),
    // prescriptions, medical_records and diagnostics still reference id alone
    uniqueIndex('patient_histories_id_uq').on(t.id),
    foreignKey({ name: 'patient_histories_user_fk', columns: [t.facilityId, t.userId], foreignColumns: [patientUsers.facilityId, patientUsers.id] }),
    foreignKey({
      name: 'patient_histories_profile_fk',
      columns: [t.facilityId, t.profileId],
      foreignColumns: [medicalProfiles.facilityId, medicalProfiles.id],
    }),
    index('patient_histories_user_idx').on(t.userId, t.visitedAt),
    index('patient_histories_profile_idx').on(t.profileId, t.visitedAt),
    uniqueIndex('patient_histories_facility_encounter_uq').on(t.facilityId, t.encounterCode),
    foreignKey({ name: 'patient_histories_booking_fk', columns: [t.facilityId, t.bookingId], foreignColumns: [bookings.facilityId, bookings.id] }),
    uniqueIndex('patient_histories_facility_booking_uq').on(t.facilityId, t.bookingId),
  ],
);

/** One line of a visit's prescription: drug, dose, quantity, usage. */
export const prescriptions = pgTable(
  'prescriptions',
  {
    id: serial('id').primaryKey(),
    historyId: integer('history_id')
      .notNull()
      .references(() => patientHistories.id, { onDelete: 'cascade' }),
    drugName: text('drug_name').notNull(),
    activeIngredient: text('active_ingredient'),
    /** Strength, e.g. "500 mg". */
    dose: text('dose').notNull(),
    quantity: integer('quantity').notNull(),
    unit: text('unit').notNull(),
    /** How to take it, e.g. "Uống 1 viên/lần, 2 lần/ngày sau ăn". */
    usage: text('usage').notNull(),
    days: integer('days'),
  },
  (t) => [index('prescriptions_history_idx').on(t.historyId)],
);

/** The visit's medical record (bệnh án ngoại trú): vital signs and clinical notes. */
export const medicalRecords = pgTable(
  'medical_records',
  {
    id: serial('id').primaryKey(),
    historyId: integer('history_id')
      .notNull()
      .references(() => patientHistories.id, { onDelete: 'cascade' }),
    pulse: integer('pulse'),
    temperature: text('temperature'),
    bloodPressure: text('blood_pressure'),
    weightKg: text('weight_kg'),
    heightCm: integer('height_cm'),
    symptoms: text('symptoms'),
    examination: text('examination'),
    treatment: text('treatment'),
  },
  (t) => [index('medical_records_history_idx').on(t.historyId)],
);

/** A diagnostic result of the visit (lab test, imaging, functional test). */
export const diagnostics = pgTable(
  'diagnostics',
  {
    id: serial('id').primaryKey(),
    historyId: integer('history_id')
      .notNull()
      .references(() => patientHistories.id, { onDelete: 'cascade' }),
    /** XN (lab), CDHA (imaging), TDCN (functional). */
    kind: text('kind').notNull(),
    serviceName: text('service_name').notNull(),
    result: text('result').notNull(),
    unit: text('unit'),
    referenceRange: text('reference_range'),
    abnormal: boolean('abnormal').notNull().default(false),
    conclusion: text('conclusion'),
    performedAt: timestamp('performed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('diagnostics_history_idx').on(t.historyId)],
);

/** An uploaded result file (PDF or image). The bytes live in file storage under an unguessable key. */
export const resultFiles = pgTable(
  'result_files',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    userId: integer('user_id').notNull(),
    profileId: integer('profile_id').notNull(),
    historyId: integer('history_id'),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: integer('uploaded_by'),
    /** The HIS attachment it was pulled from (`DiagnosticReport/id#n`), so a second pull does not store it twice. */
    hisRef: text('his_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('result_files_his_ref_uq').on(t.facilityId, t.hisRef).where(sql`${t.hisRef} IS NOT NULL`),
    primaryKey({ name: 'result_files_pkey', columns: [t.id, t.facilityId] }),
    foreignKey({ name: 'result_files_user_fk', columns: [t.facilityId, t.userId], foreignColumns: [patientUsers.facilityId, patientUsers.id] }),
    foreignKey({ name: 'result_files_profile_fk', columns: [t.facilityId, t.profileId], foreignColumns: [medicalProfiles.facilityId, medicalProfiles.id] }),
    foreignKey({ name: 'result_files_history_fk', columns: [t.facilityId, t.historyId], foreignColumns: [patientHistories.facilityId, patientHistories.id] }),
    foreignKey({ name: 'result_files_uploaded_by_fk', columns: [t.facilityId, t.uploadedBy], foreignColumns: [accounts.facilityId, accounts.id] }),
    // unique across the platform: a key names one file of the shared store
    uniqueIndex('result_files_storage_key_uq').on(t.storageKey),
    index('result_files_user_idx').on(t.userId),
    index('result_files_profile_idx').on(t.profileId),
    index('result_files_history_idx').on(t.historyId),
  ],
);

/**
 * A result page the hospital's system exported as HTML and staff imported into a visit (spec "Patient
 * history: /from-html"). Only the sanitised HTML is kept (core/content/sanitize.ts: no script, frame,
 * style or external image), with its visible text; the visit's account and profile are the visit's.
 */
export const resultDocuments = pgTable(
  'result_documents',
  {
    id: serial('id').notNull(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    historyId: integer('history_id').notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML: what the record shows and prints. */
    html: text('html').notNull(),
    /** Its visible text (whitespace collapsed). */
    text: text('text').notNull(),
    /** The imported file's name (cleaned), for the record. */
    sourceName: text('source_name').notNull(),
    /** Images of the page that were dropped (external or embedded): the record says so. */
    droppedImages: integer('dropped_images').notNull().default(0),
    sha256: text('sha256').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'result_documents_pkey', columns: [t.id, t.facilityId] }),
    foreignKey({
      name: 'result_documents_history_fk',
      columns: [t.facilityId, t.historyId],
      foreignColumns: [patientHistories.facilityId, patientHistories.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'result_documents_created_by_fk', columns: [t.facilityId, t.createdBy], foreignColumns: [accounts.facilityId, accounts.id] }),
    index('result_documents_history_idx').on(t.facilityId, t.historyId, t.createdAt),
  ],
);
