/**
 * A debouncer with an explicit flush, for inputs that report after a pause (300 ms, spec §5)
 * but report at once on Enter.
 */
export interface Debouncer<A extends unknown[]> {
  schedule: (...args: A) => void;
  /** Cancels the pending call and calls now with these arguments. */
  flush: (...args: A) => void;
  cancel: () => void;
  pending: () => boolean;
}

export function createDebouncer<A extends unknown[]>(fn: (...args: A) => void, ms: number): Debouncer<A> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    schedule: (...args) => {
      cancel();
      timer = setTimeout(() => {
        timer = null;
        fn(...args);
      }, ms);
    },
    flush: (...args) => {
      cancel();
      fn(...args);
    },
    cancel,
    pending: () => timer !== null,
  };
}
