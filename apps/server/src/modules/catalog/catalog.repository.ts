import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { CardTable } from '../../db/schema.ts';

const updatable = [
  'oracle_id',
  'name',
  'sort_name',
  'lang',
  'layout',
  'released_at',
  'set_code',
  'set_name',
  'collector_number',
  'rarity',
  'mana_cost',
  'cmc',
  'type_line',
  'oracle_text',
  'flavor_text',
  'power',
  'toughness',
  'colors',
  'finishes',
  'price_usd',
  'price_usd_foil',
  'price_usd_etched',
  'price_eur',
  'price_eur_foil',
  'image_small',
  'image_normal',
  'artist',
  'tcgplayer_id',
  'legalities',
  'card_faces',
  'updated_at',
] as const satisfies readonly (keyof CardTable)[];

/** The columns every list needs: enough to draw a card tile and pick a printing. */
const summaryColumns = [
  'id',
  'oracle_id',
  'name',
  'sort_name',
  'lang',
  'released_at',
  'set_code',
  'set_name',
  'collector_number',
  'finishes',
  'image_small',
  'image_normal',
] as const;

/**
 * A system setting that changes with every write to the catalog, whichever
 * process made it: what was computed from card data (prices in shops' search
 * indexes) is stale once it differs.
 */
export const CATALOG_VERSION_KEY = 'catalog_version';

export const catalogRepository = {
  /** Inserts or updates printings by Scryfall id: a re-import refreshes, never duplicates. */
  async upsert(db: Executor, rows: CardTable[]): Promise<void> {
    if (rows.length === 0) return;
    const version = JSON.stringify(randomUUID());
    const at = rows[0]!.updated_at;
    await db
      .insertInto('system_settings')
      .values({ key: CATALOG_VERSION_KEY, value: version, updated_at: at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: version, updated_at: at }))
      .execute();
    await db
      .insertInto('cards')
      .values(rows)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet(Object.fromEntries(updatable.map((c) => [c, sql.ref(`excluded.${c}`)]))),
      )
      .execute();
  },

  findById(db: Executor, id: string) {
    return db.selectFrom('cards').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Every printing of the card with this oracle id (or name, for cards without one), newest first. */
  listPrints(db: Executor, card: { oracle_id: string | null; name: string }) {
    let query = db.selectFrom('cards').select(summaryColumns);
    query = card.oracle_id ? query.where('oracle_id', '=', card.oracle_id) : query.where('name', '=', card.name);
    return query.orderBy('released_at', 'desc').orderBy('set_code').orderBy('collector_number').execute();
  },

  /** One printing per card for the name index: the newest English printing wins. */
  listForIndex(db: Executor) {
    return db.selectFrom('cards').select(summaryColumns).orderBy('released_at', 'desc').execute();
  },

  /** Changes whenever an import touches the catalog: the name index rebuilds on a new value. */
  async version(db: Executor): Promise<string> {
    const row = await db
      .selectFrom('cards')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('at')])
      .executeTakeFirstOrThrow();
    return `${Number(row.n)}@${row.at ?? ''}`;
  },
};

export type CardSummaryRow = Awaited<ReturnType<typeof catalogRepository.listForIndex>>[number];
