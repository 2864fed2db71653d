/**
 * The counter register's arithmetic (issue 44), in whole cents: discounts, tax, trade-in, tenders and change, and what
 * a return gives back. Shared by the server, which decides a sale, and the Register screen, which shows the same
 * figures while the cart is rung up. Decision 037 (docs/decisions/037-register-tax-and-tenders.md) says why each rule
 * is as it is. Every amount is a whole number of cents; percentages have at most three decimals.
 */

/** A discount: a share of the amount in percent (0–100), or an amount off in cents. */
export type Discount = { percent: number } | { amount_cents: number };

/** A sold line as the register prices it: the shop's price per copy, how many, and its own discount. */
export interface SaleLineInput {
  unit_cents: number;
  quantity: number;
  discount?: Discount;
}

/** How a shop taxes a sale: its rate, whether shelf prices already hold the tax, and whether this buyer is exempt. */
export interface TaxRule {
  /** 0–30, at most three decimals. */
  rate_percent: number;
  prices_include_tax: boolean;
  /** A tax-exempt customer: no tax, and with tax-inclusive prices the part that was tax is taken off. */
  exempt: boolean;
}

/** One sold line's figures: before discounts, the discounts on it (its own and its share of the sale's), after them. */
export interface SaleLineFigures {
  gross_cents: number;
  discount_cents: number;
  net_cents: number;
  /** The line's share of the sale's tax (what a return of the whole line gives back of it). */
  tax_cents: number;
  /** What the customer pays for the line: net, with its tax when prices do not include it. */
  paid_cents: number;
}

/** A sale's figures, as the receipt shows them. */
export interface SaleFigures {
  lines: SaleLineFigures[];
  /** The sold lines before any discount. */
  subtotal_cents: number;
  /** Every discount: the lines' own and the sale's. */
  discount_cents: number;
  /** The tax collected (with tax-inclusive prices, the part of the total that is tax). */
  tax_cents: number;
  /** What the sold lines cost the customer, tax included. */
  total_cents: number;
  /** What the shop pays for the cards it buys in the same sale. */
  trade_in_cents: number;
  /** What the customer pays now: the total, less the trade-in when it is paid as store credit (never below 0). */
  due_cents: number;
  /** Trade-in paid as credit beyond the total: it goes onto the customer's store credit. */
  credit_to_customer_cents: number;
  /** Trade-in paid in cash: the drawer pays it out. */
  cash_out_cents: number;
}

/** Thousandths of a percent, the unit every percentage is counted in here (a rate of 8.875 % is 8875). */
const PER_CENT_SCALE = 1000;
/** 100 % in thousandths of a percent. */
const WHOLE = 100_000;

/** `numerator / denominator` for whole numbers ≥ 0, rounded half up (2.5 → 3). */
const divideHalfUp = (numerator: number, denominator: number): number =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));

/** Whether a percentage has at most three decimals (8.875), as the register counts them. */
export const hasThreeDecimals = (percent: number): boolean =>
  Math.abs(percent * PER_CENT_SCALE - Math.round(percent * PER_CENT_SCALE)) < 1e-6;

/** A percentage as whole thousandths of a percent. */
export const percentThousandths = (percent: number): number => Math.round(percent * PER_CENT_SCALE);

/** Whole thousandths of a percent as a percentage (8875 → 8.875). */
export const percentOfThousandths = (thousandths: number): number => thousandths / PER_CENT_SCALE;

/** A percentage as whole thousandths of a percent. */
const thousandths = (percent: number): number => Math.round(percent * PER_CENT_SCALE);

/** `percent` of `cents`, rounded half up to the cent. */
export const percentOfCents = (cents: number, percent: number): number =>
  divideHalfUp(cents * thousandths(percent), WHOLE);

/** What a discount takes off an amount: never more than the amount, never below 0. */
export function discountCents(amountCents: number, discount: Discount | undefined): number {
  if (!discount) return 0;
  const off = 'percent' in discount ? percentOfCents(amountCents, discount.percent) : discount.amount_cents;
  return Math.min(Math.max(0, off), amountCents);
}

/**
 * `total` shared out over `weights` in proportion, in whole cents that add up to `total` exactly: each share rounded
 * down, the cents left over given to the largest remainders (the earlier line first on a tie). All weights 0: all
 * to none.
 */
