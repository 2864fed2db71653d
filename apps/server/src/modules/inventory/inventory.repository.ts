import { finishes, marketPriceColumn, type Finish } from '@cardstock/contract';
import { sql } from 'kysely';
import { type Engine, type Executor } from '../../db/database.ts';

const priceColumn = (finish: Finish) => sql.ref(`cards.${marketPriceColumn[finish]}`);

/**
 * The market price of the row's finish, in cents: the SQL twin of the
 * contract's `marketPriceOf`, built from its one finish → column table
 * (`case inventory.finish when 'foil' then cards.price_usd_foil ... else cards.price_usd end`).
 */
export const marketPriceSql = sql<number | null>`case inventory.finish ${sql.join(
  finishes.filter((f) => f !== 'nonfoil').map((f) => sql`when ${sql.lit(f)} then ${priceColumn(f)}`),
  sql` `,
)} else ${priceColumn('nonfoil')} end`;

/** The same for kept prices (`card_prices`, whose columns drop the `price_`): alias `p`'s price of the row's finish. */
const keptPriceSql = (p: string) =>
  sql<number | null>`case inventory.finish ${sql.join(
    finishes
      .filter((f) => f !== 'nonfoil')
      .map((f) => sql`when ${sql.lit(f)} then ${sql.ref(`${p}.${marketPriceColumn[f].replace('price_', '')}`)}`),
    sql` `,
  )} else ${sql.ref(`${p}.usd`)} end`;

/** The fields of a row the search index tests. */
const indexSelect = (db: Executor) =>
  db
    .selectFrom('inventory')
    .innerJoin('cards', 'cards.id', 'inventory.card_id')
    .select([
      'inventory.id',
      'inventory.sort_name',
      'inventory.set_code',
      'inventory.finish',
      'inventory.quality',
      'inventory.language',
      'inventory.signed',
      'inventory.altered',
      'inventory.quantity',
      'inventory.asking_price as asking',
      'inventory.location',
      'cards.rarity',
      'cards.colors',
      'cards.type_line',
      marketPriceSql.as('market'),
    ]);

/** What names one stock row of a shop: its printing, finish, condition, language and flags. */
interface RowKey {
  shopId: number;
  cardId: string;
  finish: string;
  quality: string;
  language: string;
  signed: number;
  altered: number;
}

/** A row key as the `inventory` columns it names, for one `where` of them all. */
const rowKeyColumns = (key: RowKey) => ({
  shop_id: key.shopId,
  card_id: key.cardId,
  finish: key.finish,
  quality: key.quality,
  language: key.language,
  signed: key.signed,
  altered: key.altered,
});

/** What tells one stock row from another: the unique key `inventory_row`, the conflict target of every upsert. */
export const rowKey = ['shop_id', 'card_id', 'finish', 'quality', 'language', 'signed', 'altered'] as const;

/** The fields of a row a reprice reads: its asking price, its finish's market price, its card. */
const repriceSelect = (db: Executor) =>
  db
    .selectFrom('inventory')
    .innerJoin('cards', 'cards.id', 'inventory.card_id')
    .select([
      'inventory.id',
      'inventory.finish',
      'inventory.quality',
      'inventory.language',
      'inventory.signed',
      'inventory.altered',
      'inventory.asking_price',
      'cards.name',
      'cards.set_code',
      marketPriceSql.as('market'),
    ]);

/** A row as the staff's list shows it, with its card. */
export const rowColumns = [
  'inventory.id',
  'inventory.shop_id',
  'inventory.card_id',
  'inventory.finish',
  'inventory.quality',
  'inventory.language',
  'inventory.signed',
  'inventory.altered',
  'inventory.quantity',
  'inventory.asking_price',
  'inventory.cost_cents',
  'inventory.location',
  'cards.name',
  'cards.oracle_id',
  'cards.set_code',
  'cards.set_name',
  'cards.collector_number',
  'cards.artist',
  'cards.finishes',
  'cards.flavor_text',
  'cards.mana_cost',
  'cards.price_eur',
  'cards.price_eur_foil',
  'cards.price_usd',
  'cards.price_usd_etched',
  'cards.price_usd_foil',
  'cards.tcgplayer_id',
  'cards.cardmarket_id',
  'cards.type_line',
  'cards.rarity',
  'cards.image_small',
  'cards.image_normal',
] as const;

