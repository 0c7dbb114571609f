import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../core/db';
import { testDatabase } from '../test/test-app';

/**
 * Keys ready for distribution by facility (docs/decisions.md, "Keys carry facility_id"): on every
 * facility-owned table (one with a `facility_id` column) each primary key, unique key (constraint or
 * unique index) and foreign key includes `facility_id`, except the entries of ALLOWED below, each with
 * its reason. Checked on the migrated test database's catalogue, so a new table of a feature issue
 * that forgets the convention fails here.
 */

/** `table.constraint_or_index` → why it may lack facility_id. */
const ALLOWED: Record<string, string> = {
  // Unique across the platform on purpose: sign-in and token lookups do not name the facility.
  'accounts.accounts_username_uq': 'a staff username is unique across facilities: sign-in does not name the facility (global directory under Citus)',
  'sessions.sessions_token_hash_uq': 'a bearer token is looked up by its hash alone on every request (global directory under Citus)',
  'sessions.sessions_refresh_hash_uq': 'a refresh token is looked up by its hash alone (global directory under Citus)',
  'patient_sessions.patient_sessions_token_uq': 'a patient token is looked up by its hash alone (global directory under Citus)',
  'queue_screens.queue_screens_token_uq': 'a calling screen or kiosk is opened by its token alone, looked up by its hash (global directory under Citus)',
  'result_files.result_files_storage_key_uq': 'a storage key names one file of the shared file store (global directory under Citus)',
  // Tables that are not distributed by facility: their facility_id is nullable (system rows).
  'audit_log.audit_log_pkey': 'audit rows of sign-in failures and system work have no facility; the audit log stays on the coordinator',
  'audit_log_archive.audit_log_archive_pkey': 'the archive of audit_log keeps its ids (rows moved by the logs.archive job)',
  'background_jobs.background_jobs_pkey': 'system jobs have no facility; the queue is claimed across facilities and stays on the coordinator',
  'background_jobs.background_jobs_key_uq': 'idempotency key over coalesce(facility_id, 0): system jobs share key space 0 (queue stays on the coordinator)',
  // Parents still referenced by child tables that have no facility_id yet (CHILD_TABLES below):
  // the foreign key of the child needs a unique key on id alone until the child gets facility_id.
  'accounts.accounts_id_uq': 'target of account_roles and account_rooms (no facility_id yet)',
  'roles.roles_id_uq': 'target of role_authorities and account_roles (no facility_id yet)',
  'rooms.rooms_id_uq': 'target of account_rooms and doctor_rooms (no facility_id yet)',
  'specialties.specialties_id_uq': 'target of doctor_specialties (no facility_id yet)',
  'doctors.doctors_id_uq': 'target of doctor_specialties, doctor_rooms and doctor_work_history (no facility_id yet)',
  'medical_profiles.medical_profiles_id_uq': 'target of medical_profile_exts (no facility_id yet)',
  'patient_histories.patient_histories_id_uq': 'target of prescriptions, medical_records and diagnostics (no facility_id yet)',
  'bookings.bookings_id_uq': 'target of booking_services (no facility_id yet)',
  'medical_services.medical_services_id_uq': 'target of booking_services (no facility_id yet)',
};

/** Tables without facility_id: platform-wide ones, and child tables that still reach their facility through a parent. */
const GLOBAL_TABLES: Record<string, string> = {
  facilities: 'the facilities themselves (a reference table under Citus)',
  areas: 'national administrative units, shared by every facility (reference table)',
  area_conversions: 'the official old → new commune conversion, national (reference table)',
  area_zone_members: 'the provinces of each zone, national (reference table)',
  area_reference: 'the version of the shipped national areas last loaded (one row)',
  login_throttle: 'keyed by account id, unknown identifier or IP: the sign-in throttle is platform-wide',
};
const CHILD_TABLES: Record<string, string> = {
  role_authorities: 'owned by roles; gets facility_id before distribution',
  account_roles: 'owned by accounts; gets facility_id before distribution',
  account_rooms: 'owned by accounts; gets facility_id before distribution',
  doctor_specialties: 'owned by doctors; gets facility_id before distribution',
  doctor_rooms: 'owned by doctors; gets facility_id before distribution',
  doctor_work_history: 'owned by doctors; gets facility_id before distribution',
  medical_profile_exts: 'owned by medical_profiles; gets facility_id before distribution',
  prescriptions: 'owned by patient_histories; gets facility_id before distribution',
  medical_records: 'owned by patient_histories; gets facility_id before distribution',
  diagnostics: 'owned by patient_histories; gets facility_id before distribution',
  booking_services: 'owned by bookings; gets facility_id before distribution',
};

interface KeyRow {
  table: string;
  name: string;
  /** p = primary key, u = unique constraint, f = foreign key, i = unique index without a constraint. */
  kind: string;
  columns: string[];
  /** Foreign keys: the referenced table. */
  ref: string | null;
}

