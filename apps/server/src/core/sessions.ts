import type { Database } from './db';

/** Who is calling: loaded from the session on every authenticated request. */
export interface AuthContext {
  sessionId: number;
  accountId: number;
  facilityId: number;
  username: string;
  name: string;
  authorities: string[];
  lastPasswordReset: Date;
  mustChangePassword: boolean;
  facilityName: string;
  facilityAvatar: string | null;
}

/** A session as found, and until when (ms) it stays valid without another look: token, session and idle expiry. */
export interface FoundSession {
  ctx: AuthContext;
  validUntil: number;
}

interface SessionRow {
  session_id: number;
  account_id: number;
  facility_id: number;
  last_seen_at: Date;
  username: string;
  name: string;
  last_password_reset: Date;
  must_change_password: boolean;
  facility_name: string;
  facility_avatar: string | null;
  authorities: string[] | null;
  valid_until: Date | string;
}

// One round trip per request: session, account, facility and the live authorities of the
// account's roles, so a role change or a lock takes effect on the very next request.
const FIND_SESSION_SQL = `
SELECT s.id AS session_id, s.account_id, s.facility_id, s.last_seen_at,
       a.username, a.name, a.last_password_reset, a.must_change_password,
       f.name AS facility_name, f.avatar AS facility_avatar,
       LEAST(s.token_expires_at, s.expires_at, s.last_seen_at + make_interval(mins => $2::int)) AS valid_until,
       ARRAY(SELECT DISTINCT ra.authority FROM account_roles ar
             JOIN roles r ON r.id = ar.role_id AND r.active
             JOIN role_authorities ra ON ra.role_id = ar.role_id
             WHERE ar.account_id = a.id ORDER BY 1) AS authorities
FROM sessions s
JOIN accounts a ON a.id = s.account_id
JOIN facilities f ON f.id = s.facility_id
WHERE s.token_hash = $1
  AND s.revoked_at IS NULL
  AND s.token_expires_at > now()
  AND s.expires_at > now()
  AND s.last_seen_at > now() - make_interval(mins => $2::int)
  AND NOT a.locked`;

/**
 * How stale last_seen_at may get before it is written again (keeps most reads read-only): a minute,
 * or half the idle time when that is shorter, so that an active session is touched while more than
 * half of its idle time is left and never ends in the middle of work.
 */
export function touchAfterMs(idleMinutes: number): number {
  return Math.min(60_000, (idleMinutes * 60_000) / 2);
}

export async function findSessionByTokenHash(database: Database, tokenHash: string, idleMinutes: number): Promise<FoundSession | null> {
  const rows = await database.query<SessionRow>('find_session', FIND_SESSION_SQL, [tokenHash, idleMinutes]);
  const r = rows[0];
  if (!r) return null;
  // valid_until counts idleness from the last touch; until the next touch it is at least half the idle time away
  if (Date.now() - new Date(r.last_seen_at).getTime() > touchAfterMs(idleMinutes)) {
    await database.query('touch_session', 'UPDATE sessions SET last_seen_at = now() WHERE id = $1', [r.session_id]);
  }
  const ctx: AuthContext = {
    sessionId: Number(r.session_id),
    accountId: r.account_id,
    facilityId: r.facility_id,
    username: r.username,
    name: r.name,
    authorities: r.authorities ?? [],
    lastPasswordReset: new Date(r.last_password_reset),
    mustChangePassword: r.must_change_password,
    facilityName: r.facility_name,
    facilityAvatar: r.facility_avatar,
  };
  return { ctx, validUntil: new Date(r.valid_until).getTime() };
}

const SESSION_ALIVE_SQL = `
SELECT ARRAY(SELECT DISTINCT ra.authority FROM account_roles ar
             JOIN roles r ON r.id = ar.role_id AND r.active
             JOIN role_authorities ra ON ra.role_id = ar.role_id
             WHERE ar.account_id = a.id ORDER BY 1) AS authorities
FROM sessions s
JOIN accounts a ON a.id = s.account_id
WHERE s.id = $1
  AND s.revoked_at IS NULL
  AND s.expires_at > now()
  AND s.last_seen_at > now() - make_interval(mins => $2::int)
  AND NOT a.locked`;

/**
 * For long-lived connections (the live-updates socket): is the session still open, and with which
 * authorities now? Reads only — an open socket does not keep an idle session alive; the access
 * token's own expiry does not matter here (the web renews it over HTTP).
 */
export async function sessionAuthorities(database: Database, sessionId: number, idleMinutes: number): Promise<string[] | null> {
  const rows = await database.query<{ authorities: string[] | null }>('session_alive', SESSION_ALIVE_SQL, [sessionId, idleMinutes]);
  return rows[0] ? (rows[0].authorities ?? []) : null;
}

/** A signed-in patient of the app (`access: 'patient'` routes): its session, account and facility. */
export interface PatientAuth {
  sessionId: number;
  userId: number;
  facilityId: number;
  name: string;
}

// A patient's token opens only patient routes, a staff token only staff routes: each is looked up in its own table.
const FIND_PATIENT_SESSION_SQL = `
SELECT s.id AS session_id, s.user_id, s.facility_id, u.name
FROM patient_sessions s
JOIN patient_users u ON u.facility_id = s.facility_id AND u.id = s.user_id
WHERE s.token_hash = $1
  AND s.revoked_at IS NULL
  AND s.expires_at > now()
  AND NOT u.locked
  AND u.merged_into_id IS NULL`;

export async function findPatientSession(database: Database, tokenHash: string): Promise<PatientAuth | null> {
  const rows = await database.query<{ session_id: number; user_id: number; facility_id: number; name: string }>(
    'find_patient_session',
    FIND_PATIENT_SESSION_SQL,
    [tokenHash],
  );
  const r = rows[0];
  return r ? { sessionId: Number(r.session_id), userId: r.user_id, facilityId: r.facility_id, name: r.name } : null;
}
