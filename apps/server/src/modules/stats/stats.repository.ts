import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** The shop's confirmed sales: the lines of its confirmed orders. */
const confirmedLines = (db: Executor, shopId: number) =>
  db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .where('orders.shop_id', '=', shopId)
    .where('orders.status', '=', 'confirmed');

export const statsRepository = {
  async summary(db: Executor, shopId: number) {
    const orders = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('shop_id', '=', shopId)
      .where('status', '=', 'confirmed')
      .executeTakeFirstOrThrow();
    const cards = await confirmedLines(db, shopId)
      .select((eb) => eb.fn.sum<number | null>('order_lines.quantity').as('n'))
      .executeTakeFirstOrThrow();
    return { totalOrders: Number(orders.n), cardsSold: Number(cards.n ?? 0) };
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
      .where('status', '=', 'confirmed')
      .groupBy(day)
      .orderBy(day)
      .execute();
  },

  topSelling(db: Executor, shopId: number, limit: number) {
    const sold = sql<number>`sum(order_lines.quantity)`;
    return confirmedLines(db, shopId)
      .select(['order_lines.card_name', 'order_lines.set_code', sold.as('sold')])
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
