import { z } from 'zod';
import { hasThreeDecimals } from '../register.ts';
import { ZSessionToken } from './auth.ts';

/** The marketplaces a shop can sell through (issue 42); each is an adapter on the server. */
export const channelKinds = ['cardtrader'] as const;
export type ChannelKind = (typeof channelKinds)[number];

/** What the marketplace is called on screens and on the orders it sends. */
export const channelNames: Record<ChannelKind, string> = { cardtrader: 'CardTrader' };

/** A channel's currency rate is kept in whole millionths: 1,000,000 is 1 (the account sells in US dollars). */
const RATE_SCALE = 1_000_000;
export const sameCurrencyMillionths = RATE_SCALE;

/** A currency rate as whole millionths (0.912345 → 912345). */
export const rateMillionths = (rate: number): number => Math.round(rate * RATE_SCALE);

/** Whole millionths as a currency rate (912345 → 0.912345). */
export const rateOfMillionths = (millionths: number): number => millionths / RATE_SCALE;

/** Whether a rate has at most six decimals (0.912345), as the channel keeps it. */
const hasSixDecimals = (rate: number): boolean => Math.abs(rate * RATE_SCALE - rateMillionths(rate)) < 1e-6;

/** Copies and a price as the marketplace lists them (the price in the account's currency). */
const ZMarketCopies = z.object({
  quantity: z.number().int(),
  price: z.number().describe('One copy’s price, in the marketplace account’s currency'),
});

/** One difference a reconciliation found between the marketplace's products and Cardstock's listings, and put right. */
export const ZReconcileCorrection = z.object({
  card_name: z
    .string()
    .describe('The card the product lists; a product Cardstock no longer knows names its item there'),
  action: z
    .enum(['listed_again', 'corrected', 'taken_down'])
    .describe(
      'listed_again: gone on the marketplace, made again; corrected: copies or price set back; taken_down: a product Cardstock made that its stock no longer lists',
    ),
  marketplace: ZMarketCopies.nullable().describe('What the marketplace listed; null: nothing'),
  cardstock: ZMarketCopies.nullable().describe('What it lists now; null: nothing'),
});
export type ReconcileCorrection = z.infer<typeof ZReconcileCorrection>;

/** A product the account listed by hand on the marketplace (not made by Cardstock): shown, never touched. */
export const ZHandListed = z.object({
  product_id: z.number().int(),
  item_id: z.number().int().describe('The marketplace’s item (CardTrader: blueprint) it lists'),
  quantity: z.number().int(),
  price: z.number().describe('In the marketplace account’s currency'),
});
export type HandListed = z.infer<typeof ZHandListed>;

/** Most corrections and hand-listed products a reconciliation keeps to show (the counts are whole). */
export const reconcileShownMax = 200;

/** What a channel's last reconciliation found and corrected (issue 42). */
export const ZReconciliation = z.object({
  at: z.string().describe('UTC ISO-8601'),
  corrections: z.array(ZReconcileCorrection).describe(`What was put right (the first ${reconcileShownMax})`),
  corrections_total: z.number().int(),
  hand_listed: z
    .array(ZHandListed)
    .describe(`Products listed by hand there, left alone (the first ${reconcileShownMax})`),
  hand_listed_total: z.number().int(),
});
export type Reconciliation = z.infer<typeof ZReconciliation>;

/** A shop's channel as its screens read it (issue 42). The marketplace's API token is never in it. */
export const ZChannel = z.object({
  channel: z.enum(channelKinds),
  enabled: z.boolean().describe('Listing and taking orders; false: paused (or never turned on)'),
  connected: z.boolean().describe('An API token is saved and the marketplace accepted it'),
  account: z.string().nullable().describe('The marketplace account the token names, as the marketplace calls it'),
  price_percent: z.number().describe("The listed price as a percent of the shop's price (100: the same)"),
  currency_rate: z
    .number()
    .describe('Marketplace currency per US dollar, for an account that does not sell in USD (1: it does)'),
  keep: z.number().int().describe('Copies of each stock row never listed, so the counter always has them'),
  listed_rows: z.number().int().describe('Stock rows listed on the marketplace'),
  listed_copies: z.number().int().describe('Copies listed on the marketplace'),
  unlisted: z
    .array(z.object({ reason: z.string(), rows: z.number().int() }))
    .describe('Stock rows not listed, counted by why'),
  last_push_at: z.string().nullable().describe('UTC ISO-8601: the last time listings were sent'),
  last_pull_at: z.string().nullable().describe('UTC ISO-8601: the last time orders were read'),
  problems: z.array(z.string()).describe('What stops the channel, in words a person understands'),
  last_reconcile: ZReconciliation.nullable()
    .optional()
    .describe(
      'The last comparison of the marketplace’s products with the listings (daily, or asked for); null: none yet',
    ),
});
export type Channel = z.infer<typeof ZChannel>;

export const ZChannelsRequest = z.object({ token: ZSessionToken });
export const ZChannelsResponse = z.object({ channels: z.array(ZChannel) });
export type ChannelsResponse = z.infer<typeof ZChannelsResponse>;

export const ZCardTraderChannelRequest = z.object({
  token: ZSessionToken,
  api_token: z
    .string({ error: 'The API token must be text.' })
    .trim()
    .min(1, 'Please paste the API token from your CardTrader settings.')
    .max(4000, 'The API token must be at most 4000 characters.')
    .optional()
    .describe('The token from the CardTrader settings page; left out, the saved one stays'),
  enabled: z.boolean({ error: 'enabled must be true or false.' }),
  price_percent: z
    .number({ error: 'The price percent must be a number.' })
    .min(1, 'The price percent must be at least 1 %.')
    .max(1000, 'The price percent must be at most 1000 %.')
    .refine(hasThreeDecimals, 'The price percent can have at most 3 decimals.'),
  keep: z
    .number({ error: 'Keep must be a number.' })
    .int('Keep must be a whole number of copies.')
    .min(0, 'Keep cannot be negative.')
    .max(1000, 'Keep must be at most 1000 copies.'),
  currency_rate: z
    .number({ error: 'The currency rate must be a number.' })
    .positive('The currency rate must be more than 0.')
    .max(1000, 'The currency rate must be at most 1000.')
    .refine(hasSixDecimals, 'The currency rate can have at most 6 decimals.')
    .optional()
    .describe('Marketplace currency per US dollar; left out, it stays (1 at first)'),
});
export type CardTraderChannelRequest = z.infer<typeof ZCardTraderChannelRequest>;

export const ZChannelSyncRequest = z.object({
  token: ZSessionToken,
  channel: z.enum(channelKinds, `channel must be one of ${channelKinds.join(', ')}.`),
});

export const ZChannelSyncResponse = z.object({
  message: z.string(),
  created: z.number().int().describe('Products made on the marketplace'),
  updated: z.number().int().describe('Products whose copies or price changed'),
  removed: z.number().int().describe('Products taken down (their rows sold out or no longer listed)'),
  refused: z.number().int().describe('Changes the marketplace refused, each counted under `channel.unlisted` with why'),
  orders_taken: z.number().int().describe('Orders sold there and taken from stock by this sync'),
  orders_cancelled: z.number().int().describe('Orders cancelled there whose copies this sync put back'),
  channel: ZChannel,
});
export type ChannelSyncResponse = z.infer<typeof ZChannelSyncResponse>;

export const ZChannelReconcileResponse = z.object({
  message: z.string(),
  reconciliation: ZReconciliation,
  channel: ZChannel,
});
export type ChannelReconcileResponse = z.infer<typeof ZChannelReconcileResponse>;
