import { z } from 'zod';
import { hasThreeDecimals } from '../register.ts';
import { ZReservationLimits } from './storefront.ts';
import { languages, qualities } from '../constants.ts';
import { ZSessionToken } from './auth.ts';

/** The longest return policy a receipt prints. */
export const returnPolicyMaxLength = 500;

/** Names a shop cannot take as its subdomain: they are the platform's own hosts. */
export const reservedSubdomains = [
  'www',
  'api',
  'admin',
  'app',
  'mail',
  'smtp',
  'ftp',
  'static',
  'assets',
  'cdn',
  'shop',
  'shops',
  'help',
  'support',
  'status',
  'docs',
  'kiosk',
  'dashboard',
  'login',
] as const;

/**
 * A new shop's Low Stock lists what sold out (threshold 0): a singles shop holds most printings as one copy, so a
 * threshold of 1 listed nearly every row (issue 38).
 */
export const lowStockLimits = { defaultThreshold: 0, maxThreshold: 1000, maxItems: 200 } as const;

export const subdomainRule = /^[a-z0-9](?:[a-z0-9-]{1,61})[a-z0-9]$/;

const percent = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .min(0, `${label} cannot be negative.`)
    .max(max, `${label} must be at most ${max}.`);

/** A share of a price: 0 % would price every such copy at $0 and sell it for nothing (issue 38), so 1 % is the least. */
const share = (label: string, max: number) =>
  percent(label, max).refine((v) => v < 0 || v >= 1, `${label} must be at least 1; 0 would sell those cards for $0.`);

/** The pricing rule of DESIGN §4 as the settings screen edits it. */
export const ZPricingRule = z.object({
  markup_percent: percent('Markup', 1000),
  condition_percent: z.object(
    Object.fromEntries(qualities.map((q) => [q, share(`${q} percentage`, 100)])) as Record<
      (typeof qualities)[number],
      ReturnType<typeof share>
    >,
  ),
  language_percent: z
    .partialRecord(
      z.enum(languages, 'Language percentages are keyed by language code (en, de, ja...).'),
      share('A language percentage', 1000),
    )
    .describe('Share of the English price asked per language, in percent; a language left out is 100'),
  floor_cents: z
    .number({ error: 'Floor must be a number.' })
    .int('Floor must be whole cents.')
    .min(0, 'Floor cannot be negative.')
    .max(100_000, 'Floor must be at most $1,000.'),
  rounding_cents: z
    .number({ error: 'Rounding must be a number.' })
    .int('Rounding must be whole cents.')
    .min(1, 'Rounding must be at least 1 cent.')
    .max(10_000, 'Rounding must be at most $100.'),
});

/** Shop settings (spec 001 §3): `shop_hidden` 0 = public, 1 = private; `is_public` says whether the storefront answers. */
export const ZShopSettings = z.object({
  name: z.string(),
  subdomain: z.string().nullable(),
  shop_hidden: z.union([z.literal(0), z.literal(1)]),
  is_public: z.boolean(),
  shop_description: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  public_url: z.string().nullable().describe('The storefront’s address, when it has a subdomain'),
  public_access_data: z.object({
    enabled: z.boolean(),
    storefront_path: z.string().nullable(),
  }),
  pricing: ZPricingRule,
  low_stock_threshold: z
    .number()
    .int()
    .describe('Statistics list the rows and sealed products holding this many or fewer (0: only the sold-out ones)'),
  reservations_enabled: z.boolean().describe('Customers may reserve stock online for pickup (off by default)'),
  reservation_hold_hours: z.number().int().describe('Hours a reservation waits for the shop before it expires (48)'),
  reservation_limits: ZReservationLimits.optional().describe('The shop’s limits of online reservations (issue 38)'),
  time_zone: z
    .string()
    .optional()
    .describe('The shop’s IANA time zone, in which customers’ mails give times; "" until chosen (times in UTC)'),
  pickup_hours: z.string().optional().describe('When customers can pick up, as the shop writes it; "" when not said'),
  tax_rate_percent: z.number().optional().describe('The register’s sales tax in percent (0–30, up to 3 decimals; 0)'),
  prices_include_tax: z.boolean().optional().describe('Whether shelf prices already hold the tax (false)'),
  employee_discount_limit_percent: z
    .number()
    .optional()
    .describe('How much of a sale an Employee may discount at the register, in percent (10)'),
  return_policy: z.string().optional().describe('The return policy the register’s receipts print; "" for none'),
});
export type ShopSettings = z.infer<typeof ZShopSettings>;

