import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * A shop's marketplace channels (issue 42): one row per shop and marketplace, its API token sealed with the server's
 * channel key (never stored in clear), the account it names, whether it runs, and its price rule: a percent of the
 * shop's price (thousandths of a percent), a currency rate (millionths), and `keep`, the copies of each stock row
 * never listed; who is pushing it now (`lease_until`, one server at a time), and what its last push saw.
 * A marketplace's items for the printings of the sets it was asked about (CardTrader's blueprints, kept a day), and
 * each shop's listings there as Cardstock last sent them: a listing being sent is its outbox (decision 042).
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
      .addColumn('lease_until', 'text')
      .addColumn('pushed_mark', 'text')
      .addColumn('unlisted', 'text')
      .addPrimaryKeyConstraint('shop_channels_pk', ['shop_id', 'channel'])
      .execute();
    await db.schema
      .createTable('channel_sets')
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('set_code', 'text', (c) => c.notNull())
      .addColumn('fetched_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('channel_sets_pk', ['channel', 'set_code'])
      .execute();
    await db.schema
      .createTable('channel_items')
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('card_id', 'text', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull())
      .addColumn('set_code', 'text', (c) => c.notNull())
      .addColumn('conditions', 'text')
      .addColumn('languages', 'text')
      .addPrimaryKeyConstraint('channel_items_pk', ['channel', 'card_id'])
      .execute();
    await db.schema
      .createTable('channel_listings')
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('tag', 'text', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull())
      .addColumn('properties', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('rows', 'integer', (c) => c.notNull())
      .addColumn('product_id', 'integer')
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('channel_listings_pk', ['shop_id', 'channel', 'tag'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('channel_listings').execute();
    await db.schema.dropTable('channel_items').execute();
    await db.schema.dropTable('channel_sets').execute();
    await db.schema.dropTable('shop_channels').execute();
  },
});
