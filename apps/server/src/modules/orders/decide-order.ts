import { centsToDollars, messages } from '@cardstock/contract';
import { withTransaction, type Tx } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { buylistRepository, EMPLOYEE_LIMIT_WINDOW_MS } from '../buylist/buylist.repository.ts';
import { appendCredit } from '../customers/credit-ledger.ts';
import { customersRepository } from '../customers/customers.repository.ts';
import type { GiveBack } from './order-stock.ts';
import { ordersRepository as repo, type OrderRow } from './orders.repository.ts';
import { holdForPickup } from './pickup.service.ts';
import { mailAfterCommit, type ReservationMails } from './reservation-mails.ts';

/** Gives a rejected order's store credit back to its customer, in the rejection's transaction. */
async function refundCredit(tx: Tx, shopId: number, order: OrderRow, by: string, at: string) {
  if (order.customer_id === null || order.store_credit_cents <= 0) return;
  const customer = await customersRepository.find(tx, shopId, order.customer_id);
  if (!customer) return;
  await appendCredit(
    tx,
    {
      shopId,
      customerId: customer.id,
      kind: 'order_refund',
      amountCents: order.store_credit_cents,
      reference: order.order_number,
      actor: by,
      at,
    },
    {
      event: () => ({
        action: 'credit.refund',
        detail: { name: customer.name, order: order.order_number, amount: centsToDollars(order.store_credit_cents) },
      }),
    },
  );
}

/** Confirming or rejecting a pending order in Order Management. */
export function decideOrder(ctx: AppContext, giveBack: GiveBack, mails: ReservationMails) {
  const now = () => ctx.clock.now().toISOString();

  /**
   * Moves a pending order on; `alongside` runs in the same transaction, before the order is written (it gives copies
   * back: see `lockToDecide` for the lock order). An online reservation's customer is mailed once it has committed:
   * ready for pickup, or rejected with the shop's reason.
   */
  async function decide(
    actor: Actor,
    orderNumber: string,
    status: 'confirmed' | 'rejected',
    alongside: (tx: Tx, shopId: number, order: OrderRow, at: string) => Promise<void>,
    reason: string | null = null,
  ): Promise<number> {
    const { shopId, email, role } = requireRole(actor, 'orders:decide');
    const at = now();
    await withTransaction(ctx.db, async (tx) => {
      const order = await repo.lockToDecide(tx, ctx.engine, shopId, orderNumber);
      if (!order) throw new AppError('NOT_FOUND', messages.ordersServer.notFound(orderNumber));
      if (order.status !== 'pending')
        throw new AppError('NOT_PENDING', messages.ordersServer.notPending(orderNumber, order.status));
      // Credit an Employee granted, spent on an order the same Employee confirms, would be money out of the shop
      // that no Owner or Manager saw (issue 38): within the day, one of them confirms it.
      if (
        status === 'confirmed' &&
        role === 'Employee' &&
        order.customer_id !== null &&
        order.store_credit_cents > 0 &&
        (await buylistRepository.grantedCreditSince(
          tx,
          shopId,
          order.customer_id,
          email,
          new Date(Date.parse(at) - EMPLOYEE_LIMIT_WINDOW_MS).toISOString(),
        ))
      )
        throw new AppError('FORBIDDEN', messages.ordersServer.confirmOwnCredit(orderNumber));
      await alongside(tx, shopId, order, at);
      // Still pending: its row is locked (PostgreSQL), or no other transaction writes meanwhile (SQLite).
      if (!(await repo.decide(tx, order.id, status, email, at, reason)))
        throw new AppError('NOT_PENDING', messages.ordersServer.notPending(orderNumber, order.status));
      await auditRepository.record(tx, {
        shop_id: shopId,
        actor: email,
        subject: orderNumber,
        created_at: at,
        ...(status === 'confirmed'
          ? { action: 'order.confirm', detail: {} }
          : { action: 'order.reject', detail: reason ? { reason } : {} }),
      });
      if (order.source_kind === 'online' && order.customer_email !== null) {
        // As it is now: a confirmation has fixed the pickup deadline the mail names.
        const decided = (await repo.find(tx, shopId, orderNumber)) ?? { ...order, status, decided_at: at, reason };
        const lines = await repo.linesOf(tx, [order.id]);
        mailAfterCommit(ctx, tx, () =>
          status === 'confirmed' ? mails.ready(decided, lines) : mails.rejected(decided, lines),
        );
      }
    });
    return shopId;
  }

  async function confirm(actor: Actor, orderNumber: string) {
    await decide(actor, orderNumber, 'confirmed', holdForPickup);
    return { message: messages.ordersServer.confirmed(orderNumber) };
  }

  /**
   * Rejects a pending order and puts its copies back; the shop's reason, when it gives one, is kept on the order
   * and mailed to an online customer.
   */
  async function reject(actor: Actor, orderNumber: string, reason?: string) {
    await decide(
      actor,
      orderNumber,
      'rejected',
      async (tx, shopId, order, at) => {
        await giveBack(tx, shopId, order.id, at);
        await refundCredit(tx, shopId, order, actor.email, at);
      },
      reason || null,
    );
    return { message: messages.ordersServer.rejected(orderNumber) };
  }

  return { confirm, reject };
}
