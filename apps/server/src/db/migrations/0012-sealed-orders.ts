import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Sealed products are sold like singles: an order line names a sealed product (`sealed_id`) instead of a
 * printing (its `card_id` is then ''). Removing the product keeps the line as it was sold, without the link.
 */
export const migration = (_engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('order_lines')
      .addColumn('sealed_id', 'integer', (c) => c.references('sealed_products.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('order_lines_sealed').on('order_lines').column('sealed_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('order_lines_sealed').execute();
    await db.schema.alterTable('order_lines').dropColumn('sealed_id').execute();
  },
});
