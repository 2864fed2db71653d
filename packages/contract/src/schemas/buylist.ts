import { isCentAmount } from '../money.ts';
import { z } from 'zod';
import { buyRarities } from '../buying.ts';
import { finishes, languages, qualities } from '../constants.ts';
import { decimal } from './common.ts';
import { sessionTokenMax, ZSessionToken } from './auth.ts';
import { ZCustomer, ZCustomerFields, ZCustomerId } from './customers.ts';
import { ZFinish, ZLanguage, ZPageText } from './inventory.ts';
import { ZPublicInventoryRequest } from './storefront.ts';

/** Most lines and copies one sell list may carry. */
export const buyLimits = { maxLines: 200, maxQuantity: 1000, pageSize: 50, historyLimit: 500 } as const;

// Made canonical in one `overwrite` and checked in the same pass (see ZFinish): a sell list has up to 200 lines.
const ZScryfallId = z
  .string({ error: (i) => (i.input === undefined ? 'scryfall_id is required.' : 'scryfall_id must be text.') })
  .overwrite((v) => v.trim().toLowerCase())
  .check(z.uuid('scryfall_id is not a card id.'));

const ZQuality = z
  .string({ error: (i) => (i.input === undefined ? 'quality is required.' : 'quality must be text.') })
  .overwrite((v) => v.trim().toUpperCase())
  .pipe(z.enum(qualities, 'quality must be one of NM, LP, MP, HP, D.'));

const ZQuantity = (min: number) =>
  decimal(
    z
      .number({ error: 'quantity must be a number.' })
      .int('quantity must be a whole number.')
      .min(min, `quantity must be at least ${min}.`)
      .max(buyLimits.maxQuantity, `quantity must be at most ${buyLimits.maxQuantity}.`),
  );

/** One line of a sell list: copies of a printing in one finish, condition and language. */
export const ZSellLine = z.object({
  scryfall_id: ZScryfallId,
  finish: ZFinish.optional().default('nonfoil'),
  quality: ZQuality,
  language: ZLanguage.optional().default('en').describe('English when left out'),
  quantity: ZQuantity(1),
});
export type SellLine = z.infer<typeof ZSellLine>;
export type SellLineInput = z.input<typeof ZSellLine>;

const ZSellLines = z
  .array(ZSellLine, { error: 'items must be a list of cards.' })
  .min(1, 'The sell list is empty.')
  .max(buyLimits.maxLines, `A sell list has at most ${buyLimits.maxLines} lines.`);

export const ZBuyOfferRequest = z.object({ token: ZSessionToken, items: ZSellLines });

const canonicalIds = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const isFinish = new Set<string>(finishes);
const isQuality = new Set<string>(qualities);
const isLanguage = new Set<string>(languages);

/** A sell line as the kiosk and the Buylist screen write it (lower-case id, codes), read as ZSellLine reads it. */
function canonicalSellLine(input: unknown): SellLine | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const { scryfall_id, finish = 'nonfoil', quality, language = 'en', quantity } = input as Record<string, unknown>;
  if (typeof scryfall_id !== 'string' || !canonicalIds.test(scryfall_id)) return undefined;
  if (typeof finish !== 'string' || !isFinish.has(finish)) return undefined;
  if (typeof quality !== 'string' || !isQuality.has(quality)) return undefined;
  if (typeof language !== 'string' || !isLanguage.has(language)) return undefined;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > buyLimits.maxQuantity)
    return undefined;
  return { scryfall_id, finish, quality, language, quantity } as SellLine;
}

/**
 * An offer request whose lines are all canonical, in one pass (`RouteDef.canonicalBody`): what ZBuyOfferRequest's
 * parse gives for it, or undefined for any other input, which ZBuyOfferRequest then reads.
 */
