import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { normalizeText } from '@portal/shared/rules/diacritics';
import type { ProfileBrief } from '@portal/shared/contracts/patients.contract';
import type { Database, Executor } from '../../core/db';
import { searchWords as wordsOf } from '../../core/search';
import { iso, rows } from '../../core/sql';
import { bookings, medicalProfileExts, medicalProfiles, patientHistories, patientSessions, patientUsers, resultFiles } from '../../db/schema';

export { iso };
export type PatientUser = typeof patientUsers.$inferSelect;
export type MedicalProfileRow = typeof medicalProfiles.$inferSelect;
export type MedicalProfileExtRow = typeof medicalProfileExts.$inferSelect;
/** The columns of an account that its list row shows (search, duplicates). */
export type PatientListUser = Pick<PatientUser, 'id' | 'name' | 'phone' | 'email' | 'verified' | 'locked' | 'mergedIntoId' | 'createdAt'>;
/** Raw SQL's select list of a PatientListUser from `patient_users u`, aliased to the schema's keys. */
export const LIST_USER_COLUMNS = 'u.id, u.name, u.phone, u.email, u.verified, u.locked, u.merged_into_id AS "mergedIntoId", u.created_at AS "createdAt"';

/** The search words of a query: normalised, phones typed as +84… or with dots become 0…. */
export function searchWords(q: string | undefined, max = 8): string[] {
  // a number typed in groups ("0912 345 678", "+84 912 345 678", "001 090 012 345") is one number
  const text = /^\+?[\d\s.()-]{6,}$/.test((q ?? '').trim()) ? (q ?? '').replace(/[\s()]/g, '') : q;
  return wordsOf(text, Infinity)
    .map((w) => {
      if (!/^[+\d][\d.+-]*$/.test(w)) return w;
      let s = w.replace(/[.-]/g, '');
      if (s.startsWith('+84')) s = `0${s.slice(3)}`;
      else if (/^84\d{9}$/.test(s)) s = `0${s.slice(2)}`;
      return s.replace(/^\+/, '');
    })
    .filter(Boolean)
    .slice(0, max);
}

export function findUser(ex: Executor, facilityId: number, id: number, lock = false): Promise<PatientUser | null> {
  const q = ex
    .select()
    .from(patientUsers)
    .where(and(eq(patientUsers.facilityId, facilityId), eq(patientUsers.id, id)))
    .limit(1);
  return (lock ? q.for('update') : q).then((r) => r[0] ?? null);
}

