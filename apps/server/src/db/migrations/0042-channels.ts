import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * A shop's marketplace channels (issue 42): one row per shop and marketplace, its API token sealed with the server's
 * channel key (never stored in clear), the account it names, whether it runs, and its price rule: a percent of the
 * shop's price (thousandths of a percent), a currency rate (millionths), and `keep`, the copies of each stock row
 * never listed.
 */
export const migration = (_engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('shop_channels')
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('token_sealed', 'text')
      .addColumn('account', 'text')
      .addColumn('price_percent_thousandths', 'integer', (c) => c.notNull().defaultTo(100_000))
      .addColumn('currency_rate_millionths', 'integer', (c) => c.notNull().defaultTo(1_000_000))
      .addColumn('keep', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('problem', 'text')
      .addColumn('last_push_at', 'text')
      .addColumn('last_pull_at', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('shop_channels_pk', ['shop_id', 'channel'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('shop_channels').execute();
  },
});
