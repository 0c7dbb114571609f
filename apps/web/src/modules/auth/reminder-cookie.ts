import { parseReminderCookie, reminderCookieName, snoozeCookie, type ReminderCookie } from '@portal/shared/rules/password-dialog';

/** Reads the periodic-dialog snooze cookie of spec §3 (named by user id; date, id, isHide). */
export function readReminderCookie(userId: number): ReminderCookie | null {
  const name = reminderCookieName(userId);
  const prefix = `${name}=`;
  const part = document.cookie.split(/;\s*/).find((c) => c.startsWith(prefix));
  return parseReminderCookie(part ? part.slice(prefix.length) : null, userId);
}

/** Closing the periodic dialog snoozes it for 7 days (spec §4). */
export function writeSnoozeCookie(userId: number, now: Date = new Date()): void {
  const c = snoozeCookie(userId, now);
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie that readSnoozeCookie reads synchronously at start; the Cookie Store API is async
  document.cookie = `${c.name}=${encodeURIComponent(JSON.stringify(c.value))}; expires=${c.expires.toUTCString()}; path=/; SameSite=Lax`;
}
