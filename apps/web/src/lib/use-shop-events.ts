import { routePaths, type ShopEvent, type ShopEventKind } from '@cardstock/contract';
import { useEffect, useEffectEvent } from 'react';

/**
 * Hears the shop's events as they happen (`GET /api/events`, Server-Sent Events, signed in by the session cookie):
 * `onEvent` for each event of `kinds`. The browser reconnects by itself after a drop and resumes after the last event
 * it heard; the screens keep their polling as well, so a blocked stream costs only speed.
 */
export function useShopEvents(kinds: readonly ShopEventKind[], onEvent: (event: ShopEvent) => void, enabled = true) {
  const heard = useEffectEvent((message: MessageEvent<string>) => {
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      // Not an event this screen understands: the polling still brings the change.
      return;
    }
    onEvent({ id: Number(message.lastEventId), kind: message.type, data } as ShopEvent);
  });
  const kindList = kinds.join(' ');
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(routePaths.events[1]);
    const listener = (message: MessageEvent<string>) => heard(message);
    const names = kindList.split(' ');
    for (const name of names) source.addEventListener(name, listener);
    return () => source.close();
  }, [enabled, kindList]);
}
