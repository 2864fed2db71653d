import { useCallback, useState } from 'react';

/**
 * Things ticked on a list, by key (orders for a pick list, stock rows for labels), kept across its pages: ticking
 * one again takes it out. Each keeps what the next screen needs of it.
 */
export function useChoice<K, V>(): [chosen: ReadonlyMap<K, V>, toggle: (key: K, value: V) => void] {
  const [chosen, setChosen] = useState<ReadonlyMap<K, V>>(() => new Map());
  const toggle = useCallback(
    (key: K, value: V) =>
      setChosen((was) => {
        const next = new Map(was);
        if (next.has(key)) next.delete(key);
        else next.set(key, value);
        return next;
      }),
    [],
  );
  return [chosen, toggle];
}
