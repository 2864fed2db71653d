import { finishNames, type Finish } from '@cardstock/contract';

/**
 * Pure helpers of the two order screens (spec 000 §3–§4): callout numbers,
 * local times, finish labels, money and the "did the pending set change" rule.
 */

/** The order's callout number: the last dash-separated part of its number (`20260522-3-1-0042` → `0042`). */
export function calloutOf(orderNumber: string): string {
  return orderNumber.slice(orderNumber.lastIndexOf('-') + 1);
}

/** The order number split before its callout, so a cell can emphasise the callout. */
export function splitOrderNumber(orderNumber: string): { prefix: string; callout: string } {
  const callout = calloutOf(orderNumber);
  return { prefix: orderNumber.slice(0, orderNumber.length - callout.length), callout };
}

/**
 * Reads an order time, which is UTC. A time written without a zone gets the
 * `Z` the spec appends, because `new Date()` would otherwise read it as local.
 */
export function parseUtc(timestamp: string): Date | undefined {
  let text = timestamp.trim().replace(' ', 'T');
  if (text.includes('T') && !/(?:Z|[+-]\d{2}:?\d{2})$/i.test(text)) text += 'Z';
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** An order time in the viewer's local time zone; the raw text when it is not a time. */
export function formatLocalTime(timestamp: string, options: { locale?: string; timeZone?: string } = {}): string {
  const date = parseUtc(timestamp);
  if (!date) return timestamp;
  return new Intl.DateTimeFormat(options.locale, {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: options.timeZone,
  }).format(date);
}

/**
 * The spec shows 'Foil', otherwise 'Non-Foil'. Etched is a foil treatment,
 * so it is named as the inventory names it rather than called Non-Foil.
 */
export const finishLabel = (finish: Finish): string => finishNames[finish];

/** An order's Finish cell: each finish its lines carry, once, in a fixed order. */
export function finishSummary(items: readonly { finish: Finish; kind?: 'single' | 'sealed' }[]): string {
  // Sealed products have no finish: only the singles' show.
  const present = new Set(items.filter((item) => item.kind !== 'sealed').map((item) => item.finish));
  const labels = (['nonfoil', 'foil', 'etched'] as const).filter((f) => present.has(f)).map(finishLabel);
  return labels.length ? labels.join(', ') : '—';
}

/** Dollars with two decimals, grouped (`$1,234.50`), as every order, stats, billing and admin screen shows them. */
export { formatUsd as formatPrice } from '@cardstock/contract';

/**
 * Whether the set of pending order numbers changed since the last load.
 * The first load (`previous` undefined) is never a change; order does not matter.
 */
export function orderSetChanged(previous: readonly string[] | undefined, next: readonly string[]): boolean {
  if (previous === undefined) return false;
  const before = new Set(previous);
  const after = new Set(next);
  return before.size !== after.size || [...after].some((n) => !before.has(n));
}

/**
 * A line's card on Scryfall. Order lines carry no collector number, so this
 * is the exact-name search within the line's set, which Scryfall answers
 * with the card's own page when the set has one such printing.
 */
export const cardPageUrl = (name: string, setCode: string): string =>
  `https://scryfall.com/search?q=${encodeURIComponent(`!"${name}" set:${setCode.toLowerCase()}`)}`;
