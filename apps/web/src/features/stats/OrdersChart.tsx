import { useEffect, useRef, useState } from 'react';
import { layoutChart, type ChartBox, type ChartPoint } from './chart-scale.ts';
import { chartDay, chartSummary, formatRevenue, revenueTick } from './stats-view.ts';
import './stats.css';

const height = 300;
const margin = { top: 16, right: 72, bottom: 56, left: 64 };

/** The width the chart is drawn at: its container's, so text keeps its size on a phone. */
function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * Orders Over Time (spec 001 §2.3, §9): orders per day on the left axis and
 * revenue in dollars on the right, days along the bottom. Screen readers get a
 * one-sentence summary and the numbers as a (visually hidden) table.
 */
/** What a chart of a count and dollars per day calls its two lines: orders and revenue unless told. */
export interface ChartLabels {
  title: string;
  count: string;
  money: string;
  /** The one sentence screen readers hear for the whole chart. */
  summary: (points: readonly ChartPoint[]) => string;
}

const orderLabels: ChartLabels = {
  title: 'Orders Over Time',
  count: 'Orders',
  money: 'Revenue ($)',
  summary: (points) => chartSummary(points),
};

export function OrdersChart({ points, labels = orderLabels }: { points: readonly ChartPoint[]; labels?: ChartLabels }) {
  const [ref, width] = useWidth(720);
  const box: ChartBox = { width: Math.max(width, 320), height, margin };
  const layout = layoutChart(points, box);
  const { plot } = layout;
  const middleY = (plot.top + plot.bottom) / 2;

  return (
    <div className="stats-chart" ref={ref}>
      <ul className="stats-legend" aria-hidden="true">
        <li className="stats-legend-orders">{labels.count}</li>
        <li className="stats-legend-revenue">{labels.money}</li>
      </ul>
      <svg role="img" aria-label={labels.summary(points)} viewBox={`0 0 ${box.width} ${height}`}>
        {layout.ordersTicks.map((tick) => (
          <g key={`o${tick.value}`}>
            <line className="stats-grid" x1={plot.left} x2={plot.right} y1={tick.y} y2={tick.y} />
            <text className="stats-tick" x={plot.left - 8} y={tick.y} textAnchor="end" dominantBaseline="middle">
              {tick.value}
            </text>
          </g>
        ))}
        {layout.revenueTicks.map((tick) => (
          <text
            key={`r${tick.value}`}
            className="stats-tick"
            x={plot.right + 8}
            y={tick.y}
            textAnchor="start"
            dominantBaseline="middle"
          >
            {revenueTick(tick.value, layout.revenueHasCents)}
          </text>
        ))}
        {layout.dateTicks.map(({ index, x }) => (
          <text key={index} className="stats-tick" x={x} y={plot.bottom + 18} textAnchor="middle">
            {chartDay(points[index]!.date)}
          </text>
        ))}
        <line className="stats-axis" x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} />

        <text className="stats-axis-label" x={(plot.left + plot.right) / 2} y={height - 8} textAnchor="middle">
          Date
        </text>
        <text
          className="stats-axis-label"
          transform={`translate(16 ${middleY}) rotate(-90)`}
          textAnchor="middle"
          dominantBaseline="middle"
        >
          {labels.count}
        </text>
        <text
          className="stats-axis-label"
          transform={`translate(${box.width - 14} ${middleY}) rotate(90)`}
          textAnchor="middle"
          dominantBaseline="middle"
        >
          {labels.money}
        </text>

        <path className="stats-line stats-line-revenue" d={layout.revenuePath} />
        <path className="stats-line stats-line-orders" d={layout.ordersPath} />
        {points.map((point, i) => {
          // A hover tip per day; the spoken version is the hidden table below.
          const tip = `${chartDay(point.date, { long: true })}: ${point.orders} ${labels.count.toLowerCase()}, ${formatRevenue(point.revenue)}`;
          return (
            <g key={point.date}>
              <circle className="stats-dot stats-dot-revenue" cx={layout.x[i]} cy={layout.revenueY[i]} r={4}>
                <title>{tip}</title>
              </circle>
              <circle className="stats-dot stats-dot-orders" cx={layout.x[i]} cy={layout.ordersY[i]} r={4}>
                <title>{tip}</title>
              </circle>
            </g>
          );
        })}
      </svg>
      <table className="stats-visually-hidden">
        <caption>{labels.title}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">{labels.count}</th>
            <th scope="col">{labels.money}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.date}>
              <td>{chartDay(point.date, { long: true })}</td>
              <td>{point.orders}</td>
              <td>{formatRevenue(point.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
