import { useEffect, useState } from 'react';

/** The sentence the last `name` event on `window` carried (its `detail`), from the moment one is sent. */
export function useWindowMessage(name: string): [string | undefined, (message: string | undefined) => void] {
  const [message, setMessage] = useState<string>();
  useEffect(() => {
    const show = (e: Event) => setMessage((e as CustomEvent<string>).detail);
    window.addEventListener(name, show);
    return () => window.removeEventListener(name, show);
  }, [name]);
  return [message, setMessage];
}
