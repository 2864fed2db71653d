import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** Returns at the register (migration 0034): a sale's returns, their lines and refunds, and the latest sales. Kysely only. */
export const returnsRepository = {
  /**
   * Counts one more return on a shop's sale by its number and answers the sale's id and the new count (the return's
   * number), or undefined when the shop has no such sale. The update is the sale row's lock: two returns of one sale
   * run one after the other, each seeing what the other returned.
   */
  async countReturn(db: Executor, shopId: number, saleNumber: string) {
    return db
      .updateTable('sales')
      .set((eb) => ({ returns_count: eb('returns_count', '+', 1) }))
      .where('shop_id', '=', shopId)
      .where('order_id', '=', (eb) =>
        eb
          .selectFrom('orders')
          .select('id')
          .where('shop_id', '=', shopId)
          .where('order_number', '=', saleNumber)
          .limit(1),
      )
      .returning(['id', 'returns_count'])
      .executeTakeFirst();
  },

  /** Per sold line of a sale, what its returns took back so far: copies, amount and tax. */
  returnedOf(db: Executor, saleId: number) {
    return db
      .selectFrom('sale_return_lines')
      .innerJoin('sale_returns', 'sale_returns.id', 'sale_return_lines.return_id')
      .select((eb) => [
        'sale_return_lines.order_line_id',
        eb.fn.sum<number>('sale_return_lines.quantity').as('quantity'),
      ])
      .where('sale_returns.sale_id', '=', saleId)
      .groupBy('sale_return_lines.order_line_id')
      .execute();
  },

  /** Per kind, what a sale's returns refunded so far. */
  refundedOf(db: Executor, saleId: number) {
    return db
      .selectFrom('sale_return_refunds')
      .innerJoin('sale_returns', 'sale_returns.id', 'sale_return_refunds.return_id')
      .select((eb) => ['sale_return_refunds.kind', eb.fn.sum<number>('sale_return_refunds.amount_cents').as('cents')])
      .where('sale_returns.sale_id', '=', saleId)
      .groupBy('sale_return_refunds.kind')
      .execute();
  },

  async insert(
    db: Executor,
    row: {
      shop_id: number;
      sale_id: number;
      return_number: string;
      refund_cents: number;
      tax_cents: number;
      drawer_id: number | null;
      created_by: string;
      created_at: string;
      idempotency_key: string | null;
      idempotency_fingerprint: string | null;
    },
    lines: { order_line_id: number; quantity: number; restock: boolean; amount_cents: number; tax_cents: number }[],
    refund: { kind: string; amount_cents: number; reference: string }[],
  ): Promise<number> {
    const { id } = await db.insertInto('sale_returns').values(row).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('sale_return_lines')
      .values(lines.map((l) => ({ ...l, restock: l.restock ? 1 : 0, return_id: id, shop_id: row.shop_id })))
      .execute();
    if (refund.length)
      await db
        .insertInto('sale_return_refunds')
        .values(refund.map((r) => ({ ...r, return_id: id, shop_id: row.shop_id })))
        .execute();
    return id;
  },

  /**
   * The return a shop recorded under an Idempotency-Key: its number, the request's hash, its sale's number, and the
   * customer's credit balance right after it when it refunded to store credit (null otherwise).
   */
  byKey(db: Executor, shopId: number, key: string) {
    return db
      .selectFrom('sale_returns')
      .innerJoin('sales', 'sales.id', 'sale_returns.sale_id')
      .innerJoin('orders', 'orders.id', 'sales.order_id')
      .select((eb) => [
        'sale_returns.return_number',
        'sale_returns.idempotency_fingerprint',
        'orders.order_number as sale_number',
        eb
          .selectFrom('credit_ledger')
          .select('credit_ledger.balance_after_cents')
          .where('credit_ledger.shop_id', '=', shopId)
          .whereRef('credit_ledger.reference', '=', 'sale_returns.return_number')
          .orderBy('credit_ledger.id', 'desc')
          .limit(1)
          .as('balance_after_cents'),
      ])
      .where('sale_returns.shop_id', '=', shopId)
      .where('sale_returns.idempotency_key', '=', key)
      .executeTakeFirst();
  },

  /** A sale's returns, oldest first, each with its lines and refunds. */
  async returnsOf(db: Executor, saleId: number) {
    const returns = await db
      .selectFrom('sale_returns')
      .selectAll()
      .where('sale_id', '=', saleId)
      .orderBy('id')
      .execute();
    const ids = returns.map((r) => r.id);
    const [lines, refunds] = ids.length
      ? await Promise.all([
          db.selectFrom('sale_return_lines').selectAll().where('return_id', 'in', ids).orderBy('id').execute(),
          db.selectFrom('sale_return_refunds').selectAll().where('return_id', 'in', ids).orderBy('id').execute(),
        ])
      : [[], []];
    return returns.map((r) => ({
      ...r,
      lines: lines.filter((l) => l.return_id === r.id),
      refunds: refunds.filter((f) => f.return_id === r.id),
    }));
  },

  /** The shop's latest sales at the register, newest first: who rang each up, for whom, how many copies, what it cost. */
  latest(db: Executor, shopId: number, limit: number) {
    return db
      .selectFrom('sales')
      .innerJoin('orders', 'orders.id', 'sales.order_id')
      .leftJoin('customers', 'customers.id', 'sales.customer_id')
      .select((eb) => [
        'orders.order_number',
        'sales.created_at',
        'sales.created_by',
        'sales.total_cents',
        'sales.returns_count',
        'customers.name as customer_name',
        eb
          .selectFrom('order_lines')
          .select(sql<number>`coalesce(sum(order_lines.quantity), 0)`.as('copies'))
          .whereRef('order_lines.order_id', '=', 'sales.order_id')
          .as('copies'),
      ])
      .where('sales.shop_id', '=', shopId)
      .orderBy('sales.id', 'desc')
      .limit(limit)
      .execute();
  },
};

export type SaleReturnRow = Awaited<ReturnType<typeof returnsRepository.returnsOf>>[number];
