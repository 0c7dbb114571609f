import { TEMPLATE_ERROR_CODE } from '../notifications/events.notify';
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { fmt, MSG } from '@portal/shared';
import {
  FORGOT_PASSWORD_ANSWER,
  PREF_CHANNELS,
  RESET_CODE_MAX_TRIES,
  RESET_CODE_MINUTES,
  RESET_CODE_WRONG,
  type DeviceBody,
  type InboxItem,
  type NotifyPrefs,
} from '@portal/shared/contracts/patient-app.contract';
import { normalizeMobile } from '@portal/shared/rules/identifiers';
import { audit } from '../../core/audit';
import type { Origin } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db';
import { badRequest, forbidden, notFound, tooMany, unauthorized } from '../../core/errors';
import { hashCost } from '../../core/password-cost';
import type { PatientAuth } from '../../core/sessions';
import { rows } from '../../core/sql';
import { newToken, sha256 } from '../../core/tokens';
import { facilities, notifications, patientDevices, patientNotifyPrefs, patientPasswordResets, patientSessions, patientUsers } from '../../db/schema';
import { admit } from '../auth/auth.service';
import { settleAttempt } from '../auth/auth.repository';
import { decoyHash, hashPassword, refusePasswordHash, verifyPassword } from '../auth/passwords';
import { notifyEvent } from '../notifications/events.notify';
import { findUserByContact } from '../patients/patients.repository';

/** The signed-in patient as services take it (core/access patientCaller). */
export type PatientCaller = PatientAuth & { address: string };

/** The audit's actor of a patient's own action: no staff account, the patient account named instead. */
export const actor = (userId: number) => ({ actorId: null, actorUsername: `patient:${userId}` });
export const asOrigin = (p: PatientCaller): Origin => ({ address: p.address, userAgent: null, auth: null, log: { info() {}, warn() {} } });

type PatientUser = typeof patientUsers.$inferSelect;

/** The patient account of `login` (a mobile number in any usual form, or an e-mail) in the facility of `facilityCode`. */
async function findPatient(ex: Executor, facilityCode: string, login: string): Promise<PatientUser | null> {
  const [facility] = await ex.select({ id: facilities.id }).from(facilities).where(eq(facilities.code, facilityCode)).limit(1);
  if (!facility) return null;
  const phone = normalizeMobile(login);
  // e-mails are kept in lower case (patients.contract): the facility's unique index answers either lookup
  return phone ? findUserByContact(ex, facility.id, 'phone', phone) : findUserByContact(ex, facility.id, 'email', login.trim().toLowerCase());
}

const closed = (u: PatientUser) => u.locked || u.mergedIntoId !== null;

/**
 * Sign-in of the patient app, throttled like the staff sign-in (auth.service `admit`, the same table) under keys of
 * its own: per account (or per unknown login of the facility) and per address. A locked or merged account answers
 * 403 whatever the password, as a staff account does.
 */
