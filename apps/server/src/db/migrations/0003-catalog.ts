import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/** The card catalog: one row per printing, keyed by Scryfall id. Shared reference data (no shop_id). */
export const migration = (engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    const real = engine === 'postgres' ? 'double precision' : 'real';
    await db.schema
      .createTable('cards')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('oracle_id', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      // Lower case, accents removed: what name search and sorting compare.
      .addColumn('sort_name', 'text', (c) => c.notNull())
      .addColumn('lang', 'text', (c) => c.notNull().defaultTo('en'))
      .addColumn('layout', 'text', (c) => c.notNull().defaultTo('normal'))
      .addColumn('released_at', 'text', (c) => c.notNull())
      .addColumn('set_code', 'text', (c) => c.notNull())
      .addColumn('set_name', 'text', (c) => c.notNull())
      .addColumn('collector_number', 'text', (c) => c.notNull())
      .addColumn('rarity', 'text', (c) => c.notNull())
      .addColumn('mana_cost', 'text')
      .addColumn('cmc', real)
      .addColumn('type_line', 'text')
      .addColumn('oracle_text', 'text')
      .addColumn('flavor_text', 'text')
      .addColumn('power', 'text')
      .addColumn('toughness', 'text')
      .addColumn('colors', 'text', (c) => c.notNull().defaultTo(''))
      // Comma-separated subset of nonfoil, foil, etched.
      .addColumn('finishes', 'text', (c) => c.notNull())
      // Prices in cents; null when Scryfall has none.
      .addColumn('price_usd', 'integer')
      .addColumn('price_usd_foil', 'integer')
      .addColumn('price_usd_etched', 'integer')
      .addColumn('price_eur', 'integer')
      .addColumn('price_eur_foil', 'integer')
      .addColumn('image_small', 'text')
      .addColumn('image_normal', 'text')
      .addColumn('artist', 'text')
      .addColumn('tcgplayer_id', 'integer')
      // JSON: legalities by format; faces of double-faced cards.
      .addColumn('legalities', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('card_faces', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('cards_oracle').on('cards').columns(['oracle_id', 'released_at']).execute();
    await db.schema.createIndex('cards_set_number').on('cards').columns(['set_code', 'collector_number']).execute();
    await db.schema.createIndex('cards_sort_name').on('cards').columns(['sort_name', 'set_code']).execute();
    await db.schema.createIndex('cards_tcgplayer').on('cards').column('tcgplayer_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('cards').execute();
  },
});
