import {
  centsUsd as dollarsText,
  centsToDollars,
  messages,
  percentOfThousandths,
  saleFigures,
  settle,
  withinDiscountLimit,
  type TenderKind,
} from '@cardstock/contract';
import { withTransaction } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { appendCredit } from '../customers/credit-ledger.ts';
import { customersRepository } from '../customers/customers.repository.ts';
import { ordersRepository } from '../orders/orders.repository.ts';
import { drawerForSale } from './cash-moves.ts';
import { registerRepository as repo } from './register.repository.ts';
import { tenderRefusal } from './ring-up.ts';
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
      const drawer = await drawerForSale(tx, shopId, userId, movesCash);
      const [lines, tax] = await Promise.all([ordersRepository.linesOf(tx, [order.id]), repo.taxOf(tx, shopId)]);
      const customer =
        order.customer_id === null ? undefined : await customersRepository.find(tx, shopId, order.customer_id);
      const figures = saleFigures({
        lines: lines.map((l) => ({ unit_cents: l.unit_price_cents, quantity: l.quantity })),
        sale_discount: discount,
        tax: {
          rate_percent: percentOfThousandths(tax.tax_rate_thousandths),
          prices_include_tax: tax.prices_include_tax === 1,
          exempt: customer?.tax_exempt === 1,
        },
      });
      if (role === 'Employee' && !withinDiscountLimit(figures, tax.employee_discount_limit_percent))
        throw new AppError('FORBIDDEN', said.discountOverLimit(tax.employee_discount_limit_percent));
      // Store credit the order spent when it was placed is paid already.
      const prepaid = order.store_credit_cents;
      if (prepaid > figures.due_cents)
        throw new AppError('VALIDATION', said.prepaidOverDue(dollarsText(prepaid), dollarsText(figures.due_cents)));
      const due = figures.due_cents - prepaid;
      const balance = customer ? customer.balance_cents : null;
      const result = settle(due, tenders, balance);
      if (!result.ok) {
        const paid = tenders.reduce((n, t) => n + t.amount_cents, 0);
        const sentence = tenderRefusal(result.problem, due, paid, balance);
        throw new AppError('VALIDATION', sentence, { errors: [{ field: 'tenders', message: sentence }] });
      }
      const credit = result.settled.by_kind.store_credit;
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
        if (left === undefined) throw new AppError('VALIDATION', said.creditOverBalance(dollarsText(balance ?? 0)));
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
        ...result.settled,
        paid_cents: result.settled.paid_cents + prepaid,
        by_kind: { ...result.settled.by_kind, store_credit: credit + prepaid },
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
