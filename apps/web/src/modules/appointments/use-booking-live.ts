import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BOOKING_LIVE_TOPIC } from '@portal/shared/contracts/appointments.contract';
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
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [highlighted, setHighlighted] = useState<ReadonlySet<number>>(new Set());

  // Leading edge: the first event refetches at once; more events within COALESCE_MS make one more refetch.
  const pending = useRef(false);
  const refetch = useCallback(() => {
    if (timer.current) {
      pending.current = true;
      return;
    }
    void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    const settle = () => {
      timer.current = null;
      if (!pending.current) return;
      pending.current = false;
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      timer.current = setTimeout(settle, COALESCE_MS);
    };
    timer.current = setTimeout(settle, COALESCE_MS);
  }, [queryClient]);

  const highlight = useCallback((ids: readonly number[]) => {
    if (ids.length === 0) return;
    setHighlighted((cur) => new Set([...cur, ...ids]));
    setTimeout(() => setHighlighted((cur) => new Set([...cur].filter((id) => !ids.includes(id)))), HIGHLIGHT_MS);
  }, []);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // The event only refetches: the list marks what changed once the new rows are in (changedRowIds),
  // so a change is marked where it shows, with one render instead of two.
  const status = useLiveTopic(BOOKING_LIVE_TOPIC, refetch, refetch);
  return { status, highlighted, highlight };
}
