import { z } from 'zod';
import { languages, qualities, sealedCategories } from '../constants.ts';
import { emailField, requiredText } from './common.ts';
import { ZCartLine } from './orders.ts';
import { finishes, ZInventoryRow, ZPageText } from './inventory.ts';

/** Cards per storefront page: 60 fills whole rows at 1, 2, 3, 4 and 5 columns. */
export const STOREFRONT_PAGE_SIZE = 60;

/** The storefront's orders of cards: by name (the default), by price either way, newest stock first. */
export const storefrontSorts = ['name', 'price_asc', 'price_desc', 'newest'] as const;
export type StorefrontSort = (typeof storefrontSorts)[number];

export const ZPublicInventoryRequest = z.object({
  subdomain: z
    .string({ error: 'No subdomain specified' })
    .trim()
    .toLowerCase()
    .min(1, 'No subdomain specified')
    .max(63, 'No subdomain specified'),
  page: ZPageText,
  q: z
    .string({ error: 'q must be text.' })
    .max(200, 'q must be at most 200 characters.')
    .optional()
    .default('')
    .describe(
      'Optional search: name words in any order (accents and case ignored) and the staff search’s Scryfall-style terms (set:, c:, t:, r:, is:foil, usd<, cond:, lang:); left out or "" lists everything',
    ),
  sort: z
    .enum(storefrontSorts, `sort must be one of ${storefrontSorts.join(', ')}.`)
    .optional()
    .default('name')
    .describe('name (the default), price_asc, price_desc or newest'),
});

/** A card on a shop's public page (spec 001 §3 public shop response). */
export const ZPublicInventoryItem = z.object({
  id: z.number().int(),
  card_name: z.string(),
  card_scryfallid: z.string(),
  image_url: z.string().nullable(),
  card_manaCost: z.string().nullable(),
  card_setCode: z.string(),
  price: z.number().nullable().describe('Dollars, from the shop’s pricing rule or asking price'),
  inv_quantity: z.number().int(),
  inv_finish: z.enum(finishes),
  inv_quality: z.enum(qualities).describe('The copies’ condition: NM, LP, MP, HP or D'),
  inv_language: z.enum(languages).describe('The copies’ language, Scryfall’s code'),
  inv_signed: z.boolean().describe('Signed copies'),
  inv_altered: z.boolean().describe('Altered copies'),
});

export const ZPublicInventoryResponse = z.object({
  inventory: z.array(ZPublicInventoryItem),
  shop_info: z.object({ shop_description: z.string() }),
  shop_name: z.string(),
  total_pages: z.number().int(),
  page: z.number().int(),
  message: z.string(),
  reservations_enabled: z
    .boolean()
    .describe('Whether the shop takes online reservations (POST /api/public/shop/order)'),
  reservation_hold_hours: z.number().int().describe('How long a reservation is held for pickup before it expires'),
});

/** Most sealed products a storefront lists (in stock, name order). */
export const STOREFRONT_SEALED_LIMIT = 200;

export const ZPublicSealedRequest = ZPublicInventoryRequest.pick({ subdomain: true });

/** A sealed product on a shop's public page: what it is, what it costs, how many are left. */
export const ZPublicSealedItem = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.enum(sealedCategories),
  set_code: z.string().nullable().describe('Upper-case set code, or null for none'),
  price: z.number().nullable().describe('Dollars; null when the shop has not priced it yet ($0)'),
  quantity: z.number().int(),
});

export const ZPublicSealedResponse = z.object({ sealed: z.array(ZPublicSealedItem) });

/** The demo shop page's call (spec 001 §7): a public shop by name, one page, optionally filtered. */
export const ZShopWebsiteRequest = z.object({
  shopname: z
    .string({ error: 'shopname is required.' })
    .trim()
    .min(1, 'shopname is required.')
    .max(200, 'shopname must be at most 200 characters.'),
  page: ZPageText,
  filter: z
    .string({ error: 'filter must be text.' })
    .max(200, 'filter must be at most 200 characters.')
    .optional()
    .default(''),
});

