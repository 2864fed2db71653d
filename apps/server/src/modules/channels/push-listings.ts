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
import type { AppContext } from '../../context.ts';
import { inventoryRepository, type StockedRow } from '../inventory/inventory.repository.ts';
import { channelsRepository as repo, type ChannelRow, type ListingRow } from './channels.repository.ts';
import { listingPlanner, type Listing, type ListingPlan, type MarketItem, type StockCopy } from './listing-plan.ts';
import type { MarketChanges, Marketplace, Outcome } from './marketplace.ts';

const DAY_MS = 24 * 3_600_000;

/**
 * Stock rows read a query at a time: on SQLite a range of `inventory_shop_rows` (3.5 ms of its one thread for 2,000
 * rows); on PostgreSQL, which has no such index (migration 0044), each page sorts the shop's rows in the database's own
 * process, so fewer, larger pages.
 */
const STOCK_PAGE = { sqlite: 2000, postgres: 10_000 } as const;

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

/** The versions a shop's listings are made from (the inventory read model's `quoteState`): stock, catalog, rule. */
export type StockState = (shopId: number) => Promise<unknown>;

/**
 * Pushes a shop's listings to a marketplace (issue 42, decision 042), under the channel's lease (the caller's: one
 * server at a time): the shop's stock planned anew, compared with what was last sent, and only
 * the difference sent, in bulk. What is sent is written first as `sending` (the outbox), so a push that dies midway
 * is finished by the next one, which first reads the marketplace's own products and takes their word for every
 * listing still `sending`: a product made but never recorded is found by its tag, never made twice.
 * `unlessUnchanged` (the interval's pushes): nothing is read or sent when the stock, prices, rule and day are those
 * its last push listed. A shop of 100,000 rows: the plan is held, what was sent is read a page at a time, and the
 * changes are sent as they are found.
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
  const { wanted, unlisted } = await byTag(await planOf(ctx, marketplace, channel, apiToken, now));
  const unsure = await repo.unsureListings(ctx.db, shopId, kind);
  if (unsure.length) await readBack(ctx, marketplace, apiToken, unsure, shopId, kind);

  const outbox = sender(ctx, marketplace, apiToken, channel);
  /** A change as the row it leaves once sent (state `sending`). */
  const sending = (tag: string, listing: Listing, kinds: string, productId: number | null): ListingRow => ({
    shop_id: shopId,
    channel: kind,
    tag,
    item_id: listing.item_id,
    properties: JSON.stringify(listing.properties),
    quantity: listing.quantity,
    price_cents: listing.price_cents,
    rows: listing.rows.length,
    product_id: productId,
    state: 'sending',
    error: null,
    updated_at: at,
    kinds,
  });
  // What was sent before, a page at a time: each listing the stock still wants is kept, corrected or made again;
  // the rest taken down. Rows already read are written meanwhile (pages follow the tag), never read twice.
  for await (const page of repo.listingPages(ctx.db, shopId, kind)) {
    const relabelled: ListingRow[] = [];
    const forgotten: string[] = [];
    for (const row of page) {
      const listing = wanted.get(row.tag);
      if (!listing) {
        if (row.product_id) await outbox.send('remove', { ...row, state: 'sending', error: null, updated_at: at });
        else forgotten.push(row.tag);
        continue;
      }
      wanted.delete(row.tag);
      const kinds = JSON.stringify(listing.kinds);
      const same = row.quantity === listing.quantity && row.price_cents === listing.price_cents;
      // A refusal stands until what would be sent changes.
      if (same && (row.state === 'listed' || row.state === 'refused')) {
        // The marketplace's product is as it should be; what an order for it takes from is kept up to date.
        if (row.kinds !== kinds) relabelled.push({ ...row, kinds });
        continue;
      }
      await outbox.send(row.product_id ? 'update' : 'create', sending(row.tag, listing, kinds, row.product_id));
    }
    await repo.putListings(ctx.db, relabelled);
    await repo.dropListings(ctx.db, shopId, kind, forgotten);
    await nextTurn();
  }
  // Listings never sent before.
  let looked = 0;
  for (const [tag, listing] of wanted) {
    if (++looked % BREATHE === 0) await nextTurn();
    await outbox.send('create', sending(tag, listing, JSON.stringify(listing.kinds), null));
  }
  const pushed = await outbox.flush();
  await repo.update(ctx.db, shopId, kind, {
    last_push_at: at,
    unlisted: JSON.stringify(unlisted),
    // Every change sent and answered: the same stock again needs no push.
    pushed_mark: pushed.refused === 0 ? mark : null,
  });
  return pushed;
}

