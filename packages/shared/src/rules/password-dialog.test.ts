import { describe, expect, it } from 'vitest';
import { STRONG_PASSWORD_CUTOFF } from '../constants';
import { type PasswordDialog, type ReminderCookie, decidePasswordDialog, parseReminderCookie, reminderCookieName, snoozeCookie } from './password-dialog';

const DAY = 24 * 60 * 60 * 1000;
const CUTOFF = Date.parse('2024-09-21T17:00:00.000Z'); // 22 Sep 2024 00:00 +07:00
const NOW = new Date('2026-03-15T03:00:00.000Z'); // 15 Mar 2026 10:00 +07:00
const at = (ms: number) => new Date(ms);
const iso = (ms: number) => new Date(ms).toISOString();
const cookie = (dateMs: number, isHide = true, id = 7): ReminderCookie => ({
  date: iso(dateMs),
  id,
  isHide,
});

describe('constants', () => {
  it('cutoff is 22 Sep 2024 00:00 in +07:00', () => {
    expect(Date.parse(STRONG_PASSWORD_CUTOFF)).toBe(CUTOFF);
  });
});

describe('reminderCookieName', () => {
  it.each([
    [1, 'password-reminder-1'],
    [42, 'password-reminder-42'],
    [1000102, 'password-reminder-1000102'],
  ])('%d → %s', (id, name) => {
    expect(reminderCookieName(id)).toBe(name);
  });
});

describe('decidePasswordDialog', () => {
  const old = NOW.getTime() - 400 * DAY; // after the cutoff, over 180 days ago
  it.each<[string, string | Date, Date, ReminderCookie | null, PasswordDialog]>([
    // strong-password cutoff
    ['reset 1 ms before cutoff', at(CUTOFF - 1), NOW, null, 'mandatory'],
    ['reset 1 ms before cutoff, fresh snooze', at(CUTOFF - 1), NOW, cookie(NOW.getTime()), 'mandatory'],
    ['reset exactly at cutoff, over 180 days', at(CUTOFF), NOW, null, 'periodic'],
    ['reset 1 ms after cutoff, over 180 days', at(CUTOFF + 1), NOW, null, 'periodic'],
    ['reset at cutoff, now 100 days later', at(CUTOFF), at(CUTOFF + 100 * DAY), null, 'none'],
    ['reset long ago', '2019-01-01T00:00:00Z', NOW, null, 'mandatory'],
    ['ISO string 1 ms before cutoff (UTC)', '2024-09-21T16:59:59.999Z', NOW, null, 'mandatory'],
    ['ISO string at cutoff (UTC)', '2024-09-21T17:00:00Z', NOW, null, 'periodic'],
    ['ISO string 23:59:59 on 21 Sep +07:00', '2024-09-21T23:59:59+07:00', NOW, null, 'mandatory'],
    ['date-only 21 Sep 2024 (midnight +07:00)', '2024-09-21', NOW, null, 'mandatory'],
    ['date-only 22 Sep 2024 (midnight +07:00 = cutoff)', '2024-09-22', NOW, null, 'periodic'],
    ['offset-less date-time read as +07:00, just before', '2024-09-21T23:59:59', NOW, null, 'mandatory'],
    ['offset-less date-time read as +07:00, at cutoff', '2024-09-22T00:00:00', NOW, null, 'periodic'],
    // unparsable → mandatory
    ['garbage string', 'not a date', NOW, null, 'mandatory'],
    ['empty string', '', NOW, null, 'mandatory'],
    ['impossible date', '2025-02-30', NOW, null, 'mandatory'],
    ['invalid Date', new Date(Number.NaN), NOW, null, 'mandatory'],
    // 180-day reminder, no cookie
    ['reset exactly 180 days ago', at(NOW.getTime() - 180 * DAY), NOW, null, 'none'],
    ['reset 180 days + 1 ms ago', at(NOW.getTime() - 180 * DAY - 1), NOW, null, 'periodic'],
    ['reset 181 days ago', at(NOW.getTime() - 181 * DAY), NOW, null, 'periodic'],
    ['reset 179 days ago', at(NOW.getTime() - 179 * DAY), NOW, null, 'none'],
    ['reset just now', NOW, NOW, null, 'none'],
    ['reset in the future (clock skew)', at(NOW.getTime() + DAY), NOW, null, 'none'],
    // cookie: snooze of 7 days
    ['snoozed just now', at(old), NOW, cookie(NOW.getTime()), 'none'],
    ['snoozed 1 day ago', at(old), NOW, cookie(NOW.getTime() - DAY), 'none'],
    ['snoozed exactly 7 days ago', at(old), NOW, cookie(NOW.getTime() - 7 * DAY), 'none'],
    ['snoozed 7 days + 1 ms ago', at(old), NOW, cookie(NOW.getTime() - 7 * DAY - 1), 'periodic'],
    ['snoozed 30 days ago', at(old), NOW, cookie(NOW.getTime() - 30 * DAY), 'periodic'],
    ['cookie dated in the future', at(old), NOW, cookie(NOW.getTime() + DAY), 'none'],
    ['cookie with isHide false', at(old), NOW, cookie(NOW.getTime(), false), 'periodic'],
    ['cookie with garbage date', at(old), NOW, { date: 'x', id: 7, isHide: true }, 'periodic'],
    ['cookie but reset within 180 days', at(NOW.getTime() - 10 * DAY), NOW, cookie(NOW.getTime() - 30 * DAY), 'none'],
    ['cookie but reset exactly 180 days ago', at(NOW.getTime() - 180 * DAY), NOW, cookie(NOW.getTime() - 30 * DAY), 'none'],
  ])('%s → %s', (_label, last, now, c, expected) => {
    expect(decidePasswordDialog(last, now, c)).toBe(expected);
  });
});

