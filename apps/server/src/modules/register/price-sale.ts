import {
  centsUsd as dollarsText,
  messages,
  percentOfThousandths,
  saleFigures,
  settle,
  withinDiscountLimit,
  type Discount,
  type SaleFigures,
  type Settled,
  type Tender,
  type TenderProblem,
} from '@cardstock/contract';
import type { Tx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { CounterBuy } from '../buylist/counter-buy.ts';
import { customersRepository } from '../customers/customers.repository.ts';
import { registerRepository as repo } from './register.repository.ts';
import type { ShopTax } from './sale-record.ts';

const said = messages.registerServer;

type Customer = NonNullable<Awaited<ReturnType<typeof customersRepository.find>>>;

/** A sale priced: its figures, what its tenders came to, the shop's tax settings, and its customer (if any). */
export interface PricedSale {
  figures: SaleFigures;
  settled: Settled;
  tax: ShopTax;
  customer: Customer | undefined;
}

/** The sentence of a tender refusal. */
export function tenderRefusal(
  problem: TenderProblem,
  dueCents: number,
  paidCents: number,
  balanceCents: number | null,
) {
  switch (problem) {
    case 'short':
      return said.short(dollarsText(dueCents), dollarsText(paidCents));
    case 'over_non_cash':
      return said.overNonCash(dollarsText(dueCents));
    case 'credit_without_customer':
      return said.creditNeedsCustomer;
    case 'credit_over_balance':
      return said.creditOverBalance(dollarsText(balanceCents ?? 0));
    case 'not_positive':
      return said.tenderNotPositive;
  }
}

/**
 * Prices a sale at the counter before anything is written (decision 037), the one rule for a cart rung up and for a
 * placed order rung up: the lines at the prices the order holds, the sale's discount, the shop's tax (none for a
 * tax-exempt customer), a trade-in's value; an Employee's discount within the shop's limit (403 naming it); store
 * credit the order already spent counts as paid (never more than is due); the tenders settle the rest (a refusal
 * names `tenders`). A customer named but not of this shop is 404.
 */
export async function priceSale(
  tx: Tx,
  sale: {
    shopId: number;
    role: string;
    customerId: number | undefined;
    lines: readonly { unit_price_cents: number; quantity: number }[];
    discount: Discount | undefined;
    tenders: readonly Tender[];
    tradeIn?: Pick<CounterBuy, 'total_cents' | 'payout'>;
    prepaidCents?: number;
  },
): Promise<PricedSale> {
  const [tax, customer] = await Promise.all([
    repo.taxOf(tx, sale.shopId),
    sale.customerId === undefined ? undefined : customersRepository.find(tx, sale.shopId, sale.customerId),
  ]);
  if (sale.customerId !== undefined && !customer) throw new AppError('NOT_FOUND', messages.customers.server.notFound);
  const figures = saleFigures({
    lines: sale.lines.map((l) => ({ unit_cents: l.unit_price_cents, quantity: l.quantity })),
    sale_discount: sale.discount,
    tax: {
      rate_percent: percentOfThousandths(tax.tax_rate_thousandths),
      prices_include_tax: tax.prices_include_tax === 1,
      exempt: customer?.tax_exempt === 1,
    },
    trade_in_cents: sale.tradeIn?.total_cents ?? 0,
    trade_in_payout: sale.tradeIn?.payout,
  });
  if (sale.role === 'Employee' && !withinDiscountLimit(figures, tax.employee_discount_limit_percent))
    throw new AppError('FORBIDDEN', said.discountOverLimit(tax.employee_discount_limit_percent));
  const prepaid = sale.prepaidCents ?? 0;
  if (prepaid > figures.due_cents)
    throw new AppError('VALIDATION', said.prepaidOverDue(dollarsText(prepaid), dollarsText(figures.due_cents)));
  const due = figures.due_cents - prepaid;
  const balance = customer ? customer.balance_cents : null;
  const result = settle(due, sale.tenders, balance);
  if (!result.ok) {
    const paid = sale.tenders.reduce((n, t) => n + t.amount_cents, 0);
    const sentence = tenderRefusal(result.problem, due, paid, balance);
    throw new AppError('VALIDATION', sentence, { errors: [{ field: 'tenders', message: sentence }] });
  }
  return { figures, settled: result.settled, tax, customer };
}
