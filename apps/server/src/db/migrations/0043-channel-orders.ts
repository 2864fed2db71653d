import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Orders from a marketplace (issue 42, decision 042). `channel_orders` holds every marketplace order a channel took
 * or passed over, keyed by the marketplace's own order id: its key is what makes an order taken once, whatever
 * retries, restarts or second servers do. An order taken is an `orders` row (source kind `marketplace`) that carries
 * the marketplace's order code, and what it named that the shop no longer had (`missing`, JSON; null when nothing
 * is missing or staff have dealt with it). A listing keeps the stock kinds it lists (`kinds`, JSON), so an order for
 * its product takes from those rows. A channel keeps what its last reconciliation found (`reconciled`, JSON) and when.
 */
export const migration = (_engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('channel_orders')
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('market_id', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('order_id', 'integer')
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('channel_orders_pk', ['shop_id', 'channel', 'market_id'])
      .execute();
    await db.schema.alterTable('orders').addColumn('market_code', 'text').execute();
    await db.schema.alterTable('orders').addColumn('missing', 'text').execute();
    await db.schema.alterTable('channel_listings').addColumn('kinds', 'text').execute();
    await db.schema.alterTable('shop_channels').addColumn('last_reconcile_at', 'text').execute();
    await db.schema.alterTable('shop_channels').addColumn('reconciled', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('shop_channels').dropColumn('reconciled').execute();
    await db.schema.alterTable('shop_channels').dropColumn('last_reconcile_at').execute();
    await db.schema.alterTable('channel_listings').dropColumn('kinds').execute();
    await db.schema.alterTable('orders').dropColumn('missing').execute();
    await db.schema.alterTable('orders').dropColumn('market_code').execute();
    await db.schema.dropTable('channel_orders').execute();
  },
});
