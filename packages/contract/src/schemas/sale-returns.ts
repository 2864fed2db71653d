import { z } from 'zod';
import { orderLimits } from './orders.ts';
import { ZSessionToken } from './auth.ts';
import { emailField } from './common.ts';
import { ZRegisterSaleResponse, ZTender } from './register.ts';
import { tenderKinds } from '../register.ts';

const money = (what: string) => z.number().describe(`${what}, in dollars`);

/** A sale by its number (the order's), as its receipt and the sales list show it. */
const ZSaleNumber = z
  .string({ error: (i) => (i.input === undefined ? 'sale_number is required.' : 'sale_number must be text.') })
  .trim()
  .min(1, 'sale_number is required.')
  .max(40, 'sale_number must be at most 40 characters.');

/** Copies of one of the sale's lines brought back, and whether they go back on the shelf (not when damaged). */
export const ZReturnLine = z.strictObject({
  line: z
    .number({ error: 'line must be a number.' })
    .int('line must be a whole number.')
    .positive('line must be a sale’s line (its lines[].line).'),
  quantity: z
    .number({ error: 'quantity must be a number.' })
    .int('quantity must be a whole number.')
    .min(1, 'quantity must be at least 1.')
    .max(orderLimits.maxQuantity, `quantity must be at most ${orderLimits.maxQuantity}.`),
  restock: z.boolean({ error: 'restock must be true or false.' }).describe('true: the copies go back into stock'),
});

/**
 * A return at the register (issue 44): some copies of some lines of one sale, and how the refund is paid. The refund
 * is exactly what those copies paid, tax included (decision 037); a card or other refund at most what the sale took
 * that way and was not refunded yet, store credit only for the sale's customer, cash from the refunder's open drawer.
 */
export const ZRegisterReturnRequest = z.object({
  token: ZSessionToken,
  sale_number: ZSaleNumber,
  lines: z
    .array(ZReturnLine, { error: 'lines must be a list of { line, quantity, restock }.' })
    .min(1, 'Choose at least one line to return.')
    .max(orderLimits.maxLines, `A return has at most ${orderLimits.maxLines} lines.`)
    .refine((lines) => new Set(lines.map((l) => l.line)).size === lines.length, 'Each line may be returned once.'),
  refund: z
    .array(ZTender, { error: 'refund must be a list of { kind, amount }.' })
    .max(10, 'A refund has at most 10 parts.')
    .describe('How the refund is paid; empty only when the lines paid nothing'),
});
export type RegisterReturnRequest = z.input<typeof ZRegisterReturnRequest>;

export const ZReturnedLine = z.object({
  line: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  restock: z.boolean(),
  amount: money('What the returned copies paid, tax included'),
  tax: money('Of it, tax'),
});

export const ZRefundPart = z.object({
  kind: z.enum(tenderKinds),
  amount: z.number(),
  reference: z.string(),
});

/** A return as recorded: its number, what it gave back and how. */
export const ZSaleReturn = z.object({
  return_number: z.string().describe('The sale’s number and the return’s: 1043-R1'),
  created_at: z.string().describe('UTC ISO-8601'),
  created_by: z.string(),
  refunded: money('What the return gave back'),
  tax_refunded: money('Of it, tax'),
  lines: z.array(ZReturnedLine),
  refund: z.array(ZRefundPart),
});
export type SaleReturn = z.infer<typeof ZSaleReturn>;

export const ZRegisterReturnResponse = ZSaleReturn.extend({
  message: z.string(),
  sale_number: z.string(),
  credit_balance: z
    .number()
    .nullable()
    .describe('The customer’s store credit after a store-credit refund; null when none went to store credit'),
  receipt_url: z.string().describe('The sale’s receipt, which now lists the return'),
});
export type RegisterReturnResponse = z.infer<typeof ZRegisterReturnResponse>;

export const ZRegisterSaleFindRequest = z.object({ token: ZSessionToken, sale_number: ZSaleNumber });

/** A sale from history with what a return needs: its tenders, its returns so far, and what can still come back. */
export const ZRegisterSaleDetail = ZRegisterSaleResponse.extend({
  created_at: z.string().describe('UTC ISO-8601'),
  created_by: z.string(),
  customer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  tenders: z.array(ZRefundPart).describe('What paid the sale'),
  returns: z.array(ZSaleReturn),
  returnable: z
    .array(z.object({ line: z.number().int(), quantity: z.number().int(), amount: money('What they would give back') }))
    .describe('Per line, the copies not returned yet'),
  refundable: z
    .object({ card: z.number(), other: z.number() })
    .describe('What can still go back to the card and other tenders, in dollars (cash and store credit have no cap)'),
});
export type RegisterSaleDetail = z.infer<typeof ZRegisterSaleDetail>;

export const ZRegisterSalesRequest = z.object({ token: ZSessionToken });

/** The shop's latest register sales, newest first. */
export const ZRegisterSalesResponse = z.object({
  sales: z.array(
    z.object({
      sale_number: z.string(),
      created_at: z.string(),
      created_by: z.string(),
      customer_name: z.string().nullable(),
      copies: z.number().int().describe('Copies sold'),
      total: z.number(),
      returns: z.number().int().describe('How many returns it has had'),
    }),
  ),
});
export type RegisterSalesResponse = z.infer<typeof ZRegisterSalesResponse>;

/** A sale's receipt by e-mail, on the customer's request: to the address typed, else to the sale's customer's. */
export const ZRegisterReceiptMailRequest = z.object({
  token: ZSessionToken,
  sale_number: ZSaleNumber,
  email: emailField('email').optional().describe('Where to send it; left out, the sale’s customer’s e-mail address'),
});
export type RegisterReceiptMailRequest = z.input<typeof ZRegisterReceiptMailRequest>;

export const ZRegisterReceiptMailResponse = z.object({
  message: z.string(),
  email: z.string().describe('Where the receipt was sent'),
});
