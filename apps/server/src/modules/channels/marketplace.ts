import type { ChannelKind } from '@cardstock/contract';
import type { ListingKind, MarketItem, StockCopy } from './listing-plan.ts';

/**
 * What Cardstock asks of a marketplace (issue 42, decision 041): each marketplace is one adapter behind this, so the
 * next one (Mana Pool, Shopify, eBay) is an adapter, not a rewrite. An adapter speaks its marketplace's wire and
 * nothing else: it keeps no state and reads no database.
 */
export interface Marketplace {
  kind: ChannelKind;
  /** The account an API token names: its name as the marketplace shows it. Refused token: `MarketplaceRefused`. */
  account(apiToken: string): Promise<{ name: string }>;
  /** A copy's kind as the marketplace names it on `item` (condition, language, foil, signed, altered), or why not. */
  listingOf(copy: StockCopy, item: MarketItem): ListingKind;
}

/** The marketplace refused the token (revoked, mistyped): the channel stops until the owner gives another. */
export class MarketplaceRefused extends Error {}

/** The marketplace did not answer usefully now (unreachable, slow, 429, 5xx): try again later, nothing is wrong here. */
export class MarketplaceUnavailable extends Error {}
