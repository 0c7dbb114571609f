import { Cron } from 'croner';

/** The facility's zone: recurring jobs read their cron expressions in it (+07:00, no daylight saving). */
export const JOB_TIME_ZONE = 'Asia/Ho_Chi_Minh';

const parsed = new Map<string, Cron>();

function cronOf(expression: string): Cron {
  let c = parsed.get(expression);
  if (!c) {
    // no function given: croner only evaluates the pattern, it schedules nothing
    c = new Cron(expression, { timezone: JOB_TIME_ZONE });
    parsed.set(expression, c);
  }
  return c;
}

/** Throws on an expression croner cannot read (five fields, or six with seconds first). */
export function assertCron(expression: string): void {
  cronOf(expression);
}

/**
 * The first occurrence of `expression` (read in Asia/Ho_Chi_Minh) strictly after `after`, or null
 * when there is none (a date in the past). `0 2 * * *` is 02:00 +07:00, i.e. 19:00 UTC the day before.
 */
export function nextOccurrence(expression: string, after: Date): Date | null {
  return cronOf(expression).nextRun(after);
}
