/**
 * What the staff screens show of times, money and order numbers, one spelling each: the order, buylist, stats,
 * billing, team, devices, customers and admin screens and the kiosk all read them from here.
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

type Locale = { locale?: string; timeZone?: string };

/** An order time in the viewer's local time zone; the raw text when it is not a time. */
export function formatLocalTime(timestamp: string, options: Locale = {}): string {
  const date = parseUtc(timestamp);
  if (!date) return timestamp;
  return new Intl.DateTimeFormat(options.locale, {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: options.timeZone,
  }).format(date);
}

/** A time to the minute in the viewer's time zone (`Nov 27, 2026, 7:23 PM`); the raw text when it is not a time. */
export function formatMinute(timestamp: string, options: Locale = {}): string {
  const date = parseUtc(timestamp);
  if (!date) return timestamp;
  return new Intl.DateTimeFormat(options.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: options.timeZone,
  }).format(date);
}

/** The day a sale was confirmed, in the viewer's time zone (the timestamp is UTC); the raw text when it is not a time. */
export function saleDate(timestamp: string, options: Locale = {}): string {
  const date = parseUtc(timestamp);
  if (!date) return timestamp;
  return new Intl.DateTimeFormat(options.locale, { dateStyle: 'medium', timeZone: options.timeZone }).format(date);
}

/** Dollars with two decimals, grouped (`$1,234.50`), as every order, stats, billing and admin screen shows them. */
export { formatUsd as formatPrice } from '@cardstock/contract';
