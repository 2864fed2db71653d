import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { withId } from './helpers.ts';

/**
 * Returns at the register (issue 44): a return of some of a sale's lines, numbered after its sale (`1043-R1`), with
 * what each line gave back and whether its copies went back to stock, and how the refund was paid (the original
 * tenders, store credit or cash). A sale counts its returns, so that two returns of one sale at once are numbered and
 * checked one after the other (the count's update locks the sale's row). And the shop's return policy, which every
 * receipt prints.
 */
export const migration = (engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    // The shop's return policy, printed on every receipt.
    await db.schema
      .alterTable('shops')
      .addColumn('return_policy', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('sales')
      .addColumn('returns_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await withId(db.schema.createTable('sale_returns'), engine)
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('sale_id', 'integer', (c) => c.notNull().references('sales.id').onDelete('cascade'))
      .addColumn('return_number', 'text', (c) => c.notNull())
      .addColumn('refund_cents', 'integer', (c) => c.notNull())
      .addColumn('tax_cents', 'integer', (c) => c.notNull())
      .addColumn('drawer_id', 'integer')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sale_returns_number')
      .on('sale_returns')
      .columns(['shop_id', 'return_number'])
      .unique()
      .execute();
    await db.schema.createIndex('sale_returns_sale').on('sale_returns').column('sale_id').execute();
    await db.schema
      .createIndex('sale_returns_shop_time')
      .on('sale_returns')
      .columns(['shop_id', 'created_at'])
      .execute();
    await withId(db.schema.createTable('sale_return_lines'), engine)
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('return_id', 'integer', (c) => c.notNull().references('sale_returns.id').onDelete('cascade'))
      .addColumn('order_line_id', 'integer', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('restock', 'integer', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('tax_cents', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sale_return_lines_return').on('sale_return_lines').column('return_id').execute();
    await withId(db.schema.createTable('sale_return_refunds'), engine)
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('return_id', 'integer', (c) => c.notNull().references('sale_returns.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('sale_return_refunds_return').on('sale_return_refunds').column('return_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('sale_return_refunds').execute();
    await db.schema.dropTable('sale_return_lines').execute();
    await db.schema.dropTable('sale_returns').execute();
    await db.schema.alterTable('sales').dropColumn('returns_count').execute();
    await db.schema.alterTable('shops').dropColumn('return_policy').execute();
  },
});
