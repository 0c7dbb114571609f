import { addDays } from '@portal/shared/rules/period';
import { todayVn, vnParts } from '@portal/shared/rules/time';
import type { AppContext } from '../../core/context';
import { defineJob, schedule } from '../../core/jobs';
import { facilitySettings } from '../settings/settings.accessor';
import { facilityIds } from '../settings/settings.repository';
import { acceptedBookingsOf, notifyBookingEvent } from './events.bookings';

const PAGE = 500;

/**
 * The evening reminder (issue 17): every ACCEPTED booking of tomorrow (+07:00) made with a patient account gets
 * VISIT_REMINDER, once per booking (notifyEvent's key: a second run, or a run after a restart, adds nothing).
 * Pages of PAGE bookings, each in its own transaction. Returns how many reminders were queued.
 */
export async function sendVisitReminders(ctx: AppContext, now = new Date(), facilityIds?: readonly number[]): Promise<number> {
  if (facilityIds && !facilityIds.length) return 0;
  const day = addDays(todayVn(now), 1);
  let after = 0;
  let queued = 0;
  for (;;) {
    const page = await acceptedBookingsOf(ctx.database.db, day, after, PAGE, facilityIds);
    if (!page.length) return queued;
    queued += await ctx.database.transaction(async (tx) => {
      let n = 0;
      for (const b of page) if (await notifyBookingEvent(tx, b.facilityId, 'VISIT_REMINDER', b)) n += 1;
      return n;
    });
    after = page[page.length - 1]!.id;
    if (page.length < PAGE) return queued;
  }
}

/** The facilities whose reminder hour (general configuration REMINDER_HOUR, default 19) is the hour of `now`, +07:00. */
export async function facilitiesDueForReminder(ctx: AppContext, now = new Date()): Promise<number[]> {
  const hour = vnParts(now).hour;
  const due: number[] = [];
  for (const id of await facilityIds(ctx.database.db)) if ((await facilitySettings(ctx, id)).REMINDER_HOUR === hour) due.push(id);
  return due;
}

export const REMINDER_JOB = 'notify.reminders';
/**
 * On the hour, every hour, +07:00 (core/jobs reads crons in Asia/Ho_Chi_Minh): each run reminds the facilities whose
 * reminder hour it is (19:00 unless a facility set another), so each facility is reminded once an evening.
 */
export const REMINDER_CRON = '0 * * * *';

/** The reminder as a durable recurring system job: one runner across the instances, retried with backoff. */
export function defineReminderJob(): void {
  defineJob(
    REMINDER_JOB,
    async (job, ctx) => {
      // the hour the occurrence was due (a retry within the hour keeps it)
      const at = job.runAt;
      await sendVisitReminders(ctx, at, await facilitiesDueForReminder(ctx, at));
    },
    { maxAttempts: 5, backoff: { baseMs: 60_000, maxMs: 30 * 60_000 } },
  );
  schedule(REMINDER_JOB, REMINDER_CRON);
}
