import { qualities } from '@cardstock/contract';
import { sql, type Insertable, type Selectable } from 'kysely';
import { precompiled, type Engine, type Executor } from '../../db/database.ts';
import type { OrderLineTable, OrderTable } from '../../db/schema.ts';

/** Best condition first: an order without a quality takes NM copies before LP ones. */
const qualityRank = sql<number>`case inventory.quality ${sql.join(
  qualities.map((q, i) => sql`when ${sql.lit(q)} then ${sql.lit(i)}`),
  sql` `,
)} else ${sql.lit(qualities.length)} end`;

/**
 * The statuses of an order that is a sale: confirmed, and an online reservation picked up since. Not a no-show (its
 * cards went back on sale), nor a pending, rejected or expired order. Every figure of sales counts these alone.
 */
export const saleStatuses = ['confirmed', 'picked_up'] as const;

/** The statuses whose lines are still to pick: waiting for a decision, or confirmed and awaiting pickup (issue 41). */
export const pickableStatuses = ['pending', 'confirmed'] as const;

/** `saleStatuses` as an SQL condition on a status column, for sums written as SQL. */
export const isSaleSql = (column: string) => sql<boolean>`${sql.ref(column)} in ('confirmed', 'picked_up')`;

/** What a shop's pending queue is kept under: its orders version, and when its first pending hold ends. */
export interface OrdersState {
  version: number;
  /** ISO time the earliest pending reservation's hold ends, null when none is held. */
  firstHoldEnds: string | null;
}

/** The pending queue's state: run on a poll the kept state does not answer (compiled once; see `precompiled`). */
const ordersStateOf = precompiled((db: Executor, shopId: number) =>
  db
    .selectFrom('shops')
    .select((eb) => [
      'orders_version',
      eb
        .selectFrom('orders')
        .select((o) => o.fn.min<string>('orders.hold_until').as('first'))
        .where('orders.status', '=', 'pending')
        .whereRef('orders.shop_id', '=', 'shops.id')
        .as('first_hold_ends'),
    ])
    .where('id', '=', shopId),
);

