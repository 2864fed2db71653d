import {
  centsUsd as usd,
  centsText,
  centsToDollars,
  dollarsToCents,
  isCentAmount,
  messages,
  saleFigures,
  settle,
  type Customer,
  type Discount,
  type RegisterSettings,
  type RouteCallInput,
  type SaleFigures,
  type Settled,
  type TenderKind,
  type TenderProblem,
  type TradeInPayout,
} from '@cardstock/contract';
import { orderItems, type CartItem } from '../orders/index.ts';

const said = messages.registerServer;

/* What the Register screen works out while a sale is rung up: the same figures the server will decide (the contract's
   arithmetic, decision 037), from what the cart, the discount box and the tender rows hold as typed. */

/** The sale discount as typed: a percentage or an amount in dollars, blank for none. */
export interface DiscountDraft {
  kind: 'percent' | 'amount';
  text: string;
}

/** One tender row as typed: its kind, the amount in dollars and (a card's) terminal reference. */
export interface TenderDraft {
  id: number;
  kind: TenderKind;
  text: string;
  reference: string;
}

export const tenderLabels: Record<TenderKind, string> = {
  cash: 'Cash',
  card: 'Card',
  store_credit: 'Store credit',
  other: 'Other',
};

let draftIds = 0;
/** A new tender or refund row's key. */
export const nextDraftId = (): number => ++draftIds;

/** A number typed in a money or percent box, or undefined when it is not one ("", "abc", "-1"). */
export function amountOf(text: string): number | undefined {
  const trimmed = text.trim().replace(/^\$/, '');
  if (trimmed === '' || !/^\d*(\.\d*)?$/.test(trimmed) || trimmed === '.') return undefined;
  return Number(trimmed);
}

/** The discount to send, none for a blank box, or the sentence that says what is wrong with it. */
export function discountOf(draft: DiscountDraft): { ok: true; discount?: Discount } | { ok: false; error: string } {
  if (draft.text.trim() === '') return { ok: true };
  const value = amountOf(draft.text);
  if (draft.kind === 'percent') {
    if (value === undefined || value > 100 || Math.round(value * 1000) !== value * 1000)
      return { ok: false, error: 'The discount is a percentage from 0 to 100, with at most 3 decimals.' };
    return { ok: true, discount: { percent: value } };
  }
  if (value === undefined || !isCentAmount(value))
    return { ok: false, error: 'The discount is an amount in dollars, with at most 2 decimals.' };
  return { ok: true, discount: { amount_cents: dollarsToCents(value) } };
}

/** Cards the customer sells in the sale: what the shop's offer comes to in cents, and how it is paid. */
export interface TradeIn {
  cents: number;
  payout: TradeInPayout;
}

/**
 * The sale's figures as the server will work them out: the shop's prices, the discount, its tax for this customer,
 * and the trade-in (netted when paid as credit, paid out when in cash).
 */
export function figuresOf(
  cart: readonly CartItem[],
  settings: RegisterSettings,
  customer: Customer | undefined,
  discount: Discount | undefined,
  tradeIn?: TradeIn,
): SaleFigures {
  return saleFigures({
    lines: cart.map((line) => ({ unit_cents: dollarsToCents(line.price ?? 0), quantity: line.quantity })),
    sale_discount: discount,
    tax: {
      rate_percent: settings.tax_rate_percent,
      prices_include_tax: settings.prices_include_tax,
      exempt: customer?.tax_exempt ?? false,
    },
    ...(tradeIn ? { trade_in_cents: tradeIn.cents, trade_in_payout: tradeIn.payout } : {}),
  });
}

/** What the tender rows hold, in cents, or undefined while one of them is not an amount of dollars. */
export function tendersOf(drafts: readonly TenderDraft[]): { kind: TenderKind; amount_cents: number }[] | undefined {
  const tenders = drafts.map((t) => ({ kind: t.kind, value: amountOf(t.text) }));
  if (tenders.some((t) => t.value === undefined || !isCentAmount(t.value))) return undefined;
  return tenders.map((t) => ({ kind: t.kind, amount_cents: dollarsToCents(t.value!) }));
}