export const ZShopWebsiteResponse = z.object({
  inventory: z.array(ZInventoryRow),
  shop_name: z.string(),
  total_pages: z.number().int(),
  page: z.number().int(),
});

/**
 * Limits of online reservations: fewer lines than a counter order (a customer's basket), the hold time's bounds, and
 * the limits against abuse: reservations per e-mail and per client address in a window (a 429 past them, counting
 * every attempt, the refused too), lookups of an order's status per address, and how many reservations one e-mail
 * may hold open (pending) at one shop at once (a 409 past it).
 */
export const reservationLimits = {
  maxLines: 50,
  holdHoursDefault: 48,
  holdHoursMin: 1,
  holdHoursMax: 336,
  perEmail: { points: 10, windowSeconds: 60 * 60 },
  perAddress: { points: 30, windowSeconds: 60 * 60 },
  statusLookupsPerAddress: { points: 60, windowSeconds: 15 * 60 },
  maxOpenPerEmail: 3,
} as const;

/**
 * An online reservation (issue 24): the cart's lines as the staff order takes them (a printing with its finish,
 * condition, language and flags, or a shop's sealed product), the customer's name, e-mail and phone, and the captcha.
 * Sent with an `Idempotency-Key` header: the same key again answers the first order.
 */
export const ZPublicOrderRequest = z.object({
  subdomain: ZPublicInventoryRequest.shape.subdomain,
  items: z
    .array(ZCartLine, { error: 'items must be a list of cart lines.' })
    .min(1, 'Cart is empty')
    .max(reservationLimits.maxLines, `A reservation has at most ${reservationLimits.maxLines} lines.`),
  name: requiredText('Name', 100),
  email: emailField(),
  phone: z
    .string({ error: 'Phone must be text.' })
    .trim()
    .max(40, 'Phone must be at most 40 characters.')
    .regex(/^[0-9+()./\s-]*$/, 'Phone may hold digits, spaces and + ( ) - . / only.')
    .optional()
    .default(''),
  turnstileToken: requiredText('CAPTCHA token', 4096),
});
export type PublicOrderRequest = z.input<typeof ZPublicOrderRequest>;

export const ZPublicOrderResponse = z.object({
  order_number: z.string().describe('YYYYMMDD-<shop no>-0-<callout>; the callout is the last part'),
  message: z.string(),
});

export const ZPublicOrderStatusRequest = z.object({
  subdomain: ZPublicInventoryRequest.shape.subdomain,
  order_number: z
    .string({ error: (i) => (i.input === undefined ? 'order_number is required.' : 'order_number must be text.') })
    .trim()
    .min(1, 'order_number is required.')
    .max(64, 'order_number is not an order number.'),
  email: emailField(),
});

/** Where a reservation stands; an unknown number or an e-mail that is not the order's is 404 (the same answer). */
export const ZPublicOrderStatusResponse = z.object({
  order_number: z.string(),
  callout: z.string(),
  status: z
    .enum(['pending', 'confirmed', 'rejected', 'expired'])
    .describe('pending: waiting for the shop; confirmed: ready for pickup; rejected; expired: not confirmed in time'),
  placed_at: z.string().describe('UTC ISO-8601'),
  hold_until: z.string().nullable().describe('While pending: when the reservation expires, UTC ISO-8601'),
  reason: z.string().nullable().describe('The shop’s reason, when it rejected the order'),
  total: z.number().describe('Dollars'),
  items: z.array(
    z.object({
      card_name: z.string(),
      set_code: z.string(),
      kind: z.enum(['single', 'sealed']),
      finish: z.enum(finishes),
      quality: z.enum(qualities),
      quantity: z.number().int(),
      price: z.number().describe('Unit price in dollars'),
    }),
  ),
  message: z.string(),
});