export const ordersRepository = {
  /** The shop's rows that can serve a cart line, best condition first, with what pricing needs. */
  /**
   * The shop's rows of these printings, every finish, language and condition, best condition first: one read for a
   * cart's lines, each picking its own rows (`stockOfLine`).
   */
  stockOf(db: Executor, shopId: number, cardIds: readonly string[]) {
    if (cardIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('inventory')
      .innerJoin('cards', 'cards.id', 'inventory.card_id')
      .select([
        'inventory.id',
        'inventory.card_id',
        'inventory.finish',
        'inventory.language',
        'inventory.signed',
        'inventory.altered',
        'inventory.quality',
        'inventory.quantity',
        'inventory.asking_price',
        'inventory.cost_cents',
        'cards.name',
        'cards.set_code',
        'cards.price_usd',
        'cards.price_usd_foil',
        'cards.price_usd_etched',
      ])
      .where('inventory.shop_id', '=', shopId)
      .where('inventory.card_id', 'in', [...new Set(cardIds)])
      .orderBy(qualityRank)
      .orderBy('inventory.id')
      .execute();
  },

  /** Where and when a shop's customers pick up: its address, opening hours and time zone. */
  pickupPlace(db: Executor, shopId: number) {
    return db
      .selectFrom('shops')
      .select(['address', 'city', 'state', 'country', 'pickup_hours', 'time_zone'])
      .where('id', '=', shopId)
      .executeTakeFirst();
  },

  cardName(db: Executor, cardId: string) {
    return db.selectFrom('cards').select(['name', 'set_code']).where('id', '=', cardId).executeTakeFirst();
  },

  /** Takes units of a sealed product if it still has them: what is left, or undefined when it has not. */
  async takeSealed(db: Executor, shopId: number, sealedId: number, quantity: number, at: string) {
    const row = await db
      .updateTable('sealed_products')
      .set({ quantity: sql`quantity - ${quantity}`, updated_at: at })
      .where('id', '=', sealedId)
      .where('shop_id', '=', shopId)
      .where('quantity', '>=', quantity)
      .returning('quantity')
      .executeTakeFirst();
    return row?.quantity;
  },

  /** Puts units back on a sealed product of the shop: its new quantity, or undefined when it is gone. */
  async giveBackSealed(db: Executor, shopId: number, sealedId: number, quantity: number, at: string) {
    const row = await db
      .updateTable('sealed_products')
      .set({ quantity: sql`quantity + ${quantity}`, updated_at: at })
      .where('id', '=', sealedId)
      .where('shop_id', '=', shopId)
      .returning('quantity')
      .executeTakeFirst();
    return row?.quantity;
  },

  /** The next callout of the shop's day: one atomic upsert, so two orders never share one. */
  async nextCallout(db: Executor, shopId: number, day: string): Promise<number> {
    const row = await db
      .insertInto('order_counters')
      .values({ shop_id: shopId, day, last: 1 })
      .onConflict((oc) => oc.columns(['shop_id', 'day']).doUpdateSet({ last: sql`order_counters.last + 1` }))
      .returning('last')
      .executeTakeFirstOrThrow();
    return Number(row.last);
  },

  byIdempotencyKey(db: Executor, shopId: number, key: string) {
    return db
      .selectFrom('orders')
      .select(['order_number', 'idempotency_fingerprint'])
      .where('shop_id', '=', shopId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  },

  async insert(
    db: Executor,
    order: Insertable<OrderTable>,
    lines: (Omit<Insertable<OrderLineTable>, 'order_id' | 'language' | 'signed' | 'altered'> & {
      language: string;
      signed: number;
      altered: number;
    })[],
  ): Promise<{ id: number; lines: Selectable<OrderLineTable>[] }> {
    const { id } = await db.insertInto('orders').values(order).returning('id').executeTakeFirstOrThrow();
    // None on a register's sale that is a trade-in alone (an insert of no rows is not SQL).
    const written = lines.length
      ? await db
          .insertInto('order_lines')
          .values(lines.map((l) => ({ ...l, order_id: id })))
          .returningAll()
          .execute()
      : [];
    // In the order `linesOf` reads them (the rows an insert returns come in no promised order).
    return { id, lines: written.sort((a, b) => a.id - b.id) };
  },

  find(db: Executor, shopId: number, orderNumber: string) {
    return db
      .selectFrom('orders')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('order_number', '=', orderNumber)
      .executeTakeFirst();
  },

  /**
   * The order a transaction is about to move on (decide, expire, close), its row locked until the transaction ends on
   * PostgreSQL (SQLite writes one transaction at a time), without writing it: a transaction that gives copies back
   * does so before it writes the order. Placing takes stock rows and then the shop's row (the orders-version trigger,
   * the inventory version); writing the order first would take the shop's row before the stock rows, and the two
   * would wait on each other in a circle.
   */
  lockToDecide(db: Executor, engine: Engine, shopId: number, orderNumber: string) {
    return db
      .selectFrom('orders')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('order_number', '=', orderNumber)
      .$if(engine === 'postgres', (q) => q.forNoKeyUpdate())
      .executeTakeFirst();
  },

  /**
   * Moves a pending order to `status` (with the shop's reason, when it rejects and gives one); false when it was not
   * pending any more.
   */
  async decide(
    db: Executor,
    orderId: number,
    status: 'confirmed' | 'rejected' | 'expired',
    by: string,
    at: string,
    reason: string | null = null,
  ) {
    const result = await db
      .updateTable('orders')
      .set({ status, decided_at: at, decided_by: by, reason })
      .where('id', '=', orderId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Sets a confirmed online reservation's pickup deadline (in its confirmation's transaction). */
  /**
   * A marketplace's confirmed order cancelled there: rejected with the marketplace's reason, nothing left missing
   * (issue 42). The order as it was, or undefined when it is no longer confirmed.
   */
  async cancelMarketOrder(db: Executor, orderId: number, by: string, reason: string, at: string) {
    return db
      .updateTable('orders')
      .set({ status: 'rejected', decided_at: at, decided_by: by, reason, missing: null })
      .where('id', '=', orderId)
      .where('status', '=', 'confirmed')
      .returning(['order_number', 'market_code'])
      .executeTakeFirst();
  },

  /** The shop's confirmed marketplace orders that still name missing copies, oldest first. */
  needingAttention(db: Executor, shopId: number, limit: number) {
    return db
      .selectFrom('orders')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('status', '=', 'confirmed')
      .where('missing', 'is not', null)
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  /** Clears a confirmed order's missing copies: the number of orders cleared (0: none missing, or no such order). */
  async clearMissing(db: Executor, shopId: number, orderNumber: string): Promise<number> {
    const result = await db
      .updateTable('orders')
      .set({ missing: null })
      .where('shop_id', '=', shopId)
      .where('order_number', '=', orderNumber)
      .where('missing', 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  async holdForPickup(db: Executor, orderId: number, until: string): Promise<void> {
    await db.updateTable('orders').set({ pickup_until: until }).where('id', '=', orderId).execute();
  },

  /**
   * Ends a confirmed online reservation: picked up, or a no-show. False when it was not a confirmed online
   * reservation any more: the guard in the update itself, so of two calls at once only one ends it (PostgreSQL
   * makes the second wait on the row and then see it changed; SQLite writes one at a time).
   */
  async closePickup(db: Executor, orderId: number, status: 'picked_up' | 'no_show', at: string) {
    const result = await db
      .updateTable('orders')
      .set({ status, closed_at: at })
      .where('id', '=', orderId)
      .where('status', '=', 'confirmed')
      .where('source_kind', '=', 'online')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** A shop's pending online reservations placed with `email` and from `ip`. */
  async openReservationCounts(
    db: Executor,
    shopId: number,
    email: string,
    ip: string,
  ): Promise<{ byEmail: number; byAddress: number }> {
    const row = await db
      .selectFrom('orders')
      .select((eb) => [
        eb.fn.sum<number>(eb.case().when('customer_email', '=', email).then(1).else(0).end()).as('by_email'),
        eb.fn.sum<number>(eb.case().when('customer_ip', '=', ip).then(1).else(0).end()).as('by_address'),
      ])
      .where('shop_id', '=', shopId)
      .where('status', '=', 'pending')
      .where('source_kind', '=', 'online')
      .where((eb) => eb.or([eb('customer_email', '=', email), eb('customer_ip', '=', ip)]))
      .executeTakeFirstOrThrow();
    return { byEmail: Number(row.by_email ?? 0), byAddress: Number(row.by_address ?? 0) };
  },

  /** The copies a shop's pending online reservations hold. */
  async heldCopies(db: Executor, shopId: number): Promise<number> {
    const row = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.sum<number>('total_items').as('n'))
      .where('shop_id', '=', shopId)
      .where('status', '=', 'pending')
      .where('source_kind', '=', 'online')
      .executeTakeFirstOrThrow();
    return Number(row.n ?? 0);
  },

  /** Pending online reservations whose hold ended by `at` (of one shop, or of every shop), oldest first. */
  expiredHolds(db: Executor, at: string, limit: number, shopId?: number) {
    let query = db
      .selectFrom('orders')
      .select(['id', 'shop_id', 'order_number'])
      .where('status', '=', 'pending')
      .where('hold_until', '<=', at);
    if (shopId !== undefined) query = query.where('shop_id', '=', shopId);
    return query.orderBy('hold_until').orderBy('id').limit(limit).execute();
  },

  /** An online reservation of a shop by its number and its customer's e-mail (stored lower-case). */
  reservation(db: Executor, shopId: number, orderNumber: string, email: string) {
    return db
      .selectFrom('orders')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('order_number', '=', orderNumber)
      .where('source_kind', '=', 'online')
      .where('customer_email', '=', email)
      .executeTakeFirst();
  },

  linesOf(db: Executor, orderIds: number[]) {
    return db
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', 'in', orderIds)
      .orderBy('order_id')
      .orderBy('id')
      .execute();
  },

  /**
   * Ticks an order line on a pick list (`at`) or unticks it (null), then writes the order's count of ticked lines
   * (which moves the orders version and logs an `order.picked` event when it changed). Run with the order locked
   * (`lockToDecide`), so the count is of every tick committed before.
   */
  async markPicked(db: Executor, orderId: number, lineId: number, at: string | null): Promise<number> {
    await db.updateTable('order_lines').set({ picked_at: at }).where('id', '=', lineId).execute();
    const row = await db
      .selectFrom('order_lines')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('order_id', '=', orderId)
      .where('picked_at', 'is not', null)
      .executeTakeFirstOrThrow();
    const picked = Number(row.n);
    await db
      .updateTable('orders')
      .set({ picked_lines: picked })
      .where('id', '=', orderId)
      .where('picked_lines', '!=', picked)
      .execute();
    return picked;
  },

  /**
   * The lines to pick of the shop's orders named (pending, or confirmed and awaiting pickup), or of every pending one:
   * each with its order's number and callout, and where its copies are kept (the stock row's or the sealed product's
   * location, null for none) and its printing's collector number.
   */
  pickLines(db: Executor, shopId: number, orderNumbers: readonly string[] | undefined) {
    let query = db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .leftJoin('inventory', (join) =>
        join.onRef('inventory.id', '=', 'order_lines.inventory_id').onRef('inventory.shop_id', '=', 'orders.shop_id'),
      )
      .leftJoin('sealed_products', (join) =>
        join
          .onRef('sealed_products.id', '=', 'order_lines.sealed_id')
          .onRef('sealed_products.shop_id', '=', 'orders.shop_id'),
      )
      .leftJoin('cards', 'cards.id', 'order_lines.card_id')
      .select([
        'orders.order_number',
        'orders.callout',
        'order_lines.card_name',
        'order_lines.set_code',
        'order_lines.finish',
        'order_lines.quality',
        'order_lines.language',
        'order_lines.quantity',
        'order_lines.sealed_id',
        'order_lines.picked_at',
        'cards.collector_number',
        (eb) => eb.fn.coalesce('inventory.location', 'sealed_products.location').as('location'),
      ])
      .where('orders.shop_id', '=', shopId);
    query = orderNumbers
      ? query.where('orders.order_number', 'in', [...orderNumbers]).where('orders.status', 'in', [...pickableStatuses])
      : query.where('orders.status', '=', 'pending');
    return query.orderBy('orders.id').orderBy('order_lines.id').execute();
  },

  /**
   * The shop's orders version (moved by the database on every write to its orders, migration 0027), and when the
   * first of its pending reservations' holds ends (null for none): what every poll of the queue must know first.
   */
  async ordersState(db: Executor, shopId: number): Promise<OrdersState> {
    const row = await ordersStateOf(db, shopId);
    return { version: Number(row?.orders_version ?? 0), firstHoldEnds: row?.first_hold_ends ?? null };
  },

  /**
   * A shop's orders in one status: pending oldest first, decided (confirmed, rejected, expired) newest first.
   * `history`: the confirmed ones with the reservations picked up or missed since (a confirmed reservation moves on to
   * one of those).
   */
  list(db: Executor, shopId: number, status: 'pending' | 'history' | 'rejected' | 'expired', limit: number) {
    return db
      .selectFrom('orders')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('status', 'in', status === 'history' ? ['confirmed', 'picked_up', 'no_show'] : [status])
      .orderBy(status === 'pending' ? 'created_at' : 'decided_at', status === 'pending' ? 'asc' : 'desc')
      .orderBy('id', status === 'pending' ? 'asc' : 'desc')
      .limit(limit)
      .execute();
  },
};

export type OrderRow = Awaited<ReturnType<typeof ordersRepository.list>>[number];
export type OrderLineRow = Awaited<ReturnType<typeof ordersRepository.linesOf>>[number];
