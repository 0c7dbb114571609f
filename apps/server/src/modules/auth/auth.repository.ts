import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { accounts, loginThrottle, sessions } from '../../db/schema';
import type { Executor } from '../../core/db';

export function findAccountForLogin(ex: Executor, login: string) {
  const key = login.toLowerCase();
  return ex
    .select()
    .from(accounts)
    .where(or(eq(accounts.username, key), eq(sql`lower(${accounts.email})`, key), eq(accounts.phone, login)))
    .orderBy(sql`(${accounts.username} = ${key}) DESC`, accounts.id)
    .limit(1)
    .then((r) => r[0] ?? null);
}

export function findAccountById(ex: Executor, id: number) {
  return ex.select().from(accounts).where(eq(accounts.id, id)).limit(1).then((r) => r[0] ?? null);
}

export async function updatePasswordHash(ex: Executor, accountId: number, passwordHash: string, resetNow: boolean) {
  await ex
    .update(accounts)
    .set(resetNow ? { passwordHash, lastPasswordReset: new Date(), mustChangePassword: false, updatedAt: new Date() } : { passwordHash })
    .where(eq(accounts.id, accountId));
}

export interface NewSession {
  accountId: number;
  facilityId: number;
  tokenHash: string;
  refreshHash: string;
  tokenExpiresAt: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

export function insertSession(ex: Executor, s: NewSession) {
  return ex.insert(sessions).values(s).returning({ id: sessions.id }).then((r) => r[0]!.id);
}

/** A live session by its refresh token, locked for rotation. */
export function findSessionByRefreshHash(ex: Executor, refreshHash: string, idleMinutes: number) {
  return ex
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.refreshHash, refreshHash),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > now()`,
        sql`${sessions.lastSeenAt} > now() - make_interval(mins => ${idleMinutes}::int)`,
      ),
    )
    .for('update')
    .limit(1)
    .then((r) => r[0] ?? null);
}

export function findSessionByPreviousRefreshHash(ex: Executor, refreshHash: string) {
  return ex
    .select()
    .from(sessions)
    .where(and(eq(sessions.previousRefreshHash, refreshHash), isNull(sessions.revokedAt)))
    .limit(1)
    .then((r) => r[0] ?? null);
}

export async function rotateSessionTokens(ex: Executor, id: number, oldRefreshHash: string, tokenHash: string, refreshHash: string, tokenExpiresAt: Date) {
  await ex
    .update(sessions)
    .set({ tokenHash, refreshHash, previousRefreshHash: oldRefreshHash, tokenExpiresAt, lastSeenAt: new Date() })
    .where(eq(sessions.id, id));
}

export async function revokeSession(ex: Executor, id: number, reason: string) {
  await ex.update(sessions).set({ revokedAt: new Date(), revokedReason: reason }).where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Ends every live session of an account (password change, lock, reset). Returns how many. */
export async function revokeAccountSessions(ex: Executor, accountId: number, reason: string): Promise<number> {
  const r = await ex
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return r.length;
}

/** Seconds left on a block of any of these keys, or 0. */
export async function throttleSecondsLeft(ex: Executor, keys: string[]): Promise<number> {
  const rows = await ex
    .select({ left: sql<number>`ceil(extract(epoch from max(${loginThrottle.blockedUntil}) - now()))::int` })
    .from(loginThrottle)
    .where(and(inArray(loginThrottle.key, keys), sql`${loginThrottle.blockedUntil} > now()`));
  return Math.max(0, rows[0]?.left ?? 0);
}

/** Counts a failure for `key` in a sliding window; blocks the key for the window once `max` is reached. */
export async function recordFailure(ex: Executor, key: string, max: number, windowMinutes: number): Promise<void> {
  await ex.execute(sql`
    INSERT INTO login_throttle AS t (key, failures, window_start, blocked_until)
    VALUES (${key}, 1, now(), CASE WHEN 1 >= ${max}::int THEN now() + make_interval(mins => ${windowMinutes}::int) END)
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN t.window_start < now() - make_interval(mins => ${windowMinutes}::int) THEN 1 ELSE t.failures + 1 END,
      window_start = CASE WHEN t.window_start < now() - make_interval(mins => ${windowMinutes}::int) THEN now() ELSE t.window_start END,
      blocked_until = CASE
        WHEN (CASE WHEN t.window_start < now() - make_interval(mins => ${windowMinutes}::int) THEN 1 ELSE t.failures + 1 END) >= ${max}::int
        THEN now() + make_interval(mins => ${windowMinutes}::int)
        ELSE t.blocked_until END`);
}

export async function clearFailures(ex: Executor, key: string): Promise<void> {
  await ex.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
