import {
  languageNames,
  priceCents,
  pricedLanguages,
  qualities,
  storefrontSubdomain,
  centsText,
  centsToDollars,
  formatUsd,
  typedCents,
  ZPricingRule,
  ZSettingsSaveRequest,
  defaultReservationLimits,
  type Language,
  type ReservationLimits,
  type PricingRule,
  type PricedLanguage,
  type Quality,
  type ShopSettings,
} from '@cardstock/contract';
import type { z } from 'zod';

/**
 * Pure helpers of the Shop Settings screen (spec 001 §2.4, §3, §5; DESIGN §4):
 * the subdomain as typed, the form to and from the wire, and the example price.
 */

/** The form as typed: numbers stay text until Save, so a half-typed "1." is not rewritten under the cursor. */
export interface SettingsForm {
  subdomain: string;
  /** The screen's inventory_public: shop_hidden is 0 (spec 001 §3). */
  inventoryPublic: boolean;
  description: string;
  markupPercent: string;
  conditionPercent: Record<Quality, string>;
  /** Share of the English price per other language. */
  languagePercent: Record<PricedLanguage, string>;
  floorDollars: string;
  roundingCents: string;
  lowStockThreshold: string;
  /** Online reservations (issue 24): the switch, and the hold time in hours as typed. */
  reservationsEnabled: boolean;
  holdHours: string;
  /** The shop's reservation limits (issue 38), as typed. */
  reservationLimits: Record<keyof ReservationLimits, string>;
  /** Where and when customers pick up (issue 38): the shop's time zone ('' for none) and its hours. */
  timeZone: string;
  pickupHours: string;
  /** The register's tax and an Employee's discount limit (issue 44), as typed. */
  taxRate: string;
  pricesIncludeTax: boolean;
  discountLimit: string;
  returnPolicy: string;
}

/** The reservation limits in the order the form shows them. */
export const reservationLimitKeys = Object.keys(defaultReservationLimits) as (keyof ReservationLimits)[];

/** The limits against abuse, under their heading; the pickup deadline sits with the hold time instead. */
export const perCustomerLimitKeys = reservationLimitKeys.filter((k) => k !== 'pickup_days');

/** Longest description the server keeps (ZSettingsSaveRequest). */
export const descriptionMaxLength = 500;

/** The market price of the example line: $10.00. */
export const exampleMarketCents = 1000;

/** The save body without the token, as the server's schema reads it. */
const ZSettingsFields = ZSettingsSaveRequest.omit({ token: true });
export type SettingsPayload = z.output<typeof ZSettingsFields>;

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

/** The form filled with what the server has. */
export function formOf(settings: ShopSettings): SettingsForm {
  const { pricing } = settings;
  return {
    subdomain: settings.subdomain ?? '',
    inventoryPublic: settings.shop_hidden === 0,
    description: settings.shop_description,
    markupPercent: String(pricing.markup_percent),
    conditionPercent: Object.fromEntries(qualities.map((q) => [q, String(pricing.condition_percent[q])])) as Record<
      Quality,
      string
    >,
    languagePercent: Object.fromEntries(
      pricedLanguages.map((l) => [l, String(pricing.language_percent[l] ?? 100)]),
    ) as Record<PricedLanguage, string>,
    floorDollars: centsText(pricing.floor_cents),
    roundingCents: String(pricing.rounding_cents),
    lowStockThreshold: String(settings.low_stock_threshold),
    reservationsEnabled: settings.reservations_enabled,
    holdHours: String(settings.reservation_hold_hours),
    reservationLimits: Object.fromEntries(
      reservationLimitKeys.map((k) => [k, String((settings.reservation_limits ?? defaultReservationLimits)[k])]),
    ) as Record<keyof ReservationLimits, string>,
    timeZone: settings.time_zone ?? '',
    pickupHours: settings.pickup_hours ?? '',
    taxRate: String(settings.tax_rate_percent ?? 0),
    pricesIncludeTax: settings.prices_include_tax ?? false,
    discountLimit: String(settings.employee_discount_limit_percent ?? 10),
    returnPolicy: settings.return_policy ?? '',
  };
}

/** Text to a number; a blank field is no number at all (not 0), so the schema says "must be a number". */
const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

/** Dollars to cents; fractions of a cent stay fractional so the schema says "whole cents". */
const centsOf = (dollarsText: string): number => typedCents(numberOf(dollarsText));

