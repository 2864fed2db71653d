import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../database.ts';
import { withId } from './helpers.ts';

/**
 * Buying from customers (issue 25): a shop's buy rules, its word on single printings, its customers with their
 * store-credit ledger, buy orders and their lines; the cost of stock (an inventory row's average cost per copy, and
 * an order line's cost as sold, for margins); an order's customer and the store credit that paid part of it.
 */
export const migration = (engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    // JSON of the shop's buy rules over the defaults (contract `BuyRules`); null: the defaults.
    await db.schema.alterTable('shops').addColumn('buy_rules', 'text').execute();
    // Average cost per copy in cents, when known (copies bought from customers); null: unknown.
    await db.schema.alterTable('inventory').addColumn('cost_cents', 'integer').execute();
    await db.schema.alterTable('order_lines').addColumn('unit_cost_cents', 'integer').execute();

    await withId(db.schema.createTable('customers'), engine)
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      // Lower-case, accents off: what the list sorts and searches on.
      .addColumn('sort_name', 'text', (c) => c.notNull())
      // Lower-case; '' for none.
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      // The phone's digits only, what matching compares; '' for none.
      .addColumn('phone_digits', 'text', (c) => c.notNull())
      .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
      // The ledger's sum, kept beside it so one conditional update both guards and moves it.
      .addColumn('balance_cents', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`balance_cents >= 0`),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('customers_shop_name')
      .on('customers')
      .columns(['shop_id', 'sort_name', 'id'])
      .execute();
    await db.schema
      .createIndex('customers_shop_email')
      .on('customers')
      .columns(['shop_id', 'email'])
      .unique()
      .where(sql.ref('email'), '<>', '')
      .execute();
    await db.schema
      .createIndex('customers_shop_phone')
      .on('customers')
      .columns(['shop_id', 'phone_digits'])
      .unique()
      .where(sql.ref('phone_digits'), '<>', '')
      .execute();

    await withId(db.schema.createTable('credit_ledger'), engine)
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      // trade_in | order | order_refund | adjustment
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('balance_after_cents', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      // The buy order's or order's number; '' for an adjustment.
      .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('credit_ledger_customer')
      .on('credit_ledger')
      .columns(['shop_id', 'customer_id', 'id'])
      .execute();

    await db.schema
      .createTable('buy_cards')
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id'))
      .addColumn('fixed_cash_cents', 'integer')
      .addColumn('fixed_credit_cents', 'integer')
      .addColumn('not_buying', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hotlist', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('target_stock', 'integer')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('buy_cards_pk', ['shop_id', 'card_id'])
      .execute();
    await db.schema.createIndex('buy_cards_hotlist').on('buy_cards').columns(['shop_id', 'hotlist']).execute();

    await withId(db.schema.createTable('buy_orders'), engine)
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('buy_number', 'text', (c) => c.notNull())
      .addColumn('callout', 'integer', (c) => c.notNull())
      // staff | device
      .addColumn('source_kind', 'text', (c) => c.notNull())
      .addColumn('source_id', 'integer', (c) => c.notNull())
      .addColumn('source_name', 'text', (c) => c.notNull())
      .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('set null'))
      // pending | accepted | rejected
      .addColumn('status', 'text', (c) => c.notNull())
      // cash | credit, once accepted
      .addColumn('payout', 'text')
      .addColumn('paid_cents', 'integer')
      .addColumn('idempotency_key', 'text')
      .addColumn('idempotency_fingerprint', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('decided_at', 'text')
      .addColumn('decided_by', 'text')
      .addColumn('reason', 'text')
      .addUniqueConstraint('buy_orders_number', ['shop_id', 'buy_number'])
      .addUniqueConstraint('buy_orders_idempotency', ['shop_id', 'idempotency_key'])
      .execute();
    await db.schema.createIndex('buy_orders_status').on('buy_orders').columns(['shop_id', 'status', 'id']).execute();
    await db.schema.createIndex('buy_orders_customer').on('buy_orders').columns(['shop_id', 'customer_id']).execute();

    await withId(db.schema.createTable('buy_lines'), engine)
      .addColumn('buy_order_id', 'integer', (c) => c.notNull().references('buy_orders.id').onDelete('cascade'))
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id'))
      .addColumn('card_name', 'text', (c) => c.notNull())
      .addColumn('set_code', 'text', (c) => c.notNull())
      .addColumn('collector_number', 'text', (c) => c.notNull())
      .addColumn('finish', 'text', (c) => c.notNull())
      .addColumn('quality', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 0`))
      // 1 once staff changed its condition or copies.
      .addColumn('graded', 'integer', (c) => c.notNull().defaultTo(0))
      // The offer per copy and copies wanted as last computed (submitting, grading; accepting fixes them).
      .addColumn('cash_cents', 'integer', (c) => c.notNull())
      .addColumn('credit_cents', 'integer', (c) => c.notNull())
      .addColumn('wanted', 'integer', (c) => c.notNull())
      .addColumn('hotlist', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('reason', 'text')
      .execute();
    await db.schema.createIndex('buy_lines_order').on('buy_lines').columns(['buy_order_id', 'position']).execute();

    // An order's customer (a staff order for one of the shop's customers) and the credit that paid part of it.
    await db.schema
      .alterTable('orders')
      .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('set null'))
      .execute();
    await db.schema
      .alterTable('orders')
      .addColumn('store_credit_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').dropColumn('store_credit_cents').execute();
    await db.schema.alterTable('orders').dropColumn('customer_id').execute();
    await db.schema.dropTable('buy_lines').execute();
    await db.schema.dropTable('buy_orders').execute();
    await db.schema.dropTable('buy_cards').execute();
    await db.schema.dropTable('credit_ledger').execute();
    await db.schema.dropTable('customers').execute();
    await db.schema.alterTable('order_lines').dropColumn('unit_cost_cents').execute();
    await db.schema.alterTable('inventory').dropColumn('cost_cents').execute();
    await db.schema.alterTable('shops').dropColumn('buy_rules').execute();
  },
});
