import { describe, expect, it } from 'vitest';
import { layoutChart, linePath, niceScale, niceStep, pickDateTicks, type ChartBox } from './chart-scale.ts';

describe('niceStep', () => {
  it('rounds up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceStep(0.4)).toBe(0.5);
    expect(niceStep(1)).toBe(1);
    expect(niceStep(1.875)).toBe(2);
    expect(niceStep(2.2)).toBe(2.5);
    expect(niceStep(3)).toBe(5);
    expect(niceStep(7)).toBe(10);
    expect(niceStep(130)).toBe(200);
  });

  it('answers 1 for zero or nonsense', () => {
    expect(niceStep(0)).toBe(1);
    expect(niceStep(Number.NaN)).toBe(1);
  });
});

describe('niceScale', () => {
  it('covers the largest value in about four steps', () => {
    expect(niceScale(7.5)).toEqual({ max: 8, step: 2, ticks: [0, 2, 4, 6, 8] });
    expect(niceScale(1234)).toEqual({ max: 1500, step: 500, ticks: [0, 500, 1000, 1500] });
  });

  it('never steps a count by a fraction', () => {
    expect(niceScale(2, { integer: true })).toEqual({ max: 2, step: 1, ticks: [0, 1, 2] });
    expect(niceScale(10, { integer: true }).ticks).toEqual([0, 5, 10]);
    expect(niceScale(6, { integer: true }).ticks).toEqual([0, 2, 4, 6]);
  });

  it('steps in cents for small amounts, without float noise', () => {
    expect(niceScale(0.3).ticks).toEqual([0, 0.1, 0.2, 0.3]);
    expect(niceScale(0.9).ticks).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it('gives an all-zero series a 0–1 axis', () => {
    expect(niceScale(0).max).toBe(1);
    expect(niceScale(0, { integer: true }).ticks).toEqual([0, 1]);
  });
});

describe('pickDateTicks', () => {
  it('labels every date when they fit', () => {
    expect(pickDateTicks(0, 5)).toEqual([]);
    expect(pickDateTicks(1, 5)).toEqual([0]);
    expect(pickDateTicks(4, 5)).toEqual([0, 1, 2, 3]);
  });

  it('thins them evenly, keeping the first and the last', () => {
    expect(pickDateTicks(10, 4)).toEqual([0, 3, 6, 9]);
    expect(pickDateTicks(30, 6)).toEqual([0, 6, 12, 18, 24, 29]);
  });

  it('drops the label crowding the last one', () => {
    // Four labels over ten days are 2.5 days wide: 8 would overlap 10.
    expect(pickDateTicks(11, 4)).toEqual([0, 4, 10]);
    // Three labels over nine days are 3 days wide: 5 and 9 are far enough apart.
    expect(pickDateTicks(10, 3)).toEqual([0, 5, 9]);
  });
});

describe('linePath', () => {
  it('moves to the first point and draws to the others', () => {
    expect(linePath([0, 10.04, 20], [5, 6, 7.25])).toBe('M0.0 5.0 L10.0 6.0 L20.0 7.3');
    expect(linePath([], [])).toBe('');
  });
});

describe('layoutChart', () => {
  const box: ChartBox = { width: 500, height: 300, margin: { top: 20, right: 50, bottom: 40, left: 50 } };

  it('spreads the days across the plot and scales each series on its own axis', () => {
    const layout = layoutChart(
      [
        { date: '2026-11-20', orders: 1, revenue: 7.5 },
        { date: '2026-11-21', orders: 2, revenue: 2 },
      ],
      box,
    );
    expect(layout.plot).toEqual({ left: 50, right: 450, top: 20, bottom: 260 });
    expect(layout.x).toEqual([50, 450]);
    // Orders axis 0–2: 1 order is half-way up, 2 at the top.
    expect(layout.ordersY).toEqual([140, 20]);
    // Revenue axis 0–8: $7.50 at 15/16 of the height, $2 at a quarter.
    expect(layout.revenueY).toEqual([35, 200]);
    expect(layout.ordersTicks.map((t) => t.value)).toEqual([0, 1, 2]);
    expect(layout.ordersTicks[0]).toEqual({ value: 0, y: 260 });
    expect(layout.revenueTicks.map((t) => t.value)).toEqual([0, 2, 4, 6, 8]);
    expect(layout.revenueHasCents).toBe(false);
    expect(layout.ordersPath).toBe('M50.0 140.0 L450.0 20.0');
    expect(layout.dateTicks).toEqual([
      { index: 0, x: 50 },
      { index: 1, x: 450 },
    ]);
  });

  it('puts a single day in the middle', () => {
    const layout = layoutChart([{ date: '2026-11-20', orders: 3, revenue: 0.4 }], box);
    expect(layout.x).toEqual([250]);
    expect(layout.revenueHasCents).toBe(true);
  });

  it('labels only as many days as fit the width', () => {
    const points = Array.from({ length: 60 }, (_, i) => ({ date: `d${i}`, orders: i, revenue: i }));
    const layout = layoutChart(points, box);
    // 400 px of plot fits six 64 px labels.
    expect(layout.dateTicks.length).toBeLessThanOrEqual(6);
    expect(layout.dateTicks.at(-1)?.index).toBe(59);
  });
});