export async function login(ctx: AppContext, from: Origin, body: { facilityCode: string; emailOrPhone: string; password: string }) {
  const { database, config } = ctx;
  const user = await findPatient(database.db, body.facilityCode, body.emailOrPhone);
  const keys = {
    account: user ? `p:${user.facilityId}:${user.id}` : `pu:${body.facilityCode}:${body.emailOrPhone.toLowerCase()}`.slice(0, 200),
    ip: `pip:${from.address}`,
  };
  const refuse = async (secondsLeft: number, by: 'account' | 'address') => {
    await audit(database.db, from, {
      action: 'APP_LOGIN_THROTTLED',
      entity: 'patient_user',
      entityId: user?.id ?? null,
      facilityId: user?.facilityId ?? null,
      after: { by },
      ...actor(user?.id ?? 0),
    });
    return tooMany(fmt(MSG.loginThrottled, { minutes: Math.ceil(secondsLeft / 60) }));
  };
  const byAccount = await admit(ctx, keys.account, config.LOGIN_MAX_FAILURES_PER_ACCOUNT);
  if (!byAccount.admitted) throw await refuse(byAccount.secondsLeft, 'account');
  const byAddress = await admit(ctx, keys.ip, config.LOGIN_MAX_FAILURES_PER_IP);
  if (!byAddress.admitted) {
    await settleAttempt(database.db, keys.account, 'withdrawn');
    throw await refuse(byAddress.secondsLeft, 'address');
  }
  const cost = hashCost(ctx);
  const check = await verifyPassword(user?.passwordHash ?? (await decoyHash(cost)), body.password, cost);
  if (!user || !check.ok || closed(user)) {
    await database.transaction(async (tx) => {
      await settleAttempt(tx, keys.account, 'failed');
      await settleAttempt(tx, keys.ip, 'failed');
      await audit(tx, from, {
        action: user && closed(user) ? 'APP_LOGIN_REFUSED_LOCKED' : 'APP_LOGIN_FAILED',
        entity: 'patient_user',
        entityId: user?.id ?? null,
        facilityId: user?.facilityId ?? null,
        ...actor(user?.id ?? 0),
      });
    });
    throw user && closed(user) ? forbidden(MSG.accountLocked) : unauthorized(MSG.wrongCredentials);
  }
  const loginToken = newToken();
  const expiresAt = new Date(Date.now() + config.PATIENT_SESSION_DAYS * 86_400_000);
  const newHash = check.needsRehash ? await hashPassword(body.password, cost) : null;
  await database
    .transaction(async (tx) => {
      if (newHash)
        await tx
          .update(patientUsers)
          .set({ passwordHash: newHash })
          .where(and(eq(patientUsers.facilityId, user.facilityId), eq(patientUsers.id, user.id)));
      const [s] = await tx
        .insert(patientSessions)
        .values({ userId: user.id, facilityId: user.facilityId, tokenHash: sha256(loginToken), expiresAt })
        .returning({ id: patientSessions.id });
      await settleAttempt(tx, keys.account, 'cleared');
      await settleAttempt(tx, keys.ip, 'withdrawn');
      await audit(tx, from, { action: 'APP_LOGIN', entity: 'patient_session', entityId: s!.id, facilityId: user.facilityId, ...actor(user.id) });
    })
    .catch(async (err: unknown) => {
      await settleAttempt(database.db, keys.account, 'withdrawn');
      await settleAttempt(database.db, keys.ip, 'withdrawn');
      throw err;
    });
  return { loginToken, expiresAt: expiresAt.toISOString(), user: { id: user.id, name: user.name, phone: user.phone, email: user.email } };
}

export async function logout(ctx: AppContext, p: PatientCaller): Promise<void> {
  await ctx.database.transaction(async (tx) => {
    await tx
      .update(patientSessions)
      .set({ revokedAt: new Date(), revokedReason: 'LOGOUT' })
      .where(and(eq(patientSessions.facilityId, p.facilityId), eq(patientSessions.id, p.sessionId), isNull(patientSessions.revokedAt)));
    await audit(tx, asOrigin(p), { action: 'APP_LOGOUT', entity: 'patient_session', entityId: p.sessionId, facilityId: p.facilityId, ...actor(p.userId) });
  });
}

