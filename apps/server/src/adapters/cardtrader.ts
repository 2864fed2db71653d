import type { ListingKind, MarketItem, StockCopy } from '../modules/channels/listing-plan.ts';
import { MarketplaceRefused, MarketplaceUnavailable, type Marketplace } from '../modules/channels/marketplace.ts';

/** A call waits this long for CardTrader before it counts as unavailable: a marketplace never holds up a screen. */
const TIMEOUT_MS = 10_000;

/**
 * Cardstock's conditions in CardTrader's words (its `condition` property): TCGplayer's scale onto CardTrader's, whose
 * "Played" between Moderately and Heavily Played no Cardstock condition names.
 */
const conditions: Record<string, string> = {
  NM: 'Near Mint',
  LP: 'Slightly Played',
  MP: 'Moderately Played',
  HP: 'Heavily Played',
  D: 'Poor',
};

/** Scryfall's language codes where CardTrader's `mtg_language` spells them otherwise; the rest are the same. */
const languageCodes: Record<string, string> = { ja: 'jp', ko: 'kr', zhs: 'zh-CN', zht: 'zh-TW' };

/**
 * A copy's properties on a CardTrader blueprint (its API reference, "Products"): `condition`, `mtg_language`,
 * `mtg_foil` (an etched foil is a foil there), `signed` and `altered`; refused when the blueprint does not take the
 * copy's condition or language (a blueprint without `mtg_language` is sold in English only).
 */
export function cardTraderListing(copy: StockCopy, blueprint: MarketItem): ListingKind {
  const condition = conditions[copy.quality];
  if (!condition || (blueprint.conditions && !blueprint.conditions.includes(condition)))
    return { unlisted: 'condition' };
  const language = languageCodes[copy.language] ?? copy.language;
  if (blueprint.languages ? !blueprint.languages.includes(language) : language !== 'en')
    return { unlisted: 'language' };
  return {
    properties: {
      condition,
      // Sent only where the blueprint has the property: CardTrader refuses one it does not have.
      ...(blueprint.languages ? { mtg_language: language } : {}),
      mtg_foil: copy.finish !== 'nonfoil',
      signed: copy.signed,
      altered: copy.altered,
    },
  };
}

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
    listingOf: cardTraderListing,
  };
}
