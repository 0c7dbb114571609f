import { useEffect, useRef } from 'react';

/**
 * Fills a drawer's form once per opening: when it opens on `key` (a row's id, or 'new') with its data
 * ready, `init` runs once; a refetch of the same row while the form is open (a live update, a focus
 * refetch, a slow first answer after a cached one) never overwrites what the user is typing; closing
 * forgets it, so the next opening starts again from the data. `key` null = the data is not ready yet.
 */
export function useFormInit(open: boolean, key: string | null, init: () => void): void {
  const filled = useRef<string | null>(null);
  const run = useRef(init);
  run.current = init;
  useEffect(() => {
    if (!open) {
      filled.current = null;
      return;
    }
    if (key === null || filled.current === key) return;
    filled.current = key;
    run.current();
  }, [open, key]);
}
