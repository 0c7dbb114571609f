/**
 * Which password dialog a logged-in user sees (spec §4 "Strong-password rule" and
 * "Periodic dialog"), and the snooze cookie written when the periodic dialog is closed.
 */
import { PASSWORD_REMINDER_DAYS, PASSWORD_SNOOZE_DAYS, STRONG_PASSWORD_CUTOFF } from '../constants';
import { DAY_MS, toInstant } from './time';

export type PasswordDialog = 'mandatory' | 'periodic' | 'none';

/** The password-reminder cookie. `date` is the ISO instant when the dialog was closed. */
export interface ReminderCookie {
  date: string;
  id: number;
  isHide: boolean;
}

const CUTOFF_MS = Date.parse(STRONG_PASSWORD_CUTOFF);
const SNOOZE_MS = PASSWORD_SNOOZE_DAYS * DAY_MS;

export function reminderCookieName(userId: number): string {
  return `password-reminder-${userId}`;
}

/**
 * Decides the dialog.
 *
 * - `mandatory` when the last reset is strictly before STRONG_PASSWORD_CUTOFF
 *   (22 Sep 2024 00:00 +07:00), or when it cannot be parsed (safe side: the user must set a
 *   strong password rather than silently skip the rule).
 * - `periodic` when the last reset is more than 180 days (strictly) before `now` and the user
 *   has not snoozed the dialog within the last 7 days.
 * - `none` otherwise.
 *
 * Interpretation of the spec's cookie sentence, "opens when the last reset is over 180 days
 * ago and the cookie date is earlier than 7 days from now": read literally ("cookie date <
 * now + 7 days") it is true for every cookie written in the past, so closing the dialog would
 * never snooze it, contradicting "closing it sets the cookie for 7 days". We read it as
 * "the cookie date is more than 7 days before now" (cookie date < now − 7 days), i.e. the
 * snooze has run out. Exactly 7 days after closing, the snooze still holds; 1 ms later it has
 * run out. This also makes the rule independent of whether the browser has already dropped
 * the expired cookie.
 *
 * A cookie counts as a snooze only when `isHide` is true (the only value `snoozeCookie`
 * writes) and its date parses; a cookie with `isHide: false` or a garbage date is treated as
 * no cookie, so the dialog shows (safe side).
 */
export function decidePasswordDialog(
  lastPasswordReset: string | Date,
  now: Date,
  cookie: ReminderCookie | null,
  /** The facility's reminder period (general configuration PASSWORD_REMINDER_DAYS); spec §9's 180 days by default. */
  reminderDays: number = PASSWORD_REMINDER_DAYS,
): PasswordDialog {
  const last = toInstant(lastPasswordReset);
  if (!last) return 'mandatory';
  const lastMs = last.getTime();
  if (lastMs < CUTOFF_MS) return 'mandatory';

  const nowMs = now.getTime();
  if (nowMs - lastMs <= reminderDays * DAY_MS) return 'none';

  const snoozedAt = cookie?.isHide ? toInstant(cookie.date) : null;
  if (snoozedAt && nowMs - snoozedAt.getTime() <= SNOOZE_MS) return 'none';
  return 'periodic';
}

/** The cookie to set when the periodic dialog is closed: it snoozes the dialog for 7 days. */
export function snoozeCookie(userId: number, now: Date): { name: string; value: ReminderCookie; expires: Date } {
  return {
    name: reminderCookieName(userId),
    value: { date: now.toISOString(), id: userId, isHide: true },
    expires: new Date(now.getTime() + SNOOZE_MS),
  };
}

/**
 * Reads a reminder cookie's raw value (JSON, possibly URI-encoded) back into a ReminderCookie,
 * or null when it is missing or malformed. When `userId` is given, a cookie for another user
 * is ignored.
 */
export function parseReminderCookie(raw: string | null | undefined, userId?: number): ReminderCookie | null {
  if (!raw) return null;
  let text = raw;
  if (text.startsWith('%')) {
    try {
      text = decodeURIComponent(text);
    } catch {
      return null;
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { date, id, isHide } = parsed as Record<string, unknown>;
  if (typeof date !== 'string' || typeof id !== 'number' || typeof isHide !== 'boolean') {
    return null;
  }
  if (userId !== undefined && id !== userId) return null;
  return { date, id, isHide };
}
