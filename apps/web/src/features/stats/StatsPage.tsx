import { formatUsd, messages } from '@cardstock/contract';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { useTitle } from '../../lib/use-title.ts';
import { BuyingSection } from './BuyingSection.tsx';
import { OrdersChart } from './OrdersChart.tsx';
import { SalesReportSection } from './SalesReportSection.tsx';
import { LatestSoldTable, LowStockTable, TopSellingTable } from './StatsTables.tsx';
import { useStats, type Stats } from './use-stats.ts';
import './stats.css';

const m = messages.stats;
const title = 'Store Statistics';

/**
 * Store Statistics (spec 001 §2.3, §7–§9): confirmed orders and cards sold,
 * the copies in stock, orders and revenue per day, the best sellers and the
 * latest sales, from five calls fired together. Pending and rejected orders
 * are not sales, so they count nowhere here.
 */
export function StatsPage() {
  useTitle(title);
  const stats = useStats();

  return (
    <section className="page stats-page">
      <PageHeader title={title} />
      <QueryState
        query={stats}
        loading={m.loading}
        failed={(error) => (
          <>
            {m.error}: {error.message}
          </>
        )}
      >
        {(data) => <StatsBody stats={data} />}
      </QueryState>
    </section>
  );
}

function StatsBody({ stats }: { stats: Stats }) {
  return (
    <>
      <div className="stats-summary">
        <section className="card stats-card" aria-labelledby="stats-summary-title">
          <h2 id="stats-summary-title">Summary Dashboard</h2>
          <dl className="fact-tiles stats-figures">
            <Figure label="Total Orders" value={stats.totalOrders} />
            <Figure label="Cards Sold" value={stats.cardsSold} />
          </dl>
        </section>
        <section className="card stats-card" aria-labelledby="stats-inventory-title">
          <h2 id="stats-inventory-title">Inventory Overview</h2>
          <dl className="fact-tiles stats-figures">
            <Figure label="Total Cards in Shop" value={stats.totalCards} />
            <Figure label="Inventory Value" value={formatUsd(stats.value.total_value)} />
          </dl>
          <p className="muted">
            {m.valueBreakdown(formatUsd(stats.value.singles_value), formatUsd(stats.value.sealed_value))}
            {stats.value.unpriced_rows > 0 && (
              <> {m.unpriced(stats.value.unpriced_rows, stats.value.unpriced_copies)}</>
            )}
          </p>
        </section>
      </div>

      <section className="card stats-card" aria-labelledby="stats-chart-title">
        <h2 id="stats-chart-title">Orders Over Time</h2>
        {stats.ordersByDate.length === 0 ? (
          <p className="muted">{m.noSales}</p>
        ) : (
          <OrdersChart points={stats.ordersByDate} />
        )}
      </section>

      <BuyingSection buys={stats.buys} />

      <SalesReportSection />

      <div className="stats-tables">
        <TopSellingTable cards={stats.topCards} />
        <LatestSoldTable sales={stats.latestSales} />
      </div>

      <LowStockTable lowStock={stats.lowStock} />
    </>
  );
}

const count = new Intl.NumberFormat('en-US');

function Figure({ label, value }: { label: string; value: number | string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{typeof value === 'number' ? count.format(value) : value}</dd>
    </div>
  );
}
