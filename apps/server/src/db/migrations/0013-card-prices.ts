import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Market prices over time: a price refresh writes a printing's US prices (cents) for the day whenever they
 * differ from its latest row here, so the table holds each printing's price steps, kept 180 days.
 */
export const migration = (_engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('card_prices')
      .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('usd', 'integer')
      .addColumn('usd_foil', 'integer')
      .addColumn('usd_etched', 'integer')
      .addPrimaryKeyConstraint('card_prices_pk', ['card_id', 'day'])
      .execute();
    await db.schema.createIndex('card_prices_day').on('card_prices').column('day').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('card_prices').execute();
  },
});
