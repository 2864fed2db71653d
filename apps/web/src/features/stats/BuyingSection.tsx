import { formatUsd, messages, plural, roundToCent, type ZBuysOverTimeResponse } from '@cardstock/contract';
import type { z } from 'zod';
import type { ChartPoint } from './chart-scale.ts';
import { OrdersChart, type ChartLabels } from './OrdersChart.tsx';
import { chartDay } from './stats-view.ts';

export type BuysOverTime = z.output<typeof ZBuysOverTimeResponse>['data'];

const m = messages.customers.screen;

const labels: ChartLabels = {
  title: 'Buying Over Time',
  count: 'Cards bought',
  money: 'Paid out ($)',
  summary: (points) => {
    if (points.length === 0) return 'Buying over time: nothing bought yet';
    const cards = points.reduce((n, p) => n + p.orders, 0);
    const paid = points.reduce((n, p) => n + p.revenue, 0);
    const first = chartDay(points[0]!.date, { long: true });
    const last = chartDay(points[points.length - 1]!.date, { long: true });
    const span = points.length === 1 ? `on ${first}` : `from ${first} to ${last}`;
    return `Buying over time ${span}: ${plural(cards, 'card')} bought for ${formatUsd(paid)} in cash and store credit; x axis Date, left axis Cards bought, right axis Paid out ($).`;
  },
};

/**
 * Buying (issue 25): what the shop bought from customers per day, as cards bought and what it paid out (cash and
 * store credit together) on the orders chart's two axes, with the totals beside it.
 */
export function BuyingSection({ buys }: { buys: BuysOverTime }) {
  const points: ChartPoint[] = buys.buys_by_date.map((d) => ({
    date: d.date,
    orders: d.cards_bought,
    revenue: roundToCent(d.cash_paid + d.credit_issued),
  }));
  const { totals } = buys;
  return (
    <section className="card stats-card" aria-labelledby="stats-buying-title">
      <h2 id="stats-buying-title">Buying</h2>
      <dl className="fact-tiles stats-figures">
        <div>
          <dt>Buy Orders</dt>
          <dd>{totals.buy_count.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Cards Bought</dt>
          <dd>{totals.cards_bought.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Cash Paid</dt>
          <dd>{formatUsd(totals.cash_paid)}</dd>
        </div>
        <div>
          <dt>Credit Issued</dt>
          <dd>{formatUsd(totals.credit_issued)}</dd>
        </div>
      </dl>
      {points.length === 0 ? (
        <p className="muted stats-buying-empty">{m.noBuys}</p>
      ) : (
        <OrdersChart points={points} labels={labels} />
      )}
    </section>
  );
}
