import type { BookingStatus } from '@portal/shared/rules/booking-status';

/** What the revert of a booking needs from its log: the status changes, in order. */
export interface StatusChange {
  action: string;
  from: BookingStatus | null;
  to: BookingStatus;
}

/**
 * The states a booking can be reverted to, most recent last. A forward transition pushes the
 * state it left; a revert pops it (so reverting twice walks back two steps); changes that keep
 * the status (reschedule, profile, priority) do nothing. The top is the row's `previousStatus`,
 * stored in each log row's detail.previous so the day list reads it with one index lookup.
 */
export function revertStack(changes: readonly StatusChange[]): BookingStatus[] {
  const stack: BookingStatus[] = [];
  for (const c of changes) {
    if (c.from === null || c.from === c.to) continue;
    // a skip (issue 22) undoes the call: the booking is waiting again, as before it
    if (c.action === 'revert' || c.action === 'skip') stack.pop();
    else stack.push(c.from);
  }
  return stack;
}

export const topOf = (stack: readonly BookingStatus[]): BookingStatus | null => stack[stack.length - 1] ?? null;
