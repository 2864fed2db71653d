import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Reserve online, pick up in store (issue 24): a shop's switch and hold time, and on an order the customer who
 * reserved it online, until when it is held, and the reason a shop gave when it rejected it.
 */
export const migration = (_engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('shops')
      .addColumn('reservations_enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('shops')
      .addColumn('reservation_hold_hours', 'integer', (c) => c.notNull().defaultTo(48))
      .execute();
    for (const column of ['customer_name', 'customer_email', 'customer_phone', 'hold_until', 'reason'])
      await db.schema.alterTable('orders').addColumn(column, 'text').execute();
    // The expiry sweep: pending reservations by when they end.
    await db.schema.createIndex('orders_hold').on('orders').columns(['status', 'hold_until']).execute();
    // The cap of open reservations per e-mail, per shop.
    await db.schema.createIndex('orders_customer').on('orders').columns(['shop_id', 'customer_email']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('orders_customer').execute();
    await db.schema.dropIndex('orders_hold').execute();
    for (const column of ['reason', 'hold_until', 'customer_phone', 'customer_email', 'customer_name'])
      await db.schema.alterTable('orders').dropColumn(column).execute();
    await db.schema.alterTable('shops').dropColumn('reservation_hold_hours').execute();
    await db.schema.alterTable('shops').dropColumn('reservations_enabled').execute();
  },
});
