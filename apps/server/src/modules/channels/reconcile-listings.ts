import {
  centsToDollars,
  channelNames,
  reconcileShownMax,
  type ReconcileCorrection,
  type Reconciliation,
} from '@cardstock/contract';
import { withTransaction } from '../../db/database.ts';
import type { AppContext } from '../../context.ts';
import { channelsRepository as repo, type ChannelRow, type ListingRow } from './channels.repository.ts';
import type { StockKind } from './listing-plan.ts';
import type { Marketplace, MarketProduct } from './marketplace.ts';
import { pushListings, type Pushed, type StockState } from './push-listings.ts';

/** Copies and price as the wire says them, from what a listing or product holds. */
const copiesOf = (held: { quantity: number; price_cents: number } | undefined) =>
  held ? { quantity: held.quantity, price: centsToDollars(held.price_cents) } : null;

/**
 * Compares a channel's listings with the marketplace's own products and puts every difference right (issue 42,
 * decision 042; daily, and on the owner's asking): the marketplace's word is taken first for every listing (its
 * copies and price; a product gone there is forgotten), a product carrying Cardstock's tag that no listing knows is
 * adopted, and the push that follows sends what the stock wants, so what differed is corrected and only that. Each
 * difference the push put right is a correction; products listed by hand there are listed, never touched. Runs under
 * the channel's lease (the caller's).
 */
export async function reconcileListings(
  ctx: AppContext,
  stockState: StockState,
  marketplace: Marketplace,
  channel: ChannelRow,
  apiToken: string,
): Promise<{ pushed: Pushed; reconciliation: Reconciliation }> {
  const { shop_id: shopId, channel: kind } = channel;
  const at = ctx.clock.now().toISOString();
  const products = await marketplace.products(apiToken);
  const tagged = new Map(products.filter((p) => p.tag !== null).map((p) => [p.tag!, p]));
  const before = await repo.listings(ctx.db, shopId, kind);
  const known = new Map(before.map((row) => [row.tag, row]));

  const held: ListingRow[] = [];
  const gone: string[] = [];
  for (const row of before) {
    const product = tagged.get(row.tag);
    if (!product) gone.push(row.tag);
    else if (
      product.product_id !== row.product_id ||
      product.quantity !== row.quantity ||
      product.price_cents !== row.price_cents ||
      row.state !== 'listed'
    )
      held.push({ ...heldAs(row, product), updated_at: at });
  }
  // Made by Cardstock (its tag) but known to no listing (a push whose record was lost): the stock decides it now.
  for (const [tag, product] of tagged)
    if (!known.has(tag))
      held.push({
        shop_id: shopId,
        channel: kind,
        tag,
        item_id: product.item_id,
        properties: '{}',
        quantity: product.quantity,
        price_cents: product.price_cents,
        rows: 0,
        product_id: product.product_id,
        state: 'listed',
        error: null,
        updated_at: at,
        kinds: null,
      });
  await withTransaction(ctx.db, async (tx) => {
    await repo.putListings(tx, held);
    await repo.dropListings(tx, shopId, kind, gone);
  });

  const pushed = await pushListings(ctx, stockState, marketplace, channel, apiToken);
  // Nothing on either side before (a channel's first round): nothing can have differed, and nothing is read again.
  const after =
    before.length || tagged.size
      ? new Map((await repo.listings(ctx.db, shopId, kind)).map((row) => [row.tag, row]))
      : new Map<string, ListingRow>();

  // Every tag either side knows: what the marketplace listed against what Cardstock lists now.
  const found: { tag: string; was: MarketProduct | undefined; now: ListingRow | undefined }[] = [];
  for (const tag of new Set([...known.keys(), ...tagged.keys(), ...after.keys()])) {
    const was = tagged.get(tag);
    const now = after.get(tag);
    // A change the marketplace refused is counted on the channel with its reason, not here.
    if (now && now.state !== 'listed') continue;
    if (was?.quantity === now?.quantity && was?.price_cents === now?.price_cents) continue;
    // A listing made by this push for stock that changed since the last one is a change, not a difference.
    if (!was && !known.has(tag)) continue;
    found.push({ tag, was, now });
  }
  const names = await namesOf(ctx, [...found.map((f) => f.now ?? known.get(f.tag))]);
  const corrections: ReconcileCorrection[] = found.map(({ tag, was, now }) => {
    const row = now ?? known.get(tag);
    return {
      card_name: names(row) ?? `${channelNames[marketplace.kind]} item ${row?.item_id ?? was?.item_id ?? 'unknown'}`,
      action: !was ? 'listed_again' : !now ? 'taken_down' : 'corrected',
      marketplace: copiesOf(was),
      cardstock: copiesOf(now),
    };
  });
  const byHand = products.filter((p) => p.tag === null);
  const reconciliation: Reconciliation = {
    at,
    corrections: corrections.slice(0, reconcileShownMax),
    corrections_total: corrections.length,
    hand_listed: byHand.slice(0, reconcileShownMax).map((p) => ({
      product_id: p.product_id,
      item_id: p.item_id,
      quantity: p.quantity,
      price: centsToDollars(p.price_cents),
    })),
    hand_listed_total: byHand.length,
  };
  await repo.update(ctx.db, shopId, kind, { last_reconcile_at: at, reconciled: JSON.stringify(reconciliation) });
  return { pushed, reconciliation };
}

/** A listing as the marketplace holds it: its product, copies and price, listed. */
const heldAs = (row: ListingRow, product: MarketProduct): ListingRow => ({
  ...row,
  product_id: product.product_id,
  quantity: product.quantity,
  price_cents: product.price_cents,
  state: 'listed',
  error: null,
});

/** The card each listing lists (its first kind's), by name; undefined for a listing that names none. */
async function namesOf(ctx: AppContext, rows: readonly (ListingRow | undefined)[]) {
  const first = (row: ListingRow | undefined) =>
    row?.kinds ? (JSON.parse(row.kinds) as StockKind[])[0]?.card_id : undefined;
  const ids = [...new Set(rows.map(first).filter((id): id is string => id !== undefined))];
  const names = await repo.cardNames(ctx.db, ids);
  return (row: ListingRow | undefined) => {
    const id = first(row);
    return id === undefined ? undefined : names.get(id);
  };
}