export function shareOut(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  // In big integers: a large sale's amount times a line's weight can pass 2^53.
  const products = weights.map((w) => BigInt(total) * BigInt(w));
  const whole = BigInt(sum);
  const shares = products.map((p) => Number(p / whole));
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = products
    .map((p, i) => ({ i, rest: p % whole }))
    .sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * The tax of a discounted subtotal, computed once per sale and rounded half up to the cent: `rate` of it, or, with
 * tax-inclusive prices, the part of it that is tax (`amount × rate / (100 + rate)`). None for an exempt buyer.
 */
export function taxCents(taxableCents: number, rule: TaxRule): number {
  if (rule.exempt || taxableCents <= 0) return 0;
  const rate = thousandths(rule.rate_percent);
  return rule.prices_include_tax
    ? divideHalfUp(taxableCents * rate, WHOLE + rate)
    : divideHalfUp(taxableCents * rate, WHOLE);
}

/**
 * A sale's figures: each line's own discount, then the sale's discount (a percentage of, or an amount off, what the
 * lines come to after theirs) shared over the lines in proportion; the tax once on the discounted subtotal, shared
 * over the lines the same way (so a return gives back exactly what its lines paid); the trade-in, netted against the
 * total when it is paid as store credit and paid out of the drawer when in cash.
 */
export function saleFigures(input: {
  lines: readonly SaleLineInput[];
  sale_discount?: Discount;
  tax: TaxRule;
  trade_in_cents?: number;
  trade_in_payout?: 'cash' | 'credit';
}): SaleFigures {
  const gross = input.lines.map((l) => l.unit_cents * l.quantity);
  const own = input.lines.map((l, i) => discountCents(gross[i]!, l.discount));
  const afterOwn = gross.map((g, i) => g - own[i]!);
  const saleOff = discountCents(
    afterOwn.reduce((a, b) => a + b, 0),
    input.sale_discount,
  );
  const saleShares = shareOut(saleOff, afterOwn);
  const net = afterOwn.map((n, i) => n - saleShares[i]!);
  const taxable = net.reduce((a, b) => a + b, 0);
  const { tax } = input;
  // An exempt buyer of tax-inclusive prices pays them without the part that is tax.
  const included = tax.prices_include_tax ? taxCents(taxable, { ...tax, exempt: false }) : 0;
  const collected = taxCents(taxable, tax);
  const lineTax = shareOut(tax.prices_include_tax ? included : collected, net);
  const lines = input.lines.map((_, i) => ({
    gross_cents: gross[i]!,
    discount_cents: own[i]! + saleShares[i]!,
    net_cents: net[i]!,
    tax_cents: tax.exempt ? 0 : lineTax[i]!,
    paid_cents: tax.prices_include_tax ? net[i]! - (tax.exempt ? lineTax[i]! : 0) : net[i]! + lineTax[i]!,
  }));
  const total = tax.prices_include_tax ? taxable - (tax.exempt ? included : 0) : taxable + collected;
  const tradeIn = input.trade_in_cents ?? 0;
  const asCredit = input.trade_in_payout === 'credit' ? tradeIn : 0;
  return {
    lines,
    subtotal_cents: gross.reduce((a, b) => a + b, 0),
    discount_cents: own.reduce((a, b) => a + b, 0) + saleOff,
    tax_cents: collected,
    total_cents: total,
    trade_in_cents: tradeIn,
    due_cents: Math.max(0, total - asCredit),
    credit_to_customer_cents: Math.max(0, asCredit - total),
    cash_out_cents: input.trade_in_payout === 'cash' ? tradeIn : 0,
  };
}

/**
 * Whether a sale's discounts (the lines' and the sale's together) stay within `limitPercent` of its subtotal: what
 * an Employee may give (`employee_discount_limit_percent`). Compared exactly, in whole numbers: 10.004 % is over 10.
 */
export const withinDiscountLimit = (
  figures: Pick<SaleFigures, 'subtotal_cents' | 'discount_cents'>,
  limitPercent: number,
): boolean => figures.discount_cents * WHOLE <= thousandths(limitPercent) * figures.subtotal_cents;

export const tenderKinds = ['cash', 'card', 'store_credit', 'other'] as const;
export type TenderKind = (typeof tenderKinds)[number];

export interface Tender {
  kind: TenderKind;
  amount_cents: number;
}

/** Why tenders do not settle a sale. */
export type TenderProblem =
  /** A tender of no money (0 or less). */
  | 'not_positive'
  /** Less than is due. */
  | 'short'
  /** Card, store credit and other tenders come to more than is due: only cash gives change. */
  | 'over_non_cash'
  /** Store credit without a customer. */
  | 'credit_without_customer'
  /** More store credit than the customer has. */
  | 'credit_over_balance';

/** What tenders came to: paid in all, and the change in cash. */
export interface Settled {
  paid_cents: number;
  change_cents: number;
  /** Per kind, what the sale took (cash net of change): the drawer and the reports count these. */
  by_kind: Record<TenderKind, number>;
}

/**
 * Whether `tenders` settle `due`: every tender positive; card, store credit and other never more than is due
 * together (no change from a card); store credit only for a customer and never beyond their balance (`null`: no
 * customer); cash may go over, and the rest is change. The first rule broken is the answer.
 */
export function settle(
  dueCents: number,
  tenders: readonly Tender[],
  creditBalanceCents: number | null,
): { ok: true; settled: Settled } | { ok: false; problem: TenderProblem } {
  if (tenders.some((t) => !(t.amount_cents > 0))) return { ok: false, problem: 'not_positive' };
  const sum = (kinds: readonly TenderKind[]) =>
    tenders.filter((t) => kinds.includes(t.kind)).reduce((a, t) => a + t.amount_cents, 0);
  const credit = sum(['store_credit']);
  if (credit > 0 && creditBalanceCents === null) return { ok: false, problem: 'credit_without_customer' };
  if (credit > (creditBalanceCents ?? 0)) return { ok: false, problem: 'credit_over_balance' };
  const nonCash = sum(['card', 'store_credit', 'other']);
  if (nonCash > dueCents) return { ok: false, problem: 'over_non_cash' };
  const paid = nonCash + sum(['cash']);
  if (paid < dueCents) return { ok: false, problem: 'short' };
  const change = paid - dueCents;
  return {
    ok: true,
    settled: {
      paid_cents: paid,
      change_cents: change,
      by_kind: {
        cash: sum(['cash']) - change,
        card: sum(['card']),
        store_credit: credit,
        other: sum(['other']),
      },
    },
  };
}

/**
 * What returning `returning` more copies of a line gives back, when `already` were returned before: the line's paid
 * amount shared over its copies, so that returning every copy, in any number of returns, gives back exactly what the
 * line paid and never more (the share of the first m copies is m/quantity of it, rounded half up).
 */
export function returnShareCents(line: { paid_cents: number; quantity: number }, already: number, returning: number) {
  const upTo = (copies: number) => divideHalfUp(line.paid_cents * Math.min(copies, line.quantity), line.quantity);
  return upTo(already + returning) - upTo(already);
}

/** Why a refund does not pay a return. */
export type RefundProblem =
  /** A part of no money (0 or less). */
  | 'not_positive'
  /** Not exactly what the returned copies paid. */
  | 'not_total'
  /** More back to a card, or to other, than the sale took that way and was not refunded yet. */
  | 'over_card'
  | 'over_other'
  /** Store credit for a sale that had no customer. */
  | 'credit_without_customer';

/**
 * Whether `refund` pays back a return of `dueCents`: every part positive, together exactly what the copies paid (never
 * more, and no less: a shop that keeps part of it says so by returning fewer copies); card and other at most `left`
 * of each, what the sale took that way less earlier refunds; store credit only when the sale had a customer. Cash
 * has no cap: the shop may always hand back cash. The first rule broken is the answer.
 */
export function checkRefund(
  dueCents: number,
  refund: readonly Tender[],
  left: { card: number; other: number },
  hasCustomer: boolean,
): RefundProblem | null {
  if (refund.some((t) => !(t.amount_cents > 0))) return 'not_positive';
  const sum = (kind: TenderKind) => refund.filter((t) => t.kind === kind).reduce((a, t) => a + t.amount_cents, 0);
  if (refund.reduce((a, t) => a + t.amount_cents, 0) !== dueCents) return 'not_total';
  if (sum('card') > left.card) return 'over_card';
  if (sum('other') > left.other) return 'over_other';
  if (sum('store_credit') > 0 && !hasCustomer) return 'credit_without_customer';
  return null;
}