/** `<salt>:<sha256(salt + code)>`: a six-digit code is never stored as it is. */
function hashCode(code: string, salt = randomBytes(16).toString('hex')): string {
  return `${salt}:${createHash('sha256')
    .update(salt + code)
    .digest('hex')}`;
}
function codeMatches(stored: string, code: string): boolean {
  const salt = stored.split(':')[0]!;
  const a = Buffer.from(stored);
  const b = Buffer.from(hashCode(code, salt));
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A new code is not sent sooner than this after the previous one, nor more than this many an hour. */
const RESEND_AFTER_SECONDS = 60;
const CODES_PER_HOUR = 5;

/**
 * A forgotten password: the same answer whether the account exists or not. For an open account with a phone or an
 * e-mail, a new six-digit code replaces any earlier one and goes out as the PASSWORD_RESET event (the facility's
 * template and channels), at most one a minute and five an hour.
 */
export async function forgotPassword(ctx: AppContext, from: Origin, body: { facilityCode: string; emailOrPhone: string }): Promise<string> {
  const user = await findPatient(ctx.database.db, body.facilityCode, body.emailOrPhone);
  if (!user || closed(user)) return FORGOT_PASSWORD_ANSWER;
  await ctx.database.transaction(async (tx) => {
    // one request of an account at a time: the count below and the insert see each other
    await tx.execute(sql`SELECT 1 FROM patient_users WHERE facility_id = ${user.facilityId} AND id = ${user.id} FOR UPDATE`);
    const [recent] = await rows<{ hour: number; minute: number }>(
      tx,
      sql`SELECT count(*)::int AS hour, count(*) FILTER (WHERE created_at > now() - make_interval(secs => ${RESEND_AFTER_SECONDS}))::int AS minute
          FROM patient_password_resets WHERE facility_id = ${user.facilityId} AND user_id = ${user.id} AND created_at > now() - interval '1 hour'`,
    );
    if (recent && (recent.minute > 0 || recent.hour >= CODES_PER_HOUR)) return;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await tx
      .update(patientPasswordResets)
      .set({ endedAt: new Date() })
      .where(and(eq(patientPasswordResets.facilityId, user.facilityId), eq(patientPasswordResets.userId, user.id), isNull(patientPasswordResets.endedAt)));
    const [row] = await tx
      .insert(patientPasswordResets)
      .values({
        facilityId: user.facilityId,
        userId: user.id,
        codeHash: hashCode(code),
        expiresAt: new Date(Date.now() + RESET_CODE_MINUTES * 60_000),
        ip: from.address,
      })
      .returning({ id: patientPasswordResets.id });
    const base = (ctx.config.PUBLIC_URL ?? '').replace(/\/$/, '');
    await notifyEvent(tx, user.facilityId, 'PASSWORD_RESET', {
      userId: user.id,
      ref: `reset:${row!.id}`,
      values: { ho_ten: user.name, ma_xac_nhan: code, thoi_han: String(RESET_CODE_MINUTES), duong_dan: `${base}/dat-lai-mat-khau` },
    });
    await audit(tx, from, {
      action: 'APP_PASSWORD_RESET_REQUESTED',
      entity: 'patient_user',
      entityId: user.id,
      facilityId: user.facilityId,
      ...actor(user.id),
    });
  });
  return FORGOT_PASSWORD_ANSWER;
}

const wrongCode = () => badRequest(RESET_CODE_WRONG, [{ field: 'code', message: RESET_CODE_WRONG }]);
const REFUSALS = { empty: MSG.passwordEmpty, 'like-account': MSG.passwordLikeAccount, common: MSG.passwordTooCommon } as const;

/**
 * Sets a new password with the code of forgotPassword: every try counts against the code's five (counted in one
 * statement, so parallel tries cannot pass the limit), a weak password (the MD5 of a common one, or of the account's
 * phone or e-mail) is refused without using the code up, and success ends the code and every session of the account.
 */
export async function resetPassword(
  ctx: AppContext,
  from: Origin,
  body: { facilityCode: string; emailOrPhone: string; code: string; password: string },
): Promise<void> {
  const { database } = ctx;
  const user = await findPatient(database.db, body.facilityCode, body.emailOrPhone);
  if (!user || closed(user)) throw wrongCode();
  const [attempt] = await rows<{ id: number; code_hash: string; attempts: number }>(
    database.db,
    sql`UPDATE patient_password_resets SET attempts = attempts + 1,
               ended_at = CASE WHEN attempts + 1 >= ${RESET_CODE_MAX_TRIES} THEN now() ELSE ended_at END
        WHERE facility_id = ${user.facilityId} AND id = (
          SELECT id FROM patient_password_resets
          WHERE facility_id = ${user.facilityId} AND user_id = ${user.id} AND ended_at IS NULL AND expires_at > now()
          ORDER BY id DESC LIMIT 1)
          AND attempts < ${RESET_CODE_MAX_TRIES}
        RETURNING id, code_hash, attempts`,
  );
  if (!attempt || !codeMatches(attempt.code_hash, body.code)) {
    await audit(database.db, from, {
      action: 'APP_PASSWORD_RESET_FAILED',
      entity: 'patient_user',
      entityId: user.id,
      facilityId: user.facilityId,
      ...actor(user.id),
    });
    throw wrongCode();
  }
  const refusal = refusePasswordHash(body.password, { username: user.phone ?? user.email ?? '', email: user.email, phone: user.phone });
  if (refusal) {
    // the code stays usable (this try counted) for a better password
    throw badRequest(REFUSALS[refusal], [{ field: 'password', message: REFUSALS[refusal] }]);
  }
  const hash = await hashPassword(body.password, hashCost(ctx));
  await database.transaction(async (tx) => {
    const now = new Date();
    const ended = await tx
      .update(patientPasswordResets)
      .set({ endedAt: now })
      .where(and(eq(patientPasswordResets.facilityId, user.facilityId), eq(patientPasswordResets.id, attempt.id), isNull(patientPasswordResets.endedAt)))
      .returning({ id: patientPasswordResets.id });
    // the code's last try (or a parallel reset) ended it in between
    if (!ended.length && attempt.attempts < RESET_CODE_MAX_TRIES) throw wrongCode();
    await tx
      .update(patientUsers)
      .set({ passwordHash: hash, lastPasswordReset: now, mustChangePassword: false, updatedAt: now })
      .where(and(eq(patientUsers.facilityId, user.facilityId), eq(patientUsers.id, user.id)));
    const sessions = await tx
      .update(patientSessions)
      .set({ revokedAt: now, revokedReason: 'PASSWORD_RESET' })
      .where(and(eq(patientSessions.facilityId, user.facilityId), eq(patientSessions.userId, user.id), isNull(patientSessions.revokedAt)))
      .returning({ id: patientSessions.id });
    await audit(tx, from, {
      action: 'APP_PASSWORD_RESET',
      entity: 'patient_user',
      entityId: user.id,
      facilityId: user.facilityId,
      after: { sessionsEnded: sessions.length },
      ...actor(user.id),
    });
  });
}

/**
 * Registers the device (an FCM token, or a browser's subscription keyed by its endpoint) for the signed-in account.
 * The token is unique in the facility: a phone that signs in to another account moves its token there.
 */
export async function registerDevice(ctx: AppContext, p: PatientCaller, body: DeviceBody) {
  const token = body.platform === 'WEB' ? body.subscription!.endpoint : body.token!;
  const keys = body.platform === 'WEB' ? body.subscription!.keys : null;
  return ctx.database.transaction(async (tx) => {
    const [before] = await tx
      .select({ userId: patientDevices.userId })
      .from(patientDevices)
      .where(and(eq(patientDevices.facilityId, p.facilityId), eq(patientDevices.token, token)))
      .for('update');
    const [row] = await tx
      .insert(patientDevices)
      .values({ facilityId: p.facilityId, userId: p.userId, platform: body.platform, token, keys })
      .onConflictDoUpdate({
        target: [patientDevices.facilityId, patientDevices.token],
        set: { userId: p.userId, platform: body.platform, keys, lastSeenAt: sql`now()` },
      })
      .returning({ id: patientDevices.id });
    // an app registers its token at every start: only a new device, or one moving between accounts, is audited
    if (!before || before.userId !== p.userId) {
      await audit(tx, asOrigin(p), {
        action: before ? 'APP_DEVICE_MOVED' : 'APP_DEVICE_ADDED',
        entity: 'patient_device',
        entityId: row!.id,
        facilityId: p.facilityId,
        before: before ? { userId: before.userId } : null,
        after: { userId: p.userId, platform: body.platform },
        ...actor(p.userId),
      });
    }
    return { id: row!.id, platform: body.platform };
  });
}

export async function removeDevice(ctx: AppContext, p: PatientCaller, token: string) {
  return ctx.database.transaction(async (tx) => {
    const gone = await tx
      .delete(patientDevices)
      .where(and(eq(patientDevices.facilityId, p.facilityId), eq(patientDevices.userId, p.userId), eq(patientDevices.token, token)))
      .returning({ id: patientDevices.id });
    if (gone.length) {
      await audit(tx, asOrigin(p), {
        action: 'APP_DEVICE_REMOVED',
        entity: 'patient_device',
        entityId: gone[0]!.id,
        facilityId: p.facilityId,
        ...actor(p.userId),
      });
    }
    return { removed: gone.length };
  });
}

/**
 * What the inbox shows: the account's messages that are due, except those skipped (advertising it refused, the cap)
 * and an event's message whose template lacked a value (its text was never written; the push screen shows why).
 */
const inboxOf = (p: PatientCaller) =>
  and(
    eq(notifications.facilityId, p.facilityId),
    eq(notifications.userId, p.userId),
    sql`${notifications.status} <> 'SKIPPED'`,
    sql`${notifications.errorCode} IS DISTINCT FROM ${TEMPLATE_ERROR_CODE}`,
    sql`${notifications.notBefore} <= now()`,
  );

const inboxColumns = {
  id: notifications.id,
  title: notifications.title,
  body: notifications.body,
  imageUrl: notifications.imageUrl,
  link: notifications.link,
  kind: notifications.kind,
  event: notifications.event,
  status: notifications.status,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
};
interface InboxRow {
  id: number;
  title: string;
  body: string;
  imageUrl: string | null;
  link: string | null;
  kind: string;
  event: string | null;
  status: string;
  createdAt: Date;
  readAt: Date | null;
}
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const toItem = (r: InboxRow): InboxItem => ({
  ...r,
  id: Number(r.id),
  kind: r.kind === 'ADVERTISING' ? 'ADVERTISING' : 'CARE',
  createdAt: iso(r.createdAt)!,
  readAt: iso(r.readAt),
});

/** A page of the inbox, newest first, keyset by id (`before` = the previous page's last id), and the unread count. */
export async function inbox(ctx: AppContext, p: PatientCaller, q: { before?: number; size: number }) {
  const { db } = ctx.database;
  const found = await db
    .select(inboxColumns)
    .from(notifications)
    .where(and(inboxOf(p), q.before ? lt(notifications.id, q.before) : undefined))
    .orderBy(desc(notifications.id))
    .limit(q.size + 1);
  const [unread] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(inboxOf(p), isNull(notifications.readAt)));
  const page = found.slice(0, q.size);
  return {
    items: page.map(toItem),
    unread: Number(unread?.n ?? 0),
    nextBefore: found.length > q.size ? Number(page[page.length - 1]!.id) : null,
  };
}

