import { fmt, MSG } from '@portal/shared';
import { WRONG_OLD_PASSWORD_CODE, type AuthUser } from '@portal/shared/contracts/auth.contract';
import { audit } from '../../core/audit';
import type { Caller, Origin } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { AppError, badRequest, forbidden, tooMany, unauthorized } from '../../core/errors';
import { hashCost } from '../../core/password-cost';
import { newToken, sha256 } from '../../core/tokens';
import * as repo from './auth.repository';
import { decoyHash, hashPassword, refusePasswordHash, verifyPassword, type PasswordRefusal } from './passwords';

type Account = NonNullable<Awaited<ReturnType<typeof repo.findAccountById>>>;

function authUser(account: Account, loginToken: string, refreshToken: string): AuthUser {
  return {
    id: account.id,
    username: account.username,
    name: account.name,
    loginToken,
    refresh_token: refreshToken,
    lastPasswordReset: account.lastPasswordReset.toISOString(),
    mustChangePassword: account.mustChangePassword,
  };
}

/** An account's attempts count once, whichever of username, e-mail or phone is typed; an unknown identifier by itself. */
const accountKey = (account: { id: number } | null, login: string) => (account ? `a:${account.id}` : `u:${login.toLowerCase()}`);
const ipKey = (ip: string) => `ip:${ip}`;
/** An account that signed in from an address this recently is not held back by that address's limit. */
const KNOWN_ADDRESS_DAYS = 30;
/** Past this share of its limit, an address's attempts are slowed down before they are refused. */
const SLOW_FROM_SHARE = 1 / 3;
const SLOW_STEP_MS = 200;
const SLOW_MAX_MS = 2_000;

/** How long an address's attempt waits before its password is verified: nothing at first, then a growing pause. */
export function addressDelayMs(attempts: number, max: number): number {
  const from = Math.floor(max * SLOW_FROM_SHARE);
  return attempts <= from ? 0 : Math.min(SLOW_MAX_MS, (attempts - from) * SLOW_STEP_MS);
}

/** How long an attempt held back only by others being verified at the same moment waits for them. */
const WAIT_FOR_OTHERS_MS = 5_000;

/**
 * Reserves an attempt on `key` under `max`. An attempt refused only because others are being verified
 * at the same moment (eight desks signing in to one account together) waits for them to settle; one
 * refused because the window already holds `max` failures is refused at once.
 */
export async function admit(
  ctx: AppContext,
  key: string,
  max: number,
): Promise<{ admitted: true; attempts: number } | { admitted: false; secondsLeft: number }> {
  const { db } = ctx.database;
  const until = Date.now() + WAIT_FOR_OTHERS_MS;
  for (;;) {
    const r = await repo.reserveAttempt(db, key, ctx.config.LOGIN_THROTTLE_WINDOW_MINUTES);
    if (r.failures + r.pending <= max) return { admitted: true, attempts: r.failures + r.pending };
    await repo.settleAttempt(db, key, 'withdrawn');
    if (r.failures >= max || Date.now() > until) return { admitted: false, secondsLeft: r.secondsLeft };
    await new Promise((done) => setTimeout(done, 20 + Math.random() * 60));
  }
}

/**
 * Sign-in, throttled per account and per address (docs/security.md). Each attempt is reserved before
 * its password is verified, in one atomic statement per key, so a burst cannot pass the check together:
 * at most LOGIN_MAX_FAILURES_PER_ACCOUNT passwords of one account, and LOGIN_MAX_FAILURES_PER_IP of one
 * address, are verified while failing in a window. A correct password clears its account's failures.
 * An address slows down before it refuses, and an account that signed in from it within 30 days is
 * held only by its own limit, so a front desk behind a hospital's NAT keeps working while someone else
 * on that address is refused.
 */
