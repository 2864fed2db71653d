import { z } from 'zod';
import { wholeCents } from '../money.ts';
import { languages, qualities, sealedCategories } from '../constants.ts';
import { STOREFRONT_QUERY_MAX, storefrontSorts } from '../storefront-messages.ts';
import { emailField, requiredText } from './common.ts';
import { ZCartLine } from './orders.ts';
import { finishes, ZInventoryRow, ZPageText } from './inventory.ts';

/** Cards per storefront page: 60 fills whole rows at 1, 2, 3, 4 and 5 columns. */
export const STOREFRONT_PAGE_SIZE = 60;

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
    .max(STOREFRONT_QUERY_MAX, `q must be at most ${STOREFRONT_QUERY_MAX} characters.`)
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
  total: z.number().int().describe('How many cards match the search (every card of the shop without one)'),
  message: z.string(),
  reservations_enabled: z
    .boolean()
    .describe('Whether the shop takes online reservations (POST /api/public/shop/order)'),
  reservation_hold_hours: z.number().int().describe('How long a reservation is held for pickup before it expires'),
});
export type PublicInventoryItem = z.infer<typeof ZPublicInventoryItem>;
export type PublicInventoryPage = z.infer<typeof ZPublicInventoryResponse>;

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
export type PublicSealedItem = z.infer<typeof ZPublicSealedItem>;

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
  /** Failed captchas per client address (issue 38: counted by address, not by the e-mail typed). */
  captchaFailuresPerAddress: { points: 10, windowSeconds: 60 * 60 },
  /** Reservation mails (placed, ready, rejected, expired, ...) to one recipient address in an hour. */
  mailsPerRecipient: { points: 20, windowSeconds: 60 * 60 },
} as const;

/**
 * A shop's own limits of online reservations (issue 38), so one anonymous request cannot hold its whole stock: copies
 * of one printing per reservation, lines and total value per reservation, open (pending) reservations per e-mail and
 * per client address at the shop, and a shop-wide ceiling of copies held by open reservations past which the shop
 * takes no more until staff decide some. The defaults stand for a shop that has set none.
 */
export const reservationLimitBounds = {
  max_copies_per_printing: { min: 1, max: 1000, default: 4 },
  max_lines: { min: 1, max: reservationLimits.maxLines, default: 20 },
  max_total: { min: 1, max: 100_000, default: 1000 },
  max_open_per_email: { min: 1, max: 100, default: reservationLimits.maxOpenPerEmail },
  max_open_per_address: { min: 1, max: 1000, default: 5 },
  max_held_copies: { min: 1, max: 1_000_000, default: 500 },
  /**
   * Days a confirmed reservation is held for pickup (issue 38): past them staff may mark it a no-show and its cards
   * go back on sale. Not a limit against abuse, but the shop's other promise to its customer, so it sits with them.
   */
  pickup_days: { min: 1, max: 60, default: 7 },
} as const;

const limitField = (key: keyof typeof reservationLimitBounds, label: string, whole = true) => {
  const { min, max } = reservationLimitBounds[key];
  const n = z.number({ error: `${label} must be a number.` });
  return (whole ? n.int(`${label} must be a whole number.`) : n)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')}.`);
};

export const ZReservationLimits = z.object({
  max_copies_per_printing: limitField('max_copies_per_printing', 'Copies of one printing per reservation').describe(
    'At most this many copies of one printing (any finish, condition, language) in one reservation (4)',
  ),
  max_lines: limitField('max_lines', 'Lines per reservation').describe('At most this many lines in one reservation'),
  max_total: limitField('max_total', 'The value of a reservation', false)
    .refine((v) => wholeCents(v) !== null, { error: 'The value of a reservation must be in whole cents.' })
    .describe('Dollars: at most this total value in one reservation'),
  max_open_per_email: limitField('max_open_per_email', 'Open reservations per e-mail').describe(
    'At most this many reservations waiting for the shop per e-mail address',
  ),
  max_open_per_address: limitField('max_open_per_address', 'Open reservations per network address').describe(
    'At most this many reservations waiting for the shop placed from one client address',
  ),
  max_held_copies: limitField('max_held_copies', 'Copies held by open reservations').describe(
    'Past this many copies held by reservations waiting for the shop, it takes no more until staff decide some',
  ),
  // A save sends the limits in part, so a client from before the deadline leaves it as the shop has it.
  pickup_days: limitField('pickup_days', 'Days held for pickup').describe(
    'Days a confirmed reservation is held for pickup (7): from the confirmation, the customer is told until when; past it staff may mark it a no-show',
  ),
});
export type ReservationLimits = z.infer<typeof ZReservationLimits>;