export function readCanonicalOfferRequest(input: unknown): z.output<typeof ZBuyOfferRequest> | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const { token, items } = input as Record<string, unknown>;
  if (token !== undefined && (typeof token !== 'string' || token.length > sessionTokenMax)) return undefined;
  if (!Array.isArray(items) || items.length < 1 || items.length > buyLimits.maxLines) return undefined;
  const lines: SellLine[] = [];
  for (const item of items as unknown[]) {
    const line = canonicalSellLine(item);
    if (!line) return undefined;
    lines.push(line);
  }
  return token === undefined ? { items: lines } : { token, items: lines };
}

const noOfferReasons = ['not_buying', 'target_reached', 'no_price', 'below_minimum'] as const;

/** A sell list line with the shop's offer. */
export const ZOfferLine = z.object({
  scryfall_id: z.string(),
  card_name: z.string(),
  set_code: z.string(),
  collector_number: z.string(),
  finish: z.enum(finishes),
  quality: z.enum(qualities),
  language: z.enum(languages),
  quantity: z.number().int().describe('Copies the customer offers'),
  cash: z.number().describe('Cash offer per copy, in dollars (0 when the shop buys none)'),
  credit: z.number().describe('Store-credit offer per copy, in dollars'),
  wanted: z.number().int().describe('How many of these copies the shop buys now (its target stock may stop it)'),
  hotlist: z.boolean().describe('On the shop’s hotlist (bought at a higher share)'),
  reason: z
    .enum(noOfferReasons)
    .nullable()
    .describe('Why nothing is offered: not_buying, target_reached, no_price or below_minimum; null with an offer'),
});
export type OfferLine = z.infer<typeof ZOfferLine>;

export const ZBuyOfferResponse = z.object({
  success: z.literal(true),
  data: z.object({
    items: z.array(ZOfferLine).describe('In the order sent'),
    total_cash: z.number().describe('Dollars: each line’s cash × wanted'),
    total_credit: z.number().describe('Dollars: each line’s credit × wanted'),
  }),
});
export type BuyOfferResponse = z.infer<typeof ZBuyOfferResponse>;

/**
 * A sell list submitted for the shop to review: from the kiosk's "Sell to us" mode (a customer) or the Buylist
 * screen (staff). The customer is found by e-mail or phone among the shop's customers, or added. An
 * Idempotency-Key header makes a retry answer the first buy order.
 */
export const ZBuySubmitRequest = z.object({
  token: ZSessionToken,
  items: ZSellLines,
  customer: ZCustomerFields.optional().describe('Who sells: a name and an e-mail or phone; or customer_id'),
  customer_id: ZCustomerId.optional().describe('Staff: one of the shop’s customers instead of customer'),
});

export const ZBuySubmitResponse = z.object({
  message: z.string(),
  buy_number: z.string().describe('B<YYYYMMDD>-<shop no>-<source no>-<callout>'),
  callout: z.string().describe('The buy order’s daily number, called at the counter'),
});

export const buyStatuses = ['pending', 'accepted', 'rejected'] as const;
export const payouts = ['cash', 'credit'] as const;

export const ZBuyOrderLine = ZOfferLine.extend({
  line_id: z.number().int(),
  graded: z.boolean().describe('Staff changed its condition or quantity while reviewing'),
});

export const ZBuyOrder = z.object({
  buy_number: z.string(),
  callout: z.string(),
  status: z.enum(buyStatuses),
  timestamp: z.string().describe('Submitted, UTC ISO-8601'),
  source: z.string().describe('A staff member’s e-mail or a device’s name'),
  source_kind: z.enum(['staff', 'device']),
  customer: ZCustomer.nullable(),
  items: z.array(ZBuyOrderLine),
  total_items: z.number().int().describe('Copies wanted in all'),
  total_cash: z.number().describe('Dollars, at the offers now'),
  total_credit: z.number().describe('Dollars'),
  payout: z.enum(payouts).nullable().describe('Accepted: how it was paid'),
  paid: z.number().nullable().describe('Accepted: dollars paid out (cash) or credited'),
  decided_by: z.string().nullable(),
  decided_timestamp: z.string().nullable(),
  reason: z.string().nullable().describe('Rejected: the shop’s reason'),
});
export type BuyOrder = z.infer<typeof ZBuyOrder>;

