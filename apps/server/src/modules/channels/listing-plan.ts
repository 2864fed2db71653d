import { channelMessages, listedCents } from '@cardstock/contract';
import type { MarketKind } from '../orders/take-market-order.ts';

/** A stock row's printing and kind: what an order for a listing's product takes copies of (the orders' word). */
export type StockKind = MarketKind;

/** A stock row as a channel lists it: its printing and kind, its copies, and the shop's price for one (null: none). */
export interface StockCopy extends StockKind {
  id: number;
  quantity: number;
  price_cents: number | null;
  set_code: string;
}

/** A marketplace's item for one printing (CardTrader's blueprint), with the values its listings may take. */
export interface MarketItem {
  id: number;
  /** The conditions it takes, in the marketplace's words; null: any. */
  conditions: readonly string[] | null;
  /** The languages it takes, in the marketplace's codes; null: English only. */
  languages: readonly string[] | null;
}

/** What a marketplace calls a copy's kind on its item, or why it cannot list it (see `Marketplace.listingOf`). */
export type ListingKind = { properties: Record<string, string | boolean> } | { unlisted: 'language' | 'condition' };

/** One listing on the marketplace: an item and kind, its copies (from one stock row or several), its price. */
export interface Listing {
  /** Item and kind: rows whose copies are one listing there (a foil and an etched foil, say) share it. */
  key: string;
  item_id: number;
  properties: Record<string, string | boolean>;
  quantity: number;
  /** In the marketplace's currency's cents: the highest of its rows', so no copy sells under its own price. */
  price_cents: number;
  rows: number[];
  /** The kinds of its rows, each once. */
  kinds: StockKind[];
}

export interface ChannelRule {
  price_percent_thousandths: number;
  currency_rate_millionths: number;
  /** Copies of each stock row never listed. */
  keep: number;
}

export interface ListingPlan {
  listings: Listing[];
  unlisted: { reason: string; rows: number }[];
}

/**
 * What a channel lists (issue 42, decision 042), from the shop's stock alone: each row with copies to spare, of a
 * printing the marketplace has, in a kind it takes, with a price, is listed at `copies − keep` (pending orders and
 * reservations have already taken theirs from the row) and at the rule's price; every other row with copies is
 * counted under why it is not. Rows with no copies list nothing and are no one's concern.
 */
export function planListings(
  copies: readonly StockCopy[],
  itemOf: (cardId: string) => MarketItem | undefined,
  kindOf: (copy: StockCopy, item: MarketItem) => ListingKind,
  rule: ChannelRule,
  marketplace: string,
): ListingPlan {
  const planner = listingPlanner(itemOf, kindOf, rule, marketplace);
  for (const copy of copies) planner.add(copy);
  return planner.plan();
}

/**
 * `planListings` a row at a time, for a caller that lets other work run between rows (a shop of 100,000 rows is a
 * second of planning): `add` each row, then `plan`.
 */
export function listingPlanner(
  itemOf: (cardId: string) => MarketItem | undefined,
  kindOf: (copy: StockCopy, item: MarketItem) => ListingKind,
  rule: ChannelRule,
  marketplace: string,
) {
  const said = channelMessages.unlisted;
  const listings = new Map<string, Listing>();
  const unlisted = new Map<string, number>();
  const skip = (reason: string): void => void unlisted.set(reason, (unlisted.get(reason) ?? 0) + 1);
  function add(copy: StockCopy): void {
    if (copy.quantity <= 0) return;
    const item = itemOf(copy.card_id);
    if (!item) return skip(said.noPrinting(marketplace));
    if (copy.price_cents === null || copy.price_cents < 1) return skip(said.noPrice);
    const spare = copy.quantity - rule.keep;
    if (spare <= 0) return skip(said.kept);
    const kind = kindOf(copy, item);
    if ('unlisted' in kind) return skip(said[kind.unlisted](marketplace));
    const price = listedCents(copy.price_cents, rule.price_percent_thousandths, rule.currency_rate_millionths);
    const key = `${item.id}|${JSON.stringify(kind.properties)}`;
    const listing = listings.get(key);
    const { card_id, finish, quality, language, signed, altered } = copy;
    const stockKind = { card_id, finish, quality, language, signed, altered };
    if (listing) {
      listing.quantity += spare;
      listing.price_cents = Math.max(listing.price_cents, price);
      listing.rows.push(copy.id);
      if (!listing.kinds.some((k) => sameKind(k, stockKind))) listing.kinds.push(stockKind);
    } else {
      listings.set(key, {
        key,
        item_id: item.id,
        properties: kind.properties,
        quantity: spare,
        price_cents: price,
        rows: [copy.id],
        kinds: [stockKind],
      });
    }
  }
  const plan = (): ListingPlan => ({
    listings: [...listings.values()],
    unlisted: [...unlisted]
      .map(([reason, rows]) => ({ reason, rows }))
      .sort((a, b) => b.rows - a.rows || a.reason.localeCompare(b.reason)),
  });
  return { add, plan };
}

export const sameKind = (a: StockKind, b: StockKind): boolean =>
  a.card_id === b.card_id &&
  a.finish === b.finish &&
  a.quality === b.quality &&
  a.language === b.language &&
  a.signed === b.signed &&
  a.altered === b.altered;
