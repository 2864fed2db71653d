import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { CardPriceTable, CardTable } from '../../db/schema.ts';
import type { PriceRow } from './scryfall-card.ts';

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
  'mtgo_id',
  'mtgo_foil_id',
  'cardmarket_id',
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

/** The newest price refresh: when, and what it found (a system setting, JSON). */
export const PRICE_REFRESH_KEY = 'price_refresh';

export interface PriceRefreshRecord {
  at: string;
  day: string;
  printings: number;
  changed: number;
}

export const catalogRepository = {
  /** Inserts or updates printings by Scryfall id: a re-import refreshes, never duplicates. */
  async upsert(db: Executor, rows: CardTable[]): Promise<void> {
    if (rows.length === 0) return;
    await catalogRepository.changed(db, rows[0]!.updated_at);
    await db
      .insertInto('cards')
      .values(rows)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet(Object.fromEntries(updatable.map((c) => [c, sql.ref(`excluded.${c}`)]))),
      )
      .execute();
  },

  /** Tells every process that card data changed: prices kept from it are stale. */
  async changed(db: Executor, at: string): Promise<void> {
    const version = JSON.stringify(randomUUID());
    await db
      .insertInto('system_settings')
      .values({ key: CATALOG_VERSION_KEY, value: version, updated_at: at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: version, updated_at: at }))
      .execute();
  },

  /** The catalog's prices of these printings and each one's latest kept price (null fields when none is kept). */
  pricesOf(db: Executor, ids: string[]) {
    return db
      .selectFrom('cards')
      .leftJoin('card_prices as p', (join) =>
        join.onRef('p.card_id', '=', 'cards.id').on('p.day', '=', (eb) =>
          eb
            .selectFrom('card_prices as q')
            .select((q) => q.fn.max('q.day').as('day'))
            .whereRef('q.card_id', '=', 'cards.id'),
        ),
      )
      .select([
        'cards.id',
        'cards.price_usd',
        'cards.price_usd_foil',
        'cards.price_usd_etched',
        'cards.price_eur',
        'cards.price_eur_foil',
        'p.day as kept_day',
        'p.usd as kept_usd',
        'p.usd_foil as kept_usd_foil',
        'p.usd_etched as kept_usd_etched',
      ])
      .where('cards.id', 'in', ids)
      .execute();
  },

  /** Writes new market prices into the catalog, one statement for the lot. */
  async setPrices(db: Executor, rows: PriceRow[]): Promise<void> {
    if (rows.length === 0) return;
    // Typed casts: PostgreSQL cannot tell a bound value's type inside VALUES.
    const int = (cents: number | null) => sql`cast(${cents} as integer)`;
    const values = sql.join(
      rows.map(
        (r) =>
          sql`(cast(${r.id} as text), ${int(r.price_usd)}, ${int(r.price_usd_foil)}, ${int(r.price_usd_etched)}, ${int(r.price_eur)}, ${int(r.price_eur_foil)})`,
      ),
    );
    await sql`with v(id, usd, usd_foil, usd_etched, eur, eur_foil) as (values ${values})
      update cards set price_usd = v.usd, price_usd_foil = v.usd_foil, price_usd_etched = v.usd_etched,
        price_eur = v.eur, price_eur_foil = v.eur_foil
      from v where cards.id = v.id`.execute(db);
  },

  /** Keeps the day's prices of these printings (a second refresh the same day overwrites the first). */
  async keepPrices(db: Executor, rows: CardPriceTable[]): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insertInto('card_prices')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['card_id', 'day']).doUpdateSet({
          usd: sql.ref('excluded.usd'),
          usd_foil: sql.ref('excluded.usd_foil'),
          usd_etched: sql.ref('excluded.usd_etched'),
        }),
      )
      .execute();
  },

  /**
   * Forgets kept prices from before `day`, except each printing's newest row on or before it: the price
   * in force when the kept period starts, so a trend still begins at the right height.
   */
  async forgetPricesBefore(db: Executor, day: string): Promise<number> {
    const result = await db
      .deleteFrom('card_prices')
      .where('day', '<', day)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('card_prices as n')
            .select('n.day')
            .whereRef('n.card_id', '=', 'card_prices.card_id')
            .whereRef('n.day', '>', 'card_prices.day')
            .where('n.day', '<=', day),
        ),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  async recordRefresh(db: Executor, record: PriceRefreshRecord): Promise<void> {
    const value = JSON.stringify(record);
    await db
      .insertInto('system_settings')
      .values({ key: PRICE_REFRESH_KEY, value, updated_at: record.at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: record.at }))
      .execute();
  },

  async lastRefresh(db: Executor): Promise<PriceRefreshRecord | undefined> {
    const row = await db
      .selectFrom('system_settings')
      .select('value')
      .where('key', '=', PRICE_REFRESH_KEY)
      .executeTakeFirst();
    return row ? (JSON.parse(row.value) as PriceRefreshRecord) : undefined;
  },

  /** The newest day before `day` any price was kept on: what a refresh on `day` is compared with. */
  async dayBefore(db: Executor, day: string): Promise<string | null> {
    const row = await db
      .selectFrom('card_prices')
      .select((eb) => eb.fn.max('day').as('day'))
      .where('day', '<', day)
      .executeTakeFirst();
    return row?.day ?? null;
  },

  /** A printing's kept prices, oldest first. */
  priceHistory(db: Executor, id: string) {
    return db
      .selectFrom('card_prices')
      .select(['day', 'usd', 'usd_foil', 'usd_etched'])
      .where('card_id', '=', id)
      .orderBy('day')
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
