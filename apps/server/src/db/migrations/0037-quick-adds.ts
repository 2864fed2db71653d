import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { withId } from './helpers.ts';

/**
 * Quick add's additions (issue 41): one copy each, on a stock row or a sealed product, kept so that an undo takes
 * back exactly that copy, once. No foreign key to the row: an undo of a row gone since is refused by reading it.
 */
export const migration = (engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('quick_adds'), engine)
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('inventory_id', 'integer')
      .addColumn('sealed_id', 'integer')
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('undone_at', 'text')
      .execute();
    await db.schema.createIndex('quick_adds_shop').on('quick_adds').columns(['shop_id', 'id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('quick_adds').execute();
  },
});