export const ZBuyOrdersRequest = z.object({ token: ZSessionToken });
export const ZBuyOrdersResponse = z.object({
  success: z.literal(true),
  data: z.object({ buy_orders: z.array(ZBuyOrder) }),
});

const ZBuyNumber = z
  .string({ error: (i) => (i.input === undefined ? 'buy_number is required.' : 'buy_number must be text.') })
  .trim()
  .min(1, 'buy_number is required.')
  .max(64, 'buy_number is not a buy order number.');

/** Grading while pending: each named line's condition and copies (0 drops the line); offers are computed again. */
export const ZBuyGradeRequest = z.object({
  token: ZSessionToken,
  buy_number: ZBuyNumber,
  lines: z
    .array(
      z.object({
        line_id: decimal(z.number({ error: 'line_id must be a line id.' }).int().min(1).max(2_147_483_647)),
        quality: ZQuality.optional(),
        quantity: ZQuantity(0).optional().describe('0 drops the line'),
      }),
      { error: 'lines must be a list.' },
    )
    .min(1, 'Name at least one line.')
    .max(buyLimits.maxLines, `At most ${buyLimits.maxLines} lines.`),
});

export const ZBuyOrderResponse = z.object({ message: z.string(), buy_order: ZBuyOrder });

/**
 * Accepting pays once: the wanted copies go into the inventory with their cost, and the payout is recorded (store
 * credit on the customer's ledger). An order no longer pending is 409.
 */
export const ZBuyAcceptRequest = z.object({
  token: ZSessionToken,
  buy_number: ZBuyNumber,
  payout: z.enum(payouts, 'payout must be cash or credit.'),
});

export const ZBuyRejectRequest = z.object({
  token: ZSessionToken,
  buy_number: ZBuyNumber,
  reason: z
    .string({ error: 'reason must be text.' })
    .trim()
    .max(500, 'The reason must be at most 500 characters.')
    .optional(),
});

const percent = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .min(0, `${label} cannot be negative.`)
    .max(max, `${label} must be at most ${max}.`);

