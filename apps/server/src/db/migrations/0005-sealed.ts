import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { withId } from './helpers.ts';

export const migration = (engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('sealed_products'), engine)
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      // '' for "no set", never null: NULLs are all distinct in a unique key, so two
      // "Bundle, no set" rows of one name would both be allowed and never merge.
      .addColumn('set_code', 'text', (c) => c.notNull().defaultTo(''))
      // Cents.
      .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 0`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('sealed_product', ['shop_id', 'name', 'category', 'set_code'])
      .execute();
    await db.schema.createIndex('sealed_shop_name').on('sealed_products').columns(['shop_id', 'name']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('sealed_products').execute();
  },
});