describe("decidePasswordDialog with the facility's reminder period (PASSWORD_REMINDER_DAYS)", () => {
  it.each<[string, number, number, PasswordDialog]>([
    ['90 days: reset exactly 90 days ago', 90, 90 * DAY, 'none'],
    ['90 days: reset 90 days + 1 ms ago', 90, 90 * DAY + 1, 'periodic'],
    ['90 days: reset 100 days ago', 90, 100 * DAY, 'periodic'],
    ['365 days: reset 200 days ago', 365, 200 * DAY, 'none'],
    ['365 days: reset 365 days + 1 ms ago', 365, 365 * DAY + 1, 'periodic'],
    ['30 days: reset 31 days ago', 30, 31 * DAY, 'periodic'],
  ])('%s', (_, days, ago, expected) => {
    expect(decidePasswordDialog(at(NOW.getTime() - ago), NOW, null, days)).toBe(expected);
  });

  it('still snoozes for 7 days and keeps the strong-password cutoff', () => {
    expect(decidePasswordDialog(at(NOW.getTime() - 100 * DAY), NOW, cookie(NOW.getTime() - 2 * DAY), 90)).toBe('none');
    expect(decidePasswordDialog(at(CUTOFF - 1), NOW, null, 365)).toBe('mandatory');
  });
});

describe('snoozeCookie', () => {
  it('is named by user id, holds date/id/isHide and lasts 7 days', () => {
    expect(snoozeCookie(7, NOW)).toEqual({
      name: 'password-reminder-7',
      value: { date: '2026-03-15T03:00:00.000Z', id: 7, isHide: true },
      expires: new Date('2026-03-22T03:00:00.000Z'),
    });
  });

  // Closing the dialog at NOW snoozes it until NOW + 7 days inclusive.
  it.each<[string, number, PasswordDialog]>([
    ['right after closing', 0, 'none'],
    ['6 days later', 6 * DAY, 'none'],
    ['exactly 7 days later', 7 * DAY, 'none'],
    ['7 days + 1 ms later', 7 * DAY + 1, 'periodic'],
  ])('%s → %s', (_label, later, expected) => {
    const { value } = snoozeCookie(7, NOW);
    const last = at(NOW.getTime() - 365 * DAY);
    expect(decidePasswordDialog(last, at(NOW.getTime() + later), value)).toBe(expected);
  });
});

describe('parseReminderCookie', () => {
  const good = { date: '2026-03-15T03:00:00.000Z', id: 7, isHide: true };
  it.each<[string, string | null | undefined, number | undefined, ReminderCookie | null]>([
    ['JSON', JSON.stringify(good), undefined, good],
    ['URI-encoded JSON', encodeURIComponent(JSON.stringify(good)), undefined, good],
    ['matching user', JSON.stringify(good), 7, good],
    ['other user', JSON.stringify(good), 8, null],
    ['undefined', undefined, undefined, null],
    ['null', null, undefined, null],
    ['empty', '', undefined, null],
    ['not JSON', 'abc', undefined, null],
    ['bad URI encoding', '%E0%A4%A', undefined, null],
    ['JSON null', 'null', undefined, null],
    ['JSON number', '5', undefined, null],
    ['missing isHide', JSON.stringify({ date: good.date, id: 7 }), undefined, null],
    ['id as string', JSON.stringify({ ...good, id: '7' }), undefined, null],
  ])('%s', (_label, raw, userId, expected) => {
    expect(parseReminderCookie(raw, userId)).toEqual(expected);
  });
});

describe('the refusal before the strong-password change', () => {
  it('names the cutoff date that triggers it (DD/MM/YYYY in +07:00), not a rule the password may already meet', async () => {
    const { MSG } = await import('../messages.vi');
    const { formatDate } = await import('./format');
    expect(MSG.mustChangeToStrongPassword).toContain(`trước ngày ${formatDate(STRONG_PASSWORD_CUTOFF)}`);
  });
});
