import { pricingRuleOf } from '@cardstock/contract';
import { sql } from 'kysely';
import {
  afterCommit,
  precompiled,
  writeCounterOf,
  type Db,
  type Engine,
  type Executor,
  type Tx,
} from '../../db/database.ts';
import { AnswerCache } from '../../lib/answer-cache.ts';
import type { Serialized } from '../../lib/route.ts';
import { RowCache, staffRowAgeMs } from '../../lib/row-cache.ts';
import { CATALOG_VERSION_KEY } from '../catalog/catalog.repository.ts';
import { ShopIndex, type RowOrder } from './inventory-index.ts';
import { ShopIndexCache, type IndexVersion } from './inventory-index-cache.ts';
import type { InventoryQuery } from './inventory-query.ts';
import { inventoryRepository as repo } from './inventory.repository.ts';

/**
 * The inventory's read model: everything this process keeps of a shop's stock to answer list, live search and the
 * storefront quickly, and the one way in for whoever writes stock.
 *
 * What it keeps, each checked against the shop's `inventory_version` (bumped by every stock write, in the writing
 * transaction) and the catalog's version:
 * - the shop's search index (`ShopIndexCache`), moved forward in place after this process's own writes;
 * - serialized answers (`AnswerCache`), keyed by everything they depend on;
 * - the shop's versions and a storefront's shop row (`RowCache`), kept until this process writes anything.
 *
 * Writers call {@link InventoryReadModel.stockChanged} inside their transaction; nothing else touches the version
 * or the index. docs/decisions/020-kept-in-memory.md has the table.
 */

/** What a write did to a shop's stock rows, so the held index can follow it instead of being built again. */
export type StockChange =
  /**
   * These rows (already in the shop) now hold these quantities, these asking prices (cents, null: the rule) and
   * these locations (null: none).
   */
  | {
      kind: 'quantities';
      quantities: ReadonlyMap<number, number>;
      asking?: ReadonlyMap<number, number | null>;
      locations?: ReadonlyMap<number, string | null>;
    }
  /**
   * This row was added to, or created: the index takes its quantity (and its location when one was given), or reads
   * the row when it is new.
   */
  | { kind: 'row'; id: number; quantity: number; location?: { place: string | null } }
  /** These rows (already in the shop) are now kept at this location (null: none). */
  | { kind: 'located'; ids: readonly number[]; location: string | null }
  /** Every row of the shop is gone. */
  | { kind: 'emptied' }
  /** Only asking prices changed: the index holds them (the storefront sorts by what customers pay), so it is read again. */
  | { kind: 'prices' }
  /** Anything else (many rows, prices, rows removed): the index is read again when next asked. */
  | { kind: 'other' };

/** What a shop's inventory answers depend on: its inventory's version, the catalog's, its pricing rule. */
export interface InventoryState extends IndexVersion {
  /** The shop's pricing rule as stored (JSON), null for the defaults. */
  pricing: string | null;
}

/** A shop as its public pages need it, by subdomain, name or id: run on every storefront view. */
const publicShopOf = (column: 'subdomain' | 'name' | 'id') =>
  precompiled((db: Executor, value: string | number) =>
    db
      .selectFrom('shops')
      .select([
        'id',
        'name',
        'description',
        'shop_hidden',
        'inventory_version',
        'pricing',
        'reservations_enabled',
        'reservation_hold_hours',
        'reservation_limits',
        (eb) =>
          eb.selectFrom('system_settings').select('value').where('key', '=', CATALOG_VERSION_KEY).as('catalog_version'),
        // When the shop's subscription ends (or ended): the storefront goes offline then.
        (eb) =>
          eb
            .selectFrom('subscriptions')
            .select('ends_at')
            .whereRef('subscriptions.shop_id', '=', 'shops.id')
            .as('billing_ends_at'),
      ])
      .where(column, '=', value as never)
      .where('is_active', '=', 1)
      .orderBy('id')
      .limit(1),
  );
const publicShopBy = { subdomain: publicShopOf('subdomain'), name: publicShopOf('name'), id: publicShopOf('id') };

/** The versions a shop's kept answers are checked against: run on every list and search. */
const inventoryStateOf = precompiled((db: Executor, shopId: number) =>
  db
    .selectFrom('shops')
    .select([
      'inventory_version',
      'pricing',
      (eb) =>
        eb.selectFrom('system_settings').select('value').where('key', '=', CATALOG_VERSION_KEY).as('catalog_version'),
    ])
    .where('id', '=', shopId),
);

