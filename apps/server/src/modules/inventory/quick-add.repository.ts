import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** What a picker shows of a printing, and what a copy of it needs. */
const printingColumns = [
  'id',
  'name',
  'sort_name',
  'set_code',
  'set_name',
  'collector_number',
  'finishes',
  'image_small',
  'released_at',
] as const;

/** Most printings a code's picker offers. */
export const CANDIDATE_LIMIT = 40;

/**
 * Quick add's reads of the catalog (a code or a name as printings) and its ledger of additions (issue 41): each
 * addition is one copy on one row or sealed product, undone at most once.
 */
export const quickAddRepository = {
  /** A printing by its Scryfall id. */
  printingById(db: Executor, id: string) {
    return db.selectFrom('cards').select(printingColumns).where('id', '=', id).executeTakeFirst();
  },

  /**
   * The printings of a set whose collector number is the one typed, in any case ("1A" is "1a"); when none is, those
   * whose number is it with a letter or mark after ("183" → "183a", "183b", "183★"), which the picker offers.
   */
  async printingsBySetNumber(db: Executor, setCode: string, collectorNumber: string) {
    const number = collectorNumber.toLowerCase();
    const exact = await db
      .selectFrom('cards')
      .select(printingColumns)
      .where('set_code', '=', setCode)
      .where(sql<string>`lower(collector_number)`, '=', number)
      .orderBy('id')
      .limit(CANDIDATE_LIMIT)
      .execute();
    if (exact.length > 0 || !/\d$/.test(number)) return { exact: true, printings: exact };
    const variants = await db
      .selectFrom('cards')
      .select(printingColumns)
      .where('set_code', '=', setCode)
      .where(sql<string>`lower(collector_number)`, 'like', `${number.replace(/[\\%_]/g, '\\$&')}%`)
      .orderBy('collector_number')
      .limit(CANDIDATE_LIMIT * 4)
      .execute();
    // "18" is not "183a": only a non-digit may follow the typed number.
    const printings = variants.filter((p) => /^\D/.test(p.collector_number.toLowerCase().slice(number.length)));
    return { exact: false, printings: printings.slice(0, CANDIDATE_LIMIT) };
  },

  /**
   * The printings of the card named exactly (`sortName`, the catalog's normalized name), newest first; when none is,
   * printings of the names that start with it, to pick from.
   */
  async printingsByName(db: Executor, sortName: string) {
    const exact = await db
      .selectFrom('cards')
      .select(printingColumns)
      .where('sort_name', '=', sortName)
      .orderBy('released_at', 'desc')
      .orderBy('set_code')
      .orderBy('collector_number')
      .limit(CANDIDATE_LIMIT)
      .execute();
    if (exact.length > 0 || sortName.length < 3) return { exact: true, printings: exact };
    const started = await db
      .selectFrom('cards')
      .select(printingColumns)
      .where('sort_name', '>=', sortName)
      .where('sort_name', '<', `${sortName}\uffff`)
      .orderBy('sort_name')
      .orderBy('released_at', 'desc')
      .limit(CANDIDATE_LIMIT)
      .execute();
    return { exact: false, printings: started };
  },

  /** One copy more (`by` 1) or less (-1) on one of the shop's rows, never below 0: its id and new quantity, or undefined. */
  moveOneCopy(db: Executor, shopId: number, rowId: number, by: 1 | -1, at: string) {
    return db
      .updateTable('inventory')
      .set({ quantity: sql`quantity + ${by}`, updated_at: at })
      .where('id', '=', rowId)
      .where('shop_id', '=', shopId)
      .where('quantity', '>=', by === -1 ? 1 : 0)
      .returning(['id', 'quantity', 'location'])
      .executeTakeFirst();
  },

  /** Records one copy added to a row or a sealed product; the addition's id (what undo names). */
  async record(
    db: Executor,
    entry: { shop_id: number; inventory_id?: number; sealed_id?: number; actor: string; created_at: string },
  ): Promise<number> {
    const row = await db
      .insertInto('quick_adds')
      .values({ inventory_id: null, sealed_id: null, ...entry, undone_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /**
   * Marks an addition undone, once: what it added to, or `undone` when it was undone already, undefined when the
   * shop made no such addition. The conditional update is the guard: two undos at once take back one copy.
   */
  async markUndone(db: Executor, shopId: number, id: number, at: string) {
    const marked = await db
      .updateTable('quick_adds')
      .set({ undone_at: at })
      .where('id', '=', id)
      .where('shop_id', '=', shopId)
      .where('undone_at', 'is', null)
      .returning(['inventory_id', 'sealed_id'])
      .executeTakeFirst();
    if (marked) return marked;
    const known = await db
      .selectFrom('quick_adds')
      .select('id')
      .where('id', '=', id)
      .where('shop_id', '=', shopId)
      .executeTakeFirst();
    return known ? ('undone' as const) : undefined;
  },
};

export type CatalogPrinting = Awaited<ReturnType<typeof quickAddRepository.printingById>> & {};