/** The facility's account that holds this phone or this email (each is unique in a facility), if any. */
export function findUserByContact(ex: Executor, facilityId: number, field: 'phone' | 'email', value: string): Promise<PatientUser | null> {
  return ex
    .select()
    .from(patientUsers)
    .where(and(eq(patientUsers.facilityId, facilityId), eq(patientUsers[field], value)))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export async function insertUser(ex: Executor, values: typeof patientUsers.$inferInsert): Promise<PatientUser> {
  const [u] = await ex.insert(patientUsers).values(values).returning();
  return u!;
}

export function findProfiles(ex: Executor, facilityId: number, userId: number): Promise<MedicalProfileRow[]> {
  return ex
    .select()
    .from(medicalProfiles)
    .where(and(eq(medicalProfiles.facilityId, facilityId), eq(medicalProfiles.userId, userId)))
    .orderBy(sql`(${medicalProfiles.relationship} = 'SELF') DESC`, asc(medicalProfiles.id));
}

export function findProfile(ex: Executor, facilityId: number, id: number): Promise<MedicalProfileRow | null> {
  return ex
    .select()
    .from(medicalProfiles)
    .where(and(eq(medicalProfiles.facilityId, facilityId), eq(medicalProfiles.id, id)))
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** Short profiles of many accounts, the account holder's first. */
export async function findProfileBriefs(ex: Executor, facilityId: number, userIds: number[]): Promise<Map<number, ProfileBrief[]>> {
  const out = new Map<number, ProfileBrief[]>();
  if (!userIds.length) return out;
  const list = await ex
    .select({
      id: medicalProfiles.id,
      userId: medicalProfiles.userId,
      patientCode: medicalProfiles.patientCode,
      fullName: medicalProfiles.fullName,
      birthDate: medicalProfiles.birthDate,
      gender: medicalProfiles.gender,
      relationship: medicalProfiles.relationship,
    })
    .from(medicalProfiles)
    .where(and(eq(medicalProfiles.facilityId, facilityId), inArray(medicalProfiles.userId, userIds)))
    .orderBy(asc(medicalProfiles.userId), sql`(${medicalProfiles.relationship} = 'SELF') DESC`, asc(medicalProfiles.id));
  for (const { userId, ...p } of list) {
    const l = out.get(userId) ?? [];
    l.push(p);
    out.set(userId, l);
  }
  return out;
}

export async function countsOf(ex: Executor, facilityId: number, userId: number) {
  const [r] = await rows<{ profiles: number; histories: number; files: number; sessions: number }>(
    ex,
    sql`SELECT
      (SELECT count(*)::int FROM medical_profiles WHERE facility_id = ${facilityId} AND user_id = ${userId}) AS profiles,
      (SELECT count(*)::int FROM patient_histories WHERE facility_id = ${facilityId} AND user_id = ${userId}) AS histories,
      (SELECT count(*)::int FROM result_files WHERE facility_id = ${facilityId} AND user_id = ${userId}) AS files,
      (SELECT count(*)::int FROM patient_sessions WHERE user_id = ${userId} AND revoked_at IS NULL AND expires_at > now()) AS sessions`,
  );
  return { profiles: Number(r!.profiles), histories: Number(r!.histories), resultFiles: Number(r!.files), sessions: Number(r!.sessions) };
}

/**
 * A prefix as a half-open range [prefix, next) in byte order: unlike `LIKE $1`, a range keeps
 * using the index in a prepared statement's generic plan (the pattern is not known when planning).
 */
export function prefixRange(prefix: string): [string, string] {
  const last = prefix.codePointAt(prefix.length - 1) ?? 0;
  return [prefix, `${prefix.slice(0, -1)}${String.fromCodePoint(last + 1)}`];
}

/**
 * The tsquery of typed words: each must begin a word of the account's search text
 * (`'nguyen':* & 'van':* & 'hu':*`). Only letters, digits and . @ _ - are kept, and each word is
 * quoted, so nothing typed can change the query's structure.
 */
export function wordPrefixQuery(words: string[]): string | null {
  const parts = words.map((w) => w.replace(/[^a-z0-9.@_-]/g, '')).filter((w) => /[a-z0-9]/.test(w));
  return parts.length ? parts.map((w) => `'${w}':*`).join(' & ') : null;
}

/** Recomputes the account's search text from its own fields and its profiles'. */
export async function refreshSearchText(ex: Executor, userId: number): Promise<void> {
  const [u] = await ex.select().from(patientUsers).where(eq(patientUsers.id, userId)).limit(1);
  if (!u) return;
  const profiles = await ex.select().from(medicalProfiles).where(eq(medicalProfiles.userId, userId));
  await ex
    .update(patientUsers)
    .set({ searchText: userSearchText(u, profiles) })
    .where(eq(patientUsers.id, userId));
}

export function userSearchText(
  u: { name: string; phone: string | null; email: string | null },
  profiles: { fullName: string; phone: string | null; cccd: string | null; bhyt: string | null; patientCode: string }[],
): string {
  // Phones also without their leading 0 and BHYT cards also by their 10-digit social-insurance
  // number: staff type either. Words are matched by prefix (wordPrefixQuery).
  const phone = (v: string | null) => (v ? [v, v.slice(1)] : []);
  const parts: (string | null)[] = [u.name, ...phone(u.phone), u.email];
  for (const p of profiles) {
    if (normalizeText(p.fullName) !== normalizeText(u.name)) parts.push(p.fullName);
    if (p.phone !== u.phone) parts.push(...phone(p.phone));
    parts.push(p.cccd, p.bhyt, p.bhyt ? p.bhyt.slice(5) : null, p.patientCode);
  }
  return normalizeText(parts.filter(Boolean).join(' '));
}

export async function revokePatientSessions(ex: Executor, userId: number, reason: string): Promise<number> {
  const r = await ex
    .update(patientSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(patientSessions.userId, userId), isNull(patientSessions.revokedAt)))
    .returning({ id: patientSessions.id });
  return r.length;
}

export interface UserSearch {
  facilityId: number;
  words: string[];
  verified?: boolean;
  locked?: boolean;
  merged?: boolean;
  /** Accounts with a profile in one of these (2025) provinces: the zone filter. */
  provinceCodes?: string[];
  createdFrom?: string;
  createdToExclusive?: string;
  sort: { field: 'createdAt' | 'name' | 'id'; direction: 'asc' | 'desc' };
  /** No sort was chosen: a name or number search may list by the matched key instead of by date. */
  defaultSort: boolean;
  limit: number;
  offset: number;
  countCap: number;
}

const SORT_SQL = { createdAt: 'created_at', name: 'name', id: 'id' } as const;

/**
 * One page of accounts and a capped count. Two ways, chosen by what was typed:
 * - names and numbers typed from their start, with the default order: a range scan of the
 *   profiles' name (byte order), phone or CCCD index, ordered by that key — a page reads about
 *   as many index entries as it shows, whatever the size of the facility;
 * - otherwise (words in any order, parts of words, e-mail, BHYT, patient code, or a chosen
 *   sort): every typed word must begin a word of the account's search text (tsvector).
 * The statement text depends only on which filters are present, so each shape is prepared
 * once per connection on PostgreSQL.
 */
export async function searchUsers(database: Database, s: UserSearch): Promise<{ rows: PatientListUser[]; total: number; capped: boolean }> {
  const filters: string[] = [];
  const fparams: unknown[] = [];
  let fshape = '';
  const add = (cond: (n: number) => string, value: unknown, tag: string) => {
    fparams.push(value);
    filters.push(cond(fparams.length + 1)); // $1 is the facility
    fshape += tag;
  };
  if (s.verified !== undefined) add((n) => `u.verified = $${n}`, s.verified, 'v');
  if (s.locked !== undefined) add((n) => `u.locked = $${n}`, s.locked, 'l');
  if (s.merged !== undefined) {
    filters.push(s.merged ? 'u.merged_into_id IS NOT NULL' : 'u.merged_into_id IS NULL');
    fshape += s.merged ? 'm' : 'n';
  }
  if (s.provinceCodes)
    add(
      (n) => `EXISTS (SELECT 1 FROM medical_profiles zp WHERE zp.facility_id = $1 AND zp.user_id = u.id AND zp.province_code = ANY($${n}::text[]))`,
      s.provinceCodes,
      'z',
    );
  if (s.createdFrom) add((n) => `u.created_at >= $${n}::timestamptz`, s.createdFrom, 'f');
  if (s.createdToExclusive) add((n) => `u.created_at < $${n}::timestamptz`, s.createdToExclusive, 't');
  const base = [s.facilityId, ...fparams];
  const more = filters.length ? ` AND ${filters.join(' AND ')}` : '';

  const prefixKind =
    s.defaultSort && s.words.length
      ? s.words.length === 1 && /^\d{3,12}$/.test(s.words[0]!)
        ? 'digits'
        : s.words.every((w) => /^[a-z]+$/.test(w))
          ? 'name'
          : null
      : null;
  if (prefixKind) {
    const range = prefixRange(s.words.join(' '));
    const a = base.length + 1;
    const inRange = (col: string) => `${col} COLLATE "C" >= $${a} AND ${col} COLLATE "C" < $${a + 1}`;
    const keyed =
      prefixKind === 'name'
        ? `SELECT p.user_id, p.name_search COLLATE "C" AS k FROM medical_profiles p WHERE p.facility_id = $1 AND ${inRange('p.name_search')}`
        : `SELECT p.user_id, p.phone COLLATE "C" AS k FROM medical_profiles p WHERE p.facility_id = $1 AND ${inRange('p.phone')}
           UNION ALL SELECT p.user_id, p.cccd COLLATE "C" FROM medical_profiles p WHERE p.facility_id = $1 AND ${inRange('p.cccd')}`;
    const n = base.length + 2;
    // digits: each index is read in order, at most one page deep, then the two are merged
    const pageKeyed =
      prefixKind === 'name'
        ? keyed
        : keyed
            .split('UNION ALL')
            .map((b) => `(${b.trim()} ORDER BY 2 LIMIT $${n + 1}::int + $${n + 2}::int)`)
            .join(' UNION ALL ');
    const page = await database.query<PatientListUser>(
      `pu_${prefixKind}_${fshape}`,
      `SELECT ${LIST_USER_COLUMNS}
       FROM (${pageKeyed}) m JOIN patient_users u ON u.id = m.user_id AND u.facility_id = $1${more}
       ORDER BY ${prefixKind === 'name' ? 'm.k, m.user_id' : 'm.k'} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...base, ...range, s.limit + 5, s.offset],
    );
    if (page.length > 0 || s.offset > 0) {
      // an account with two matching profiles (a merged family) is listed once
      const seen = new Set<number>();
      const rows = page.filter((r) => !seen.has(r.id) && seen.add(r.id)).slice(0, s.limit);
      const [c] = await database.query<{ n: number }>(
        `pu_${prefixKind}_${fshape}_count`,
        `SELECT count(*)::int AS n FROM (SELECT 1 FROM (${keyed}) m JOIN patient_users u ON u.id = m.user_id AND u.facility_id = $1${more} LIMIT $${n + 1}) s`,
        [...base, ...range, s.countCap + 1],
      );
      const total = Number(c?.n ?? 0);
      return { rows, total: Math.min(total, s.countCap), capped: total > s.countCap };
    }
  }

  const where = ['u.facility_id = $1', ...filters];
  const params = [...base];
  let shape = `pu_w_${fshape}`;
  const query = wordPrefixQuery(s.words);
  if (query) {
    params.push(query);
    where.push(`u.search_vector @@ to_tsquery('simple', $${params.length})`);
    shape += 'q';
  }
  const whereSql = where.join(' AND ');
  const dir = s.sort.direction === 'desc' ? 'DESC' : 'ASC';
  const order = `u.${SORT_SQL[s.sort.field]} ${dir}, u.id ${dir}`;
  const n = params.length;
  const page = await database.query<PatientListUser>(
    `${shape}_${s.sort.field}_${dir}`,
    `SELECT ${LIST_USER_COLUMNS} FROM patient_users u
     WHERE ${whereSql} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, s.limit, s.offset],
  );
  // A capped count: counting 200,000 "nguyen" rows to print a number nobody reads costs more than the page.
  const [c] = await database.query<{ n: number }>(
    `${shape}_count`,
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM patient_users u WHERE ${whereSql} LIMIT $${n + 1}) s`,
    [...params, s.countCap + 1],
  );
  const total = Number(c?.n ?? 0);
  return { rows: page, total: Math.min(total, s.countCap), capped: total > s.countCap };
}

export function findProfileByCode(ex: Executor, facilityId: number, patientCode: string): Promise<MedicalProfileRow | null> {
  return ex
    .select()
    .from(medicalProfiles)
    .where(and(eq(medicalProfiles.facilityId, facilityId), eq(medicalProfiles.patientCode, patientCode)))
    .limit(1)
    .then((r) => r[0] ?? null);
}

/** Another profile of the facility with this CCCD or BHYT number (other than `exceptId`), if any. */
export function findProfileWithIdentifier(
  ex: Executor,
  facilityId: number,
  field: 'cccd' | 'bhyt',
  value: string,
  exceptId?: number,
): Promise<Pick<MedicalProfileRow, 'id' | 'patientCode'> | null> {
  const col = field === 'cccd' ? medicalProfiles.cccd : medicalProfiles.bhyt;
  return ex
    .select({ id: medicalProfiles.id, patientCode: medicalProfiles.patientCode })
    .from(medicalProfiles)
    .where(and(eq(medicalProfiles.facilityId, facilityId), eq(col, value), exceptId ? ne(medicalProfiles.id, exceptId) : undefined))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export async function insertProfile(ex: Executor, values: typeof medicalProfiles.$inferInsert): Promise<MedicalProfileRow> {
  const [p] = await ex.insert(medicalProfiles).values(values).returning();
  return p!;
}

export async function updateProfileRow(
  ex: Executor,
  facilityId: number,
  id: number,
  values: Partial<typeof medicalProfiles.$inferInsert>,
): Promise<MedicalProfileRow> {
  const [p] = await ex
    .update(medicalProfiles)
    .set(values)
    .where(and(eq(medicalProfiles.facilityId, facilityId), eq(medicalProfiles.id, id)))
    .returning();
  return p!;
}

/** Sets columns of an account of the facility. */
export async function updateUser(ex: Executor, facilityId: number, id: number, values: Partial<typeof patientUsers.$inferInsert>): Promise<void> {
  await ex
    .update(patientUsers)
    .set(values)
    .where(and(eq(patientUsers.facilityId, facilityId), eq(patientUsers.id, id)));
}

/** The additional information of these profiles (those that have some). */
export function findExts(ex: Executor, profileIds: number[]): Promise<MedicalProfileExtRow[]> {
  if (!profileIds.length) return Promise.resolve([]);
  return ex.select().from(medicalProfileExts).where(inArray(medicalProfileExts.profileId, profileIds));
}

/** Creates or replaces a profile's additional information. */
export async function upsertExt(ex: Executor, values: Omit<typeof medicalProfileExts.$inferInsert, 'updatedAt'>): Promise<void> {
  const { profileId: _, ...set } = values;
  await ex
    .insert(medicalProfileExts)
    .values(values)
    .onConflictDoUpdate({ target: medicalProfileExts.profileId, set: { ...set, updatedAt: new Date() } });
}

/** Rows an account owns that a merge moves to the kept account. */
export type OwnedRows = 'profiles' | 'histories' | 'resultFiles' | 'bookings';
const OWNED_BY_USER = { profiles: medicalProfiles, histories: patientHistories, resultFiles } as const;

export async function countOwnedRows(ex: Executor, kind: OwnedRows, facilityId: number, userId: number): Promise<number> {
  const count = { n: sql<number>`count(*)::int` };
  // Bookings keep their profile; their owner account column is `patient_user_id`.
  const t = kind === 'bookings' ? null : OWNED_BY_USER[kind];
  const [r] = t
    ? await ex
        .select(count)
        .from(t)
        .where(and(eq(t.facilityId, facilityId), eq(t.userId, userId)))
    : await ex
        .select(count)
        .from(bookings)
        .where(and(eq(bookings.facilityId, facilityId), eq(bookings.patientUserId, userId)));
  return Number(r?.n ?? 0);
}

export async function moveOwnedRows(ex: Executor, kind: OwnedRows, facilityId: number, fromId: number, toId: number): Promise<number> {
  if (kind === 'bookings') {
    const moved = await ex
      .update(bookings)
      .set({ patientUserId: toId })
      .where(and(eq(bookings.facilityId, facilityId), eq(bookings.patientUserId, fromId)))
      .returning({ id: bookings.id });
    return moved.length;
  }
  const t = OWNED_BY_USER[kind];
  const moved = await ex
    .update(t)
    .set({ userId: toId })
    .where(and(eq(t.facilityId, facilityId), eq(t.userId, fromId)))
    .returning({ id: t.id });
  return moved.length;
}
