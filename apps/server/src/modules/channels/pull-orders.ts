import { channelNames, soldCents } from '@cardstock/contract';
import type { Executor } from '../../db/database.ts';
import type { AppContext } from '../../context.ts';
import type { MarketKind, MarketLine, MarketOrders } from '../orders/take-market-order.ts';
import { channelsRepository as repo, type ChannelRow, type ListingRow } from './channels.repository.ts';
import type { Marketplace, MarketOrder } from './marketplace.ts';

const DAY_MS = 24 * 3_600_000;
/**
 * How far back each pull reads the marketplace's orders: a sale is taken the first time it is seen, and a sale
 * cancelled there is seen (and its copies put back) for this long after it was placed.
 */
const PULL_DAYS = 14;

/** What one pull did: sales taken from stock, cancelled sales whose copies went back. */
export interface Pulled {
  taken: number;
  cancelled: number;
}

/**
 * Reads a channel's marketplace orders (issue 42, decision 042): each sale not yet taken becomes a confirmed order
 * that takes its copies from stock (the orders module's `take`, claimed once by the marketplace's order id, so a
 * retry, a restart or a second server never takes it twice); each taken sale cancelled there gives its copies back.
 * A sale's line is the shop's when it names a product Cardstock listed (by its tag, else its product id); a sale of
 * products listed by hand alone is passed over, once.
 */
export async function pullOrders(
  ctx: AppContext,
  marketplace: Marketplace,
  orders: MarketOrders,
  channel: ChannelRow,
  apiToken: string,
): Promise<Pulled> {
  const { shop_id: shopId, channel: kind } = channel;
  const name = channelNames[marketplace.kind];
  const now = ctx.clock.now();
  const at = now.toISOString();
  const found = (await marketplace.orders(apiToken, new Date(now.getTime() - PULL_DAYS * DAY_MS))).filter(
    (order) => order.state !== 'other',
  );
  const known = new Map(
    (
      await repo.channelOrders(
        ctx.db,
        shopId,
        kind,
        found.map((order) => order.id),
      )
    ).map((row) => [row.market_id, row]),
  );
  // The listings of the new sales' products alone (a shop lists thousands; a round sees a few sales).
  const fresh = found.filter((order) => order.state === 'sold' && !known.has(order.id)).flatMap((o) => o.lines);
  const linesOf = shopLines(
    fresh.length
      ? await repo.listingsOf(
          ctx.db,
          shopId,
          kind,
          fresh.flatMap((line) => (line.tag === null ? [] : [line.tag])),
          fresh.map((line) => line.product_id),
        )
      : [],
    channel.currency_rate_millionths,
  );
  const pulled: Pulled = { taken: 0, cancelled: 0 };
  for (const order of found) {
    const seen = known.get(order.id);
    if (order.state === 'sold' && !seen) {
      const claim = (state: 'taken' | 'ignored') => (db: Executor) =>
        repo.claimOrder(db, {
          shop_id: shopId,
          channel: kind,
          market_id: order.id,
          code: order.code,
          order_id: null,
          state,
          created_at: at,
          updated_at: at,
        });
      const lines = linesOf(order);
      if (!lines.length) {
        await claim('ignored')(ctx.db);
        continue;
      }
      const taken = await orders.take(
        shopId,
        { marketplace: name, code: order.code, lines },
        claim('taken'),
        (tx, orderId) => repo.orderTaken(tx, shopId, kind, order.id, orderId),
      );
      if (taken) pulled.taken++;
    } else if (order.state === 'cancelled' && seen?.state === 'taken' && seen.order_id !== null) {
      const released = await orders.cancel(shopId, seen.order_id, name, (tx) =>
        repo.releaseOrder(tx, shopId, kind, order.id, at),
      );
      if (released) pulled.cancelled++;
    }
  }
  await repo.update(ctx.db, shopId, kind, { last_pull_at: at });
  return pulled;
}

/**
 * A sale's lines that are the shop's: each names a product Cardstock listed (by its tag, or its product id), with
 * the stock kinds that listing lists and what one copy sold for in the shop's currency.
 */
function shopLines(listings: readonly ListingRow[], rateMillionths: number) {
  const byTag = new Map(listings.map((row) => [row.tag, row]));
  const byProduct = new Map(listings.filter((row) => row.product_id !== null).map((row) => [row.product_id!, row]));
  return (order: MarketOrder): MarketLine[] =>
    order.lines.flatMap((line) => {
      const listing = (line.tag === null ? undefined : byTag.get(line.tag)) ?? byProduct.get(line.product_id);
      if (!listing?.kinds) return [];
      return [
        {
          name: line.name,
          kinds: JSON.parse(listing.kinds) as MarketKind[],
          quantity: line.quantity,
          unit_price_cents: soldCents(line.price_cents, rateMillionths),
        },
      ];
    });
}
