import { centsUsd as dollarsText, centsToDollars, messages, type TenderKind } from '@cardstock/contract';
import { withTransaction } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { appendCredit } from '../customers/credit-ledger.ts';
import { ordersRepository } from '../orders/orders.repository.ts';
import { drawerForSale } from './cash-moves.ts';
import { registerRepository as repo } from './register.repository.ts';
import { priceSale } from './price-sale.ts';
import { discountOfInput, recordSale, saleAnswerOf, tendersOfInput } from './sale-record.ts';

const said = messages.registerServer;

/** A placed order rung up at the counter: its number, a discount, and the tenders (dollars as sent). */
export interface OrderSaleInput {
  order_number: string;
  discount?: { percent: number } | { amount: number };
  tenders: { kind: TenderKind; amount: number; reference?: string }[];
}

/**
 * Rings up an order placed on a tablet, from a PC or online (issue 44): the customer is at the counter and pays.
 * Its copies were taken when it was placed and its prices are what the customer saw; the register adds the discount,
 * the tax and the tenders exactly as for a sale from a cart (decision 037), and the order becomes that sale: a pending
 * order is confirmed by it, an online reservation (pending or ready for pickup) is picked up. Store credit the order
 * already spent counts as paid. One transaction, locked on the order's row first (as deciding it is); an order rung up
 * once is refused the second time (409 `NOT_PENDING`).
 */
export function ringUpOrder(ctx: AppContext) {
  return async function sale(actor: Actor, input: OrderSaleInput) {
    const { shopId, email, userId, role } = requireRole(actor, 'register:sell');
    const discount = discountOfInput(input.discount);
    const tenders = tendersOfInput(input.tenders);
    const at = ctx.clock.now().toISOString();
    await withTransaction(ctx.db, async (tx) => {
      const order = await ordersRepository.lockToDecide(tx, ctx.engine, shopId, input.order_number);
      if (!order) throw new AppError('NOT_FOUND', messages.ordersServer.notFound(input.order_number));
      const online = order.source_kind === 'online';
      const open = order.status === 'pending' || (online && order.status === 'confirmed');
      if (!open || (await repo.byNumber(tx, shopId, order.order_number)))
        throw new AppError('NOT_PENDING', said.orderNotOpen(order.order_number, order.status));
      const movesCash = tenders.some((t) => t.kind === 'cash');
      const drawer = await drawerForSale(tx, ctx.engine, shopId, userId, movesCash);
      const lines = await ordersRepository.linesOf(tx, [order.id]);
      // Store credit the order spent when it was placed is paid already.
      const prepaid = order.store_credit_cents;
      const {
        figures,
        settled: tendered,
        tax,
        customer,
      } = await priceSale(tx, {
        shopId,
        role,
        customerId: order.customer_id ?? undefined,
        lines,
        discount,
        tenders,
        prepaidCents: prepaid,
      });
      const credit = tendered.by_kind.store_credit;
      if (credit > 0 && customer) {
        const left = await appendCredit(
          tx,
          {
            shopId,
            customerId: customer.id,
            kind: 'order',
            amountCents: -credit,
            reference: order.order_number,
            actor: email,
            at,
          },
          {
            event: () => ({
              action: 'credit.spend',
              detail: { name: customer.name, order: order.order_number, amount: centsToDollars(credit) },
            }),
          },
        );
        if (left === undefined)
          throw new AppError('VALIDATION', said.creditOverBalance(dollarsText(customer.balance_cents)));
      }
      // The order becomes the sale: confirmed, or an online reservation picked up (its customer is here).
      if (order.status === 'pending' && !(await ordersRepository.decide(tx, order.id, 'confirmed', email, at)))
        throw new AppError('NOT_PENDING', said.orderNotOpen(order.order_number, order.status));
      if (online && !(await ordersRepository.closePickup(tx, order.id, 'picked_up', at)))
        throw new AppError('NOT_PENDING', said.orderNotOpen(order.order_number, order.status));
      const paidTenders =
        prepaid > 0
          ? [...tenders, { kind: 'store_credit', amount_cents: prepaid, reference: 'paid with the order' }]
          : tenders;
      const settled = {
        ...tendered,
        paid_cents: tendered.paid_cents + prepaid,
        by_kind: { ...tendered.by_kind, store_credit: credit + prepaid },
      };
      // The order now counts what it sold for (after the discount, before tax), each line its share of the figures.
      await repo.setOrderTotal(tx, order.id, figures.subtotal_cents - figures.discount_cents);
      await repo.setShares(
        tx,
        lines.map((line, i) => ({
          id: line.id,
          discount_cents: figures.lines[i]!.discount_cents,
          tax_cents: figures.lines[i]!.tax_cents,
        })),
      );
      await recordSale(
        ctx,
        tx,
        {
          shopId,
          actor: email,
          userId,
          role,
          orderId: order.id,
          saleNumber: order.order_number,
          customerId: order.customer_id ?? undefined,
          tenders: paidTenders,
          drawer,
        },
        { figures, settled, tax },
        undefined,
      );
    });
    return saleAnswerOf(ctx, shopId, input.order_number);
  };
}