async function publicShopRow(db: Executor, by: { subdomain: string } | { name: string } | { id: number }) {
  const row =
    'id' in by
      ? await publicShopBy.id(db, by.id)
      : 'subdomain' in by
        ? await publicShopBy.subdomain(db, by.subdomain)
        : await publicShopBy.name(db, by.name);
  if (!row) return undefined;
  const { inventory_version, catalog_version, pricing, ...shop } = row;
  const state: InventoryState = {
    inventory: Number(inventory_version),
    catalog: catalog_version ?? '',
    pricing: pricing ?? null,
  };
  return { ...shop, state };
}

/** The read model's own lookups, for bench/src/pg-plans.ts to explain them as the server runs them. */
export const readModelQueries = { state: inventoryStateOf, publicShop: publicShopRow };

/** A public shop's row with the state of its inventory. */
export type PublicShop = NonNullable<Awaited<ReturnType<typeof publicShopRow>>>;

/** Two changes to one shop in one transaction, as one. */
function combine(first: StockChange, then: StockChange): StockChange {
  if (then.kind === 'emptied') return then;
  if (first.kind === 'prices' && then.kind === 'prices') return then;
  if (first.kind === 'quantities' && then.kind === 'quantities')
    return {
      kind: 'quantities',
      quantities: new Map([...first.quantities, ...then.quantities]),
      asking: new Map([...(first.asking ?? []), ...(then.asking ?? [])]),
      locations: new Map([...(first.locations ?? []), ...(then.locations ?? [])]),
    };
  return { kind: 'other' };
}

/** The shops a transaction changed, with what changed, until it commits. */
const pendingChanges = new WeakMap<Tx, Map<number, { version: number; change: StockChange }>>();

export class InventoryReadModel {
  private readonly indexes = new ShopIndexCache();
  private readonly answers = new AnswerCache();
  // Every storefront view starts with this lookup: kept until this process writes.
  private readonly publicShops: RowCache<string, PublicShop | undefined>;
  // The versions every list and search checks (staffRowAgeMs: kept on the embedded database only).
  private readonly states: RowCache<number, InventoryState>;
  // The versions a quote checks (an offer for a sell list): kept a second on either engine, as a storefront's shop.
  private readonly quoteStates: RowCache<number, InventoryState>;

  constructor(
    private readonly db: Db,
    engine: Engine,
  ) {
    this.publicShops = new RowCache(writeCounterOf(db));
    this.states = new RowCache(writeCounterOf(db), staffRowAgeMs(engine));
    this.quoteStates = new RowCache(writeCounterOf(db));
  }

  /**
   * The one way in for writers: call it inside the transaction that changed `shopId`'s stock. It moves the shop's
   * inventory version in that transaction, so every process sees the change with the commit, and once the
   * transaction has committed it moves this process's index (a rolled-back transaction changes nothing).
   */
  async stockChanged(tx: Tx, shopId: number, change: StockChange): Promise<void> {
    let shops = pendingChanges.get(tx);
    if (!shops) pendingChanges.set(tx, (shops = new Map<number, { version: number; change: StockChange }>()));
    const earlier = shops.get(shopId);
    if (earlier) {
      earlier.change = combine(earlier.change, change);
      return;
    }
    const row = await tx
      .updateTable('shops')
      .set({ inventory_version: sql`inventory_version + 1` })
      .where('id', '=', shopId)
      .returning('inventory_version')
      .executeTakeFirstOrThrow();
    const pending = { version: Number(row.inventory_version), change };
    shops.set(shopId, pending);
    afterCommit(tx, () => this.follow(shopId, pending.version, pending.change));
  }

  /** After this process's committed write moved `shopId` to `version`: the held index follows, or is dropped. */
  private follow(shopId: number, version: number, change: StockChange): Promise<void> {
    return this.indexes.advance(shopId, version - 1, version, async (index) => {
      switch (change.kind) {
        case 'quantities':
          return [...change.quantities].every(([id, quantity]) => index.setQuantity(id, quantity)) &&
            [...(change.asking ?? [])].every(([id, cents]) => index.setAsking(id, cents)) &&
            [...(change.locations ?? [])].every(([id, place]) => index.setLocation(id, place))
            ? index
            : undefined;
        case 'located':
          return change.ids.every((id) => index.setLocation(id, change.location)) ? index : undefined;
        case 'row': {
          if (index.setQuantity(change.id, change.quantity))
            return !change.location || index.setLocation(change.id, change.location.place) ? index : undefined;
          const added = await repo.indexRow(this.db, shopId, change.id);
          return added && index.withRow(added);
        }
        case 'emptied':
          return new ShopIndex([]);
        case 'prices':
        case 'other':
          return undefined;
      }
    });
  }

