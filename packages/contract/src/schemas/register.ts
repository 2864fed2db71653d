import { z } from 'zod';
import { messages } from '../messages.ts';
import { isCentAmount } from '../money.ts';
import { scanCodeMaxLength } from '../scan-code.ts';
import { decimal } from './common.ts';
import { ZSealedItem } from './sealed.ts';
import { hasThreeDecimals, tenderKinds } from '../register.ts';
import { ZSessionToken } from './auth.ts';
import { ZCustomerId } from './customers.ts';
import { orderLimits, ZCartLine, ZOrderNumber } from './orders.ts';
import { ZSellLine } from './buylist.ts';
import { finishes, ZSearchHit } from './inventory.ts';
import { languages, qualities } from '../constants.ts';

/** A dollar amount with at most 2 decimals, from 0 up to `max` (the register's discounts and tenders). */
const dollars = (field: string, max = 1_000_000) =>
  z
    .number({ error: `${field} must be a number of dollars.` })
    .min(0, `${field} cannot be negative.`)
    .max(max, `${field} is too large.`)
    .refine(isCentAmount, `${field} can have at most 2 decimals.`);

/** A discount on the whole sale: a percentage (0–100, up to 3 decimals) or an amount off in dollars. */
export const ZSaleDiscount = z.union(
  [
    z.strictObject({
      percent: z
        .number({ error: 'discount.percent must be a number.' })
        .min(0, 'discount.percent cannot be negative.')
        .max(100, 'discount.percent must be at most 100.')
        .refine(hasThreeDecimals, 'discount.percent can have at most 3 decimals.'),
    }),
    z.strictObject({ amount: dollars('discount.amount') }),
  ],
  { error: 'discount is { percent } or { amount }.' },
);

/** One tender of a sale: cash, card (on the shop's own terminal), store credit or other, and how much, in dollars. */
export const ZTender = z.object({
  kind: z.enum(tenderKinds, `kind must be one of ${tenderKinds.join(', ')}.`),
  amount: dollars('amount').refine((a) => a > 0, 'amount must be more than 0.'),
  reference: z
    .string({ error: 'reference must be text.' })
    .trim()
    .max(100, 'reference must be at most 100 characters.')
    .optional()
    .describe('The card terminal’s reference, for example; kept with the sale'),
});

/** How the shop pays for cards bought in a sale: cash out of the drawer, or store credit netted against the sale. */
export const tradeInPayouts = ['cash', 'credit'] as const;
export type TradeInPayout = (typeof tradeInPayouts)[number];

/** A code as scanned or typed at the register: a UPC/EAN, "MH3 241" (set code and collector number) or a Scryfall id. */
const ZScanCode = z
  .string({ error: (i) => (i.input === undefined ? 'code is required.' : 'code must be text.') })
  .trim()
  .min(1, 'code is required.')
  .max(scanCodeMaxLength, `code must be at most ${scanCodeMaxLength} characters.`)
  .describe('A sealed product’s UPC/EAN, a set code and collector number ("MH3 241"), or a Scryfall id');

/**
 * A sale's line by a scanned code (issue 44), only at the register: resolved in the sale's transaction to the sealed
 * product or to the printing's one finish and language in stock (several: 409 AMBIGUOUS_CODE).
 */
export const ZCodeLine = z.strictObject({
  code: ZScanCode,
  quantity: decimal(
    z
      .number({ error: 'quantity must be a number.' })
      .int('quantity must be a whole number.')
      .min(1, 'quantity must be at least 1.')
      .max(orderLimits.maxQuantity, `quantity must be at most ${orderLimits.maxQuantity}.`),
  )
    .optional()
    .default(1)
    .describe('How many; 1 when left out (one scan, one copy)'),
});
export type CodeLine = z.infer<typeof ZCodeLine>;

/** A line of a sale: a cart line (a printing or a sealed product) or a scanned code. */
export const ZSaleItem = z.union([ZCodeLine, ZCartLine], {
  // Both shapes refused: a line that sends `code` is told what is wrong with its code line, any other the cart line's.
  error: (issue) => {
    if (issue.code !== 'invalid_union' || !('errors' in issue)) return undefined;
    const byCode = typeof issue.input === 'object' && issue.input !== null && 'code' in issue.input;
    const errors = issue.errors as { message: string }[][];
    return (byCode ? errors[0] : errors[1])?.[0]?.message ?? messages.registerServer.saleItem;
  },
});
export type SaleItem = z.infer<typeof ZSaleItem>;

