import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { withId } from './helpers.ts';

export const migration = (engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('orders'), engine)
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      // YYYYMMDD-<shop no>-<source no>-<callout> (DESIGN §4).
      .addColumn('order_number', 'text', (c) => c.notNull().unique())
      .addColumn('callout', 'integer', (c) => c.notNull())
      // 'staff' (a user's session) or 'device' (a paired tablet), its id and what to call it.
      .addColumn('source_kind', 'text', (c) => c.notNull())
      .addColumn('source_id', 'integer', (c) => c.notNull())
      .addColumn('source_name', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      // A client's Idempotency-Key: the same key twice gives the first order, never a second.
      .addColumn('idempotency_key', 'text')
      .addColumn('total_items', 'integer', (c) => c.notNull())
      .addColumn('total_cents', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('decided_at', 'text')
      .addColumn('decided_by', 'text')
      .addUniqueConstraint('order_idempotency', ['shop_id', 'idempotency_key'])
      .execute();
    await db.schema
      .createIndex('orders_shop_status')
      .on('orders')
      .columns(['shop_id', 'status', 'created_at'])
      .execute();

    await withId(db.schema.createTable('order_lines'), engine)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('shop_id', 'integer', (c) => c.notNull())
      // The row the copies came from, to give them back on reject; null once that row is gone.
      .addColumn('inventory_id', 'integer', (c) => c.references('inventory.id').onDelete('set null'))
      .addColumn('card_id', 'text', (c) => c.notNull())
      // What the order showed, kept as it was when placed.
      .addColumn('card_name', 'text', (c) => c.notNull())
      .addColumn('set_code', 'text', (c) => c.notNull())
      .addColumn('finish', 'text', (c) => c.notNull())
      .addColumn('quality', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
      .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_lines_order').on('order_lines').column('order_id').execute();
    await db.schema.createIndex('order_lines_inventory').on('order_lines').column('inventory_id').execute();

    // Each shop's daily callout sequence, one row per shop and day, taken with an atomic upsert.
    await db.schema
      .createTable('order_counters')
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('last', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('order_counters_pk', ['shop_id', 'day'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('order_counters').execute();
    await db.schema.dropTable('order_lines').execute();
    await db.schema.dropTable('orders').execute();
  },
});
