import { isCentAmount } from '../money.ts';
import { z } from 'zod';
import { decimal } from './common.ts';
import { languages, qualities } from '../constants.ts';
import { ZSessionToken } from './auth.ts';
import { ZCustomerId } from './customers.ts';
import { finishes, ZCardFlag, ZFinish, ZLanguage } from './inventory.ts';

/** Most lines and copies one order may carry: a shop's counter, not a warehouse. */
export const orderLimits = { maxLines: 200, maxQuantity: 1000 } as const;

/**
 * A cart line (spec 001 §3): a printing, its finish and how many; a quality picks one condition. Or, instead of
 * a printing, a sealed product of the shop (`sealed_id`, as the sealed list answers it) and how many.
 */
export const ZCartLine = z
  .object({
    scryfall_id: z
      .string({ error: 'scryfall_id must be text.' })
      .trim()
      .toLowerCase()
      .pipe(z.uuid('scryfall_id is not a card id.'))
      .optional()
      .describe('The printing; leave out for a sealed product'),
    sealed_id: z
      .number({ error: 'sealed_id must be a sealed product id.' })
      .int('sealed_id must be a sealed product id.')
      .min(1, 'sealed_id must be a sealed product id.')
      .max(2_147_483_647, 'sealed_id must be a sealed product id.')
      .optional()
      .describe('A sealed product of the shop instead of a printing'),
    finish: ZFinish.optional().default('nonfoil'),
    quantity: decimal(
      z
        .number({ error: 'quantity must be a number.' })
        .int('quantity must be a whole number.')
        .min(1, 'quantity must be at least 1.')
        .max(orderLimits.maxQuantity, `quantity must be at most ${orderLimits.maxQuantity}.`),
    ),
    quality: z
      .string()
      .trim()
      .toUpperCase()
      .pipe(z.enum(qualities, 'quality must be one of NM, LP, MP, HP, D.'))
      .optional()
      .describe('One condition only; without it the best conditions in stock are taken first'),
    language: ZLanguage.optional().default('en').describe('The copies’ language; English when left out'),
    signed: ZCardFlag('signed').describe('Signed copies; left out, the unsigned ones'),
    altered: ZCardFlag('altered').describe('Altered copies; left out, the unaltered ones'),
  })
  .superRefine((line, ctx) => {
    if (line.scryfall_id === undefined && line.sealed_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['scryfall_id'], message: 'scryfall_id is required.' });
    else if (line.scryfall_id !== undefined && line.sealed_id !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['sealed_id'],
        message: 'A line names a printing (scryfall_id) or a sealed product (sealed_id), not both.',
      });
  });
export type CartLine = z.infer<typeof ZCartLine>;
/** A cart line as a client sends it (finish may be left out). */
export type CartLineInput = z.input<typeof ZCartLine>;

export const ZPlaceOrderRequest = z.object({
  token: ZSessionToken,
  items: z
    .array(ZCartLine, { error: 'items must be a list of cart lines.' })
    .min(1, 'Cart is empty')
    .max(orderLimits.maxLines, `An order has at most ${orderLimits.maxLines} lines.`),
  customer_id: ZCustomerId.optional().describe('Staff: the shop’s customer the order is for (issue 25)'),
  store_credit: z
    .number({ error: 'store_credit must be a number of dollars.' })
    .min(0, 'store_credit cannot be negative.')
    .max(10_000_000, 'store_credit is too large.')
    .refine(isCentAmount, 'store_credit can have at most 2 decimals.')
    .optional()
    .describe(
      'Staff: dollars of the order paid with the customer’s store credit (needs customer_id; at most the order’s total and the balance); a rejected order gives it back',
    ),
});

export const ZPlaceOrderResponse = z.object({
  message: z.string(),
  order_number: z.string().describe('YYYYMMDD-<shop no>-<source no>-<callout>; the callout is the last part'),
});