  /** The state of a shop's inventory its staff's answers are kept under. */
  state(shopId: number): Promise<InventoryState> {
    return this.states.get(shopId, () => this.readState(shopId));
  }

  /**
   * The state a quote is kept under (what the shop offers for a customer's sell list): until this process writes, at
   * most a second, on either engine, as a storefront's shop; another server's change reaches it within that second.
   * Acting on the stock (submitting, grading, accepting) reads the database in its own transaction instead.
   */
  quoteState(shopId: number): Promise<InventoryState> {
    return this.quoteStates.get(shopId, () => this.readState(shopId));
  }

  private async readState(shopId: number): Promise<InventoryState> {
    const row = await inventoryStateOf(this.db, shopId);
    return {
      inventory: Number(row?.inventory_version ?? 0),
      catalog: row?.catalog_version ?? '',
      pricing: row?.pricing ?? null,
    };
  }

  /** A shop by its subdomain (kept), or by name or id (read each time), with its inventory's state. */
  publicShop(by: { subdomain: string } | { name: string } | { id: number }): Promise<PublicShop | undefined> {
    if ('subdomain' in by) return this.publicShops.get(by.subdomain, () => publicShopRow(this.db, by));
    return publicShopRow(this.db, by);
  }

  /**
   * A page of the rows that match, from the shop's index for `state`. A row
   * deleted since the index was read is simply left out.
   */
  async page(
    shopId: number,
    state: InventoryState,
    query: InventoryQuery,
    page: number,
    size: number,
    order?: RowOrder,
  ) {
    const ids = await this.matches(shopId, state, query, order);
    const pageIds = Array.from(ids.subarray((page - 1) * size, page * size));
    const found = pageIds.length ? await repo.rowsByIds(this.db, shopId, pageIds) : [];
    const byId = new Map(found.map((r) => [r.id, r]));
    return { rows: pageIds.flatMap((id) => byId.get(id) ?? []), total: ids.length };
  }

  /**
   * The ids of the shop's rows that match, from the shop's index for `state`: in name order for staff, or, given
   * an `order` (the storefront's), in that order with `usd` terms on the price customers pay under the shop's rule.
   */
  async matches(shopId: number, state: InventoryState, query: InventoryQuery, order?: RowOrder): Promise<Int32Array> {
    const index = await this.index(shopId, state);
    if (!order) return index.match(query);
    return index.match(query, { order, rule: pricingRuleOf(state.pricing), ruleKey: state.pricing ?? '' });
  }

  /** The first in-stock row of each name that matches, in name order, at most `limit` (ShopIndex.firstOfEachName). */
  async firstOfEachName(shopId: number, state: InventoryState, query: InventoryQuery, limit: number) {
    const ids = (await this.index(shopId, state)).firstOfEachName(query, limit);
    const found = ids.length ? await repo.rowsByIds(this.db, shopId, ids) : [];
    const byId = new Map(found.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  private index(shopId: number, state: InventoryState): Promise<ShopIndex> {
    return this.indexes.get(shopId, state, async () => ShopIndex.of(await repo.indexRows(this.db, shopId)));
  }

  /**
   * An answer computed from a shop's inventory as it stands: kept serialized
   * under everything it depends on (inventory and catalog versions, pricing
   * rule, and whatever else `what` names), so repeated page turns and
   * searches cost a lookup.
   */
  answer(
    shopId: number,
    state: InventoryState,
    what: string,
    make: () => Promise<Serialized>,
    /** Answers of this kind, per shop and state, kept at most `max` (AnswerCache): for inputs anyone may vary. */
    limit?: { kind: string; max: number },
  ): Promise<Serialized> {
    const base = `${shopId}|${state.inventory}|${state.catalog}|${state.pricing ?? ''}`;
    return this.answers.get(`${base}|${what}`, make, limit && { group: `${base}|${limit.kind}`, max: limit.max });
  }
}

/** What a module that writes stock needs of the read model. */
export type StockWriter = Pick<InventoryReadModel, 'stockChanged'>;
