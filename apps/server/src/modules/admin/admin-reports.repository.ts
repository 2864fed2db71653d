import { centsToDollars } from '@cardstock/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { isSaleSql, saleStatuses } from '../orders/orders.repository.ts';

const n = (value: unknown) => Number(value ?? 0);
const day = sql<string>`substr(orders.created_at, 1, 10)`;
const confirmed = (column: string) =>
  sql<number>`sum(case when ${isSaleSql('orders.status')} then ${sql.ref(column)} else 0 end)`;

/** Platform-wide figures over `[from, now]` for the reports screen; timestamps compare as ISO text. */
export const adminReportsRepository = {
  async overview(db: Executor, from: string) {
    const [shops, users, orders] = await Promise.all([
      db
        .selectFrom('shops')
        .select((eb) => [
          eb.fn.countAll().as('total'),
          sql<number>`sum(case when is_active = 1 then 1 else 0 end)`.as('active'),
          sql<number>`sum(case when created_at >= ${from} then 1 else 0 end)`.as('new'),
        ])
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('users')
        .select((eb) => [
          eb.fn.countAll().as('total'),
          sql<number>`sum(case when created_at >= ${from} then 1 else 0 end)`.as('new'),
          sql<number>`sum(case when last_used_at >= ${from} then 1 else 0 end)`.as('active'),
        ])
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('orders')
        .select((eb) => [
          eb.fn.countAll().as('orders'),
          sql<number>`sum(case when ${isSaleSql('orders.status')} then 1 else 0 end)`.as('confirmed'),
          confirmed('orders.total_items').as('cards'),
          confirmed('orders.total_cents').as('cents'),
        ])
        .where('orders.created_at', '>=', from)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      total_stores: n(shops.total),
      active_stores: n(shops.active),
      new_stores: n(shops.new),
      total_users: n(users.total),
      new_users: n(users.new),
      active_users: n(users.active),
      orders: n(orders.orders),
      confirmed_orders: n(orders.confirmed),
      cards_sold: n(orders.cards),
      revenue: centsToDollars(n(orders.cents)),
    };
  },

  /** Every shop with its orders in the range, best revenue first. */
  async stores(db: Executor, from: string) {
    const inRange = db
      .selectFrom('orders')
      .select((eb) => [
        'orders.shop_id',
        eb.fn.countAll().as('orders'),
        sql<number>`sum(case when ${isSaleSql('orders.status')} then 1 else 0 end)`.as('confirmed'),
        confirmed('orders.total_items').as('cards'),
        confirmed('orders.total_cents').as('cents'),
      ])
      .where('orders.created_at', '>=', from)
      .groupBy('orders.shop_id')
      .as('o');
    const rows = await db
      .selectFrom('shops')
      .leftJoin(inRange, 'o.shop_id', 'shops.id')
      .select([
        'shops.id',
        'shops.name',
        'shops.subdomain',
        'shops.is_active',
        'o.orders',
        'o.confirmed',
        'o.cards',
        'o.cents',
      ])
      .execute();
    return rows
      .map((r) => ({
        store_id: r.id,
        store_name: r.name,
        subdomain: r.subdomain,
        is_active: r.is_active === 1,
        orders: n(r.orders),
        confirmed_orders: n(r.confirmed),
        cards_sold: n(r.cards),
        revenue: centsToDollars(n(r.cents)),
      }))
      .sort((a, b) => b.revenue - a.revenue || b.orders - a.orders || a.store_name.localeCompare(b.store_name));
  },

  async users(db: Executor, from: string) {
    const signupDay = sql<string>`substr(users.created_at, 1, 10)`;
    const [byRole, signups, active] = await Promise.all([
      db
        .selectFrom('users')
        .select((eb) => ['platform_role as role', eb.fn.countAll().as('count')])
        .groupBy('platform_role')
        .orderBy('platform_role')
        .execute(),
      db
        .selectFrom('users')
        .select((eb) => [signupDay.as('date'), eb.fn.countAll().as('count')])
        .where('users.created_at', '>=', from)
        .groupBy(signupDay)
        .orderBy(signupDay)
        .execute(),
      db
        .selectFrom('users')
        .leftJoin('shops', 'shops.id', 'users.shop_id')
        .select((eb) => [
          'users.email',
          'shops.name as shop_name',
          'users.last_used_at as last_login',
          eb
            .selectFrom('orders')
            .select(eb.fn.countAll().as('n'))
            .where('orders.source_kind', '=', 'staff')
            .whereRef('orders.source_id', '=', 'users.id')
            .where('orders.created_at', '>=', from)
            .as('orders'),
        ])
        .where('users.last_used_at', '>=', from)
        .execute(),
    ]);
    return {
      by_role: byRole.map((r) => ({ role: r.role, count: n(r.count) })),
      signups_by_day: signups.map((r) => ({ date: r.date, count: n(r.count) })),
      most_active: active
        .map((r) => ({ email: r.email, shop_name: r.shop_name, last_login: r.last_login, orders: n(r.orders) }))
        .sort((a, b) => b.orders - a.orders || (b.last_login ?? '').localeCompare(a.last_login ?? ''))
        .slice(0, 50),
    };
  },

  async revenueByDay(db: Executor, from: string) {
    const rows = await db
      .selectFrom('orders')
      .select((eb) => [day.as('date'), eb.fn.countAll().as('orders'), eb.fn.sum('orders.total_cents').as('cents')])
      .where('orders.status', 'in', saleStatuses)
      .where('orders.created_at', '>=', from)
      .groupBy(day)
      .orderBy(day)
      .execute();
    return rows.map((r) => ({ date: r.date, orders: n(r.orders), revenue: centsToDollars(n(r.cents)) }));
  },
};