/** The plan's listings by the tag their products carry (the plan itself let go), with the rows it could not list. */
async function byTag(plan: ListingPlan): Promise<{ wanted: Map<string, Listing>; unlisted: ListingPlan['unlisted'] }> {
  const wanted = new Map<string, Listing>();
  for (const [i, listing] of plan.listings.entries()) {
    wanted.set(tagOf(listing), listing);
    if (i % BREATHE === BREATHE - 1) await nextTurn();
  }
  return { wanted, unlisted: plan.unlisted };
}

/**
 * The changes of one push, sent as they are found, `SLICE` of a kind at a time: each slice's outbox rows written,
 * sent, its answers recorded. No transaction holds the database long (SQLite writes one at a time, for every shop),
 * and a push that dies midway has recorded what it finished.
 */
function sender(ctx: AppContext, marketplace: Marketplace, apiToken: string, channel: ChannelRow) {
  const { shop_id: shopId, channel: kind } = channel;
  const pushed: Pushed = { created: 0, updated: 0, removed: 0, refused: 0 };
  const waiting = { create: [] as ListingRow[], update: [] as ListingRow[], remove: [] as ListingRow[] };
  /** A sent row as the marketplace answered for it: listed (with the product made, for a create), or refused. */
  const settled = (row: ListingRow, outcome: Outcome<unknown>, productId = row.product_id): ListingRow =>
    outcome.ok
      ? { ...row, product_id: productId, state: 'listed' }
      : { ...row, state: 'refused', error: outcome.error };
  async function sendSlice(what: keyof typeof waiting): Promise<void> {
    const slice = waiting[what];
    waiting[what] = [];
    if (!slice.length) return;
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
  return {
    async send(what: keyof typeof waiting, row: ListingRow): Promise<void> {
      waiting[what].push(row);
      if (waiting[what].length >= SLICE) await sendSlice(what);
    },
    /** What is left sent; what the whole push changed. */
    async flush(): Promise<Pushed> {
      for (const what of ['create', 'update', 'remove'] as const) await sendSlice(what);
      return pushed;
    },
  };
}

/**
 * What the channel should list now, from the shop's stock read a page at a time (its rows and the marketplace's items
 * let go once planned: a large shop's push holds no more than its plan). Other requests are answered between pages.
 */
async function planOf(
  ctx: AppContext,
  marketplace: Marketplace,
  channel: ChannelRow,
  apiToken: string,
  now: Date,
): Promise<ListingPlan> {
  const shopId = channel.shop_id;
  // The stock read twice, a page at a time: its sets first (for the marketplace's items), then each row planned.
  const sets = new Set<string>();
  for (let after = 0; ;) {
    const page = await repo.setsPage(ctx.db, shopId, after);
    if (!page.length) break;
    for (const row of page) sets.add(row.set_code);
    after = page.at(-1)!.id;
    await nextTurn();
  }
  const items = await itemsFor(ctx, marketplace, apiToken, [...sets], now);
  const planner = listingPlanner(
    (cardId) => items.get(cardId),
    (copy, item) => marketplace.listingOf(copy, item),
    channel,
    channelNames[marketplace.kind],
  );
  const rule = pricingRuleOf((await repo.pricingOf(ctx.db, shopId)).pricing);
  for await (const page of inventoryRepository.stockedRows(ctx.db, shopId, STOCK_PAGE[ctx.engine])) {
    for (const row of page) planner.add(copyOf(row, rule));
    await nextTurn();
  }
  return planner.plan();
}

/** A stock row as a channel lists it, priced as the shop sells it. */
function copyOf(row: StockedRow, rule: PricingRule): StockCopy {
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
  sets: readonly string[],
  now: Date,
): Promise<Map<string, MarketItem>> {
  const kind = marketplace.kind;
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
 * Cardstock is unsure of (`unsureListings`). One that carries its tag is what the marketplace has (its product, copies
 * and price); one that does not was never made, or is gone (sold out, taken down by hand), and is forgotten, to be
 * made again if the stock still lists it.
 */
async function readBack(
  ctx: AppContext,
  marketplace: Marketplace,
  apiToken: string,
  unsure: readonly ListingRow[],
  shopId: number,
  kind: string,
): Promise<void> {
  const products = new Map(
    (await marketplace.products(apiToken)).filter((p) => p.tag !== null).map((p) => [p.tag!, p]),
  );
  const at = ctx.clock.now().toISOString();
  const found: ListingRow[] = [];
  const gone: string[] = [];
  for (const row of unsure) {
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
}
