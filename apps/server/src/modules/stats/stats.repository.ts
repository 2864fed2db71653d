import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { marketPriceSql } from '../inventory/inventory.repository.ts';
import { saleStatuses } from '../orders/orders.repository.ts';

/** The shop's sales: the lines of its confirmed orders and picked-up reservations (a no-show sold nothing). */
const confirmedLines = (db: Executor, shopId: number) =>
  db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .where('orders.shop_id', '=', shopId)
    .where('orders.status', 'in', saleStatuses);

export const statsRepository = {
  async summary(db: Executor, shopId: number) {
    const orders = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('shop_id', '=', shopId)
      .where('status', 'in', saleStatuses)
      .executeTakeFirstOrThrow();
    const cards = await confirmedLines(db, shopId)
      .select((eb) => eb.fn.sum<number | null>('order_lines.quantity').as('n'))
      .executeTakeFirstOrThrow();
    return { totalOrders: Number(orders.n), cardsSold: Number(cards.n ?? 0) };
  },

  /**
   * The shop's stock in hand grouped by what prices it (asking price, condition, market price of the finish):
   * far fewer groups than rows, each priced once by the pricing rule.
   */
  stockByPrice(db: Executor, shopId: number) {
    const market = marketPriceSql;
    return db
      .selectFrom('inventory')
      .innerJoin('cards', 'cards.id', 'inventory.card_id')
      .where('inventory.shop_id', '=', shopId)
      .where('inventory.quantity', '>', 0)
      .select([
        'inventory.asking_price',
        'inventory.quality',
        'inventory.language',
        market.as('market'),
        sql<number>`sum(inventory.quantity)`.as('copies'),
        sql<number>`count(*)`.as('rows'),
      ])
      .groupBy(['inventory.asking_price', 'inventory.quality', 'inventory.language', market])
      .execute();
  },

  /** The shop's sealed stock in hand: priced (price × units) and unpriced ($0) apart. */
  /** The shop's low-stock threshold. */
  async lowStockThreshold(db: Executor, shopId: number): Promise<number> {
    const row = await db
      .selectFrom('shops')
      .select('low_stock_threshold')
      .where('id', '=', shopId)
      .executeTakeFirstOrThrow();
    return row.low_stock_threshold;
  },

  /** Rows with `threshold` copies or fewer, fewest first then by name, at most `limit`, and how many there are. */
  async lowStockRows(db: Executor, shopId: number, threshold: number, limit: number) {
    const low = db
      .selectFrom('inventory')
      .where('inventory.shop_id', '=', shopId)
      .where('inventory.quantity', '<=', threshold);
    const [rows, count] = await Promise.all([
      low
        .innerJoin('cards', 'cards.id', 'inventory.card_id')
        .select([
          'inventory.card_id',
          'cards.name',
          'cards.set_code',
          'cards.collector_number',
          'inventory.finish',
          'inventory.quality',
          'inventory.language',
          'inventory.signed',
          'inventory.altered',
          'inventory.quantity',
        ])
        .orderBy('inventory.quantity')
        .orderBy('inventory.sort_name')
        .orderBy('inventory.id')
        .limit(limit)
        .execute(),
      low.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  },

  /** Sealed products with `threshold` units or fewer, fewest first then by name, at most `limit`, and how many. */
  async lowStockSealed(db: Executor, shopId: number, threshold: number, limit: number) {
    const low = db.selectFrom('sealed_products').where('shop_id', '=', shopId).where('quantity', '<=', threshold);
    const [rows, count] = await Promise.all([
      low.select(['id', 'name', 'set_code', 'quantity']).orderBy('quantity').orderBy('name').limit(limit).execute(),
      low.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  },

  async sealedValue(db: Executor, shopId: number) {
    const row = await db
      .selectFrom('sealed_products')
      .where('shop_id', '=', shopId)
      .where('quantity', '>', 0)
      .select([
        sql<number | null>`sum(case when price > 0 then price * quantity else 0 end)`.as('cents'),
        sql<number | null>`sum(case when price > 0 then 0 else 1 end)`.as('unpricedRows'),
        sql<number | null>`sum(case when price > 0 then 0 else quantity end)`.as('unpricedUnits'),
      ])
      .executeTakeFirstOrThrow();
    return {
      cents: Number(row.cents ?? 0),
      unpricedRows: Number(row.unpricedRows ?? 0),
      unpricedUnits: Number(row.unpricedUnits ?? 0),
    };
  },

  async totalCards(db: Executor, shopId: number): Promise<number> {
    const row = await db
      .selectFrom('inventory')
      .select((eb) => eb.fn.sum<number | null>('quantity').as('n'))
      .where('shop_id', '=', shopId)
      .executeTakeFirstOrThrow();
    return Number(row.n ?? 0);
  },

  /** Confirmed orders and revenue per day of confirmation (UTC), oldest first. */
  byDate(db: Executor, shopId: number) {
    const day = sql<string>`substr(decided_at, 1, 10)`;
    return db
      .selectFrom('orders')
      .select([
        day.as('date'),
        (eb) => eb.fn.countAll<number>().as('orders'),
        (eb) => eb.fn.sum<number>('total_cents').as('cents'),
      ])
      .where('shop_id', '=', shopId)
      .where('status', 'in', saleStatuses)
      .groupBy(day)
      .orderBy(day)
      .execute();
  },

  /**
   * Accepted buy orders per day of acceptance (UTC), oldest first: how many, the copies bought (what each line
   * wanted when it was accepted), and what was paid in cash or given as store credit.
   */
  buysByDate(db: Executor, shopId: number) {
    const day = sql<string>`substr(buy_orders.decided_at, 1, 10)`;
    return db
      .selectFrom('buy_orders')
      .select([
        day.as('date'),
        (eb) => eb.fn.countAll<number>().as('buys'),
        sql<
          number | null
        >`sum((select sum(buy_lines.wanted) from buy_lines where buy_lines.buy_order_id = buy_orders.id))`.as('copies'),
        sql<number | null>`sum(case when buy_orders.payout = 'cash' then buy_orders.paid_cents else 0 end)`.as('cash'),
        sql<number | null>`sum(case when buy_orders.payout = 'credit' then buy_orders.paid_cents else 0 end)`.as(
          'credit',
        ),
      ])
      .where('buy_orders.shop_id', '=', shopId)
      .where('buy_orders.status', '=', 'accepted')
      .groupBy(day)
      .orderBy(day)
      .execute();
  },

  topSelling(db: Executor, shopId: number, limit: number) {
    const sold = sql<number>`sum(order_lines.quantity)`;
    return confirmedLines(db, shopId)
      .select([
        'order_lines.card_name',
        'order_lines.set_code',
        sold.as('sold'),
        // A register sale's line counts after its share of the sale's discount (0 on an order).
        sql<number>`sum(order_lines.quantity * order_lines.unit_price_cents - order_lines.discount_cents)`.as(
          'revenue_cents',
        ),
        // Only the copies whose cost is known count toward the margin: their revenue and their cost.
        sql<number>`sum(case when order_lines.unit_cost_cents is null then 0 else order_lines.quantity * order_lines.unit_price_cents - order_lines.discount_cents end)`.as(
          'costed_revenue_cents',
        ),
        sql<number | null>`sum(order_lines.quantity * order_lines.unit_cost_cents)`.as('cost_cents'),
      ])
      .groupBy(['order_lines.card_name', 'order_lines.set_code'])
      .orderBy(sold, 'desc')
      .orderBy('order_lines.card_name')
      .orderBy('order_lines.set_code')
      .limit(limit)
      .execute();
  },

  latestSold(db: Executor, shopId: number, limit: number) {
    return confirmedLines(db, shopId)
      .select([
        'order_lines.card_name',
        'order_lines.set_code',
        'order_lines.quantity',
        'orders.order_number',
        'orders.decided_at',
      ])
      .orderBy('orders.decided_at', 'desc')
      .orderBy('order_lines.id', 'desc')
      .limit(limit)
      .execute();
  },
};
