/**
 * The pure geometry of the Orders Over Time chart: "nice" axis scales, point
 * positions, line paths and which dates get a label. No React, no DOM, so it
 * is tested on its own (chart-scale.test.ts).
 */

/** One day of the chart: confirmed orders and their revenue in dollars. */
export interface ChartPoint {
  date: string;
  orders: number;
  revenue: number;
}

/** The drawing area in pixels, with the margins that hold the axes' ticks and labels. */
export interface ChartBox {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
}

/** An axis from 0 to `max` in steps of `step`, with its tick values. */
export interface AxisScale {
  max: number;
  step: number;
  ticks: number[];
}

export interface Tick {
  value: number;
  /** Pixel position along the axis (y for the value axes). */
  y: number;
}

export interface DateTick {
  index: number;
  x: number;
}

export interface ChartLayout {
  /** The plot area inside the margins. */
  plot: { left: number; right: number; top: number; bottom: number };
  x: number[];
  ordersY: number[];
  revenueY: number[];
  ordersPath: string;
  revenuePath: string;
  ordersTicks: Tick[];
  revenueTicks: Tick[];
  dateTicks: DateTick[];
  /** Whether the revenue axis shows cents (its step is not a whole dollar). */
  revenueHasCents: boolean;
}

/** Float noise (0.1 + 0.2) would show up in tick labels: keep twelve significant digits. */
const clean = (value: number): number => Number(value.toPrecision(12));

/** The smallest of 1, 2, 2.5, 5 (× a power of ten) that is at least `raw`. */
export function niceStep(raw: number): number {
  if (!(raw > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = [1, 2, 2.5, 5, 10].find((n) => fraction <= n + 1e-9) ?? 10;
  return clean(nice * power);
}

/**
 * An axis from 0 that holds `maxValue` in about `targetTicks` steps. Counts
 * (`integer`) never get a fractional step: 2 orders read 0, 1, 2, not 0, 0.5, ….
 * An empty or all-zero series still gets a 0–1 axis so the line sits on the floor.
 */
export function niceScale(maxValue: number, { integer = false, targetTicks = 4 } = {}): AxisScale {
  const top = maxValue > 0 ? maxValue : 1;
  let step = niceStep(top / targetTicks);
  if (integer && !Number.isInteger(step)) step = step < 1 ? 1 : niceStep(Math.ceil(step));
  const max = clean(Math.ceil(clean(top / step)) * step);
  const ticks: number[] = [];
  for (let i = 0; clean(i * step) <= max; i++) ticks.push(clean(i * step));
  return { max, step, ticks };
}

/**
 * Which of `count` dates get a label when at most `maxLabels` fit side by side:
 * evenly spaced from the first, always the last, and the one before the last
 * dropped when it sits closer to it than a label is wide.
 */
export function pickDateTicks(count: number, maxLabels: number): number[] {
  if (count <= 0) return [];
  if (count <= maxLabels) return Array.from({ length: count }, (_, i) => i);
  const last = count - 1;
  const step = Math.ceil(last / Math.max(1, maxLabels - 1));
  // A label's width, counted in days: `maxLabels` of them fill the axis.
  const labelWidth = last / maxLabels;
  const picks: number[] = [];
  for (let i = 0; i < last; i += step) picks.push(i);
  if (picks.length > 1 && last - picks[picks.length - 1]! < labelWidth) picks.pop();
  picks.push(last);
  return picks;
}

/** `M x y L x y …`, rounded to a tenth of a pixel. */
export function linePath(xs: readonly number[], ys: readonly number[]): string {
  return xs.map((x, i) => `${i === 0 ? 'M' : 'L'}${x.toFixed(1)} ${ys[i]!.toFixed(1)}`).join(' ');
}

/** Roughly how wide a date label is, so labels never overlap. */
const dateLabelWidth = 64;

/** Where everything of the chart goes for `points` in a `box`. */
export function layoutChart(points: readonly ChartPoint[], box: ChartBox): ChartLayout {
  const plot = {
    left: box.margin.left,
    right: box.width - box.margin.right,
    top: box.margin.top,
    bottom: box.height - box.margin.bottom,
  };
  const plotWidth = Math.max(0, plot.right - plot.left);
  const plotHeight = Math.max(0, plot.bottom - plot.top);

  // One day alone sits in the middle; otherwise the first and last days touch the axes.
  const x = points.map((_, i) =>
    points.length === 1 ? plot.left + plotWidth / 2 : plot.left + (plotWidth * i) / (points.length - 1),
  );
  const orders = niceScale(Math.max(0, ...points.map((p) => p.orders)), { integer: true });
  const revenue = niceScale(Math.max(0, ...points.map((p) => p.revenue)));
  const toY = (value: number, scale: AxisScale) => plot.bottom - (plotHeight * value) / scale.max;

  const ordersY = points.map((p) => toY(p.orders, orders));
  const revenueY = points.map((p) => toY(p.revenue, revenue));
  const maxLabels = Math.max(2, Math.floor(plotWidth / dateLabelWidth));

  return {
    plot,
    x,
    ordersY,
    revenueY,
    ordersPath: linePath(x, ordersY),
    revenuePath: linePath(x, revenueY),
    ordersTicks: orders.ticks.map((value) => ({ value, y: toY(value, orders) })),
    revenueTicks: revenue.ticks.map((value) => ({ value, y: toY(value, revenue) })),
    dateTicks: pickDateTicks(points.length, maxLabels).map((index) => ({ index, x: x[index]! })),
    revenueHasCents: !Number.isInteger(revenue.step),
  };
}
