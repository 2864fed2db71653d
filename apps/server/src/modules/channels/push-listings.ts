import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  channelNames,
  finishOf,
  languageOf,
  marketPriceOf,
  priceCents,
  pricingRuleOf,
  qualityOf,
  type PricingRule,
} from '@cardstock/contract';
import { withTransaction } from '../../db/database.ts';
import { chunks } from '../../lib/chunks.ts';
import type { AppContext } from '../../context.ts';
import { channelsRepository as repo, type ChannelRow, type ListingRow } from './channels.repository.ts';
import { listingPlanner, type Listing, type ListingPlan, type MarketItem, type StockCopy } from './listing-plan.ts';
import type { MarketChanges, Marketplace, Outcome } from './marketplace.ts';

const DAY_MS = 24 * 3_600_000;

/** Rows a push works through before it lets other requests run. */
const BREATHE = 2000;

/** Changes sent to the marketplace at a time: each slice's outbox rows written, sent and recorded before the next. */
const SLICE = 500;

/** One kind of change to the listings' rows, as the marketplace is asked it. */
function changesOf(what: 'create' | 'update' | 'remove', rows: readonly ListingRow[]): MarketChanges {
  return {
    create:
      what === 'create'
        ? rows.map(({ tag, item_id, properties, quantity, price_cents }) => ({
            tag,
            item_id,
            properties: JSON.parse(properties) as Record<string, string | boolean>,
            quantity,
            price_cents,
          }))
        : [],
    update:
      what === 'update'
        ? rows.map(({ product_id, quantity, price_cents }) => ({ product_id: product_id!, quantity, price_cents }))
        : [],
    remove: what === 'remove' ? rows.map(({ product_id }) => ({ product_id: product_id! })) : [],
  };
}

/** What one push changed on the marketplace. */
export interface Pushed {
  created: number;
  updated: number;
  removed: number;
  refused: number;
}

/** The tag a listing's product carries on the marketplace: the same item and kind, the same tag. */
const tagOf = (listing: Listing): string => createHash('sha256').update(listing.key).digest('hex').slice(0, 24);

/**
 * A listing whose product's state the marketplace alone knows: one being sent when a push died, or one whose change
 * it refused (the product may be gone: sold out there, or taken down by hand).
 */
const unsure = (row: ListingRow): boolean =>
  row.state === 'sending' || (row.state === 'refused' && row.product_id !== null);

/** The versions a shop's listings are made from (the inventory read model's `quoteState`): stock, catalog, rule. */
export type StockState = (shopId: number) => Promise<unknown>;

/**
 * Pushes a shop's listings to a marketplace (issue 42, decision 042), under the channel's lease (the caller's: one
 * server at a time): the shop's stock planned anew, compared with what was last sent, and only
 * the difference sent, in bulk. What is sent is written first as `sending` (the outbox), so a push that dies midway
 * is finished by the next one, which first reads the marketplace's own products and takes their word for every
 * listing still `sending`: a product made but never recorded is found by its tag, never made twice.
 * `unlessUnchanged` (the interval's pushes): nothing is read or sent when the stock, prices, rule and day are those
 * its last push listed.
 */