/** When a reservation confirmed at `confirmedAt` (UTC ISO-8601) stops being held for pickup, `days` later. */
export const pickupDeadline = (confirmedAt: string, days: number): string =>
  new Date(Date.parse(confirmedAt) + days * 86_400_000).toISOString();

/** An online reservation's statuses: waiting, ready for pickup, and how it ended. */
export const reservationStatuses = ['pending', 'confirmed', 'rejected', 'expired', 'picked_up', 'no_show'] as const;
export type ReservationStatus = (typeof reservationStatuses)[number];

/** The defaults of a shop's reservation limits. */
export const defaultReservationLimits: ReservationLimits = Object.fromEntries(
  Object.entries(reservationLimitBounds).map(([k, v]) => [k, v.default]),
) as ReservationLimits;

/** A shop's stored limits (JSON over the defaults; null or unreadable: the defaults). */
export function reservationLimitsOf(stored: string | null): ReservationLimits {
  if (!stored) return { ...defaultReservationLimits };
  try {
    const parsed = ZReservationLimits.partial().safeParse(JSON.parse(stored));
    return { ...defaultReservationLimits, ...(parsed.success ? parsed.data : {}) };
  } catch {
    return { ...defaultReservationLimits };
  }
}

/** Control characters (line breaks among them) in a typed name: one space each, the spaces then squeezed. */
export const withoutControlCharacters = (text: string): string =>
  text
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

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
  // A name goes into the shop's lists and the first line of mails: no line breaks or other control characters.
  name: requiredText('Name', 100)
    .transform(withoutControlCharacters)
    .refine((v) => v.length > 0, 'Name is required.'),
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
    .enum(reservationStatuses)
    .describe(
      'pending: waiting for the shop; confirmed: ready for pickup; rejected; expired: not confirmed in time; picked_up: collected; no_show: not picked up by its deadline, its cards back on sale',
    ),
  placed_at: z.string().describe('UTC ISO-8601'),
  hold_until: z.string().nullable().describe('While pending: when the reservation expires, UTC ISO-8601'),
  pickup_until: z
    .string()
    .nullable()
    .optional()
    .describe('Once confirmed: the pickup deadline the shop holds it until, UTC ISO-8601; null before'),
  reason: z.string().nullable().describe('The shop’s reason, when it rejected the order'),
  total: z.number().describe('Dollars'),
  items: z.array(
    z.object({
      card_name: z.string(),
      set_code: z.string(),
      kind: z.enum(['single', 'sealed']),
      finish: z.enum(finishes),
      quality: z.enum(qualities),
      language: z.enum(languages).optional().describe('The copies’ language (issue 38); en on a sealed line'),
      signed: z.boolean().optional().describe('Signed copies; false on a sealed line'),
      altered: z.boolean().optional().describe('Altered copies; false on a sealed line'),
      quantity: z.number().int(),
      price: z.number().describe('Unit price in dollars'),
    }),
  ),
  shop_address: z.string().optional().describe('Where to pick up: the shop’s address, "" when it has none (issue 38)'),
  pickup_hours: z.string().optional().describe('When to pick up, as the shop writes it; "" when not said (issue 38)'),
  message: z.string(),
});
export type PublicOrderStatus = z.infer<typeof ZPublicOrderStatusResponse>;
