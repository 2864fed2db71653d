import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** The register's reads of scanned codes (issue 44): a printing by its id or set and number, and a shop's stock of it. */
export const codesRepository = {
  /** A printing by its Scryfall id. */
  printingById(db: Executor, id: string) {
    return db
      .selectFrom('cards')
      .select(['id', 'name', 'set_code', 'collector_number', 'finishes'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /**
   * A printing by its set code and collector number, in any case ("1A" is "1a"); the catalog keeps set codes
   * lower-case, and the (set_code, collector_number) index finds the set's rows.
   */
  printingBySetNumber(db: Executor, setCode: string, collectorNumber: string) {
    return db
      .selectFrom('cards')
      .select(['id', 'name', 'set_code', 'collector_number', 'finishes'])
      .where('set_code', '=', setCode)
      .where(sql<string>`lower(collector_number)`, '=', collectorNumber.toLowerCase())
      .orderBy('id')
      .executeTakeFirst();
  },

  /** The shop's rows of a printing with copies: what a scan of it can sell. */
  inStock(db: Executor, shopId: number, cardId: string) {
    return db
      .selectFrom('inventory')
      .select(['id', 'finish', 'language', 'quality', 'signed', 'altered', 'quantity'])
      .where('shop_id', '=', shopId)
      .where('card_id', '=', cardId)
      .where('quantity', '>', 0)
      .execute();
  },
};

export type StockOfPrinting = Awaited<ReturnType<typeof codesRepository.inStock>>[number];