export async function pushListings(
  ctx: AppContext,
  stockState: StockState,
  marketplace: Marketplace,
  channel: ChannelRow,
  apiToken: string,
  { unlessUnchanged = false }: { unlessUnchanged?: boolean } = {},
): Promise<Pushed> {
  const { shop_id: shopId, channel: kind } = channel;
  const now = ctx.clock.now();
  const at = now.toISOString();
  // The stock, prices and rule it is made from, and the day (the marketplace's items are asked for again daily).
  const state = await stockState(shopId);
  const mark = createHash('sha256')
    .update(JSON.stringify([state, channel.updated_at, at.slice(0, 10)]))
    .digest('hex');
  if (unlessUnchanged && mark === channel.pushed_mark) return { created: 0, updated: 0, removed: 0, refused: 0 };
  const plan = await planOf(ctx, marketplace, channel, apiToken, now);
  let sent = await repo.listings(ctx.db, shopId, kind);
  if (sent.some(unsure)) sent = await readBack(ctx, marketplace, apiToken, sent, shopId, kind);

  const wanted = new Map<string, Listing>();
  for (const [i, listing] of plan.listings.entries()) {
    wanted.set(tagOf(listing), listing);
    if (i % BREATHE === BREATHE - 1) await nextTurn();
  }
  const known = new Map(sent.map((row) => [row.tag, row]));
  // Each change as the row it leaves once sent (state `sending`), beside what the marketplace is asked.
  const creating: ListingRow[] = [];
  const updating: ListingRow[] = [];
  const removing: ListingRow[] = [];
  const relabelled: ListingRow[] = [];
  let looked = 0;
  for (const [tag, listing] of wanted) {
    if (++looked % BREATHE === 0) await nextTurn();
    const row = known.get(tag);
    const kinds = JSON.stringify(listing.kinds);
    const same = row && row.quantity === listing.quantity && row.price_cents === listing.price_cents;
    // A refusal stands until what would be sent changes.
    if (same && (row.state === 'listed' || row.state === 'refused')) {
      // The marketplace's product is as it should be; what an order for it takes from is kept up to date.
      if (row.kinds !== kinds) relabelled.push({ ...row, kinds });
      continue;
    }
    const sending: ListingRow = {
      shop_id: shopId,
      channel: kind,
      tag,
      item_id: listing.item_id,
      properties: JSON.stringify(listing.properties),
      quantity: listing.quantity,
      price_cents: listing.price_cents,
      rows: listing.rows.length,
      product_id: row?.product_id ?? null,
      state: 'sending',
      error: null,
      updated_at: at,
      kinds,
    };
    (sending.product_id ? updating : creating).push(sending);
  }
  const forgotten: string[] = [];
  for (const row of sent)
    if (!wanted.has(row.tag)) {
      if (row.product_id) removing.push({ ...row, state: 'sending', error: null, updated_at: at });
      else forgotten.push(row.tag);
    }
  await repo.putListings(ctx.db, relabelled);
  await repo.dropListings(ctx.db, shopId, kind, forgotten);
  const pushed: Pushed = { created: 0, updated: 0, removed: 0, refused: 0 };
  /** A sent row as the marketplace answered for it: listed (with the product made, for a create), or refused. */
  const settled = (row: ListingRow, outcome: Outcome<unknown>, productId = row.product_id): ListingRow =>
    outcome.ok
      ? { ...row, product_id: productId, state: 'listed' }
      : { ...row, state: 'refused', error: outcome.error };
  // A slice at a time: its outbox rows written, sent, its answers recorded. No transaction holds the database
  // long (SQLite writes one at a time, for every shop), and a push that dies midway has recorded what it finished.
  for (const [what, rows] of [
    ['create', creating],
    ['update', updating],
    ['remove', removing],
  ] as const)
    for (const slice of chunks(rows, SLICE)) {
      await repo.putListings(ctx.db, slice);
      const applied = await marketplace.apply(apiToken, changesOf(what, slice));
      const done: ListingRow[] = [];
      const gone: string[] = [];
      for (const [i, row] of slice.entries()) {
        const outcome = applied[what][i]!;
        if (!outcome.ok) pushed.refused++;
        else pushed[what === 'create' ? 'created' : what === 'update' ? 'updated' : 'removed']++;
        if (what === 'remove' && outcome.ok) gone.push(row.tag);
        else done.push(settled(row, outcome, what === 'create' ? (outcome.ok ? outcome.value : null) : undefined));
      }
      await withTransaction(ctx.db, async (tx) => {
        await repo.putListings(tx, done);
        await repo.dropListings(tx, shopId, kind, gone);
      });
    }
  await repo.update(ctx.db, shopId, kind, {
    last_push_at: at,
    unlisted: JSON.stringify(plan.unlisted),
    // Every change sent and answered: the same stock again needs no push.
    pushed_mark: pushed.refused === 0 ? mark : null,
  });
  return pushed;
}

/**
 * What the channel should list now, from the shop's stock (its rows and the marketplace's items let go once planned:
 * a large shop's push holds no more than it must). Other requests are answered between every few thousand rows.
 */
async function planOf(
  ctx: AppContext,
  marketplace: Marketplace,
  channel: ChannelRow,
  apiToken: string,
  now: Date,
): Promise<ListingPlan> {
  const copies = await stockOf(ctx, channel.shop_id);
  const items = await itemsFor(ctx, marketplace, apiToken, copies, now);
  const planner = listingPlanner(
    (cardId) => items.get(cardId),
    (copy, item) => marketplace.listingOf(copy, item),
    channel,
    channelNames[marketplace.kind],
  );
  for (const [i, copy] of copies.entries()) {
    planner.add(copy);
    if (i % BREATHE === BREATHE - 1) await nextTurn();
  }
  return planner.plan();
}