export async function login(ctx: AppContext, from: Origin, emailOrPhone: string, passwordMd5: string): Promise<AuthUser> {
  const { database, config } = ctx;
  const account = await repo.findAccountForLogin(database.db, emailOrPhone);
  const keys = { account: accountKey(account, emailOrPhone), ip: ipKey(from.address) };
  const refuse = async (secondsLeft: number, by: 'account' | 'address') => {
    await audit(database.db, from, {
      action: 'LOGIN_THROTTLED',
      entity: 'account',
      entityId: account?.id ?? null,
      facilityId: account?.facilityId ?? null,
      after: { login: emailOrPhone.slice(0, 100), by },
    });
    from.log.warn({ event: 'login_throttled', by }, 'sign-in throttled');
    return tooMany(fmt(MSG.loginThrottled, { minutes: Math.ceil(secondsLeft / 60) }));
  };

  const byAccount = await admit(ctx, keys.account, config.LOGIN_MAX_FAILURES_PER_ACCOUNT);
  if (!byAccount.admitted) throw await refuse(byAccount.secondsLeft, 'account');
  const known = account !== null && (await repo.signedInFrom(database.db, account.id, from.address, KNOWN_ADDRESS_DAYS));
  const byAddress = await admit(ctx, keys.ip, known ? Number.MAX_SAFE_INTEGER : config.LOGIN_MAX_FAILURES_PER_IP);
  if (!byAddress.admitted) {
    await repo.settleAttempt(database.db, keys.account, 'withdrawn');
    throw await refuse(byAddress.secondsLeft, 'address');
  }
  const pause = known ? 0 : addressDelayMs(byAddress.attempts, config.LOGIN_MAX_FAILURES_PER_IP);
  if (pause > 0) await new Promise((r) => setTimeout(r, pause));

  const cost = hashCost(ctx);
  const check = await verifyPassword(account?.passwordHash ?? (await decoyHash(cost)), passwordMd5, cost);
  if (!account || !check.ok || account.locked) {
    // A locked account answers the same whatever the password, so the answer never confirms one.
    await database.transaction(async (tx) => {
      await repo.settleAttempt(tx, keys.account, 'failed');
      await repo.settleAttempt(tx, keys.ip, 'failed');
      await audit(tx, from, {
        action: account?.locked ? 'LOGIN_REFUSED_LOCKED' : 'LOGIN_FAILED',
        entity: 'account',
        entityId: account?.id ?? null,
        facilityId: account?.facilityId ?? null,
        after: { login: emailOrPhone.slice(0, 100) },
      });
    });
    throw account?.locked ? forbidden(MSG.accountLocked) : unauthorized(MSG.wrongCredentials);
  }

  const loginToken = newToken();
  const refreshToken = newToken();
  const now = Date.now();
  const newHash = check.needsRehash ? await hashPassword(passwordMd5, cost) : null;
  const signIn = database.transaction(async (tx) => {
    if (newHash) await repo.updatePasswordHash(tx, account.id, newHash, false);
    const sessionId = await repo.insertSession(tx, {
      accountId: account.id,
      facilityId: account.facilityId,
      tokenHash: sha256(loginToken),
      refreshHash: sha256(refreshToken),
      tokenExpiresAt: new Date(now + config.ACCESS_TOKEN_TTL_MINUTES * 60_000),
      expiresAt: new Date(now + config.SESSION_ABSOLUTE_HOURS * 3_600_000),
      ip: from.address,
      userAgent: from.userAgent,
    });
    await repo.settleAttempt(tx, keys.account, 'cleared');
    await repo.settleAttempt(tx, keys.ip, 'withdrawn');
    await audit(tx, from, {
      action: 'LOGIN',
      entity: 'session',
      entityId: sessionId,
      facilityId: account.facilityId,
      actorId: account.id,
      actorUsername: account.username,
      after: newHash ? { passwordRehashed: true } : null,
    });
  });
  await signIn.catch(async (err: unknown) => {
    // nothing was signed in: give the reservations back rather than hold them until the window ends
    await repo.settleAttempt(database.db, keys.account, 'withdrawn');
    await repo.settleAttempt(database.db, keys.ip, 'withdrawn');
    throw err;
  });
  return authUser(account, loginToken, refreshToken);
}

