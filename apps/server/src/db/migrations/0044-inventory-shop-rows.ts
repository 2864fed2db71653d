import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * A shop's stock rows in row order, on SQLite (issue 42): a channel's push reads a shop of 100,000 rows a page at a
 * time by id. Without this index each page sorted every row of the shop again (35 ms a page on SQLite, whose one
 * thread answers nothing else meanwhile); with it a page is a range of the index (3.5 ms). Not on PostgreSQL: there
 * the sort runs in the database's own process, and the index changed how an order's one statement that takes its
 * rows (`stock-writes.ts`, `takeAll`) reaches them, so orders placed and rejected at once locked the same rows in
 * different orders and deadlocked.
 */
export const migration = (engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    if (engine !== 'sqlite') return;
    await db.schema.createIndex('inventory_shop_rows').on('inventory').columns(['shop_id', 'id']).execute();
  },
  async down(db: Kysely<unknown>) {
    if (engine !== 'sqlite') return;
    await db.schema.dropIndex('inventory_shop_rows').execute();
  },
});