/** One line of an order as the order screens show it; prices in dollars, fixed when the order was placed. */
export const ZOrderItem = z.object({
  scryfall_id: z.string().describe('The printing; "" on a sealed product’s line'),
  sealed_id: z
    .number()
    .int()
    .nullable()
    .describe('The sealed product of the line (null on a printing’s line, and once the product is removed)'),
  kind: z.enum(['single', 'sealed']).describe('A printing’s line or a sealed product’s'),
  card_name: z.string().describe('The card’s name, or the sealed product’s'),
  set_code: z.string(),
  finish: z.enum(finishes).describe('nonfoil on a sealed product’s line'),
  quality: z.enum(qualities).describe('NM on a sealed product’s line (sealed is new)'),
  language: z.enum(languages).describe('en on a sealed product’s line'),
  signed: z.boolean().describe('Signed copies; false on a sealed product’s line'),
  altered: z.boolean().describe('Altered copies; false on a sealed product’s line'),
  quantity: z.number().int(),
  price: z.number().describe('Unit price in dollars'),
  item_total: z.number().describe('price × quantity, in dollars'),
});

/** Copies a marketplace sold that the shop's stock no longer had when the order was taken (issue 42). */
export const ZMissingCopies = z.object({
  card_name: z.string(),
  set_code: z.string(),
  quantity: z.number().int().describe('Copies sold there and not taken from stock'),
});
export type MissingCopies = z.infer<typeof ZMissingCopies>;

const ZOrderBase = z.object({
  order_number: z.string(),
  callout: z.string().describe('The order’s daily number: the last part of order_number'),
  status: z
    .enum(['pending', 'confirmed', 'rejected', 'picked_up', 'no_show'])
    .describe(
      'confirmed: a sale (an online reservation: ready for pickup); picked_up: a reservation collected; no_show: one not picked up, its cards back on sale',
    ),
  timestamp: z.string().describe('When it was placed, UTC ISO-8601'),
  source: z.string().describe('Who placed it: a staff member’s e-mail, a device’s name, or "Online"'),
  source_kind: z
    .enum(['staff', 'device', 'online', 'marketplace'])
    .describe(
      'A staff member’s order, a paired tablet’s, a customer’s online reservation, or a marketplace’s sale (issue 42: source names the marketplace)',
    ),
  customer: z
    .object({ name: z.string(), email: z.string(), phone: z.string() })
    .nullable()
    .describe('An online reservation’s customer (phone "" when not given); null otherwise'),
  hold_until: z.string().nullable().describe('An online reservation: when it expires unless confirmed, UTC ISO-8601'),
  customer_id: z.number().int().nullable().describe('The shop’s customer the order is for (issue 25); null when none'),
  store_credit: z.number().describe('Dollars of the total paid with the customer’s store credit; 0 when none'),
  customer_name: z
    .string()
    .nullable()
    .optional()
    .describe(
      'Who the order is for, by name (issue 38): the shop’s customer (customer_id), else an online reservation’s customer; null when nobody',
    ),
  total_items: z.number().int().describe('Copies in all'),
  total: z.number().describe('Order total in dollars'),
  items: z.array(ZOrderItem),
  picked_lines: z
    .number()
    .int()
    .optional()
    .describe('Of its lines (items), how many are ticked on a pick list (issue 41); 0 before picking begins'),
  market_code: z
    .string()
    .optional()
    .describe('A marketplace’s sale (issue 42): the order’s code on the marketplace; absent on every other order'),
  missing: z
    .array(ZMissingCopies)
    .optional()
    .describe(
      'A marketplace’s sale: the copies it sold that the shop no longer had (it needs attention); [] when none or once dealt with; absent on every other order',
    ),
});

export const ZPendingResponse = z.object({
  success: z.literal(true),
  data: z.object({ orders: z.array(ZOrderBase) }),
});

export const ZHistoryResponse = z.object({
  success: z.literal(true),
  data: z.object({
    orders: z.array(
      ZOrderBase.extend({
        confirmed_timestamp: z.string().describe('UTC ISO-8601'),
        pickup_until: z
          .string()
          .nullable()
          .optional()
          .describe(
            'An online reservation: the pickup deadline, from its confirmation and the shop’s days; null otherwise',
          ),
        closed_timestamp: z
          .string()
          .nullable()
          .optional()
          .describe('A reservation picked up or marked a no-show: when, UTC ISO-8601; null while ready for pickup'),
      }),
    ),
  }),
});
export type HistoryOrder = z.infer<typeof ZHistoryResponse>['data']['orders'][number];

export const ZExpiredResponse = z.object({
  success: z.literal(true),
  data: z.object({
    orders: z.array(
      ZOrderBase.extend({
        status: z.literal('expired'),
        expired_timestamp: z.string().describe('When its hold ended and its cards went back on sale, UTC ISO-8601'),
      }),
    ),
  }),
});
export type ExpiredOrder = z.infer<typeof ZExpiredResponse>['data']['orders'][number];

