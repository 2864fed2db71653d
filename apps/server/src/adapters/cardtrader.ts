import { MarketplaceRefused, MarketplaceUnavailable, type Marketplace } from '../modules/channels/marketplace.ts';

/** A call waits this long for CardTrader before it counts as unavailable: a marketplace never holds up a screen. */
const TIMEOUT_MS = 10_000;

/** CardTrader's error body (its API reference, "Errors"); a 429 sends only `error`. */
interface CardTraderError {
  error_code?: string;
  error?: string;
  extra?: { message?: string };
}

/**
 * CardTrader's REST API v2 (https://www.cardtrader.com/docs/api/full/reference), at `CARDTRADER_API_URL`: CardTrader
 * itself, or the local stand-in the tests run (test/fake-cardtrader.ts). Every call sends the shop's token as a
 * bearer token; 401 and 403 are the token refused, 429, 5xx, a timeout or no answer are CardTrader unavailable.
 */
export function cardTrader(apiUrl: string): Marketplace {
  async function call<T>(apiToken: string, method: string, path: string): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${apiUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${apiToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new MarketplaceUnavailable('CardTrader did not answer.');
    }
    if (res.ok) return (await res.json()) as T;
    const body = (await res.json().catch(() => ({}))) as CardTraderError;
    const said = body.extra?.message ?? body.error;
    if (res.status === 401 || res.status === 403)
      throw new MarketplaceRefused(`CardTrader refused the API token${said ? `: ${said}` : '.'}`);
    if (res.status === 429 || res.status >= 500)
      throw new MarketplaceUnavailable(`CardTrader is busy or down (HTTP ${res.status}).`);
    throw new Error(`CardTrader answered ${method} ${path} with HTTP ${res.status}${said ? `: ${said}` : ''}`);
  }

  return {
    kind: 'cardtrader',
    async account(apiToken) {
      // GET /info names the token's app, `<user> App <date>` as CardTrader makes it; the account's only name there.
      const info = await call<{ id: number; name: string; user_id?: number }>(apiToken, 'GET', '/info');
      return { name: info.name };
    },
  };
}