/** Opened: read_at is set once; a message the provider took (SENT, DELIVERED) becomes OPENED. */
const readSet = {
  readAt: sql`coalesce(${notifications.readAt}, now())`,
  status: sql`CASE WHEN ${notifications.status} IN ('SENT', 'DELIVERED') THEN 'OPENED' ELSE ${notifications.status} END`,
};

/**
 * Marks one of the account's messages read (another account's, or none: 404). Reading one's own inbox is not
 * audited: the row's read_at is its record.
 */
export async function markRead(ctx: AppContext, p: PatientCaller, id: number): Promise<InboxItem> {
  const [row] = await ctx.database.db
    .update(notifications)
    .set(readSet)
    .where(and(inboxOf(p), eq(notifications.id, id)))
    .returning(inboxColumns);
  if (!row) throw notFound('Không tìm thấy thông báo');
  return toItem(row);
}

export async function markAllRead(ctx: AppContext, p: PatientCaller) {
  const done = await ctx.database.db
    .update(notifications)
    .set(readSet)
    .where(and(inboxOf(p), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { updated: done.length };
}

/** Advertising allowed per channel: a channel without a stored choice allows it. */
export async function prefs(ex: Executor, facilityId: number, userId: number): Promise<NotifyPrefs> {
  const stored = await ex
    .select({ channel: patientNotifyPrefs.channel, advertising: patientNotifyPrefs.advertising })
    .from(patientNotifyPrefs)
    .where(and(eq(patientNotifyPrefs.facilityId, facilityId), eq(patientNotifyPrefs.userId, userId)));
  const out: NotifyPrefs = { PUSH: true, ZALO: true, SMS: true };
  for (const r of stored) if ((PREF_CHANNELS as readonly string[]).includes(r.channel)) out[r.channel as keyof NotifyPrefs] = r.advertising;
  return out;
}

export async function savePrefs(ctx: AppContext, p: PatientCaller, next: NotifyPrefs): Promise<NotifyPrefs> {
  return ctx.database.transaction(async (tx) => {
    const before = await prefs(tx, p.facilityId, p.userId);
    for (const channel of PREF_CHANNELS) {
      await tx
        .insert(patientNotifyPrefs)
        .values({ facilityId: p.facilityId, userId: p.userId, channel, advertising: next[channel] })
        .onConflictDoUpdate({
          target: [patientNotifyPrefs.facilityId, patientNotifyPrefs.userId, patientNotifyPrefs.channel],
          set: { advertising: next[channel], updatedAt: sql`now()` },
        });
    }
    await audit(tx, asOrigin(p), {
      action: 'APP_NOTIFY_PREFS',
      entity: 'patient_user',
      entityId: p.userId,
      facilityId: p.facilityId,
      before,
      after: next,
      ...actor(p.userId),
    });
    return next;
  });
}
