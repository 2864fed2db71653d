import { type Finish, finishNames, formatUsdPlain, messages } from '@cardstock/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../lib/api.ts';
import { sparkline, trendOf } from '../lib/price-trend.ts';

const m = messages.priceTrend;
const WIDTH = 120;
const HEIGHT = 28;

/** A printing's kept prices: asked once per printing, shared by every trend drawn of it. */
export function usePriceHistory(id: string) {
  return useQuery({
    queryKey: ['price-history', id],
    queryFn: () => call('cardPriceHistory', { params: { id } }),
    staleTime: 10 * 60 * 1000,
  });
}

/** The market price of one finish of a printing: now, a small step chart of the kept days, and the move since. */
export function PriceTrend({ id, finish, label = false }: { id: string; finish: Finish; label?: boolean }) {
  const history = usePriceHistory(id);
  const name = label ? <span className="price-trend-finish">{finishNames[finish]}</span> : null;
  if (history.isPending) return <p className="muted price-trend">{m.loading}</p>;
  if (history.isError) return <p className="muted price-trend">{m.failed}</p>;
  const trend = trendOf(history.data.data, finish);
  if (!trend) {
    return (
      <p className="muted price-trend">
        {name} {history.data.data.length ? m.noPrice : m.none}
      </p>
    );
  }
  const change = trend.changePercent;
  const direction = change === null || change === 0 ? 'flat' : change > 0 ? 'up' : 'down';
  const today = new Date().toISOString().slice(0, 10);
  return (
    <p className={`price-trend price-trend-${direction}`}>
      {name} <strong>{trend.last === null ? m.noPrice : formatUsdPlain(trend.last)}</strong>{' '}
      <svg
        className="sparkline"
        width={WIDTH}
        height={HEIGHT}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={trend.points.map((p) => `${p.day}: ${formatUsdPlain(p.dollars)}`).join(', ')}
      >
        <polyline points={sparkline(trend, today, WIDTH, HEIGHT)} fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>{' '}
      {change !== null && (
        <small className="muted">{m.since(`${change > 0 ? '+' : ''}${change} %`, trend.since)}</small>
      )}
    </p>
  );
}
