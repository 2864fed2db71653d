import { reservationLimitsOf, routes } from '@cardstock/contract';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeCounterOf } from '../../db/database.ts';
import { AnswerCache } from '../../lib/answer-cache.ts';
import { RowCache } from '../../lib/row-cache.ts';
import { Serialized } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import { customersRepository } from '../customers/customers.repository.ts';
import { settingsRepository } from '../settings/settings.repository.ts';
import { toExpiredOrder, toHistoryOrder, toOrder, toRejectedOrder } from './order-presenter.ts';
import { ordersRepository as repo, type OrderLineRow, type OrderRow, type OrdersState } from './orders.repository.ts';

const HISTORY_LIMIT = 500;

/**
 * Reading orders as the screens show them (the pending queue, the history, the expired and rejected lists) and a
 * customer's reservation as its status page shows it. Holds past their time are ended first (`expireHolds`), so an
 * answer is right without waiting for the sweep.
 */
export function orderReads(ctx: AppContext, expireHolds: (shopId?: number) => Promise<number>) {
  const now = () => ctx.clock.now().toISOString();
  /** Each shop's pending queue under its orders version; a queue of 500 orders is a few hundred KB. */
  const pendingAnswers = new AnswerCache(16 * 1024 * 1024);
  /**
   * Each shop's orders version, kept as a storefront's shop is: until this process writes, at most a second, on
   * either engine. Every staff screen polls the queue (every 10 s each); another server's order reaches it within
   * that second, and deciding an order reads the database in its own transaction.
   */
  const states = new RowCache<number, OrdersState>(writeCounterOf(ctx.db));

  async function ordersWithLines(orders: OrderRow[]) {
    const lines = orders.length
      ? await repo.linesOf(
          ctx.db,
          orders.map((o) => o.id),
        )
      : [];
    const byOrder = new Map<number, OrderLineRow[]>();
    for (const line of lines) {
      const list = byOrder.get(line.order_id);
      if (list) list.push(line);
      else byOrder.set(line.order_id, [line]);
    }
    return orders.map((o) => ({ order: o, lines: byOrder.get(o.id) ?? [] }));
  }

  /** The names of the shop's customers these orders are for. */
  function customerNames(shopId: number, orders: { order: OrderRow }[]) {
    const ids = [...new Set(orders.map(({ order }) => order.customer_id).filter((id): id is number => id !== null))];
    return customersRepository.namesOf(ctx.db, shopId, ids);
  }

  /** The shop's orders of one list, newest first, with their lines and their customers' names. */
  async function listed(shopId: number, list: Parameters<typeof repo.list>[2]) {
    const orders = await ordersWithLines(await repo.list(ctx.db, shopId, list, HISTORY_LIMIT));
    return { orders, names: await customerNames(shopId, orders) };
  }

  return {
    /**
     * Where a customer's reservation stands, found by number and e-mail (case ignored); expired holds of the shop
     * are ended first, so the answer is right without waiting for the sweep. Undefined when there is no such pair.
     */
    async reservationStatus(shopId: number, orderNumber: string, email: string) {
      await expireHolds(shopId);
      const order = await repo.reservation(ctx.db, shopId, orderNumber, email.toLowerCase());
      if (!order) return undefined;
      const [lines, place] = await Promise.all([repo.linesOf(ctx.db, [order.id]), repo.pickupPlace(ctx.db, shopId)]);
      return { order, lines, place };
    },

    /**
     * The pending queue, kept serialized under the shop's orders version: every staff screen and tablet polls it, and
     * between two order writes every poll gets the same answer. The version is read before the orders, so an answer
     * is never kept under a version older than what it shows (a write in between only makes the next poll read again).
     */
    async pending(actor: Actor) {
      const { shopId } = requireRole(actor, 'orders:view');
      const stateOf = () => states.get(shopId, () => repo.ordersState(ctx.db, shopId));
      let state = await stateOf();
      // Reservations past their hold leave the list now, not at the sweep's next turn (expiring writes: read again).
      if (state.firstHoldEnds !== null && state.firstHoldEnds <= now() && (await expireHolds(shopId)) > 0)
        state = await stateOf();
      return pendingAnswers.get(`pending:${shopId}:${state.version}`, async () => {
        const { orders, names } = await listed(shopId, 'pending');
        return Serialized.of(routes.pendingOrders.response, {
          success: true as const,
          data: { orders: orders.map(({ order, lines }) => toOrder(order, lines, names)) },
        });
      });
    },

    async history(actor: Actor) {
      const { shopId } = requireRole(actor, 'orders:view');
      const { orders, names } = await listed(shopId, 'history');
      const { pickup_days } = reservationLimitsOf((await settingsRepository.shop(ctx.db, shopId)).reservation_limits);
      return {
        success: true as const,
        data: { orders: orders.map(({ order, lines }) => toHistoryOrder(order, lines, names, pickup_days)) },
      };
    },

    /** The shop's marketplace orders that need attention (issue 42): copies they sold that the shop no longer had. */
    async attention(actor: Actor) {
      const { shopId } = requireRole(actor, 'orders:view');
      const orders = await ordersWithLines(await repo.needingAttention(ctx.db, shopId, HISTORY_LIMIT));
      const names = await customerNames(shopId, orders);
      const { pickup_days } = reservationLimitsOf((await settingsRepository.shop(ctx.db, shopId)).reservation_limits);
      return {
        success: true as const,
        data: { orders: orders.map(({ order, lines }) => toHistoryOrder(order, lines, names, pickup_days)) },
      };
    },

    /** The shop's online reservations that expired, newest first; holds past their time are ended first. */
    async expired(actor: Actor) {
      const { shopId } = requireRole(actor, 'orders:view');
      await expireHolds(shopId);
      const { orders, names } = await listed(shopId, 'expired');
      return {
        success: true as const,
        data: { orders: orders.map(({ order, lines }) => toExpiredOrder(order, lines, names)) },
      };
    },

    /** The shop's rejected orders, newest first, with the reason the shop gave. */
    async rejected(actor: Actor) {
      const { shopId } = requireRole(actor, 'orders:view');
      const { orders, names } = await listed(shopId, 'rejected');
      return {
        success: true as const,
        data: { orders: orders.map(({ order, lines }) => toRejectedOrder(order, lines, names)) },
      };
    },
  };
}
