import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Trade-in in the sale (issue 44): a sale's trade-in figures beside its others, and the buy order (accepted as the
 * sale is rung up) the traded-in cards were bought under. `trade_in_cash_cents` is the one field the cash drawer
 * counts of a trade-in: what it paid out. Decision 037 has the arithmetic.
 */
export const migration = (_engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    for (const column of ['trade_in_cents', 'trade_in_cash_cents', 'trade_in_credit_cents'])
      await db.schema
        .alterTable('sales')
        .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    // null: no trade-in; cash or credit.
    await db.schema.alterTable('sales').addColumn('trade_in_payout', 'text').execute();
    // No foreign key, as `sales.customer_id`: SQLite cannot drop a column that one names, and both go with their shop.
    await db.schema.alterTable('sales').addColumn('buy_order_id', 'integer').execute();
    await db.schema.createIndex('sales_buy_order').on('sales').column('buy_order_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('sales_buy_order').execute();
    for (const column of [
      'buy_order_id',
      'trade_in_payout',
      'trade_in_credit_cents',
      'trade_in_cash_cents',
      'trade_in_cents',
    ])
      await db.schema.alterTable('sales').dropColumn(column).execute();
  },
});
