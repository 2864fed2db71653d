import { finishes, languages, qualities, type Finish, type Language, type Quality } from './constants.ts';

/*
 * Money rules, once, for the server and the web. The database keeps integer
 * cents; the wire carries dollars as numbers; screens and CSV files show text.
 */

/** Cents as dollars, exact to the cent (1999 → 19.99); null stays null (no price). */
export function centsToDollars(cents: number): number;
export function centsToDollars(cents: number | null): number | null;
export function centsToDollars(cents: number | null): number | null {
  // Rounding first: a sum of cents read from SQL may come back as 1999.0000000001.
  return cents === null ? null : Math.round(cents) / 100;
}

/** Dollars as whole cents, rounded to the nearest cent (19.99 → 1999, 0.125 → 13). */
export function dollarsToCents(dollars: number): number;
export function dollarsToCents(dollars: number | null): number | null;
export function dollarsToCents(dollars: number | null): number | null {
  return dollars === null ? null : Math.round(dollars * 100);
}

/** Dollars as whole cents, or null when the amount has fractions of a cent (0.125): where more than 2 decimals are refused. */
export function wholeCents(dollars: number): number | null {
  const cents = Math.round(dollars * 100);
  // Float dollars are never exact (19.99 * 100 = 1998.9999999999998): a hair off a whole cent is that cent.
  return Math.abs(dollars * 100 - cents) < 1e-6 ? cents : null;
}

/** Dollars rounded to the cent (12.345 → 12.35, 0.1 + 0.2 → 0.3): a sum or a share of prices, as dollars again. */
export const roundToCent = (dollars: number): number => centsToDollars(dollarsToCents(dollars));

/**
 * Typed dollars as cents: whole cents when the amount is a whole number of them (19.99 → 1999), else the fraction
 * stays (0.125 → 12.5), for the check that refuses it to see it.
 */
export const typedCents = (dollars: number): number => wholeCents(dollars) ?? dollars * 100;

/**
 * Whether typed dollars are a whole number of cents, and not a sliver that would be stored as $0 (1e-9 has more than 2
 * decimals, however close it is to 0): the one test every amount a person types passes.
 */
export const isCentAmount = (dollars: number): boolean => {
  const cents = wholeCents(dollars);
  return cents !== null && (cents !== 0 || dollars === 0);
};

/** A price moved by a percentage, rounded to the cent, never below zero (+10 % of 199 → 219 cents). */
export const movedByPercent = (cents: number, percent: number): number =>
  Math.max(0, Math.round((cents * (100 + percent)) / 100));

/**
 * A shop's price as a marketplace lists it (issue 42), in the marketplace's currency's cents: `percentThousandths`
 * thousandths of a percent of it (100,000: the same), times the currency rate in millionths (1,000,000: USD), to the
 * cent (12.50 at 95 % and 0.92 EUR per USD → 10.93).
 */
export const listedCents = (cents: number, percentThousandths: number, rateMillionths: number): number =>
  Math.round((cents * percentThousandths * (rateMillionths / 1_000_000)) / 100_000);

/**
 * What a marketplace sale brought in the shop's currency (issue 42): its price in the marketplace's currency's cents,
 * divided by the channel's currency rate in millionths, to the cent (10.93 EUR at 0.92 EUR per USD → 11.88).
 */
export const soldCents = (marketCents: number, rateMillionths: number): number =>
  Math.round((marketCents * 1_000_000) / rateMillionths);

/** An amount as plain text with two decimals and no sign of currency (`12.50`), as CSV files and form fields hold it. */
export const amountText = (dollars: number): string => dollars.toFixed(2);

/** Cents as plain text in dollars (`1250` → `12.50`); null stays null. */
export function centsText(cents: number): string;
export function centsText(cents: number | null): string | null;
export function centsText(cents: number | null): string | null {
  return cents === null ? null : amountText(centsToDollars(cents));
}

/** A price as the cart, the storefront and the billing sentences show it: `$1234.50`, no grouping; no price is a dash. */
/** Cents as the counter and its receipts write them: `$12.50`. */
export const centsUsd = (cents: number): string => `$${centsText(cents)}`;

export const formatUsdPlain = (dollars: number | null): string => (dollars === null ? '—' : `$${amountText(dollars)}`);

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A price as order, stats, billing and admin screens show it: `$1,234.50`, grouped, two decimals. */
export const formatUsd = (dollars: number): string => usd.format(dollars);

/** A printing's market prices in cents, one per finish (Scryfall's `usd`, `usd_foil`, `usd_etched`). */
export interface MarketPrices {
  price_usd: number | null;
  price_usd_foil: number | null;
  price_usd_etched: number | null;
}

/**
 * The column of a printing's market price for each finish. The one table of
 * finish → price: `marketPriceOf` reads it, and the server builds its SQL twin
 * (`marketPriceSql`) from it.
 */
export const marketPriceColumn = {
  nonfoil: 'price_usd',
  foil: 'price_usd_foil',
  etched: 'price_usd_etched',
} as const satisfies Record<Finish, keyof MarketPrices>;

/**
 * A printing's market price for a finish, in cents; null when Scryfall has
 * none for that finish (never another finish's price: a card without a price
 * has no price, and the pricing rule gives it none).
 */
export const marketPriceOf = (card: MarketPrices, finish: Finish): number | null => card[marketPriceColumn[finish]];

/** A stored finish as the contract's; anything unknown reads as nonfoil. */
export const finishOf = (text: string): Finish => (finishes.includes(text as Finish) ? (text as Finish) : 'nonfoil');

/** A stored condition as the contract's; anything unknown reads as near mint. */
export const qualityOf = (text: string): Quality => (qualities.includes(text as Quality) ? (text as Quality) : 'NM');

/** A stored language as the contract's; anything unknown reads as English. */
export const languageOf = (text: string): Language =>
  languages.includes(text as Language) ? (text as Language) : 'en';
