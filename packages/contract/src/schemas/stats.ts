import { z } from 'zod';
import { decimal } from './common.ts';
import { finishes, languages, qualities } from '../constants.ts';
import { ZSessionToken } from './auth.ts';

const ZLimit = (fallback: number) =>
  decimal(
    z
      .number({ error: 'limit must be a number.' })
      .int('limit must be a whole number.')
      .min(1, 'limit must be at least 1.')
      .max(100, 'limit must be at most 100.'),
  )
    .optional()
    .default(fallback);

/** Every statistics call takes the session token (the spec's clients send it in the body). */
export const ZStatsRequest = z.object({ token: ZSessionToken, auth_token: ZSessionToken });
export const ZTopSellingRequest = ZStatsRequest.extend({ limit: ZLimit(10) });
export const ZLatestSoldRequest = ZStatsRequest.extend({ limit: ZLimit(20) });

/** Statistics count confirmed orders only: a pending order is not a sale yet, a rejected one never was. */
export const ZStatsSummaryResponse = z.object({
  success: z.literal(true),
  data: z.object({ total_orders: z.number().int(), total_cards_sold: z.number().int() }),
});

/** What the stock is worth at the prices customers pay now; rows without a price are counted apart, never as $0. */
export const ZInventoryValueResponse = z.object({
  success: z.literal(true),
  data: z.object({
    total_value: z.number().describe('Dollars: singles and sealed'),
    singles_value: z.number().describe('Dollars: each priced row’s price × its copies'),
    sealed_value: z.number().describe('Dollars: each priced sealed product’s price × its units'),
    unpriced_rows: z.number().int().describe('Rows and sealed products in stock without a price'),
    unpriced_copies: z.number().int().describe('Their copies and units'),
  }),
});

/** A row or sealed product at or under the shop's low-stock threshold. */
export const ZLowStockItem = z.object({
  kind: z.enum(['single', 'sealed']),
  scryfall_id: z.string().nullable(),
  sealed_id: z.number().int().nullable(),
  name: z.string(),
  set_code: z.string().nullable(),
  collector_number: z.string().nullable(),
  finish: z.enum(finishes).nullable(),
  quality: z.enum(qualities).nullable(),
  language: z.enum(languages).nullable().describe('A single’s language; null for sealed'),
  signed: z.boolean().describe('Signed copies; false for sealed'),
  altered: z.boolean().describe('Altered copies; false for sealed'),
  quantity: z.number().int(),
});
export type LowStockItem = z.infer<typeof ZLowStockItem>;

export const ZLowStockResponse = z.object({
  success: z.literal(true),
  data: z.object({
    threshold: z.number().int().describe('The shop’s threshold (Shop Settings)'),
    total: z.number().int().describe('How many rows and sealed products are at or under it'),
    items: z.array(ZLowStockItem).describe('The 200 with the fewest copies, then by name'),
  }),
});

export const ZTotalCardsResponse = z.object({
  success: z.literal(true),
  data: z.object({ total_cards: z.number().int().describe('Copies in stock, all rows') }),
});

export const ZOrdersOverTimeResponse = z.object({
  success: z.literal(true),
  data: z.object({
    orders_by_date: z.array(
      z.object({
        date: z.string().describe('YYYY-MM-DD (UTC), oldest first'),
        order_count: z.number().int(),
        total_revenue: z.number().describe('Dollars'),
      }),
    ),
  }),
});

export const ZTopSellingResponse = z.object({
  success: z.literal(true),
  data: z.object({
    top_cards: z.array(
      z.object({
        card_name: z.string(),
        set_code: z.string().nullable(),
        total_sold: z.number().int(),
        revenue: z.number().describe('Dollars the copies sold for'),
        margin: z
          .number()
          .nullable()
          .describe(
            'Dollars: revenue less the cost of the copies whose cost is known (bought from customers); null when none is',
          ),
        margin_percent: z.number().nullable().describe('margin as a share of the revenue of those copies, in percent'),
      }),
    ),
  }),
});

export const ZLatestSoldResponse = z.object({
  success: z.literal(true),
  data: z.object({
    latest_sales: z.array(
      z.object({
        card_name: z.string(),
        set_code: z.string().nullable(),
        order_number: z.string(),
        quantity: z.number().int(),
        timestamp: z.string().describe('When the order was confirmed, UTC ISO-8601'),
      }),
    ),
  }),
});

/** What the shop bought from customers (accepted buy orders), per day (UTC), oldest first. */
export const ZBuysOverTimeResponse = z.object({
  success: z.literal(true),
  data: z.object({
    buys_by_date: z.array(
      z.object({
        date: z.string().describe('YYYY-MM-DD (UTC), oldest first'),
        buy_count: z.number().int().describe('Accepted buy orders'),
        cards_bought: z.number().int().describe('Copies bought'),
        cash_paid: z.number().describe('Dollars paid out in cash'),
        credit_issued: z.number().describe('Dollars given as store credit'),
      }),
    ),
    totals: z.object({
      buy_count: z.number().int(),
      cards_bought: z.number().int(),
      cash_paid: z.number(),
      credit_issued: z.number(),
    }),
  }),
});
