import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { chunks } from '../../lib/chunks.ts';
import type { ChannelItemTable, ChannelListingTable, ChannelOrderTable, ShopChannelTable } from '../../db/schema.ts';

export type ChannelRow = Selectable<ShopChannelTable>;

/**
 * Rows read a query at a time where a shop has thousands: each query holds SQLite's one thread briefly (10,000 rows'
 * sets 8 ms; 1,000 listings, wider rows, 5 ms).
 */
const SETS_PAGE = 10_000;
const LISTING_PAGE = 1000;
export type ListingRow = Selectable<ChannelListingTable>;
export type ChannelOrderRow = Selectable<ChannelOrderTable>;

export const channelsRepository = {
  ofShop(db: Executor, shopId: number): Promise<ChannelRow[]> {
    return db.selectFrom('shop_channels').selectAll().where('shop_id', '=', shopId).execute();
  },

  find(db: Executor, shopId: number, channel: string): Promise<ChannelRow | undefined> {
    return db
      .selectFrom('shop_channels')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('channel', '=', channel)
      .executeTakeFirst();
  },

  /** Writes a shop's channel whole (its first save makes the row); the row as it now is. */
  save(db: Executor, row: Insertable<ShopChannelTable>): Promise<ChannelRow> {
    const { shop_id: _shop, channel: _channel, ...changes } = row;
    return db
      .insertInto('shop_channels')
      .values(row)
      .onConflict((oc) => oc.columns(['shop_id', 'channel']).doUpdateSet(changes))
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async update(db: Executor, shopId: number, channel: string, changes: Updateable<ShopChannelTable>): Promise<void> {
    await db
      .updateTable('shop_channels')
      .set(changes)
      .where('shop_id', '=', shopId)
      .where('channel', '=', channel)
      .execute();
  },

  /**
   * Takes the channel's lease until `until` if no server holds it (one atomic update): false when another server's
   * push is under way.
   */
  async lease(db: Executor, shopId: number, channel: string, now: string, until: string): Promise<boolean> {
    const result = await db
      .updateTable('shop_channels')
      .set({ lease_until: until })
      .where('shop_id', '=', shopId)
      .where('channel', '=', channel)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** The sets of a page of the shop's stock rows with copies (`SETS_PAGE` rows after the row `after`), in row order. */
  setsPage(db: Executor, shopId: number, after: number) {
    return db
      .selectFrom('inventory')
      .select(['id', 'set_code'])
      .where('shop_id', '=', shopId)
      .where('quantity', '>', 0)
      .where('id', '>', after)
      .orderBy('id')
      .limit(SETS_PAGE)
      .execute();
  },

  /** Every channel that lists: turned on, with a token, and nothing stopping it. */
  running(db: Executor): Promise<ChannelRow[]> {
    return db
      .selectFrom('shop_channels')
      .selectAll()
      .where('enabled', '=', 1)
      .where('token_sealed', 'is not', null)
      .where('problem', 'is', null)
      .execute();
  },

  pricingOf(db: Executor, shopId: number) {
    return db.selectFrom('shops').select('pricing').where('id', '=', shopId).executeTakeFirstOrThrow();
  },

  /** The sets among `codes` whose items were fetched at or after `since` (asked in parts: a shop has thousands). */
  async freshSets(db: Executor, channel: string, codes: readonly string[], since: string): Promise<Set<string>> {
    const fresh = new Set<string>();
    for (const part of chunks(codes))
      for (const row of await db
        .selectFrom('channel_sets')
        .select('set_code')
        .where('channel', '=', channel)
        .where('set_code', 'in', part)
        .where('fetched_at', '>=', since)
        .execute())
        fresh.add(row.set_code);
    return fresh;
  },

  /** Replaces what is kept of `setCode`'s items. */
  async keepItems(
    db: Executor,
    channel: string,
    setCode: string,
    items: Omit<ChannelItemTable, 'channel' | 'set_code'>[],
    at: string,
  ) {
    await db.deleteFrom('channel_items').where('channel', '=', channel).where('set_code', '=', setCode).execute();
    for (let i = 0; i < items.length; i += 500)
      await db
        .insertInto('channel_items')
        .values(items.slice(i, i + 500).map((item) => ({ ...item, channel, set_code: setCode })))
        .onConflict((oc) => oc.columns(['channel', 'card_id']).doNothing())
        .execute();
    await db
      .insertInto('channel_sets')
      .values({ channel, set_code: setCode, fetched_at: at })
      .onConflict((oc) => oc.columns(['channel', 'set_code']).doUpdateSet({ fetched_at: at }))
      .execute();
  },

  async items(db: Executor, channel: string, setCodes: readonly string[]) {
    const rows: Selectable<ChannelItemTable>[] = [];
    for (const part of chunks(setCodes))
      rows.push(
        ...(await db
          .selectFrom('channel_items')
          .selectAll()
          .where('channel', '=', channel)
          .where('set_code', 'in', part)
          .execute()),
      );
    return rows;
  },

  /** Every listing of the channel, read a page at a time so other work runs between pages (a shop lists thousands). */
  async listings(db: Executor, shopId: number, channel: string): Promise<ListingRow[]> {
    const rows: ListingRow[] = [];
    for await (const page of this.listingPages(db, shopId, channel)) for (const row of page) rows.push(row);
    return rows;
  },

  /** The channel's listings a page at a time, in tag order: a caller holds no more than a page. */
  async *listingPages(db: Executor, shopId: number, channel: string): AsyncGenerator<ListingRow[]> {
    for (let after: string | undefined; ;) {
      const page = await db
        .selectFrom('channel_listings')
        .selectAll()
        .where('shop_id', '=', shopId)
        .where('channel', '=', channel)
        .$if(after !== undefined, (q) => q.where('tag', '>', after!))
        .orderBy('tag')
        .limit(LISTING_PAGE)
        .execute();
      if (page.length) yield page;
      if (page.length < LISTING_PAGE) return;
      after = page.at(-1)!.tag;
    }
  },

  /**
   * The listings whose product's state the marketplace alone knows: one being sent when a push died, or one whose
   * change it refused (the product may be gone: sold out there, or taken down by hand).
   */
  unsureListings(db: Executor, shopId: number, channel: string): Promise<ListingRow[]> {
    return db
      .selectFrom('channel_listings')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('channel', '=', channel)
      .where((eb) =>
        eb.or([eb('state', '=', 'sending'), eb.and([eb('state', '=', 'refused'), eb('product_id', 'is not', null)])]),
      )
      .execute();
  },

  /**
   * Writes listings whole, many rows a statement: a push of thousands holds the database for a few statements, not
   * thousands (SQLite runs one at a time, for every shop).
   */
  async putListings(db: Executor, rows: readonly Insertable<ChannelListingTable>[]): Promise<void> {
    for (const part of chunks(rows, 200))
      await db
        .insertInto('channel_listings')
        .values(part)
        .onConflict((oc) =>
          oc.columns(['shop_id', 'channel', 'tag']).doUpdateSet((eb) => ({
            item_id: eb.ref('excluded.item_id'),
            properties: eb.ref('excluded.properties'),
            quantity: eb.ref('excluded.quantity'),
            price_cents: eb.ref('excluded.price_cents'),
            rows: eb.ref('excluded.rows'),
            product_id: eb.ref('excluded.product_id'),
            state: eb.ref('excluded.state'),
            error: eb.ref('excluded.error'),
            updated_at: eb.ref('excluded.updated_at'),
            kinds: eb.ref('excluded.kinds'),
          })),
        )
        .execute();
  },

  async dropListings(db: Executor, shopId: number, channel: string, tags: readonly string[]): Promise<void> {
    for (const part of chunks(tags))
      await db
        .deleteFrom('channel_listings')
        .where('shop_id', '=', shopId)
        .where('channel', '=', channel)
        .where('tag', 'in', part)
        .execute();
  },

  /** The channel's marketplace orders among `marketIds` that it took or passed over. */
  channelOrders(
    db: Executor,
    shopId: number,
    channel: string,
    marketIds: readonly string[],
  ): Promise<ChannelOrderRow[]> {
    if (!marketIds.length) return Promise.resolve([]);
    return db
      .selectFrom('channel_orders')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('channel', '=', channel)
      .where('market_id', 'in', marketIds)
      .execute();
  },

  /**
   * Claims a marketplace order for the shop, once: false when it was claimed already (an earlier pull, another server;
   * on PostgreSQL a claim under way elsewhere is waited for, then counts).
   */
  async claimOrder(db: Executor, row: Insertable<ChannelOrderTable>): Promise<boolean> {
    const result = await db
      .insertInto('channel_orders')
      .values(row)
      .onConflict((oc) => oc.columns(['shop_id', 'channel', 'market_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  async orderTaken(db: Executor, shopId: number, channel: string, marketId: string, orderId: number) {
    await db
      .updateTable('channel_orders')
      .set({ order_id: orderId })
      .where('shop_id', '=', shopId)
      .where('channel', '=', channel)
      .where('market_id', '=', marketId)
      .execute();
  },

  /** A taken order cancelled there: true once, when it was still taken. */
  async releaseOrder(db: Executor, shopId: number, channel: string, marketId: string, at: string): Promise<boolean> {
    const result = await db
      .updateTable('channel_orders')
      .set({ state: 'cancelled', updated_at: at })
      .where('shop_id', '=', shopId)
      .where('channel', '=', channel)
      .where('market_id', '=', marketId)
      .where('state', '=', 'taken')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** The names of these cards, by id. */
  async cardNames(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (const part of chunks(ids))
      for (const row of await db.selectFrom('cards').select(['id', 'name']).where('id', 'in', part).execute())
        names.set(row.id, row.name);
    return names;
  },

  /**
   * Stops a running channel with why (its token refused): true once, when it was not stopped already, so the owner
   * hears of it once.
   */
  async pause(db: Executor, shopId: number, channel: string, problem: string): Promise<boolean> {
    const result = await db
      .updateTable('shop_channels')
      .set({ enabled: 0, problem })
      .where('shop_id', '=', shopId)
      .where('channel', '=', channel)
      .where('problem', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** The shop's name and its Owners' e-mail addresses: who hears that a channel stopped. */
  async owners(db: Executor, shopId: number): Promise<{ shopName: string; emails: string[] }> {
    const rows = await db
      .selectFrom('users')
      .innerJoin('shops', 'shops.id', 'users.shop_id')
      .select(['users.email', 'shops.name'])
      .where('users.shop_id', '=', shopId)
      .where('users.role', '=', 'Owner')
      .execute();
    return { shopName: rows[0]?.name ?? '', emails: rows.map((row) => row.email) };
  },

  /** Whether any channel keeps a sealed token (a production server then needs the key to open it). */
  async anySealed(db: Executor): Promise<boolean> {
    const row = await db
      .selectFrom('shop_channels')
      .select('shop_id')
      .where('token_sealed', 'is not', null)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  /**
   * What a channel lists, summed by the database rather than read row by row (a shop lists thousands): rows and
   * copies of each state and refusal.
   */
  listingCounts(db: Executor, shopId: number, channel: string): Promise<ListingCount[]> {
    return db
      .selectFrom('channel_listings')
      .select((eb) => [
        'state',
        'error',
        eb.fn.sum<number | string>('rows').as('rows'),
        eb.fn.sum<number | string>('quantity').as('copies'),
      ])
      .where('shop_id', '=', shopId)
      .where('channel', '=', channel)
      .groupBy(['state', 'error'])
      .execute();
  },

  /** The channel's listings whose products are these tags or product ids (the lines of a marketplace's sales). */
  async listingsOf(
    db: Executor,
    shopId: number,
    channel: string,
    tags: readonly string[],
    productIds: readonly number[],
  ): Promise<ListingRow[]> {
    const found = new Map<string, ListingRow>();
    const base = () =>
      db.selectFrom('channel_listings').selectAll().where('shop_id', '=', shopId).where('channel', '=', channel);
    for (const part of chunks(tags))
      for (const row of await base().where('tag', 'in', part).execute()) found.set(row.tag, row);
    for (const part of chunks(productIds))
      for (const row of await base().where('product_id', 'in', part).execute()) found.set(row.tag, row);
    return [...found.values()];
  },
};

/** Listings of one state (and one refusal), summed. */
export interface ListingCount {
  state: string;
  error: string | null;
  rows: number | string | null;
  copies: number | string | null;
}
