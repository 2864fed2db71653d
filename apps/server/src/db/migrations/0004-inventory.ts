import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { withId } from './helpers.ts';

export const migration = (engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('inventory'), engine)
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id'))
      .addColumn('finish', 'text', (c) => c.notNull())
      .addColumn('quality', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 0`))
      // Cents; null: the shop's pricing rule prices the row.
      .addColumn('asking_price', 'integer')
      // Copied from the card so a shop's list sorts and filters on its own index.
      .addColumn('sort_name', 'text', (c) => c.notNull())
      .addColumn('set_code', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('inventory_row', ['shop_id', 'card_id', 'finish', 'quality'])
      .execute();
    await db.schema
      .createIndex('inventory_shop_name')
      .on('inventory')
      .columns(['shop_id', 'sort_name', 'id'])
      .execute();

    // The pricing rule of DESIGN §4, as JSON; null means the defaults.
    await db.schema.alterTable('shops').addColumn('pricing', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('shops').dropColumn('pricing').execute();
    await db.schema.dropTable('inventory').execute();
  },
});
