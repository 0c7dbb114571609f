import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A refetch for live events: the first event invalidates `queryKey` at once (leading edge); more events
 * within `ms` make exactly one more invalidation when the window ends, so a burst of events costs two
 * refetches, never one per event. Pass the returned function to useLiveTopic.
 */
export function useCoalescedInvalidate(queryKey: QueryKey, ms: number): () => void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef(false);
  const key = useRef(queryKey);
  key.current = queryKey;
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    if (timer.current) {
      pending.current = true;
      return;
    }
    void queryClient.invalidateQueries({ queryKey: key.current });
    const settle = () => {
      timer.current = null;
      if (!pending.current) return;
      pending.current = false;
      void queryClient.invalidateQueries({ queryKey: key.current });
      timer.current = setTimeout(settle, ms);
    };
    timer.current = setTimeout(settle, ms);
  }, [queryClient, ms]);
}
