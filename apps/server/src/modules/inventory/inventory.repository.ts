import { sql, type ExpressionBuilder, type Insertable, type SelectQueryBuilder } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { DB, InventoryTable } from '../../db/schema.ts';
import type { InventoryQuery } from './inventory-query.ts';

type Scope = SelectQueryBuilder<DB, 'inventory' | 'cards', object>;

/** The market price of the row's finish, in cents. */
const marketPrice = sql<
  number | null
>`case inventory.finish when 'foil' then cards.price_usd_foil when 'etched' then cards.price_usd_etched else cards.price_usd end`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Narrows a shop's rows by a parsed query; every condition must hold. */
function applyQuery(query: Scope, q: InventoryQuery): Scope {
  let out = query;
  for (const word of q.words) {
    const w = escapeLike(word);
    // The start of any word of the normalized name.
    out = out.where((eb: ExpressionBuilder<DB, 'inventory' | 'cards'>) =>
      eb.or([
        eb('inventory.sort_name', 'like', sql<string>`${`${w}%`} escape '\\'`),
        eb('inventory.sort_name', 'like', sql<string>`${`% ${w}%`} escape '\\'`),
        eb('inventory.sort_name', 'like', sql<string>`${`%/${w}%`} escape '\\'`),
      ]),
    );
  }
  if (q.sets.length) out = out.where('inventory.set_code', 'in', q.sets);
  if (q.finishes.length) out = out.where('inventory.finish', 'in', q.finishes);
  if (q.qualities.length) out = out.where('inventory.quality', 'in', q.qualities);
  if (q.rarities.length) out = out.where('cards.rarity', 'in', q.rarities);
  for (const { op, value } of q.quantity) out = out.where('inventory.quantity', op, value);
  for (const { op, cents } of q.usd) out = out.where(marketPrice, op, cents);
  for (const type of q.types) out = out.where(sql`lower(cards.type_line)`, 'like', `%${escapeLike(type)}%`);
  for (const colors of q.colors) {
    if (colors === 'c') out = out.where('cards.colors', '=', '');
    else if (colors === 'm') out = out.where(sql`length(cards.colors)`, '>', 1);
    else for (const c of colors.toUpperCase()) out = out.where('cards.colors', 'like', `%${c}%`);
  }
  return out;
}

const rowColumns = [
  'inventory.id',
  'inventory.shop_id',
  'inventory.card_id',
  'inventory.finish',
  'inventory.quality',
  'inventory.quantity',
  'inventory.asking_price',
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
  'cards.type_line',
  'cards.rarity',
  'cards.image_small',
  'cards.image_normal',
] as const;

const cardKeyColumns = ['id', 'name', 'sort_name', 'set_code', 'collector_number', 'finishes', 'tcgplayer_id'] as const;

