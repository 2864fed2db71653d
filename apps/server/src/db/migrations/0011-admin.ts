import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * The platform admin area on real data. `shops.is_active` (suspension) and
 * `users.is_active` exist since 0002; this adds what the admin screens edit:
 * an account's username (the create-store form names the owner by one) and a
 * shop's admin settings, and an index for reports over a date range.
 */
export const migration = (_engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('username', 'text').execute();
    // Spec 001 §3 store settings: orders wait for approval (1, as every order does today); item cap 1000.
    await db.schema
      .alterTable('shops')
      .addColumn('require_approval', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('shops')
      .addColumn('max_inventory_items', 'integer', (c) => c.notNull().defaultTo(1000))
      .execute();
    await db.schema.createIndex('orders_created').on('orders').column('created_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('orders_created').execute();
    await db.schema.alterTable('shops').dropColumn('max_inventory_items').execute();
    await db.schema.alterTable('shops').dropColumn('require_approval').execute();
    await db.schema.alterTable('users').dropColumn('username').execute();
  },
});
