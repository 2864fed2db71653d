import { messages } from '@cardstock/contract';
import type { Executor, Tx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { buylistRepository as repo, type BuyLineRow, type BuyOrderRow } from './buylist.repository.ts';
import { toBuyOrder } from './buy-presenter.ts';
import { offersOf, pricingFor, storedOffer } from './offer-pricing.ts';

const server = messages.buylist.server;

/** Reading buy orders as the screens show them, and holding a pending one for a change. */
export function buyOrderReads(ctx: AppContext) {
  /** Buy orders with their lines and customers; pending ones priced as they stand now, decided ones as stored. */
  async function withLines(db: Executor, shopId: number, orders: BuyOrderRow[], recompute: boolean) {
    const lines = await repo.linesOf(
      db,
      orders.map((o) => o.id),
    );
    const customerIds = [...new Set(orders.flatMap((o) => (o.customer_id === null ? [] : [o.customer_id])))];
    const customers = new Map((await repo.customersByIds(db, shopId, customerIds)).map((c) => [c.id, c]));
    const byOrder = new Map<number, BuyLineRow[]>();
    for (const line of lines) {
      const list = byOrder.get(line.buy_order_id);
      if (list) list.push(line);
      else byOrder.set(line.buy_order_id, [line]);
    }
    const pricing = recompute
      ? await pricingFor(
          db,
          shopId,
          lines.map((l) => l.card_id),
        )
      : undefined;
    return orders.map((order) => {
      const own = byOrder.get(order.id) ?? [];
      const offers = pricing ? offersOf(own, pricing) : own.map(storedOffer);
      const customer = order.customer_id === null ? null : (customers.get(order.customer_id) ?? null);
      return toBuyOrder(order, own, offers, customer);
    });
  }

  /** One buy order as it stands after a change: stored offers (the change just wrote them). */
  async function orderNamed(shopId: number, buyNumber: string) {
    const order = await repo.find(ctx.db, shopId, buyNumber);
    if (!order) throw new AppError('NOT_FOUND', server.notFound(buyNumber));
    const [view] = await withLines(ctx.db, shopId, [order], false);
    return view!;
  }

  /** The pending buy order named, held for this transaction: 404 unknown, 409 when decided meanwhile. */
  async function pendingOrder(tx: Tx, shopId: number, buyNumber: string) {
    const order = await repo.find(tx, shopId, buyNumber);
    if (!order) throw new AppError('NOT_FOUND', server.notFound(buyNumber));
    if (!(await repo.holdPending(tx, order.id))) throw await notPending(tx, shopId, buyNumber, order.status);
    return order;
  }

  async function notPending(db: Executor, shopId: number, buyNumber: string, status: string) {
    const current = await repo.find(db, shopId, buyNumber);
    return new AppError('NOT_PENDING', server.notPending(buyNumber, current?.status ?? status));
  }

  return { withLines, orderNamed, pendingOrder, notPending };
}

export type BuyOrderReads = ReturnType<typeof buyOrderReads>;
