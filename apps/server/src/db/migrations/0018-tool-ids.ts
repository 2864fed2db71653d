import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

const COLUMNS = ['mtgo_id', 'mtgo_foil_id', 'cardmarket_id'] as const;

/**
 * The ids other tools know a printing by, from Scryfall's card objects: Magic Online's catalog ids (`mtgo_id`, and
 * `mtgo_foil_id` for its premium copy) and Cardmarket's product (`cardmarket_id`). Imports find a printing by them
 * (an MTGO collection's `ID #`, a Cardmarket stock export's `idProduct`), so each is indexed. Printings imported
 * before have none until the catalog is imported again.
 */
export const migration = (_engine: Engine) => ({
  async up(db: Kysely<unknown>) {
    for (const column of COLUMNS) {
      await db.schema.alterTable('cards').addColumn(column, 'integer').execute();
      await db.schema.createIndex(`cards_${column}`).on('cards').column(column).execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const column of COLUMNS) {
      await db.schema.dropIndex(`cards_${column}`).execute();
      await db.schema.alterTable('cards').dropColumn(column).execute();
    }
  },
});