/**
 * A sale rung up at the counter (issue 44): the lines (printings or sealed products, priced by the shop, never by the
 * request), the cards the customer trades in (priced by the shop's buy rules), the customer it is for, a discount on
 * the whole sale, and the tenders that pay it. Sent with an `Idempotency-Key` header: the same key again answers the
 * first sale, with another body 422.
 */
export const ZRegisterSaleRequest = z
  .object({
    token: ZSessionToken,
    items: z
      .array(ZSaleItem, { error: 'items must be a list of cart lines.' })
      .max(orderLimits.maxLines, `A sale has at most ${orderLimits.maxLines} lines.`)
      .describe('What is sold; may be empty when the sale is a trade-in alone'),
    customer_id: ZCustomerId.optional().describe(
      'The shop’s customer the sale is for (needed to pay in store credit, and for trade-in credit beyond the sale)',
    ),
    discount: ZSaleDiscount.optional().describe(
      'A discount on the whole sale, shared over its lines; an Employee may give up to the shop’s limit',
    ),
    tenders: z
      .array(ZTender, { error: 'tenders must be a list of { kind, amount }.' })
      .max(10, 'A sale has at most 10 tenders.')
      .describe('What pays the sale: cash may exceed what is due (the rest is change); the others may not'),
    trade_in: z
      .array(ZSellLine, { error: 'trade_in must be a list of cards.' })
      .max(orderLimits.maxLines, `A trade-in has at most ${orderLimits.maxLines} lines.`)
      .optional()
      .describe(
        'Cards the customer sells to the shop in the same sale, each priced by the shop’s buy rules (never by the request); not taxed, not discounted',
      ),
    trade_in_payout: z
      .enum(tradeInPayouts, 'trade_in_payout is cash or credit.')
      .optional()
      .describe(
        'credit: the trade-in is taken off what is due, and what it is worth beyond the sale goes on the customer’s store credit; cash: the sale is due in full and the trade-in is paid out in cash. Needed when trade_in has lines',
      ),
  })
  .superRefine((sale, ctx) => {
    const trading = (sale.trade_in?.length ?? 0) > 0;
    // A trade-in alone is a sale; without one, an empty cart is not.
    if (sale.items.length === 0 && !trading)
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'The sale has no items.' });
    if (trading && sale.trade_in_payout === undefined)
      ctx.addIssue({ code: 'custom', path: ['trade_in_payout'], message: 'trade_in_payout is cash or credit.' });
  });
export type RegisterSaleRequest = z.input<typeof ZRegisterSaleRequest>;

const money = (what: string) => z.number().describe(`${what}, in dollars`);

/** One line of a sale as the receipt shows it; `line` names it for a return. */
export const ZSaleLine = z.object({
  line: z.number().int().describe('The line’s id, for a return'),
  kind: z.enum(['single', 'sealed']),
  scryfall_id: z.string().describe('"" on a sealed product’s line'),
  sealed_id: z.number().int().nullable(),
  name: z.string(),
  set_code: z.string(),
  finish: z.enum(finishes),
  quality: z.enum(qualities),
  language: z.enum(languages),
  quantity: z.number().int(),
  unit_price: money('The shop’s price per copy'),
  discount: money('The line’s share of the sale’s discount'),
  tax: money('The line’s share of the sale’s tax'),
  total: money('What the line paid: after its discount, with its tax unless prices include it'),
});

/** One traded-in line as the receipt shows it: what the shop paid per copy (at the payout's offer) and in all. */
export const ZTradeInLine = z.object({
  scryfall_id: z.string(),
  name: z.string(),
  set_code: z.string(),
  finish: z.enum(finishes),
  quality: z.enum(qualities),
  language: z.enum(languages),
  quantity: z.number().int(),
  unit_price: money('What the shop pays per copy'),
  total: money('What the shop pays for the line'),
});
export type TradeInLine = z.infer<typeof ZTradeInLine>;