export const inventoryRepository = {
  /** The shop's rows with these ids, with their cards (a page the index chose). */
  rowsByIds(db: Executor, shopId: number, ids: number[]) {
    return (
      db
        .selectFrom('inventory')
        .innerJoin('cards', 'cards.id', 'inventory.card_id')
        .where('inventory.id', 'in', ids)
        // Unary plus: the shop is checked on each row found by id, rather than
        // SQLite walking the whole shop through its (shop_id, ...) index.
        .where(sql<number>`+inventory.shop_id`, '=', shopId)
        .select(rowColumns)
        .execute()
    );
  },

  /** What the shop's search index holds of every row (the database's name order helps the sort). */
  indexRows(db: Executor, shopId: number) {
    return indexSelect(db)
      .where('inventory.shop_id', '=', shopId)
      .orderBy('inventory.sort_name')
      .orderBy('inventory.id')
      .execute();
  },

  /** What the search index holds of one row. */
  indexRow(db: Executor, shopId: number, id: number) {
    return indexSelect(db).where('inventory.id', '=', id).where('inventory.shop_id', '=', shopId).executeTakeFirst();
  },

  /** The shop's pricing rule as stored (JSON), null for the defaults. */
  async pricingOf(db: Executor, shopId: number): Promise<string | null> {
    const row = await db.selectFrom('shops').select('pricing').where('id', '=', shopId).executeTakeFirst();
    return row?.pricing ?? null;
  },

  findCard(db: Executor, id: string) {
    return db
      .selectFrom('cards')
      .select(['id', 'name', 'sort_name', 'set_code', 'finishes'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** Adds copies: a new row, or more of the same printing, finish, quality, language and flags. */
  async addCopies(
    db: Executor,
    row: StockFields & { shop_id: number; card_id: string; sort_name: string; set_code: string },
    at: string,
    asking?: { cents: number | null },
    location?: { place: string | null },
  ): Promise<{ id: number; quantity: number; location: string | null }> {
    // An asking price or a location given with the copies (the Add dialog) replaces the row's; none keeps it.
    return db
      .insertInto('inventory')
      .values({
        ...row,
        asking_price: asking?.cents ?? null,
        location: location?.place ?? null,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) =>
        oc.columns([...rowKey]).doUpdateSet({
          quantity: sql`inventory.quantity + excluded.quantity`,
          ...(asking ? { asking_price: asking.cents } : {}),
          ...(location ? { location: location.place } : {}),
          updated_at: at,
        }),
      )
      .returning(['id', 'quantity', 'location'])
      .executeTakeFirstOrThrow();
  },

  /**
   * The shop's rows that still have copies, with their names and what prices them (the asking price, the card's
   * market prices), a batch at a time (keyset pages by id, along `inventory_shop_rows`): an import's difference and a
   * channel's plan read the stock so.
   */
  async *stockedRows(db: Executor, shopId: number, size = 5000) {
    let after = 0;
    for (;;) {
      const rows = await db
        .selectFrom('inventory')
        .innerJoin('cards', 'cards.id', 'inventory.card_id')
        .select([
          'inventory.id',
          'inventory.card_id',
          'inventory.finish',
          'inventory.quality',
          'inventory.language',
          'inventory.signed',
          'inventory.altered',
          'inventory.quantity',
          'inventory.asking_price',
          'cards.name',
          'cards.set_code',
          'cards.collector_number',
          'cards.price_usd',
          'cards.price_usd_foil',
          'cards.price_usd_etched',
        ])
        .where('inventory.shop_id', '=', shopId)
        .where('inventory.quantity', '>', 0)
        .where('inventory.id', '>', after)
        .orderBy('inventory.id')
        .limit(size)
        .execute();
      if (rows.length === 0) return;
      yield rows;
      after = rows[rows.length - 1]!.id;
    }
  },

  /** Sets these rows of the shop to no copies (a sync: the file does not name them). */
  async zeroRows(db: Executor, shopId: number, ids: number[], at: string): Promise<void> {
    if (ids.length === 0) return;
    await db
      .updateTable('inventory')
      .set({ quantity: 0, updated_at: at })
      .where('shop_id', '=', shopId)
      .where('id', 'in', ids)
      .execute();
  },

  /** A row's asking price in cents (null: the pricing rule), or undefined when the shop has no such row. */
  async askingPriceOf(db: Executor, key: RowKey): Promise<number | null | undefined> {
    const row = await db
      .selectFrom('inventory')
      .select('asking_price')
      .where((eb) => eb.and(rowKeyColumns(key)))
      .executeTakeFirst();
    return row?.asking_price;
  },

  /**
   * Locks the shop's rows a reprice is about to read, on PostgreSQL (`for update`, in id order so two reprices never
   * wait on each other crosswise): under read committed a reprice would otherwise compute from a price another
   * reprice or an edit is changing, and overwrite it. SQLite runs one writing transaction at a time.
   */
  async lockForReprice(db: Executor, engine: Engine, shopId: number, ids: readonly number[] | undefined) {
    if (engine !== 'postgres') return;
    if (ids === undefined) {
      await sql`select id from inventory where shop_id = ${shopId} order by id for update`.execute(db);
      return;
    }
    const sorted = [...ids].sort((a, b) => a - b);
    for (let i = 0; i < sorted.length; i += 5000) {
      const chunk = sorted.slice(i, i + 5000);
      await sql`select id from inventory where shop_id = ${shopId} and id in (${sql.join(chunk)})
        order by id for update`.execute(db);
    }
  },

  /**
   * Sets a row's quantity and, when `asking_price` is given, its asking price in cents (null: the pricing rule
   * prices it); the row's id, or undefined when the shop has no such row.
   */
  async editRow(
    db: Executor,
    key: RowKey,
    values: { quantity: number; asking_price?: number | null; location?: string | null },
    at: string,
  ): Promise<number | undefined> {
    const row = await db
      .updateTable('inventory')
      .set({ ...values, updated_at: at })
      .where((eb) => eb.and(rowKeyColumns(key)))
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  },

  /**
   * Puts the shop's rows with these ids (a few thousand at most: callers send chunks) at `location`, null: nowhere;
   * the ids of the rows that were elsewhere.
   */
  async setLocations(db: Executor, shopId: number, ids: number[], location: string | null, at: string) {
    if (ids.length === 0) return [];
    const rows = await db
      .updateTable('inventory')
      .set({ location, updated_at: at })
      .where('id', 'in', ids)
      .where(sql<number>`+inventory.shop_id`, '=', shopId)
      .where((eb) =>
        location === null
          ? eb('location', 'is not', null)
          : eb.or([eb('location', 'is', null), eb('location', '<>', location)]),
      )
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  },

  /**
   * Every location the shop keeps things at, its cards' and its sealed products' together, at most `limit`
   * (in the database's order): what the location field suggests.
   */
  async locationsOf(db: Executor, shopId: number, limit: number): Promise<string[]> {
    const rows = await db
      .selectFrom('inventory')
      .select('location')
      .where('shop_id', '=', shopId)
      .where('location', 'is not', null)
      .union(
        db
          .selectFrom('sealed_products')
          .select('location')
          .where('shop_id', '=', shopId)
          .where('location', 'is not', null),
      )
      .orderBy('location')
      .limit(limit)
      .execute();
    return rows.map((r) => r.location!);
  },

  /** What a reprice needs of the shop's rows with these ids (at most a few thousand: callers send chunks). */
  repriceRows(db: Executor, shopId: number, ids: number[]) {
    return repriceSelect(db)
      .where('inventory.id', 'in', ids)
      .where(sql<number>`+inventory.shop_id`, '=', shopId)
      .execute();
  },

  /** What a reprice needs of every row of the shop, in name order. */
  repriceRowsOfShop(db: Executor, shopId: number) {
    return repriceSelect(db)
      .where('inventory.shop_id', '=', shopId)
      .orderBy('inventory.sort_name')
      .orderBy('inventory.id')
      .execute();
  },

  /**
   * The shop's rows in stock whose market price moved at least `minPercent` from the price kept before `day`
   * to the one kept on `day` (a price appearing or vanishing counts as moved), largest moves first, with how
   * many there are in all.
   */
  async priceChanges(db: Executor, shopId: number, day: string, minPercent: number, limit: number) {
    const moves = sql`select inventory.id, inventory.card_id, cards.name, cards.set_code, cards.collector_number,
        inventory.finish, inventory.quality, inventory.language, inventory.signed, inventory.altered,
        inventory.quantity, inventory.asking_price,
        ${keptPriceSql('p0')} as before, ${keptPriceSql('p1')} as after
      from inventory
      join cards on cards.id = inventory.card_id
      join card_prices p1 on p1.card_id = inventory.card_id and p1.day = ${day}
      join card_prices p0 on p0.card_id = inventory.card_id and p0.day = (
        select max(q.day) from card_prices q where q.card_id = inventory.card_id and q.day < ${day})
      where inventory.shop_id = ${shopId} and inventory.quantity > 0`;
    const { rows } = await sql<
      StockFields & {
        id: number;
        card_id: string;
        name: string;
        set_code: string;
        collector_number: string;
        asking_price: number | null;
        before: number | null;
        after: number | null;
        total: number | string;
      }
    >`select m.*, count(*) over () as total from (${moves}) m
      where (m.before is null) <> (m.after is null)
        or (m.before = 0 and m.after > 0)
        or (m.before > 0 and abs(m.after - m.before) * 100 >= ${minPercent} * m.before)
      order by case when m.before is null or m.after is null or m.before = 0 then 1e9
        else abs(m.after - m.before) * 1.0 / m.before end desc, m.name, m.card_id, m.finish, m.quality, m.language,
        m.signed, m.altered
      limit ${limit}`.execute(db);
    return rows;
  },

  /**
   * Gives each of the shop's rows its own asking price in cents (null: back to the pricing rule), one statement
   * for all of them: `with v(id, cents) as (values …) update inventory … from v` (UPDATE … FROM, on both engines).
   * Callers send at most a few thousand rows at a time.
   */
  async setAskingPrices(
    db: Executor,
    shopId: number,
    prices: readonly (readonly [id: number, cents: number | null])[],
    at: string,
  ): Promise<void> {
    if (prices.length === 0) return;
    // Typed casts: PostgreSQL cannot tell a bound value's type inside VALUES.
    const values = sql.join(prices.map(([id, cents]) => sql`(cast(${id} as integer), cast(${cents} as integer))`));
    await sql`with v(id, cents) as (values ${values})
      update inventory set asking_price = v.cents, updated_at = ${at}
      from v where inventory.id = v.id and inventory.shop_id = ${shopId}`.execute(db);
  },

  async deleteAll(db: Executor, shopId: number): Promise<number> {
    const result = await db.deleteFrom('inventory').where('shop_id', '=', shopId).executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** Every row of the shop in name order, a batch at a time (keyset pages: steady memory, any size). */
  async *exportBatches(db: Executor, shopId: number, size = 1000) {
    let after: { sort_name: string; id: number } | undefined;
    for (;;) {
      let query = db
        .selectFrom('inventory')
        .innerJoin('cards', 'cards.id', 'inventory.card_id')
        .select([...rowColumns, 'inventory.sort_name'])
        .where('inventory.shop_id', '=', shopId);
      if (after) {
        const { sort_name, id } = after;
        query = query.where((eb) =>
          eb.or([
            eb('inventory.sort_name', '>', sort_name),
            eb.and([eb('inventory.sort_name', '=', sort_name), eb('inventory.id', '>', id)]),
          ]),
        );
      }
      const rows = await query.orderBy('inventory.sort_name').orderBy('inventory.id').limit(size).execute();
      if (rows.length === 0) return;
      yield rows;
      const last = rows[rows.length - 1]!;
      after = { sort_name: last.sort_name, id: last.id };
    }
  },

  /**
   * The shop's rows of these printings: what an import would change, or (`unflagged`: neither signed nor altered)
   * the rows a purchase adds to.
   */
  async existingRows(db: Executor, shopId: number, cardIds: readonly string[], { unflagged = false } = {}) {
    if (cardIds.length === 0) return [];
    let query = db
      .selectFrom('inventory')
      .select([
        'id',
        'card_id',
        'finish',
        'quality',
        'language',
        'signed',
        'altered',
        'quantity',
        'asking_price',
        'location',
      ])
      .where('shop_id', '=', shopId)
      .where('card_id', 'in', [...new Set(cardIds)]);
    if (unflagged) query = query.where('signed', '=', 0).where('altered', '=', 0);
    return query.execute();
  },
};

export type InventoryJoinedRow = Awaited<ReturnType<typeof inventoryRepository.rowsByIds>>[number];

/** A stock row's own fields as stored: what tells it apart from the printing's other rows, and its copies. */
export interface StockFields {
  finish: string;
  quality: string;
  language: string;
  /** 1 or 0, as stored. */
  signed: number;
  altered: number;
  quantity: number;
}

/** One of the shop's rows with copies as `stockedRows` reads them. */
export type StockedRow =
  ReturnType<typeof inventoryRepository.stockedRows> extends AsyncGenerator<(infer Row)[]> ? Row : never;