/** The shop's stock rows with copies, each priced as the shop sells it (null: no price). */
async function stockOf(ctx: AppContext, shopId: number): Promise<StockCopy[]> {
  const rule = pricingRuleOf((await repo.pricingOf(ctx.db, shopId)).pricing);
  const copies: StockCopy[] = [];
  for (let after = 0; ;) {
    const page = await repo.stockPage(ctx.db, shopId, after);
    if (!page.length) return copies;
    after = page.at(-1)!.id;
    for (const row of page) copies.push(copyOf(row, rule));
  }
}

/** A stock row as a channel lists it, priced as the shop sells it. */
function copyOf(row: Awaited<ReturnType<typeof repo.stockPage>>[number], rule: PricingRule): StockCopy {
  return {
    id: row.id,
    card_id: row.card_id,
    set_code: row.set_code,
    finish: row.finish,
    quality: row.quality,
    language: row.language,
    signed: row.signed === 1,
    altered: row.altered === 1,
    quantity: row.quantity,
    price_cents: priceCents({
      askingCents: row.asking_price,
      marketCents: marketPriceOf(row, finishOf(row.finish)),
      quality: qualityOf(row.quality),
      language: languageOf(row.language),
      rule,
    }),
  };
}

/** The marketplace's items for the shop's printings: asked for the sets not asked about in a day, kept, then read. */
async function itemsFor(
  ctx: AppContext,
  marketplace: Marketplace,
  apiToken: string,
  copies: readonly StockCopy[],
  now: Date,
): Promise<Map<string, MarketItem>> {
  const kind = marketplace.kind;
  const sets = [...new Set(copies.map((c) => c.set_code))];
  const fresh = await repo.freshSets(ctx.db, kind, sets, new Date(now.getTime() - DAY_MS).toISOString());
  const stale = sets.filter((code) => !fresh.has(code));
  if (stale.length) {
    const found = await marketplace.items(apiToken, stale);
    // A set at a time: no transaction holds the database for the whole catalog.
    for (const code of stale)
      await withTransaction(ctx.db, async (tx) => {
        const items = found.get(code.toLowerCase()) ?? new Map<string, MarketItem>();
        await repo.keepItems(
          tx,
          kind,
          code,
          [...items].map(([cardId, item]) => ({
            card_id: cardId,
            item_id: item.id,
            conditions: item.conditions && JSON.stringify(item.conditions),
            languages: item.languages && JSON.stringify(item.languages),
          })),
          now.toISOString(),
        );
      });
  }
  const rows = await repo.items(ctx.db, kind, sets);
  return new Map(
    rows.map((row) => [
      row.card_id,
      {
        id: row.item_id,
        conditions: row.conditions === null ? null : (JSON.parse(row.conditions) as string[]),
        languages: row.languages === null ? null : (JSON.parse(row.languages) as string[]),
      },
    ]),
  );
}

/**
 * After a push that did not finish, or a change the marketplace refused: its own products decide every listing
 * Cardstock is unsure of. One that carries its tag is what the marketplace has (its product, copies and price); one
 * that does not was never made, or is gone (sold out, taken down by hand), and is forgotten, to be made again if the
 * stock still lists it.
 */
async function readBack(
  ctx: AppContext,
  marketplace: Marketplace,
  apiToken: string,
  sent: ListingRow[],
  shopId: number,
  kind: string,
): Promise<ListingRow[]> {
  const products = new Map(
    (await marketplace.products(apiToken)).filter((p) => p.tag !== null).map((p) => [p.tag!, p]),
  );
  const at = ctx.clock.now().toISOString();
  const kept: ListingRow[] = [];
  const found: ListingRow[] = [];
  const gone: string[] = [];
  for (const row of sent) {
    if (!unsure(row)) {
      kept.push(row);
      continue;
    }
    const product = products.get(row.tag);
    if (!product) {
      gone.push(row.tag);
      continue;
    }
    found.push({
      ...row,
      product_id: product.product_id,
      quantity: product.quantity,
      price_cents: product.price_cents,
      state: 'listed' as const,
      updated_at: at,
    });
  }
  await withTransaction(ctx.db, async (tx) => {
    await repo.putListings(tx, found);
    await repo.dropListings(tx, shopId, kind, gone);
  });
  return [...kept, ...found];
}