/** What is still to pay once the rows typed so far are counted: a new row's amount. */
export function remainingCents(dueCents: number, drafts: readonly TenderDraft[]): number {
  const typed = drafts.reduce((sum, t) => {
    const value = amountOf(t.text);
    return sum + (value === undefined ? 0 : dollarsToCents(value));
  }, 0);
  return Math.max(0, dueCents - typed);
}

/** Cents as a tender box shows them: "12.50". */
export const amountText = (cents: number): string => centsText(cents);

/** What the screen says about tenders that do not settle the sale yet (the server's words, before it is asked). */
export function tenderProblemText(problem: TenderProblem, dueCents: number, paidCents: number, balance: number) {
  switch (problem) {
    case 'not_positive':
      return said.tenderNotPositive;
    case 'short':
      return `${usd(dueCents - paidCents)} still to pay.`;
    case 'over_non_cash':
      return said.overNonCash(usd(dueCents));
    case 'credit_without_customer':
      return said.creditNeedsCustomer;
    case 'credit_over_balance':
      return said.creditOverBalance(usd(balance));
  }
}

/** Whether the typed tenders settle the sale now: what they come to and the change, or why not. */
export function settlementOf(
  figures: SaleFigures,
  drafts: readonly TenderDraft[],
  customer: Customer | undefined,
): { ok: true; settled: Settled } | { ok: false; problem: TenderProblem | 'not_amount'; paid_cents: number } {
  const tenders = tendersOf(drafts);
  if (!tenders) return { ok: false, problem: 'not_amount', paid_cents: 0 };
  const result = settle(figures.due_cents, tenders, customer ? dollarsToCents(customer.balance) : null);
  if (result.ok) return result;
  return { ok: false, problem: result.problem, paid_cents: tenders.reduce((n, t) => n + t.amount_cents, 0) };
}

/**
 * The sale call's body: the cart's rows, the customer, the discount, the tenders in dollars, and the cards traded in
 * with their payout (the server prices them; the body never carries a price).
 */
export function saleBody(
  cart: readonly CartItem[],
  customer: Customer | undefined,
  discount: Discount | undefined,
  drafts: readonly TenderDraft[],
  tradeIn?: { items: RouteCallInput<'registerSale'>['trade_in']; payout: TradeInPayout },
): Omit<RouteCallInput<'registerSale'>, 'token'> {
  return {
    items: orderItems(cart),
    ...(tradeIn?.items?.length ? { trade_in: tradeIn.items, trade_in_payout: tradeIn.payout } : {}),
    ...(customer ? { customer_id: customer.id } : {}),
    ...discountBody(discount),
    tenders: tenderBodies(drafts),
  };
}

/** A discount as a call's body sends it: `{ discount }` in percent or dollars, nothing for none. */
export const discountBody = (discount: Discount | undefined) =>
  discount === undefined
    ? {}
    : 'percent' in discount
      ? { discount: { percent: discount.percent } }
      : { discount: { amount: centsToDollars(discount.amount_cents) } };

/** Tender (or refund) rows as a call's body sends them: dollars, and a card's reference when one was typed. */
export const tenderBodies = (drafts: readonly TenderDraft[]) =>
  drafts.map((t) => ({
    kind: t.kind,
    amount: amountOf(t.text) ?? 0,
    ...(t.reference.trim() ? { reference: t.reference.trim() } : {}),
  }));

/** The body as one text: a retry of the same sale or return (after a network error) keeps its Idempotency-Key, any change not. */
export const saleSignature = (body: object): string => JSON.stringify(body);

/** The cart with one line at `quantity` copies: from 1 up to what is in stock. */
export function setLineQuantity(cart: readonly CartItem[], key: string, quantity: number): CartItem[] {
  return cart.map((line) =>
    line.key === key ? { ...line, quantity: Math.max(1, Math.min(line.stock, Math.floor(quantity))) } : line,
  );
}
