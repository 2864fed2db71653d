import type { ChannelKind } from '@cardstock/contract';
import type { ListingKind, MarketItem, StockCopy } from './listing-plan.ts';

/** A product the marketplace account lists, as the marketplace says it: Cardstock's own carry the tag it gave them. */
export interface MarketProduct {
  product_id: number;
  item_id: number;
  quantity: number;
  /** In the account's currency's cents. */
  price_cents: number;
  /** The tag Cardstock gave the product when it made it; null: listed by hand on the marketplace. */
  tag: string | null;
}

/** What a push asks of the marketplace: products to make (each with its tag), to change, to take down. */
export interface MarketChanges {
  create: {
    tag: string;
    item_id: number;
    properties: Record<string, string | boolean>;
    quantity: number;
    price_cents: number;
  }[];
  update: { product_id: number; quantity: number; price_cents: number }[];
  remove: { product_id: number }[];
}

/** Each change's outcome, in the order asked: a made product's id, or the marketplace's reason for refusing it. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };
export interface MarketApplied {
  create: Outcome<number>[];
  update: Outcome<null>[];
  remove: Outcome<null>[];
}

/** An order on the marketplace as Cardstock takes it: each of its lines names the product sold, by the tag Cardstock gave it. */
export interface MarketOrder {
  /** The marketplace's id of the order: what makes it taken once. */
  id: string;
  /** Its code as the marketplace shows it to seller and buyer. */
  code: string;
  /**
   * `sold`: its copies have left the shop (a paid order, or a CardTrader Zero sale); `cancelled`: the sale is undone
   * there; `other`: nothing for the stock (CardTrader Zero's weekly order, whose copies its sales already took).
   */
  state: 'sold' | 'cancelled' | 'other';
  lines: {
    product_id: number;
    /** The tag Cardstock gave the product; null: a product listed by hand there. */
    tag: string | null;
    name: string;
    quantity: number;
    /** What one copy sold for, in the account's currency's cents. */
    price_cents: number;
  }[];
}

/**
 * What Cardstock asks of a marketplace (issue 42, decision 042): each marketplace is one adapter behind this, so the
 * next one (Mana Pool, Shopify, eBay) is an adapter, not a rewrite. An adapter speaks its marketplace's wire and
 * nothing else: it keeps no state and reads no database.
 */
export interface Marketplace {
  kind: ChannelKind;
  /** The account an API token names: its name as the marketplace shows it. Refused token: `MarketplaceRefused`. */
  account(apiToken: string): Promise<{ name: string }>;
  /** A copy's kind as the marketplace names it on `item` (condition, language, foil, signed, altered), or why not. */
  listingOf(copy: StockCopy, item: MarketItem): ListingKind;
  /** The marketplace's items for the printings of these sets (Scryfall's set codes), by Scryfall id, per set. */
  items(apiToken: string, setCodes: readonly string[]): Promise<Map<string, Map<string, MarketItem>>>;
  /** Every product the account lists. */
  products(apiToken: string): Promise<MarketProduct[]>;
  /** Makes, changes and takes down products, in bulk where the marketplace can; answers once they are done. */
  apply(apiToken: string, changes: MarketChanges): Promise<MarketApplied>;
  /** The account's sales placed since `since` (a day's resolution is enough), oldest first. */
  orders(apiToken: string, since: Date): Promise<MarketOrder[]>;
}

/** The marketplace refused the token (revoked, mistyped): the channel stops until the owner gives another. */
export class MarketplaceRefused extends Error {}

/** The marketplace did not answer usefully now (unreachable, slow, 429, 5xx): try again later, nothing is wrong here. */
export class MarketplaceUnavailable extends Error {}

/** The longest a channel rests after its marketplace keeps failing: half an hour. */
const REST_MAX_MS = 30 * 60_000;

/**
 * How long the interval leaves a channel alone after its marketplace failed `failures` times in a row (429, 5xx,
 * no answer): one interval, then two, four… up to half an hour, so a marketplace that is down is not asked every
 * round while other channels go on.
 */
export const restAfterMs = (failures: number, intervalMs: number): number =>
  Math.min(intervalMs * 2 ** Math.max(0, failures - 1), Math.max(REST_MAX_MS, intervalMs));
