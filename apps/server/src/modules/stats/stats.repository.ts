import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { marketPriceSql } from '../inventory/inventory.repository.ts';
import { saleStatuses } from '../orders/orders.repository.ts';

/**
 * The shop's sales: the lines of its confirmed orders and picked-up reservations (a no-show sold nothing), each with
 * the copies returned at the register since (`returned.quantity`, null for none): a sale counts net of its returns.
 */
const confirmedLines = (db: Executor, shopId: number) =>
  db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .leftJoin(
      db
        .selectFrom('sale_return_lines')
        .select(['order_line_id', sql<number>`sum(quantity)`.as('quantity')])
        .where('shop_id', '=', shopId)
        .groupBy('order_line_id')
        .as('returned'),
      'returned.order_line_id',
      'order_lines.id',
    )
    .where('orders.shop_id', '=', shopId)
    .where('orders.status', 'in', saleStatuses);

/** The copies of a line kept after its returns. */
const keptCopies = sql<number>`(order_lines.quantity - coalesce(returned.quantity, 0))`;
/** What a line sold for (after its share of a sale's discount) … */
const lineRevenue = sql<number>`(order_lines.quantity * order_lines.unit_price_cents - order_lines.discount_cents)`;
/**
 * … and of it what its kept copies sold for: the same share a return of the others gave back, rounded half up in
 * whole cents (`returnShareCents`), so a line returned whole counts 0.
 */
const keptRevenue = sql<number>`(cast(${lineRevenue} as bigint) * ${keptCopies} * 2 + order_lines.quantity) / (2 * order_lines.quantity)`;

export const statsRepository = {
  async summary(db: Executor, shopId: number) {
    const orders = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('shop_id', '=', shopId)
      .where('status', 'in', saleStatuses)
      .executeTakeFirstOrThrow();
    const cards = await confirmedLines(db, shopId)
      .select(sql<number | null>`sum(${keptCopies})`.as('n'))
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

  /**
   * Confirmed orders and revenue per day of confirmation (UTC), oldest first; a sale's revenue net of what its returns
   * gave back since, on the sale's day (the sales report counts a return on the day it was given).
   */
  async byDate(db: Executor, shopId: number) {
    const day = sql<string>`substr(decided_at, 1, 10)`;
    const [days, returned] = await Promise.all([
      db
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
        .execute(),
      confirmedLines(db, shopId)
        .where('returned.quantity', 'is not', null)
        .select([
          sql<string>`substr(orders.decided_at, 1, 10)`.as('date'),
          sql<number>`sum(${lineRevenue} - ${keptRevenue})`.as('cents'),
        ])
        .groupBy(sql`substr(orders.decided_at, 1, 10)`)
        .execute(),
    ]);
    const back = new Map(returned.map((r) => [r.date, Number(r.cents)]));
    return days.map((d) => ({ ...d, cents: Number(d.cents) - (back.get(d.date) ?? 0) }));
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

  /** The best sellers by copies kept (net of returns), with their revenue and, where costs are known, their margin. */
  topSelling(db: Executor, shopId: number, limit: number) {
    const sold = sql<number>`sum(${keptCopies})`;
    return confirmedLines(db, shopId)
      .select([
        'order_lines.card_name',
        'order_lines.set_code',
        sold.as('sold'),
        // A register sale's line counts after its share of the sale's discount (0 on an order), less its returns.
        sql<number>`sum(${keptRevenue})`.as('revenue_cents'),
        // Only the copies whose cost is known count toward the margin: their revenue and their cost.
        sql<number>`sum(case when order_lines.unit_cost_cents is null then 0 else ${keptRevenue} end)`.as(
          'costed_revenue_cents',
        ),
        sql<number | null>`sum(${keptCopies} * order_lines.unit_cost_cents)`.as('cost_cents'),
      ])
      .having(sold, '>', 0)
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
