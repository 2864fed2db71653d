import type { Executor } from '../../db/database.ts';
import { saleStatuses } from '../orders/orders.repository.ts';

/* What a sales report sums, each read for one shop between two instants (UTC ISO text, `from` included, `to` not). */
export const salesReportRepository = {
  /** The shop's time zone ('' when the shop has not said: UTC). */
  async timeZone(db: Executor, shopId: number): Promise<string> {
    const row = await db.selectFrom('shops').select('time_zone').where('id', '=', shopId).executeTakeFirstOrThrow();
    return row.time_zone;
  },

  /** Sales rung up at the register, with their figures. */
  registerSales(db: Executor, shopId: number, from: string, to: string) {
    return db
      .selectFrom('sales')
      .innerJoin('orders', 'orders.id', 'sales.order_id')
      .select([
        'sales.id',
        'sales.created_at',
        'sales.subtotal_cents',
        'sales.discount_cents',
        'sales.tax_cents',
        'sales.total_cents',
        'sales.change_cents',
      ])
      .where('sales.shop_id', '=', shopId)
      .where('orders.status', 'in', saleStatuses)
      .where('sales.created_at', '>=', from)
      .where('sales.created_at', '<', to)
      .execute();
  },

  /** The tenders of those sales. */
  registerTenders(db: Executor, shopId: number, from: string, to: string) {
    return db
      .selectFrom('sale_tenders')
      .innerJoin('sales', 'sales.id', 'sale_tenders.sale_id')
      .innerJoin('orders', 'orders.id', 'sales.order_id')
      .select(['sale_tenders.sale_id', 'sale_tenders.kind', 'sale_tenders.amount_cents'])
      .where('sales.shop_id', '=', shopId)
      .where('orders.status', 'in', saleStatuses)
      .where('sales.created_at', '>=', from)
      .where('sales.created_at', '<', to)
      .execute();
  },

  /** Orders that became sales when confirmed in Order Management (not rung up at the register), when confirmed. */
  confirmedOrders(db: Executor, shopId: number, from: string, to: string) {
    return db
      .selectFrom('orders')
      .leftJoin('sales', 'sales.order_id', 'orders.id')
      .select(['orders.decided_at', 'orders.total_cents'])
      .where('orders.shop_id', '=', shopId)
      .where('orders.status', 'in', saleStatuses)
      .where('sales.id', 'is', null)
      .where('orders.decided_at', '>=', from)
      .where('orders.decided_at', '<', to)
      .execute();
  },

  /** Buy orders accepted: cards bought from customers, paid in cash or store credit. */
  acceptedBuys(db: Executor, shopId: number, from: string, to: string) {
    return db
      .selectFrom('buy_orders')
      .select(['decided_at', 'payout', 'paid_cents'])
      .where('shop_id', '=', shopId)
      .where('status', '=', 'accepted')
      .where('decided_at', '>=', from)
      .where('decided_at', '<', to)
      .execute();
  },

  /** Store-credit ledger entries. */
  creditEntries(db: Executor, shopId: number, from: string, to: string) {
    return db
      .selectFrom('credit_ledger')
      .select(['created_at', 'kind', 'amount_cents'])
      .where('shop_id', '=', shopId)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .execute();
  },

  /** Returns given at the register: what each gave back, and of it tax. */
  returns(db: Executor, shopId: number, from: string, to: string) {
    return db
      .selectFrom('sale_returns')
      .select(['created_at', 'refund_cents', 'tax_cents'])
      .where('shop_id', '=', shopId)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .execute();
  },
};