/** Every primary, unique and foreign key, and unique index, of the tables of `schema` that have a facility_id column. */
async function facilityKeys(database: Database, schema = 'public'): Promise<KeyRow[]> {
  const res = await database.db.execute(sql`
    WITH owned AS (
      SELECT c.oid, c.relname FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'facility_id' AND NOT a.attisdropped
      WHERE n.nspname = ${schema} AND c.relkind IN ('r', 'p')
    )
    SELECT o.relname AS "table", con.conname AS name, con.contype::text AS kind,
           ARRAY(SELECT a.attname::text FROM unnest(con.conkey) k JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k) AS columns,
           CASE WHEN con.contype = 'f' THEN con.confrelid::regclass::text END AS ref
    FROM owned o JOIN pg_constraint con ON con.conrelid = o.oid AND con.contype IN ('p', 'u', 'f')
    UNION ALL
    SELECT o.relname, ic.relname, 'i',
           -- an expression column has attnum 0: it is not facility_id even if it mentions it
           ARRAY(SELECT coalesce(a.attname::text, '(expression)') FROM unnest(ix.indkey::int2[]) k LEFT JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k AND k <> 0),
           NULL
    FROM owned o JOIN pg_index ix ON ix.indrelid = o.oid AND ix.indisunique
    JOIN pg_class ic ON ic.oid = ix.indexrelid
    WHERE NOT EXISTS (SELECT 1 FROM pg_constraint con WHERE con.conindid = ix.indexrelid AND con.contype IN ('p', 'u'))
    ORDER BY 1, 2`);
  return ((res as { rows?: KeyRow[] }).rows ?? (res as unknown as KeyRow[])).map((r) => ({ ...r, columns: [...r.columns] }));
}

/** The keys that break the convention and are not allowed. */
function offending(keys: KeyRow[]): string[] {
  return (
    keys
      .filter((k) => !k.columns.includes('facility_id'))
      // a foreign key to a table without facility_id (facilities itself, a platform-wide table) cannot carry it
      .filter((k) => !(k.kind === 'f' && k.ref !== null && k.ref in GLOBAL_TABLES))
      .map((k) => `${k.table}.${k.name}`)
      .filter((k) => !(k in ALLOWED))
  );
}

async function tablesWithoutFacility(database: Database): Promise<string[]> {
  const res = await database.db.execute(sql`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
      AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'facility_id' AND NOT a.attisdropped)
    ORDER BY 1`);
  return ((res as { rows?: { name: string }[] }).rows ?? []).map((r) => r.name);
}

describe('keys of facility-owned tables carry facility_id', () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(async () => {
    await database.db.execute(sql`DROP SCHEMA IF EXISTS keys_probe CASCADE`);
  });

  it('every primary, unique and foreign key of a table with facility_id includes it, outside the allow-list', async () => {
    const keys = await facilityKeys(database);
    expect(keys.length).toBeGreaterThan(50);
    expect(offending(keys)).toEqual([]);
  });

  it('every primary key is (id, facility_id) or another key that includes facility_id, and every facility-owned foreign key is composite', async () => {
    const keys = await facilityKeys(database);
    const tables = new Set(keys.map((k) => k.table));
    for (const t of tables)
      expect(
        keys.filter((k) => k.table === t && k.kind === 'p'),
        t,
      ).toHaveLength(1);
    // a foreign key between facility-owned tables names facility_id on both sides: the child cannot point into another facility
    const fks = keys.filter((k) => k.kind === 'f' && k.ref !== null && tables.has(k.ref));
    expect(fks.length).toBeGreaterThan(30);
    for (const fk of fks) expect(fk.columns, `${fk.table}.${fk.name}`).toContain('facility_id');
  });

  it('no allow-list entry is stale: each names a key that exists and lacks facility_id', async () => {
    const keys = await facilityKeys(database);
    const lacking = new Set(keys.filter((k) => !k.columns.includes('facility_id')).map((k) => `${k.table}.${k.name}`));
    expect(Object.keys(ALLOWED).filter((k) => !lacking.has(k))).toEqual([]);
  });

  it('every table without facility_id is a documented platform-wide or child table', async () => {
    const without = await tablesWithoutFacility(database);
    expect(without).toEqual(Object.keys({ ...GLOBAL_TABLES, ...CHILD_TABLES }).sort());
  });

  it('fails on a facility-owned table whose unique key or foreign key lacks facility_id', async () => {
    await database.db.execute(sql`CREATE SCHEMA keys_probe`);
    await database.db.execute(sql`CREATE TABLE keys_probe.parent (id serial, facility_id integer NOT NULL, PRIMARY KEY (id, facility_id), UNIQUE (id))`);
    await database.db.execute(sql`CREATE TABLE keys_probe.good (id serial, facility_id integer NOT NULL, parent_id integer, code text,
      PRIMARY KEY (id, facility_id), UNIQUE (facility_id, code), FOREIGN KEY (facility_id, parent_id) REFERENCES keys_probe.parent (facility_id, id))`);
    await database.db.execute(
      sql`CREATE TABLE keys_probe.bad (id serial PRIMARY KEY, facility_id integer NOT NULL, parent_id integer REFERENCES keys_probe.parent (id), code text)`,
    );
    await database.db.execute(sql`CREATE UNIQUE INDEX bad_code_uq ON keys_probe.bad (code)`);
    const found = offending(await facilityKeys(database, 'keys_probe'));
    expect(found).toEqual(['bad.bad_code_uq', 'bad.bad_parent_id_fkey', 'bad.bad_pkey', 'parent.parent_id_key']);
  });
});