const cents = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be whole cents.`)
    .min(0, `${label} cannot be negative.`)
    .max(max, `${label} is too large.`);

/** The buy rules as the Buylist screen edits them (cents and percent, as `BuyRules`). */
export const ZBuyRules = z.object({
  cash_percent: percent('Cash percentage', 200),
  credit_percent: percent('Credit percentage', 200),
  hotlist_cash_percent: percent('Hotlist cash percentage', 200),
  hotlist_credit_percent: percent('Hotlist credit percentage', 200),
  condition_percent: z.object(
    Object.fromEntries(qualities.map((q) => [q, percent(`${q} percentage`, 100)])) as Record<
      (typeof qualities)[number],
      ReturnType<typeof percent>
    >,
  ),
  language_percent: z.partialRecord(
    z.enum(languages, 'Language percentages are keyed by language code (en, de, ja...).'),
    percent('A language percentage', 1000),
  ),
  min_offer_cents: cents('Minimum offer', 100_000),
  rounding_cents: cents('Rounding', 10_000).min(1, 'Rounding must be at least 1 cent.'),
  target_by_rarity: z.partialRecord(
    z.enum(buyRarities, `Targets are keyed by rarity: ${buyRarities.join(', ')}.`),
    z.number({ error: 'A target must be a number.' }).int('A target must be whole copies.').min(0).max(100_000),
  ),
  employee_accept_limit_cents: cents('Employee accept limit', 100_000_000),
});

export const ZBuyRulesRequest = z.object({ token: ZSessionToken });
export const ZBuyRulesUpdateRequest = z.object({ token: ZSessionToken, rules: ZBuyRules });
export const ZBuyRulesResponse = z.object({ success: z.literal(true), data: z.object({ rules: ZBuyRules }) });

/** A printing the shop has its own word on (overrides, hotlist, target), with what it offers now for a near-mint copy. */
export const ZBuyCard = z.object({
  scryfall_id: z.string(),
  card_name: z.string(),
  set_code: z.string(),
  collector_number: z.string(),
  rarity: z.string(),
  image_url: z.string().nullable(),
  fixed_cash: z.number().nullable().describe('A fixed near-mint cash offer in dollars; null: by the rules'),
  fixed_credit: z.number().nullable(),
  not_buying: z.boolean(),
  hotlist: z.boolean(),
  target_stock: z.number().int().nullable().describe('Copies to hold; null: the rarity’s target'),
  held: z.number().int().describe('Copies the shop holds now (every finish, condition and language)'),
  cash: z.number().describe('Near-mint nonfoil English cash offer now, in dollars'),
  credit: z.number(),
  wanted: z.number().int().nullable().describe('How many more it buys before the target; null: no target'),
});
export type BuyCard = z.infer<typeof ZBuyCard>;

export const ZBuyCardsRequest = z.object({
  token: ZSessionToken,
  q: z.string({ error: 'q must be text.' }).trim().max(100).optional().default(''),
  hotlist: z.boolean({ error: 'hotlist must be true or false.' }).optional().describe('Only the hotlist'),
  page: ZPageText,
});
export const ZBuyCardsResponse = z.object({
  success: z.literal(true),
  data: z.object({
    cards: z.array(ZBuyCard),
    total: z.number().int(),
    page: z.number().int(),
    total_pages: z.number().int(),
  }),
});

const ZDollarsOrNull = (label: string) =>
  z
    .number({ error: `${label} must be a number of dollars or null.` })
    .min(0, `${label} cannot be negative.`)
    .max(1_000_000, `${label} is too large.`)
    .refine(isCentAmount, `${label} can have at most 2 decimals.`)
    .nullable();

/** Sets the shop's word on one printing; every field is written as sent (null clears a fixed offer or target). */
export const ZBuyCardSetRequest = z.object({
  token: ZSessionToken,
  scryfall_id: ZScryfallId,
  fixed_cash: ZDollarsOrNull('fixed_cash').optional().default(null),
  fixed_credit: ZDollarsOrNull('fixed_credit').optional().default(null),
  not_buying: z.boolean({ error: 'not_buying must be true or false.' }).optional().default(false),
  hotlist: z.boolean({ error: 'hotlist must be true or false.' }).optional().default(false),
  target_stock: z
    .number({ error: 'target_stock must be a number or null.' })
    .int('target_stock must be whole copies.')
    .min(0, 'target_stock cannot be negative.')
    .max(100_000, 'target_stock must be at most 100,000.')
    .nullable()
    .optional()
    .default(null),
});
export const ZBuyCardSetResponse = z.object({ message: z.string(), card: ZBuyCard });
export const ZBuyCardRemoveRequest = z.object({ token: ZSessionToken, scryfall_id: ZScryfallId });

/** A public shop's "We buy" page: its shares and its hotlist with offers (near mint, nonfoil, English). */
export const ZPublicBuylistRequest = ZPublicInventoryRequest.pick({ subdomain: true }).extend({ page: ZPageText });
export const ZPublicBuylistResponse = z.object({
  shop_name: z.string(),
  cash_percent: z.number(),
  credit_percent: z.number(),
  hotlist: z.array(
    ZBuyCard.pick({
      scryfall_id: true,
      card_name: true,
      set_code: true,
      collector_number: true,
      image_url: true,
      cash: true,
      credit: true,
      wanted: true,
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  total_pages: z.number().int(),
});
export type PublicBuylist = z.infer<typeof ZPublicBuylistResponse>;
