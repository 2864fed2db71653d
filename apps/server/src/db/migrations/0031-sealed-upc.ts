import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * A sealed product's UPC/EAN (issue 44: the register scans it): its digits, null for none; one product per code in a
 * shop, a partial unique index so that the many products without one never collide.
 */
export const migration = (_engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('sealed_products').addColumn('upc', 'text').execute();
    await db.schema
      .createIndex('sealed_shop_upc')
      .on('sealed_products')
      .columns(['shop_id', 'upc'])
      .unique()
      .where(sql.ref('upc'), 'is not', null)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('sealed_shop_upc').execute();
    await db.schema.alterTable('sealed_products').dropColumn('upc').execute();
  },
});
