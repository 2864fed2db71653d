import { formatUsd, messages } from '@cardstock/contract';
import { ApiError } from '../../lib/api.ts';
import type { ChartPoint } from './chart-scale.ts';

/**
 * Pure helpers of the Store Statistics screen (spec 001 §2.3, §8, §9): the
 * error text, set codes, chart days, dollars and the chart's spoken summary.
 */

const m = messages.stats;

/**
 * The message shown after 'Error loading statistics' (spec 001 §8): a refusal
 * reads 'HTTP error! status: {code}', another error its own message, and
 * anything thrown that is not an Error 'Failed to fetch statistics'.
 */
export function statsErrorText(err: unknown): string {
  if (err instanceof ApiError) return m.httpError(err.status);
  if (err instanceof Error && err.message) return err.message;
  return m.failed;
}

/** A line's set code in upper case, or 'N/A' when the line has none. */
export const setLabel = (setCode: string | null | undefined): string => setCode?.trim().toUpperCase() || 'N/A';

/**
 * A chart day (`YYYY-MM-DD`). The server groups by UTC day, so the day is shown
 * as it is: converting it to local time would move it to the day before in the Americas.
 */
export function chartDay(day: string, { locale, long = false }: { locale?: string; long?: boolean } = {}): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    ...(long ? { dateStyle: 'medium' } : { month: 'short', day: 'numeric' }),
  }).format(date);
}

/** Dollars with two decimals (`$7.50`). */
export const formatRevenue = formatUsd;

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** A revenue axis tick: whole dollars unless the axis steps in cents. */
export const revenueTick = (dollars: number, hasCents: boolean): string =>
  hasCents ? formatUsd(dollars) : wholeDollars.format(dollars);

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** What the chart shows, in one sentence, for screen readers (its `aria-label`). */
export function chartSummary(points: readonly ChartPoint[], locale?: string): string {
  const axes = 'x axis Date, left axis Orders, right axis Revenue ($)';
  if (points.length === 0) return `Orders over time: ${m.noSales}`;
  const orders = points.reduce((sum, p) => sum + p.orders, 0);
  const revenue = points.reduce((sum, p) => sum + p.revenue, 0);
  const first = chartDay(points[0]!.date, { locale, long: true });
  const last = chartDay(points[points.length - 1]!.date, { locale, long: true });
  const span = points.length === 1 ? `on ${first}` : `from ${first} to ${last}`;
  return `Orders over time ${span}: ${plural(orders, 'order')} and ${formatRevenue(revenue)} revenue over ${plural(points.length, 'day')}; ${axes}.`;
}

/** "$8.00 (40 %)": what the copies whose cost is known earned over it; "—" when none has a known cost. */
export function marginText(card: { margin: number | null; margin_percent: number | null }): string {
  if (card.margin === null) return '—';
  return card.margin_percent === null ? formatUsd(card.margin) : `${formatUsd(card.margin)} (${card.margin_percent} %)`;
}
