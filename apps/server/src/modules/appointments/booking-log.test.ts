import { describe, expect, it } from 'vitest';
import type { BookingStatus } from '@portal/shared/rules/booking-status';
import { revertStack, topOf, type StatusChange } from './booking-log';

const c = (action: string, from: BookingStatus | null, to: BookingStatus): StatusChange => ({ action, from, to });

describe('revertStack: the states a booking can be reverted to', () => {
  it.each([
    [
      'a check-in goes back to accepted',
      [c('create', null, 'PENDING'), c('accept', 'PENDING', 'ACCEPTED'), c('checkin', 'ACCEPTED', 'CHECKED_IN')],
      'ACCEPTED',
    ],
    [
      'a call goes back to checked in',
      [c('accept', 'PENDING', 'ACCEPTED'), c('checkin', 'ACCEPTED', 'CHECKED_IN'), c('call', 'CHECKED_IN', 'CALLED')],
      'CHECKED_IN',
    ],
    [
      'a skip undoes the call: the check-in is next',
      [c('accept', 'PENDING', 'ACCEPTED'), c('checkin', 'ACCEPTED', 'CHECKED_IN'), c('call', 'CHECKED_IN', 'CALLED'), c('skip', 'CALLED', 'CHECKED_IN')],
      'ACCEPTED',
    ],
    [
      'called again after a skip: back to waiting',
      [c('checkin', 'ACCEPTED', 'CHECKED_IN'), c('call', 'CHECKED_IN', 'CALLED'), c('skip', 'CALLED', 'CHECKED_IN'), c('call', 'CHECKED_IN', 'CALLED')],
      'CHECKED_IN',
    ],
    ['a recall keeps the state', [c('checkin', 'ACCEPTED', 'CHECKED_IN'), c('call', 'CHECKED_IN', 'CALLED'), c('recall', 'CALLED', 'CALLED')], 'CHECKED_IN'],
    ['a walk-in has nothing before it', [c('walkIn', null, 'CHECKED_IN')], null],
    ['a walk-in called goes back to waiting', [c('walkIn', null, 'CHECKED_IN'), c('call', 'CHECKED_IN', 'CALLED')], 'CHECKED_IN'],
    ['a revert pops', [c('accept', 'PENDING', 'ACCEPTED'), c('checkin', 'ACCEPTED', 'CHECKED_IN'), c('revert', 'CHECKED_IN', 'ACCEPTED')], 'PENDING'],
  ] as const)('%s', (_what, changes, top) => {
    expect(topOf(revertStack(changes))).toBe(top);
  });
});
