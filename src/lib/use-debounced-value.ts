import { useEffect, useState } from 'react';

/** How long typing in a search the server answers rests before it is asked (each pause one request, not each key). */
export const FIND_REST_MS = 200;

/** The value once it has stopped changing for `delayMs` (a preview that should not load every keystroke). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
