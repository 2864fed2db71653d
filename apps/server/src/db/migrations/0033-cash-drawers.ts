import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { withId } from './helpers.ts';

/**
 * The register's cash drawer (issue 44, decision 038): a drawer belongs to the shop and the staff member who opened
 * it, at most one open per person per shop (a partial unique index decides two opens at once); its cash expected so
 * far (kept on the row, moved in the same statement that checks the drawer is still open, and frozen at closing),
 * the cash counted at closing; the ledger of its cash movements, signed cents; and the drawer a sale was rung up on.
 */
export const migration = (engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('cash_drawers'), engine)
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('opened_by_user_id', 'integer', (c) => c.notNull())
      .addColumn('opened_by', 'text', (c) => c.notNull())
      .addColumn('opened_at', 'text', (c) => c.notNull())
      .addColumn('float_cents', 'integer', (c) => c.notNull())
      .addColumn('expected_cents', 'integer', (c) => c.notNull())
      .addColumn('closed_by', 'text')
      .addColumn('closed_at', 'text')
      .addColumn('counted_cents', 'integer')
      .execute();
    await db.schema
      .createIndex('cash_drawers_one_open')
      .on('cash_drawers')
      .columns(['shop_id', 'opened_by_user_id'])
      .unique()
      .where(sql.ref('closed_at'), 'is', null)
      .execute();
    await withId(db.schema.createTable('drawer_moves'), engine)
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('drawer_id', 'integer', (c) => c.notNull().references('cash_drawers.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('drawer_moves_drawer').on('drawer_moves').column('drawer_id').execute();
    await db.schema.alterTable('sales').addColumn('drawer_id', 'integer').execute();
    await db.schema.createIndex('sales_drawer').on('sales').column('drawer_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('sales_drawer').execute();
    await db.schema.alterTable('sales').dropColumn('drawer_id').execute();
    await db.schema.dropTable('drawer_moves').execute();
    await db.schema.dropTable('cash_drawers').execute();
  },
});
