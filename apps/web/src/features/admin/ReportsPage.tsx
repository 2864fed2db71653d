import {
  messages,
  overviewCounts,
  reportRanges,
  type AdminReport,
  type ReportRange,
  type ReportTab,
} from '@cardstock/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { TableMessageRow } from '../../components/TableMessageRow.tsx';
import { errorText } from '../../lib/api.ts';
import { formatLocalTime, formatPrice } from '../../lib/format.ts';
import { OrdersChart } from '../stats/index.ts';
import { downloadAdminFile, useAdminQuery } from './admin-api.ts';
import { performancePercent, roleLabels } from './admin-view.ts';
import { AdminPage, LoadError } from './AdminPage.tsx';
import { Figures } from './Figures.tsx';
import { Tabs } from '../../components/Tabs.tsx';

const reportTabs = [
  { value: 'overview', label: 'Overview' },
  { value: 'stores', label: 'Store Performance' },
  { value: 'users', label: 'User Activity' },
  { value: 'revenue', label: 'Revenue Analysis' },
] as const;

/** /admin/reports (spec 001 §2.9): four tabs over a date range from the database, exported as real CSV and PDF files. */
export function ReportsPage() {
  const [tab, setTab] = useState<ReportTab>('overview');
  const [range, setRange] = useState<ReportRange>('30d');
  const [exporting, setExporting] = useState<'csv' | 'pdf'>();
  const report = useAdminQuery(
    ['report', range],
    'adminReport',
    { query: { range } },
    { placeholderData: keepPreviousData },
  );

  async function exportAs(format: 'csv' | 'pdf') {
    setExporting(format);
    try {
      const file = await downloadAdminFile('adminReportExport', { range, tab, format });
      toast.success(`Downloaded ${file}`);
    } catch (err) {
      toast.error(errorText(err, messages.admin.loadFailed));
    } finally {
      setExporting(undefined);
    }
  }

  return (
    <AdminPage title="Reports" error={report.error}>
      <div className="toolbar">
        <label className="admin-inline">
          <span>Date range</span>
          <select value={range} onChange={(e) => setRange(e.target.value as ReportRange)}>
            {reportRanges.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn" disabled={exporting !== undefined} onClick={() => void exportAs('csv')}>
          {exporting === 'csv' ? 'Exporting...' : 'Export CSV'}
        </button>
        <button type="button" className="btn" disabled={exporting !== undefined} onClick={() => void exportAs('pdf')}>
          {exporting === 'pdf' ? 'Exporting...' : 'PDF'}
        </button>
        {report.data && (
          <span className="muted">
            {report.data.from.slice(0, 10)} to {report.data.to.slice(0, 10)} (UTC)
          </span>
        )}
      </div>
      <LoadError error={report.error} />
      <Tabs label="Reports" tabs={reportTabs} value={tab} onChange={setTab}>
        {!report.data ? (
          <p className="muted">{messages.admin.loading}</p>
        ) : (
          <ReportTabBody tab={tab} report={report.data} />
        )}
      </Tabs>
    </AdminPage>
  );
}

function ReportTabBody({ tab, report }: { tab: ReportTab; report: AdminReport }) {
  const o = report.overview;
  switch (tab) {
    case 'overview':
      return <Figures label="Overview" items={[...overviewCounts(o), ['Revenue', formatPrice(o.revenue)]]} />;
    case 'stores':
      return (
        <div className="table-wrap">
          <table className="table" aria-label="Store performance">
            <thead>
              <tr>
                <th scope="col">Store</th>
                <th scope="col" className="admin-num">
                  Orders
                </th>
                <th scope="col">Performance</th>
                <th scope="col" className="admin-num">
                  Confirmed
                </th>
                <th scope="col" className="admin-num">
                  Cards Sold
                </th>
                <th scope="col" className="admin-num">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody>
              {report.stores.length === 0 ? (
                <TableMessageRow columns={6}>{messages.admin.noStores}</TableMessageRow>
              ) : (
                report.stores.map((s) => (
                  <tr key={s.store_id}>
                    <td>
                      {s.store_name}
                      {!s.is_active && <span className="badge badge-danger">Inactive</span>}
                    </td>
                    <td className="admin-num">{s.orders}</td>
                    <td>
                      <div className="admin-bar" title={`${s.orders} of 500 orders`}>
                        <span style={{ width: `${performancePercent(s.orders)}%` }} />
                      </div>
                    </td>
                    <td className="admin-num">{s.confirmed_orders}</td>
                    <td className="admin-num">{s.cards_sold}</td>
                    <td className="admin-num">{formatPrice(s.revenue)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      );
    case 'users':
      return (
        <div className="admin-section">
          <Figures
            label="Users by role"
            items={report.users.by_role.map((r) => [roleLabels[r.role as keyof typeof roleLabels] ?? r.role, r.count])}
          />
          <div className="table-wrap">
            <table className="table" aria-label="Most active users">
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">Shop</th>
                  <th scope="col">Last Login</th>
                  <th scope="col" className="admin-num">
                    Orders
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.users.most_active.length === 0 ? (
                  <TableMessageRow columns={4}>No one signed in during this range.</TableMessageRow>
                ) : (
                  report.users.most_active.map((u) => (
                    <tr key={u.email}>
                      <td>{u.email}</td>
                      <td>{u.shop_name ?? '—'}</td>
                      <td>{u.last_login ? formatLocalTime(u.last_login) : 'Never'}</td>
                      <td className="admin-num">{u.orders}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          <p className="muted">
            New sign-ups: {report.users.signups_by_day.map((d) => `${d.date} (${d.count})`).join(', ') || 'none'}
          </p>
        </div>
      );
    case 'revenue':
      return (
        <div className="admin-section">
          <Figures
            label="Revenue"
            items={[
              ['Revenue', formatPrice(report.revenue.total)],
              ['Confirmed orders', o.confirmed_orders],
              ['Average order', formatPrice(report.revenue.average_order)],
            ]}
          />
          {report.revenue.by_day.length === 0 ? (
            <p className="muted">{messages.stats.noSales}</p>
          ) : (
            <section className="card stats-card" aria-label="Revenue by day">
              <OrdersChart points={report.revenue.by_day} />
            </section>
          )}
        </div>
      );
  }
}
