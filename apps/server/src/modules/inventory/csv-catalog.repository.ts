import type { Executor } from '../../db/database.ts';
import { demoPrintingIds } from '../demo/demo-catalog.ts';

/** What a CSV import keeps of a printing it may stock: its names, ids and finishes, and what its review shows. */
const cardKeyColumns = [
  'id',
  'name',
  'sort_name',
  'set_code',
  'set_name',
  'collector_number',
  'finishes',
  'tcgplayer_id',
  'mtgo_id',
  'mtgo_foil_id',
  'cardmarket_id',
  'image_small',
  // An import's review shows each candidate's price.
  'price_usd',
  'price_usd_foil',
  'price_usd_etched',
] as const;

/**
 * What the CSV import and export ask the shared catalog: the printings a file's lines name, by each id or name a
 * tool writes, and the sets behind set names and codes.
 */
export const csvCatalogRepository = {
  /** Printings by Scryfall id. */
  cardsById(db: Executor, ids: string[]) {
    return db.selectFrom('cards').select(cardKeyColumns).where('id', 'in', ids).execute();
  },

  /** Printings by set code and collector number; never the demo's invented ones. */
  cardsBySetNumber(db: Executor, pairs: { set: string; number: string }[]) {
    return db
      .selectFrom('cards')
      .select(cardKeyColumns)
      .where('id', 'not in', [...demoPrintingIds])
      .where((eb) =>
        eb.or(pairs.map((p) => eb.and([eb('set_code', '=', p.set), eb('collector_number', '=', p.number)]))),
      )
      .execute();
  },

  /** Printings by TCGplayer product id. */
  cardsByTcgplayer(db: Executor, ids: number[]) {
    return db.selectFrom('cards').select(cardKeyColumns).where('tcgplayer_id', 'in', ids).execute();
  },

  /** Printings by Magic Online catalog id, of the card or of its premium (foil) copy. */
  cardsByMtgo(db: Executor, ids: number[]) {
    return db
      .selectFrom('cards')
      .select(cardKeyColumns)
      .where((eb) => eb.or([eb('mtgo_id', 'in', ids), eb('mtgo_foil_id', 'in', ids)]))
      .execute();
  },

  /** Printings by Cardmarket product id. */
  cardsByCardmarket(db: Executor, ids: number[]) {
    return db.selectFrom('cards').select(cardKeyColumns).where('cardmarket_id', 'in', ids).execute();
  },

  /**
   * Printings by normalized name, or by the name of one face ("delver of secrets" finds both faces' card), newest
   * first; never the demo's invented ones.
   */
  cardsByName(db: Executor, sortNames: string[]) {
    return db
      .selectFrom('cards')
      .select(cardKeyColumns)
      .where('id', 'not in', [...demoPrintingIds])
      .where((eb) =>
        eb.or([eb('sort_name', 'in', sortNames), ...sortNames.map((n) => eb('sort_name', 'like', `${n} //%`))]),
      )
      .orderBy('released_at', 'desc')
      .execute();
  },

  /** The set codes of sets by their names, any case ("Magic 2010" → m10). */
  setsByName(db: Executor, names: string[]) {
    return db
      .selectFrom('cards')
      .select(['set_code', 'set_name'])
      .distinct()
      .where((eb) => eb(eb.fn('lower', ['set_name']), 'in', names))
      .execute();
  },

  /** The names of sets by their codes (an export's tokens and promos name the set they go with). */
  setNamesByCode(db: Executor, codes: string[]) {
    return db.selectFrom('cards').select(['set_code', 'set_name']).distinct().where('set_code', 'in', codes).execute();
  },
};

export type CardKey = Awaited<ReturnType<typeof csvCatalogRepository.cardsById>>[number];
