import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `ms` (300 ms, spec §5): what an as-you-type check asks about. */
export function useDebouncedValue<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
