import { routePaths, type ShopEvent, type ShopEventKind } from '@cardstock/contract';
import { EventSource } from 'eventsource';
import { useEffect, useEffectEvent } from 'react';

/**
 * Hears the shop's events as they happen (`GET /api/events`, Server-Sent Events): `onEvent` for each event of
 * `kinds`. Staff are signed in by the session cookie; a paired tablet by its device token (`token`), sent as a Bearer
 * header, which the browser's own EventSource cannot send (the `eventsource` package speaks the same protocol over
 * fetch). The stream reconnects by itself after a drop and resumes after the last event it heard; the screens keep
 * their polling as well, so a blocked stream costs only speed.
 */
export function useShopEvents(
  kinds: readonly ShopEventKind[],
  onEvent: (event: ShopEvent) => void,
  enabled = true,
  token?: string,
) {
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
    if (!enabled) return;
    const source = new EventSource(
      routePaths.events[1],
      token === undefined
        ? {}
        : {
            fetch: (input, init) =>
              fetch(input, { ...init, headers: { ...init.headers, Authorization: `Bearer ${token}` } }),
          },
    );
    const listener = (message: MessageEvent<string>) => heard(message);
    for (const name of kindList.split(' ')) source.addEventListener(name, listener);
    return () => source.close();
  }, [enabled, kindList, token]);
}
