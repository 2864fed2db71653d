import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

/** A product as stored: money in cents, set_code '' for "no set". */
export interface SealedValues {
  name: string;
  category: string;
  set_code: string;
  price: number;
  quantity: number;
  /** Its UPC/EAN (digits), null for none; undefined leaves a product's as it is. */
  upc?: string | null;
  /** Where its boxes are kept, null for nowhere said; undefined leaves a product's as it is. */
  location?: string | null;
}

const columns = ['id', 'name', 'category', 'set_code', 'price', 'quantity', 'updated_at', 'upc', 'location'] as const;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Rows whose name, category or set code contain `filter`, in any case. */
function matching(filter: string) {
  const pattern = `%${escapeLike(filter.toLowerCase())}%`;
  return (eb: ExpressionBuilder<DB, 'sealed_products'>) =>
    eb.or(
      (['name', 'category', 'set_code'] as const).map((column) =>
        eb(eb.fn('lower', [column]), 'like', sql<string>`${pattern} escape '\\'`),
      ),
    );
}

export const sealedRepository = {
  /**
   * A page of the shop's products in name order. Sorting on lower(name) gives
   * the same order on both engines; PostgreSQL's collation would otherwise
   * depend on the server's locale.
   */
  page(db: Executor, shopId: number, filter: string, page: number, size: number) {
    let query = db.selectFrom('sealed_products').select(columns).where('shop_id', '=', shopId);
    if (filter) query = query.where(matching(filter));
    return query
      .orderBy(sql`lower(name)`)
      .orderBy('name')
      .orderBy('id')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
  },

  async count(db: Executor, shopId: number, filter: string): Promise<number> {
    let query = db.selectFrom('sealed_products').where('shop_id', '=', shopId);
    if (filter) query = query.where(matching(filter));
    const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** The shop's products with units left, name order, at most `limit` (a storefront's Sealed section). */
  inStock(db: Executor, shopId: number, limit: number) {
    return db
      .selectFrom('sealed_products')
      .select(columns)
      .where('shop_id', '=', shopId)
      .where('quantity', '>', 0)
      .orderBy('name')
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  /** Every product of the shop (sold-out ones too), a batch at a time in id order: what an export writes. */
  async *all(db: Executor, shopId: number, size = 1000) {
    for (let after = 0; ;) {
      const rows = await db
        .selectFrom('sealed_products')
        .select(columns)
        .where('shop_id', '=', shopId)
        .where('id', '>', after)
        .orderBy('id')
        .limit(size)
        .execute();
      if (rows.length === 0) return;
      yield rows;
      after = rows[rows.length - 1]!.id;
    }
  },

  find(db: Executor, shopId: number, id: number) {
    return db
      .selectFrom('sealed_products')
      .select(columns)
      .where('shop_id', '=', shopId)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** The shop's product with this name, category and set, if any. */
  findByKey(db: Executor, shopId: number, key: Pick<SealedValues, 'name' | 'category' | 'set_code'>) {
    return db
      .selectFrom('sealed_products')
      .select(columns)
      .where('shop_id', '=', shopId)
      .where('name', '=', key.name)
      .where('category', '=', key.category)
      .where('set_code', '=', key.set_code)
      .executeTakeFirst();
  },

  /** The shop's product with one of these UPC/EAN forms (see the contract's `gtinForms`), if any. */
  findByUpc(db: Executor, shopId: number, forms: string[]) {
    return db
      .selectFrom('sealed_products')
      .select(columns)
      .where('shop_id', '=', shopId)
      .where('upc', 'in', forms)
      .orderBy('id')
      .executeTakeFirst();
  },

  /** A new product, or more of the same one at the new price (and UPC/EAN, when given); the row as it now is. */
  add(db: Executor, shopId: number, values: SealedValues, at: string) {
    return db
      .insertInto('sealed_products')
      .values({ ...values, shop_id: shopId, created_at: at, updated_at: at })
      .onConflict((oc) =>
        oc.columns(['shop_id', 'name', 'category', 'set_code']).doUpdateSet({
          quantity: sql`sealed_products.quantity + excluded.quantity`,
          price: sql`excluded.price`,
          ...(values.upc === undefined ? {} : { upc: values.upc }),
          ...(values.location === undefined ? {} : { location: values.location }),
          updated_at: at,
        }),
      )
      .returning(columns)
      .executeTakeFirstOrThrow();
  },

  /** Replaces every field of a product (its UPC/EAN only when given); undefined when the shop has no such product. */
  update(db: Executor, shopId: number, id: number, values: SealedValues, at: string) {
    return db
      .updateTable('sealed_products')
      .set({ ...values, updated_at: at })
      .where('shop_id', '=', shopId)
      .where('id', '=', id)
      .returning(columns)
      .executeTakeFirst();
  },

  /**
   * Boxes in or out of one product (quick add and its undo, issue 41): the row as it now is, or undefined when the
   * shop has no such product or it would go below 0 or above `max`.
   */
  moveCopies(db: Executor, shopId: number, id: number, by: number, max: number, at: string) {
    return db
      .updateTable('sealed_products')
      .set({ quantity: sql`quantity + ${by}`, updated_at: at })
      .where('shop_id', '=', shopId)
      .where('id', '=', id)
      .where(sql<number>`quantity + ${by}`, '>=', 0)
      .where(sql<number>`quantity + ${by}`, '<=', max)
      .returning(columns)
      .executeTakeFirst();
  },

  /** Removes a product; the removed row, or undefined when the shop has no such product. */
  remove(db: Executor, shopId: number, id: number) {
    return db
      .deleteFrom('sealed_products')
      .where('shop_id', '=', shopId)
      .where('id', '=', id)
      .returning(columns)
      .executeTakeFirst();
  },
};

export type SealedRow = NonNullable<Awaited<ReturnType<typeof sealedRepository.find>>>;