export const ZRejectedResponse = z.object({
  success: z.literal(true),
  data: z.object({
    orders: z.array(
      ZOrderBase.extend({
        status: z.literal('rejected'),
        rejected_timestamp: z
          .string()
          .describe('When the shop rejected it and its cards went back on sale, UTC ISO-8601'),
        reason: z.string().nullable().describe('The reason the shop gave, as the customer was told it; null when none'),
      }),
    ),
  }),
});
export type RejectedOrder = z.infer<typeof ZRejectedResponse>['data']['orders'][number];
export type PendingOrder = z.infer<typeof ZPendingResponse>['data']['orders'][number];

export const ZOrdersRequest = z.object({ token: ZSessionToken });

/** Most orders one pick list gathers. */
export const pickListMaxOrders = 200;

/** A pick list (issue 41): the lines of the named orders, or of every pending one, in the order a picker walks. */
export const ZPickListRequest = z.object({
  token: ZSessionToken,
  order_numbers: z
    .array(
      z
        .string({ error: 'Each order number must be text.' })
        .trim()
        .min(1, 'An order number cannot be empty.')
        .max(64, 'That is not an order number.'),
      { error: 'order_numbers must be a list of order numbers.' },
    )
    .min(1, 'Name at least one order, or leave order_numbers out for every pending one.')
    .max(pickListMaxOrders, `A pick list gathers at most ${pickListMaxOrders} orders.`)
    .optional()
    .describe('The orders to pick (pending, or confirmed and awaiting pickup); left out, every pending order'),
});

export const ZPickLine = z.object({
  location: z.string().describe('Where the copies are kept; "" when the row (or product) has none'),
  card_name: z.string().describe('The card’s name, or the sealed product’s'),
  set_code: z.string().describe('Upper-case set code; "" for a product of no set'),
  collector_number: z.string().describe('"" for a sealed product'),
  finish: z.enum(finishes),
  quality: z.enum(qualities),
  language: z.enum(languages),
  quantity: z.number().int(),
  order_number: z.string(),
  callout: z.number().int().describe('The number called out for the order'),
  sealed: z.boolean().describe('A sealed product’s line'),
  line: z
    .number()
    .int()
    .describe('The line’s place in its order, from 1 (as its items are listed): what marks it picked'),
  picked: z.boolean().describe('Ticked on a pick list'),
});
export type PickLine = z.infer<typeof ZPickLine>;

export const ZPickListResponse = z.object({
  lines: z.array(ZPickLine).describe('In pick order: by location (none last), then set, then collector number'),
});

/** An order's number in a request: required, trimmed. */
export const ZOrderNumber = z
  .string({ error: (i) => (i.input === undefined ? 'order_number is required.' : 'order_number must be text.') })
  .trim()
  .min(1, 'order_number is required.')
  .max(64, 'order_number is not an order number.');

/** Ticks (or unticks) one order line on a pick list (issue 41). */
export const ZPickMarkRequest = z.object({
  token: ZSessionToken,
  order_number: ZOrderNumber,
  line: z
    .number({ error: 'line must be the line’s number on the pick list (1, 2, …).' })
    .int('line must be a whole number.')
    .min(1, 'line must be 1 or more.')
    .max(10_000, 'The order has no such line.'),
  picked: z.boolean({ error: 'picked must be true or false.' }),
});

export const ZPickMarkResponse = z.object({
  message: z.string(),
  order_number: z.string(),
  picked_lines: z.number().int().describe('Lines of the order ticked now'),
  lines: z.number().int().describe('Lines of the order in all'),
});

/** Marks a marketplace order's missing copies dealt with (issue 42): it leaves Order Management's needs-attention list. */
export const ZAttentionClearRequest = z.object({
  token: ZSessionToken,
  order_number: ZOrderNumber,
});

export const ZOrderActionRequest = z.object({
  token: ZSessionToken,
  order_number: ZOrderNumber,
  reason: z
    .string({ error: 'reason must be text.' })
    .trim()
    .max(500, 'The reason must be at most 500 characters.')
    .optional()
    .describe('Rejecting: the shop’s reason, mailed to an online customer'),
});
