import { SUGGEST_LIMIT } from '@portal/shared/contracts/patients.contract';
import type { Database } from '../../core/db';
import { LIST_USER_COLUMNS, type MedicalProfileRow, type PatientListUser, prefixRange } from './patients.repository';

/**
 * The raw SQL of finding a profile to book for and of the duplicate accounts screen. Each shape is a
 * named prepared statement on PostgreSQL; prefixes are index range scans (`prefixRange`). Columns are
 * aliased to the schema's keys, so rows are typed from the Drizzle tables.
 */

/** A profile as the booking screen's suggest and the profile search list it. */
export type ProfileHitRow = Pick<MedicalProfileRow, 'id' | 'userId' | 'patientCode' | 'fullName' | 'birthDate' | 'gender' | 'phone' | 'cccd' | 'bhyt'>;

const HIT_COLUMNS =
  'p.id, p.user_id AS "userId", p.patient_code AS "patientCode", p.full_name AS "fullName", p.birth_date::text AS "birthDate", p.gender, p.phone, p.cccd, p.bhyt';

/** What the suggest matches: digits (a phone or CCCD prefix), a patient code prefix, or a name prefix (diacritics-free). */
export type SuggestBy = { digits: string; phone: string } | { code: string } | { name: string };

/** Up to SUGGEST_LIMIT profiles of live (not merged) accounts whose key begins with what was typed. */
export function suggestRows(database: Database, facilityId: number, by: SuggestBy): Promise<ProfileHitRow[]> {
  const branch = (cond: string) =>
    `(SELECT ${HIT_COLUMNS} FROM medical_profiles p JOIN patient_users u ON u.id = p.user_id AND u.merged_into_id IS NULL
      WHERE p.facility_id = $1 AND ${cond} LIMIT ${SUGGEST_LIMIT})`;
  if ('digits' in by) {
    return database.query<ProfileHitRow>(
      'suggest_digits',
      `${branch('p.phone COLLATE "C" >= $2 AND p.phone COLLATE "C" < $3')} UNION ALL ${branch('p.cccd COLLATE "C" >= $4 AND p.cccd COLLATE "C" < $5')} LIMIT ${SUGGEST_LIMIT}`,
      [facilityId, ...prefixRange(by.phone), ...prefixRange(by.digits)],
    );
  }
  if ('code' in by) {
    return database.query<ProfileHitRow>('suggest_code', branch('p.patient_code >= $2 AND p.patient_code < $3'), [facilityId, ...prefixRange(by.code)]);
  }
  return database.query<ProfileHitRow>('suggest_name', branch('p.name_search COLLATE "C" >= $2 AND p.name_search COLLATE "C" < $3'), [
    facilityId,
    ...prefixRange(by.name),
  ]);
}

/** What the profile search matches: a phone or CCCD prefix, a whole BHYT number or patient code, or a name prefix. */
export type ProfileSearchBy = { digits: string } | { code: string } | { name: string };

/** One page of profiles matching, ordered by the matched key, and their count up to 1,001. */
export async function searchProfileRows(
  database: Database,
  facilityId: number,
  by: ProfileSearchBy,
  page: number,
  size: number,
): Promise<{ rows: ProfileHitRow[]; total: number }> {
  let shape: string;
  let where: string;
  let order: string;
  let value: [string, string];
  if ('digits' in by) {
    shape = 'mps_digits';
    where = '((p.phone COLLATE "C" >= $2 AND p.phone COLLATE "C" < $3) OR (p.cccd COLLATE "C" >= $2 AND p.cccd COLLATE "C" < $3))';
    order = 'p.id';
    value = prefixRange(by.digits);
  } else if ('code' in by) {
    shape = 'mps_code';
    where = '(p.bhyt = $2 OR p.patient_code = $2) AND $3::text IS NOT NULL';
    order = 'p.id';
    value = [by.code, ''];
  } else {
    shape = 'mps_name';
    where = 'p.name_search COLLATE "C" >= $2 AND p.name_search COLLATE "C" < $3';
    order = 'p.name_search COLLATE "C", p.id';
    value = prefixRange(by.name);
  }
  const rows = await database.query<ProfileHitRow>(
    shape,
    `SELECT ${HIT_COLUMNS} FROM medical_profiles p WHERE p.facility_id = $1 AND ${where} ORDER BY ${order} LIMIT $4 OFFSET $5`,
    [facilityId, ...value, size, page * size],
  );
  const [c] = await database.query<{ n: number }>(
    `${shape}_count`,
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM medical_profiles p WHERE p.facility_id = $1 AND ${where} LIMIT 1001) s`,
    [facilityId, ...value],
  );
  return { rows, total: Number(c?.n ?? 0) };
}

/** The key of each account and profile, with the profile holding it (NULL: the account's own phone). */
const DUPLICATE_KEYS = {
  phone: `SELECT phone AS key, user_id, id AS profile_id FROM medical_profiles WHERE facility_id = $1 AND phone IS NOT NULL
          UNION ALL SELECT phone, id, NULL::int FROM patient_users WHERE facility_id = $1 AND phone IS NOT NULL`,
  cccd: `SELECT cccd AS key, user_id, id AS profile_id FROM medical_profiles WHERE facility_id = $1 AND cccd IS NOT NULL`,
  nameDob: `SELECT name_search || '|' || birth_date::text AS key, user_id, id AS profile_id FROM medical_profiles WHERE facility_id = $1`,
} as const;
export type DuplicateReason = keyof typeof DUPLICATE_KEYS;

/** A group of accounts sharing a key, and how many groups there are in all. */
export interface DuplicateGroupRow {
  key: string;
  ids: number[];
  /** Where each account holds the key: pairs (matchUsers[i], matchProfiles[i]), profile null = the account's phone. */
  matchUsers: number[];
  matchProfiles: (number | null)[];
  /** A bigint: text on node-postgres. */
  total: number | string;
}

/** One page of groups of live (not merged) accounts sharing a phone, a CCCD, or a profile name and date of birth; newest first. */
export function duplicateGroups(database: Database, facilityId: number, reason: DuplicateReason, page: number, size: number): Promise<DuplicateGroupRow[]> {
  return database.query<DuplicateGroupRow>(
    `dup_${reason}`,
    `SELECT k.key, array_agg(DISTINCT k.user_id ORDER BY k.user_id) AS ids,
       array_agg(k.user_id ORDER BY k.user_id, k.profile_id NULLS FIRST) AS "matchUsers",
       array_agg(k.profile_id ORDER BY k.user_id, k.profile_id NULLS FIRST) AS "matchProfiles", count(*) OVER() AS total
     FROM (${DUPLICATE_KEYS[reason]}) k JOIN patient_users u ON u.id = k.user_id AND u.merged_into_id IS NULL
     GROUP BY k.key HAVING count(DISTINCT k.user_id) > 1
     ORDER BY max(u.created_at) DESC, k.key LIMIT $2 OFFSET $3`,
    [facilityId, size, page * size],
  );
}

/** These accounts of the facility, as their list rows show them. */
export function listUsersByIds(database: Database, facilityId: number, ids: number[]): Promise<PatientListUser[]> {
  if (!ids.length) return Promise.resolve([]);
  return database.query<PatientListUser>('dup_users', `SELECT ${LIST_USER_COLUMNS} FROM patient_users u WHERE u.facility_id = $1 AND u.id = ANY($2::int[])`, [
    facilityId,
    ids,
  ]);
}
