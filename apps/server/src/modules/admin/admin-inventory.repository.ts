import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { marketPriceSql } from '../inventory/inventory.repository.ts';
import { contains } from './admin.repository.ts';

export interface InventoryFilter {
  store_id?: number;
  q: string;
}

/** The market price of the row's finish, in cents (what an unpriced row sells from). */
const market = marketPriceSql;

/**
 * Sort keys of the global inventory. Price sorts by the asking price, else
 * the market price: a row priced by its shop's rule sorts by the market price
 * its rule starts from (each shop's markup is not known to SQL). Rows with no
 * price at all come last either way.
 */
const sortKeys = {
  name: sql`inventory.sort_name`,
  price: sql`coalesce(inventory.asking_price, ${market})`,
  quantity: sql`inventory.quantity`,
  date: sql`inventory.created_at`,
} as const;

const filtered = (db: Executor, filter: InventoryFilter) => {
  let query = db
    .selectFrom('inventory')
    .innerJoin('cards', 'cards.id', 'inventory.card_id')
    .innerJoin('shops', 'shops.id', 'inventory.shop_id');
  if (filter.store_id !== undefined) query = query.where('inventory.shop_id', '=', filter.store_id);
  if (filter.q)
    query = query.where((eb) =>
      eb.or([
        contains('cards.name', filter.q),
        contains('inventory.set_code', filter.q),
        contains('shops.name', filter.q),
      ]),
    );
  return query;
};

const itemColumns = [
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
  'inventory.created_at',
  'inventory.updated_at',
  'cards.name',
  'cards.artist',
  'cards.set_code',
  'shops.name as store_name',
  'shops.pricing',
] as const;

export type AdminItemRow = Awaited<ReturnType<typeof adminInventoryRepository.item>> & object;

/** Inventory across every shop, for the admin area only (the shop screens stay within their shop). */
export const adminInventoryRepository = {
  async page(
    db: Executor,
    filter: InventoryFilter,
    sort: keyof typeof sortKeys,
    order: 'asc' | 'desc',
    limit: number,
    offset: number,
  ) {
    const key = sortKeys[sort];
    const [total, rows] = await Promise.all([
      filtered(db, filter)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow(),
      filtered(db, filter)
        .select([...itemColumns, market.as('market')])
        .orderBy(sql`case when ${key} is null then 1 else 0 end`)
        .orderBy(key, order)
        .orderBy('inventory.id', order)
        .limit(limit)
        .offset(offset)
        .execute(),
    ]);
    return { total: Number(total.n), rows };
  },

  item(db: Executor, id: number) {
    return db
      .selectFrom('inventory')
      .innerJoin('cards', 'cards.id', 'inventory.card_id')
      .innerJoin('shops', 'shops.id', 'inventory.shop_id')
      .select([...itemColumns, market.as('market')])
      .where('inventory.id', '=', id)
      .executeTakeFirst();
  },

  /** What a price change needs of every row the filter selects. */
  priced(db: Executor, filter: InventoryFilter) {
    return filtered(db, filter)
      .select([
        'inventory.id',
        'inventory.shop_id',
        'inventory.quality',
        'inventory.language',
        'inventory.asking_price',
        'shops.name as store_name',
        'shops.pricing',
        market.as('market'),
      ])
      .orderBy('inventory.id')
      .execute();
  },
};