export const ZRegisterSaleResponse = z.object({
  message: z.string(),
  sale_number: z.string().describe('The order number the sale was recorded under'),
  subtotal: money('The lines at the shop’s prices'),
  discount: money('Every discount'),
  tax: money('The tax collected (with tax-inclusive prices, the part of the total that is tax)'),
  total: money('What the sold lines cost, tax included'),
  trade_in_total: money('What the shop pays for the cards traded in, at the payout’s offer (0 without a trade-in)'),
  paid: money('Every tender together'),
  change_due: money('Cash given back'),
  receipt_url: z.string().describe('A printable receipt (HTML) the shop’s staff, or whoever holds the link, can open'),
  lines: z.array(ZSaleLine),
  trade_in_payout: z.enum(tradeInPayouts).nullable().describe('How the trade-in was paid; null without one'),
  due: money('What the customer paid for: the total, less a trade-in paid as credit (never below 0)'),
  trade_in_cash_out: money('Cash the drawer pays the customer for the trade-in (cash payout)'),
  credit_to_customer: money(
    'Trade-in credit beyond the sale’s total, added to the customer’s store credit (credit payout)',
  ),
  buy_number: z
    .string()
    .nullable()
    .describe('The buy order the trade-in was recorded as (accepted at once), null without a trade-in'),
  trade_in_lines: z.array(ZTradeInLine).describe('The cards bought in the sale'),
});
export type RegisterSaleResponse = z.infer<typeof ZRegisterSaleResponse>;

export const ZRegisterSettingsRequest = z.object({ token: ZSessionToken });

/** What the Register screen needs to show a sale's figures as it is rung up (the server decides them again). */
export const ZRegisterSettings = z.object({
  tax_rate_percent: z.number().describe('The shop’s sales tax in percent (0–30, up to 3 decimals)'),
  prices_include_tax: z.boolean().describe('Whether shelf prices already hold the tax'),
  employee_discount_limit_percent: z.number().describe('How much of a sale an Employee may discount, in percent'),
});
export type RegisterSettings = z.infer<typeof ZRegisterSettings>;

export const ZReceiptParams = z.object({
  receipt: z.string({ error: 'receipt must be text.' }).regex(/^[A-Za-z0-9_-]{20,64}$/, 'That is not a receipt link.'),
});
export const ZReceiptPage = z.string().describe('text/html: the sale’s printable receipt');

export const ZRegisterLookupRequest = z.object({
  token: ZSessionToken,
  code: ZScanCode,
});

/**
 * What a scanned code names and the shop's stock of it: a printing's in-stock rows (as the shop search answers them,
 * so the screen adds that exact row), or the sealed product (as the sealed list answers it); `matches` is empty when
 * the shop has none in stock.
 */
export const ZRegisterLookupResponse = z.discriminatedUnion('kind', [
  z.object({
    code: z.string().describe('The code as sent, trimmed'),
    kind: z.literal('single'),
    name: z.string().describe('The card’s name'),
    scryfall_id: z.string().describe('The printing the code names'),
    set_code: z.string(),
    collector_number: z.string(),
    matches: z.array(ZSearchHit).describe('The shop’s rows of this printing with copies, best condition first'),
  }),
  z.object({
    code: z.string().describe('The code as sent, trimmed'),
    kind: z.literal('sealed'),
    name: z.string().describe('The product’s name'),
    matches: z.array(ZSealedItem).describe('The product, when it has units left'),
  }),
]);
export type RegisterLookupResponse = z.infer<typeof ZRegisterLookupResponse>;

/**
 * An order placed on a tablet, from a PC or online, rung up at the counter (issue 44): its copies and prices are the
 * order's; the register adds a discount, the tax and the tenders. A pending order is confirmed by it, an online
 * reservation (pending or ready for pickup) picked up.
 */
export const ZRegisterOrderSaleRequest = z.object({
  token: ZSessionToken,
  order_number: ZOrderNumber,
  discount: ZSaleDiscount.optional().describe('A discount on the whole order; an Employee may give up to the limit'),
  tenders: z
    .array(ZTender, { error: 'tenders must be a list of { kind, amount }.' })
    .max(10, 'A sale has at most 10 tenders.')
    .describe('What pays what is still due (store credit the order spent when placed counts as paid)'),
});
export type RegisterOrderSaleRequest = z.input<typeof ZRegisterOrderSaleRequest>;
