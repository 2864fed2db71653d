import { formatUsd, type SalesFigures } from '@cardstock/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { call, download, errorText } from '../../lib/api.ts';

/** The figures of the report, in the order an accountant reads them. */
const rows: [keyof SalesFigures, string][] = [
  ['gross', 'Gross sales'],
  ['discounts', 'Discounts'],
  ['returns', 'Returns'],
  ['net', 'Net sales'],
  ['tax', 'Tax collected'],
  ['takings', 'Takings'],
  ['cash', 'Cash (less change)'],
  ['card', 'Card'],
  ['store_credit', 'Store credit at the register'],
  ['other', 'Other tenders'],
  ['refunded', 'Refunded (tax included)'],
  ['tax_refunded', 'Tax refunded'],
  ['not_rung_up', 'Confirmed orders not rung up'],
  ['trade_in_cash', 'Trade-ins paid in cash'],
  ['trade_in_credit', 'Trade-ins paid in store credit'],
  ['credit_issued', 'Store credit issued'],
  ['credit_spent', 'Store credit spent'],
];

/** Today, and the first of its month, on this device's calendar (YYYY-MM-DD). */
function thisMonth(): { from: string; to: string } {
  const today = new Intl.DateTimeFormat('en-CA').format(new Date());
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/**
 * The sales report (issue 44): the days asked for, in the shop's time zone, summed as an accountant reads them, on
 * screen; the same figures a row a day as a CSV file.
 */
export function SalesReportSection() {
  const [range, setRange] = useState(thisMonth);
  const [asked, setAsked] = useState(range);
  const report = useQuery({
    queryKey: ['stats', 'sales-report', asked.from, asked.to],
    queryFn: () => call('statsSalesReport', { body: { from: asked.from, to: asked.to } }),
    retry: false,
  });
  const [saving, setSaving] = useState(false);

  function show(e: FormEvent) {
    e.preventDefault();
    setAsked(range);
  }

  async function saveCsv() {
    setSaving(true);
    try {
      const file = await download(
        'statsSalesReport',
        { body: { from: range.from, to: range.to, format: 'csv' } },
        'sales_report.csv',
      );
      toast.success(`Saved ${file}.`);
    } catch (err) {
      toast.error(errorText(err, 'The report could not be downloaded: check the connection.', 'Download failed.'));
    } finally {
      setSaving(false);
    }
  }

  const data = report.data && typeof report.data !== 'string' ? report.data : undefined;
  return (
    <section className="card stats-card" aria-labelledby="stats-sales-report-title">
      <h2 id="stats-sales-report-title">Sales Report</h2>
      <form className="stats-report-range" onSubmit={show}>
        <label>
          From
          <input
            type="date"
            value={range.from}
            required
            onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
          />
        </label>
        <label>
          To
          <input
            type="date"
            value={range.to}
            required
            onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
          />
        </label>
        <button type="submit" className="btn">
          Show
        </button>
        <button type="button" className="btn btn-ghost" disabled={saving} onClick={() => void saveCsv()}>
          {saving ? 'Downloading…' : 'Download CSV'}
        </button>
      </form>
      {report.isPending ? (
        <p className="muted">Loading the report…</p>
      ) : report.isError ? (
        <p role="alert" className="text-error">
          {errorText(report.error, 'The report could not be loaded: check the connection.', 'The report failed.')}
        </p>
      ) : data ? (
        <>
          <p className="muted">
            {data.total.sales === 1 ? '1 sale' : `${data.total.sales.toLocaleString('en-US')} sales`} from {data.from}{' '}
            to {data.to}, days in {data.time_zone}.
          </p>
          <table className="table stats-report-table" aria-label="Sales report totals">
            <tbody>
              {rows.map(([key, label]) => (
                <tr key={key}>
                  <th scope="row">{label}</th>
                  <td>{formatUsd(data.total[key])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}
