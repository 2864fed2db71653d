import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { withId } from './helpers.ts';

/**
 * The counter register (issue 44): a shop's tax (its rate in thousandths of a percent, whether shelf prices hold it)
 * and how much an Employee may discount; customers exempt from tax; each sold line's share of its sale's discount
 * and tax; and the sale itself beside its order (a sale is an order confirmed as it is rung up): its figures, the
 * receipt's unguessable token, and the tenders that paid it. Decision 037 has the arithmetic.
 */
export const migration = (engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    for (const [column, fallback] of [
      ['tax_rate_thousandths', 0],
      ['prices_include_tax', 0],
      ['employee_discount_limit_percent', 10],
    ] as const)
      await db.schema
        .alterTable('shops')
        .addColumn(column, 'integer', (c) => c.notNull().defaultTo(fallback))
        .execute();
    await db.schema
      .alterTable('customers')
      .addColumn('tax_exempt', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    for (const column of ['discount_cents', 'tax_cents'])
      await db.schema
        .alterTable('order_lines')
        .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

    await withId(db.schema.createTable('sales'), engine)
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
      .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
      .addColumn('discount_cents', 'integer', (c) => c.notNull())
      .addColumn('tax_cents', 'integer', (c) => c.notNull())
      .addColumn('total_cents', 'integer', (c) => c.notNull())
      .addColumn('paid_cents', 'integer', (c) => c.notNull())
      .addColumn('change_cents', 'integer', (c) => c.notNull())
      .addColumn('tax_rate_thousandths', 'integer', (c) => c.notNull())
      .addColumn('prices_include_tax', 'integer', (c) => c.notNull())
      .addColumn('customer_id', 'integer')
      .addColumn('receipt_token', 'text', (c) => c.notNull().unique())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await withId(db.schema.createTable('sale_tenders'), engine)
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('sale_id', 'integer', (c) => c.notNull().references('sales.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('sales_shop').on('sales').columns(['shop_id', 'created_at']).execute();
    await db.schema.createIndex('sale_tenders_sale').on('sale_tenders').column('sale_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('sale_tenders').execute();
    await db.schema.dropTable('sales').execute();
    for (const column of ['tax_cents', 'discount_cents'])
      await db.schema.alterTable('order_lines').dropColumn(column).execute();
    await db.schema.alterTable('customers').dropColumn('tax_exempt').execute();
    for (const column of ['employee_discount_limit_percent', 'prices_include_tax', 'tax_rate_thousandths'])
      await db.schema.alterTable('shops').dropColumn(column).execute();
  },
});