export async function logout(ctx: AppContext, caller: Caller): Promise<void> {
  await ctx.database.transaction(async (tx) => {
    await repo.revokeSession(tx, caller.sessionId, 'LOGOUT');
    await audit(tx, caller, { action: 'LOGOUT', entity: 'session', entityId: caller.sessionId });
  });
}

export async function refresh(ctx: AppContext, from: Origin, refreshToken: string): Promise<AuthUser> {
  const { database, config } = ctx;
  const presented = sha256(refreshToken);
  const result = await database.transaction(async (tx) => {
    const session = await repo.findSessionByRefreshHash(tx, presented, config.SESSION_IDLE_MINUTES);
    if (!session) {
      // A refresh token that was already rotated away is being replayed: end that session.
      const stolen = await repo.findSessionByPreviousRefreshHash(tx, presented);
      if (stolen) {
        await repo.revokeSession(tx, stolen.id, 'REFRESH_REUSE');
        await audit(tx, from, {
          action: 'REFRESH_REUSE',
          entity: 'session',
          entityId: stolen.id,
          facilityId: stolen.facilityId,
          actorId: stolen.accountId,
          actorUsername: null,
        });
        return { reused: true as const };
      }
      return null;
    }
    const account = await repo.findAccountById(tx, session.accountId);
    if (!account || account.locked) return null;
    const loginToken = newToken();
    const nextRefresh = newToken();
    await repo.rotateSessionTokens(
      tx,
      session.id,
      presented,
      sha256(loginToken),
      sha256(nextRefresh),
      new Date(Date.now() + config.ACCESS_TOKEN_TTL_MINUTES * 60_000),
    );
    return { user: authUser(account, loginToken, nextRefresh) };
  });
  if (!result || 'reused' in result) throw unauthorized();
  return result.user;
}

const REFUSAL_MESSAGE: Record<PasswordRefusal, string> = {
  empty: MSG.passwordEmpty,
  'like-account': MSG.passwordLikeAccount,
  common: MSG.passwordTooCommon,
};

/** Both password-change calls: checks the old password, refuses weak or unchanged ones, ends every session. */
export async function changePassword(ctx: AppContext, caller: Caller, accountId: number, oldMd5: string, newMd5: string): Promise<void> {
  if (accountId !== caller.accountId) throw forbidden();
  const account = await repo.findAccountById(ctx.database.db, accountId);
  if (!account) throw unauthorized();
  const cost = hashCost(ctx);
  const old = await verifyPassword(account.passwordHash, oldMd5, cost);
  if (!old.ok) {
    await audit(ctx.database.db, caller, { action: 'PASSWORD_CHANGE_FAILED', entity: 'account', entityId: accountId });
    throw new AppError(400, MSG.oldPasswordWrong, { code: WRONG_OLD_PASSWORD_CODE });
  }
  if (newMd5.toLowerCase() === oldMd5.toLowerCase()) {
    throw badRequest(MSG.passwordSameAsOld, [{ field: 'passwordNew', message: MSG.passwordSameAsOld }]);
  }
  const refusal = refusePasswordHash(newMd5, account);
  if (refusal) {
    const message = REFUSAL_MESSAGE[refusal];
    throw badRequest(message, [{ field: 'passwordNew', message }]);
  }
  const newHash = await hashPassword(newMd5, cost);
  await ctx.database.transaction(async (tx) => {
    await repo.updatePasswordHash(tx, accountId, newHash, true);
    const ended = await repo.revokeAccountSessions(tx, accountId, 'PASSWORD_CHANGED');
    await audit(tx, caller, {
      action: 'PASSWORD_CHANGE',
      entity: 'account',
      entityId: accountId,
      before: { lastPasswordReset: account.lastPasswordReset.toISOString() },
      after: { lastPasswordReset: 'now', sessionsEnded: ended },
    });
  });
}
