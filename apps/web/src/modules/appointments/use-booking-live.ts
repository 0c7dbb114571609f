import { useCallback, useState } from 'react';
import { BOOKING_LIVE_TOPIC } from '@portal/shared/contracts/appointments.contract';
import { useCoalescedInvalidate } from '../../core/live/use-coalesced-invalidate';
import { useLiveTopic } from '../../core/live/use-live';
import { bookingKeys } from './appointments.api';

const COALESCE_MS = 250;
const HIGHLIGHT_MS = 3000;

/**
 * Booking screens follow topic 'bookings': each change refetches the booking queries (a burst of
 * events makes one refetch). Returns the socket status (poll while it is not open), and the ids a
 * screen marks as changed for a few seconds (`highlight`).
 */
export function useBookingLive() {
  const refetch = useCoalescedInvalidate(bookingKeys.all, COALESCE_MS);
  const [highlighted, setHighlighted] = useState<ReadonlySet<number>>(new Set());

  const highlight = useCallback((ids: readonly number[]) => {
    if (ids.length === 0) return;
    setHighlighted((cur) => new Set([...cur, ...ids]));
    setTimeout(() => setHighlighted((cur) => new Set([...cur].filter((id) => !ids.includes(id)))), HIGHLIGHT_MS);
  }, []);

  // The event only refetches: the list marks what changed once the new rows are in (changedRowIds),
  // so a change is marked where it shows, with one render instead of two.
  const status = useLiveTopic(BOOKING_LIVE_TOPIC, refetch, refetch);
  return { status, highlighted, highlight };
}
