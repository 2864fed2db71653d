import { centsToDollars } from '@cardstock/contract';
import type { AdminAnalytics } from '@cardstock/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { isSaleSql } from '../orders/orders.repository.ts';

const n = (value: unknown) => Number(value ?? 0);

export const adminAnalyticsRepository = {
  /** The platform's figures now: shops, users, stock, today's orders and revenue, live sessions. */
  async platformFigures(db: Executor, now: string, today: string): Promise<AdminAnalytics['platform']> {
    const [shops, users, stock, orders, sessions] = await Promise.all([
      db
        .selectFrom('shops')
        .select((eb) => [
          eb.fn.countAll().as('total'),
          sql<number>`sum(case when is_active = 1 then 1 else 0 end)`.as('active'),
        ])
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('inventory')
        .select((eb) => [eb.fn.countAll().as('rows'), eb.fn.sum('quantity').as('copies')])
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('orders')
        .select([
          sql<number>`sum(case when status = 'pending' then 1 else 0 end)`.as('pending'),
          sql<number>`sum(case when created_at >= ${today} then 1 else 0 end)`.as('today'),
          sql<number>`sum(case when ${isSaleSql('status')} and created_at >= ${today} then total_cents else 0 end)`.as(
            'cents',
          ),
        ])
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      stores: n(shops.total),
      active_stores: n(shops.active),
      users: n(users.n),
      inventory_items: n(stock.rows),
      cards_in_stock: n(stock.copies),
      pending_orders: n(orders.pending),
      orders_today: n(orders.today),
      revenue_today: centsToDollars(n(orders.cents)),
      active_sessions: n(sessions.n),
    };
  },
};