export const inventoryRepository = {
  /** A page of the shop's rows in name order (the index (shop_id, sort_name, id) serves the order). */
  page(db: Executor, shopId: number, q: InventoryQuery, page: number, size: number) {
    return applyQuery(
      db
        .selectFrom('inventory')
        .innerJoin('cards', 'cards.id', 'inventory.card_id')
        .where('inventory.shop_id', '=', shopId),
      q,
    )
      .select(rowColumns)
      .orderBy('inventory.sort_name')
      .orderBy('inventory.id')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
  },

  /**
   * How many rows match. The join to the catalog costs ~7x on a 100,000-row
   * shop, so it is made only when a term needs the card (rarity, type, colour, price).
   */
  async count(db: Executor, shopId: number, q: InventoryQuery): Promise<number> {
    const needsCard = q.rarities.length > 0 || q.types.length > 0 || q.colors.length > 0 || q.usd.length > 0;
    const base = needsCard
      ? applyQuery(
          db
            .selectFrom('inventory')
            .innerJoin('cards', 'cards.id', 'inventory.card_id')
            .where('inventory.shop_id', '=', shopId),
          q,
        )
      : applyQuery(db.selectFrom('inventory').where('inventory.shop_id', '=', shopId), q);
    const row = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  },

  findCard(db: Executor, id: string) {
    return db
      .selectFrom('cards')
      .select(['id', 'name', 'sort_name', 'set_code', 'finishes'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** Adds copies: a new row, or more of the same printing, finish and quality. */
  async addCopies(
    db: Executor,
    row: {
      shop_id: number;
      card_id: string;
      finish: string;
      quality: string;
      quantity: number;
      sort_name: string;
      set_code: string;
    },
    at: string,
  ): Promise<void> {
    await db
      .insertInto('inventory')
      .values({ ...row, asking_price: null, created_at: at, updated_at: at })
      .onConflict((oc) =>
        oc.columns(['shop_id', 'card_id', 'finish', 'quality']).doUpdateSet({
          quantity: sql`inventory.quantity + excluded.quantity`,
          updated_at: at,
        }),
      )
      .execute();
  },

  /**
   * Adds many lines at once (an import): new rows, or more copies of existing
   * ones; a given asking price replaces the row's, none keeps it.
   */
  async addMany(
    db: Executor,
    rows: Omit<Insertable<InventoryTable>, 'id' | 'created_at' | 'updated_at'>[],
    at: string,
  ): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insertInto('inventory')
      .values(rows.map((r) => ({ ...r, created_at: at, updated_at: at })))
      .onConflict((oc) =>
        oc.columns(['shop_id', 'card_id', 'finish', 'quality']).doUpdateSet({
          quantity: sql`inventory.quantity + excluded.quantity`,
          asking_price: sql`coalesce(excluded.asking_price, inventory.asking_price)`,
          updated_at: at,
        }),
      )
      .execute();
  },

  /** Sets a row's quantity; false when the shop has no such row. */
  async setQuantity(
    db: Executor,
    key: { shopId: number; cardId: string; finish: string; quality: string },
    quantity: number,
    at: string,
  ): Promise<boolean> {
    const result = await db
      .updateTable('inventory')
      .set({ quantity, updated_at: at })
      .where('shop_id', '=', key.shopId)
      .where('card_id', '=', key.cardId)
      .where('finish', '=', key.finish)
      .where('quality', '=', key.quality)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
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

  /** Printings by Scryfall id. */
  cardsById(db: Executor, ids: string[]) {
    return db.selectFrom('cards').select(cardKeyColumns).where('id', 'in', ids).execute();
  },

  /** Printings by set code and collector number. */
  cardsBySetNumber(db: Executor, pairs: { set: string; number: string }[]) {
    return db
      .selectFrom('cards')
      .select(cardKeyColumns)
      .where((eb) =>
        eb.or(pairs.map((p) => eb.and([eb('set_code', '=', p.set), eb('collector_number', '=', p.number)]))),
      )
      .execute();
  },

  /** Printings by TCGplayer product id. */
  cardsByTcgplayer(db: Executor, ids: number[]) {
    return db.selectFrom('cards').select(cardKeyColumns).where('tcgplayer_id', 'in', ids).execute();
  },

  /** Printings by normalized name, newest first (the importer prefers a set match, else the newest). */
  cardsByName(db: Executor, sortNames: string[]) {
    return db
      .selectFrom('cards')
      .select(cardKeyColumns)
      .where('sort_name', 'in', sortNames)
      .orderBy('released_at', 'desc')
      .execute();
  },

  async setAskingPrice(
    db: Executor,
    key: { shopId: number; cardId: string; finish: string; quality: string },
    cents: number,
    at: string,
  ) {
    await db
      .updateTable('inventory')
      .set({ asking_price: cents, updated_at: at })
      .where('shop_id', '=', key.shopId)
      .where('card_id', '=', key.cardId)
      .where('finish', '=', key.finish)
      .where('quality', '=', key.quality)
      .execute();
  },

  async existingKeys(db: Executor, shopId: number, cardIds: string[]) {
    return db
      .selectFrom('inventory')
      .select(['card_id', 'finish', 'quality'])
      .where('shop_id', '=', shopId)
      .where('card_id', 'in', cardIds)
      .execute();
  },

  async pricingOf(db: Executor, shopId: number): Promise<string | null> {
    const row = await db.selectFrom('shops').select('pricing').where('id', '=', shopId).executeTakeFirst();
    return row?.pricing ?? null;
  },
};

export type InventoryJoinedRow = Awaited<ReturnType<typeof inventoryRepository.page>>[number];

export type CardKey = Awaited<ReturnType<typeof inventoryRepository.cardsById>>[number];
