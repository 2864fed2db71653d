import { useEffect, useState } from 'react';

/**
 * The value once it has stopped changing for `ms`: a search waits until typing pauses, an offer until a quantity
 * typed digit by digit is whole, so each asks the server once.
 */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
