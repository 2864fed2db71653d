import {
  dollarsToCents,
  saleFigures,
  settle,
  type Discount,
  type PendingOrder,
  type RegisterSettings,
  type RouteCallInput,
  type SaleFigures,
} from '@cardstock/contract';
import { discountBody, tenderBodies, tendersOf, type TenderDraft } from './sale.ts';

/** An order to ring up, as the pending queue or the history lists it. */
export type OpenOrder = Pick<PendingOrder, 'order_number' | 'items' | 'store_credit' | 'customer_id'>;

/**
 * What an order comes to at the counter, as the server decides it (decision 037): its lines at the prices it was
 * placed at, the discount, the tax; `due` is what is left once the store credit it spent when placed is counted.
 */
export function orderFigures(
  order: OpenOrder,
  settings: RegisterSettings,
  taxExempt: boolean,
  discount: Discount | undefined,
): SaleFigures & { prepaid_cents: number; left_cents: number } {
  const figures = saleFigures({
    lines: order.items.map((i) => ({ unit_cents: dollarsToCents(i.price), quantity: i.quantity })),
    sale_discount: discount,
    tax: {
      rate_percent: settings.tax_rate_percent,
      prices_include_tax: settings.prices_include_tax,
      exempt: taxExempt,
    },
  });
  const prepaid = dollarsToCents(order.store_credit);
  return { ...figures, prepaid_cents: prepaid, left_cents: Math.max(0, figures.due_cents - prepaid) };
}

/** Whether the tenders pay what is left of the order; `balance` is the customer's store credit, null without one. */
export function orderSettlement(leftCents: number, drafts: readonly TenderDraft[], balanceCents: number | null) {
  const tenders = tendersOf(drafts);
  if (!tenders) return { ok: false as const, problem: 'not_amount' as const, paid_cents: 0 };
  const result = settle(leftCents, tenders, balanceCents);
  if (result.ok) return result;
  return { ok: false as const, problem: result.problem, paid_cents: tenders.reduce((n, t) => n + t.amount_cents, 0) };
}

/** The call's body. */
export function orderSaleBody(
  order: OpenOrder,
  discount: Discount | undefined,
  drafts: readonly TenderDraft[],
): Omit<RouteCallInput<'registerOrderSale'>, 'token'> {
  return {
    order_number: order.order_number,
    ...discountBody(discount),
    tenders: tenderBodies(drafts),
  };
}
