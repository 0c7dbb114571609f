import { and, eq, isNull, or, sql } from 'drizzle-orm';
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
  return ex
    .select()
    .from(accounts)
    .where(eq(accounts.id, id))
    .limit(1)
    .then((r) => r[0] ?? null);
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
  return ex
    .insert(sessions)
    .values(s)
    .returning({ id: sessions.id })
    .then((r) => r[0]!.id);
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
  await ex
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
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

/** Whether the account has signed in from this address within `days` (it is then not held back by the address's limit). */
export async function signedInFrom(ex: Executor, accountId: number, ip: string, days: number): Promise<boolean> {
  const rows = await ex
    .select({ one: sql<number>`1` })
    .from(sessions)
    .where(and(eq(sessions.accountId, accountId), eq(sessions.ip, ip), sql`${sessions.createdAt} > now() - make_interval(days => ${days}::int)`))
    .limit(1);
  return rows.length > 0;
}

export interface Reservation {
  /** Failed attempts in the window. */
  failures: number;
  /** Attempts being verified right now, this one included. */
  pending: number;
  /** Seconds until the window ends. */
  secondsLeft: number;
}

/**
 * Counts one sign-in attempt against `key` BEFORE its password is verified, in one atomic statement
 * (the row lock of INSERT … ON CONFLICT serialises a burst). The caller may verify only while
 * `failures + pending <= max`, and must settle the attempt afterwards. A window of `windowMinutes`
 * starts at the first attempt; an attempt after it ends starts a new one.
 */
export async function reserveAttempt(ex: Executor, key: string, windowMinutes: number): Promise<Reservation> {
  const ended = sql`${loginThrottle.windowStart} <= now() - make_interval(mins => ${windowMinutes}::int)`;
  const [r] = await ex
    .insert(loginThrottle)
    .values({ key, failures: 0, pending: 1, windowStart: sql`now()` })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`CASE WHEN ${ended} THEN 0 ELSE ${loginThrottle.failures} END`,
        pending: sql`CASE WHEN ${ended} THEN 1 ELSE ${loginThrottle.pending} + 1 END`,
        windowStart: sql`CASE WHEN ${ended} THEN now() ELSE ${loginThrottle.windowStart} END`,
      },
    })
    .returning({
      failures: loginThrottle.failures,
      pending: loginThrottle.pending,
      secondsLeft: sql<number>`GREATEST(1, ceil(extract(epoch from ${loginThrottle.windowStart} + make_interval(mins => ${windowMinutes}::int) - now())))::int`,
    });
  return { failures: Number(r!.failures), pending: Number(r!.pending), secondsLeft: Number(r!.secondsLeft) };
}

/**
 * Ends a reserved attempt: `failed` counts a failure, `cleared` forgets the window's failures (a
 * correct password of the account), `withdrawn` only gives the reservation back.
 */
export async function settleAttempt(ex: Executor, key: string, outcome: 'failed' | 'cleared' | 'withdrawn'): Promise<void> {
  const failures = { failed: sql`${loginThrottle.failures} + 1`, cleared: sql`0`, withdrawn: sql`${loginThrottle.failures}` }[outcome];
  await ex
    .update(loginThrottle)
    .set({ failures, pending: sql`GREATEST(${loginThrottle.pending} - 1, 0)` })
    .where(eq(loginThrottle.key, key));
}

/** Forgets a key's window (an administrator unlocks the account). */
export async function clearAttempts(ex: Executor, key: string): Promise<void> {
  await ex.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
