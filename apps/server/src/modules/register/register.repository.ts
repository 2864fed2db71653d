import { sql, type Insertable, type Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { SaleTable } from '../../db/schema.ts';

/** Sales with their number (their order's), and the number of the buy order their trade-in was bought under. */
const sales = (db: Executor) =>
  db
    .selectFrom('sales')
    .innerJoin('orders', 'orders.id', 'sales.order_id')
    .leftJoin('buy_orders', 'buy_orders.id', 'sales.buy_order_id')
    .selectAll('sales')
    .select(['orders.order_number', 'buy_orders.buy_number']);

/** The register's rows: a sale beside its order, the tenders that paid it, and each sold line's share of its figures. */
export const registerRepository = {
  /** What the register needs of the shop: its tax, how much an Employee may discount. */
  taxOf(db: Executor, shopId: number) {
    return db
      .selectFrom('shops')
      .select(['tax_rate_thousandths', 'prices_include_tax', 'employee_discount_limit_percent'])
      .where('id', '=', shopId)
      .executeTakeFirstOrThrow();
  },

  async insert(
    db: Executor,
    sale: Insertable<SaleTable>,
    tenders: { kind: string; amount_cents: number; reference: string }[],
  ): Promise<Selectable<SaleTable>> {
    const row = await db.insertInto('sales').values(sale).returningAll().executeTakeFirstOrThrow();
    if (tenders.length)
      await db
        .insertInto('sale_tenders')
        .values(tenders.map((t) => ({ ...t, sale_id: row.id, shop_id: sale.shop_id })))
        .execute();
    return row;
  },

  /** A card sale whose drawer closed while it was rung up joins no drawer (decision 038). */
  async leaveDrawer(db: Executor, saleId: number) {
    await db.updateTable('sales').set({ drawer_id: null }).where('id', '=', saleId).execute();
  },

  /** A sale's order counts what it sold for: after the discount, before tax (statistics read orders' totals). */
  async setOrderTotal(db: Executor, orderId: number, totalCents: number) {
    await db.updateTable('orders').set({ total_cents: totalCents }).where('id', '=', orderId).execute();
  },

  /** Each sold line's share of its sale's discount and tax, in one statement (the sale holds its locks meanwhile). */
  async setShares(db: Executor, shares: readonly { id: number; discount_cents: number; tax_cents: number }[]) {
    if (!shares.length) return;
    const byLine = (column: 'discount_cents' | 'tax_cents') =>
      sql<number>`case ${sql.ref('id')} ${sql.join(
        shares.map((s) => sql`when ${s.id} then cast(${s[column]} as integer)`),
        sql` `,
      )} end`;
    await db
      .updateTable('order_lines')
      .set({ discount_cents: byLine('discount_cents'), tax_cents: byLine('tax_cents') })
      .where(
        'id',
        'in',
        shares.map((s) => s.id),
      )
      .execute();
  },

  /** A shop's sale by its number (the order's). */
  byNumber(db: Executor, shopId: number, saleNumber: string) {
    return sales(db)
      .where('sales.shop_id', '=', shopId)
      .where('orders.order_number', '=', saleNumber)
      .executeTakeFirst();
  },

  /** A sale by its receipt's token, whichever shop: the token is the key. */
  byReceipt(db: Executor, token: string) {
    return sales(db).where('sales.receipt_token', '=', token).executeTakeFirst();
  },

  tendersOf(db: Executor, saleId: number) {
    return db
      .selectFrom('sale_tenders')
      .select(['kind', 'amount_cents', 'reference'])
      .where('sale_id', '=', saleId)
      .orderBy('id')
      .execute();
  },

  /** What a receipt prints of the shop. */
  shopOf(db: Executor, shopId: number) {
    return db
      .selectFrom('shops')
      .select(['name', 'address', 'city', 'state', 'country', 'time_zone', 'return_policy'])
      .where('id', '=', shopId)
      .executeTakeFirstOrThrow();
  },
};

export type SaleRow = NonNullable<Awaited<ReturnType<typeof registerRepository.byNumber>>>;
export type TenderRow = Awaited<ReturnType<typeof registerRepository.tendersOf>>[number];
