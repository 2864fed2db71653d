import { marketPriceColumn, percentage, type Finish, type PricePoint } from '@cardstock/contract';

/** A finish's market price over the kept days: the points it had a price on, and how far it moved. */
export interface Trend {
  points: { day: string; dollars: number }[];
  /** The price now: the newest point's, or null when the newest point has none. */
  last: number | null;
  /** Percent from the oldest price to the newest one (null: fewer than two prices, or from zero). */
  changePercent: number | null;
  /** The day the trend starts. */
  since: string;
}

const columnOf = (finish: Finish) =>
  marketPriceColumn[finish].replace('price_', '') as 'usd' | 'usd_foil' | 'usd_etched';

/** The trend of one finish from a printing's price history (oldest first); null when it was never priced. */
export function trendOf(history: readonly PricePoint[], finish: Finish): Trend | null {
  const column = columnOf(finish);
  const points = history.flatMap((p) => (p[column] === null ? [] : [{ day: p.day, dollars: p[column] }]));
  if (points.length === 0) return null;
  const first = points[0]!;
  const newest = history.at(-1)![column];
  const change =
    points.length > 1 && first.dollars > 0 && newest !== null
      ? percentage(newest - first.dollars, first.dollars)
      : null;
  return { points, last: newest, changePercent: change, since: first.day };
}

/**
 * The trend as an SVG polyline of steps (a price holds until the next point, and to the end of today) in a
 * width × height box, higher prices drawn higher.
 */
export function sparkline(trend: Trend, today: string, width: number, height: number): string {
  const time = (day: string) => Date.parse(`${day}T00:00:00Z`);
  const start = time(trend.points[0]!.day);
  // Up to the end of today, so today's price has a step of its own to show.
  const span = time(today) + 86_400_000 - start;
  const prices = trend.points.map((p) => p.dollars);
  const low = Math.min(...prices);
  const range = Math.max(...prices) - low || 1;
  const x = (day: string) => Math.min(width, ((time(day) - start) / span) * width);
  const y = (dollars: number) => height - 1 - ((dollars - low) / range) * (height - 2);
  const coords: string[] = [];
  trend.points.forEach((p, i) => {
    if (i > 0) coords.push(`${x(p.day).toFixed(1)},${y(trend.points[i - 1]!.dollars).toFixed(1)}`);
    coords.push(`${x(p.day).toFixed(1)},${y(p.dollars).toFixed(1)}`);
  });
  coords.push(`${width},${y(trend.points.at(-1)!.dollars).toFixed(1)}`);
  return coords.join(' ');
}