/** The pricing fields as the wire's rule, before checking. */
const rawPricing = (form: SettingsForm) => ({
  markup_percent: numberOf(form.markupPercent),
  condition_percent: Object.fromEntries(qualities.map((q) => [q, numberOf(form.conditionPercent[q])])),
  // Only the languages priced otherwise than English are kept.
  language_percent: Object.fromEntries(
    pricedLanguages.map((l) => [l, numberOf(form.languagePercent[l])] as const).filter(([, n]) => n !== 100),
  ),
  floor_cents: centsOf(form.floorDollars),
  rounding_cents: numberOf(form.roundingCents),
});

/** The schema's first message; a language's percentage is named, as the form labels it. */
function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid settings.';
  const language = issue.path[issue.path.length - 1];
  const named = issue.path.includes('language_percent') && typeof language === 'string' && language in languageNames;
  return named
    ? issue.message.replace('A language percentage', `The ${languageNames[language as Language]} percentage`)
    : issue.message;
}

/** The pricing rule the form describes, or the server's words for its first problem. */
export function pricingOf(form: SettingsForm): Checked<PricingRule> {
  const parsed = ZPricingRule.safeParse(rawPricing(form));
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problem: firstProblem(parsed.error) };
}

/**
 * The save body (without the token), checked with the server's own schema so
 * the screen shows the server's words (a reserved name, a bad subdomain, a
 * bad percentage) and sends nothing while there is a problem.
 */
export function settingsPayload(form: SettingsForm): Checked<SettingsPayload> {
  const parsed = ZSettingsFields.safeParse({
    subdomain: form.subdomain,
    shop_hidden: form.inventoryPublic ? 0 : 1,
    shop_description: form.description,
    pricing: rawPricing(form),
    low_stock_threshold: numberOf(form.lowStockThreshold),
    reservations_enabled: form.reservationsEnabled,
    reservation_hold_hours: numberOf(form.holdHours),
    reservation_limits: Object.fromEntries(reservationLimitKeys.map((k) => [k, numberOf(form.reservationLimits[k])])),
    time_zone: form.timeZone,
    pickup_hours: form.pickupHours,
    tax_rate_percent: numberOf(form.taxRate),
    prices_include_tax: form.pricesIncludeTax,
    employee_discount_limit_percent: numberOf(form.discountLimit),
    return_policy: form.returnPolicy,
  });
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problem: firstProblem(parsed.error) };
}

/** The hold time's problem in the server's words (1 to 336 whole hours), shown beside the field; none when valid. */
export function holdHoursProblem(form: Pick<SettingsForm, 'holdHours'>): string | undefined {
  const parsed = ZSettingsFields.shape.reservation_hold_hours.safeParse(numberOf(form.holdHours));
  return parsed.success ? undefined : firstProblem(parsed.error);
}

export interface ExamplePrice {
  quality: Quality;
  cents: number;
}

/** What a card at the example market price sells for in each condition under the rule. */
export const examplePrices = (rule: PricingRule, marketCents = exampleMarketCents): ExamplePrice[] =>
  qualities.map((quality) => ({
    quality,
    // With a market price and no asking price, priceCents always gives a price.
    cents: priceCents({ askingCents: null, marketCents, quality, rule }) ?? 0,
  }));

const dollars = (cents: number): string => formatUsd(centsToDollars(cents));

/** 'A card with a $10.00 market price sells for $14.50 in NM, $13.05 in LP, … and $5.80 in D.' */
export function exampleSentence(rule: PricingRule, marketCents = exampleMarketCents): string {
  const parts = examplePrices(rule, marketCents).map(({ quality, cents }) => `${dollars(cents)} in ${quality}`);
  const last = parts.pop();
  const list = parts.length > 0 ? `${parts.join(', ')} and ${last}` : (last ?? '');
  return `A card with a ${dollars(marketCents)} market price sells for ${list}.`;
}

/**
 * The product's own host (with its port), which shop subdomains hang under:
 * the page's host, less the storefront label when the page is itself on a
 * storefront host (host.ts decides which hosts those are).
 */
export function productHost(host: string): string {
  const hostname = host.replace(/:\d+$/, '');
  if (storefrontSubdomain(hostname) === undefined) return host;
  return host.slice(host.indexOf('.') + 1);
}

/** The address a subdomain gets: `{subdomain}.{host}`. */
export const storefrontHost = (subdomain: string, host: string): string => `${subdomain}.${productHost(host)}`;

/** The current-info lines that are words rather than values (spec 001 §2.4). */
export function shopStatus(settings: Pick<ShopSettings, 'shop_hidden' | 'public_access_data'>): {
  visibility: 'Public' | 'Private';
  access: 'Enabled' | 'Disabled';
} {
  return {
    visibility: settings.shop_hidden === 0 ? 'Public' : 'Private',
    access: settings.public_access_data.enabled ? 'Enabled' : 'Disabled',
  };
}
