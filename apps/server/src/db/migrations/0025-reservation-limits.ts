import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Limits of online reservations a shop sets (issue 38): one JSON text on the shop (null: the defaults), and on an
 * order the client address it was reserved from, so open reservations can be counted per address as per e-mail.
 */
export const migration = (_engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('shops').addColumn('reservation_limits', 'text').execute();
    await db.schema.alterTable('orders').addColumn('customer_ip', 'text').execute();
    // The cap of open reservations per address, per shop.
    await db.schema.createIndex('orders_customer_ip').on('orders').columns(['shop_id', 'customer_ip']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('orders_customer_ip').execute();
    await db.schema.alterTable('orders').dropColumn('customer_ip').execute();
    await db.schema.alterTable('shops').dropColumn('reservation_limits').execute();
  },
});