export const ZSettingsGetRequest = z.object({ token: ZSessionToken });

/** Whether this runtime knows `zone` as an IANA time zone. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A time zone as typed: an IANA name the runtime knows ("America/Chicago"), or "" for none (UTC). */
export const ZTimeZone = z
  .string({ error: 'The time zone must be text.' })
  .trim()
  .refine((zone) => zone === '' || isTimeZone(zone), {
    error: 'Choose a time zone from the list (an IANA name such as America/Chicago).',
  });

/** A subdomain as typed: lower case, the platform's rule, not one of its own host names; "" is none. */
export const ZSubdomainText = z
  .string({ error: 'subdomain must be text.' })
  .trim()
  .toLowerCase()
  .refine((s) => s === '' || subdomainRule.test(s), {
    error: 'A subdomain has 3 to 63 characters: a-z, 0-9 and hyphens, not at either end.',
  })
  .refine((s) => !(reservedSubdomains as readonly string[]).includes(s), {
    error: 'That subdomain is reserved for Cardstock itself. Choose another.',
  });

export const ZSettingsSaveRequest = z.object({
  token: ZSessionToken,
  subdomain: ZSubdomainText.describe('"" removes the subdomain'),
  shop_hidden: z
    .union([z.literal(0), z.literal(1), z.boolean()], { error: 'shop_hidden must be 0 or 1.' })
    .transform((v) => (v === true || v === 1 ? 1 : 0)),
  shop_description: z.string().trim().max(500, 'The description must be at most 500 characters.').optional(),
  pricing: ZPricingRule.extend({
    language_percent: ZPricingRule.shape.language_percent
      .optional()
      .describe('Leave it out to keep the language percentages as they are'),
  }).optional(),
  low_stock_threshold: z
    .number({ error: 'The low-stock threshold must be a number.' })
    .int('The low-stock threshold must be a whole number.')
    .min(0, 'The low-stock threshold cannot be negative.')
    .max(lowStockLimits.maxThreshold, `The low-stock threshold must be at most ${lowStockLimits.maxThreshold}.`)
    .optional()
    .describe('Leave it out to keep the threshold as it is'),
  reservations_enabled: z
    .boolean({ error: 'reservations_enabled must be true or false.' })
    .optional()
    .describe('Leave it out to keep it as it is'),
  reservation_hold_hours: z
    .number({ error: 'The hold time must be a number of hours.' })
    .int('The hold time must be whole hours.')
    .min(1, 'The hold time must be at least 1 hour.')
    .max(336, 'The hold time must be at most 336 hours (14 days).')
    .optional()
    .describe('Leave it out to keep the hold time as it is'),
  reservation_limits: ZReservationLimits.partial()
    .optional()
    .describe('Any of the limits of online reservations; the ones left out are kept as they are'),
  time_zone: ZTimeZone.optional().describe('An IANA time zone ("Europe/Berlin"), "" for none; left out, it stays'),
  pickup_hours: z
    .string({ error: 'The pickup hours must be text.' })
    .trim()
    .max(300, 'The pickup hours must be at most 300 characters.')
    .optional()
    .describe('Opening hours for pickup, as customers should read them; left out, they stay'),
  tax_rate_percent: z
    .number({ error: 'The tax rate must be a number.' })
    .min(0, 'The tax rate cannot be negative.')
    .max(30, 'The tax rate must be at most 30 %.')
    .refine(hasThreeDecimals, 'The tax rate can have at most 3 decimals.')
    .optional()
    .describe('Leave it out to keep the tax rate as it is'),
  prices_include_tax: z
    .boolean({ error: 'prices_include_tax must be true or false.' })
    .optional()
    .describe('Leave it out to keep it as it is'),
  employee_discount_limit_percent: z
    .number({ error: 'The discount limit must be a number.' })
    .int('The discount limit must be a whole percentage.')
    .min(0, 'The discount limit cannot be negative.')
    .max(100, 'The discount limit must be at most 100 %.')
    .optional()
    .describe('Leave it out to keep the limit as it is'),
  return_policy: z
    .string({ error: 'The return policy must be text.' })
    .trim()
    .max(returnPolicyMaxLength, `The return policy must be at most ${returnPolicyMaxLength} characters.`)
    .optional()
    .describe('Printed at the foot of every receipt; left out, it stays'),
});
